import Foundation

/// Words for the `URLError` codes a request can fail with before any response arrives, so messages
/// say what happened instead of `NSURLErrorDomain Code=-1004`.
package enum TransportErrorText {
    /// `could not connect to the server (URLError -1004)`.
    package static func describe(code: Int) -> String {
        let words: String
        switch code {
        case -1004: words = "could not connect to the server"
        case -1003: words = "the host name was not found"
        case -1001: words = "the request timed out"
        case -1005: words = "the connection was lost"
        case -1009: words = "the machine is not connected to a network"
        case -1200, -1201, -1202, -1203, -1204, -1205, -1206: words = "the secure connection failed"
        case -1011: words = "the server's response was bad"
        case -1017: words = "the response could not be parsed"
        case -999: words = "the request was cancelled"
        default: words = "the request failed"
        }
        return "\(words) (URLError \(code))"
    }

    /// Whether `code` says the server could not be reached at all.
    package static func isUnreachable(_ code: Int) -> Bool {
        [-1004, -1003, -1001, -1005, -1009].contains(code)
    }

    /// `127.0.0.1:8080` (the default port of the scheme when the URL has none).
    package static func hostAndPort(of url: String) -> String {
        let parts = URLParts(url)
        let port = parts.port ?? URLParts.defaultPort(scheme: parts.scheme.lowercased()) ?? "?"
        return "\(parts.host.isEmpty ? url : parts.host):\(port)"
    }
}
