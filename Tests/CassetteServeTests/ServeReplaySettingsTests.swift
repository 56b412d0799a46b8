import Cassette
import CassetteCommands
import CassetteCore
import CassetteServe
import CassetteTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `cassette serve` honours the project's `"faults"` and `"replay"` settings: a cassette recorded
/// through it, replayed with the upstream stopped.
@Suite struct ServeReplaySettingsTests {
    @Test func aFaultOnTheSecondCallAndUnplayedInteractionsThroughServe() async throws {
        let directory = try TemporaryDirectory()
        try Data(
            #"{"faults": [{"request": "GET */json", "status": 503, "on": 2}], "replay": {"requireAllPlayed": true}}"#
                .utf8
        ).write(to: directory.file(".cassette.json"))
        let file = directory.file("Settings.json")
        let upstream = try TestHTTPServer()
        let recorder = try ServeHarness(ServeHarness.settings(file, mode: .record, upstream: upstream.baseURL))
        for path in ["/json", "/json", "/text"] { _ = try await fetch(recorder.url(path)) }
        let recorded = await recorder.stop()
        #expect(recorded.exitStatus(failOnMiss: true) == .success, "\(recorded.summary)")
        upstream.stop()
        let harness = try ServeHarness(ServeHarness.settings(file))
        var statuses: [Int] = []
        for _ in 0..<3 { statuses.append(try await fetch(harness.url("/json")).status) }
        // A server answers for as long as it runs: its cassettes keep no journal of the requests.
        #expect(harness.server.cassettes.first?.cassette.requests.isEmpty == true)
        let report = await harness.stop()
        #expect(statuses == [200, 503, 200])
        #expect(report.exitStatus(failOnMiss: true) == .failure)
        let summary = report.summary.joined(separator: "\n")
        #expect(summary.contains("1 recorded interaction was never requested"), "\(summary)")
        #expect(summary.contains("GET \(upstream.url("/text"))"), "\(summary)")
    }
}
