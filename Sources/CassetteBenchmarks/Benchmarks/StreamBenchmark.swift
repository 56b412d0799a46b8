import Cassette
import CassetteCore
import CassetteTestSupport
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Replay of a 1,000-event server-sent event stream to a data delegate, beside a bare stub
/// `URLProtocol` that delivers the same chunks, one `didLoad` each: what the cassette adds to the
/// cost of delivering a stream chunk by chunk. Interleaved rounds; medians and ranges.
struct StreamBenchmark {
    let events = 1_000
    let rounds: Int
    let directory: URL

    func run() async throws {
        print("== Stream: replay of a \(events)-event text/event-stream to a data delegate, cassette vs stub")
        // OpenAI-shaped events: a role event, the content pieces, a finish event and [DONE].
        let raw = TestHTTPServer.openAIEvents(pieces: events - 3).map { Data($0.utf8) }
        // The bytes replay serves (an event's JSON compact with sorted keys), given to the stub too.
        let chunks = ResponseStream.storedChunks(raw, contentType: "text/event-stream")
        precondition(chunks.count == events)
        let url = "https://api.example.com/v1/chat/completions"
        let document = CassetteDocument(interactions: [
            Interaction(
                request: RecordedRequest(method: "GET", url: url),
                outcome: .response(
                    RecordedResponse(
                        status: 200, headers: [HTTPHeader("Content-Type", "text/event-stream")],
                        stream: ResponseStream(chunks: chunks))))
        ])
        let file = directory.appendingPathComponent("stream-\(events).json")
        try document.encoded().write(to: file)
        let options = Cassette.Options(scrubber: .default, whenExhausted: .repeatLast, environment: [:])
        let cassette = try Cassette(fileURL: file, mode: .replay, options: options)
        StreamStubProtocol.chunks = chunks
        let stubConfiguration = URLSessionConfiguration.ephemeral
        stubConfiguration.protocolClasses = [StreamStubProtocol.self]
        stubConfiguration.urlCache = nil
        let request = URLRequest(url: URL(string: url)!)

        var replay = Samples()
        var stub = Samples()
        func replayOnce() async -> Double {
            var fetched: StreamedFetch?
            let elapsed = await asyncSeconds {
                fetched = await StreamedFetch.fetch(request) { cassette.session(delegate: $0) }
            }
            precondition(fetched?.chunks == chunks, "replay delivered other chunks")
            return elapsed
        }
        func stubOnce() async -> Double {
            var fetched: StreamedFetch?
            let elapsed = await asyncSeconds {
                fetched = await StreamedFetch.fetch(request, configuration: stubConfiguration)
            }
            precondition(fetched?.chunks == chunks, "the stub delivered other chunks")
            return elapsed
        }
        for round in -1..<rounds {  // round -1 warms up
            // Each round runs both sides, the first of them alternating.
            let (replaySeconds, stubSeconds): (Double, Double)
            if round % 2 == 0 {
                replaySeconds = await replayOnce()
                stubSeconds = await stubOnce()
            } else {
                stubSeconds = await stubOnce()
                replaySeconds = await replayOnce()
            }
            guard round >= 0 else { continue }
            replay.add(replaySeconds)
            stub.add(stubSeconds)
        }
        precondition(cassette.misses.isEmpty, "replay missed")
        try await cassette.finish()
        let bytes = chunks.reduce(0) { $0 + $1.count }
        print("   \(rounds) interleaved rounds, one stream of \(events) chunks (\(bytes) bytes) per side per round")
        print(
            "   stub (one didLoad per chunk)   median \(millis(stub.median)) per stream, "
                + "range \(millis(stub.range.0)) to \(millis(stub.range.1))")
        print(
            "   cassette replay                median \(millis(replay.median)) per stream, "
                + "range \(millis(replay.range.0)) to \(millis(replay.range.1))   "
                + "\(ratio(replay.median / stub.median)) of stub")
        print(
            "   per chunk: stub \(micros(stub.median / Double(events))), replay \(micros(replay.median / Double(events)))"
        )
        print("")
    }
}

/// A bare stub that answers every request with the same chunks, one `didLoad` each.
final class StreamStubProtocol: URLProtocol {
    nonisolated(unsafe) static var chunks: [Data] = []

    override class func canInit(with request: URLRequest) -> Bool { true }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        guard let client, let url = request.url,
            let response = HTTPURLResponse(
                url: url, statusCode: 200, httpVersion: "HTTP/1.1",
                headerFields: ["Content-Type": "text/event-stream"])
        else { return }
        client.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        for chunk in StreamStubProtocol.chunks { client.urlProtocol(self, didLoad: chunk) }
        client.urlProtocolDidFinishLoading(self)
    }

    override func stopLoading() {}
}
