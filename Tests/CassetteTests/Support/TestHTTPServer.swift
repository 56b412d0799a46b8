import Foundation

#if canImport(Darwin)
    import Darwin
#else
    import Glibc
#endif

/// One request as the server received it.
struct HTTPRequestHead: Sendable {
    let method: String
    /// The request target exactly as sent: path plus `?query`.
    let target: String
    /// Header fields in the received order and spelling.
    let headers: [(name: String, value: String)]
    /// The body, de-chunked when it came with `Transfer-Encoding: chunked`.
    let body: [UInt8]

    /// The first header named `name`, compared case-insensitively.
    func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.name.lowercased() == wanted }?.value
    }

    /// The target up to `?`, not percent-decoded.
    var path: String { String(target.prefix { $0 != "?" }) }

    /// The raw text after the first `?`, or nil when the target has none.
    var query: String? {
        target.firstIndex(of: "?").map { String(target[target.index(after: $0)...]) }
    }

    /// `name=value` pairs of the query, percent-decoded (`+` is kept as is, as `URLComponents` does).
    var queryItems: [(name: String, value: String)] {
        guard let query, !query.isEmpty else { return [] }
        return query.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decode = { (text: Substring) in text.removingPercentEncoding ?? String(text) }
            return (decode(parts[0]), parts.count > 1 ? decode(parts[1]) : "")
        }
    }
}

/// What the server answers. `Content-Length` is added unless given (never for 1xx, 204 and 304), and no
/// `Date` header is sent, so recordings stay identical between runs.
struct HTTPResponseSpec: Sendable {
    var status: Int
    /// The reason phrase; nil picks the standard one for `status`.
    var reason: String? = nil
    var headers: [(name: String, value: String)] = []
    var body: [UInt8] = []
    /// How long the connection thread waits before writing the response (cut short by `stop()`).
    var delay: Duration = .zero

    static func json(_ text: String, status: Int = 200) -> Self {
        Self(status: status, headers: [("Content-Type", "application/json")], body: Array(text.utf8))
    }

    static func text(_ text: String, status: Int = 200, contentType: String = "text/plain; charset=utf-8") -> Self {
        Self(status: status, headers: [("Content-Type", contentType)], body: Array(text.utf8))
    }

    static func bytes(_ bytes: [UInt8], contentType: String = "application/octet-stream") -> Self {
        Self(status: 200, headers: [("Content-Type", contentType)], body: bytes)
    }

    static func redirect(_ status: Int, to location: String) -> Self {
        Self(status: status, headers: [("Location", location)])
    }

    static func empty(_ status: Int) -> Self {
        Self(status: status)
    }
}

/// An HTTP/1.1 server on 127.0.0.1 and an ephemeral port, for tests that drive the real `URLSession`.
///
/// One thread accepts, one thread serves each connection (keep-alive, `Content-Length` or chunked
/// request bodies, `Expect: 100-continue`). `stop()` (also run by `deinit`) closes everything and
/// waits for the threads.
final class TestHTTPServer: Sendable {
    private let core: ServerCore

    /// The port the server listens on.
    var port: Int { core.port }

    /// `http://127.0.0.1:PORT`
    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Binds 127.0.0.1 on `port` (0, the default, for an ephemeral one) and starts accepting at once.
    init(port: Int = 0, handler: @escaping @Sendable (HTTPRequestHead) -> HTTPResponseSpec) throws {
        core = try ServerCore(port: port, handler: handler)
        core.start()
    }

    /// A server answering with `TestHTTPServer.standardRoutes`.
    convenience init(port: Int = 0) throws {
        try self.init(port: port, handler: Self.standardRoutes)
    }

    deinit {
        core.stop()
    }

    /// The URL of `pathAndQuery` (a leading `/` is added when missing) on this server.
    func url(_ pathAndQuery: String) -> URL {
        let target = pathAndQuery.hasPrefix("/") ? pathAndQuery : "/" + pathAndQuery
        return URL(string: "http://127.0.0.1:\(port)\(target)")!
    }

    /// The number of requests fully received so far (counted before the handler runs).
    var requestCount: Int { core.withLock { $0.requests.count } }

    /// Every request fully received so far, in arrival order.
    var receivedRequests: [HTTPRequestHead] { core.withLock { $0.requests } }

    /// The number of TCP connections accepted so far (1 for several requests shows keep-alive).
    var connectionCount: Int { core.withLock { $0.connectionsAccepted } }

    /// Closes the listener and every open connection and waits for the server's threads to end.
    /// Idempotent. Must not be called from inside a handler.
    func stop() {
        core.stop()
    }

    /// A loopback port with nothing listening on it (bound to port 0, read back, closed). Falls back to 9
    /// (discard, normally closed) if no socket can be made.
    static func closedPort() -> Int {
        guard let (fd, port) = try? makeSocket(listening: false) else { return 9 }
        close(fd)
        return port
    }
}

/// A socket call failed while starting the server.
struct TestHTTPServerError: Error, CustomStringConvertible {
    let call: String
    let code: Int32

    var description: String { "TestHTTPServer: \(call) failed: \(String(cString: strerror(code)))" }
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

// MARK: - Standard routes

extension TestHTTPServer {
    /// Deterministic routes (no dates, no random values); the method is ignored except by `/echo`.
    ///
    /// `/json`, `/text`, `/binary` (bytes 0...255), `/gzip` (gzip-encoded JSON), `/redirect/{301,302,303,307,308}`
    /// (to `/json`, or `/echo` with `?to=echo`), `/redirect/chain` (302 to `/redirect/302`), `/status/N`,
    /// `/large?bytes=N` (byte i is i % 251; default 10 MiB), `/cookie/set`, `/cookie/check`, `/slow?ms=N`
    /// (default 200), `/echo` (the request as sorted JSON); anything else is 404 `not found`.
    static let standardRoutes: @Sendable (HTTPRequestHead) -> HTTPResponseSpec = { request in
        let path = request.path
        let items = request.queryItems
        let number = { (name: String) in items.first { $0.name == name }.flatMap { Int($0.value) } }
        switch path {
        case "/json":
            return .json(#"{"id":1,"name":"Ada","tags":["a","b"]}"#)
        case "/text":
            return .text("hello, world\n")
        case "/binary":
            return .bytes((0...255).map { UInt8($0) })
        case "/gzip":
            var response = HTTPResponseSpec.json("")
            response.body = gzipCompress(Array(#"{"compressed":true,"items":[1,2,3]}"#.utf8))
            response.headers.append(("Content-Encoding", "gzip"))
            return response
        case "/redirect/chain":
            return .redirect(302, to: "/redirect/302")
        case "/large":
            let count = max(0, number("bytes") ?? 10_485_760)
            let pattern = (0..<251).map { UInt8($0) }
            var body: [UInt8] = []
            body.reserveCapacity(count)
            while body.count < count { body += pattern.prefix(count - body.count) }
            return .bytes(body)
        case "/cookie/set":
            var response = HTTPResponseSpec.text("ok")
            response.headers += [("Set-Cookie", "session=abc123; Path=/"), ("Set-Cookie", "theme=dark; Path=/")]
            return response
        case "/cookie/check":
            return .text(request.header("Cookie") ?? "none")
        case "/slow":
            var response = HTTPResponseSpec.text("slow")
            response.delay = .milliseconds(max(0, number("ms") ?? 200))
            return response
        case "/echo":
            return echo(request)
        default:
            break
        }
        let segments = path.split(separator: "/")
        let status = segments.count == 2 ? Int(segments[1]) : nil
        if segments.first == "redirect", let status, [301, 302, 303, 307, 308].contains(status) {
            let toEcho = items.contains { $0.name == "to" && $0.value == "echo" }
            return .redirect(status, to: toEcho ? "/echo" : "/json")
        }
        if segments.first == "status", let status, (200...599).contains(status) {
            return status == 204 || status == 304 ? .empty(status) : .text("status \(status)", status: status)
        }
        return .text("not found", status: 404)
    }

    /// Headers that differ between clients or runs, left out of `/echo`.
    private static let unechoedHeaders: Set = [
        "user-agent", "accept-encoding", "accept-language", "accept", "connection", "host", "content-length",
        "transfer-encoding", "expect",
    ]

    /// `{"body":…,"headers":{…},"method":…,"path":…,"query":…}` with sorted keys; repeated headers are joined
    /// with ", "; the body is UTF-8 text, or base64 when it is not valid UTF-8; `query` is the raw query or "".
    private static func echo(_ request: HTTPRequestHead) -> HTTPResponseSpec {
        var headers: [String: [String]] = [:]
        for (name, value) in request.headers where !unechoedHeaders.contains(name.lowercased()) {
            headers[name.lowercased(), default: []].append(value)
        }
        let headerFields = headers.sorted { $0.key < $1.key }.map {
            jsonString($0.key) + ":" + jsonString($0.value.joined(separator: ", "))
        }
        let body = String(bytes: request.body, encoding: .utf8) ?? Data(request.body).base64EncodedString()
        let fields = [
            "\"body\":" + jsonString(body),
            "\"headers\":{" + headerFields.joined(separator: ",") + "}",
            "\"method\":" + jsonString(request.method),
            "\"path\":" + jsonString(request.path),
            "\"query\":" + jsonString(request.query ?? ""),
        ]
        return .json("{" + fields.joined(separator: ",") + "}")
    }

    private static func jsonString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
