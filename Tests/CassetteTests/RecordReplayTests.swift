import Cassette
import CassetteTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Record against the loopback server through the real URLSession, then replay with the server
/// stopped: the caller sees the same thing both times.
@Suite struct RecordReplayTests {
    struct Exchange: Equatable {
        var status: Int
        var url: String?
        var body: Data
        var contentType: String?
    }

    func exchange(_ session: URLSession, _ url: URL) async throws -> Exchange {
        let (data, response) = try await session.fetch(url)
        return Exchange(
            status: response.statusCode, url: response.url?.absoluteString, body: data,
            contentType: response.value(forHTTPHeaderField: "Content-Type"))
    }

    struct RoundTrip {
        var recorded: Exchange
        var replayed: Exchange
        var file: URL
        /// Keeps the file until the test is done with it.
        var directory: TemporaryDirectory
    }

    /// Records one request, stops the server, replays it, and returns both exchanges and the file.
    func recordAndReplay(_ path: String) async throws -> RoundTrip {
        let directory = try TemporaryDirectory()
        let file = directory.file("Route.json")
        let server = try TestHTTPServer()
        let url = server.url(path)
        let recorder = try openCassette(file, .record)
        let recorded = try await exchange(recorder.session(), url)
        try await recorder.finish()
        server.stop()
        let player = try openCassette(file, .replay)
        let replayed = try await exchange(player.session(), url)
        try await player.finish()
        return RoundTrip(recorded: recorded, replayed: replayed, file: file, directory: directory)
    }

    @Test(arguments: [
        "/json", "/text", "/binary", "/gzip", "/status/204", "/status/304", "/status/404", "/status/500",
        "/redirect/301", "/redirect/302", "/redirect/303", "/redirect/307", "/redirect/308", "/redirect/chain",
        "/cookie/set", "/slow?ms=50",
    ])
    func replayGivesTheCallerWhatRecordingGave(path: String) async throws {
        let trip = try await recordAndReplay(path)
        #expect(trip.replayed == trip.recorded)
    }

    @Test func replayNeverReachesTheServerEvenWhileItIsUp() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("Offline.json")
        let server = try TestHTTPServer()
        let recorder = try openCassette(file, .record)
        for path in ["/json", "/text", "/redirect/302", "/status/204"] {
            _ = try await recorder.session().fetch(server.url(path))
        }
        try await recorder.finish()
        let before = server.requestCount
        let player = try openCassette(file, .replay)
        for path in ["/json", "/text", "/redirect/302", "/status/204"] {
            _ = try await player.session().fetch(server.url(path))
        }
        _ = try? await player.session().fetch(server.url("/binary"))
        try await player.finish()
        #expect(server.requestCount == before)
        #expect(player.misses.count == 1)
    }

    @Test func jsonIsStoredStructured() async throws {
        let trip = try await recordAndReplay("/json")
        let (recorded, file) = (trip.recorded, trip.file)
        #expect(recorded.body == Data(#"{"id":1,"name":"Ada","tags":["a","b"]}"#.utf8))
        let text = try fileText(file)
        #expect(text.contains(#""json": {"#))
        #expect(text.contains(#""name": "Ada""#))
    }

    @Test func gzipBodiesAreStoredDecodedWithHeadersThatDescribeThem() async throws {
        let trip = try await recordAndReplay("/gzip")
        let (recorded, replayed, file) = (trip.recorded, trip.replayed, trip.file)
        let expected = Data(#"{"compressed":true,"items":[1,2,3]}"#.utf8)
        #expect(recorded.body == expected)
        #expect(replayed.body == expected)
        let response = try #require(try CassetteDocument.read(from: file).interactions.first?.response)
        #expect(response.headers.value(for: "Content-Encoding") == nil)
        #expect(response.headers.value(for: "Content-Length") == String(expected.count))
    }

    @Test func callersSeeTheSameJSONBytesInRecordAndReplayAndContentLengthFitsThem() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("Pretty.json")
        let server = try TestHTTPServer { _ in .json("{\n  \"b\": 1,\n  \"a\": [true, null]\n}\n") }
        let recorder = try openCassette(file, .record)
        let (recorded, recordedResponse) = try await recorder.session().fetch(server.url("/pretty"))
        try await recorder.finish()
        server.stop()
        let player = try openCassette(file, .replay)
        let (replayed, replayedResponse) = try await player.session().fetch(server.url("/pretty"))
        #expect(recorded == Data(#"{"a":[true,null],"b":1}"#.utf8))
        #expect(replayed == recorded)
        #expect(recordedResponse.value(forHTTPHeaderField: "Content-Length") == String(recorded.count))
        #expect(replayedResponse.value(forHTTPHeaderField: "Content-Length") == String(recorded.count))
    }

    @Test func redirectHopsAreRecordedAndTheFinalURLReplayed() async throws {
        let trip = try await recordAndReplay("/redirect/chain")
        let (recorded, replayed, file) = (trip.recorded, trip.replayed, trip.file)
        #expect(recorded.url?.hasSuffix("/json") == true)
        #expect(replayed.url == recorded.url)
        let interaction = try #require(try CassetteDocument.read(from: file).interactions.first)
        #expect(interaction.redirects.map(\.status) == [302, 302])
        #expect(interaction.redirects.map { $0.headers.value(for: "Location") } == ["/redirect/302", "/json"])
        #expect(interaction.response?.url?.hasSuffix("/json") == true)
    }

    @Test func emptyBodiesAreAbsentFromTheFile() async throws {
        let trip = try await recordAndReplay("/status/204")
        let (replayed, file) = (trip.replayed, trip.file)
        #expect(replayed.status == 204)
        #expect(replayed.body.isEmpty)
        #expect(try !fileText(file).contains("\"body\""))
    }

    @Test func tenMegabyteBodiesReplayExactly() async throws {
        let trip = try await recordAndReplay("/large?bytes=10485760")
        let (recorded, replayed) = (trip.recorded, trip.replayed)
        #expect(recorded.body.count == 10_485_760)
        #expect(replayed.body == recorded.body)
        #expect(replayed.body.enumerated().allSatisfy { $0.element == UInt8($0.offset % 251) })
    }

    @Test func setCookieHeadersAreRecordedAndServed() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("Cookies.json")
        let server = try TestHTTPServer()
        let recorder = try openCassette(file, .record)
        _ = try await recorder.session().fetch(server.url("/cookie/set"))
        try await recorder.finish()
        server.stop()
        let player = try openCassette(file, .replay)
        let (_, response) = try await player.session().fetch(server.url("/cookie/set"))
        let cookies = HTTPCookie.cookies(
            withResponseHeaderFields: response.allHeaderFields as? [String: String] ?? [:], for: response.url!)
        #expect(Set(cookies.map(\.name)) == ["session", "theme"])
    }

    @Test func transportErrorsAreRecordedAndReplayed() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("Refused.json")
        let closed = TestHTTPServer.closedPort()
        defer { withExtendedLifetime(closed) {} }
        let url = URL(string: "http://127.0.0.1:\(closed.port)/nothing")!
        let recorder = try openCassette(file, .record)
        do {
            _ = try await recorder.session().fetch(url)
            Issue.record("a request to a closed port succeeded")
        } catch let error as URLError {
            #expect(error.code == .cannotConnectToHost)
        }
        try await recorder.finish()
        #expect(
            try CassetteDocument.read(from: file).interactions.first?.outcome == .failure(TransportError(code: -1004)))
        let player = try openCassette(file, .replay)
        do {
            _ = try await player.session().fetch(url)
            Issue.record("replay of a refused connection succeeded")
        } catch let error as URLError {
            #expect(error.code == .cannotConnectToHost)
        }
    }

    @Test func requestBodiesFromStreamsAndConfigurationHeadersAreRecorded() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("Upload.json")
        let server = try TestHTTPServer()
        let recorder = try openCassette(file, .record)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpAdditionalHeaders = ["X-Client": "example/1.0"]
        var request = URLRequest(url: server.url("/echo"))
        request.httpMethod = "PUT"
        request.httpBodyStream = InputStream(data: Data("streamed body".utf8))
        let (data, _) = try await recorder.session(configuration: configuration).data(for: request)
        try await recorder.finish()
        // The server saw the configuration's header, and the echo shows the streamed body arrived.
        #expect(String(decoding: data, as: UTF8.self).contains(#""body":"streamed body""#))
        #expect(String(decoding: data, as: UTF8.self).contains(#""x-client":"example/1.0""#))
        let recordedRequest = try #require(try CassetteDocument.read(from: file).interactions.first?.request)
        #expect(recordedRequest.body == Data("streamed body".utf8))
        #expect(recordedRequest.headers.value(for: "X-Client") == "example/1.0")
    }

    /// A multipart upload is stored as its parts, readable in a diff, and replays for the same
    /// form sent with another (random) boundary.
    @Test func aMultipartUploadIsStoredAsItsPartsAndReplaysWithAnotherBoundary() async throws {
        func upload(_ session: URLSession, _ url: URL, boundary: String) async throws -> Data {
            var request = URLRequest(url: url)
            request.httpMethod = "POST"
            request.setValue("multipart/form-data; boundary=\(boundary)", forHTTPHeaderField: "Content-Type")
            var body = Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nHoliday\r\n".utf8)
            body += Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"a.bin\"\r\n".utf8)
            body += Data("Content-Type: application/octet-stream\r\n\r\n".utf8) + Data([0, 1, 2, 255])
            body += Data("\r\n--\(boundary)--\r\n".utf8)
            request.httpBody = body
            return try await session.data(for: request).0
        }
        let directory = try TemporaryDirectory()
        let file = directory.file("Upload.json")
        let server = try TestHTTPServer()
        let recorder = try openCassette(file, .record)
        let recorded = try await upload(recorder.session(), server.url("/echo"), boundary: UUID().uuidString)
        try await recorder.finish()
        server.stop()
        let text = try fileText(file)
        #expect(text.contains(#""multipart": {"#), "\(text)")
        #expect(text.contains(#""text": "Holiday""#))
        #expect(text.contains(#""base64": "AAEC/w==""#))
        let player = try openCassette(file, .replay)
        let replayed = try await upload(player.session(), server.url("/echo"), boundary: UUID().uuidString)
        #expect(replayed == recorded)
        try await player.finish()
    }

    @Test func jsonBodiesMatchWhateverTheirKeyOrder() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("Post.json")
        let server = try TestHTTPServer()
        let recorder = try openCassette(file, .record)
        let headers = ["Content-Type": "application/json"]
        _ = try await recorder.session().fetch(
            server.url("/echo?b=2&a=1"), method: "POST", body: Data(#"{"name":"Ada","age":36}"#.utf8),
            headers: headers)
        try await recorder.finish()
        server.stop()
        let player = try openCassette(file, .replay)
        let (data, response) = try await player.session().fetch(
            server.url("/echo?a=1&b=2"), method: "POST", body: Data(#"{ "age": 36.0, "name": "Ada" }"#.utf8),
            headers: headers)
        #expect(response.statusCode == 200)
        #expect(String(decoding: data, as: UTF8.self).contains(#""method":"POST""#))
    }
}
