import Cassette
import CassetteProcess
import CassetteTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a crash, a full disk or a place that cannot be written or read does to a cassette: the
/// old file or the new one, never a mix, and an error that names the file.
///
/// These run as root in CI, where permissions stop nothing, so the unwritable places are ones
/// even root cannot write: a folder under `/proc`, a path through a regular file, a missing folder,
/// a folder where the file should be, and a file size limit (`RLIMIT_FSIZE`) in a child process.
@Suite struct FaultTests {
    /// A child process writes two documents in turn over one cassette and is killed with SIGKILL at
    /// a random moment, many times; after every kill the file reads back as one of the two.
    @Test func aWriterKilledAtAnyMomentLeavesTheOldFileOrTheNew() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("Killed.json")
        try FaultDocuments.first.write(to: file)
        let documents = [FaultDocuments.first, FaultDocuments.second]
        var generator = SystemRandomNumberGenerator()
        var killedMidWrite = 0
        var found = [0, 0]
        for _ in 0..<30 {
            let started = URL(fileURLWithPath: file.path + ".started")
            try? FileManager.default.removeItem(at: started)
            let child = try ChildRun.start(
                filter: "childWritesCassettesUntilKilled", environment: ["CASSETTE_FAULT_CHILD": file.path])
            while !FileManager.default.fileExists(atPath: started.path) {
                try #require(child.isRunning, "the writer child exited before it started writing")
                usleep(1_000)
            }
            // Blocking sleeps, not `Task.sleep`: the kill must come at once, however busy Swift's
            // scheduler is, since the child stops writing on its own after two minutes.
            usleep(UInt32.random(in: 0..<100_000, using: &generator))
            kill(child.processIdentifier, SIGKILL)
            #expect(await child.exited().signalled)

            let document = try CassetteDocument.read(from: file)
            let which = documents.firstIndex(of: document)
            #expect(which != nil, "the file is neither document after a kill")
            if let which { found[which] += 1 }
            // A write the kill interrupted leaves its temporary file beside the cassette (never in
            // its place); count and remove them so the next round starts clean.
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
                .filter { $0.hasPrefix(".Killed.json.tmp-") }
            if !leftovers.isEmpty { killedMidWrite += 1 }
            for name in leftovers { try FileManager.default.removeItem(at: directory.file(name)) }
        }
        if ProcessInfo.processInfo.environment["CASSETTE_FAULT_VERBOSE"] != nil {
            print("FaultTests: \(killedMidWrite) of 30 kills interrupted a write; found the documents \(found)")
        }
    }

    /// With files limited to 64 KiB, `finish()` fails with an error naming the file and the cause,
    /// the cassette already there keeps its bytes, and no temporary file is left.
    @Test func aFullDiskLeavesTheExistingCassetteUntouched() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("Full.json")
        try FaultDocuments.document(tag: "existing").write(to: file)
        let before = try Data(contentsOf: file)
        let child = try ChildRun.start(
            filter: "childFinishesACassetteOnAFullDisk", environment: ["CASSETTE_FSIZE_CHILD": file.path])
        #expect(await child.exited().status == 0)
        let message = try String(contentsOfFile: file.path + ".error", encoding: .utf8)
        #expect(message.hasPrefix("\(file.path): error: cannot write cassette: could not write "))
        #expect(message.contains("File too large"), "\(message)")
        #expect(message.hasSuffix("; the existing file is unchanged"))
        #expect(try Data(contentsOf: file) == before)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
        #expect(names.sorted() == ["Full.json", "Full.json.error"])
    }

    /// Places even root cannot write a cassette to: `finish()` throws `writeFailed` naming the
    /// file and what could not be done, and nothing is created or replaced.
    @Test func unwritablePlacesGiveAnErrorNamingTheFile() async throws {
        let directory = try TemporaryDirectory()
        let regularFile = directory.file("notAFolder")
        try Data("keep me".utf8).write(to: regularFile)
        let folderInTheWay = directory.file("Folder.json")
        try FileManager.default.createDirectory(at: folderInTheWay, withIntermediateDirectories: false)
        try Data("inside".utf8).write(to: folderInTheWay.appendingPathComponent("inside.txt"))

        let cases: [(url: URL, step: String)] = [
            (directory.file("missing/folder/Cassette.json"), "could not create a temporary file in"),
            (URL(fileURLWithPath: "/proc/self/Cassette.json"), "could not create a temporary file in"),
            (regularFile.appendingPathComponent("Cassette.json"), "could not create a temporary file in"),
            (folderInTheWay, "could not rename"),
        ]
        for (url, step) in cases {
            let cassette = try openCassette(url, .record)
            do {
                try await cassette.finish()
                Issue.record("finish() wrote \(url.path)")
            } catch {
                guard case .writeFailed(let failure) = error else {
                    Issue.record("unexpected error \(error)")
                    continue
                }
                #expect(failure.path == url.path)
                #expect(error.description.hasPrefix("\(url.path): error: cannot write cassette: \(step)"))
                #expect(error.description.hasSuffix("; the existing file is unchanged"))
            }
        }
        #expect(try Data(contentsOf: regularFile) == Data("keep me".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folderInTheWay.path) == ["inside.txt"])
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted() == [
                "Folder.json", "notAFolder",
            ])
    }

    /// Cassettes that cannot be read (a folder in the file's place, a file whose reads fail, bytes
    /// that are not a cassette): opening throws `unreadable` naming the file, and a recording
    /// mode never overwrites it.
    @Test func unreadableCassettesGiveAnErrorNamingTheFileAndStayUntouched() throws {
        let directory = try TemporaryDirectory()
        let folder = directory.file("Folder.json")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        let garbage = directory.file("Garbage.json")
        try Data("{\"interactions\": [".utf8).write(to: garbage)
        // Reading /proc/self/mem from offset 0 fails with EIO, even for root.
        let failingReads = URL(fileURLWithPath: "/proc/self/mem")

        for (url, mode) in [
            (folder, Cassette.Mode.replay), (folder, .newEpisodes), (garbage, .replay), (garbage, .newEpisodes),
            (failingReads, .replay),
        ] {
            #expect {
                _ = try openCassette(url, mode)
            } throws: { error in
                guard let error = error as? CassetteError, case .unreadable(let reading) = error else { return false }
                return reading.path == url.path && error.description.hasPrefix("\(url.path)")
                    && error.description.contains("error: ")
                    && error.description.hasSuffix("; the file was left unchanged")
            }
        }
        #expect(try Data(contentsOf: garbage) == Data("{\"interactions\": [".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }
}
