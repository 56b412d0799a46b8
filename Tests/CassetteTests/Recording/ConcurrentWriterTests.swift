import Cassette
import CassetteCore
import CassetteProcess
import CassetteTestSupport
import Foundation
import Testing

/// Two writers of one cassette, in one process or two, each adding what it recorded: nothing
/// either of them recorded vanishes.
@Suite struct ConcurrentWriterTests {
    /// A cassette file with one interaction, `GET /json`.
    static func cassetteWithOneInteraction(_ server: TestHTTPServer, in directory: TemporaryDirectory) async throws
        -> URL
    {
        let file = directory.file("Shared.json")
        let cassette = try openCassette(file, .record)
        _ = try await cassette.session().fetch(server.url("/json"))
        try await cassette.finish()
        return file
    }

    @Test func twoCassettesOnOneFileAddingNewEpisodesKeepBothRecordings() async throws {
        let server = try TestHTTPServer()
        let directory = try TemporaryDirectory()
        let file = try await Self.cassetteWithOneInteraction(server, in: directory)
        // Both read the file before either writes, as two parallel tests do.
        let first = try openCassette(file, .newEpisodes)
        let second = try openCassette(file, .newEpisodes)
        _ = try await first.session().fetch(server.url("/text"))
        _ = try await second.session().fetch(server.url("/binary"))
        try await first.finish()
        try await second.finish()
        let paths = try CassetteDocument.read(from: file).interactions.map { URLParts($0.request.url).path }
        #expect(paths.sorted() == ["/binary", "/json", "/text"])
    }

    @Test func twoRecordingsOfOneFileInRecordModeKeepWhatEachRecorded() async throws {
        let server = try TestHTTPServer()
        let directory = try TemporaryDirectory()
        let file = try await Self.cassetteWithOneInteraction(server, in: directory)
        let first = try openCassette(file, .record)
        let second = try openCassette(file, .record)
        _ = try await first.session().fetch(server.url("/text"))
        _ = try await second.session().fetch(server.url("/binary"))
        try await first.finish()
        try await second.finish()
        // Each replaced what was there when it started (/json), and neither lost the other's.
        let paths = try CassetteDocument.read(from: file).interactions.map { URLParts($0.request.url).path }
        #expect(paths.sorted() == ["/binary", "/text"])
    }

    @Test func twoProcessesAddingNewEpisodesToOneFileKeepBothRecordings() async throws {
        let server = try TestHTTPServer()
        let directory = try TemporaryDirectory()
        let file = try await Self.cassetteWithOneInteraction(server, in: directory)
        let routes = ["/text", "/binary", "/status/201", "/status/202"]
        let children = try routes.enumerated().map { index, route in
            try ChildRun.start(
                filter: "ConcurrentWriterChildTests",
                environment: [
                    "CASSETTE_WRITER_CHILD": file.path, "CASSETTE_WRITER_ID": "\(index)",
                    "CASSETTE_CHILD_SERVER": server.url(route).absoluteString,
                ])
        }
        // Every child has read the file and recorded before any of them writes.
        for index in routes.indices {
            while !FileManager.default.fileExists(atPath: file.path + ".ready-\(index)") {
                try #require(children[index].isRunning, "writer \(index) exited before it was ready")
                try await Task.sleep(for: .milliseconds(5))
            }
        }
        try Data().write(to: URL(fileURLWithPath: file.path + ".go"))
        for child in children {
            #expect(await child.exited().status == 0)
        }
        let paths = try CassetteDocument.read(from: file).interactions.map { URLParts($0.request.url).path }
        #expect(paths.sorted() == (routes + ["/json"]).sorted())
    }

    @Test func aFileAnotherWriterLeftUnreadableIsNotOverwritten() async throws {
        let server = try TestHTTPServer()
        let directory = try TemporaryDirectory()
        let file = try await Self.cassetteWithOneInteraction(server, in: directory)
        let cassette = try openCassette(file, .newEpisodes)
        _ = try await cassette.session().fetch(server.url("/text"))
        try Data("{ torn".utf8).write(to: file)
        await #expect {
            try await cassette.finish()
        } throws: { error in
            guard case .changedWhileRecording(let reading) = error as? CassetteError else { return false }
            return reading.path == file.path
                && "\(error)".hasPrefix("\(file.path): error: another writer changed the cassette while this one")
        }
        #expect(try String(contentsOf: file, encoding: .utf8) == "{ torn")
    }
}
