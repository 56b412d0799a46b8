/// The bounds a server holds every connection to; what happens at each is documented per property.
public struct HTTPServerLimits: Sendable, Equatable {
    /// The longest request line (method, target, version); longer gets `414 URI Too Long`.
    public var maxRequestLineBytes: Int
    /// The header section's size (every field line with its CRLF, and the trailer section of a chunked
    /// body counted apart); larger gets `431 Request Header Fields Too Large`.
    public var maxHeaderBytes: Int
    /// The number of header fields; more get `431 Request Header Fields Too Large`.
    public var maxHeaderCount: Int
    /// The largest request body, by `Content-Length` (refused before it is read, with no
    /// `100 Continue`) or by the chunks received; larger gets `413 Content Too Large`.
    public var maxBodyBytes: Int
    /// Connections served at once; one more is answered `503 Service Unavailable` and closed.
    public var maxConnections: Int
    /// How long a keep-alive connection may sit between requests before the server closes it quietly.
    public var idleTimeout: Duration
    /// How long a request may take to arrive from its first byte to its last (head and body), and the
    /// longest silence while it does; past either the client gets `408 Request Timeout`.
    public var readTimeout: Duration
    /// How long one write may wait for a client that does not read; past it the connection is cut.
    public var writeTimeout: Duration
    /// How long `stop()` lets responses in flight finish before it cuts their connections.
    public var stopGracePeriod: Duration

    /// Limits with the given values; each default suits a loopback server for tests and tools.
    public init(
        maxRequestLineBytes: Int = 8192, maxHeaderBytes: Int = 65536, maxHeaderCount: Int = 128,
        maxBodyBytes: Int = 64 << 20, maxConnections: Int = 512, idleTimeout: Duration = .seconds(60),
        readTimeout: Duration = .seconds(30), writeTimeout: Duration = .seconds(30),
        stopGracePeriod: Duration = .seconds(5)
    ) {
        self.maxRequestLineBytes = maxRequestLineBytes
        self.maxHeaderBytes = maxHeaderBytes
        self.maxHeaderCount = maxHeaderCount
        self.maxBodyBytes = maxBodyBytes
        self.maxConnections = maxConnections
        self.idleTimeout = idleTimeout
        self.readTimeout = readTimeout
        self.writeTimeout = writeTimeout
        self.stopGracePeriod = stopGracePeriod
    }
}
