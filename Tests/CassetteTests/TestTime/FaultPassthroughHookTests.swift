import Cassette
import CassetteTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Injected faults, passthrough hosts and the record and playback hooks, through the real URLSession
/// against the loopback server.
@Suite struct FaultPassthroughHookTests {
    @Test func aFaultOnTheSecondCallThenSuccess() async throws {
        let recorded = try await ReplaySettingsTests.record(
            ["/json", "/json"],
            configuration: #"{"faults": [{"request": "GET */json", "error": "timedOut", "on": 2}]}"#)
        let cassette = try openCassette(recorded.file, .replay)
        let session = cassette.session()
        let (first, _) = try await session.fetch(recorded.urls[0])
        #expect(String(decoding: first, as: UTF8.self).contains("Ada"))
        let error = try await #require(throws: URLError.self) { try await session.fetch(recorded.urls[0]) }
        #expect(error.code == .timedOut)
        // The fault answered in place of the cassette: the second recording is still there.
        let (third, _) = try await session.fetch(recorded.urls[0])
        #expect(String(decoding: third, as: UTF8.self).contains("Ada"))
        #expect(cassette.misses.isEmpty)
        let answers = cassette.requests.map(\.answer)
        #expect(answers.count == 3)
        #expect(answers[0] == .served(interaction: 0))
        #expect(answers[2] == .served(interaction: 1))
        guard case .fault(let rule) = answers[1] else {
            Issue.record("expected a fault, got \(answers[1])")
            return
        }
        #expect(rule.error == .timedOut)
        try await cassette.finish()
    }

    @Test func aStatusFaultOnEveryCallAndATruncatedBody() async throws {
        let recorded = try await ReplaySettingsTests.record(["/json", "/text"])
        let cassette = try Cassette(
            fileURL: recorded.file, mode: .replay,
            options: Cassette.Options(
                environment: [:],
                faults: [
                    FaultRule(request: RequestPattern("GET */json")!, status: 503),
                    FaultRule(request: RequestPattern("/text")!, truncate: 5),
                ]))
        let session = cassette.session()
        for _ in 0..<2 {
            let (data, response) = try await session.fetch(recorded.urls[0])
            #expect(response.statusCode == 503)
            #expect(data.isEmpty)
        }
        let (text, response) = try await session.fetch(recorded.urls[1])
        #expect(response.statusCode == 200)
        #expect(String(decoding: text, as: UTF8.self) == "hello")
    }

    @Test func aFaultDelayPastTheTimeoutTimesOut() async throws {
        let recorded = try await ReplaySettingsTests.record(
            ["/json"], configuration: #"{"faults": [{"request": "/json", "delay": 30000}]}"#)
        let cassette = try openCassette(recorded.file, .replay)
        var request = URLRequest(url: recorded.urls[0])
        request.timeoutInterval = 0.2
        let error = try await #require(throws: URLError.self) { _ = try await cassette.session().data(for: request) }
        #expect(error.code == .timedOut)
    }

    @Test(arguments: [
        (
            #"{"faults": [{"request": "GET /x", "error": "timeout"}]}"#, 1, 44,
            #"unknown URLError code "timeout"; valid names are"#
        ),
        (#"{"faults": [{"request": "GET /x", "code": 1}]}"#, 1, 35, #"expected only "delay", "error", "on""#),
        (#"{"faults": [{"request": "GET /x", "on": 0}]}"#, 1, 41, "expected an integer from 1 to"),
        (#"{"faults": [{"request": "GET /x"}]}"#, 1, 13, #"a fault needs one of "error", "status""#),
        (#"{"faults": [{"request": "GET /x y", "status": 500}]}"#, 1, 25, "is not a request pattern"),
        (#"{"passthrough": ["localhost:"]}"#, 1, 18, "is not a host pattern"),
    ])
    func badFaultsAndPassthroughAreRejectedWithFileLineAndColumn(
        configuration: String, line: Int, column: Int, message: String
    ) throws {
        try expectOpeningFails(configuration: configuration, line: line, column: column, message: message)
    }

    /// A local service the tests reach directly: served by the network in replay with the recorded
    /// server stopped, under `CI`, and never written to the cassette.
    @Test func aPassthroughHostReachesTheNetworkInReplayUnderCI() async throws {
        let local = try TestHTTPServer()
        let recorded = try await ReplaySettingsTests.record(
            ["/json"], configuration: #"{"passthrough": ["127.0.0.1:\#(local.port)"]}"#)
        let cassette = try Cassette(
            fileURL: recorded.file, mode: .replay, options: Cassette.Options(environment: ["CI": "true"]))
        let session = cassette.session()
        let (data, _) = try await session.fetch(local.url("/text"))
        #expect(String(decoding: data, as: UTF8.self) == "hello, world\n")
        #expect(local.requestCount == 1)
        // The recorded server's requests are still served from the cassette.
        let (json, _) = try await session.fetch(recorded.urls[0])
        #expect(String(decoding: json, as: UTF8.self).contains("Ada"))
        #expect(cassette.requests.map(\.answer) == [.passedThrough, .served(interaction: 0)])
        try await cassette.finish()
    }

    @Test func passthroughRequestsAreNeverRecorded() async throws {
        let directory = try TemporaryDirectory()
        let api = try TestHTTPServer()
        let local = try TestHTTPServer()
        let file = directory.file("Passthrough.json")
        let recorder = try Cassette(
            fileURL: file, mode: .record,
            options: Cassette.Options(environment: [:], passthrough: [HostPattern("127.0.0.1:\(local.port)")!]))
        let session = recorder.session()
        _ = try await session.fetch(api.url("/json"))
        _ = try await session.fetch(local.url("/text"))
        try await recorder.finish()
        let text = try fileText(file)
        #expect(text.contains("/json"))
        #expect(!text.contains("/text"))
        #expect(local.requestCount == 1)
    }

    @Test func aMissToALocalHostMentionsPassthrough() async throws {
        let recorded = try await ReplaySettingsTests.record(["/json"])
        let cassette = try openCassette(recorded.file, .replay)
        await #expect(throws: (any Error).self) {
            try await cassette.session().fetch(URL(string: "http://localhost:5432/health")!)
        }
        let miss = try #require(cassette.misses.first)
        #expect(miss.description.contains("localhost looks local"))
        #expect(miss.description.contains(#"list it in "passthrough" of"#))
    }

    @Test(arguments: [
        ("localhost:5432", "http://localhost:5432/x", true), ("localhost:5432", "http://localhost:5433/x", false),
        ("*.internal.example", "https://db.internal.example/x", true),
        ("*.internal.example", "https://internal.example/x", false), ("LOCALHOST", "http://localhost:80/", true),
        ("127.0.0.1:*", "http://127.0.0.1:9/", true), ("[::1]:8080", "http://[::1]:8080/", true),
        ("api.example.com:443", "https://api.example.com/v1", true),
    ])
    func hostPatterns(pattern: String, url: String, matches: Bool) throws {
        #expect(try #require(HostPattern(pattern)).matches(url: url) == matches)
    }

    @Test func beforeRecordRewritesAnIdAndTheScrubberStillRuns() async throws {
        let directory = try TemporaryDirectory()
        let server = try TestHTTPServer()
        let file = directory.file("Hook.json")
        let recorder = try Cassette(
            fileURL: file, mode: .record,
            options: Cassette.Options(
                environment: [:],
                beforeRecord: { interaction in
                    guard case .response(var response) = interaction.outcome, let body = response.body else { return }
                    let text = String(decoding: body, as: UTF8.self).replacingOccurrences(
                        of: #""id":1"#, with: #""id":42"#)
                    response.body = Data(text.utf8)
                    interaction.outcome = .response(response)
                    // A secret the hook adds is still scrubbed.
                    interaction.request.headers.append(HTTPHeader("Authorization", "Bearer hook-secret-123456"))
                }))
        _ = try await recorder.session().fetch(server.url("/json"))
        try await recorder.finish()
        let text = try fileText(file)
        #expect(text.contains(#""id": 42"#), "\(text)")
        #expect(!text.contains("hook-secret-123456"))
    }

    @Test func beforePlaybackChangesWhatIsServed() async throws {
        let recorded = try await ReplaySettingsTests.record(["/text"])
        let cassette = try Cassette(
            fileURL: recorded.file, mode: .replay,
            options: Cassette.Options(
                environment: [:],
                beforePlayback: { interaction in
                    guard case .response(var response) = interaction.outcome else { return }
                    response.body = Data("changed".utf8)
                    interaction.outcome = .response(response)
                }))
        let (data, _) = try await cassette.session().fetch(recorded.urls[0])
        #expect(String(decoding: data, as: UTF8.self) == "changed")
    }
}
