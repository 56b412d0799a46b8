import Cassette
import CassetteTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct ModeTests {
    @Test(
        arguments: [
            ([:], Cassette.Mode.replay), (["CASSETTE_MODE": ""], .replay), (["CASSETTE_MODE": "record"], .record),
            (["CASSETTE_MODE": "Once"], .once), (["CASSETTE_MODE": "newEpisodes"], .newEpisodes),
            (["CASSETTE_MODE": "new-episodes"], .newEpisodes), (["CASSETTE_MODE": "new_episodes"], .newEpisodes),
        ] as [([String: String], Cassette.Mode)])
    func modeComesFromTheEnvironment(environment: [String: String], mode: Cassette.Mode) throws {
        #expect(try Cassette.Mode.fromEnvironment(environment) == mode)
    }

    @Test func anUnknownModeListsTheValidOnes() {
        #expect(throws: CassetteError.unknownMode("recrod")) {
            try Cassette.Mode.fromEnvironment(["CASSETTE_MODE": "recrod"])
        }
        #expect(
            CassetteError.unknownMode("recrod").description
                == "error: unknown CASSETTE_MODE value \"recrod\"; valid values: replay, record, once, newEpisodes, verify"
        )
    }

    @Test func replayOfAMissingCassetteSaysHowToRecordIt() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("Missing.json")
        var options = testOptions()
        options.testName = "fetchesUser"
        #expect(throws: CassetteError.missingCassette(path: file.path, testName: "fetchesUser")) {
            try Cassette(fileURL: file, mode: .replay, options: options)
        }
        #expect(
            CassetteError.missingCassette(path: file.path, testName: "fetchesUser").description
                == "\(file.path): error: no cassette recorded yet; record it against the real server with "
                + "CASSETTE_MODE=record swift test --filter fetchesUser")
    }

    @Test(arguments: [Cassette.Mode.record, .newEpisodes, .once])
    func ciRefusesEveryModeThatWouldRecord(mode: Cassette.Mode) throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("OnCI.json")
        #expect(throws: CassetteError.recordingOnCI(path: file.path, mode: mode, testName: nil)) {
            try Cassette(fileURL: file, mode: mode, options: testOptions(environment: ["CI": "true"]))
        }
        #expect(
            CassetteError.recordingOnCI(path: file.path, mode: mode, testName: nil).description.contains("CI replays"))
    }

    @Test func ciStillReplaysAndOnceReplaysAnExistingFile() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("Existing.json")
        try CassetteDocument().write(to: file)
        for mode in [Cassette.Mode.replay, .once] {
            let cassette = try Cassette(fileURL: file, mode: mode, options: testOptions(environment: ["CI": "1"]))
            #expect(!cassette.isRecording)
        }
        let notCI = try Cassette(fileURL: file, mode: .record, options: testOptions(environment: ["CI": "false"]))
        #expect(notCI.isRecording)
    }

    @Test func onceRecordsWhenTheFileIsMissingThenReplays() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("Once.json")
        let server = try TestHTTPServer()
        let first = try openCassette(file, .once)
        #expect(first.isRecording)
        _ = try await first.session().fetch(server.url("/text"))
        try await first.finish()
        let second = try openCassette(file, .once)
        #expect(!second.isRecording)
        let (data, _) = try await second.session().fetch(server.url("/text"))
        #expect(String(decoding: data, as: UTF8.self) == "hello, world\n")
        #expect(server.requestCount == 1)
    }

    @Test func newEpisodesServesWhatMatchesRecordsWhatDoesNotAndKeepsTheRest() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("Episodes.json")
        let server = try TestHTTPServer()
        let recorder = try openCassette(file, .record)
        _ = try await recorder.session().fetch(server.url("/json"))
        _ = try await recorder.session().fetch(server.url("/binary"))
        try await recorder.finish()
        #expect(server.requestCount == 2)

        let episodes = try openCassette(file, .newEpisodes)
        _ = try await episodes.session().fetch(server.url("/json"))
        _ = try await episodes.session().fetch(server.url("/text"))
        try await episodes.finish()
        // Only the new request reached the server; the unused /binary recording is kept.
        #expect(server.requestCount == 3)
        let urls = try CassetteDocument.read(from: file).interactions.map { URL(string: $0.request.url)!.path }
        #expect(urls == ["/binary", "/json", "/text"])
    }

    @Test(arguments: [Cassette.Mode.replay, .newEpisodes, .once])
    func anUnreadableCassetteIsReportedAndNeverOverwritten(mode: Cassette.Mode) async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("Broken.json")
        let broken = Data(#"{"version": 1, "interactions": [{"request": "#.utf8)
        try broken.write(to: file)
        do {
            _ = try openCassette(file, mode)
            Issue.record("a truncated cassette was opened")
        } catch let error as CassetteError {
            guard case .unreadable(let readError) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(readError.path == file.path)
            #expect(
                error.description
                    == "\(file.path):1:45: error: cassette is not valid JSON: unexpected end of file, expected a JSON "
                    + "value; the file was left unchanged")
        }
        #expect(try Data(contentsOf: file) == broken)
    }

    @Test func writeFailuresLeaveTheOldFileAndSaySo() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("Gone/Deep.json")
        let cassette = try openCassette(file, .record)
        do {
            try await cassette.finish()
            Issue.record("writing into a missing folder succeeded")
        } catch {
            #expect(error.description.contains("cannot write cassette"))
            #expect(error.description.contains("No such file or directory"))
        }
    }

    @Test func namedCassettesLiveInThePackageCassettesFolder() throws {
        let url = try Cassette.fileURL(named: "Example/ListUsers")
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        #expect(url.path == root.appendingPathComponent("Cassettes/Example/ListUsers.json").path)
        #expect(throws: CassetteError.packageRootNotFound(filePath: "/no/such/dir/File.swift")) {
            try Cassette.fileURL(named: "X", filePath: "/no/such/dir/File.swift")
        }
    }
}
