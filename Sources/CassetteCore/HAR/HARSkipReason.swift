/// Why `cassette import` leaves a HAR entry out: the exchange is nothing a `URLSession` client's
/// replay could serve.
package enum HARSkipReason: Int, Sendable, CaseIterable, Comparable {
    /// No response arrived (`status` 0, a browser's `_error`): aborted, blocked or failed
    /// requests. A file written by `cassette export` marks its transport errors so they come back.
    case noResponse
    /// `_fromCache`: the browser answered from its memory or disk cache without asking the server.
    case cacheHit
    /// `304 Not Modified`: the server answered a conditional request the browser's (or
    /// `URLSession`'s) cache added; the body the client saw is in that cache, not in the file.
    case notModified
    /// A `data:` URL: no request went out.
    case dataURL
    /// A `blob:` URL: browser memory, no request went out.
    case blobURL
    /// A WebSocket (`ws:`/`wss:`, `_resourceType: websocket`, `_webSocketMessages`, a `101`
    /// upgrade): a cassette replays request-response exchanges only.
    case webSocket
    /// A `CONNECT` request: a proxy tunnel, not an exchange the client made.
    case connectTunnel
    /// A CORS preflight (`_resourceType`/`_initiator` `preflight`): the browser's own request,
    /// which `URLSession` never sends.
    case preflight
    /// An informational `1xx` response other than a WebSocket upgrade: not a final answer.
    case informational
    /// Any other URL that is not `http` or `https`, or not a URL `URLSession` can load.
    case notHTTP

    package static func < (lhs: HARSkipReason, rhs: HARSkipReason) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The reason as a summary lists it, for `count` entries: `2 served from the browser's cache`.
    package func phrase(count: Int) -> String {
        let plural = count != 1
        let words: String
        switch self {
        case .noResponse: words = "without a response"
        case .cacheHit: words = "served from the browser's cache"
        case .notModified: words = "304 Not Modified (the body is in a cache, not in the file)"
        case .dataURL: words = plural ? "data: URLs" : "data: URL"
        case .blobURL: words = plural ? "blob: URLs" : "blob: URL"
        case .webSocket: words = plural ? "WebSockets" : "WebSocket"
        case .connectTunnel: words = plural ? "CONNECT tunnels" : "CONNECT tunnel"
        case .preflight: words = plural ? "CORS preflights" : "CORS preflight"
        case .informational: words = plural ? "informational 1xx responses" : "informational 1xx response"
        case .notHTTP: words = "not http or https"
        }
        return "\(count) \(words)"
    }
}
