import CassetteCore
import CassetteHTTPServer
import Foundation

#if canImport(Darwin)
    import Darwin
#else
    import Glibc
#endif

/// An HTTP/1.1 server on 127.0.0.1 and an ephemeral port, for tests that drive the real `URLSession`.
///
/// It runs on the package's own `HTTPServer` (CassetteHTTPServer): a thread per connection,
/// keep-alive, `Content-Length` or chunked request bodies, `Expect: 100-continue`, streamed
/// responses. `stop()` (also run by `deinit`) cuts delays and streams short, closes every connection
/// and waits for the threads.
package final class TestHTTPServer: Sendable {
    private let server: HTTPServer
    private let requests = Locked<[HTTPRequestHead]>([])
    private let stopping = StopSignal()

    /// The port the server listens on.
    package let port: Int

    /// `http://127.0.0.1:PORT`
    package var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Bounds for a test server: bodies up to 1 GiB; a stop waits at most a second for a response.
    private static let limits = HTTPServerLimits(maxBodyBytes: 1 << 30, stopGracePeriod: .seconds(1))

    /// Binds 127.0.0.1 on `port` (0, the default, for an ephemeral one) and starts accepting at once.
    package init(port: Int = 0, handler: @escaping @Sendable (HTTPRequestHead) -> HTTPResponseSpec) throws {
        DescriptorLimit.raise()
        let (requests, stopping) = (self.requests, self.stopping)
        server = HTTPServer(
            port: port, limits: Self.limits,
            synchronousHandler: { request, writer in
                let head = HTTPRequestHead(
                    method: request.method, target: request.target, headers: request.headers,
                    body: [UInt8](request.body))
                requests.withLock { $0.append(head) }
                Self.send(handler(head), to: writer, stopping: stopping)
            })
        self.port = try server.start()
    }

    /// A server answering with `TestHTTPServer.standardRoutes`.
    package convenience init(port: Int = 0) throws {
        try self.init(port: port, handler: Self.standardRoutes)
    }

    deinit {
        stop()
    }

    /// The URL of `pathAndQuery` (a leading `/` is added when missing) on this server.
    package func url(_ pathAndQuery: String) -> URL {
        let target = pathAndQuery.hasPrefix("/") ? pathAndQuery : "/" + pathAndQuery
        return URL(string: "http://127.0.0.1:\(port)\(target)")!
    }

    /// The number of requests fully received so far (counted before the handler runs).
    package var requestCount: Int { requests.withLock { $0.count } }

    /// Every request fully received so far, in arrival order.
    package var receivedRequests: [HTTPRequestHead] { requests.withLock { $0 } }

    /// The number of TCP connections accepted so far (1 for several requests shows keep-alive).
    package var connectionCount: Int { server.statistics.connectionsAccepted }

    /// Closes the listener and every open connection and waits for the server's threads to end; delays
    /// and stream pauses in flight end at once. Idempotent. Must not be called from inside a handler.
    package func stop() {
        stopping.fire()
        server.stop()
    }

    /// A loopback port with nothing listening on it, reserved while the value lives: a socket is bound
    /// to it but never listens, so connecting is refused and no other test's server (tests run in
    /// parallel) can be given the port meanwhile. Falls back to 9 (discard, normally closed) if no
    /// socket can be made.
    package static func closedPort() -> ClosedPort {
        ClosedPort()
    }

    /// Writes `response` (after its delay): whole, or as its stream. A response the writer refuses (a
    /// mistake in a test's handler) becomes a 500 that says why.
    private static func send(_ response: HTTPResponseSpec, to writer: HTTPResponseWriter, stopping: StopSignal) {
        if response.delay > .zero { stopping.wait(response.delay) }
        do {
            guard let stream = response.stream else {
                try writer.respond(
                    status: response.status, reason: response.reason, headers: response.headers,
                    body: Data(response.body))
                return
            }
            try writer.writeHead(status: response.status, reason: response.reason, headers: response.headers)
            for (index, chunk) in stream.chunks.enumerated() {
                if index > 0 && stream.pause > .zero { stopping.wait(stream.pause) }
                try writer.writeBodyChunk(Data(chunk))
            }
            if stream.cutBeforeEnd { writer.abort() } else { try writer.finish() }
        } catch {
            // Anything but a refused response means the client went away.
            guard case HTTPServerError.invalidResponse(let reason) = error else { return }
            try? writer.respond(
                status: 500, headers: [("Content-Type", "text/plain; charset=utf-8")],
                body: Data("TestHTTPServer: the handler's response cannot be sent: \(reason)\n".utf8))
        }
    }
}

/// A loopback port that refuses connections for as long as the value lives; see
/// ``TestHTTPServer/closedPort()``.
package final class ClosedPort: Sendable {
    package let port: Int
    private let descriptor: Int32?

    init() {
        if let (fd, port) = try? makeSocket() {
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

// MARK: - Sockets

#if canImport(Darwin)
    private let streamSocketType = SOCK_STREAM
#else
    private let streamSocketType = Int32(SOCK_STREAM.rawValue)
#endif

/// A TCP socket bound to 127.0.0.1 on an ephemeral port, never listening, and that port.
private func makeSocket() throws -> (fd: Int32, port: Int) {
    let fd = socket(AF_INET, streamSocketType, 0)
    guard fd >= 0 else { throw TestHTTPServerError(call: "socket", code: errno) }
    setCloseOnExec(fd)
    var address = sockaddr_in()
    #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
    #endif
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let result = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address -> (String, Int32) in
            if bind(fd, address, length) != 0 { return ("bind", errno) }
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
