import CassetteCore
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension Cassette {
    /// Answers `request` into `sink` exactly as a request of one of this cassette's sessions is
    /// answered: the same decision (``ReplaySession/decision(for:)``), recording, scrubbing, misses
    /// and usage. What ``response(for:)`` and `cassette serve` are built on.
    ///
    /// A recorded answer and a miss are played into `sink` before this returns, on the caller's
    /// thread; a forwarded request's answer comes later, on a serial queue of its own (the sink may
    /// block there, say writing to a slow client, without holding up any other request).
    ///
    /// - Returns: The load, which can cancel a forwarded request.
    @discardableResult
    /// - Parameter timeout: The request's timeout in seconds: a replay latency or an injected delay
    ///   past it fails the request with `URLError(.timedOut)`; `0` for none.
    package func answer(_ request: RecordedRequest, timeout: TimeInterval = 0, into sink: any AnswerSink) -> AnswerLoad
    {
        let load = AnswerLoad()
        let requestURL = URL(string: request.url) ?? URL(fileURLWithPath: "/")
        switch replay.decision(for: request) {
        case .serve(let playback):
            playback.play(
                into: sink, requestURL: requestURL, timeout: timeout, queue: { ClientQueue(serial: "cassette.answer") },
                scrub: replay.scrubText, stopped: { load.isCancelled })
        case .fail(let error):
            sink.fail(error)
        case .forward(let recording):
            guard let outgoing = URLLoadingBridge.outgoing(for: request) else {
                sink.fail(URLLoadingBridge.badURL(request.url))
                return load
            }
            let scrub = replay.scrubText
            let started = recording.forward(
                request, outgoing: outgoing, loadID: load.id, clientQueue: ClientQueue(serial: "cassette.answer")
            ) { outcome in
                switch outcome {
                case .recorded(let interaction):
                    AnswerPlayer.play(interaction, requestURL: requestURL, into: sink, scrub: scrub)
                case .failed(let error):
                    sink.fail(error)
                case .cancelledByCaller:
                    sink.fail(URLError(.cancelled, userInfo: [NSURLErrorFailingURLErrorKey: requestURL]))
                }
            }
            if started {
                load.forwarded(through: recording)
            } else {
                sink.fail(CassetteError.cassetteClosed(path: fileURL.path))
            }
        }
        return load
    }
}
