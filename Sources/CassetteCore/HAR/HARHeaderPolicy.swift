/// Which headers of a HAR file a cassette keeps.
///
/// A browser or proxy logs the headers that went over the wire; a cassette stores the headers the
/// code under test set on its `URLRequest` (replay matches on method, URL and body, and serves the
/// response headers back). So `cassette import` leaves out of each request the headers the
/// transport or the browser adds on its own, which no client code sets:
///
/// - HTTP/2 and HTTP/3 pseudo-headers (`:authority`, `:method`, `:path`, `:scheme`);
/// - the Fetch standard's forbidden request headers, which only a browser's network stack may set:
///   `Accept-Charset`, `Accept-Encoding`, `Access-Control-Request-Headers`,
///   `Access-Control-Request-Method`, `Connection`, `Content-Length`, `Cookie`, `Cookie2`, `Date`,
///   `DNT`, `Expect`, `Host`, `Keep-Alive`, `Origin`, `Referer`, `TE`, `Trailer`,
///   `Transfer-Encoding`, `Upgrade`, `Via`, and every `Proxy-…` and `Sec-…` header. `URLSession`
///   adds the same kind itself (`Host`, `Connection`, `Content-Length`, `Accept-Encoding`, and
///   `Cookie` from its cookie storage).
///
/// `User-Agent`, `Accept`, `Accept-Language`, `Authorization` and custom headers are kept: client
/// code sets them, and the scrubber masks the secret ones. Responses lose only pseudo-headers and,
/// because a HAR's `content.text` is always decoded, `Content-Encoding`.
package enum HARHeaderPolicy {
    static let forbiddenRequestHeaders: Set<String> = [
        "accept-charset", "accept-encoding", "access-control-request-headers", "access-control-request-method",
        "connection", "content-length", "cookie", "cookie2", "date", "dnt", "expect", "host", "keep-alive", "origin",
        "referer", "te", "trailer", "transfer-encoding", "upgrade", "via",
    ]

    /// Whether `cassette import` keeps a request header named `name` from a browser or proxy capture.
    package static func keepsRequestHeader(_ name: String) -> Bool {
        let lowered = name.lowercased()
        if lowered.hasPrefix(":") || lowered.hasPrefix("proxy-") || lowered.hasPrefix("sec-") { return false }
        return !forbiddenRequestHeaders.contains(lowered)
    }

    /// Whether `cassette import` keeps a response header named `name` from a browser or proxy capture.
    package static func keepsResponseHeader(_ name: String) -> Bool {
        !name.hasPrefix(":") && !HTTPHeader.namesEqual(name, "Content-Encoding")
    }
}
