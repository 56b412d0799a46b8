import CassetteModel
import CassetteTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What an atomic write does to what is already there: links stay links, modes stay, and the
/// temporary files a killed writer left go.
@Suite struct AtomicFileTests {
    static func mode(_ path: String) -> mode_t {
        var status = stat()
        stat(path, &status)
        return status.st_mode & 0o7777
    }

    @Test func aLinkedFileStaysALinkAndItsTargetIsReplacedInItsOwnFolder() throws {
        let directory = try TemporaryDirectory()
        let target = try directory.write("Shared/Real.json", "old")
        try FileManager.default.createDirectory(at: directory.file("Cassettes"), withIntermediateDirectories: true)
        let link = directory.file("Cassettes/Linked.json")
        // A relative link, read from the link's folder.
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "../Shared/Real.json")
        try AtomicFile.write(Data("new".utf8), to: link)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "../Shared/Real.json")
        #expect(try String(contentsOf: target, encoding: .utf8) == "new")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.file("Cassettes").path) == ["Linked.json"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.file("Shared").path) == ["Real.json"])
    }

    @Test func aLinkToAMissingFileCreatesTheFileItNames() throws {
        let directory = try TemporaryDirectory()
        let link = directory.file("Linked.json")
        try FileManager.default.createSymbolicLink(
            atPath: link.path, withDestinationPath: directory.file("Real.json").path)
        try AtomicFile.write(Data("new".utf8), to: link)
        #expect(try String(contentsOf: directory.file("Real.json"), encoding: .utf8) == "new")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link.path)) != nil)
    }

    @Test(arguments: [0o600, 0o640, 0o664] as [mode_t])
    func aRewrittenFileKeepsItsMode(_ mode: mode_t) throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("K.json", "old")
        chmod(file.path, mode)
        try AtomicFile.write(Data("new".utf8), to: file)
        #expect(Self.mode(file.path) == mode)
    }

    @Test func aNewFileGetsTheUmasksMode() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("New.json")
        try AtomicFile.write(Data("new".utf8), to: file)
        // The umask, without changing it (another test's thread may be creating files).
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("Umask:") })
        let umask = try #require(mode_t(line.dropFirst("Umask:".count).trimmingCharacters(in: .whitespaces), radix: 8))
        #expect(Self.mode(file.path) == 0o666 & ~umask)
    }

    @Test func aWriteRemovesTheTemporaryFilesAKilledWriterLeftForItsFileOnly() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("K.json", "old")
        try directory.write(".K.json.tmp-AbC123", "half a cassette")
        try directory.write(".Other.json.tmp-XyZ789", "another file's")
        try AtomicFile.write(Data("new".utf8), to: file)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted() == [
                ".Other.json.tmp-XyZ789", "K.json",
            ])
    }
}
