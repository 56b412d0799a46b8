import CassetteCore
import CassetteTestSupport
import Foundation
import Testing

#if canImport(Darwin)
    import Darwin
#else
    import Glibc
#endif

/// The built `cassette serve`, driven by clients not written in Swift (curl, and Python's urllib and
/// http.client): record against the loopback test server, stop with SIGTERM, lint, stop the
/// upstream, replay the same requests offline, and miss.
@Suite struct ServeEndToEndTests {
    static let token = "live-token-9f2c4e7a1b3d5f60"
    static let email = "ada.lovelace@example.com"

    /// The upstream: the standard routes, plus an endpoint that wants the bearer token and one that
    /// takes a JSON body with an email. Neither answer repeats the secret.
    static let routes: @Sendable (HTTPRequestHead) -> HTTPResponseSpec = { request in
        switch request.path {
        case "/me":
            return request.header("Authorization") == "Bearer \(token)"
                ? .json(#"{"user":"ada"}"#) : .json(#"{"error":"unauthorized"}"#, status: 401)
        case "/users" where request.method == "POST":
            let received = String(decoding: request.body, as: UTF8.self).contains(email)
            return received ? .json(#"{"created":true,"id":42}"#, status: 201) : .json(#"{"error":"?"}"#, status: 422)
        default:
            return TestHTTPServer.standardRoutes(request)
        }
    }

    /// What curl got: status, content type and body.
    struct CurlAnswer: Equatable {
        var status: Int
        var contentType: String
        var body: Data
    }

    /// Runs curl against `url` with `options`, keeping the body exactly.
    func curl(_ options: [String], _ url: String) async throws -> CurlAnswer {
        let scratch = try TemporaryDirectory(prefix: "curl-body")
        let body = scratch.file("body")
        let run = try await ExternalTool.run(
            "curl", ["-sS", "-o", body.path, "-w", "%{http_code} %{content_type}"] + options + [url])
        #expect(run.status == 0, "curl \(options) \(url): \(run.stderr)")
        let parts = run.stdout.split(separator: " ", maxSplits: 1).map(String.init)
        return CurlAnswer(
            status: Int(parts.first ?? "") ?? -1, contentType: parts.count > 1 ? parts[1] : "",
            body: (try? Data(contentsOf: body)) ?? Data())
    }

    /// The requests curl makes, by name.
    func curlRequests(_ server: ServeProcess, scratch: TemporaryDirectory) async throws -> [String: CurlAnswer] {
        let upload = try scratch.write(
            "upload.txt", String(repeating: "a line of a chunked request body\n", count: 2000))
        return [
            "get-with-query": try await curl([], server.url("/json?page=2&sort=name")),
            "bearer-token": try await curl(["-H", "Authorization: Bearer \(Self.token)"], server.url("/me")),
            "json-post-with-email": try await curl(
                [
                    "-X", "POST", "-H", "Content-Type: application/json", "--data-binary",
                    #"{"email":"\#(Self.email)","name":"Ada"}"#,
                ], server.url("/users")),
            "chunked-upload": try await curl(
                [
                    "-X", "PUT", "-H", "Transfer-Encoding: chunked", "-H", "Content-Type: text/plain",
                    "--data-binary", "@" + upload.path,
                ], server.url("/echo?upload=curl")),
            "gzip": try await curl(["--compressed"], server.url("/gzip")),
            "redirect": try await curl([], server.url("/redirect/chain")),
            "not-found": try await curl([], server.url("/nowhere")),
            "a-mebibyte": try await curl([], server.url("/large?bytes=1048576")),
        ]
    }

    /// The Python client's output for `arguments`.
    func python(_ arguments: [String]) async throws -> String {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Clients/serve_client.py")
        let run = try await ExternalTool.run("python3", [script.path] + arguments, timeout: .seconds(120))
        #expect(run.status == 0, "python3 serve_client.py \(arguments): \(run.stderr)")
        return run.stdout
    }

    func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func recordLintStopTheUpstreamReplayOfflineAndMiss() async throws {
        let upstream = try TestHTTPServer(handler: Self.routes)
        let directory = try TemporaryDirectory(prefix: "serve-e2e")
        let file = directory.file("api.json")
        let ledger = directory.file("ledger")

        // Record.
        let recorder = try ServeProcess(
            ["api.json", "--upstream", upstream.baseURL.absoluteString, "--mode", "record", "--port", "0"],
            in: directory.url)
        #expect(recorder.baseURL.absoluteString.hasPrefix("http://127.0.0.1:"))
        let curlRecorded = try await curlRequests(recorder, scratch: directory)
        let pythonRecorded = try await python(["requests", recorder.baseURL.absoluteString, Self.token, Self.email])
        let concurrentRecorded = try await python(["concurrent", recorder.baseURL.absoluteString, "50", "4"])
        let recording = try await recorder.stop(with: SIGTERM)
        #expect(recording.status == 0, "\(recording)")
        #expect(recording.stderr.contains("cassette serve: api.json: 216 requests: 0 replayed, 216 recorded"))
        #expect(recording.stderr.contains("cassette serve: api.json: written"))

        // What the clients got while recording is the API's answers.
        #expect(
            curlRecorded["bearer-token"]
                == CurlAnswer(status: 200, contentType: "application/json", body: Data(#"{"user":"ada"}"#.utf8)))
        #expect(curlRecorded["json-post-with-email"]?.status == 201)
        let echoed = String(decoding: curlRecorded["chunked-upload"]?.body ?? Data(), as: UTF8.self)
        #expect(echoed.contains("a line of a chunked request body"))
        #expect(curlRecorded["gzip"]?.body == Data(#"{"compressed":true,"items":[1,2,3]}"#.utf8))
        #expect(curlRecorded["redirect"]?.status == 200 && curlRecorded["not-found"]?.status == 404)
        #expect(curlRecorded["a-mebibyte"]?.body.count == 1_048_576)
        let python = try json(pythonRecorded)
        #expect((python["bearer-token"] as? [String: Any])?["status"] as? Int == 200)
        #expect((python["json-post-with-email"] as? [String: Any])?["status"] as? Int == 201)
        #expect((python["a-mebibyte"] as? [String: Any])?["length"] as? Int == 1_048_576)
        let concurrent = try json(concurrentRecorded)
        #expect((concurrent["answers"] as? [String: Any])?.count == 200)
        #expect(concurrent["connectionsPerClient"] as? [Int] == [1])
        #expect((concurrent["failures"] as? [String])?.isEmpty == true)
        // The chunked uploads reached the upstream whole, as chunked bodies.
        let uploads = upstream.receivedRequests.filter { $0.path == "/echo" && $0.query?.hasPrefix("upload") == true }
        #expect(uploads.count == 2)
        #expect(uploads.allSatisfy { $0.header("Transfer-Encoding") == nil && !$0.body.isEmpty })

        // Lint clean, and no secret on disk.
        let lint = try CommandRun(binary: ["lint", "api.json"], in: directory.url)
        #expect(lint.status == 0, "\(lint)")
        let stored = String(decoding: try Data(contentsOf: file), as: UTF8.self)
        #expect(!stored.contains(Self.token))
        #expect(!stored.contains(Self.email))
        #expect(try CassetteDocument.read(from: file).interactions.count == 216)

        // Replay with the upstream gone, the mode and upstream from the cassette alone.
        upstream.stop()
        let player = try ServeProcess(
            ["api.json"], in: directory.url, environment: ["CASSETTE_USAGE_LEDGER": ledger.path])
        #expect(try await curlRequests(player, scratch: directory) == curlRecorded)
        #expect(
            try await self.python(["requests", player.baseURL.absoluteString, Self.token, Self.email]) == pythonRecorded
        )
        #expect(try await self.python(["concurrent", player.baseURL.absoluteString, "50", "4"]) == concurrentRecorded)

        // An unrecorded request: 599, the explanation, on the wire and on standard error.
        let missed = try await curl([], player.url("/v1/unrecorded?x=1"))
        let explanation = String(decoding: missed.body, as: UTF8.self)
        #expect(missed.status == 599 && missed.contentType == "text/plain; charset=utf-8")
        #expect(
            explanation.hasPrefix(
                "\(file.path): error: no recorded interaction matches GET \(upstream.url("/v1/unrecorded?x=1"))"))
        #expect(explanation.contains("to record it, run: cassette serve api.json --mode newEpisodes --upstream"))
        let pythonMiss = try json(try await self.python(["miss", player.baseURL.absoluteString, "/v1/unrecorded?x=1"]))
        #expect(pythonMiss["status"] as? Int == 599 && pythonMiss["reason"] as? String == "Cassette Miss")
        #expect(pythonMiss["body"] as? String == explanation)
        let header = pythonMiss["cassetteError"] as? String ?? "none"
        #expect(explanation.hasPrefix(header))
        let replay = try await player.stop(with: SIGTERM)
        #expect(replay.status == 0, "\(replay)")
        #expect(replay.stderr.contains(explanation.trimmingCharacters(in: .newlines)))
        #expect(replay.stderr.contains("cassette serve: api.json: 218 requests: 216 replayed, 2 missed"))

        // The usage ledger was written: prune reads it, and every interaction was served.
        let prune = try CommandRun(binary: ["prune", "--dry-run", "--ledger", "ledger", "api.json"], in: directory.url)
        #expect(prune.status == 0 && prune.stderr.contains("nothing to prune in 1 cassette"), "\(prune)")

        // --fail-on-miss makes a miss the exit status; SIGINT stops it as SIGTERM does.
        let strict = try ServeProcess(["api.json", "--fail-on-miss"], in: directory.url)
        #expect(try await curl([], strict.url("/v1/unrecorded")).status == 599)
        let stopped = try await strict.stop(with: SIGINT)
        #expect(stopped.status == 1 && stopped.stderr.contains("SIGINT: stopping"), "\(stopped)")
    }
}
