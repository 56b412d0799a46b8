import Foundation

/// The listening socket, the threads and the shared counters of a started server. The threads retain
/// it (not the `HTTPServer`), so dropping the server can stop them.
final class ServerCore: @unchecked Sendable {
    let limits: HTTPServerLimits
    let handler: HTTPServer.SynchronousHandler
    let port: Int
    private let listener: Int32
    /// Readable once `stop()` has begun, and from then on: wakes the accept loop and idle connections.
    let wakeSignal: Int32
    private let wakeWrite: Int32
    private let logger: (@Sendable (String) -> Void)?
    private let threads = DispatchGroup()
    private let lock = NSLock()
    private var stopping = false  // guarded by `lock`
    private var open: [Int: Int32] = [:]  // guarded by `lock`: connection number to descriptor
    private var statistics = HTTPServer.Statistics()  // guarded by `lock`

    init(
        address: SocketAddress, limits: HTTPServerLimits, logger: (@Sendable (String) -> Void)?,
        handler: @escaping HTTPServer.SynchronousHandler
    ) throws(HTTPServerError) {
        (listener, port) = try Socket.listen(on: address, backlog: 511)
        do {
            (wakeSignal, wakeWrite) = try Socket.makePipe()
        } catch {
            Socket.closeDescriptor(listener)
            throw error
        }
        self.limits = limits
        self.logger = logger
        self.handler = handler
    }

    deinit {
        Socket.closeDescriptor(wakeSignal)
        Socket.closeDescriptor(wakeWrite)
    }

    var isStopping: Bool { lock.withLock { stopping } }

    var currentStatistics: HTTPServer.Statistics {
        lock.withLock {
            var copy = statistics
            copy.openConnections = open.count
            return copy
        }
    }

    func log(_ message: String) {
        logger?(message)
    }

    func countRequest() {
        lock.withLock { statistics.requestsReceived += 1 }
    }

    func start() {
        spawn { self.acceptLoop() }
    }

    /// Stops accepting, lets every connection finish the response in flight for up to
    /// `limits.stopGracePeriod`, then cuts the connections still open and waits a little more for their
    /// threads (a handler that never returns is left running).
    func stop() {
        let first = lock.withLock {
            defer { stopping = true }
            return !stopping
        }
        if first { Socket.signal(wakeWrite) }
        if threads.wait(timeout: .now() + Self.dispatchInterval(limits.stopGracePeriod)) == .timedOut {
            lock.withLock {
                for fd in open.values { Socket.shutdownBoth(fd) }
            }
            _ = threads.wait(timeout: .now() + .seconds(2))
        }
    }

    private func acceptLoop() {
        defer { Socket.closeDescriptor(listener) }
        while true {
            switch Socket.wait(listener, orWake: wakeSignal, milliseconds: -1) {
            case .woken: return
            case .timedOut, .readable: break
            }
            guard let (fd, peer) = Socket.accept(listener, sendTimeout: limits.writeTimeout) else {
                if errno == EMFILE || errno == ENFILE {  // out of descriptors: do not spin
                    log("accept: \(String(cString: strerror(errno))); waiting 10 ms")
                    usleep(10_000)
                }
                continue
            }
            enum Admission {
                case serve(Int)
                case full, stopping
            }
            let admission = lock.withLock { () -> Admission in
                if stopping { return .stopping }
                if open.count >= limits.maxConnections { return .full }
                statistics.connectionsAccepted += 1
                let number = statistics.connectionsAccepted
                open[number] = fd
                return .serve(number)
            }
            switch admission {
            case .stopping:
                Socket.closeDescriptor(fd)
                return
            case .full:
                log("\(peer): 503: \(limits.maxConnections) connections are open (HTTPServerLimits.maxConnections)")
                spawn { Self.refuse(fd) }
            case .serve(let number):
                spawn {
                    Connection(core: self, socket: fd, peer: peer, number: number).run()
                    self.lock.withLock {
                        self.open[number] = nil
                        Socket.closeDescriptor(fd)
                    }
                }
            }
        }
    }

    /// `503` and close, for a connection over `maxConnections`.
    private static func refuse(_ fd: Int32) {
        let body = "503 Service Unavailable: too many connections are open; retry shortly\n"
        let text =
            "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n"
            + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\nRetry-After: 1\r\n\r\n" + body
        _ = try? Socket.sendAll(fd, Array(text.utf8))
        Socket.shutdownWrite(fd)
        var input = ConnectionInput(socket: fd)
        input.drain(for: .milliseconds(200), limit: 1 << 16)
        Socket.closeDescriptor(fd)
    }

    private func spawn(_ body: @escaping @Sendable () -> Void) {
        threads.enter()
        let thread = Thread {
            body()
            self.threads.leave()
        }
        thread.start()
    }

    private static func dispatchInterval(_ duration: Duration) -> DispatchTimeInterval {
        let (seconds, attoseconds) = duration.components
        return .milliseconds(Int(clamping: min(seconds, 86_400) * 1000 + attoseconds / 1_000_000_000_000_000))
    }
}
