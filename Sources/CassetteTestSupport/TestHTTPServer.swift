import Foundation

#if canImport(Darwin)
    import Darwin
#else
    import Glibc
#endif

/// An HTTP/1.1 server on 127.0.0.1 and an ephemeral port, for tests that drive the real `URLSession`.
///
/// One thread accepts, one thread serves each connection (keep-alive, `Content-Length` or chunked
/// request bodies, `Expect: 100-continue`). `stop()` (also run by `deinit`) closes everything and
/// waits for the threads.
package final class TestHTTPServer: Sendable {
    private let core: ServerCore

    /// The port the server listens on.
    package var port: Int { core.port }

    /// `http://127.0.0.1:PORT`
    package var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Binds 127.0.0.1 on `port` (0, the default, for an ephemeral one) and starts accepting at once.
    package init(port: Int = 0, handler: @escaping @Sendable (HTTPRequestHead) -> HTTPResponseSpec) throws {
        core = try ServerCore(port: port, handler: handler)
        core.start()
    }

    /// A server answering with `TestHTTPServer.standardRoutes`.
    package convenience init(port: Int = 0) throws {
        try self.init(port: port, handler: Self.standardRoutes)
    }

    deinit {
        core.stop()
    }

    /// The URL of `pathAndQuery` (a leading `/` is added when missing) on this server.
    package func url(_ pathAndQuery: String) -> URL {
        let target = pathAndQuery.hasPrefix("/") ? pathAndQuery : "/" + pathAndQuery
        return URL(string: "http://127.0.0.1:\(port)\(target)")!
    }

    /// The number of requests fully received so far (counted before the handler runs).
    package var requestCount: Int { core.withLock { $0.requests.count } }

    /// Every request fully received so far, in arrival order.
    package var receivedRequests: [HTTPRequestHead] { core.withLock { $0.requests } }

    /// The number of TCP connections accepted so far (1 for several requests shows keep-alive).
    package var connectionCount: Int { core.withLock { $0.connectionsAccepted } }

    /// Closes the listener and every open connection and waits for the server's threads to end.
    /// Idempotent. Must not be called from inside a handler.
    package func stop() {
        core.stop()
    }

    /// A loopback port with nothing listening on it, reserved while the value lives: a socket is bound
    /// to it but never listens, so connecting is refused and no other test's server (tests run in
    /// parallel) can be given the port meanwhile. Falls back to 9 (discard, normally closed) if no
    /// socket can be made.
    package static func closedPort() -> ClosedPort {
        ClosedPort()
    }
}

/// A loopback port that refuses connections for as long as the value lives; see
/// ``TestHTTPServer/closedPort()``.
package final class ClosedPort: Sendable {
    package let port: Int
    private let descriptor: Int32?

    init() {
        if let (fd, port) = try? makeSocket(listening: false) {
            descriptor = fd
            self.port = port
        } else {
            descriptor = nil
            port = 9
        }
    }

    deinit {
        if let descriptor { close(descriptor) }
    }
}

// MARK: - Server machinery

private struct ServerState {
    var stopped = false
    var openConnections: Set<Int32> = []
    var connectionsAccepted = 0
    var requests: [HTTPRequestHead] = []
}

/// Owns the sockets and threads; the threads retain it, not the `TestHTTPServer`, so `deinit` can stop them.
private final class ServerCore: @unchecked Sendable {
    let port: Int
    private let listener: Int32
    /// Written once by `stop()` and never read, so it stays readable: wakes `poll` in accept and delays.
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let handler: @Sendable (HTTPRequestHead) -> HTTPResponseSpec
    private let threads = DispatchGroup()
    private let lock = NSLock()
    private var state = ServerState()  // guarded by `lock`

    init(port requestedPort: Int, handler: @escaping @Sendable (HTTPRequestHead) -> HTTPResponseSpec) throws {
        (listener, port) = try makeSocket(listening: true, port: requestedPort)
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else {
            let code = errno
            close(listener)
            throw TestHTTPServerError(call: "pipe", code: code)
        }
        (wakeRead, wakeWrite) = (fds[0], fds[1])
        [listener, wakeRead, wakeWrite].forEach(setCloseOnExec)
        self.handler = handler
    }

    func withLock<T>(_ body: (inout ServerState) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&state)
    }

    func start() {
        spawn { self.acceptLoop() }
    }

    func stop() {
        let first = withLock { state in
            defer { state.stopped = true }
            guard !state.stopped else { return false }
            // Under the lock: a connection thread removes its fd here before closing it, so the number
            // cannot have been reused by another socket.
            for fd in state.openConnections { shutdown(fd, Int32(SHUT_RDWR)) }
            return true
        }
        if first {
            var byte: UInt8 = 1
            _ = write(wakeWrite, &byte, 1)
        }
        threads.wait()
        if first {
            close(wakeRead)
            close(wakeWrite)
        }
    }

    private func spawn(_ body: @escaping @Sendable () -> Void) {
        threads.enter()
        let thread = Thread {
            body()
            self.threads.leave()
        }
        thread.start()
    }

    private func acceptLoop() {
        defer { close(listener) }
        while true {
            var fds = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0)]
            fds.append(pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0))
            let ready = poll(&fds, 2, -1)
            if fds[1].revents != 0 || withLock({ $0.stopped }) { return }
            if ready <= 0 { continue }
            let fd = accept(listener, nil, nil)
            guard fd >= 0 else {
                if errno == EMFILE || errno == ENFILE { usleep(10_000) }  // out of descriptors: do not spin
                continue
            }
            setCloseOnExec(fd)
            configureConnection(fd)
            let accepted = withLock { state in
                guard !state.stopped else { return false }
                state.openConnections.insert(fd)
                state.connectionsAccepted += 1
                return true
            }
            guard accepted else {
                close(fd)
                return
            }
            spawn { self.serve(fd) }
        }
    }

    private func serve(_ fd: Int32) {
        defer {
            withLock { state in
                state.openConnections.remove(fd)
                close(fd)
            }
        }
        var reader = SocketReader(fd: fd)
        while !withLock({ $0.stopped }), let (request, version) = readRequest(&reader) {
            withLock { $0.requests.append(request) }
            let response = handler(request)
            if response.delay > .zero { pause(response.delay) }
            let connection = request.header("Connection")?.lowercased()
            let closing =
                hasToken(connection, "close") || (version == "HTTP/1.0" && !hasToken(connection, "keep-alive"))
                || response.headers.contains { $0.name.lowercased() == "connection" && hasToken($0.value, "close") }
            let written = writeAll(fd, encode(response, headOnly: request.method == "HEAD", closing: closing))
            if !written || closing { return }
        }
    }

    /// Reads one request and its HTTP version; nil when the peer closed the connection or sent something
    /// unparseable.
    private func readRequest(_ reader: inout SocketReader) -> (HTTPRequestHead, version: Substring)? {
        var requestLine = reader.line()
        while requestLine == "" { requestLine = reader.line() }  // RFC 9112 2.2: ignore leading empty lines
        guard let parts = requestLine?.split(separator: " "), parts.count == 3 else { return nil }
        var headers: [(name: String, value: String)] = []
        while true {
            guard let line = reader.line() else { return nil }
            if line.isEmpty { break }
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers.append((String(line[..<colon]), value))
        }
        let head = HTTPRequestHead(method: String(parts[0]), target: String(parts[1]), headers: headers, body: [])
        if head.header("Expect")?.lowercased() == "100-continue" {
            guard writeAll(reader.fd, Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)) else { return nil }
        }
        var body: [UInt8] = []
        if head.header("Transfer-Encoding")?.lowercased().contains("chunked") == true {
            while true {
                guard let line = reader.line(),
                    let size = Int(line.prefix { $0 != ";" }.trimmingCharacters(in: .whitespaces), radix: 16),
                    size >= 0
                else { return nil }
                if size == 0 { break }
                guard let chunk = reader.bytes(size), reader.line() == "" else { return nil }
                body += chunk
            }
            while true {  // trailer fields, up to the empty line
                guard let line = reader.line() else { return nil }
                if line.isEmpty { break }
            }
        } else if let length = head.header("Content-Length") {
            guard let count = Int(length), count >= 0, let bytes = reader.bytes(count) else { return nil }
            body = bytes
        }
        return (HTTPRequestHead(method: head.method, target: head.target, headers: headers, body: body), parts[2])
    }

    /// Sleeps for `duration`, or until `stop()` writes to the wake pipe.
    private func pause(_ duration: Duration) {
        let deadline = ContinuousClock.now + duration
        while ContinuousClock.now < deadline {
            let (seconds, attoseconds) = (deadline - ContinuousClock.now).components
            let milliseconds = min(seconds, 86_400) * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
            var wake = pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)
            if poll(&wake, 1, Int32(clamping: milliseconds)) > 0 { return }
        }
    }
}

private func hasToken(_ value: String?, _ token: String) -> Bool {
    value?.lowercased().split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces) == token } ?? false
}

private func encode(_ response: HTTPResponseSpec, headOnly: Bool, closing: Bool) -> [UInt8] {
    let status = response.status
    let bodyless = (100..<200).contains(status) || status == 204 || status == 304
    var head = "HTTP/1.1 \(status) \(response.reason ?? reasonPhrase(status))\r\n"
    for (name, value) in response.headers { head += "\(name): \(value)\r\n" }
    let names = Set(response.headers.map { $0.name.lowercased() })
    if !bodyless && !names.contains("content-length") { head += "Content-Length: \(response.body.count)\r\n" }
    if closing && !names.contains("connection") { head += "Connection: close\r\n" }
    head += "\r\n"
    return Array(head.utf8) + (bodyless || headOnly ? [] : response.body)
}

private func reasonPhrase(_ status: Int) -> String {
    let phrases = [
        100: "Continue", 200: "OK", 201: "Created", 202: "Accepted", 204: "No Content", 206: "Partial Content",
        301: "Moved Permanently", 302: "Found", 303: "See Other", 304: "Not Modified", 307: "Temporary Redirect",
        308: "Permanent Redirect", 400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found",
        405: "Method Not Allowed", 408: "Request Timeout", 409: "Conflict", 410: "Gone", 418: "I'm a teapot",
        422: "Unprocessable Content", 429: "Too Many Requests", 500: "Internal Server Error", 501: "Not Implemented",
        502: "Bad Gateway", 503: "Service Unavailable", 504: "Gateway Timeout",
    ]
    return phrases[status] ?? "Status \(status)"
}

// MARK: - Sockets

#if canImport(Darwin)
    private let sendFlags: Int32 = 0
    private let streamSocketType = SOCK_STREAM
#else
    private let sendFlags = Int32(MSG_NOSIGNAL)
    private let streamSocketType = Int32(SOCK_STREAM.rawValue)
#endif

/// A TCP socket bound to 127.0.0.1 on an ephemeral port, listening when asked, and that port.
private func makeSocket(listening: Bool, port requestedPort: Int = 0) throws -> (fd: Int32, port: Int) {
    let fd = socket(AF_INET, streamSocketType, 0)
    guard fd >= 0 else { throw TestHTTPServerError(call: "socket", code: errno) }
    var address = sockaddr_in()
    #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
    #endif
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
    address.sin_port = UInt16(requestedPort).bigEndian
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let result = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address -> (String, Int32) in
            if listening && !setOption(fd, SOL_SOCKET, SO_REUSEADDR) { return ("setsockopt", errno) }
            if bind(fd, address, length) != 0 { return ("bind", errno) }
            if listening && listen(fd, 128) != 0 { return ("listen", errno) }
            // Non-blocking, so an `accept` after a connection vanished between `poll` and `accept` cannot hang.
            if listening && fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) != 0 { return ("fcntl", errno) }
            if getsockname(fd, address, &length) != 0 { return ("getsockname", errno) }
            return ("", 0)
        }
    }
    guard result.1 == 0 else {
        close(fd)
        throw TestHTTPServerError(call: result.0, code: result.1)
    }
    return (fd, Int(UInt16(bigEndian: address.sin_port)))
}

/// Keeps the descriptor out of child processes (tests that spawn tools must not inherit the listener).
private func setCloseOnExec(_ fd: Int32) {
    _ = fcntl(fd, F_SETFD, fcntl(fd, F_GETFD) | FD_CLOEXEC)
}

private func configureConnection(_ fd: Int32) {
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)  // BSD sockets inherit it from the listener
    #if canImport(Darwin)
        _ = setOption(fd, SOL_SOCKET, SO_NOSIGPIPE)
    #endif
    _ = setOption(fd, Int32(IPPROTO_TCP), TCP_NODELAY)
}

private func setOption(_ fd: Int32, _ level: Int32, _ name: Int32) -> Bool {
    var on: Int32 = 1
    return setsockopt(fd, level, name, &on, socklen_t(MemoryLayout<Int32>.size)) == 0
}

/// Writes all of `bytes`, looping over partial writes; false when the peer is gone or the server stopped.
private func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { raw in
        var offset = 0
        while offset < raw.count {
            let sent = send(fd, raw.baseAddress! + offset, raw.count - offset, sendFlags)
            if sent > 0 {
                offset += sent
            } else if sent < 0 && errno == EINTR {
                continue
            } else {
                return false
            }
        }
        return true
    }
}

/// Buffered reads from a connected socket.
private struct SocketReader {
    let fd: Int32
    private var buffer: [UInt8] = []
    private var scratch = [UInt8](repeating: 0, count: 65536)

    init(fd: Int32) {
        self.fd = fd
    }

    /// Reads more bytes into the buffer; false on end of stream or error.
    private mutating func fill() -> Bool {
        while true {
            let count = scratch.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                buffer += scratch[..<count]
                return true
            }
            if count < 0 && errno == EINTR { continue }
            return false
        }
    }

    /// The next line without its CRLF (a bare LF is accepted); nil at end of stream or past 64 KiB.
    mutating func line() -> String? {
        var scanned = 0
        while true {
            if let newline = buffer[scanned...].firstIndex(of: 10) {
                let end = newline > 0 && buffer[newline - 1] == 13 ? newline - 1 : newline
                let text = String(decoding: buffer[..<end], as: UTF8.self)
                buffer.removeFirst(newline + 1)
                return text
            }
            scanned = buffer.count
            guard buffer.count < 65536, fill() else { return nil }
        }
    }

    /// Exactly `count` bytes; nil if the stream ends first.
    mutating func bytes(_ count: Int) -> [UInt8]? {
        while buffer.count < count {
            guard fill() else { return nil }
        }
        defer { buffer.removeFirst(count) }
        return Array(buffer[..<count])
    }
}
