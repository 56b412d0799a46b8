import Cassette
import CassetteTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Streamed responses recorded through the real URLSession from the loopback server's streaming
/// routes, then replayed with the server stopped: a data delegate sees the chunks it saw live, in
/// the same order and bytes, then the error of a cut stream; `data(for:)` gets the whole body.
@Suite struct StreamRecordReplayTests {
    static let routes = [
        "/stream/chunked?count=4", "/stream/openai?count=3", "/stream/anthropic?count=2", "/stream/ndjson?count=4",
        "/stream/drip?count=3&ms=30", "/stream/cut?count=3",
    ]

    /// The chunk sequence and error a delegate saw, byte for byte.
    struct Seen: Equatable {
        var chunks: [String]
        var error: URLError.Code?

        init(_ fetch: StreamedFetch) {
            chunks = fetch.chunks.map { String(decoding: $0, as: UTF8.self) }
            error = fetch.error?.code
        }
    }

    /// The chunk sequence with the JSON of each line (an event's `data:`, an NDJSON line) read as
    /// JSON and written back with sorted keys: what a client parsing the stream sees. A cassette
    /// stores an event's JSON as JSON and serves it compactly with sorted keys, as it does a JSON
    /// body; the framing and every other byte stay as they were.
    struct Parsed: Equatable {
        var chunks: [[String]]
        var error: URLError.Code?

        init(_ fetch: StreamedFetch) {
            chunks = fetch.chunks.map { chunk in
                String(decoding: chunk, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map {
                    line in
                    let prefix = line.hasPrefix("data: ") ? "data: " : ""
                    let payload = Data(line.dropFirst(prefix.count).utf8)
                    guard let value = try? JSONSerialization.jsonObject(with: payload),
                        let sorted = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys])
                    else { return String(line) }
                    return prefix + String(decoding: sorted, as: UTF8.self)
                }
            }
            error = fetch.error?.code
        }
    }

    struct Trip {
        var live: StreamedFetch
        var recorded: StreamedFetch
        var replayed: StreamedFetch
        var file: URL
        var server: TestHTTPServer
        var directory: TemporaryDirectory
    }

    /// Fetches `path` live, records it through a cassette, stops the server and replays it.
    func trip(_ path: String) async throws -> Trip {
        let directory = try TemporaryDirectory()
        let file = directory.file("Stream.json")
        let server = try TestHTTPServer()
        let url = server.url(path)
        let live = await StreamedFetch.fetch(url)
        let recorder = try openCassette(file, .record)
        let recorded = await StreamedFetch.fetch(URLRequest(url: url)) {
            recorder.session(delegate: $0)
        }
        try await recorder.finish()
        server.stop()
        let player = try openCassette(file, .replay)
        let replayed = await StreamedFetch.fetch(URLRequest(url: url)) { player.session(delegate: $0) }
        try await player.finish()
        return Trip(
            live: live, recorded: recorded, replayed: replayed, file: file, server: server, directory: directory)
    }

    @Test(arguments: routes)
    func aDelegateSeesInReplayTheChunksItSawLive(path: String) async throws {
        let trip = try await trip(path)
        #expect(trip.live.chunks.count > 1, "the route streams in several chunks")
        #expect(trip.replayed.chunks.count == trip.live.chunks.count, "one didReceive per chunk the server sent")
        #expect(Parsed(trip.replayed) == Parsed(trip.live))
        #expect(Seen(trip.replayed) == Seen(trip.recorded), "record mode hands the caller the bytes replay serves")
        if !path.contains("openai") && !path.contains("anthropic") && !path.contains("ndjson") {
            #expect(Seen(trip.replayed) == Seen(trip.live), "a stream without JSON replays byte for byte")
        }
        #expect(trip.replayed.response?.statusCode == 200)
        #expect(
            trip.replayed.response?.value(forHTTPHeaderField: "Content-Type")
                == trip.live.response?.value(forHTTPHeaderField: "Content-Type"))
    }

    @Test func aCutStreamReplaysItsChunksThenTheErrorItWasCutWith() async throws {
        let trip = try await trip("/stream/cut?count=3")
        #expect(trip.live.error != nil, "the server cut the stream")
        #expect(
            trip.replayed.chunks.map { String(decoding: $0, as: UTF8.self) } == [
                "part 1 of 4\n", "part 2 of 4\n", "part 3 of 4\n",
            ])
        #expect(trip.replayed.error?.code == trip.live.error?.code)
    }

    @Test(arguments: routes.filter { !$0.contains("cut") })
    func dataForGetsTheWholeBody(path: String) async throws {
        let trip = try await trip(path)
        let player = try openCassette(trip.file, .replay)
        let (data, _) = try await player.session().fetch(trip.server.url(path))
        #expect(data == trip.replayed.body, "the chunks a delegate gets, joined")
        #expect(data.count == trip.live.body.count)
        if !path.contains("openai") && !path.contains("anthropic") && !path.contains("ndjson") {
            #expect(data == trip.live.body)
        }
        try await player.finish()
    }

    @Test func aSessionWithoutADataDelegateGetsTheBodyInOnePieceOnLinux() async throws {
        let trip = try await trip("/stream/openai?count=3")
        let player = try openCassette(trip.file, .replay)
        let fetch = await StreamedFetch.fetch(
            URLRequest(url: trip.server.url("/stream/openai?count=3")),
            configuration: player.configuration(from: .ephemeral))
        #if canImport(FoundationNetworking)
            #expect(fetch.chunks.count == 1, "one didLoad, which every kind of task keeps whole on Linux")
        #else
            #expect(fetch.chunks.count == trip.replayed.chunks.count)
        #endif
        #expect(fetch.body == trip.replayed.body)
        try await player.finish()
    }

    @Test func responseForHandsOnTheRecordedChunks() async throws {
        let trip = try await trip("/stream/anthropic?count=2")
        let player = try openCassette(trip.file, .replay)
        let response = try await player.response(
            for: RecordedRequest(method: "GET", url: trip.server.url("/stream/anthropic?count=2").absoluteString))
        var chunks: [Data] = []
        for try await chunk in response.body { chunks.append(chunk) }
        #expect(chunks == trip.replayed.chunks)
        try await player.finish()
    }

    @Test func dataForOfACutStreamThrowsTheRecordedError() async throws {
        let trip = try await trip("/stream/cut?count=3")
        let player = try openCassette(trip.file, .replay)
        let code = try #require(trip.live.error?.code)
        await #expect(throws: URLError.self) {
            do {
                _ = try await player.session().fetch(trip.server.url("/stream/cut?count=3"))
            } catch let error as URLError {
                #expect(error.code == code)
                throw error
            }
        }
        try await player.finish()
    }

    @Test(arguments: routes)
    func reRecordingAnUnchangedStreamLeavesTheFileByteIdentical(path: String) async throws {
        let directory = try TemporaryDirectory()
        let first = directory.file("First.json")
        let second = directory.file("Second.json")
        let server = try TestHTTPServer()
        for file in [first, second] {
            let recorder = try openCassette(file, .record)
            _ = await StreamedFetch.fetch(URLRequest(url: server.url(path))) { recorder.session(delegate: $0) }
            try await recorder.finish()
        }
        let firstBytes = try Data(contentsOf: first)
        #expect(firstBytes == (try Data(contentsOf: second)))
        // And recording over the file itself changes nothing.
        let again = try Cassette(fileURL: first, mode: .record, options: testOptions())
        _ = await StreamedFetch.fetch(URLRequest(url: server.url(path))) { again.session(delegate: $0) }
        try await again.finish()
        #expect(try Data(contentsOf: first) == firstBytes)
    }

    @Test func aStreamCutWhileReRecordingDoesNotReplaceACompleteOne() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("Cut.json")
        let server = try TestHTTPServer()
        let url = server.url("/stream/cut?count=2")
        let complete = CassetteDocument(interactions: [
            Interaction(
                request: RecordedRequest(method: "GET", url: url.absoluteString),
                outcome: .response(
                    RecordedResponse(
                        status: 200, headers: [HTTPHeader("Content-Type", "text/plain; charset=utf-8")],
                        stream: ResponseStream(chunks: [Data("part 1 of 3\n".utf8), Data("part 2 of 3\n".utf8)]))))
        ])
        try complete.encoded().write(to: file)
        let before = try Data(contentsOf: file)
        let recorder = try openCassette(file, .record)
        _ = await StreamedFetch.fetch(URLRequest(url: url)) { recorder.session(delegate: $0) }
        await #expect {
            try await recorder.finish()
        } throws: { error in
            guard case .recordingFailed = error as? CassetteError else { return false }
            return true
        }
        #expect(try Data(contentsOf: file) == before, "the complete stream stays")
    }

    @Test func serverSentEventsAreStoredOneEventPerEntryWithTheirJSONAsJSON() async throws {
        let trip = try await trip("/stream/openai?count=2")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: trip.file)) as? [String: Any])
        let interactions = try #require(json["interactions"] as? [[String: Any]])
        let response = try #require(interactions.first?["response"] as? [String: Any])
        #expect(response["body"] == nil, "a streamed body is stored as its chunks, not once more whole")
        let stream = try #require(response["stream"] as? [String: Any])
        let chunks = try #require(stream["chunks"] as? [[String: Any]])
        #expect(chunks.count == trip.live.chunks.count)
        let first = try #require(chunks.first?["data"] as? [String: Any], "an event's JSON is stored as JSON")
        #expect(first["object"] as? String == "chat.completion.chunk")
        #expect(chunks.last?["dataText"] as? String == "[DONE]")
        #expect(stream["gaps"] == nil, "no timing unless asked for")
    }

    @Test func anthropicEventsKeepTheirNames() async throws {
        let trip = try await trip("/stream/anthropic?count=2")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: trip.file)) as? [String: Any])
        let interactions = try #require(json["interactions"] as? [[String: Any]])
        let response = try #require(interactions.first?["response"] as? [String: Any])
        let chunks = try #require((response["stream"] as? [String: Any])?["chunks"] as? [[String: Any]])
        #expect(chunks.map { $0["event"] as? String }.first == "message_start")
        #expect(chunks.map { $0["event"] as? String }.last == "message_stop")
        #expect(chunks.allSatisfy { $0["data"] is [String: Any] })
    }

    @Test func ndjsonIsStoredLineByLine() async throws {
        let trip = try await trip("/stream/ndjson?count=3")
        let text = try fileText(trip.file)
        #expect(text.contains(#""line": {"#))
        #expect(!text.contains(#"\"id\""#), "no JSON escaped in a string")
    }

    @Test func aTokenInsideAnEventNeverReachesTheFile() async throws {
        let trip = try await trip("/stream/secret")
        let text = try fileText(trip.file)
        #expect(!text.contains(TestHTTPServer.streamedSecret))
        #expect(text.contains(#""api_key": "#), "the event's JSON is still JSON, the value replaced in it")
        #expect(trip.replayed.chunks.count == 3)
        #expect(trip.replayed.chunks.allSatisfy { !String(decoding: $0, as: UTF8.self).contains("sk-proj-Q7vN") })
    }
}
