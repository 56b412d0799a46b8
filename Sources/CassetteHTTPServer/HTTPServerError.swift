import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Why the server could not start, or why a response could not be written.
public enum HTTPServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The host is not a numeric IPv4 or IPv6 address (nor `localhost`).
    case invalidHost(String)
    /// The port is outside 0...65535.
    case invalidPort(Int)
    /// Another socket already listens on the address.
    case portInUse(host: String, port: Int)
    /// The system refused the bind (a port below 1024 without privileges).
    case permissionDenied(host: String, port: Int)
    /// No interface has the address (for example `::1` where IPv6 is disabled).
    case addressUnavailable(host: String)
    /// Any other failing system call, with its `errno`.
    case socketCall(call: String, code: Int32)
    /// `start()` was called on a server that had already been started.
    case alreadyStarted
    /// The handler asked for a response the server cannot send; the text says what to change.
    case invalidResponse(String)
    /// The client closed the connection (or the server cut it) before everything was written.
    case connectionClosed
    /// The client stopped reading for longer than `HTTPServerLimits.writeTimeout`; the connection is cut.
    case writeTimedOut

    public var description: String {
        switch self {
        case .invalidHost(let host):
            return "cannot listen on '\(host)': give a numeric address such as 127.0.0.1 or ::1 (or localhost)"
        case .invalidPort(let port):
            return "cannot listen on port \(port): a port is 0...65535 (0 picks a free one)"
        case .portInUse(let host, let port):
            return "port \(port) on \(Self.authority(host)) is already in use by another process; "
                + "choose another port, or 0 for a free one (`ss -ltnp 'sport = :\(port)'` shows who holds it)"
        case .permissionDenied(let host, let port):
            return "not allowed to listen on port \(port) on \(Self.authority(host)): ports below 1024 need "
                + "privileges; choose a port of 1024 or above, or 0 for a free one"
        case .addressUnavailable(let host):
            return "cannot listen on \(Self.authority(host)): no network interface has that address "
                + "(IPv6 disabled, or not a local address); use 127.0.0.1"
        case .socketCall(let call, let code):
            return "\(call) failed: \(String(cString: strerror(code))) (errno \(code))"
        case .alreadyStarted:
            return "the server was already started: create a new HTTPServer to listen again"
        case .invalidResponse(let reason):
            return "invalid response: \(reason)"
        case .connectionClosed:
            return "the client closed the connection before the response was written"
        case .writeTimedOut:
            return "the client stopped reading the response; the connection was closed"
        }
    }

    static func binding(_ call: String, code: Int32, host: String, port: Int) -> Self {
        guard call == "bind" else { return .socketCall(call: call, code: code) }
        switch code {
        case EADDRINUSE: return .portInUse(host: host, port: port)
        case EACCES: return .permissionDenied(host: host, port: port)
        case EADDRNOTAVAIL: return .addressUnavailable(host: host)
        default: return .socketCall(call: call, code: code)
        }
    }

    private static func authority(_ host: String) -> String {
        host.contains(":") ? "[\(host)]" : host
    }
}
