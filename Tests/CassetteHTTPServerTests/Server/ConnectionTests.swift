import CassetteHTTPServer
import Foundation
import Testing

/// The wire protocol over raw sockets: what an HTTP client library would never send.
@Suite struct ConnectionTests {
    struct Refusal: CustomTestStringConvertible, Sendable {
        let name: String
        let request: String
        let status: Int
        let explanation: String
        var testDescription: String { name }
    }

    static let refusals: [Refusal] = [
        Refusal(
            name: "Content-Length and Transfer-Encoding (smuggling)",
            request: "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
            status: 400, explanation: "both Transfer-Encoding and Content-Length"),
        Refusal(
            name: "two Content-Length fields that differ",
            request: "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd",
            status: 400, explanation: "2 Content-Length fields"),
        Refusal(
            name: "two equal Content-Length fields",
            request: "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nContent-Length: 4\r\n\r\nabcd",
            status: 400, explanation: "2 Content-Length fields"),
        Refusal(
            name: "a Content-Length list",
            request: "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 4, 4\r\n\r\nabcd",
            status: 400, explanation: "is not a decimal number"),
        Refusal(
            name: "a signed Content-Length",
            request: "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: +4\r\n\r\nabcd",
            status: 400, explanation: "is not a decimal number"),
        Refusal(
            name: "chunked not the last coding",
            request: "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked, identity\r\n\r\n0\r\n\r\n",
            status: 501, explanation: "'identity' is not supported"),
        Refusal(
            name: "an unsupported transfer coding",
            request: "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n",
            status: 501, explanation: "'gzip' is not supported"),
        Refusal(
            name: "chunked twice",
            request:
                "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
            status: 400, explanation: "chunked more than once"),
        Refusal(
            name: "Transfer-Encoding in HTTP/1.0",
            request: "POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
            status: 400, explanation: "Transfer-Encoding needs HTTP/1.1"),
        Refusal(
            name: "obs-fold", request: "GET / HTTP/1.1\r\nHost: x\r\nX-Long: a\r\n  b\r\n\r\n", status: 400,
            explanation: "obs-fold"),
        Refusal(
            name: "whitespace before the colon", request: "GET / HTTP/1.1\r\nHost: x\r\nContent-Length : 0\r\n\r\n",
            status: 400, explanation: "no whitespace before ':'"),
        Refusal(
            name: "a header line without a colon", request: "GET / HTTP/1.1\r\nHost: x\r\nnonsense\r\n\r\n",
            status: 400, explanation: "has no ':'"),
        Refusal(
            name: "a bare CR in a value", request: "GET / HTTP/1.1\r\nHost: x\r\nX-A: 1\r2\r\n\r\n", status: 400,
            explanation: "control character"),
        Refusal(
            name: "no Host in HTTP/1.1", request: "GET / HTTP/1.1\r\nAccept: */*\r\n\r\n", status: 400,
            explanation: "needs a Host field"),
        Refusal(
            name: "two Host fields", request: "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", status: 400,
            explanation: "2 Host fields"),
        Refusal(
            name: "a request line with two spaces", request: "GET  / HTTP/1.1\r\nHost: x\r\n\r\n", status: 400,
            explanation: "single spaces"),
        Refusal(name: "garbage", request: "\u{1}\u{2}\u{3} hello\r\n\r\n", status: 400, explanation: "request line"),
        Refusal(
            name: "a target that is not a path", request: "GET example.com HTTP/1.1\r\nHost: x\r\n\r\n", status: 400,
            explanation: "neither '/path' nor 'http://host/path'"),
        Refusal(name: "HTTP/2.0", request: "GET / HTTP/2.0\r\nHost: x\r\n\r\n", status: 505, explanation: "HTTP/2.0"),
        Refusal(name: "HTTP/0.9-style", request: "GET /\r\n\r\n", status: 400, explanation: "single spaces"),
        Refusal(
            name: "an unknown expectation", request: "GET / HTTP/1.1\r\nHost: x\r\nExpect: 200-ok\r\n\r\n",
            status: 417, explanation: "only 100-continue"),
        Refusal(
            name: "CONNECT", request: "CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n",
            status: 501, explanation: "not a proxy"),
        Refusal(
            name: "a chunk size that is not hex",
            request: "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nab\r\n0\r\n\r\n",
            status: 400,
            explanation: "not hexadecimal"),
        Refusal(
            name: "chunk data longer than its size",
            request: "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n0\r\n\r\n",
            status: 400, explanation: "not followed by CRLF"),
        Refusal(
            name: "an overflowing chunk size",
            request: "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nffffffffffffffffff\r\n",
            status: 400,
            explanation: "at most 15 digits"),
    ]

    @Test(arguments: refusals)
    func refusesWithTheStatusAndSaysWhy(_ refusal: Refusal) async throws {
        let reached = Counter()
        let handler: HTTPServer.SynchronousHandler = { request, response in
            reached.increment()
            ServerFixture.echo(request, response)
        }
        try await ServerFixture.with(handler: handler) { _, port in
            let connection = try RawConnection(port: port)
            try connection.send(refusal.request)
            let answer = connection.readToEnd()
            #expect(statusCode(of: answer) == refusal.status, "\(answer)")
            #expect(answer.contains(refusal.explanation), "\(answer)")
            #expect(answer.contains("Connection: close\r\n"))
        }
        #expect(reached.value == 0, "a refused request must not reach the handler")
    }

    @Test func aRequestLineOverTheLimitIs414() async throws {
        let limits = HTTPServerLimits(maxRequestLineBytes: 100)
        try await ServerFixture.with(limits: limits) { _, port in
            let fits = try RawConnection(port: port)
            let target = "/" + String(repeating: "a", count: 100 - "GET / HTTP/1.1".count)
            try fits.send("GET \(target) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            #expect(statusCode(of: fits.readToEnd()) == 200)
            let long = try RawConnection(port: port)
            try long.send("GET /\(target) HTTP/1.1\r\nHost: x\r\n\r\n")
            let answer = long.readToEnd()
            #expect(statusCode(of: answer) == 414)
            #expect(answer.contains("longer than 100 bytes"))
        }
    }

    @Test func headersOverTheByteLimitAre431() async throws {
        let limits = HTTPServerLimits(maxHeaderBytes: 200)
        try await ServerFixture.with(limits: limits) { _, port in
            let fits = try RawConnection(port: port)
            // "Host: x\r\n" (9) + "Connection: close\r\n" (19) + "X: " ... "\r\n"; 200 bytes exactly.
            let filler = String(repeating: "v", count: 200 - 9 - 19 - 5)
            try fits.send("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\nX: \(filler)\r\n\r\n")
            #expect(statusCode(of: fits.readToEnd()) == 200)
            let large = try RawConnection(port: port)
            try large.send("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\nX: \(filler)v\r\n\r\n")
            let answer = large.readToEnd()
            #expect(statusCode(of: answer) == 431)
            #expect(answer.contains("larger than 200 bytes"))
        }
    }

    @Test func headersOverTheCountLimitAre431() async throws {
        let limits = HTTPServerLimits(maxHeaderCount: 10)
        try await ServerFixture.with(limits: limits) { _, port in
            let fields = (1...9).map { "X-\($0): v\r\n" }.joined()
            let fits = try RawConnection(port: port)
            try fits.send(
                "GET / HTTP/1.1\r\nHost: x\r\n\(fields)Connection: close\r\n\r\n".replacingOccurrences(
                    of: "X-9: v\r\n", with: ""))
            #expect(statusCode(of: fits.readToEnd()) == 200)
            let many = try RawConnection(port: port)
            try many.send("GET / HTTP/1.1\r\nHost: x\r\n\(fields)X-10: v\r\n\r\n")
            let answer = many.readToEnd()
            #expect(statusCode(of: answer) == 431)
            #expect(answer.contains("more than 10 fields"))
        }
    }

    @Test func aBodyOverTheLimitIs413WithoutAsking100Continue() async throws {
        let limits = HTTPServerLimits(maxBodyBytes: 10)
        try await ServerFixture.with(limits: limits) { _, port in
            let declared = try RawConnection(port: port)
            try declared.send("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 11\r\nExpect: 100-continue\r\n\r\n")
            let answer = declared.readToEnd()
            #expect(statusCode(of: answer) == 413, "\(answer)")
            #expect(!answer.contains("100 Continue"))
            #expect(answer.contains("larger than 10 bytes"))

            let chunked = try RawConnection(port: port)
            try chunked.send(
                "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n6\r\nabcdef\r\n6\r\nghijkl\r\n0\r\n\r\n"
            )
            #expect(statusCode(of: chunked.readToEnd()) == 413)

            let fits = try RawConnection(port: port)
            try fits.send("POST /ok HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\nConnection: close\r\n\r\n0123456789")
            #expect(fits.readToEnd().hasSuffix("POST /ok\n0123456789"))
        }
    }

    @Test func chunkedBodiesAreJoinedWithExtensionsAndTrailersDropped() async throws {
        try await ServerFixture.with { _, port in
            let connection = try RawConnection(port: port)
            try connection.send(
                "POST /upload HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: Chunked\r\nConnection: close\r\n\r\n"
                    + "5;name=value\r\nhello\r\n1\r\n,\r\n6\r\n world\r\n0\r\nX-Checksum: 1234\r\nX-Other: 5\r\n\r\n")
            let answer = connection.readToEnd()
            #expect(statusCode(of: answer) == 200)
            #expect(answer.hasSuffix("POST /upload\nhello, world"))
            #expect(!answer.contains("X-Checksum"))
        }
    }

    @Test func pipelinedRequestsAreAnsweredInOrderOnOneConnection() async throws {
        try await ServerFixture.with { server, port in
            let connection = try RawConnection(port: port)
            let requests = (1...5).map { number in
                number == 3
                    ? "POST /3 HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n"
                    : "GET /\(number) HTTP/1.1\r\nHost: x\r\n\(number == 5 ? "Connection: close\r\n" : "")\r\n"
            }
            try connection.send(requests.joined())  // all at once, before reading any answer
            let answers = connection.readToEnd()
            let bodies = answers.components(separatedBy: "\r\n\r\n").dropFirst().map { $0.prefix { $0 != "H" } }
            #expect(bodies == ["GET /1\n", "GET /2\n", "POST /3\nabc", "GET /4\n", "GET /5\n"], "\(answers)")
            #expect(
                answers.components(separatedBy: "X-Request-Number: ").dropFirst().map { $0.prefix(1) } == [
                    "1", "2", "3", "4", "5",
                ])
            #expect(server.statistics.connectionsAccepted == 1)
            #expect(server.statistics.requestsReceived == 5)
        }
    }

    @Test func expect100ContinueIsAnsweredBeforeTheBody() async throws {
        try await ServerFixture.with { _, port in
            let connection = try RawConnection(port: port)
            try connection.send(
                "PUT /up HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nExpect: 100-Continue\r\nConnection: close\r\n\r\n")
            #expect(connection.read(until: "\r\n\r\n") == "HTTP/1.1 100 Continue\r\n\r\n")
            try connection.send("abcde")
            let answer = connection.readToEnd()
            #expect(statusCode(of: answer) == 200)
            #expect(answer.hasSuffix("PUT /up\nabcde"))
        }
    }

    @Test func headGetsTheHeadersOfGetAndNoBody() async throws {
        try await ServerFixture.with { _, port in
            let connection = try RawConnection(port: port)
            try connection.send(
                "HEAD /thing HTTP/1.1\r\nHost: x\r\n\r\nGET /after HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            let answers = connection.readToEnd()
            let parts = answers.components(separatedBy: "\r\n\r\n")
            #expect(parts.count == 3, "\(answers)")
            #expect(parts[0].contains("Content-Length: 12"))  // the length of "HEAD /thing\n"
            #expect(parts[1].hasPrefix("HTTP/1.1 200 OK"), "the HEAD response must carry no body")
            #expect(parts[2] == "GET /after\n")
        }
    }

    @Test func absoluteFormTargetsKeepTheTargetAndExposeThePath() async throws {
        let seen = Box<HTTPServerRequest>()
        let handler: HTTPServer.SynchronousHandler = { request, response in
            seen.set(request)
            ServerFixture.echo(request, response)
        }
        try await ServerFixture.with(handler: handler) { _, port in
            let connection = try RawConnection(port: port)
            try connection.send(
                "GET http://example.com:8080/a/b?q=1 HTTP/1.1\r\nHost: example.com:8080\r\nConnection: close\r\n\r\n")
            #expect(statusCode(of: connection.readToEnd()) == 200)
        }
        let request = try #require(seen.value)
        let origin = HTTPServerRequest(method: "GET", target: "/go?to=http://example.com/x")
        #expect(origin.path == "/go" && origin.query == "to=http://example.com/x")
        #expect(HTTPServerRequest(method: "GET", target: "http://example.com?q").pathAndQuery == "/?q")
        #expect(request.target == "http://example.com:8080/a/b?q=1")
        #expect(request.pathAndQuery == "/a/b?q=1")
        #expect(request.path == "/a/b")
        #expect(request.query == "q=1")
    }

    @Test func headersKeepOrderSpellingAndDuplicatesAndMatchCaseInsensitively() async throws {
        let seen = Box<HTTPServerRequest>()
        let handler: HTTPServer.SynchronousHandler = { request, response in
            seen.set(request)
            ServerFixture.echo(request, response)
        }
        try await ServerFixture.with(handler: handler) { _, port in
            let connection = try RawConnection(port: port)
            try connection.send(
                "GET / HTTP/1.1\r\nhost: x\r\nX-Tag: one\r\nx-tag:two  \r\nACCEPT:\t*/*\r\nConnection: close\r\n\r\n")
            _ = connection.readToEnd()
        }
        let request = try #require(seen.value)
        #expect(request.headers.map(\.name) == ["host", "X-Tag", "x-tag", "ACCEPT", "Connection"])
        #expect(request.headerValues("X-TAG") == ["one", "two"])
        #expect(request.header("accept") == "*/*")
        #expect(request.version == .http11)
    }

    @Test func http10ClosesUnlessAskedToKeepAlive() async throws {
        try await ServerFixture.with { server, port in
            let plain = try RawConnection(port: port)
            try plain.send("GET /a HTTP/1.0\r\n\r\n")
            let answer = plain.readToEnd(timeout: .seconds(5))
            #expect(answer.contains("Connection: close\r\n"))
            #expect(answer.hasSuffix("GET /a\n"))

            let kept = try RawConnection(port: port)
            try kept.send("GET /b HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            #expect(kept.read(until: "GET /b\n").contains("Connection: keep-alive\r\n"))
            try kept.send("GET /c HTTP/1.0\r\n\r\n")
            #expect(kept.readToEnd().hasSuffix("GET /c\n"))
            #expect(server.statistics.connectionsAccepted == 2)
        }
    }

    @Test func connectionCloseClosesAfterTheResponse() async throws {
        try await ServerFixture.with { _, port in
            let connection = try RawConnection(port: port)
            try connection.send("GET /x HTTP/1.1\r\nHost: x\r\nConnection: Close\r\n\r\n")
            let answer = connection.readToEnd(timeout: .seconds(5))
            #expect(answer.contains("Connection: close\r\n"))
            #expect(answer.hasSuffix("GET /x\n"), "the server must close, not wait for the idle timeout")
        }
    }

    @Test func aStalledRequestGets408() async throws {
        let limits = HTTPServerLimits(readTimeout: .milliseconds(300))
        try await ServerFixture.with(limits: limits) { _, port in
            let head = try RawConnection(port: port)
            try head.send("GET / HTTP/1.1\r\nHost: x\r\n")
            let answer = head.readToEnd()
            #expect(statusCode(of: answer) == 408)
            #expect(answer.contains("header section did not arrive"))

            let body = try RawConnection(port: port)
            try body.send("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\nabc")
            #expect(statusCode(of: body.readToEnd()) == 408)
        }
    }

    @Test func anIdleKeepAliveConnectionIsClosedQuietly() async throws {
        let limits = HTTPServerLimits(idleTimeout: .milliseconds(200))
        try await ServerFixture.with(limits: limits) { _, port in
            let connection = try RawConnection(port: port)
            try connection.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(statusCode(of: connection.read(until: "GET /\n")) == 200)
            #expect(connection.readToEnd(timeout: .seconds(5)) == "", "no 408 for a connection with no request")
        }
    }

    @Test func leadingEmptyLinesAreSkipped() async throws {
        try await ServerFixture.with { _, port in
            let connection = try RawConnection(port: port)
            try connection.send("\r\n\r\nGET /after-crlf HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            #expect(connection.readToEnd().hasSuffix("GET /after-crlf\n"))
        }
    }

    @Test func aClientThatVanishesMidRequestDoesNotReachTheHandler() async throws {
        let reached = Counter()
        let handler: HTTPServer.SynchronousHandler = { request, response in
            reached.increment()
            ServerFixture.echo(request, response)
        }
        try await ServerFixture.with(handler: handler) { server, port in
            do {
                let connection = try RawConnection(port: port)
                try connection.send("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nshort")
                connection.finishSending()
                #expect(connection.readToEnd() == "")
            }
            let next = try RawConnection(port: port)
            try next.send("GET /still-up HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            #expect(next.readToEnd().hasSuffix("GET /still-up\n"))
            #expect(server.statistics.requestsReceived == 1)
        }
        #expect(reached.value == 1)
    }
}
