import CassetteCore
import Foundation

/// One request being answered by ``Cassette/answer(_:into:)``: what can cancel it while it is
/// forwarded to the real server.
package final class AnswerLoad: Sendable {
    private struct State {
        var recording: RecordingSession?
        var cancelled = false
    }

    private let state = Locked(State())

    /// Whether the request was forwarded to the real server (rather than served from the cassette,
    /// or failed).
    package var isForwarded: Bool { state.withLock { $0.recording != nil } }

    /// Whether ``cancel()`` was called.
    var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// The load, as ``RecordingSession`` knows it.
    var id: ObjectIdentifier { ObjectIdentifier(self) }

    /// Notes the session the request was forwarded through; a cancellation that came first applies now.
    func forwarded(through recording: RecordingSession) {
        let cancelled = state.withLock { state in
            state.recording = recording
            return state.cancelled
        }
        if cancelled { recording.cancel(id) }
    }

    /// Cancels the forwarded request: nothing of it is recorded, and the sink is failed with
    /// `URLError(.cancelled)`. Does nothing for an answer served from the cassette.
    package func cancel() {
        let recording = state.withLock { state in
            state.cancelled = true
            return state.recording
        }
        recording?.cancel(id)
    }
}
