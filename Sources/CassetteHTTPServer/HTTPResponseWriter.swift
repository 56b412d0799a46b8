import Foundation

/// Sends the response to one request: whole with ``respond(status:reason:headers:body:)``, or streamed
/// with ``writeHead(status:reason:headers:)``, ``writeBodyChunk(_:)`` and ``finish()``.
///
/// The server frames the body: `Content-Length` for a whole response, and for a streamed one either the
/// `Content-Length` the handler gave or `Transfer-Encoding: chunked` (a connection-close delimited
/// body for an HTTP/1.0 client). Each chunk is on the wire when `writeBodyChunk` returns. The response
/// ends when the handler returns: a streamed response is finished then if the handler did not, and a
/// handler that wrote nothing is answered `500`. Calls may come from any thread, one at a time per
/// response; each blocks while the client's receive window is full, at most
/// ``HTTPServerLimits/writeTimeout``.
public final class HTTPResponseWriter: @unchecked Sendable {
    private let lock = NSLock()
    private let socket: Int32
    private let requestIsHead: Bool
    private let requestVersion: HTTPVersion
    private let closeRequested: Bool
    private let serverStopping: @Sendable () -> Bool
    private var state = State.idle  // guarded by `lock`

    private enum State {
        case idle
        /// Head sent; `remaining` bytes of a declared length, or nil for chunked or close-delimited.
        case streaming(Framing)
        case finished
        /// Aborted by the handler or failed on a write; the connection is closed after the handler.
        case cut
    }

    private enum Framing {
        case chunked
        case length(remaining: Int)
        case untilClose
        /// HEAD, 204 and 304: the head is all there is.
        case headOnly
    }

    init(
        socket: Int32, request: HTTPServerRequest, closeRequested: Bool, serverStopping: @escaping @Sendable () -> Bool
    ) {
        self.socket = socket
        self.requestIsHead = request.method == "HEAD"
        self.requestVersion = request.version
        self.closeRequested = closeRequested
        self.serverStopping = serverStopping
    }

    /// Sends a whole response with `Content-Length: body.count` (for HEAD, the headers only).
    ///
    /// - Parameters:
    ///   - status: 200...999; 204 and 304 carry no body.
    ///   - reason: the reason phrase; nil for the standard one.
    ///   - headers: fields in order; leave out `Transfer-Encoding`. A `Content-Length` must equal
    ///     `body.count` (for HEAD and 304 it may describe the body a GET would get); `Connection: close`
    ///     closes the connection after this response.
    ///   - body: the body bytes.
    /// - Throws: ``HTTPServerError/invalidResponse(_:)`` for a response that cannot be sent as asked or a
    ///   second response; ``HTTPServerError/connectionClosed`` or ``HTTPServerError/writeTimedOut`` when
    ///   the client is gone or not reading.
    public func respond(
        status: Int, reason: String? = nil, headers: [(name: String, value: String)] = [], body: Data = Data()
    )
        throws(HTTPServerError)
    {
        let head = try ResponseHead(status: status, reason: reason, headers: headers)
        let sendsBody = !requestIsHead && !head.isBodyless
        if head.isBodyless && !body.isEmpty {
            throw .invalidResponse("a \(status) response has no body, but \(body.count) bytes were given")
        }
        if let length = head.contentLength, sendsBody, length != body.count {
            throw .invalidResponse("Content-Length \(length) does not match the body's \(body.count) bytes")
        }
        try withState { state throws(HTTPServerError) in
            guard case .idle = state else { throw Self.alreadyResponded(state) }
            let closing = closes(head)
            var extra: [(name: String, value: String)] = []
            if head.contentLength == nil && !head.isBodyless { extra.append(("Content-Length", String(body.count))) }
            extra += connectionFields(closing: closing)
            var bytes = head.serialized(adding: extra)
            state = closing ? .cut : .finished
            if sendsBody && body.count <= 1 << 18 {
                bytes.append(contentsOf: body)
                try send(bytes, &state)
            } else {
                try send(bytes, &state)
                if sendsBody { try send(body, &state) }
            }
        }
    }

    /// Sends the status line and headers of a streamed response; the body follows with
    /// ``writeBodyChunk(_:)``.
    ///
    /// With a `Content-Length` among `headers` the body is sent as is and must come to exactly that many
    /// bytes; without one it is sent chunked (or, to an HTTP/1.0 client, delimited by closing the
    /// connection).
    /// - Throws: as ``respond(status:reason:headers:body:)``.
    public func writeHead(status: Int, reason: String? = nil, headers: [(name: String, value: String)] = [])
        throws(HTTPServerError)
    {
        let head = try ResponseHead(status: status, reason: reason, headers: headers)
        try withState { state throws(HTTPServerError) in
            guard case .idle = state else { throw Self.alreadyResponded(state) }
            let framing: Framing
            var extra: [(name: String, value: String)] = []
            if head.isBodyless {
                framing = .headOnly
            } else if let length = head.contentLength {
                framing = requestIsHead ? .headOnly : .length(remaining: length)
            } else if requestVersion.isAtLeast11 {
                framing = requestIsHead ? .headOnly : .chunked
                extra.append(("Transfer-Encoding", "chunked"))
            } else {
                framing = requestIsHead ? .headOnly : .untilClose
            }
            var closing = closes(head)
            if case .untilClose = framing { closing = true }
            extra += connectionFields(closing: closing)
            state = .streaming(framing)
            closesAfter = closing
            try send(head.serialized(adding: extra), &state)
        }
    }

    /// Sends one piece of a streamed body at once (one chunk when chunked); empty data sends nothing.
    /// - Throws: ``HTTPServerError/invalidResponse(_:)`` before ``writeHead(status:reason:headers:)``,
    ///   after ``finish()``, or past a declared `Content-Length`; ``HTTPServerError/connectionClosed`` or
    ///   ``HTTPServerError/writeTimedOut`` when the client is gone or not reading.
    public func writeBodyChunk(_ data: Data) throws(HTTPServerError) {
        try withState { state throws(HTTPServerError) in
            guard case .streaming(let framing) = state else {
                throw .invalidResponse(
                    Self.isIdle(state) ? "writeBodyChunk before writeHead" : "writeBodyChunk after the response ended")
            }
            guard !data.isEmpty else { return }
            switch framing {
            case .headOnly:
                return
            case .chunked:
                var bytes = Array((String(data.count, radix: 16) + "\r\n").utf8)
                bytes.append(contentsOf: data)
                bytes += [ASCII.cr, ASCII.lf]
                try send(bytes, &state)
            case .length(let remaining):
                guard data.count <= remaining else {
                    throw .invalidResponse(
                        "\(data.count) more bytes would pass the declared Content-Length (\(remaining) left)")
                }
                state = .streaming(.length(remaining: remaining - data.count))
                try send(data, &state)
            case .untilClose:
                try send(data, &state)
            }
        }
    }

    /// Ends a streamed response: the last chunk for a chunked body. Called by the server when the
    /// handler returns without it.
    /// - Throws: ``HTTPServerError/invalidResponse(_:)`` when fewer bytes than the declared
    ///   `Content-Length` were written (the connection is then cut, so the client sees a short body), or
    ///   before ``writeHead(status:reason:headers:)``; ``HTTPServerError/connectionClosed``.
    public func finish() throws(HTTPServerError) {
        try withState { state throws(HTTPServerError) in
            switch state {
            case .idle:
                throw .invalidResponse("finish before writeHead")
            case .finished, .cut:
                return
            case .streaming(let framing):
                switch framing {
                case .chunked:
                    state = closesAfter ? .cut : .finished
                    try send(Array("0\r\n\r\n".utf8), &state)
                case .length(let remaining) where remaining > 0:
                    state = .cut
                    Socket.shutdownBoth(socket)
                    throw .invalidResponse("the body ended \(remaining) bytes short of its Content-Length")
                case .length, .headOnly:
                    state = closesAfter ? .cut : .finished
                case .untilClose:
                    state = .cut
                }
            }
        }
    }

    /// Cuts the connection at once, mid-stream: the client sees the head and the chunks written so far,
    /// then the connection closing without the end of the body (a truncated stream).
    public func abort() {
        withState { state in
            switch state {
            case .idle, .streaming:
                state = .cut
                Socket.shutdownBoth(socket)
            case .finished, .cut:
                return  // nothing in flight, or the connection may already serve another request
            }
        }
    }

    // MARK: - Server side

    private var closesAfter = false  // guarded by `lock`

    /// What the handler left undone, done after it returns: a 500 when nothing was sent, the end of a
    /// streamed body. Returns whether the connection may carry another request.
    func complete(log: (String) -> Void) -> Bool {
        if withState({ Self.isIdle($0) }) {
            log("the handler returned without a response; answered 500")
            do {
                try respond(
                    status: 500, headers: [("Content-Type", "text/plain; charset=utf-8"), ("Connection", "close")],
                    body: Data("the server's handler returned without a response\n".utf8))
            } catch {
                return false
            }
        }
        do {
            try finish()
        } catch {
            log("response ended early: \(error)")
        }
        return withState { state in
            if case .finished = state { return true }
            state = .cut  // from here on nothing touches the socket, whose number may be reused
            return false
        }
    }

    private func withState<T, Failure: Error>(_ body: (inout State) throws(Failure) -> T) throws(Failure) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }

    private func closes(_ head: ResponseHead) -> Bool {
        closeRequested || head.asksToClose || serverStopping()
    }

    private func connectionFields(closing: Bool) -> [(name: String, value: String)] {
        if closing { return [("Connection", "close")] }
        return requestVersion.isAtLeast11 ? [] : [("Connection", "keep-alive")]
    }

    /// Sends `bytes`; a failure leaves the connection cut.
    private func send(_ bytes: some ContiguousBytes, _ state: inout State) throws(HTTPServerError) {
        do {
            try Socket.sendAll(socket, bytes)
        } catch {
            state = .cut
            if error == .writeTimedOut { Socket.shutdownBoth(socket) }
            throw error
        }
    }

    private static func isIdle(_ state: State) -> Bool {
        if case .idle = state { return true }
        return false
    }

    private static func alreadyResponded(_ state: State) -> HTTPServerError {
        if case .streaming = state { return .invalidResponse("the head was already sent; write the body or finish") }
        return .invalidResponse("a response was already sent for this request")
    }
}
