import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// A numeric IPv4 or IPv6 address and port to bind, parsed from the host a caller gave.
struct SocketAddress {
    let host: String
    private(set) var port: Int
    private var storage = sockaddr_storage()
    let family: Int32

    /// `127.0.0.1`, `::1` (brackets allowed), any other numeric address, or `localhost` for 127.0.0.1.
    init(host: String, port: Int) throws(HTTPServerError) {
        guard (0...65535).contains(port) else { throw .invalidPort(port) }
        var literal = host == "localhost" ? "127.0.0.1" : host
        if literal.hasPrefix("[") && literal.hasSuffix("]") { literal = String(literal.dropFirst().dropLast()) }
        self.host = literal
        self.port = port
        var v4 = in_addr()
        var v6 = in6_addr()
        if inet_pton(AF_INET, literal, &v4) == 1 {
            family = AF_INET
            withUnsafeMutableBytes(of: &storage) { raw in
                let address = raw.baseAddress!.assumingMemoryBound(to: sockaddr_in.self)
                #if canImport(Darwin)
                    address.pointee.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
                #endif
                address.pointee.sin_family = sa_family_t(AF_INET)
                address.pointee.sin_addr = v4
                address.pointee.sin_port = UInt16(port).bigEndian
            }
        } else if inet_pton(AF_INET6, literal, &v6) == 1 {
            family = AF_INET6
            withUnsafeMutableBytes(of: &storage) { raw in
                let address = raw.baseAddress!.assumingMemoryBound(to: sockaddr_in6.self)
                #if canImport(Darwin)
                    address.pointee.sin6_len = UInt8(MemoryLayout<sockaddr_in6>.size)
                #endif
                address.pointee.sin6_family = sa_family_t(AF_INET6)
                address.pointee.sin6_addr = v6
                address.pointee.sin6_port = UInt16(port).bigEndian
            }
        } else {
            throw .invalidHost(host)
        }
    }

    /// The address as `sockaddr` and its length; afterwards `port` is re-read from the storage (a bind to
    /// port 0 followed by `getsockname` fills in the real one).
    mutating func withSockaddr<T>(_ body: (UnsafeMutablePointer<sockaddr>, socklen_t) -> T) -> T {
        let length = socklen_t(family == AF_INET ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size)
        let result = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) }
        }
        port = Self.port(of: storage)
        return result
    }

    /// `127.0.0.1:PORT` or `[::1]:PORT` for an accepted peer.
    static func describe(_ storage: sockaddr_storage) -> String {
        var copy = storage
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        let port = port(of: storage)
        return withUnsafeMutableBytes(of: &copy) { raw -> String in
            if Int32(storage.ss_family) == AF_INET6 {
                var address = raw.baseAddress!.assumingMemoryBound(to: sockaddr_in6.self).pointee.sin6_addr
                inet_ntop(AF_INET6, &address, &text, socklen_t(text.count))
                return "[\(Self.string(text))]:\(port)"
            }
            var address = raw.baseAddress!.assumingMemoryBound(to: sockaddr_in.self).pointee.sin_addr
            inet_ntop(AF_INET, &address, &text, socklen_t(text.count))
            return "\(Self.string(text)):\(port)"
        }
    }

    private static func string(_ text: [CChar]) -> String {
        String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func port(of storage: sockaddr_storage) -> Int {
        var copy = storage
        return withUnsafeBytes(of: &copy) { raw in
            if Int32(storage.ss_family) == AF_INET6 {
                return Int(UInt16(bigEndian: raw.load(as: sockaddr_in6.self).sin6_port))
            }
            return Int(UInt16(bigEndian: raw.load(as: sockaddr_in.self).sin_port))
        }
    }
}
