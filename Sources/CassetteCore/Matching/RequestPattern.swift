/// Selects requests by method and URL: `POST */v1/orders*`, `GET https://api.example.com/v1/users/*`,
/// or just `/v1/orders` — for re-recording some requests of a cassette and for `cassette import`.
///
/// The URL part is a glob over the whole normalised URL when it holds `*` (any run of characters;
/// every other character, `?` included, stands for itself), and a substring otherwise. The method,
/// when given, is compared ignoring case.
public struct RequestPattern: Sendable, Hashable, CustomStringConvertible {
    /// The method, upper-cased; `nil` matches any.
    public var method: String?
    /// The URL glob or substring.
    public var url: String

    public init(method: String? = nil, url: String) {
        self.method = method?.uppercased()
        self.url = url
    }

    /// Reads `METHOD URL` or `URL`.
    ///
    /// - Returns: `nil` for empty text or more than two words.
    public init?(_ text: String) {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
        switch words.count {
        case 1: self.init(url: String(words[0]))
        case 2: self.init(method: String(words[0]), url: String(words[1]))
        default: return nil
        }
    }

    /// Patterns separated by `;` or new lines, as an environment variable holds them.
    ///
    /// - Throws: `ConfigurationError` naming the pattern that cannot be read.
    public static func list(_ text: String, source: String) throws(ConfigurationError) -> [RequestPattern] {
        var patterns: [RequestPattern] = []
        for part in text.split(whereSeparator: { $0 == ";" || $0 == "\n" }) {
            let trimmed = part.trimmingASCIIWhitespace()
            guard !trimmed.isEmpty else { continue }
            guard let pattern = RequestPattern(trimmed) else {
                throw ConfigurationError(
                    path: source,
                    reason: .invalid(
                        "\"\(trimmed)\" is not a request pattern like \"POST */v1/orders*\" or \"/v1/users/1\""))
            }
            patterns.append(pattern)
        }
        return patterns
    }

    /// `POST */v1/orders*`.
    public var description: String { (method.map { $0 + " " } ?? "") + url }

    /// Whether a request with `method` and `url` is selected.
    public func matches(method requestMethod: String, url requestURL: String) -> Bool {
        if let method, method != requestMethod.uppercased() { return false }
        guard url.contains("*") else { return requestURL.contains(url) }
        return RequestPattern.glob(Array(url.utf8), matches: Array(requestURL.utf8))
    }

    /// Whether `text` matches `pattern` whole, `*` standing for any run of bytes: in time bounded by
    /// the product of the two lengths, never exponential.
    static func glob(_ pattern: [UInt8], matches text: [UInt8]) -> Bool {
        var p = 0
        var t = 0
        var star: Int?
        var resume = 0
        while t < text.count {
            if p < pattern.count, pattern[p] != UInt8(ascii: "*"), pattern[p] == text[t] {
                p += 1
                t += 1
            } else if p < pattern.count, pattern[p] == UInt8(ascii: "*") {
                star = p
                resume = t
                p += 1
            } else if let star {
                p = star + 1
                resume += 1
                t = resume
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == UInt8(ascii: "*") { p += 1 }
        return p == pattern.count
    }
}
