import CassetteTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The test server's streamed routes through the real URLSession, as streaming record and replay tests
/// will use them: a data delegate sees one `didReceive` per chunk the server wrote.
@Suite struct TestHTTPServerStreamingTests {
    static let routes = [
        "/stream/chunked", "/stream/chunked?count=200", "/stream/openai", "/stream/openai?count=20",
        "/stream/anthropic",
        "/stream/ndjson", "/stream/drip?count=3&ms=20",
    ]

    /// The chunks the route is declared to send.
    static func declaredChunks(_ target: String) throws -> [String] {
        let route = TestHTTPServer.streamingRoute(HTTPRequestHead(method: "GET", target: target, headers: [], body: []))
        let stream = try #require(route?.stream, "\(target) is not a streamed route")
        return stream.chunks.map { String(decoding: $0, as: UTF8.self) }
    }

    @Test(arguments: routes)
    func aDataDelegateGetsEachChunkAsTheServerWroteIt(_ target: String) async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let fetch = await StreamedFetch.fetch(server.url(target))
        #expect(fetch.error == nil)
        #expect(fetch.chunks.map { String(decoding: $0, as: UTF8.self) } == (try Self.declaredChunks(target)))
        #expect(fetch.response?.value(forHTTPHeaderField: "Transfer-Encoding") == "chunked")
        let (whole, _) = try await URLSession.shared.data(from: server.url(target))
        #expect(whole == fetch.body, "data(for:) against a real server gets the whole body")
    }

    @Test func theOpenAIRouteIsShapedLikeChatCompletionChunks() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let fetch = await StreamedFetch.fetch(server.url("/stream/openai"))
        #expect(fetch.response?.value(forHTTPHeaderField: "Content-Type") == "text/event-stream")
        let events = fetch.chunks.map { String(decoding: $0, as: UTF8.self) }
        #expect(events.allSatisfy { $0.hasPrefix("data: ") && $0.hasSuffix("\n\n") })
        #expect(events.last == "data: [DONE]\n\n")
        var content = ""
        for event in events.dropLast() {
            let json = try #require(
                try JSONSerialization.jsonObject(with: Data(event.dropFirst(6).utf8)) as? [String: Any])
            #expect(json["object"] as? String == "chat.completion.chunk")
            let choice = try #require((json["choices"] as? [[String: Any]])?.first)
            content += (choice["delta"] as? [String: Any])?["content"] as? String ?? ""
        }
        #expect(content == "Hello, world 3")
    }

    @Test func theAnthropicRouteIsShapedLikeMessagesEvents() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let fetch = await StreamedFetch.fetch(server.url("/stream/anthropic"))
        let events = fetch.chunks.map { String(decoding: $0, as: UTF8.self) }
        let names = events.map { $0.split(separator: "\n")[0] }
        #expect(
            names == [
                "event: message_start", "event: content_block_start", "event: ping", "event: content_block_delta",
                "event: content_block_delta", "event: content_block_delta", "event: content_block_stop",
                "event: message_delta", "event: message_stop",
            ])
        for event in events {
            let data = try #require(event.split(separator: "\n").last { $0.hasPrefix("data: ") })
            let json = try #require(
                try JSONSerialization.jsonObject(with: Data(data.dropFirst(6).utf8)) as? [String: Any])
            #expect("event: \(json["type"] as? String ?? "?")" == String(event.split(separator: "\n")[0]))
        }
    }

    @Test func theNDJSONRouteSendsOneJSONObjectPerChunk() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let fetch = await StreamedFetch.fetch(server.url("/stream/ndjson"))
        #expect(fetch.response?.value(forHTTPHeaderField: "Content-Type") == "application/x-ndjson")
        let ids = try fetch.chunks.map { chunk in
            #expect(chunk.last == UInt8(ascii: "\n"))
            return try #require(try JSONSerialization.jsonObject(with: chunk) as? [String: Any])["id"] as? Int
        }
        #expect(ids == [1, 2, 3, 4])
    }

    @Test func aCutStreamGivesTheChunksThenATransportError() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let fetch = await StreamedFetch.fetch(server.url("/stream/cut"))
        #expect(
            fetch.chunks.map { String(decoding: $0, as: UTF8.self) } == [
                "part 1 of 4\n", "part 2 of 4\n", "part 3 of 4\n",
            ])
        let error = try #require(fetch.error, "a stream cut before its end must fail the task")
        #if canImport(FoundationNetworking)
            // libcurl's "transfer closed with outstanding read data remaining", measured as -1.
            #expect(error.code == .unknown)
        #endif
        await #expect(throws: URLError.self) { _ = try await URLSession.shared.data(from: server.url("/stream/cut")) }
    }

    @Test func stopEndsADripAtOnce() async throws {
        let server = try TestHTTPServer()
        let task = Task { await StreamedFetch.fetch(server.url("/stream/drip?count=100&ms=1000")) }
        while server.requestCount == 0 { try await Task.sleep(for: .milliseconds(10)) }
        server.stop()
        let fetch = await task.value
        // 100 pauses of a second would outlast the server's 1 s grace period and be cut off.
        #expect(fetch.chunks.count == 100, "stop() cuts the pauses short and the rest of the drip is written")
        #expect(fetch.error == nil)
    }
}
