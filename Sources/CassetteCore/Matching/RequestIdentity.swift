import Foundation

/// The key replay matches a request on: method, normalised URL, the SHA-256 of the canonical body,
/// and the request headers that matching rules (``MatchRules/headers``) make part of it.
public struct RequestIdentity: Sendable, Hashable, CustomStringConvertible {
    /// The method, upper-cased.
    public var method: String
    /// The URL, normalised: scheme and host lower-cased, the default port dropped, query items
    /// sorted ("The cassette format" in `CassetteModel` describes every step).
    public var url: String
    /// The hex SHA-256 of the body's canonical form ("The cassette format" in `CassetteModel`); the
    /// hash of no bytes when the request has no body.
    public var bodyHash: String
    /// The headers ``MatchRules/headers`` names, as present on the (scrubbed) request: names
    /// lower-cased, in the rules' order; empty under strict matching.
    public var headers: [HTTPHeader]
    /// The GraphQL operation the request runs (its `operationName`, or its document's first
    /// operation name, `anonymous` without one), when it is a GraphQL request; shown in misses.
    public var operation: String?

    /// The hash of an empty body.
    package static let emptyBodyHash = SHA256.hexDigest([UInt8]())

    public init(method: String, url: String, bodyHash: String, headers: [HTTPHeader] = []) {
        self.method = method
        self.url = url
        self.bodyHash = bodyHash
        self.headers = headers
    }

    /// The identity of a request as ``RequestMatcher`` makes it: the URL normalised (a GraphQL GET's
    /// document in canonical form), the operation of a GraphQL request found.
    package init(
        method: String, rawURL: String, bodyHash: String, headers: [HTTPHeader], body: Data?, contentType: String?
    ) {
        self.init(
            method: method, url: RequestIdentity.normalizedURL(GraphQLRequest.canonicalURL(rawURL)), bodyHash: bodyHash,
            headers: headers)
        operation = GraphQLRequest.operation(method: method, url: rawURL, body: body, contentType: contentType)
    }

    /// The strict identity of `request` as it is (no match rule applied, nothing masked): method,
    /// normalised URL and canonical body hash, the `Content-Type` header deciding how the body is
    /// canonicalised. Replay matches on the identity of the masked request
    /// (`RequestMatcher.identity(of:)`), never on this of a live one.
    package init(strict request: RecordedRequest) {
        let contentType = request.headers.value(for: "Content-Type")
        self.init(
            method: request.method.uppercased(), rawURL: request.url,
            bodyHash: request.body.map { CanonicalBody.hash(of: $0, contentType: contentType) }
                ?? RequestIdentity.emptyBodyHash, headers: [], body: request.body, contentType: contentType)
    }

    public var description: String {
        var details = [bodyHash == RequestIdentity.emptyBodyHash ? "no body" : "body sha256 \(bodyHash.prefix(12))"]
        details += headers.map { "\($0.name): \($0.value)" }
        if let operation { details.insert("GraphQL operation \(operation)", at: 0) }
        return "\(method) \(url) (\(details.joined(separator: "; ")))"
    }

    /// Normalises a URL for matching: scheme and host lower-cased, the scheme's default port
    /// dropped, an empty path written as `/`, percent escapes in upper case, query items sorted by
    /// their bytes (empty items dropped), and the fragment, which is never sent, removed.
    package static func normalizedURL(_ url: String) -> String {
        var url = url
        let fast = url.withUTF8 { URLNormalizer.normalizedASCII($0) }
        return fast ?? normalizedURL(characters: url)
    }

    /// ``normalizedURL(_:)`` by the parts of ``URLParts``, for any URL; replay takes
    /// ``URLNormalizer`` for ASCII URLs, which gives the same (`URLNormalizerTests` holds them to it).
    package static func normalizedURL(characters url: String) -> String {
        let parts = URLParts(url)
        var result = parts.scheme.lowercased()
        guard parts.hasAuthority else { return url }
        result += "://"
        if let userInfo = parts.userInfo { result += userInfo + "@" }
        result += parts.host.lowercased()
        if let port = parts.port, port != URLParts.defaultPort(scheme: parts.scheme.lowercased()) {
            result += ":" + port
        }
        result += parts.path.isEmpty ? "/" : uppercasingPercentEscapes(parts.path)
        if let query = parts.query {
            let items = URLParts.sortedQueryItems(Substring(uppercasingPercentEscapes(query)))
            if !items.isEmpty { result += "?" + items.joined(separator: "&") }
        }
        return result
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
