import CassetteCore
import Foundation

/// What replay plays into a sink: a recorded answer (possibly changed by a fault), an error after
/// it or instead of it, after a delay.
struct Playback: Sendable {
    /// The answer to play, head and body; `nil` to fail at once with ``error``.
    var interaction: Interaction?
    /// The error the answer ends with (after its body), or is, when there is no interaction.
    var error: URLError?
    /// How long to wait before answering, in milliseconds.
    var delayMilliseconds: Int = 0
    /// The position in the cassette of ``interaction`` when it is served exactly as recorded (no
    /// fault, restored placeholder, echo or `beforePlayback` changed it), so that whatever is built
    /// from it for one request (``ResponseHeads``) serves the next one too; `nil` otherwise.
    var position: Int?

    /// Plays the answer into `sink`: at once when there is no delay, else on `queue` once the delay
    /// has passed; a delay past `timeout` (seconds, when positive) fails the request with
    /// `URLError(.timedOut)` when the timeout passes, as a server that answers too late does.
    ///
    /// - Parameters:
    ///   - stopped: Whether the caller stopped the request meanwhile; nothing is played then.
    ///   - queue: Where a delayed answer is played; made only when there is a delay (a protocol's
    ///     client queue has to be taken in `startLoading()`, where this runs).
    func play(
        into sink: any AnswerSink, requestURL: URL, timeout: TimeInterval, queue makeQueue: () -> ClientQueue,
        scrub: @escaping @Sendable (String) -> String, stopped: @escaping @Sendable () -> Bool,
        pacedOn pacing: (queue: ClientQueue, speed: Double)? = nil
    ) {
        guard delayMilliseconds > 0 else {
            return playNow(into: sink, requestURL: requestURL, scrub: scrub, pacedOn: pacing)
        }
        let queue = makeQueue()
        let delay = Double(delayMilliseconds) / 1000
        let timesOut = timeout > 0 && delay >= timeout
        let wait = timesOut ? timeout : delay
        let playback = self
        DispatchQueue.global().asyncAfter(deadline: .now() + wait) {
            queue.async {
                guard !stopped() else { return }
                if timesOut {
                    sink.fail(Playback.timedOut(requestURL, after: timeout))
                } else {
                    playback.playNow(into: sink, requestURL: requestURL, scrub: scrub, pacedOn: pacing)
                }
            }
        }
    }

    private func playNow(
        into sink: any AnswerSink, requestURL: URL, scrub: (String) -> String,
        pacedOn pacing: (queue: ClientQueue, speed: Double)?
    ) {
        guard let interaction else {
            sink.fail(error ?? URLError(.unknown))
            return
        }
        guard let error, case .response(var response) = interaction.outcome else {
            return AnswerPlayer.play(interaction, requestURL: requestURL, into: sink, scrub: scrub, pacedOn: pacing)
        }
        let body = response.body
        let chunks = response.stream?.chunks ?? []
        response.setStream(nil)
        response.body = nil
        sink.head(response)
        if let body, !body.isEmpty { sink.chunk(body) }
        for chunk in chunks where !chunk.isEmpty { sink.chunk(chunk) }
        sink.fail(error)
    }

    /// The error of a request whose answer came later than its `timeoutInterval`.
    static func timedOut(_ url: URL, after timeout: TimeInterval) -> URLError {
        URLError(
            .timedOut,
            userInfo: [
                NSLocalizedDescriptionKey:
                    "The request timed out: its timeoutInterval of \(timeout) s passed before the cassette's answer "
                    + "(replay latency or an injected delay)",
                NSURLErrorFailingURLErrorKey: url,
            ])
    }

    /// The error an injected fault fails a request with.
    static func faultError(_ code: URLError.Code, url: URL, rule: FaultRule) -> URLError {
        URLError(
            code,
            userInfo: [
                NSLocalizedDescriptionKey: "injected fault (\"faults\": \(rule.request)): URLError.\(code.name)",
                NSURLErrorFailingURLErrorKey: url,
            ])
    }
}

extension URLError.Code {
    /// The code's name (`timedOut`), or its number.
    var name: String {
        FaultRule.errorNames.first { $0.code == self }?.name ?? "Code(rawValue: \(rawValue))"
    }
}
