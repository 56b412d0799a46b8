/// Decides whether a header, query item, form field or JSON key is named like a secret.
///
/// Names are split into lower-case words at `-`, `_`, `.`, spaces and lower-to-upper camel-case
/// steps (`X-Api-Key` → `x api key`, `clientSecret` → `client secret`), and words are compared whole,
/// so `key` never hits `Keep-Alive` or `monkey`.
struct ScrubNameMatcher: Sendable {
    /// Where a name was found; a few names are secrets only in some places.
    enum Context: Sendable, Hashable {
        case header
        case query
        case formField
        case jsonKey
    }

    /// Words that make any name they appear in a secret's name.
    static let secretWords: Set<String> = [
        "token", "secret", "password", "passwd", "pwd", "passphrase", "signature", "credential", "credentials",
        "apikey", "sessionid", "auth", "session", "authorization", "cookie", "csrf", "xsrf",
    ]
    /// Endings of single words that name a secret (`accesstoken`, `clientsecret`).
    static let secretWordEndings = ["token", "secret", "password", "passwd", "apikey", "sessionid", "signature"]
    /// Words that make a following `key` a secret's name (`api key`, `private key`).
    static let keyQualifiers: Set<String> = [
        "api", "access", "private", "secret", "auth", "client", "signing", "master", "encryption", "app",
        "license", "subscription", "session", "consumer",
    ]
    /// Last words that make a name describe a secret rather than hold one (`token_type`,
    /// `password_hint`, `X-Token-Expires`).
    static let describingLastWords: Set<String> = [
        "type", "expires", "expiry", "expiration", "count", "length", "url", "uri", "endpoint", "format", "hint",
        "method", "algorithm", "alg", "version", "scheme", "mode", "required", "enabled", "present", "ttl",
        "timeout", "at", "in", "name", "policy", "strength",
    ]
    /// Whole names (as words joined by `-`) that contain a secret word but hold none.
    static let benignNames: Set<String> = [
        "access-control-allow-credentials", "access-control-allow-headers", "access-control-expose-headers",
        "access-control-request-headers", "sec-web-socket-key", "sec-web-socket-accept", "sec-websocket-key",
        "sec-websocket-accept", "idempotency-key", "page-token", "next-page-token", "next-token",
        "continuation-token", "pagination-token", "www-authenticate",
    ]
    /// Whole names that are secrets in URLs and forms only (`key=...`, an OAuth `code=...`).
    static let urlOnlyNames: Set<String> = ["key", "code", "sig", "pw", "pass"]

    /// Project names (lower-cased) added by configuration, per context.
    var extraHeaders: Set<String> = []
    var extraQueryItems: Set<String> = []
    var extraFields: Set<String> = []

    /// Whether `name` names a secret in `context`. Plurals count (`tokens`, `api_keys`).
    func isSecret(_ name: String, in context: Context) -> Bool {
        let lower = name.lowercased()
        switch context {
        case .header: if extraHeaders.contains(lower) { return true }
        case .query: if extraQueryItems.contains(lower) { return true }
        case .formField, .jsonKey: if extraFields.contains(lower) { return true }
        }
        let words = ScrubNameMatcher.words(name)
        guard let last = words.last else { return false }
        let joined = words.joined(separator: "-")
        if ScrubNameMatcher.benignNames.contains(joined) { return false }
        if context == .query || context == .formField, ScrubNameMatcher.urlOnlyNames.contains(joined) { return true }
        if ScrubNameMatcher.describingLastWords.contains(last) { return false }
        for (position, plural) in words.enumerated() {
            let word = plural.count >= 4 && plural.hasSuffix("s") ? String(plural.dropLast()) : plural
            if ScrubNameMatcher.secretWords.contains(word) || ScrubNameMatcher.secretWords.contains(plural) {
                return true
            }
            if ScrubNameMatcher.secretWordEndings.contains(where: { word.hasSuffix($0) }) { return true }
            if word == "key", position > 0, ScrubNameMatcher.keyQualifiers.contains(words[position - 1]) {
                return true
            }
        }
        return false
    }

    /// The lower-cased words of a name.
    static func words(_ name: String) -> [String] {
        asciiWords(name) ?? unicodeWords(name)
    }

    /// ``words(_:)`` for an ASCII name, by bytes: the same splits, without per-character Unicode
    /// property look-ups (this runs for every JSON key of every body).
    private static func asciiWords(_ name: String) -> [String]? {
        var name = name
        return name.withUTF8 { bytes -> [String]? in
            var words: [String] = []
            var start = -1
            var previous: UInt8 = 0
            for (index, byte) in bytes.enumerated() {
                guard byte < 0x80 else { return nil }
                let isLower = byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")
                let isUpper = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
                let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
                if !(isLower || isUpper || isDigit) {
                    if start >= 0 { words.append(lowercased(bytes, start..<index)) }
                    start = -1
                    continue
                }
                let previousIsLowerOrDigit =
                    (previous >= UInt8(ascii: "a") && previous <= UInt8(ascii: "z"))
                    || (previous >= UInt8(ascii: "0") && previous <= UInt8(ascii: "9"))
                if start >= 0, isUpper, previousIsLowerOrDigit {
                    words.append(lowercased(bytes, start..<index))
                    start = index
                }
                if start < 0 { start = index }
                previous = byte
            }
            if start >= 0 { words.append(lowercased(bytes, start..<bytes.count)) }
            return words
        }
    }

    private static func lowercased(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(unsafeUninitializedCapacity: range.count) { buffer in
            for (offset, byte) in bytes[range].enumerated() {
                let isUpper = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
                buffer[offset] = isUpper ? byte + 32 : byte
            }
            return range.count
        }
    }

    private static func unicodeWords(_ name: String) -> [String] {
        var words: [String] = []
        var current: [Character] = []
        var previous: Character?
        for character in name {
            if !(character.isLetter || character.isNumber) {
                if !current.isEmpty { words.append(String(current).lowercased()) }
                current = []
                previous = nil
                continue
            }
            if let previous, previous.isLowercase || previous.isNumber, character.isUppercase, !current.isEmpty {
                words.append(String(current).lowercased())
                current = []
            }
            current.append(character)
            previous = character
        }
        if !current.isEmpty { words.append(String(current).lowercased()) }
        return words
    }
}
