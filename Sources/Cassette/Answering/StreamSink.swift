import CassetteCore
import Foundation

/// The sink behind ``Cassette/response(for:)``: the head resumes the caller with a
/// ``Cassette/Response``, and the body's chunks flow into its ``Cassette/Response/Body`` as they
/// come (one chunk per answer today; each chunk of a streamed one).
final class StreamSink: AnswerSink {
    private struct State {
        var head: CheckedContinuation<Cassette.Response, any Error>?
        var body: AsyncThrowingStream<Data, any Error>.Continuation?
    }

    private let state: Locked<State>
    private let requestURL: String
    /// Called when the caller stops reading the body before its end.
    private let abandoned: @Sendable () -> Void

    init(
        head: CheckedContinuation<Cassette.Response, any Error>, requestURL: String,
        abandoned: @escaping @Sendable () -> Void
    ) {
        state = Locked(State(head: head))
        self.requestURL = requestURL
        self.abandoned = abandoned
    }

    func head(_ response: RecordedResponse) {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: Data.self)
        let abandoned = self.abandoned
        continuation.onTermination = { termination in
            if case .cancelled = termination { abandoned() }
        }
        let waiting = state.withLock { state in
            defer { state.head = nil }
            state.body = continuation
            return state.head
        }
        waiting?.resume(
            returning: Cassette.Response(
                status: response.status, url: response.url ?? requestURL, headers: response.headers,
                body: Cassette.Response.Body(stream)))
    }

    func chunk(_ data: Data) {
        _ = state.withLock { $0.body }?.yield(data)
    }

    func finish() {
        state.withLock { state in
            defer { state.body = nil }
            return state.body
        }?.finish()
    }

    func fail(_ error: any Error) {
        let (head, body) = state.withLock { state in
            defer { (state.head, state.body) = (nil, nil) }
            return (state.head, state.body)
        }
        if let head {
            head.resume(throwing: error)
        } else {
            body?.finish(throwing: error)
        }
    }
}
