import Cassette
import CassetteTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The `"replay"` settings of `.cassette.json` and their `Cassette.Options` twins, through the real
/// URLSession: cassettes recorded from the loopback server, replayed with the server stopped.
@Suite struct ReplaySettingsTests {
    /// A folder with a `.cassette.json` (when given) and a cassette recorded from `paths`, in order,
    /// with the server stopped afterwards.
    struct Recorded {
        var directory: TemporaryDirectory
        var file: URL
        var urls: [URL]
    }

    static func record(_ paths: [String], configuration: String? = nil) async throws -> Recorded {
        let directory = try TemporaryDirectory()
        if let configuration {
            try Data(configuration.utf8).write(to: directory.file(".cassette.json"))
        }
        let server = try TestHTTPServer()
        let file = directory.file("Settings.json")
        let recorder = try openCassette(file, .record)
        let session = recorder.session()
        for path in paths { _ = try await session.fetch(server.url(path)) }
        try await recorder.finish()
        server.stop()
        return Recorded(directory: directory, file: file, urls: paths.map { server.url($0) })
    }

    @Test func requireAllPlayedNamesEachInteractionNeverRequested() async throws {
        // Strict order keeps the file in request order, so the positions below are the paths' own.
        let recorded = try await Self.record(
            ["/json", "/text", "/binary"], configuration: #"{"replay": {"requireAllPlayed": true, "order": "strict"}}"#)
        let cassette = try Cassette(
            fileURL: recorded.file, mode: .replay, options: Cassette.Options(environment: [:], order: .any))
        _ = try await cassette.session().fetch(recorded.urls[1])
        let error = try await #require(throws: CassetteError.self) { try await cassette.finish() }
        guard case .unplayedInteractions(_, let requests, _) = error else {
            Issue.record("expected unplayedInteractions, got \(error)")
            return
        }
        #expect(
            requests == [
                "interactions[0]: GET \(recorded.urls[0].absoluteString)",
                "interactions[2]: GET \(recorded.urls[2].absoluteString)",
            ])
        #expect(error.description.contains("2 recorded interactions were never requested"))
    }

    @Test func withoutRequireAllPlayedUnusedInteractionsAreFine() async throws {
        let recorded = try await Self.record(["/json", "/text"])
        let cassette = try openCassette(recorded.file, .replay)
        _ = try await cassette.session().fetch(recorded.urls[0])
        try await cassette.finish()
    }

    @Test func requireAllPlayedInCodeOverridesTheFile() async throws {
        let recorded = try await Self.record(
            ["/json", "/text"], configuration: #"{"replay": {"requireAllPlayed": true}}"#)
        let cassette = try Cassette(
            fileURL: recorded.file, mode: .replay, options: Cassette.Options(environment: [:], requireAllPlayed: false))
        _ = try await cassette.session().fetch(recorded.urls[0])
        try await cassette.finish()
    }

    @Test func strictOrderRefusesASwappedPairAndSaysSo() async throws {
        // Recorded text first: the file keeps that order (sorted, /json would come first).
        let recorded = try await Self.record(["/text", "/json"], configuration: #"{"replay": {"order": "strict"}}"#)
        #expect(
            try fileText(recorded.file).range(of: "/text")!.lowerBound
                < fileText(recorded.file).range(of: "/json")!.lowerBound)
        let cassette = try openCassette(recorded.file, .replay)
        let session = cassette.session()
        await #expect(throws: (any Error).self) { try await session.fetch(recorded.urls[1]) }
        let miss = try #require(cassette.misses.first)
        #expect(miss.outOfOrder?.expectedIndex == 0)
        #expect(miss.outOfOrder?.recordedIndex == 1)
        #expect(miss.description.contains("came out of order"))
        #expect(miss.description.contains("expects interactions[0] next: GET \(recorded.urls[0].absoluteString)"))
        // In recorded order, both are served.
        let (first, _) = try await session.fetch(recorded.urls[0])
        let (second, _) = try await session.fetch(recorded.urls[1])
        #expect(String(decoding: first, as: UTF8.self) == "hello, world\n")
        #expect(String(decoding: second, as: UTF8.self).contains("Ada"))
    }

    @Test func anyOrderServesTheSwappedPair() async throws {
        let recorded = try await Self.record(["/json", "/text"])
        let cassette = try openCassette(recorded.file, .replay)
        let session = cassette.session()
        _ = try await session.fetch(recorded.urls[1])
        _ = try await session.fetch(recorded.urls[0])
        #expect(cassette.misses.isEmpty)
    }

    @Test func whenExhaustedInTheFileRepeatsTheLastAnswer() async throws {
        let recorded = try await Self.record(["/json"], configuration: #"{"replay": {"whenExhausted": "repeatLast"}}"#)
        let cassette = try openCassette(recorded.file, .replay)
        let session = cassette.session()
        for _ in 0..<3 { _ = try await session.fetch(recorded.urls[0]) }
        #expect(cassette.misses.isEmpty)
    }

    @Test func theJournalListsEachRequestInOrderWithHowItWasAnswered() async throws {
        let recorded = try await Self.record(["/json", "/text"])
        let cassette = try openCassette(recorded.file, .replay)
        let session = cassette.session()
        _ = try await session.fetch(recorded.urls[1])
        _ = try await session.fetch(recorded.urls[0], method: "GET")
        await #expect(throws: (any Error).self) {
            try await session.fetch(recorded.urls[0], method: "POST", body: Data("{}".utf8))
        }
        #expect(cassette.requests.map(\.method) == ["GET", "GET", "POST"])
        #expect(
            cassette.requests.map(\.url)
                == [recorded.urls[1], recorded.urls[0], recorded.urls[0]].map(\.absoluteString))
        #expect(cassette.requests.map(\.answer) == [.served(interaction: 1), .served(interaction: 0), .failed])
    }

    @Test(arguments: [
        (#"{"replay": {"order": "sideways"}}"#, 1, 22, #"unknown order "sideways"; valid values are "any", "strict""#),
        (
            #"{"replay": {"latency": 100, "pace": 1}}"#, 1, 29,
            #"unknown key "pace" in the replay section; expected only "latency", "order", "requireAllPlayed", "whenExhausted""#
        ),
        (#"{"replay": {"latency": -5}}"#, 1, 24, "expected an integer from 0 to 600000, found -5"),
        (#"{"replay": {"requireAllPlayed": "yes"}}"#, 1, 33, "expected a boolean, found a string"),
        (#"{"replay": {"whenExhausted": "again"}}"#, 1, 30, #"valid values are "fail", "repeatLast""#),
        (#"{"replays": {}}"#, 1, 2, #""passthrough", "record", "replay", "scrub""#),
    ])
    func badReplaySettingsAreRejectedWithFileLineAndColumn(
        configuration: String, line: Int, column: Int, message: String
    ) throws {
        try expectOpeningFails(configuration: configuration, line: line, column: column, message: message)
    }
}
