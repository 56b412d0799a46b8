import CassetteCore
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The `URLProtocol` behind every session a ``Cassette`` hands out.
///
/// You do not register or subclass it: ``Cassette/session(configuration:)`` installs a class of its
/// own on each session it creates, so concurrent tests with different cassettes never share state.
/// In replay it answers from the cassette and never touches the network; in record it forwards the
/// request to a real inner `URLSession` and records the exchange.
public class ReplayProtocol: URLProtocol {
    /// Set by `stopLoading()`: the answer being played (a delayed answer, or a paced stream, plays
    /// after `startLoading()` returns) says nothing more to the client. A flag, not the sink, which
    /// holds the protocol.
    private let stopped = Locked(false)

    override public class func canInit(with request: URLRequest) -> Bool {
        ProtocolSlots.entry(for: self) != nil
    }

    override public class func canonicalRequest(for request: URLRequest) -> URLRequest {
        request
    }

    override public func startLoading() {
        let entry = ProtocolSlots.entry(for: type(of: self))
        guard let entry, let route = entry.route else {
            let path = entry?.fileURL.path ?? "cassette"
            client?.urlProtocol(self, didFailWithError: CassetteError.cassetteClosed(path: path))
            return
        }
        guard
            let request = URLLoadingBridge.capture(
                self.request, task: task, additionalHeaders: entry.additionalHeaders, uploadBody: route.uploadBody)
        else {
            client?.urlProtocol(self, didFailWithError: route.refusal(ofUpload: self.request))
            return
        }
        let requestURL = self.request.url ?? URL(fileURLWithPath: "/")
        let decision = route.decision(for: request)
        // An answer served as recorded has a response head that the next request for it can reuse.
        var reusing: (heads: ResponseHeads, position: Int)?
        if case .serve(let playback) = decision, let position = playback.position { reusing = (entry.heads, position) }
        let sink = ProtocolSink(self, deliversChunks: entry.deliversChunks, stopped: stopped, reusing: reusing)
        switch decision {
        case .serve(let playback):
            let stopped = self.stopped
            // Recorded stream timing, when asked for, plays the chunks later, through the client's queue.
            var pacing: (queue: ClientQueue, speed: Double)?
            if case .recorded(let speed) = route.streamTiming { pacing = (ClientQueue(), speed) }
            playback.play(
                into: sink, requestURL: requestURL, timeout: self.request.timeoutInterval,
                queue: { pacing?.queue ?? ClientQueue() }, scrub: route.scrubText, stopped: { stopped.withLock { $0 } },
                pacedOn: pacing)
        case .fail(let error):
            sink.fail(error)
        case .forward(let recording):
            // Taken here, in startLoading(), where the caller's task runs: its client is called there.
            let clientQueue = ClientQueue()
            let started = recording.forward(
                request, outgoing: URLLoadingBridge.outgoing(self.request, captured: request),
                loadID: ObjectIdentifier(self), clientQueue: clientQueue
            ) { outcome in
                switch outcome {
                case .recorded(let interaction):
                    AnswerPlayer.play(interaction, requestURL: requestURL, into: sink, scrub: route.scrubText)
                case .failed(let error): sink.fail(error)
                case .cancelledByCaller: break
                }
            }
            if !started { sink.fail(CassetteError.cassetteClosed(path: entry.fileURL.path)) }
        }
    }

    override public func stopLoading() {
        stopped.withLock { $0 = true }
        let route = ProtocolSlots.entry(for: type(of: self))?.route
        route?.recording?.cancel(ObjectIdentifier(self))
        route?.passthrough?.cancel(ObjectIdentifier(self))
    }
}
