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

/// `cassette serve`'s server in the test process: recording through it against the loopback test
/// server, replaying with that server stopped, misses, and what goes on the wire.
@Suite struct CassetteServerTests {
    /// Records `paths` through a serve server in record mode, stops it, and returns the answers.
    func record(_ file: URL, upstream: TestHTTPServer, paths: [String]) async throws -> [Fetched] {
        let harness = try ServeHarness(ServeHarness.settings(file, mode: .record, upstream: upstream.baseURL))
        var answers: [Fetched] = []
        for path in paths { answers.append(try await fetch(harness.url(path))) }
        let report = await harness.stop()
        #expect(report.exitStatus(failOnMiss: true) == .success, "\(report.summary)")
        return answers
    }

    @Test func replayWithTheUpstreamStoppedGivesTheRecordedAnswers() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("Served.json")
        let upstream = try TestHTTPServer()
        let paths = [
            "/json?b=2&a=1", "/gzip", "/binary", "/status/404", "/redirect/302", "/large?bytes=200000", "/text",
        ]
        let recorded = try await record(file, upstream: upstream, paths: paths)
        upstream.stop()
        #expect(recorded.map(\.status) == [200, 200, 200, 404, 200, 200, 200])
        let harness = try ServeHarness(ServeHarness.settings(file))
        var replayed: [Fetched] = []
        for path in paths { replayed.append(try await fetch(harness.url(path))) }
        let report = await harness.stop()
        #expect(replayed.map(\.status) == recorded.map(\.status))
        #expect(replayed.map(\.body) == recorded.map(\.body))
        #expect(replayed.map { $0.headers["content-type"] } == recorded.map { $0.headers["content-type"] })
        // gzip is served decoded, with a length that fits what is served.
        #expect(replayed[1].headers["content-encoding"] == nil)
        #expect(replayed[1].headers["content-length"] == String(replayed[1].body.count))
        #expect(report.cassettes.first?.counts.replayed == paths.count)
        #expect(report.missCount == 0)
    }

    @Test func aMissIsA599WithTheExplanationOnTheWireAndOnStandardError() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("Miss.json")
        let upstream = try TestHTTPServer()
        _ = try await record(file, upstream: upstream, paths: ["/json?page=1"])
        upstream.stop()
        let harness = try ServeHarness(ServeHarness.settings(file))
        let missed = try await fetch(harness.url("/json?page=2"))
        let report = await harness.stop()
        #expect(missed.status == 599)
        #expect(missed.headers["cache-control"] == "no-store")
        let explanation = missed.text
        #expect(
            explanation.hasPrefix(
                "\(file.path): error: no recorded interaction matches GET \(upstream.url("/json?page=2"))"))
        #expect(explanation.contains("nearest recorded request, interactions[0]: GET \(upstream.url("/json?page=1"))"))
        #expect(explanation.contains("differs in: query"))
        // The fix is a cassette serve command, not a swift test one.
        #expect(
            explanation.contains(
                "to record it, run: cassette serve \(file.path) --mode newEpisodes --upstream \(upstream.baseURL.absoluteString)"
            ))
        #expect(!explanation.contains("swift test"))
        #expect(missed.headers["cassette-error"] == explanation.components(separatedBy: "\n").first)
        #expect(harness.stderr.contains(explanation.trimmingCharacters(in: .newlines)))
        #expect(report.missCount == 1)
        #expect(report.exitStatus(failOnMiss: false) == .success)
        #expect(report.exitStatus(failOnMiss: true) == .failure)
        #expect(report.summary.contains("  no recording: GET \(upstream.url("/json?page=2")) (no body)"))
    }

    @Test func replayNeverOpensAConnectionOut() async throws {
        // Recorded against a port where nothing listens: served anyway, so nothing tried to connect.
        let directory = try TemporaryDirectory()
        let closed = TestHTTPServer.closedPort()
        defer { withExtendedLifetime(closed) {} }
        let file = try writeCassette(
            directory, "Offline.json",
            [
                (
                    "http://127.0.0.1:\(closed.port)/v1/users/1",
                    .response(RecordedResponse(status: 200, body: Data("ada".utf8)))
                )
            ])
        let harness = try ServeHarness(ServeHarness.settings(file))
        let served = try await fetch(harness.url("/v1/users/1"))
        _ = await harness.stop()
        #expect(served.status == 200 && served.text == "ada")
    }

    @Test func headersOfTheHopAreNeitherRecordedNorReplayed() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("Headers.json")
        let upstream = try TestHTTPServer()
        let harness = try ServeHarness(ServeHarness.settings(file, mode: .record, upstream: upstream.baseURL))
        let answer = try await fetch(
            harness.url("/echo"), method: "POST", headers: ["X-Client": "tests/1", "Content-Type": "text/plain"],
            body: Data("hello".utf8))
        _ = await harness.stop()
        #expect(answer.status == 200)
        #expect(answer.text.contains(#""x-client":"tests/1""#))
        let request = try #require(try CassetteDocument.read(from: file).interactions.first?.request)
        let names = Set(request.headers.map { $0.name.lowercased() })
        #expect(names.contains("x-client"))
        #expect(
            names.isDisjoint(with: ["host", "connection", "content-length", "accept-encoding", "transfer-encoding"]))
        #expect(request.url == upstream.url("/echo").absoluteString)
        #expect(request.body == Data("hello".utf8))
    }

    @Test func aRecordedTransportErrorClosesTheConnection() async throws {
        let directory = try TemporaryDirectory()
        let closed = TestHTTPServer.closedPort()
        defer { withExtendedLifetime(closed) {} }
        let file = try writeCassette(
            directory, "Refused.json", [("http://127.0.0.1:\(closed.port)/down", .failure(TransportError(code: -1004)))]
        )
        let harness = try ServeHarness(ServeHarness.settings(file))
        await #expect(throws: URLError.self) { _ = try await fetch(harness.url("/down")) }
        let report = await harness.stop()
        #expect(harness.stderr.contains("replayed the recorded failure"))
        #expect(report.cassettes.first?.counts.cut == 1)
    }

    @Test func aChunkedAnswerIsStreamedBack() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("Stream.json")
        let upstream = try TestHTTPServer()
        let recorded = try await record(
            file, upstream: upstream, paths: ["/stream/ndjson?count=5", "/stream/ndjson?count=5"])
        upstream.stop()
        let harness = try ServeHarness(ServeHarness.settings(file))
        let replayed = try await fetch(harness.url("/stream/ndjson?count=5"))
        // On the wire: chunked framing, not a Content-Length (curl --raw keeps the chunk sizes).
        let raw = try await ExternalTool.run(
            "curl", ["-sS", "-i", "--raw", harness.url("/stream/ndjson?count=5").absoluteString])
        _ = await harness.stop()
        #expect(replayed.body == recorded[0].body)
        // Stored line by line as JSON, and served (in record mode too) compactly with sorted keys.
        #expect(replayed.text.hasPrefix(#"{"done":false,"id":1,"name":"item 1"}"# + "\n"))
        #expect(raw.stdout.contains("Transfer-Encoding: chunked\r\n"))
        #expect(!raw.stdout.lowercased().contains("content-length"))
        #expect(raw.stdout.hasSuffix("\r\n0\r\n\r\n"))
    }

    @Test func aFolderServesTheCassetteARequestNames() async throws {
        let directory = try TemporaryDirectory()
        let upstream = try TestHTTPServer()
        let recorder = try ServeHarness(
            ServeHarness.settings(directory.url, mode: .record, upstream: upstream.baseURL, isFolder: true))
        // By the first path segment, and by the header (into a subfolder).
        let bySegment = try await fetch(recorder.url("/Users/json"))
        let byHeader = try await fetch(recorder.url("/text"), headers: ["Cassette-Name": "Accounts/Login"])
        let report = await recorder.stop()
        #expect(bySegment.status == 200 && byHeader.text == "hello, world\n")
        #expect(
            report.cassettes.map(\.displayPath) == [
                directory.url.path + "/Accounts/Login.json", directory.url.path + "/Users.json",
            ])
        let users = try CassetteDocument.read(from: directory.file("Users.json"))
        #expect(users.interactions.map(\.request.url) == [upstream.url("/json").absoluteString])
        let login = try CassetteDocument.read(from: directory.file("Accounts/Login.json"))
        #expect(login.interactions.map(\.request.url) == [upstream.url("/text").absoluteString])
        #expect(!login.interactions[0].request.headers.contains { $0.hasName("Cassette-Name") })
        upstream.stop()
        let player = try ServeHarness(ServeHarness.settings(directory.url, isFolder: true))
        #expect(try await fetch(player.url("/Users/json")).body == bySegment.body)
        #expect(
            try await fetch(player.url("/text"), headers: ["Cassette-Name": "Accounts/Login"]).body == byHeader.body)
        let unknown = try await fetch(player.url("/Nobody/json"))
        let escape = try await fetch(player.url("/json"), headers: ["Cassette-Name": "../Users"])
        _ = await player.stop()
        #expect(unknown.status == 599 && unknown.text.contains("Nobody.json: error: no cassette recorded yet"))
        #expect(escape.status == 599 && escape.text.contains("the cassette name '../Users' cannot be served"))
    }

    @Test func repeatLastServesTheLastAnswerPastTheRecordings() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("Poll.json")
        let upstream = try TestHTTPServer()
        _ = try await record(file, upstream: upstream, paths: ["/json"])
        upstream.stop()
        var settings = ServeHarness.settings(file)
        let strict = try ServeHarness(settings)
        #expect(try await fetch(strict.url("/json")).status == 200)
        let exhausted = try await fetch(strict.url("/json")).text
        #expect(exhausted.contains("was requested more often than it was recorded"))
        #expect(exhausted.contains("to serve the last answer again, pass --repeat-last to cassette serve; to record"))
        #expect(exhausted.contains("re-record with: cassette serve \(file.path) --mode record --upstream"))
        _ = await strict.stop()
        settings.repeatsLast = true
        let polling = try ServeHarness(settings)
        for _ in 0..<3 { #expect(try await fetch(polling.url("/json")).status == 200) }
        _ = await polling.stop()
    }

    @Test func verifyForwardsEverythingWritesNothingAndFailsOnDrift() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("Verify.json")
        let drifted = Locked(false)
        let upstream = try TestHTTPServer { request in
            drifted.withLock { $0 } ? .json(#"{"id":"1","renamed":true}"#) : TestHTTPServer.standardRoutes(request)
        }
        _ = try await record(file, upstream: upstream, paths: ["/json"])
        let before = try Data(contentsOf: file)
        let same = try ServeHarness(ServeHarness.settings(file, mode: .verify, upstream: upstream.baseURL))
        #expect(try await fetch(same.url("/json")).status == 200)
        let calm = await same.stop()
        #expect(calm.exitStatus(failOnMiss: true) == .success, "\(calm.summary)")
        #expect(calm.summary.contains("cassette serve: \(file.path): 1 request: 0 replayed, 1 verified"))
        drifted.withLock { $0 = true }
        let moved = try ServeHarness(ServeHarness.settings(file, mode: .verify, upstream: upstream.baseURL))
        // The client gets the live answer.
        #expect(try await fetch(moved.url("/json")).text == #"{"id":"1","renamed":true}"#)
        let report = await moved.stop()
        #expect(report.exitStatus(failOnMiss: false) == .failure)
        #expect(report.summary.joined(separator: "\n").contains("drift"))
        #expect(try Data(contentsOf: file) == before)
    }

    @Test func onceRecordsWhenThereIsNoCassetteAndReplaysAfter() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("Once.json")
        let upstream = try TestHTTPServer()
        let first = try ServeHarness(ServeHarness.settings(file, mode: .once, upstream: upstream.baseURL))
        let recorded = try await fetch(first.url("/text"))
        _ = await first.stop()
        let count = upstream.requestCount
        let second = try ServeHarness(ServeHarness.settings(file, mode: .once, upstream: upstream.baseURL))
        let replayed = try await fetch(second.url("/text"))
        _ = await second.stop()
        #expect(recorded == replayed && recorded.text == "hello, world\n")
        #expect(upstream.requestCount == count)
    }

    @Test func aOneFileServerRefusesTheCassetteNameHeader() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("One.json")
        let upstream = try TestHTTPServer()
        _ = try await record(file, upstream: upstream, paths: ["/json"])
        let harness = try ServeHarness(ServeHarness.settings(file))
        let answer = try await fetch(harness.url("/json"), headers: ["Cassette-Name": "Other"])
        _ = await harness.stop()
        #expect(answer.status == 599)
        #expect(answer.text.contains("the Cassette-Name header chooses a cassette only when serving a folder"))
    }

    @Test func aRecordingThatGotNoRequestLeavesTheCassetteAsItWas() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("Kept.json")
        let upstream = try TestHTTPServer()
        _ = try await record(file, upstream: upstream, paths: ["/json"])
        let before = try Data(contentsOf: file)
        let harness = try ServeHarness(ServeHarness.settings(file, mode: .record, upstream: upstream.baseURL))
        let report = await harness.stop()
        #expect(try Data(contentsOf: file) == before)
        #expect(report.summary.contains { $0.contains("no request reached it, so it was left as it was") })
    }

    @Test func aFailedRecordingLeavesTheGoodCassetteAndFails() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("Good.json")
        let upstream = try TestHTTPServer()
        _ = try await record(file, upstream: upstream, paths: ["/json"])
        let before = try Data(contentsOf: file)
        upstream.stop()
        let harness = try ServeHarness(ServeHarness.settings(file, mode: .record, upstream: upstream.baseURL))
        await #expect(throws: URLError.self) { _ = try await fetch(harness.url("/json")) }
        let report = await harness.stop()
        #expect(try Data(contentsOf: file) == before)
        #expect(report.exitStatus(failOnMiss: false) == .failure)
        #expect(report.summary.joined(separator: "\n").contains("1 request failed while recording"))
    }

    @Test func recordingModesNeedAnUpstreamAndAreRefusedOnCI() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("New.json")
        #expect {
            _ = try ServeHarness(ServeHarness.settings(file, mode: .record))
        } throws: { error in
            (error as? ServeFailure)?.message.contains("pass --upstream URL") == true
                && (error as? ServeFailure)?.status == .usage
        }
        #expect {
            _ = try ServeHarness(
                ServeHarness.settings(
                    file, mode: .record, upstream: URL(string: "http://127.0.0.1:9")!, environment: ["CI": "true"]))
        } throws: { error in
            let message = (error as? ServeFailure)?.message ?? ""
            return message.contains("refusing to record in record mode because CI is set")
                && message.contains("cassette serve \(file.path) --mode record --upstream http://127.0.0.1:9")
        }
        #expect {
            _ = try ServeHarness(ServeHarness.settings(file))
        } throws: { error in
            (error as? ServeFailure)?.message
                == "\(file.path): error: no cassette recorded yet; record it against the real server with: "
                + "cassette serve \(file.path) --mode record --upstream URL"
        }
    }

    @Test func withoutAnUpstreamReplayNeedsOneServerInTheCassette() throws {
        let directory = try TemporaryDirectory()
        let response = Interaction.Outcome.response(RecordedResponse(status: 200))
        let file = try writeCassette(
            directory, "Two.json", [("https://a.example/x", response), ("https://b.example/y", response)])
        #expect {
            _ = try ServeHarness(ServeHarness.settings(file))
        } throws: { error in
            (error as? ServeFailure)?.message
                == "\(file.path): error: the cassette holds requests to 2 servers (https://a.example, https://b.example); "
                + "pass --upstream URL to say which server this one stands in for"
        }
        // With one, it serves that server's requests.
        let harness = try ServeHarness(ServeHarness.settings(file, upstream: URL(string: "https://b.example")!))
        #expect(harness.baseURL.absoluteString.hasPrefix("http://127.0.0.1:"))
    }
}
