/// An HTTP/1.x protocol version, from a request line.
public struct HTTPVersion: Sendable, Hashable, CustomStringConvertible {
    public let major: Int
    public let minor: Int

    /// `HTTP/1.0`: one request per connection unless the client asks for `Connection: keep-alive`.
    public static let http10 = HTTPVersion(major: 1, minor: 0)
    /// `HTTP/1.1`: persistent connections, chunked transfer coding.
    public static let http11 = HTTPVersion(major: 1, minor: 1)

    public init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }

    /// `HTTP/1.1`
    public var description: String { "HTTP/\(major).\(minor)" }

    /// HTTP/1.1 or a later 1.x: the features of 1.1 apply (RFC 9110 2.5).
    var isAtLeast11: Bool { major > 1 || (major == 1 && minor >= 1) }
}
