import CassetteCore
import Foundation

/// Where the answer to one request goes, piece by piece, whoever asked: ``ReplayProtocol`` hands it
/// to URLSession (``ProtocolSink``), ``Cassette/response(for:)`` to an async body (``StreamSink``),
/// and `cassette serve` to the HTTP response writer of its connection.
///
/// An answer is a head, then the body's chunks in order, then ``finish()``; or ``fail(_:)`` at any
/// point: before the head (a transport error, a miss) or after some chunks (a stream cut mid-way).
/// Calls come one at a time, on the queue the adapter gave.
package protocol AnswerSink: AnyObject, Sendable {
    /// The response's status, headers and final URL (`nil`: the request's), before any of its body
    /// (`body` is `nil`).
    func head(_ response: RecordedResponse)
    /// The next piece of the body.
    func chunk(_ data: Data)
    /// The answer is complete.
    func finish()
    /// The request failed with `error`.
    func fail(_ error: any Error)
}

/// Plays a recorded interaction into a sink: what replay serves, and what record mode hands the
/// caller once the server's answer is stored.
enum AnswerPlayer {
    /// Plays `interaction` into `sink`.
    ///
    /// - Parameters:
    ///   - requestURL: The URL the caller asked for, which a transport error names.
    ///   - scrub: Removes secrets from the words of a transport error's description, which name the
    ///     request's URL and end up in test logs.
    static func play(
        _ interaction: Interaction, requestURL: URL, into sink: any AnswerSink, scrub: (String) -> String
    ) {
        play(interaction, requestURL: requestURL, into: sink, scrub: scrub, pacedOn: nil)
    }

    /// Plays `interaction` into `sink`; a stream with recorded gaps, with `pacedOn` given, chunk by
    /// chunk after each gap divided by the speed, on the queue (the rest of the answer comes later,
    /// after this returns). Without gaps or pacing, everything is played before this returns.
    static func play(
        _ interaction: Interaction, requestURL: URL, into sink: any AnswerSink, scrub: (String) -> String,
        pacedOn pacing: (queue: ClientQueue, speed: Double)?
    ) {
        switch interaction.outcome {
        case .response(var response):
            let body = response.body
            let stream = response.stream
            response.setStream(nil)
            response.body = nil
            sink.head(response)
            guard let stream else {
                if let body, !body.isEmpty { sink.chunk(body) }
                sink.finish()
                return
            }
            let failure = stream.error.map {
                transportError($0, request: interaction.request, requestURL: requestURL, scrub: scrub)
            }
            if let pacing, let gaps = stream.gaps, gaps.count == stream.chunks.count {
                Pacer(chunks: stream.chunks, gaps: gaps, speed: pacing.speed, failure: failure, sink: sink)
                    .start(on: pacing.queue)
                return
            }
            // A stream as it arrived: each chunk on its own, then the error that cut it.
            for chunk in stream.chunks where !chunk.isEmpty { sink.chunk(chunk) }
            if let failure { sink.fail(failure) } else { sink.finish() }
        case .failure(let failure):
            sink.fail(transportError(failure, request: interaction.request, requestURL: requestURL, scrub: scrub))
        }
    }

    /// The `URLError` a recorded transport failure is replayed as: the code the caller's error handling
    /// switches on, with words that say what happened (a bare `NSURLErrorDomain Code=-1004` says
    /// little in a test log).
    ///
    /// Everything the error carries is scrubbed: test logs print its user info, and the live
    /// request's URL can hold a token (`?api_key=...`).
    static func transportError(
        _ failure: TransportError, request: RecordedRequest, requestURL: URL, scrub: (String) -> String
    ) -> URLError {
        let failingURL = scrub(requestURL.absoluteString)
        let failed = RecordingFailure(request: "\(request.method) \(failingURL)", code: failure.code)
        var userInfo: [String: Any] = [
            NSLocalizedDescriptionKey: scrub(failed.description),
            // NSURLErrorFailingURLStringErrorKey, by its value: the constant is deprecated.
            "NSErrorFailingURLStringKey": failingURL,
        ]
        if let url = URL(string: failingURL) { userInfo[NSURLErrorFailingURLErrorKey] = url }
        return URLError(URLError.Code(rawValue: failure.code) ?? .unknown, userInfo: userInfo)
    }
}

/// Plays a stream's chunks with its recorded gaps: each chunk waits its gap (divided by the speed)
/// on a timer, then goes to the sink on the client's queue; the next one is scheduled only then,
/// so the order holds whatever the timers do.
private struct Pacer: Sendable {
    let chunks: [Data]
    let gaps: [Int]
    let speed: Double
    let failure: URLError?
    let sink: any AnswerSink

    private static let timers = DispatchQueue(label: "org.cassette.stream-timing")

    func start(on queue: ClientQueue) {
        step(0, on: queue)
    }

    private func step(_ index: Int, on queue: ClientQueue) {
        guard index < chunks.count else {
            queue.async { [sink, failure] in
                if let failure { sink.fail(failure) } else { sink.finish() }
            }
            return
        }
        let wait = Double(gaps[index]) / speed / 1000
        Pacer.timers.asyncAfter(deadline: .now() + wait) { [self] in
            queue.async { [self] in
                if !chunks[index].isEmpty { sink.chunk(chunks[index]) }
                step(index + 1, on: queue)
            }
        }
    }
}
