import Foundation

/// An HTTP/1.1 server on a loopback address, over POSIX sockets, for serving cassettes to any client.
///
/// Each connection is served on a thread of its own: requests are read (pipelined ones in order),
/// each is handed to the handler with its whole body, and the handler answers through an
/// ``HTTPResponseWriter``, whole or streamed. Keep-alive, chunked request bodies,
/// `Expect: 100-continue` and HEAD are handled by the server; malformed, ambiguous (request
/// smuggling) and oversized requests are answered with a 4xx or 5xx naming what was wrong, and never
/// reach the handler. See ``HTTPServerLimits`` for the bounds.
///
/// ```swift
/// let server = HTTPServer(port: 0) { request, response in
///     try? response.respond(status: 200, headers: [("Content-Type", "text/plain")], body: Data("hi".utf8))
/// }
/// let port = try server.start()
/// defer { server.stop() }
/// ```
public final class HTTPServer: @unchecked Sendable {
    /// Answers one request; it runs in a task, and the response ends when it returns.
    public typealias Handler = @Sendable (HTTPServerRequest, HTTPResponseWriter) async -> Void
    /// Answers one request on the connection's own thread, which it may block (waiting for an upstream,
    /// sleeping between streamed chunks); the response ends when it returns.
    public typealias SynchronousHandler = @Sendable (HTTPServerRequest, HTTPResponseWriter) -> Void

    /// The address given, without brackets.
    public let host: String
    /// The bounds every connection is held to.
    public let limits: HTTPServerLimits
    private let requestedPort: Int
    private let logger: (@Sendable (String) -> Void)?
    private let handler: SynchronousHandler
    private let lock = NSLock()
    private var core: ServerCore?  // guarded by `lock`
    private var started = false  // guarded by `lock`

    /// A server whose handler is async; see ``SynchronousHandler`` for one that runs on the connection's
    /// thread (faster per request, and free to block).
    ///
    /// - Parameters:
    ///   - host: a numeric address to listen on, `127.0.0.1` (the default) or `::1`; `localhost` means 127.0.0.1.
    ///   - port: the port; 0 (the default) picks a free one, which ``start()`` returns.
    ///   - limits: the bounds of requests, connections and timeouts.
    ///   - log: receives one line for each refused request and each response that ended badly.
    ///   - handler: answers each request that passed the server's checks.
    public convenience init(
        host: String = "127.0.0.1", port: Int = 0, limits: HTTPServerLimits = HTTPServerLimits(),
        log: (@Sendable (String) -> Void)? = nil, handler: @escaping Handler
    ) {
        self.init(host: host, port: port, limits: limits, log: log) { request, writer in
            let done = DispatchSemaphore(value: 0)
            let operation: @Sendable () async -> Void = {
                await handler(request, writer)
                done.signal()
            }
            // The handler runs on the server's own executor, not on Swift's cooperative pool: that
            // pool has one thread per core, and in a process that keeps it busy (a test run, where
            // CPU-bound tests hold both threads of a 2-core machine for tens of seconds) requests
            // would wait for it until their clients time out.
            if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
                Task(executorPreference: HandlerExecutor.shared, operation: operation)
            } else {
                Task(operation: operation)
            }
            done.wait()
        }
    }

    /// A server whose handler runs on each connection's own thread.
    ///
    /// - Parameters: as ``init(host:port:limits:log:handler:)``.
    public init(
        host: String = "127.0.0.1", port: Int = 0, limits: HTTPServerLimits = HTTPServerLimits(),
        log: (@Sendable (String) -> Void)? = nil, synchronousHandler: @escaping SynchronousHandler
    ) {
        self.host = host
        self.requestedPort = port
        self.limits = limits
        self.logger = log
        self.handler = synchronousHandler
    }

    deinit {
        lock.withLock { core }?.stop()
    }

    /// Binds the address and starts accepting connections.
    ///
    /// - Returns: the port listened on (the free one picked for port 0).
    /// - Throws: ``HTTPServerError/portInUse(host:port:)``, ``HTTPServerError/invalidHost(_:)`` and the
    ///   other binding errors (after which `start()` may be called again); ``HTTPServerError/alreadyStarted``
    ///   once the server has started.
    @discardableResult
    public func start() throws(HTTPServerError) -> Int {
        lock.lock()
        defer { lock.unlock() }
        guard !started else { throw .alreadyStarted }
        let address = try SocketAddress(host: host, port: requestedPort)
        let core = try ServerCore(address: address, limits: limits, logger: logger, handler: handler)
        started = true
        self.core = core
        core.start()
        return core.port
    }

    /// The port listened on once ``start()`` succeeded, else nil.
    public var port: Int? { lock.withLock { core?.port } }

    /// `http://127.0.0.1:PORT` (`http://[::1]:PORT` for IPv6) once started, else nil.
    public var baseURL: URL? {
        guard let port else { return nil }
        return URL(string: "http://\(host.contains(":") ? "[\(host)]" : host):\(port)")
    }

    /// Counters since ``start()``.
    public var statistics: Statistics { lock.withLock { core }?.currentStatistics ?? Statistics() }

    /// Stops gracefully: no new connections; idle keep-alive connections are closed at once; a response
    /// in flight may finish (with `Connection: close`) for up to ``HTTPServerLimits/stopGracePeriod``,
    /// after which its connection is cut. Returns when the server's threads have ended (or, for a handler
    /// that never returns, two seconds after the cut). Idempotent; must not be called from a handler.
    public func stop() {
        lock.withLock { core }?.stop()
    }
}
