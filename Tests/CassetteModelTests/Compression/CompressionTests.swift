import CassetteModel
import CassetteTestSupport
import Foundation
import Testing

/// Inflate and the gzip, zlib, ZIP and tar containers, against Python's zlib, gzip, zipfile and
/// tarfile: Python writes what the Swift readers open, and reads back what the Swift writers wrote.
@Suite struct CompressionTests {
    @Test func checksumsHaveTheirCheckValues() {
        #expect(crc32(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(adler32(Array("Wikipedia".utf8)) == 0x11E6_0398)
        // Long enough for Adler-32's deferred modulo to matter.
        #expect(adler32([UInt8](repeating: 0xff, count: 100_000)) == 0x149A_302C)  // zlib.adler32(b"\xff" * 100000)
    }

    /// Inputs of every kind deflate meets: empty, tiny (fixed codes), repetitive text (dynamic codes,
    /// long matches), random bytes (stored blocks at level 0, literals elsewhere), and larger than a
    /// stored block's 65,535 bytes.
    static func inputs() -> [[UInt8]] {
        var random = SplitMix(seed: 20_261_202)
        let noise = (0..<70_000).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        let words = ["token", "ledger", "postgres", "=", "\n", "secret", " ", "fox", "0x1f8b", "café"]
        var text = ""
        while text.utf8.count < 150_000 { text += words[Int(random.next() % UInt64(words.count))] }
        return [[], Array("hello hello hello".utf8), Array(text.utf8), noise, Array(text.utf8.prefix(3_000)) + noise]
    }

    /// A folder holding each of ``inputs()`` as `N.in` and what Python wrote of it (`N.raw-L`,
    /// `N.zlib`, `N.gz`, `N.zip`, `N.tar`, `N.tgz`).
    static func pythonsArchives(of inputs: [[UInt8]]) async throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        for (index, input) in inputs.enumerated() { _ = try folder.write("\(index).in", Data(input)) }
        let run = try await ExternalTool.run("python3", [Self.peer, "write", folder.url.path])
        try #require(run.status == 0, "\(run)")
        return folder
    }

    @Test func pythonsStreamsAndArchivesOpenToWhatWasCompressed() async throws {
        let inputs = Self.inputs()
        let folder = try await Self.pythonsArchives(of: inputs)
        func read(_ name: String) throws -> [UInt8] { Array(try Data(contentsOf: folder.file(name))) }
        for (index, input) in inputs.enumerated() {
            for level in [0, 1, 6, 9] {
                let raw = try read("\(index).raw-\(level)")
                let decoded = try Inflate.decode(raw, limit: input.count)
                #expect(decoded.bytes == input, "input \(index), level \(level)")
                #expect(decoded.end == raw.count, "input \(index), level \(level): where the stream ends")
            }
            let gzip = try #require(Gzip.open(try read("\(index).gz"), limit: 1 << 20), "input \(index)")
            #expect(gzip.content == input)
            #expect(gzip.header.count == 10 + "member.json".utf8.count + 1, "the header keeps its file name")
            #expect(Zlib.open(try read("\(index).zlib"), limit: 1 << 20)?.content == input, "input \(index)")
            let zip = try #require(ZipArchive(try read("\(index).zip"), limit: 1 << 20), "input \(index)")
            #expect(zip.members.map(\.name) == ["stored.txt", "dir/deflated.env"])
            #expect(zip.members.map(\.content) == [Array("plain member\n".utf8), input])
            let tarBytes = try read("\(index).tar")
            let tar = try #require(TarArchive(tarBytes), "input \(index)")
            #expect(tar.members.map(\.name) == ["chart/values.yaml", "chart/Chart.yaml"])
            #expect(tar.members.map { Array(tarBytes[$0.data]) } == [input, Array("name: ledger\n".utf8)])
            #expect(Gzip.open(try read("\(index).tgz"), limit: 1 << 20)?.content == tarBytes)
        }
    }

    @Test func whatSwiftWritesPythonReads() async throws {
        let inputs = Self.inputs()
        let folder = try await Self.pythonsArchives(of: inputs)
        var expected: [String] = []
        for (index, input) in inputs.enumerated() {
            let replacement = Array("replaced \(index)\n".utf8) + input.reversed()
            func read(_ name: String) throws -> [UInt8] { Array(try Data(contentsOf: folder.file(name))) }
            let gzip = try #require(Gzip.open(try read("\(index).gz"), limit: 1 << 20))
            _ = try folder.write("\(index).out.gz", Data(Gzip.compress(replacement, header: gzip.header)))
            let zlib = try #require(Zlib.open(try read("\(index).zlib"), limit: 1 << 20))
            _ = try folder.write("\(index).out.zlib", Data(Zlib.compress(replacement, header: zlib.header)))
            let zip = try #require(ZipArchive(try read("\(index).zip"), limit: 1 << 20))
            _ = try folder.write("\(index).out.zip", Data(zip.rewritten([1: replacement])))
            let tar = try #require(TarArchive(try read("\(index).tar")))
            _ = try folder.write("\(index).out.tar", Data(tar.rewritten([0: replacement])))
            let hash = { (bytes: [UInt8]) in SHA256.hexDigest(bytes) }
            expected += [
                "\(index) gz \(hash(replacement))", "\(index) tar:chart/values.yaml \(hash(replacement))",
                "\(index) tar:chart/Chart.yaml \(hash(Array("name: ledger\n".utf8)))",
                "\(index) zip:stored.txt \(hash(Array("plain member\n".utf8)))",
                "\(index) zip:dir/deflated.env \(hash(replacement))", "\(index) zlib \(hash(replacement))",
            ]
        }
        let read = try await ExternalTool.run("python3", [Self.peer, "read", folder.url.path])
        try #require(read.status == 0, "\(read)")
        #expect(read.stdout.split(separator: "\n").map(String.init).sorted() == expected.sorted())
    }

    @Test func damagedAndHostileStreamsAreRefusedNotGuessed() throws {
        let text = Array(String(repeating: "ledger entry ", count: 400).utf8)
        let gzip = Gzip.compress(text)
        #expect(Gzip.open(gzip, limit: 1 << 20)?.content == text)
        // Cut short, a checksum off by one bit, trailing bytes that are not padding.
        #expect(Gzip.open(Array(gzip.dropLast(5)), limit: 1 << 20) == nil)
        var flipped = gzip
        flipped[flipped.count - 6] ^= 1
        #expect(Gzip.open(flipped, limit: 1 << 20) == nil)
        #expect(Gzip.open(gzip + [1, 2, 3], limit: 1 << 20) == nil)
        #expect(Gzip.open(gzip + [0, 0, 0], limit: 1 << 20)?.content == text)
        // Two members read as one content, as gunzip does.
        #expect(Gzip.open(gzip + Gzip.compress(text), limit: 1 << 20)?.content == text + text)
        // A bomb stops at the limit instead of expanding.
        #expect(Gzip.open(gzipBomb(zeros: 2_000_000), limit: 1 << 20) == nil)
        #expect(Gzip.open(gzipBomb(zeros: 2_000_000), limit: 2_000_000)?.content.count == 2_000_000)
        #expect(throws: Inflate.Failure.tooLarge) {
            try Inflate.decode(Array(gzipBomb(zeros: 100_000).dropFirst(10)), limit: 99_999)
        }
        // Block type 3 does not exist; a back-reference before the start is refused.
        #expect(throws: Inflate.Failure.invalid) { try Inflate.decode([0b0000_0111], limit: 10) }
        // Fixed codes: length code 257 at distance 1 with nothing written yet.
        #expect(throws: Inflate.Failure.invalid) { try Inflate.decode([0x03, 0x02, 0x00, 0x00], limit: 10) }
        // Every prefix of a stream fails instead of returning part of it.
        let stream = Array(gzip[10..<(gzip.count - 8)])
        for cut in 0..<min(stream.count, 40) {
            #expect(throws: Inflate.Failure.self, "cut at \(cut)") {
                try Inflate.decode(Array(stream.prefix(cut)), limit: 1 << 20)
            }
        }
        // Not archives: text, a ZIP cut short, a tar header with a wrong checksum.
        #expect(ZipArchive(Array("PK\u{3}\u{4} not a zip at all, but long enough".utf8), limit: 1 << 20) == nil)
        var header = [UInt8](repeating: 0, count: 1_024)
        header.replaceSubrange(257..<262, with: Array("ustar".utf8))
        header.replaceSubrange(124..<136, with: Array("00000000000\0".utf8))
        header.replaceSubrange(148..<156, with: Array("0000000\0".utf8))
        #expect(TarArchive(header) == nil)
    }

    /// `Tests/Peers/compression_peer.py`.
    static let peer = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Peers/compression_peer.py").path
}
