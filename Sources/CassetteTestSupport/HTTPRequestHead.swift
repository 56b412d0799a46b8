import Foundation

/// One request as the server received it.
package struct HTTPRequestHead: Sendable {
    package let method: String
    /// The request target exactly as sent: path plus `?query`.
    package let target: String
    /// Header fields in the received order and spelling.
    package let headers: [(name: String, value: String)]
    /// The body, de-chunked when it came with `Transfer-Encoding: chunked`.
    package let body: [UInt8]

    package init(method: String, target: String, headers: [(name: String, value: String)], body: [UInt8]) {
        self.method = method
        self.target = target
        self.headers = headers
        self.body = body
    }

    /// The first header named `name`, compared case-insensitively.
    package func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.name.lowercased() == wanted }?.value
    }

    /// The target up to `?`, not percent-decoded.
    package var path: String { String(target.prefix { $0 != "?" }) }

    /// The raw text after the first `?`, or nil when the target has none.
    package var query: String? {
        target.firstIndex(of: "?").map { String(target[target.index(after: $0)...]) }
    }

    /// `name=value` pairs of the query, percent-decoded (`+` is kept as is, as `URLComponents` does).
    package var queryItems: [(name: String, value: String)] {
        guard let query, !query.isEmpty else { return [] }
        return query.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decode = { (text: Substring) in text.removingPercentEncoding ?? String(text) }
            return (decode(parts[0]), parts.count > 1 ? decode(parts[1]) : "")
        }
    }
}
