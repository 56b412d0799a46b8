import Cassette
import CassetteTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `Cassette.response(for:)`, the entry point for clients that are not a URLSession: the same
/// decision, recording, scrubbing and misses, against the loopback server over real TCP.
@Suite struct CassetteResponseTests {
    /// What a caller of the entry point sees.
    struct Answer: Equatable {
        var status: Int
        var url: String
        var contentType: String?
        var body: Data
    }

    func answer(_ cassette: Cassette, _ request: RecordedRequest) async throws -> Answer {
        let response = try await cassette.response(for: request)
        return Answer(
            status: response.status, url: response.url, contentType: response.headers.value(for: "Content-Type"),
            body: try await response.body.collect())
    }

    func get(_ url: URL, headers: [HTTPHeader] = []) -> RecordedRequest {
        RecordedRequest(method: "GET", url: url.absoluteString, headers: headers)
    }

    @Test(arguments: [
        "/json", "/gzip", "/binary", "/status/404", "/status/204", "/redirect/302", "/large?bytes=300000",
    ])
    func replayGivesWhatRecordingGaveWithTheServerStopped(path: String) async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("Entry.json")
        let server = try TestHTTPServer()
        let recorder = try openCassette(file, .record)
        let recorded = try await answer(recorder, get(server.url(path)))
        try await recorder.finish()
        #expect(server.requestCount >= 1)
        server.stop()
        let player = try openCassette(file, .replay)
        let replayed = try await answer(player, get(server.url(path)))
        try await player.finish()
        #expect(replayed == recorded)
        #expect(player.misses.isEmpty)
    }

    @Test func theArticlesExampleReplaysACommittedCassette() async throws {
        typealias User = UserAPIClient.User
        let cassette = try Cassette(named: "Example/FetchUser", mode: .replay)
        let response = try await cassette.response(
            for: RecordedRequest(
                method: "GET", url: "http://127.0.0.1:47813/v1/users/2",
                headers: [HTTPHeader("Accept", "application/json")]))
        let user = try JSONDecoder().decode(User.self, from: try await response.body.collect())
        try await cassette.finish()
        #expect(user.name == "Grace Hopper" && user.role == "member")
    }

    @Test func recordingAnswersWithTheServersBytesAndStoresThemScrubbed() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("Echo.json")
        let server = try TestHTTPServer()
        let cassette = try openCassette(file, .record)
        let body = Data(#"{"email":"ada@example.com","name":"Ada"}"#.utf8)
        let response = try await cassette.response(
            for: RecordedRequest(
                method: "POST", url: server.url("/echo?page=2").absoluteString,
                headers: [
                    HTTPHeader("Authorization", "Bearer live-token-5b7d1e9a3c"),
                    HTTPHeader("Content-Type", "application/json"),
                ], body: body))
        let text = String(decoding: try await response.body.collect(), as: UTF8.self)
        try await cassette.finish()
        // The server got the request as the caller built it.
        let received = try #require(server.receivedRequests.last)
        #expect(received.method == "POST" && received.target == "/echo?page=2")
        #expect(received.header("Authorization") == "Bearer live-token-5b7d1e9a3c")
        #expect(Data(received.body) == body)
        #expect(response.status == 200 && text.contains(#""query":"page=2""#))
        // On disk, neither the token nor the email.
        let stored = try fileText(file)
        #expect(!stored.contains("live-token-5b7d1e9a3c"))
        #expect(!stored.contains("ada@example.com"))
        #expect(try CassetteDocument.read(from: file).interactions.count == 1)
    }

    @Test func replayNeverReachesTheNetwork() async throws {
        // A cassette whose recorded URL is a port where nothing listens: a replay that tried the
        // network would fail to connect; a served answer proves it did not.
        let directory = try TemporaryDirectory()
        let closed = TestHTTPServer.closedPort()
        defer { withExtendedLifetime(closed) {} }
        let url = "http://127.0.0.1:\(closed.port)/v1/users/1"
        let file = try directory.write(
            "Offline.json",
            CassetteDocument(interactions: [
                Interaction(
                    request: RecordedRequest(method: "GET", url: url),
                    outcome: .response(
                        RecordedResponse(
                            status: 200, headers: [HTTPHeader("Content-Type", "application/json")],
                            body: Data(#"{"id":1}"#.utf8))), recorded: "2026-01-01")
            ]).encoded())
        let cassette = try openCassette(file, .replay)
        let served = try await answer(cassette, RecordedRequest(method: "GET", url: url))
        #expect(served == Answer(status: 200, url: url, contentType: "application/json", body: Data(#"{"id":1}"#.utf8)))
        try await cassette.finish()
    }

    @Test func aMissThrowsTheExplanationAndIsKept() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("Miss.json")
        let server = try TestHTTPServer()
        let recorder = try openCassette(file, .record)
        _ = try await answer(recorder, get(server.url("/json?page=1")))
        try await recorder.finish()
        server.stop()
        let player = try openCassette(file, .replay)
        await #expect {
            _ = try await player.response(for: get(server.url("/json?page=2")))
        } throws: { error in
            guard case CassetteError.noMatch(let miss) = error else { return false }
            let text = miss.description
            return text.contains("error: no recorded interaction matches GET \(server.url("/json?page=2"))")
                && text.contains("differs in: query") && text.contains("CASSETTE_MODE=newEpisodes swift test")
        }
        #expect(player.misses.count == 1)
        #expect(player.misses.first?.request.url == server.url("/json?page=2").absoluteString)
    }

    @Test func aRecordedTransportErrorIsThrownAsItsURLError() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("Refused.json")
        let closed = TestHTTPServer.closedPort()
        defer { withExtendedLifetime(closed) {} }
        let url = URL(string: "http://127.0.0.1:\(closed.port)/nothing")!
        let recorder = try openCassette(file, .record)
        await #expect { _ = try await recorder.response(for: get(url)) } throws: { error in
            (error as? URLError)?.code == .cannotConnectToHost
        }
        try await recorder.finish()
        let player = try openCassette(file, .replay)
        await #expect { _ = try await player.response(for: get(url)) } throws: { error in
            (error as? URLError)?.code == .cannotConnectToHost
        }
    }

    @Test func newEpisodesServesWhatIsRecordedAndRecordsTheRest() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("Episodes.json")
        let server = try TestHTTPServer()
        let first = try openCassette(file, .record)
        _ = try await answer(first, get(server.url("/json")))
        try await first.finish()
        let before = server.requestCount
        let second = try openCassette(file, .newEpisodes)
        _ = try await answer(second, get(server.url("/json")))
        #expect(server.requestCount == before)
        let text = try await answer(second, get(server.url("/text")))
        #expect(server.requestCount == before + 1)
        #expect(text.body == Data("hello, world\n".utf8))
        try await second.finish()
        #expect(
            try CassetteDocument.read(from: file).interactions.map(\.request.url) == [
                server.url("/json").absoluteString, server.url("/text").absoluteString,
            ])
    }

    @Test func theBodyCanBeReadChunkByChunk() async throws {
        let directory = try TemporaryDirectory()
        let server = try TestHTTPServer()
        let cassette = try openCassette(directory.file("Chunks.json"), .record)
        let response = try await cassette.response(for: get(server.url("/large?bytes=100000")))
        var chunks: [Data] = []
        for try await chunk in response.body { chunks.append(chunk) }
        // Today a recorded body is played as one chunk; streamed answers will bring theirs.
        #expect(chunks.count == 1)
        #expect(chunks.reduce(0) { $0 + $1.count } == 100_000)
        try await cassette.finish()
    }

    @Test func aRequestAfterFinishIsRefused() async throws {
        let directory = try TemporaryDirectory()
        let server = try TestHTTPServer()
        let cassette = try openCassette(directory.file("Closed.json"), .record)
        try await cassette.finish()
        await #expect(throws: CassetteError.cassetteClosed(path: directory.file("Closed.json").path)) {
            _ = try await cassette.response(for: get(server.url("/json")))
        }
    }

    @Test func aURLThatCannotBeSentIsABadURL() async throws {
        let directory = try TemporaryDirectory()
        let cassette = try openCassette(directory.file("Bad.json"), .record)
        await #expect {
            _ = try await cassette.response(for: RecordedRequest(method: "GET", url: "/v1/relative"))
        } throws: {
            ($0 as? URLError)?.code == .badURL
        }
        try await cassette.finish()
    }

    @Test func cancellingTheCallerCancelsTheForwardedRequestAndRecordsNothing() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("Cancelled.json")
        // Cancelled from the server's thread once it has the request, so the forward is in flight.
        let arrival = CancelOnArrival()
        let server = try TestHTTPServer(reportingTo: arrival)
        let cassette = try openCassette(file, .record)
        let task = Task { try await cassette.response(for: get(server.url("/held"))) }
        arrival.cancel { task.cancel() }
        await #expect { _ = try await task.value } throws: { ($0 as? URLError)?.code == .cancelled }
        try await cassette.finish()
        #expect(try CassetteDocument.read(from: file).interactions.isEmpty)
    }

    @Test func servedInteractionsCountInTheUsageLedger() async throws {
        let package = try TemporaryDirectory()
        try package.write("Package.swift", "// swift-tools-version: 6.1\n")
        let ledger = package.file("ledger")
        let server = try TestHTTPServer()
        let file = package.file("Cassettes/Ledger.json")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let recorder = try openCassette(file, .record)
        _ = try await answer(recorder, get(server.url("/json")))
        _ = try await answer(recorder, get(server.url("/text")))
        try await recorder.finish()
        server.stop()
        let player = try Cassette(
            fileURL: file, mode: .replay,
            options: testOptions(environment: ["CASSETTE_USAGE_LEDGER": ledger.path]))
        _ = try await answer(player, get(server.url("/text")))
        try await player.finish()
        let files = try FileManager.default.contentsOfDirectory(atPath: ledger.path)
        let written = try files.map {
            try UsageLedger.decode(Data(contentsOf: ledger.appendingPathComponent($0)), path: $0)
        }
        let served = written.compactMap { $0.cassettes["Cassettes/Ledger.json"]?.served }
        #expect(served == [[1]])
    }
}
