import Foundation

/// One accepted connection, served on its own thread: requests are read in order (pipelined ones
/// too) and each is answered before the next is read.
struct Connection {
    let core: ServerCore
    let socket: Int32
    let peer: String
    let number: Int

    /// Why no request came out of the bytes.
    private enum ReadFailure: Error {
        /// The client closed, went idle past the timeout, or the server is stopping: close quietly.
        case quiet
        case rejected(RequestRejection)
    }

    func run() {
        var input = ConnectionInput(socket: socket)
        var served = 0
        while true {
            do {
                try input.awaitRequest(until: .now + core.limits.idleTimeout, wake: core.wakeSignal)
            } catch {
                return
            }
            let request: HTTPServerRequest
            let closeRequested: Bool
            do {
                (request, closeRequested) = try read(&input, numberOnConnection: served + 1)
            } catch {
                if case .rejected(let rejection) = error { reject(rejection, &input) }
                return
            }
            served += 1
            core.countRequest()
            let writer = HTTPResponseWriter(
                socket: socket, request: request, closeRequested: closeRequested,
                serverStopping: { [core] in core.isStopping })
            core.handler(request, writer)
            let reusable = writer.complete { core.log("\(peer) \(request.method) \(request.target): \($0)") }
            if !reusable || core.isStopping { return }
        }
    }

    private func read(_ input: inout ConnectionInput, numberOnConnection: Int) throws(ReadFailure)
        -> (HTTPServerRequest, closeRequested: Bool)
    {
        let limits = core.limits
        let deadline = ContinuousClock.now + limits.readTimeout
        let line = try requestLine(&input, until: deadline)
        var headers: [(name: String, value: String)] = []
        try readFields(into: &headers, &input, until: deadline, what: "header section")
        let framing: BodyFraming
        let expectsContinue: Bool
        do {
            try RequestParser.checkHost(headers, version: line.version)
            framing = try RequestParser.framing(of: headers, version: line.version)
            expectsContinue = try RequestParser.expectsContinue(headers, version: line.version)
        } catch {
            throw .rejected(error)
        }
        var body = Data()
        switch framing {
        case .none:
            break
        case .length(let count):
            guard count <= limits.maxBodyBytes else { throw .rejected(Self.tooLarge(limits)) }
            try sendContinue(expectsContinue)
            body.reserveCapacity(count)
            try bytes(count, into: &body, &input, until: deadline)
        case .chunked:
            try sendContinue(expectsContinue)
            try readChunks(into: &body, &input, until: deadline)
        }
        let request = HTTPServerRequest(
            method: line.method, target: line.target, version: line.version, headers: headers, body: body, peer: peer,
            connectionNumber: number, numberOnConnection: numberOnConnection)
        return (request, RequestParser.closesConnection(headers, version: line.version))
    }

    /// The request line, after at most a few empty lines (RFC 9112 2.2 lets a server skip them).
    private func requestLine(_ input: inout ConnectionInput, until deadline: ContinuousClock.Instant)
        throws(ReadFailure) -> RequestLine
    {
        let limit = core.limits.maxRequestLineBytes
        for _ in 0..<4 {
            let bytes: ArraySlice<UInt8>
            do {
                bytes = try input.line(limit: limit, until: deadline)
            } catch {
                throw failure(
                    error, tooLong: RequestRejection(414, "the request line is longer than \(limit) bytes"),
                    what: "request line")
            }
            if bytes.isEmpty { continue }
            do {
                return try RequestParser.requestLine(bytes)
            } catch {
                throw .rejected(error)
            }
        }
        throw .rejected(.badRequest("the request starts with empty lines instead of a request line"))
    }

    /// Field lines up to the empty line, bounded in bytes and count (the header section, or a chunked
    /// body's trailer section, whose fields are parsed and then dropped).
    private func readFields(
        into fields: inout [(name: String, value: String)], _ input: inout ConnectionInput,
        until deadline: ContinuousClock.Instant, what: String
    ) throws(ReadFailure) {
        let limits = core.limits
        let tooLarge = RequestRejection(
            431,
            "the \(what) is larger than \(limits.maxHeaderBytes) bytes or has more than \(limits.maxHeaderCount) fields"
        )
        var budget = limits.maxHeaderBytes
        while true {
            let bytes: ArraySlice<UInt8>
            do {
                bytes = try input.line(limit: max(0, budget - 2), until: deadline)
            } catch {
                throw failure(error, tooLong: tooLarge, what: what)
            }
            if bytes.isEmpty { return }
            budget -= bytes.count + 2
            guard fields.count < limits.maxHeaderCount else { throw .rejected(tooLarge) }
            do {
                fields.append(try RequestParser.headerField(bytes))
            } catch {
                throw .rejected(error)
            }
        }
    }

    /// A chunked body: size lines, chunk data each followed by CRLF, the last chunk, trailers.
    private func readChunks(
        into body: inout Data, _ input: inout ConnectionInput, until deadline: ContinuousClock.Instant
    )
        throws(ReadFailure)
    {
        let limits = core.limits
        while true {
            let size: Int
            do {
                let line = try input.line(limit: limits.maxRequestLineBytes, until: deadline)
                size = try RequestParser.chunkSize(line)
            } catch let error as ConnectionInput.Failure {
                throw failure(
                    error, tooLong: .badRequest("a chunk size line is longer than \(limits.maxRequestLineBytes) bytes"),
                    what: "chunked body")
            } catch let error as RequestRejection {
                throw .rejected(error)
            } catch {
                throw .quiet
            }
            if size == 0 { break }
            guard body.count + size <= limits.maxBodyBytes else { throw .rejected(Self.tooLarge(limits)) }
            try bytes(size, into: &body, &input, until: deadline)
            do {
                _ = try input.line(limit: 0, until: deadline)  // only an empty line fits in 0 bytes
            } catch {
                throw failure(
                    error, tooLong: .badRequest("a chunk's data is not followed by CRLF (RFC 9112 7.1)"),
                    what: "chunked body")
            }
        }
        var trailers: [(name: String, value: String)] = []
        try readFields(into: &trailers, &input, until: deadline, what: "trailer section")
    }

    private func bytes(
        _ count: Int, into body: inout Data, _ input: inout ConnectionInput, until deadline: ContinuousClock.Instant
    ) throws(ReadFailure) {
        do {
            try input.read(count, into: &body, until: deadline)
        } catch {
            throw failure(error, tooLong: .badRequest("unreachable"), what: "body")
        }
    }

    private func sendContinue(_ expected: Bool) throws(ReadFailure) {
        guard expected else { return }
        let bytes = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)
        do {
            try Socket.sendAll(socket, bytes)
        } catch {
            throw .quiet
        }
    }

    /// A read that ended early: too long, timed out mid-request (408), or the client gone.
    private func failure(_ error: ConnectionInput.Failure, tooLong: RequestRejection, what: String) -> ReadFailure {
        switch error {
        case .tooLong:
            return .rejected(tooLong)
        case .timedOut:
            let seconds = core.limits.readTimeout.components.seconds
            return .rejected(RequestRejection(408, "the \(what) did not arrive within \(seconds) s"))
        case .closed, .woken:
            return .quiet
        }
    }

    /// Answers with the rejection's status and sentence, closes the sending side, and reads what the
    /// client still sends for a moment so that it sees the answer instead of a reset.
    private func reject(_ rejection: RequestRejection, _ input: inout ConnectionInput) {
        core.log("\(peer): \(rejection.status) \(HTTPStatus.reasonPhrase(rejection.status)): \(rejection.message)")
        let body = Array(
            "\(rejection.status) \(HTTPStatus.reasonPhrase(rejection.status)): \(rejection.message)\n".utf8)
        var head = "HTTP/1.1 \(rejection.status) \(HTTPStatus.reasonPhrase(rejection.status))\r\n"
        head += "Content-Type: text/plain; charset=utf-8\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        let bytes = Array(head.utf8) + body
        guard (try? Socket.sendAll(socket, bytes)) != nil else { return }
        Socket.shutdownWrite(socket)
        input.drain(for: .milliseconds(500), limit: 1 << 20)
    }

    private static func tooLarge(_ limits: HTTPServerLimits) -> RequestRejection {
        RequestRejection(413, "the request body is larger than \(limits.maxBodyBytes) bytes")
    }
}
