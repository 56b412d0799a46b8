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
    let extraHeaders: Set<String>
    let extraQueryItems: Set<String>
    let extraFields: Set<String>
    /// Verdicts already given; valid because the sets above never change.
    private let verdicts = ScrubNameVerdicts()

    init(extraHeaders: Set<String> = [], extraQueryItems: Set<String> = [], extraFields: Set<String> = []) {
        self.extraHeaders = extraHeaders
        self.extraQueryItems = extraQueryItems
        self.extraFields = extraFields
    }

    /// Whether `name` names a secret in `context`. Plurals count (`tokens`, `api_keys`).
    func isSecret(_ name: String, in context: Context) -> Bool {
        verdicts.verdict(on: name, in: context) { judge(name, in: context) }
    }

    /// ``isSecret(_:in:)`` without the remembered verdicts.
    private func judge(_ name: String, in context: Context) -> Bool {
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
        name.utf8.allSatisfy { $0 < 0x80 } ? asciiWords(name) : unicodeWords(name)
    }

    /// ``words(_:)`` by `Character` properties, for any name.
    static func unicodeWords(_ name: String) -> [String] {
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

    /// ``words(_:)`` for an ASCII name, on its bytes: the same splits, without `Character`'s
    /// Unicode property look-ups (names are matched on every live request in replay).
    static func asciiWords(_ name: String) -> [String] {
        func isLower(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") }
        func isUpper(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        var words: [String] = []
        var current: [UInt8] = []
        var previous: UInt8?
        func flush() {
            if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
            current = []
        }
        for byte in name.utf8 {
            guard isLower(byte) || isUpper(byte) || isDigit(byte) else {
                flush()
                previous = nil
                continue
            }
            if let previous, isLower(previous) || isDigit(previous), isUpper(byte), !current.isEmpty { flush() }
            current.append(isUpper(byte) ? byte + 32 : byte)
            previous = byte
        }
        flush()
        return words
    }
}
