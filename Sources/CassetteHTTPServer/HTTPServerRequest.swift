import Foundation

/// One request as the client sent it, with its whole body.
public struct HTTPServerRequest: Sendable {
    /// The method, case-sensitive as sent (`GET`, `POST`, …).
    public let method: String
    /// The request target exactly as sent: `/path?query` in origin form, `http://host/path?query` in
    /// absolute form, `*` for `OPTIONS *`.
    public let target: String
    /// The protocol version of the request line.
    public let version: HTTPVersion
    /// The header fields in the order received, names as spelled, duplicates kept, values without the
    /// surrounding whitespace.
    public let headers: [(name: String, value: String)]
    /// The body: `Content-Length` bytes, or the chunks of a chunked body joined (trailers dropped).
    public let body: Data
    /// The client's address, `127.0.0.1:54321` or `[::1]:54321`.
    public let peer: String
    /// Which accepted connection carried the request, counting from 1 for each server.
    public let connectionNumber: Int
    /// The request's place on its connection, counting from 1: above 1 the connection was reused.
    public let numberOnConnection: Int

    /// Makes a request value, for handlers' own tests.
    public init(
        method: String, target: String, version: HTTPVersion = .http11, headers: [(name: String, value: String)] = [],
        body: Data = Data(), peer: String = "127.0.0.1:0", connectionNumber: Int = 1, numberOnConnection: Int = 1
    ) {
        self.method = method
        self.target = target
        self.version = version
        self.headers = headers
        self.body = body
        self.peer = peer
        self.connectionNumber = connectionNumber
        self.numberOnConnection = numberOnConnection
    }

    /// The first value of the header named `name`, compared case-insensitively.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveEquals(name) }?.value
    }

    /// Every value of the header named `name`, in order, compared case-insensitively.
    public func headerValues(_ name: String) -> [String] {
        headers.filter { $0.name.caseInsensitiveEquals(name) }.map(\.value)
    }

    /// The path and query of the target (the part after the authority for an absolute-form target),
    /// not percent-decoded; `*` for `OPTIONS *`.
    public var pathAndQuery: String {
        guard !target.hasPrefix("/"), let scheme = target.range(of: "://") else { return target }
        let rest = target[scheme.upperBound...]
        guard let slash = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) else { return "/" }
        let tail = rest[slash...]
        return tail.hasPrefix("?") ? "/" + tail : String(tail)
    }

    /// The path of the target, up to `?`, not percent-decoded.
    public var path: String {
        let pathAndQuery = pathAndQuery
        return String(pathAndQuery.prefix { $0 != "?" })
    }

    /// The raw text after the first `?`, or nil when the target has none.
    public var query: String? {
        let pathAndQuery = pathAndQuery
        return pathAndQuery.firstIndex(of: "?").map { String(pathAndQuery[pathAndQuery.index(after: $0)...]) }
    }
}

extension String {
    /// ASCII case-insensitive equality, as header names compare.
    func caseInsensitiveEquals(_ other: String) -> Bool {
        utf8.elementsEqual(other.utf8) { ASCII.lowercased($0) == ASCII.lowercased($1) }
    }
}
