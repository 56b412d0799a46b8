import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// A plain TCP client for the cases no HTTP client sends: it writes exactly the bytes given and reads
/// exactly what the server answers. One thread uses a connection at a time.
final class RawConnection: @unchecked Sendable {
    private let fd: Int32

    /// Connects to `host` (127.0.0.1 or ::1) on `port`.
    init(port: Int, host: String = "127.0.0.1") throws {
        let family = host.contains(":") ? AF_INET6 : AF_INET
        #if canImport(Darwin)
            fd = socket(family, SOCK_STREAM, 0)
        #else
            fd = socket(family, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        guard fd >= 0 else { throw RawConnectionError("socket: errno \(errno)") }
        var result: Int32
        if family == AF_INET {
            var address = sockaddr_in()
            #if canImport(Darwin)
                address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
            #endif
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = UInt16(port).bigEndian
            inet_pton(AF_INET, host, &address.sin_addr)
            result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        } else {
            var address = sockaddr_in6()
            #if canImport(Darwin)
                address.sin6_len = UInt8(MemoryLayout<sockaddr_in6>.size)
            #endif
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = UInt16(port).bigEndian
            inet_pton(AF_INET6, host, &address.sin6_addr)
            result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
        }
        guard result == 0 else {
            close(fd)
            throw RawConnectionError("connect to \(host):\(port): errno \(errno)")
        }
    }

    deinit {
        close(fd)
    }

    func send(_ text: String) throws {
        try send(Array(text.utf8))
    }

    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            #if canImport(Darwin)
                let sent = bytes.withUnsafeBytes { Darwin.send(fd, $0.baseAddress! + offset, $0.count - offset, 0) }
            #else
                let sent = bytes.withUnsafeBytes {
                    Glibc.send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL))
                }
            #endif
            guard sent > 0 else { throw RawConnectionError("send: errno \(errno)") }
            offset += sent
        }
    }

    /// Half-closes: the server reads end of stream after what was sent.
    func finishSending() {
        shutdown(fd, Int32(SHUT_WR))
    }

    /// Everything the server sends until it closes the connection, or `timeout` passes.
    func readToEnd(timeout: Duration = .seconds(10)) -> String {
        String(decoding: readBytes(until: { _ in false }, timeout: timeout), as: UTF8.self)
    }

    /// What the server sends until `text` has arrived (or it closes, or `timeout` passes).
    func read(until text: String, timeout: Duration = .seconds(10)) -> String {
        let marker = Array(text.utf8)
        let bytes = readBytes(until: { Self.contains($0, marker) }, timeout: timeout)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether the server closed the connection within `timeout` (reading and dropping what it sent).
    func closedByServer(within timeout: Duration) -> Bool {
        let deadline = ContinuousClock.now + timeout
        var buffer = [UInt8](repeating: 0, count: 4096)
        while ContinuousClock.now < deadline {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 50) > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return true }
        }
        return false
    }

    private func readBytes(until done: ([UInt8]) -> Bool, timeout: Duration) -> [UInt8] {
        let deadline = ContinuousClock.now + timeout
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while ContinuousClock.now < deadline && !done(received) {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 50) > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            received += buffer[..<count]
        }
        return received
    }

    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, haystack.count >= needle.count else { return needle.isEmpty }
        return (0...(haystack.count - needle.count)).contains {
            haystack[$0..<($0 + needle.count)].elementsEqual(needle)
        }
    }
}

struct RawConnectionError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
