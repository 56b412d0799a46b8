import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// The POSIX socket calls the server makes, with the platform differences in this one file: Linux
/// suppresses SIGPIPE per call (`MSG_NOSIGNAL`), Darwin per socket (`SO_NOSIGPIPE`).
enum Socket {
    #if canImport(Darwin)
        static let sendFlags: Int32 = 0
        static let streamType = SOCK_STREAM
    #else
        static let sendFlags = Int32(MSG_NOSIGNAL)
        static let streamType = Int32(SOCK_STREAM.rawValue)
    #endif

    /// Binds and listens on `address`; the descriptor is non-blocking and close-on-exec.
    static func listen(on address: SocketAddress, backlog: Int32) throws(HTTPServerError) -> (fd: Int32, port: Int) {
        let fd = socket(address.family, streamType, 0)
        guard fd >= 0 else { throw .socketCall(call: "socket", code: errno) }
        setCloseOnExec(fd)
        var bound = address
        let failure: (call: String, code: Int32)? = bound.withSockaddr { pointer, length in
            if !setFlag(fd, SOL_SOCKET, SO_REUSEADDR) { return ("setsockopt(SO_REUSEADDR)", errno) }
            if address.family == AF_INET6 && !setFlag(fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY) {
                return ("setsockopt(IPV6_V6ONLY)", errno)
            }
            if bind(fd, pointer, length) != 0 { return ("bind", errno) }
            if systemListen(fd, backlog) != 0 { return ("listen", errno) }
            if fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) != 0 { return ("fcntl(O_NONBLOCK)", errno) }
            var actual = length
            if getsockname(fd, pointer, &actual) != 0 { return ("getsockname", errno) }
            return nil
        }
        if let failure {
            close(fd)
            throw HTTPServerError.binding(failure.call, code: failure.code, host: address.host, port: address.port)
        }
        return (fd, bound.port)
    }

    /// Accepts one connection: blocking, close-on-exec, `TCP_NODELAY` (each write leaves at once, so a
    /// streamed chunk reaches the client when it is written), a send timeout, no SIGPIPE.
    static func accept(_ listener: Int32, sendTimeout: Duration) -> (fd: Int32, peer: String)? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let fd = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { systemAccept(listener, $0, &length) }
        }
        guard fd >= 0 else { return nil }
        setCloseOnExec(fd)
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)  // BSD sockets inherit it from the listener
        #if canImport(Darwin)
            _ = setFlag(fd, SOL_SOCKET, SO_NOSIGPIPE)
        #endif
        _ = setFlag(fd, Int32(IPPROTO_TCP), TCP_NODELAY)
        let (seconds, attoseconds) = sendTimeout.components
        var timeout = timeval()
        timeout.tv_sec = .init(clamping: seconds)
        timeout.tv_usec = .init(attoseconds / 1_000_000_000_000)
        _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        return (fd, SocketAddress.describe(storage))
    }

    /// Sends all of `bytes`, looping over partial writes.
    static func sendAll(_ fd: Int32, _ bytes: some ContiguousBytes) throws(HTTPServerError) {
        if let failure = bytes.withUnsafeBytes({ sendAll(fd, $0) }) { throw failure }
    }

    private static func sendAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> HTTPServerError? {
        guard var base = bytes.baseAddress else { return nil }
        var remaining = bytes.count
        while remaining > 0 {
            let sent = send(fd, base, remaining, sendFlags)
            if sent > 0 {
                base += sent
                remaining -= sent
            } else if sent < 0 && errno == EINTR {
                continue
            } else if sent < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                return .writeTimedOut
            } else {
                return .connectionClosed
            }
        }
        return nil
    }

    /// One `recv` into `buffer`: the byte count, 0 at end of stream, -1 on error.
    static func receive(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        while true {
            let count = recv(fd, buffer.baseAddress, buffer.count, 0)
            if count < 0 && errno == EINTR { continue }
            return count
        }
    }

    /// What `poll` saw on a connection and the server's wake pipe.
    enum Readiness {
        case readable
        case woken
        case timedOut
    }

    /// Waits until `fd` is readable (or closed), `wake` is readable, or `milliseconds` pass (-1: forever).
    static func wait(_ fd: Int32, orWake wake: Int32?, milliseconds: Int32) -> Readiness {
        var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
        if let wake { fds.append(pollfd(fd: wake, events: Int16(POLLIN), revents: 0)) }
        while true {
            let ready = poll(&fds, nfds_t(fds.count), milliseconds)
            if ready < 0 && errno == EINTR { continue }
            if ready <= 0 { return ready == 0 ? .timedOut : .readable }  // an error: let recv report it
            if fds[0].revents != 0 { return .readable }
            return .woken
        }
    }

    /// Stops both directions at once: a thread blocked in `recv` or `send` on `fd` returns.
    static func shutdownBoth(_ fd: Int32) {
        _ = shutdown(fd, Int32(SHUT_RDWR))
    }

    /// Half-closes: the peer reads end of stream after what was sent.
    static func shutdownWrite(_ fd: Int32) {
        _ = shutdown(fd, Int32(SHUT_WR))
    }

    static func closeDescriptor(_ fd: Int32) {
        _ = close(fd)
    }

    /// A pipe whose read end becomes readable, and stays so, once `signal` writes to it.
    static func makePipe() throws(HTTPServerError) -> (read: Int32, write: Int32) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw .socketCall(call: "pipe", code: errno) }
        setCloseOnExec(fds[0])
        setCloseOnExec(fds[1])
        return (fds[0], fds[1])
    }

    static func signal(_ pipe: Int32) {
        var byte: UInt8 = 1
        _ = write(pipe, &byte, 1)
    }

    /// Keeps the descriptor out of child processes (a server's caller may spawn tools).
    private static func setCloseOnExec(_ fd: Int32) {
        _ = fcntl(fd, F_SETFD, fcntl(fd, F_GETFD) | FD_CLOEXEC)
    }

    private static func setFlag(_ fd: Int32, _ level: Int32, _ name: Int32) -> Bool {
        var on: Int32 = 1
        return setsockopt(fd, level, name, &on, socklen_t(MemoryLayout<Int32>.size)) == 0
    }
}

// `listen` and `accept` are shadowed by the methods above inside `Socket`.
private func systemListen(_ fd: Int32, _ backlog: Int32) -> Int32 { listen(fd, backlog) }
private func systemAccept(_ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>, _ length: inout socklen_t) -> Int32 {
    accept(fd, address, &length)
}
