import Cassette
import CassetteCore
import CassetteHTTPServer
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The sink of one request `cassette serve` answers: what the cassette plays goes straight to the
/// connection's ``HTTPResponseWriter``.
///
/// A whole answer (one chunk, then the end: what a recorded body is) is sent with a
/// `Content-Length` that fits the served body, whatever the recorded headers said. An answer that
/// was recorded chunked, or that brings a second chunk, is streamed: the head at once, each chunk
/// on the wire as it is played. A miss and the server's own errors become ``OwnAnswer``s; a
/// transport error (recorded, or the upstream's) closes the connection, before the head or
/// mid-stream, as the real failure would have.
///
/// Calls come one at a time (on the connection's thread for a recorded answer, on the request's
/// own queue for a forwarded one), which makes the unchecked `Sendable` sound; ``wait()`` runs on
/// the connection's thread and reads ``outcome`` after the last call.
final class WriterSink: AnswerSink, @unchecked Sendable {
    private enum State {
        case waiting
        /// The head, and the body's first chunk once it came, held to send them whole.
        case pending(RecordedResponse, Data?)
        case streaming
        case ended
    }

    private let writer: HTTPResponseWriter
    private let isHead: Bool
    private let done = DispatchSemaphore(value: 0)
    private var state = State.waiting
    private(set) var outcome = ServeOutcome.clientGone

    init(writer: HTTPResponseWriter, method: String) {
        self.writer = writer
        isHead = method == "HEAD"
    }

    /// Waits until the answer has been sent, cut or failed.
    func wait() {
        done.wait()
    }

    func head(_ response: RecordedResponse) {
        guard case .waiting = state else { return }
        guard WireHeaders.isChunked(response.headers) else {
            state = .pending(response, nil)
            return
        }
        startStream(response)
    }

    func chunk(_ data: Data) {
        switch state {
        case .pending(let head, nil):
            state = .pending(head, data)
        case .pending(let head, let first?):
            startStream(head)
            write(first)
            write(data)
        case .streaming:
            write(data)
        case .waiting, .ended:
            break
        }
    }

    func finish() {
        switch state {
        case .pending(let head, let body):
            respond(head, body: body ?? Data())
        case .streaming:
            do throws(HTTPServerError) {
                try writer.finish()
                outcome = .answered
            } catch {
                outcome = .clientGone
            }
        case .waiting, .ended:
            break
        }
        end()
    }

    func fail(_ error: any Error) {
        switch state {
        case .waiting, .pending:
            if case CassetteError.noMatch(let miss) = error {
                OwnAnswer.send(.miss, text: miss.description, to: writer)
                outcome = .missed(miss)
            } else if let error = error as? CassetteError {
                OwnAnswer.send(.error, text: error.description, to: writer)
                outcome = .cassetteError(error.description)
            } else {
                writer.abort()
                outcome = .transportError(Self.describe(error))
            }
        case .streaming:
            writer.abort()
            outcome = .transportError(Self.describe(error))
        case .ended:
            return
        }
        end()
    }

    private func end() {
        state = .ended
        done.signal()
    }

    /// Sends a whole answer with a `Content-Length` true to `body`.
    private func respond(_ head: RecordedResponse, body: Data) {
        let bodyless = isHead || head.status == 304
        do throws(HTTPServerError) {
            try writer.respond(
                status: head.status, headers: WireHeaders.wire(head.headers, keepingLength: bodyless),
                body: isHead ? Data() : body)
            outcome = .answered
        } catch {
            refused(error)
        }
    }

    private func startStream(_ head: RecordedResponse) {
        do throws(HTTPServerError) {
            try writer.writeHead(status: head.status, headers: WireHeaders.wire(head.headers, keepingLength: false))
            state = .streaming
        } catch {
            refused(error)
            state = .ended
        }
    }

    private func write(_ data: Data) {
        guard case .streaming = state else { return }
        do throws(HTTPServerError) {
            try writer.writeBodyChunk(data)
        } catch {
            outcome = .clientGone
            state = .ended
            writer.abort()
        }
    }

    /// A recorded response the writer will not send (a 1xx status, a field value with a line
    /// break, a body on a 204): the server's own error instead. Anything else: the client is gone.
    private func refused(_ error: HTTPServerError) {
        guard case .invalidResponse(let reason) = error else {
            outcome = .clientGone
            return
        }
        let text = "error: the recorded response cannot be sent over HTTP/1.1: \(reason)"
        OwnAnswer.send(.error, text: text, to: writer)
        outcome = .cassetteError(text)
    }

    /// What a transport error says, for the log: a URLError's code and words.
    private static func describe(_ error: any Error) -> String {
        if let error = error as? URLError {
            return "\(error.localizedDescription) (URLError \(error.code.rawValue))"
        }
        return "\(error)"
    }
}
