import CassetteHTTPServer
import CassetteTestSupport
import Foundation
import Testing

/// The server driven by clients not written in Swift: curl, and Python's http.client and urllib.
@Suite struct ClientInteropTests {
    @Test func curlReusesOneConnectionForSeveralURLs() async throws {
        try await ServerFixture.with { server, port in
            let base = "http://127.0.0.1:\(port)"
            let run = try await ExternalTool.run(
                "curl", ["-sS", "-w", "[%{http_code} %{num_connects}]\n", "\(base)/a", "\(base)/b?x=1", "\(base)/c"])
            #expect(run.status == 0, "\(run)")
            #expect(run.stdout == "GET /a\n[200 1]\nGET /b?x=1\n[200 0]\nGET /c\n[200 0]\n")
            #expect(server.statistics.connectionsAccepted == 1)
        }
    }

    @Test func curlUploadsChunkedWithExpect100Continue() async throws {
        try await ServerFixture.with { _, port in
            let directory = try TemporaryDirectory(prefix: "curl-upload")
            let file = directory.file("body.bin")
            let body = Data((0..<300_000).map { UInt8($0 % 251) })
            try body.write(to: file)
            let run = try await ExternalTool.run(
                "curl",
                [
                    "-sS", "-T", file.path, "-H", "Transfer-Encoding: chunked", "-H", "Expect: 100-continue",
                    "-o", directory.file("answer").path, "-w", "%{http_code}", "http://127.0.0.1:\(port)/upload",
                ])
            #expect(run.status == 0 && run.stdout == "200", "\(run)")
            let answer = try Data(contentsOf: directory.file("answer"))
            let echoed = answer == Data("PUT /upload\n".utf8) + body  // a Bool: a failure must not print 300 KB
            #expect(echoed, "\(answer.count) bytes came back: \(String(decoding: answer.prefix(200), as: UTF8.self))")
        }
    }

    @Test func curlIsToldWhyAnOversizedBodyIsRefused() async throws {
        try await ServerFixture.with(limits: HTTPServerLimits(maxBodyBytes: 1000)) { _, port in
            let run = try await ExternalTool.run(
                "curl", ["-sS", "--data-binary", String(repeating: "x", count: 5000), "http://127.0.0.1:\(port)/"])
            #expect(run.stdout == "413 Content Too Large: the request body is larger than 1000 bytes\n", "\(run)")
        }
    }

    @Test func curlSeesAStreamChunkByChunk() async throws {
        try await ServerFixture.with(handler: HTTPResponseWriterTests.streaming()) { _, port in
            let run = try await ExternalTool.run("curl", ["-sS", "-N", "--raw", "http://127.0.0.1:\(port)/"])
            #expect(run.status == 0)
            #expect(
                run.stdout
                    == "b\r\ndata: one\n\n\r\nb\r\ndata: two\n\n\r\nd\r\ndata: three\n\n\r\nc\r\ndata: four\n\n\r\n0\r\n\r\n"
            )
        }
    }

    /// Python's http.client on one connection: keep-alive, a chunked body, HEAD, a 1.0-style close.
    static let pythonClient = #"""
        import http.client, json, sys, urllib.request
        port = int(sys.argv[1])
        results = {}
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        conn.request("GET", "/one?q=1")
        r = conn.getresponse(); results["one"] = [r.status, r.read().decode(), r.getheader("X-Request-Number")]
        conn.request("POST", "/two", body=iter([b"ab", b"cd", b"ef"]), encode_chunked=True,
                     headers={"Content-Type": "text/plain"})
        r = conn.getresponse(); results["two"] = [r.status, r.read().decode(), r.getheader("X-Request-Number")]
        conn.request("HEAD", "/three")
        r = conn.getresponse(); results["three"] = [r.status, r.read().decode(), r.getheader("Content-Length")]
        conn.request("PUT", "/four", body=b"x" * 100000)
        r = conn.getresponse(); results["four"] = [r.status, len(r.read()), r.getheader("X-Connection")]
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/five") as r:
            results["five"] = [r.status, r.read().decode()]
        try:
            urllib.request.urlopen(urllib.request.Request(f"http://127.0.0.1:{port}/six", data=b"y" * 100001))
        except urllib.error.HTTPError as e:
            results["six"] = [e.code, e.read().decode()]
        print(json.dumps(results, sort_keys=True))
        """#

    @Test func pythonHTTPClientAndURLLib() async throws {
        try await ServerFixture.with(limits: HTTPServerLimits(maxBodyBytes: 100_000)) { server, port in
            let run = try await ExternalTool.run("python3", ["-c", Self.pythonClient, String(port)])
            #expect(run.status == 0, "\(run)")
            let expected =
                #"{"five": [200, "GET /five\n"], "four": [200, 100010, "1"], "one": [200, "GET /one?q=1\n", "1"], "#
                + #""six": [413, "413 Content Too Large: the request body is larger than 100000 bytes\n"], "#
                + #""three": [200, "", "12"], "two": [200, "POST /two\nabcdef", "2"]}"# + "\n"
            #expect(run.stdout == expected)
            #expect(server.statistics.connectionsAccepted == 3, "one http.client connection, two urllib ones")
        }
    }

    /// Python reading a server-sent event stream line by line as it arrives.
    @Test func pythonReadsAStreamAsItArrives() async throws {
        let script = #"""
            import http.client, sys
            conn = http.client.HTTPConnection("127.0.0.1", int(sys.argv[1]), timeout=10)
            conn.request("GET", "/events")
            r = conn.getresponse()
            lines = []
            while True:
                line = r.readline()  # http.client de-chunks; each line as soon as its chunk arrives
                if not line: break
                if line.strip(): lines.append(line.decode().strip())
            print(r.getheader("Transfer-Encoding"), lines)
            """#
        try await ServerFixture.with(handler: HTTPResponseWriterTests.streaming()) { _, port in
            let run = try await ExternalTool.run("python3", ["-c", script, String(port)])
            #expect(run.status == 0, "\(run)")
            #expect(run.stdout == "chunked ['data: one', 'data: two', 'data: three', 'data: four']\n")
        }
    }
}
