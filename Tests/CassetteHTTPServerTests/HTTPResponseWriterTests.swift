import CassetteHTTPServer
import CassetteTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Whole and streamed responses as clients see them.
@Suite struct HTTPResponseWriterTests {
    static let pieces = ["data: one\n\n", "data: two\n\n", "data: three\n\n", "data: four\n\n"]

    /// Streams `pieces`, pausing `pause` between them, and aborts instead of finishing when `cut`.
    static func streaming(pause: Double = 0.02, cut: Bool = false) -> HTTPServer.SynchronousHandler {
        { _, response in
            do {
                try response.writeHead(status: 200, headers: [("Content-Type", "text/event-stream")])
                for piece in pieces {
                    try response.writeBodyChunk(Data(piece.utf8))
                    Thread.sleep(forTimeInterval: pause)
                }
                if cut { response.abort() } else { try response.finish() }
            } catch {
                Issue.record("streaming failed: \(error)")
            }
        }
    }

    @Test func aURLSessionDelegateSeesEachChunkAsItIsWritten() async throws {
        try await ServerFixture.with(handler: Self.streaming()) { _, port in
            let fetch = await StreamedFetch.fetch(URL(string: "http://127.0.0.1:\(port)/events")!)
            #expect(fetch.error == nil)
            #expect(fetch.response?.value(forHTTPHeaderField: "Content-Type") == "text/event-stream")
            #expect(fetch.chunks.map { String(decoding: $0, as: UTF8.self) } == Self.pieces)
        }
    }

    @Test func anAbortedStreamReachesTheDelegateAsAnErrorAfterItsChunks() async throws {
        try await ServerFixture.with(handler: Self.streaming(cut: true)) { _, port in
            let fetch = await StreamedFetch.fetch(URL(string: "http://127.0.0.1:\(port)/events")!)
            #expect(fetch.chunks.map { String(decoding: $0, as: UTF8.self) } == Self.pieces)
            let error = try #require(fetch.error, "a stream cut before its last chunk must fail the task")
            // Measured on Linux (swift-corelibs-foundation over libcurl): -1, URLError.unknown.
            #expect(error.code != .cancelled)
        }
    }

    @Test func chunksGoOnTheWireChunkedAndTheAbortLeavesOutTheLastChunk() async throws {
        try await ServerFixture.with(handler: Self.streaming(pause: 0)) { _, port in
            let connection = try RawConnection(port: port)
            try connection.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            let answer = connection.read(until: "0\r\n\r\n")
            #expect(answer.contains("Transfer-Encoding: chunked\r\n"))
            #expect(!answer.contains("Content-Length"))
            #expect(
                answer.hasSuffix(
                    "\r\n\r\nb\r\ndata: one\n\n\r\nb\r\ndata: two\n\n\r\nd\r\ndata: three\n\n\r\nc\r\ndata: four\n\n\r\n0\r\n\r\n"
                ))
        }
        try await ServerFixture.with(handler: Self.streaming(pause: 0, cut: true)) { _, port in
            let connection = try RawConnection(port: port)
            try connection.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            let answer = connection.readToEnd()
            #expect(answer.hasSuffix("c\r\ndata: four\n\n\r\n"), "\(answer)")
        }
    }

    @Test func curlSeesAnAbortedStreamAsAPartialTransfer() async throws {
        try await ServerFixture.with(handler: Self.streaming(cut: true)) { _, port in
            let run = try await ExternalTool.run("curl", ["-sS", "-N", "http://127.0.0.1:\(port)/events"])
            #expect(run.stdout == Self.pieces.joined())
            #expect(run.status == 18, "curl's CURLE_PARTIAL_FILE: \(run)")
        }
    }

    @Test func aDeclaredLengthStreamsRawBytesAndACountMismatchIsRefused() async throws {
        let errors = Box<[String]>()
        let handler: HTTPServer.SynchronousHandler = { request, response in
            do {
                try response.writeHead(status: 200, headers: [("Content-Length", "10")])
                try response.writeBodyChunk(Data("01234".utf8))
                if request.path == "/over" {
                    do {
                        try response.writeBodyChunk(Data("567890".utf8))
                    } catch {
                        errors.set(["\(error)"])
                        return
                    }
                }
                try response.writeBodyChunk(Data("56789".utf8))
            } catch {
                Issue.record("\(error)")
            }
        }
        try await ServerFixture.with(handler: handler) { _, port in
            let (data, response) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(port)/")!)
            #expect(String(decoding: data, as: UTF8.self) == "0123456789")
            #expect((response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Transfer-Encoding") == nil)
            let connection = try RawConnection(port: port)
            try connection.send("GET /over HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(connection.readToEnd().hasSuffix("\r\n\r\n01234"), "the short body is cut, not padded")
        }
        #expect(errors.value == ["invalid response: 6 more bytes would pass the declared Content-Length (5 left)"])
    }

    @Test func anHTTP10ClientGetsAStreamDelimitedByClose() async throws {
        try await ServerFixture.with(handler: Self.streaming(pause: 0)) { _, port in
            let connection = try RawConnection(port: port)
            try connection.send("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            let answer = connection.readToEnd()
            #expect(!answer.contains("Transfer-Encoding"))
            #expect(answer.contains("Connection: close\r\n"))
            #expect(answer.hasSuffix("\r\n\r\n" + Self.pieces.joined()))
        }
    }

    @Test func headGetsTheStreamedHeadOnly() async throws {
        try await ServerFixture.with(handler: Self.streaming(pause: 0)) { _, port in
            let connection = try RawConnection(port: port)
            try connection.send(
                "HEAD / HTTP/1.1\r\nHost: x\r\n\r\nGET /next HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            let answers = connection.readToEnd()
            let heads = answers.components(separatedBy: "HTTP/1.1 200 OK")
            #expect(heads.count == 3, "\(answers)")
            #expect(heads[1].hasSuffix("\r\n\r\n"), "no body after the HEAD response")
        }
    }

    @Test func anEmptyChunkSendsNothingRatherThanEndingTheStream() async throws {
        let handler: HTTPServer.SynchronousHandler = { _, response in
            try? response.writeHead(status: 200)
            try? response.writeBodyChunk(Data())
            try? response.writeBodyChunk(Data("after".utf8))
        }
        try await ServerFixture.with(handler: handler) { _, port in
            let (data, _) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(port)/")!)
            #expect(String(decoding: data, as: UTF8.self) == "after")
        }
    }

    struct Misuse: CustomTestStringConvertible, Sendable {
        let name: String
        let error: String
        let act: @Sendable (HTTPResponseWriter) throws -> Void
        var testDescription: String { name }
    }

    static let misuses: [Misuse] = [
        Misuse(name: "Transfer-Encoding from the handler", error: "leave out Transfer-Encoding") {
            try $0.respond(status: 200, headers: [("Transfer-Encoding", "chunked")])
        },
        Misuse(name: "a CRLF in a header value", error: "the value of header 'X-Injected' has a CR, LF") {
            try $0.respond(status: 200, headers: [("X-Injected", "a\r\nSet-Cookie: evil=1")])
        },
        Misuse(name: "a space in a header name", error: "the header name 'Bad Name'") {
            try $0.respond(status: 200, headers: [("Bad Name", "v")])
        },
        Misuse(name: "a body on 204", error: "a 204 response has no body, but 1 bytes were given") {
            try $0.respond(status: 204, body: Data("x".utf8))
        },
        Misuse(name: "a wrong Content-Length", error: "Content-Length 3 does not match the body's 2 bytes") {
            try $0.respond(status: 200, headers: [("Content-Length", "3")], body: Data("ab".utf8))
        },
        Misuse(name: "an informational status", error: "status 101 cannot be sent") {
            try $0.respond(status: 101)
        },
        Misuse(name: "a chunk before the head", error: "writeBodyChunk before writeHead") {
            try $0.writeBodyChunk(Data("x".utf8))
        },
        Misuse(name: "two responses", error: "a response was already sent for this request") {
            try $0.respond(status: 200)
            try $0.respond(status: 200)
        },
    ]

    @Test(arguments: misuses)
    func misuseIsRefusedWithAnActionableError(_ misuse: Misuse) async throws {
        let thrown = Box<HTTPServerError>()
        let handler: HTTPServer.SynchronousHandler = { _, response in
            do {
                try misuse.act(response)
            } catch {
                thrown.set(error as? HTTPServerError ?? .connectionClosed)
            }
        }
        try await ServerFixture.with(handler: handler) { _, port in
            let connection = try RawConnection(port: port)
            try connection.send("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            let answer = connection.readToEnd()
            #expect(!answer.contains("Set-Cookie"))
        }
        let error = try #require(thrown.value)
        #expect(error.description.contains(misuse.error), "\(error)")
    }

    @Test func aClientThatLeftMakesWritesFailInsteadOfKillingTheProcess() async throws {
        let failure = Box<HTTPServerError>()
        let gone = DispatchSemaphore(value: 0)
        let handler: HTTPServer.SynchronousHandler = { _, response in
            do {
                try response.writeHead(status: 200)
                gone.wait()
                for _ in 0..<1000 { try response.writeBodyChunk(Data(repeating: 65, count: 65536)) }
            } catch {
                failure.set(error as? HTTPServerError ?? .writeTimedOut)
            }
        }
        try await ServerFixture.with(handler: handler) { _, port in
            do {
                let connection = try RawConnection(port: port)
                try connection.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
                _ = connection.read(until: "\r\n\r\n")
            }
            gone.signal()  // the connection is closed: writing to it would raise SIGPIPE without MSG_NOSIGNAL
            for _ in 0..<200 where failure.value == nil { try await Task.sleep(for: .milliseconds(10)) }
        }
        #expect(failure.value == .connectionClosed)
    }
}
