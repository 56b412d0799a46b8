import Foundation

/// The key replay matches a request on: method, normalised URL, and the SHA-256 of the canonical
/// body.
public struct RequestIdentity: Sendable, Hashable, CustomStringConvertible {
    /// The method, upper-cased.
    public var method: String
    /// The URL as ``RequestIdentity/normalizedURL(_:)`` spells it.
    public var url: String
    /// The hex SHA-256 of ``CanonicalBody/bytes(of:contentType:)``; the hash of no bytes when the
    /// request has no body.
    public var bodyHash: String

    /// The hash of an empty body.
    public static let emptyBodyHash = SHA256.hexDigest([UInt8]())

    public init(method: String, url: String, bodyHash: String) {
        self.method = method
        self.url = url
        self.bodyHash = bodyHash
    }

    /// The identity of a request with these parts; the `Content-Type` header decides how the body
    /// is canonicalised.
    public init(method: String, url: String, headers: [HTTPHeader], body: Data?) {
        self.method = method.uppercased()
        self.url = RequestIdentity.normalizedURL(url)
        self.bodyHash =
            body.map { CanonicalBody.hash(of: $0, contentType: headers.value(for: "Content-Type")) }
            ?? RequestIdentity.emptyBodyHash
    }

    public var description: String {
        let body = bodyHash == RequestIdentity.emptyBodyHash ? "no body" : "body sha256 \(bodyHash.prefix(12))"
        return "\(method) \(url) (\(body))"
    }

    /// Normalises a URL for matching: scheme and host lower-cased, the scheme's default port
    /// dropped, an empty path written as `/`, percent escapes in upper case, query items sorted by
    /// their bytes (empty items dropped), and the fragment, which is never sent, removed.
    public static func normalizedURL(_ url: String) -> String {
        let parts = URLParts(url)
        var result = parts.scheme.lowercased()
        guard parts.hasAuthority else { return url }
        result += "://"
        if let userInfo = parts.userInfo { result += userInfo + "@" }
        result += parts.host.lowercased()
        if let port = parts.port, port != defaultPort(scheme: parts.scheme.lowercased()) {
            result += ":" + port
        }
        result += parts.path.isEmpty ? "/" : uppercasingPercentEscapes(parts.path)
        if let query = parts.query {
            let items = query.split(separator: "&", omittingEmptySubsequences: true)
                .map { uppercasingPercentEscapes(String($0)) }
                .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            if !items.isEmpty { result += "?" + items.joined(separator: "&") }
        }
        return result
    }

    static func defaultPort(scheme: String) -> String? {
        switch scheme {
        case "http", "ws": "80"
        case "https", "wss": "443"
        default: nil
        }
    }

    static func uppercasingPercentEscapes(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        var bytes = Array(text.utf8)
        var index = 0
        while index + 2 < bytes.count {
            if bytes[index] == UInt8(ascii: "%") {
                for offset in 1...2
                where bytes[index + offset] >= UInt8(ascii: "a") && bytes[index + offset] <= UInt8(ascii: "f") {
                    bytes[index + offset] -= 32
                }
                index += 3
            } else {
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// A URL split into its parts by plain string rules, the same on every platform.
package struct URLParts {
    package var scheme = ""
    package var hasAuthority = false
    package var userInfo: String?
    package var host = ""
    package var port: String?
    package var path = ""
    package var query: String?
    package var fragment: String?

    package init(_ url: String) {
        if url.utf8.allSatisfy({ $0 < 0x80 }) {
            self.init(ascii: url)
        } else {
            self.init(characters: url)
        }
    }

    /// The split by `Character`s, for any URL.
    package init(characters url: String) {
        var rest = Substring(url)
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        if let question = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: question)...])
            rest = rest[..<question]
        }
        guard let separator = rest.range(of: "://") else {
            path = String(rest)
            return
        }
        scheme = String(rest[..<separator.lowerBound])
        hasAuthority = true
        rest = rest[separator.upperBound...]
        let authorityEnd = rest.firstIndex(of: "/") ?? rest.endIndex
        var authority = rest[..<authorityEnd]
        path = String(rest[authorityEnd...])
        if let at = authority.lastIndex(of: "@") {
            userInfo = String(authority[..<at])
            authority = authority[authority.index(after: at)...]
        }
        // A port follows the last colon, unless that colon is inside an IPv6 literal.
        if let colon = authority.lastIndex(of: ":"), !authority[colon...].contains("]") {
            port = String(authority[authority.index(after: colon)...])
            authority = authority[..<colon]
        }
        host = String(authority)
    }

    /// The same split for an ASCII URL, searching its bytes: in ASCII text every byte is a
    /// `Character`, so the parts are the same, found without grapheme breaking.
    package init(ascii url: String) {
        func first(_ byte: UInt8, in text: Substring) -> String.Index? { text.utf8.firstIndex(of: byte) }
        func last(_ byte: UInt8, in text: Substring) -> String.Index? { text.utf8.lastIndex(of: byte) }
        var rest = Substring(url)
        if let hash = first(UInt8(ascii: "#"), in: rest) {
            fragment = String(rest[rest.utf8.index(after: hash)...])
            rest = rest[..<hash]
        }
        if let question = first(UInt8(ascii: "?"), in: rest) {
            query = String(rest[rest.utf8.index(after: question)...])
            rest = rest[..<question]
        }
        var separator: Range<String.Index>?
        var index = rest.utf8.startIndex
        while let colon = rest.utf8[index...].firstIndex(of: UInt8(ascii: ":")) {
            let slashes = rest.utf8[rest.utf8.index(after: colon)...].prefix(2)
            if slashes.elementsEqual("//".utf8) {
                separator = colon..<rest.utf8.index(colon, offsetBy: 3)
                break
            }
            index = rest.utf8.index(after: colon)
        }
        guard let separator else {
            path = String(rest)
            return
        }
        scheme = String(rest[..<separator.lowerBound])
        hasAuthority = true
        rest = rest[separator.upperBound...]
        let authorityEnd = first(UInt8(ascii: "/"), in: rest) ?? rest.endIndex
        var authority = rest[..<authorityEnd]
        path = String(rest[authorityEnd...])
        if let at = last(UInt8(ascii: "@"), in: authority) {
            userInfo = String(authority[..<at])
            authority = authority[authority.utf8.index(after: at)...]
        }
        // A port follows the last colon, unless that colon is inside an IPv6 literal.
        if let colon = last(UInt8(ascii: ":"), in: authority), !authority[colon...].utf8.contains(UInt8(ascii: "]")) {
            port = String(authority[authority.utf8.index(after: colon)...])
            authority = authority[..<colon]
        }
        host = String(authority)
    }
}
