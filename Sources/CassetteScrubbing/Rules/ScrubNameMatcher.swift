/// Decides whether a header, query item, form field or JSON key is named like a secret.
///
/// Names are split into lower-case words at `-`, `_`, `.`, spaces and lower-to-upper camel-case
/// steps (`X-Api-Key` → `x api key`, `clientSecret` → `client secret`), and words are compared whole,
/// so `key` never hits `Keep-Alive` or `monkey`.
package struct ScrubNameMatcher: Sendable {
    /// Where a name was found; a few names are secrets only in some places.
    enum Context: Sendable, Hashable {
        case header
        case query
        case formField
        case jsonKey
    }

    /// What a name says about the values it holds, in one context.
    struct Traits: OptionSet, Sendable, Hashable {
        let rawValue: UInt8
        /// Its values are secrets.
        static let secret = Traits(rawValue: 1)
        /// A JSON key whose value holds a set of secrets (`credentials`, `keys`).
        static let container = Traits(rawValue: 2)
        /// A number under it is a secret too (a PIN, a one-time code).
        static let numeric = Traits(rawValue: 4)
        /// It describes a secret rather than holding one (`token_type`, `keyName`).
        static let describing = Traits(rawValue: 8)
        /// Its values are message identifiers (`Message-ID`), not email addresses.
        static let messageID = Traits(rawValue: 16)
        /// A URL path segment after which a random segment is a one-time token (`reset-password`).
        static let link = Traits(rawValue: 32)
    }

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
        traits(of: name, in: context).contains(.secret)
    }

    /// Everything `name` says about its values in `context`, remembered per name.
    func traits(of name: String, in context: Context) -> Traits {
        verdicts.verdict(on: name, in: context) { judge(name, in: context) }
    }

    /// A numbered name is named by its words without the number: `CLIENT_SECRET_2`, `token_01`,
    /// and a credential's noun with digits joined to it (`password2` of an rclone remote,
    /// `secret1`). Other words keep their digits (`sha256`, `oauth2`, `base64`).
    static func dropNumbering(_ words: inout [String]) {
        guard let last = words.last else { return }
        if words.count > 1, last.utf8.allSatisfy({ ShapeBytes.isDigit($0) }) {
            words.removeLast()
            return
        }
        let letters = last.utf8.prefix { !ShapeBytes.isDigit($0) }
        guard letters.count < last.utf8.count, last.utf8.dropFirst(letters.count).allSatisfy({ ShapeBytes.isDigit($0) })
        else { return }
        let noun = String(decoding: letters, as: UTF8.self)
        if numberedNouns.contains(noun) { words[words.count - 1] = noun }
    }

    private static let numberedNouns: Set = ["password", "passwd", "passphrase", "pwd", "secret", "token"]

    /// ``traits(of:in:)`` without the remembered verdicts.
    private func judge(_ name: String, in context: Context) -> Traits {
        // A name that holds a placeholder is scrubbed text, not a name (`Bearer sk_live_SCRUBBED-1 x`
        // read as the name of a pair): judging it would make a second scrub differ from the first.
        if ScrubBytes.contains(name, "SCRUBBED") { return [] }
        let lower = name.lowercased()
        var words = ScrubNameMatcher.words(name)
        // `X-Identity-Header`: a header's name saying it is a header says nothing of its value.
        if context == .header, words.count > 1, words.last == "header" { words.removeLast() }
        ScrubNameMatcher.dropNumbering(&words)
        guard let last = words.last else { return [] }
        let joined = words.joined(separator: "-")
        var traits: Traits = []
        if SecretNames.messageIDNames.contains(joined) { traits.insert(.messageID) }
        if words.contains(where: SecretNames.linkWords.contains) { traits.insert(.link) }
        let extra: Bool
        switch context {
        case .header: extra = extraHeaders.contains(lower)
        case .query: extra = extraQueryItems.contains(lower)
        case .formField, .jsonKey: extra = extraFields.contains(lower)
        }
        // Names listed whole win over word rules, secret before benign.
        if extra || SecretNames.secretNames.contains(joined) || SecretNames.secretNames.contains(lower) {
            if ScrubNameMatcher.namesNumericSecret(words) { traits.insert(.numeric) }
            return traits.union(.secret)
        }
        if SecretNames.secretHeaderNames.contains(lower) || SecretNames.secretHeaderNames.contains(joined) {
            if context == .header || SecretNames.secretHeaderNames.contains(lower) && lower.hasPrefix("x-") {
                return traits.union(.secret)
            }
        }
        if context == .query || context == .formField, SecretNames.urlOnlyNames.contains(joined) {
            return traits.union(.secret)
        }
        if SecretNames.benignNames.contains(joined) || ScrubNameMatcher.namesACursor(words) {
            return traits.union(.describing)
        }
        // A generic last word says nothing of its own: `hmacKeyCheckValue` is a check value.
        let judged = words.count >= 3 && SecretNames.genericLastWords.contains(last) ? words[words.count - 2] : last
        if SecretNames.describingLastWords.contains(judged)
            || SecretNames.describingLastWords.contains(ScrubNameMatcher.singular(judged))
        {
            return traits.union(.describing)
        }
        // A key's, token's or signature's id names it (`applicationKeyId`, `api_key_id`, `keyId`,
        // `token_id`, `signature_id`), and a part or a mask of a secret is not the secret
        // (`token_last_eight`, `key_fingerprint`, `password_preview`). A `secret_id` stays a secret: Vault's AppRole logs in with one.
        if judged == "keyid" || judged == "tokenid"
            || words.count >= 2 && judged == "id"
                && (words[words.count - 2] == "key" || words[words.count - 2] == "token")
            // A signature's or a signature request's id (Dropbox Sign's `signature_request_id`).
            || words.count >= 2 && last == "id" && words.dropLast().contains("signature")
            || words.dropFirst().contains(where: SecretNames.partWords.contains)
        {
            return traits.union(.describing)
        }
        if ScrubNameMatcher.describesAPolicy(words) { return traits.union(.describing) }
        if ScrubNameMatcher.namesNumericSecret(words) { traits.formUnion([.secret, .numeric]) }
        if ScrubNameMatcher.namesSecret(words) { traits.insert(.secret) }
        // `X-ClickHouse-Key`: a header named for a vendor's key carries it.
        if context == .header, last == "key", words.count >= 2,
            !SecretNames.plainHeaderKeyQualifiers.contains(words[words.count - 2])
        {
            traits.insert(.secret)
        }
        // A weak word last, after a word that qualifies it: `db_pass`, `X-Identity-Header`, `API-Sign`;
        // not a verb's object (`StringToSign` is what gets signed, and public).
        if SecretNames.qualifiedLastWords.contains(last), words.filter({ $0 != "x" }).count >= 2 || context == .header,
            words.count < 2 || words[words.count - 2] != "to"
        {
            traits.insert(.secret)
        }
        if SecretNames.containerWords.contains(last), words.count == 1 || traits.contains(.secret) {
            traits.insert(.container)
        }
        return traits
    }

    /// Whether the words hold a secret word, a word ending like one, or a qualified `key`; `token`
    /// beside a word of quantity (`max_tokens`) counts model tokens and is no secret.
    private static func namesSecret(_ words: [String]) -> Bool {
        for (position, plural) in words.enumerated() {
            let word = plural.count >= 4 && plural.hasSuffix("s") ? String(plural.dropLast()) : plural
            if SecretNames.secretWords.contains(word) || SecretNames.secretWords.contains(plural) {
                // Counted tokens are plural (`cache_read_input_tokens`) or follow their quantity
                // (`max_token`); `read_only_rest_token` and `reset_token` are tokens.
                if word == "token",
                    plural == "tokens" && words.contains(where: SecretNames.quantityWords.contains)
                        || position > 0 && SecretNames.singularQuantityWords.contains(words[position - 1])
                {
                    continue
                }
                if word == "token", position > 0, SecretNames.cursorWords.contains(words[position - 1]) { continue }
                // `auth` that qualifies a thing other than a secret (`auth_method_id`,
                // `--auth-server`, `auth_type`): the thing is named, not the credentials.
                if word == "auth", position + 1 < words.count,
                    SecretNames.authDescribedWords.contains(words[position + 1])
                {
                    continue
                }
                return true
            }
            // A run-together cursor (`skiptoken`, `pagetoken`, `nexttoken`, `deltatoken`) grants nothing.
            if word.hasSuffix("token"), SecretNames.cursorWords.contains(String(word.dropLast(5))) { continue }
            if SecretNames.secretWordEndings.contains(where: { word.hasSuffix($0) }) { return true }
            if word == "key", position > 0, SecretNames.keyQualifiers.contains(words[position - 1]) {
                return true
            }
            // A qualifier and the version of the API the key is for (WeChat Pay's `apiV3Key`).
            if word == "key", position > 1, isVersionWord(words[position - 1]),
                SecretNames.keyQualifiers.contains(words[position - 2])
            {
                return true
            }
            // A qualified key run together (`clientkey`, `privatekey`, `signingkey`).
            if word.count > 3, word.hasSuffix("key"),
                SecretNames.runTogetherKeyQualifiers.contains(String(word.dropLast(3)))
            {
                return true
            }
        }
        return false
    }

    /// `v2`, `v3`: the version of an API in a name.
    private static func isVersionWord(_ word: String) -> Bool {
        let bytes = Array(word.utf8)
        return bytes.count >= 2 && bytes.count <= 3 && bytes[0] == UInt8(ascii: "v")
            && bytes.dropFirst().allSatisfy(ShapeBytes.isDigit)
    }

    /// Whether a policy word follows a secret word (`otp policy digits`, `password policy min length`):
    /// the name is a setting of the policy for secrets.
    /// Whether a word says the name holds a position in a listing (`x-ms-continuation`,
    /// `next_cursor`): its value is opened for shapes, never read as a secret by name.
    static func namesACursor(_ words: [String]) -> Bool {
        words.contains { SecretNames.cursorNameWords.contains($0) }
    }

    private static func describesAPolicy(_ words: [String]) -> Bool {
        guard let policy = words.firstIndex(where: SecretNames.policyWords.contains), policy > 0 else { return false }
        return namesSecret(Array(words[..<policy])) || namesNumericSecret(Array(words[..<policy]))
    }

    /// Whether the words name a PIN, password or one-time code, whose numbers are secrets too.
    private static func namesNumericSecret(_ words: [String]) -> Bool {
        for (position, word) in words.enumerated() {
            // A certificate's pin is a digest of its public key (Teleport's `--ca-pin=sha256:…`).
            if word == "pin", position > 0, SecretNames.certificatePinQualifiers.contains(words[position - 1]) {
                continue
            }
            if SecretNames.numericSecretWords.contains(word) { return true }
            if word == "code", position > 0, SecretNames.codeQualifiers.contains(words[position - 1]) { return true }
        }
        return false
    }

    /// The singular of a lower-case English word, as far as names need it (`policies` → `policy`).
    static func singular(_ word: String) -> String {
        if word.count > 4, word.hasSuffix("ies") { return String(word.dropLast(3)) + "y" }
        if word.count >= 4, word.hasSuffix("s"), !word.hasSuffix("ss") { return String(word.dropLast()) }
        return word
    }

    /// Whether `name` is the key half of a key and its secret sent together (`api_key` beside
    /// `api_secret` or `api_secret_key`, `consumer_key` beside `consumer_secret`, `key` beside
    /// `secret`, `apiKey` beside `streamApiSecret`): the key names the account or the pair, the
    /// secret proves it.
    package static func isKeyBesideItsSecret(_ name: String, among names: some Sequence<String>) -> Bool {
        let own = words(name)
        guard own.last == "key" else { return false }
        let secret = Array(own.dropLast()) + ["secret"]
        let siblings = names.filter { $0 != name }.map(words)
        return siblings.contains { theirs in
            if theirs == secret || theirs == secret + ["key"] { return true }
            // One more qualifier before a qualified pair (`streamApiSecret` beside `apiKey`), when
            // that secret has no key of its own beside it (`APP_KEY` is not `PUSHER_APP_SECRET`'s).
            guard own.count >= 2, theirs.count == secret.count + 1, theirs.dropFirst().elementsEqual(secret) else {
                return false
            }
            let theirKey = Array(theirs.dropLast()) + ["key"]
            return !siblings.contains(theirKey)
        }
    }

    /// The lower-cased words of a name.
    package static func words(_ name: String) -> [String] {
        name.utf8.allSatisfy { $0 < 0x80 } ? asciiWords(name) : unicodeWords(name)
    }

    /// ``words(_:)`` by `Character` properties, for any name.
    package static func unicodeWords(_ name: String) -> [String] {
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
    package static func asciiWords(_ name: String) -> [String] {
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
