import Foundation

extension ScrubEngine {
    /// The credentials of an `Authorization` value: everything after the scheme, or the whole
    /// value when it has no scheme. Parts that may be echoed alone are secrets too: the password of
    /// `Basic` credentials, and the random-looking parameters of schemes that carry several
    /// (`Signature=…` of AWS Signature Version 4, `response="…"` of Digest).
    func credentialSpans(_ bytes: [UInt8], _ range: Range<Int>, header: String) -> [Span] {
        guard rules.isEnabled(.authorization) else { return [] }
        var start = range.lowerBound
        var end = range.upperBound
        while start < end, ShapeBytes.isBlank(bytes[start]) { start += 1 }
        while end > start, ShapeBytes.isBlank(bytes[end - 1]) { end -= 1 }
        let schemeStart = start
        if let space = bytes[start..<end].firstIndex(where: ShapeBytes.isBlank), space > start,
            bytes[start..<space].allSatisfy({ $0 == UInt8(ascii: "-") || ShapeBytes.isAlphanumeric($0) })
        {
            start = space
            while start < end, ShapeBytes.isBlank(bytes[start]) { start += 1 }
        }
        guard start < end else { return [] }
        let credentials = ScrubBytes.string(bytes, start..<end)
        // The scheme is letters, digits and hyphens, then blanks: lower-cased byte by byte.
        let scheme = String(
            decoding: bytes[schemeStart..<start].lazy.filter { !ShapeBytes.isBlank($0) }.map(ShapeBytes.lowercase),
            as: UTF8.self)
        let summary = "credentials of \(header)"
        // Parameters (Digest, OAuth 1.0a, AWS Signature Version 4): only the secret ones, so a
        // challenge's `nonce`, `realm` and `algorithm` stay as the server sent them. Masking a live
        // request still takes the whole credentials.
        if !masking, scheme != "basic", scheme != "bearer",
            let spans = parameterSpans(bytes, start..<end, rule: rules.spec(.authorization), summary: summary)
        {
            return spans
        }
        // A publishable key sent as a bearer token (Supabase's anon key) is public by design; a mask
        // (`Authorization: ***` in a CI log), a sigil placeholder (`<token>`) or a scheme's name
        // alone (`Bearer` before a placeholder that ended the value) is no credential.
        if !masking,
            ScrubEchoPolicy.isPublicByDesign(credentials) || ScrubEngine.isMasked(credentials)
                || ScrubEngine.isSigilPlaceholder(credentials)
                || SecretNames.benignValues.contains(credentials.lowercased())
        {
            return []
        }
        // Sentry's scheme names a DSN's public key; only a legacy `sentry_secret` (found above) is one.
        if !masking, scheme == "sentry" { return [] }
        // An NTLM negotiate message (type 1, alone or wrapped in `Negotiate`) carries flags and, at
        // most, a domain and workstation name: the answer to the challenge comes in type 3.
        if !masking, scheme == "ntlm" || scheme == "negotiate", ScrubEngine.isNTLMNegotiate(credentials) {
            return []
        }
        // Credentials that hold a placeholder were scrubbed already: in a binary body the padding of
        // a fitted placeholder (`LTAISCRUBBED-1****:SCRUBBED-TOKEN-1****`) would otherwise read as
        // credentials of another shape. (Parameters, above, keep their claim on the text.)
        if !masking, ScrubBytes.contains(credentials, "SCRUBBED") { return [] }
        // `SharedKey account:signature` (Azure Storage, and other `key-id:signature` schemes): the
        // account names the key, the signature is the secret.
        if !masking, scheme != "basic", scheme != "bearer", let colon = ScrubEngine.keyIDColon(bytes, start..<end) {
            return [
                Span(
                    range: (colon + 1)..<end, secret: ScrubBytes.string(bytes, (colon + 1)..<end),
                    rule: rules.spec(.authorization), summary: summary + " (signature after the key id)")
            ]
        }
        var parts: [String] = []
        if scheme == "basic", let data = Data(base64Encoded: credentials),
            let decoded = String(data: data, encoding: .utf8), let colon = decoded.firstIndex(of: ":")
        {
            let user = String(decoded[..<colon])
            let password = String(decoded[decoded.index(after: colon)...])
            // Scrubbed already: the user was kept beside a placeholder.
            if !masking, ScrubBytes.contains(password, "SCRUBBED") || rules.isPlaceholder(password) { return [] }
            // The user of `user:password` is who signs in (an account SID, a key id, a public key
            // beside its secret): kept, and only the password replaced inside the credentials.
            // Not where replacements keep their length (a binary body): padding would break the base64.
            if !masking, !fitsLength, ScrubEngine.keepsBasicUser(user, password: password), !holdsShape(user) {
                let placeholder = phase == .replace ? table.placeholder(for: password) ?? "SCRUBBED" : "SCRUBBED"
                let encoded = Data((user + ":" + placeholder).utf8).base64EncodedString()
                return [
                    Span(
                        range: start..<end, secret: credentials, rule: rules.spec(.authorization),
                        summary: summary + " (the password; the user \"\(user)\" kept)", parts: [password],
                        fixed: encoded)
                ]
            }
            parts = [password]
        } else if let decoded = ScrubEngine.base64JSONObject(credentials) {
            // A key that is base64 of JSON (a legacy Grafana key, `{"k":…,"n":…,"id":1}`): its
            // random members may be echoed alone.
            parts = decoded.compactMap { member in
                guard case .string(let text) = member.value, ScrubEngine.looksRandom(text) else { return nil }
                return text
            }
        } else if bytes[start..<end].contains(UInt8(ascii: "=")) {
            parts = ScrubEngine.parameterValues(credentials).filter(ScrubEchoPolicy.looksLikeSecret)
        }
        return [
            Span(
                range: start..<end, secret: credentials, rule: rules.spec(.authorization),
                summary: summary, parts: parts)
        ]
    }

    /// Whether the user of Basic credentials stays beside a replaced password: a password that looks
    /// like a secret, and a user that names an account or key, not a person (no address) and not
    /// a token itself (`<token>:x` and `<token>:` send the secret as the user; a user of a token's
    /// shape, such as a Twilio API key SID, is found by ``holdsShape(_:)``).
    static func keepsBasicUser(_ user: String, password: String) -> Bool {
        !user.isEmpty && user.utf8.count <= 128 && !user.contains("@") && !user.contains(" ")
            && password.utf8.count >= 8 && ScrubEchoPolicy.looksLikeSecret(password)
    }

    /// Whether `text` is base64 of an NTLM negotiate message: `NTLMSSP\0`, then message type 1.
    static func isNTLMNegotiate(_ text: String) -> Bool {
        guard text.utf8.starts(with: "TlRMTVNTUAAB".utf8), let data = Data(base64Encoded: text) else { return false }
        let bytes = [UInt8](data)
        return bytes.count >= 16 && bytes[0..<8].elementsEqual("NTLMSSP\0".utf8)
            && bytes[8..<12].elementsEqual([1, 0, 0, 0])
    }

    /// The members of a JSON object that `text` is the base64 of, if it is one.
    static func base64JSONObject(_ text: String) -> [JSONValue.Member]? {
        guard text.utf8.starts(with: "eyJ".utf8), !text.utf8.contains(UInt8(ascii: ".")),
            let (decoded, _) = ScrubTextCodecs.base64Text(text),
            case .object(let members)? = try? JSONParser.parse(Data(decoded.utf8))
        else { return nil }
        return members
    }

    /// Sixteen characters or more of letters and digits, both: a random key, not a name.
    static func looksRandom(_ text: String) -> Bool {
        text.utf8.count >= 16 && text.utf8.contains(where: ShapeBytes.isDigit)
            && text.utf8.contains(where: ShapeBytes.isLetter)
            && text.utf8.allSatisfy(ShapeBytes.isBase64URL)
    }

    /// Names of credential parameters that are secrets though their words do not say so: Digest's
    /// `response` and `cnonce`.
    static let secretParameters: Set<String> = ["response", "cnonce", "sig", "mac"]
    /// Credential parameters that name a place, kept as they are.
    static let identifierParameters: Set<String> = ["realm", "uri", "domain"]

    /// Spans for the secret parameters of a `name=value, name="value"` list (or `;`-separated, as
    /// `Paddle-Signature: ts=…;h1=…`) (two parameters or
    /// more, each a name of letters, digits, `-` and `_`), or `nil` when the text is no such list or
    /// none of its parameters is named like a secret. With `byLook` (the value of a header named
    /// like a secret), a parameter whose value looks like a secret is one too, whatever its name:
    /// `Stripe-Signature: t=1796001247,v1=…` keeps its timestamp.
    func parameterSpans(
        _ bytes: [UInt8], _ range: Range<Int>, rule: ScrubRuleSpec, summary: String, byLook: Bool = false
    ) -> [Span]? {
        var spans: [Span] = []
        var count = 0
        var index = range.lowerBound
        while index < range.upperBound {
            while index < range.upperBound,
                bytes[index] == 0x20 || bytes[index] == UInt8(ascii: ",") || bytes[index] == UInt8(ascii: ";")
            {
                index += 1
            }
            guard index < range.upperBound else { break }
            let nameStart = index
            while index < range.upperBound,
                ShapeBytes.isAlphanumeric(bytes[index]) || bytes[index] == UInt8(ascii: "-")
                    || bytes[index] == UInt8(ascii: "_")
            {
                index += 1
            }
            guard index > nameStart, index < range.upperBound, bytes[index] == UInt8(ascii: "=") else { return nil }
            let name = ScrubBytes.string(bytes, nameStart..<index)
            index += 1
            var valueStart = index
            var valueEnd: Int
            if index < range.upperBound, bytes[index] == UInt8(ascii: "\"") {
                valueStart += 1
                guard let quote = bytes[valueStart..<range.upperBound].firstIndex(of: UInt8(ascii: "\"")) else {
                    return nil
                }
                valueEnd = quote
                index = quote + 1
            } else {
                while index < range.upperBound, bytes[index] != UInt8(ascii: ","), bytes[index] != UInt8(ascii: ";"),
                    bytes[index] != 0x20
                {
                    index += 1
                }
                valueEnd = index
            }
            count += 1
            // A realm or request URI echoed from the challenge is kept as it is, whatever it looks
            // like (`realm="replica-set@db.example.com"` is no address).
            if ScrubEngine.identifierParameters.contains(name.lowercased()), valueEnd > valueStart {
                let text = ScrubBytes.string(bytes, valueStart..<valueEnd)
                spans.append(
                    Span(range: valueStart..<valueEnd, secret: text, rule: rule, summary: summary, fixed: text))
                continue
            }
            guard valueEnd > valueStart,
                ScrubEngine.secretParameters.contains(name.lowercased()) || isSecretName(name, in: .query)
                    || byLook && !traits(name, in: .query).contains(.describing)
                        && !bytes[valueStart..<valueEnd].contains(0x20)
                        && ScrubEchoPolicy.looksLikeSecret(ScrubBytes.string(bytes, valueStart..<valueEnd))
            else { continue }
            spans.append(
                Span(
                    range: valueStart..<valueEnd, secret: ScrubBytes.string(bytes, valueStart..<valueEnd), rule: rule,
                    summary: summary + " (parameter \(name))"))
        }
        return count >= 2 && spans.contains(where: { $0.fixed == nil }) ? spans : nil
    }

    /// The colon of `key-id:signature` credentials: one colon, a key id of letters, digits, `.`,
    /// `_` and `-` before it, and a secret-looking signature after it with no space.
    static func keyIDColon(_ bytes: [UInt8], _ range: Range<Int>) -> Int? {
        guard let colon = bytes[range].firstIndex(of: UInt8(ascii: ":")), colon > range.lowerBound,
            bytes[range].lastIndex(of: UInt8(ascii: ":")) == colon, !bytes[range].contains(0x20),
            bytes[range.lowerBound..<colon].allSatisfy({
                ShapeBytes.isAlphanumeric($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_")
                    || $0 == UInt8(ascii: "-")
            }),
            ScrubEchoPolicy.looksLikeSecret(ScrubBytes.string(bytes, (colon + 1)..<range.upperBound))
        else { return nil }
        return colon
    }

    /// The values of `name=value, name="value"` parameters; a quoted value is read to its closing
    /// quote, spaces and commas included (`Client="Jellyfin Web"`).
    static func parameterValues(_ text: String) -> [String] {
        let bytes = Array(text.utf8)
        var values: [String] = []
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "=") else {
                index += 1
                continue
            }
            var start = index + 1
            var end = start
            if start < bytes.count, bytes[start] == 0x22 {
                start += 1
                end = bytes[start...].firstIndex(of: 0x22) ?? bytes.count
                index = end + 1
            } else {
                while end < bytes.count, bytes[end] != UInt8(ascii: ","), bytes[end] != 0x20 { end += 1 }
                index = end
            }
            if end > start { values.append(ScrubBytes.string(bytes, start..<end)) }
        }
        return values
    }

    /// Cookie values of a `Cookie` header (every pair) or a `Set-Cookie` header (the first pair of
    /// each cookie; the rest are attributes). `HTTPURLResponse` joins several `Set-Cookie` fields
    /// with `, `, so a comma followed by `name=` starts another cookie; the comma in an `Expires`
    /// date does not. A pair without `=` is a cookie without a name: all of it is the value.
    func cookieSpans(_ bytes: [UInt8], _ range: Range<Int>, allPairs: Bool) -> [Span] {
        guard rules.isEnabled(.cookie) else { return [] }
        var spans: [Span] = []
        for pair in cookiePairs(bytes, range, allPairs: allPairs) {
            var nameStart = pair.lowerBound
            while nameStart < pair.upperBound, bytes[nameStart] == 0x20 { nameStart += 1 }
            let equals = (nameStart..<pair.upperBound).first { bytes[$0] == UInt8(ascii: "=") }
            var valueStart = equals.map { $0 + 1 } ?? nameStart
            var valueEnd = pair.upperBound
            while valueEnd > valueStart, bytes[valueEnd - 1] == 0x20 { valueEnd -= 1 }
            if valueEnd - valueStart >= 2, bytes[valueStart] == UInt8(ascii: "\""),
                bytes[valueEnd - 1] == UInt8(ascii: "\"")
            {
                valueStart += 1
                valueEnd -= 1
            }
            guard valueStart < valueEnd else { continue }
            let name = equals.map { ScrubBytes.string(bytes, nameStart..<$0) }
            if let name,
                isPreference(cookie: name, bytes[valueStart..<valueEnd])
                    || isIdentifier(cookie: name, bytes[valueStart..<valueEnd])
                    || isPublicDocument(cookie: name, bytes[valueStart..<valueEnd])
                    || ScrubEngine.isAnalyticsCookie(name, bytes[valueStart..<valueEnd])
            {
                continue
            }
            spans.append(
                Span(
                    range: valueStart..<valueEnd, secret: ScrubBytes.string(bytes, valueStart..<valueEnd),
                    rule: rules.spec(.cookie),
                    summary: name.map { "value of cookie \"\($0)\"" } ?? "value of a cookie without a name"))
        }
        return spans
    }

    /// A cookie that holds a preference, not a session: its name does not say secret and its value
    /// is a word, a language tag or a small number (`lang=de`, `theme=dark`, `locale=en-US`,
    /// `consent=1`). Every other cookie value is replaced, whatever its name.
    func isPreference(cookie name: String, _ value: ArraySlice<UInt8>) -> Bool {
        guard value.count <= 12, !isSecretName(name, in: .query), !isSecretName(name, in: .header) else {
            return false
        }
        if value.allSatisfy(ShapeBytes.isDigit) { return value.count <= 4 }
        // Letters in groups of two to eight joined by `-` or `_`: `de`, `en-US`, `dark`, `zh_Hant`.
        var group = 0
        for byte in value {
            if ShapeBytes.isLetter(byte) {
                group += 1
                guard group <= 8 else { return false }
            } else if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") {
                guard group >= 2 else { return false }
                group = 0
            } else {
                return false
            }
        }
        return group >= 2
    }

    /// A cookie that holds an identifier, not a credential: its name does not say secret and ends
    /// in a word `id` after another (`CloudFront-Key-Pair-Id`, `ajs_anonymous_id`, `visitor_id`; a `session_id` or `sid`
    /// is a secret's name), or it is Google Analytics' client id (`_ga=GA1.1.1234567890.1796001012`).
    /// Its value is one token of up to 64 letters, digits, `-`, `_` and `.`.
    func isIdentifier(cookie name: String, _ value: ArraySlice<UInt8>) -> Bool {
        guard value.count <= 64,
            value.allSatisfy({
                ShapeBytes.isAlphanumeric($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_")
                    || $0 == UInt8(ascii: ".")
            }), !isSecretName(name, in: .query), !isSecretName(name, in: .header)
        else { return false }
        // A qualified id: a cookie named `id` alone may be anything's, a session's too.
        let words = ScrubNameMatcher.words(name)
        if words.count >= 2, let last = words.last, last == "id" || last == "ids" { return true }
        return ScrubEngine.isAnalyticsClientID(value)
    }

    /// A cookie that holds a public document, not a credential: its name does not say secret and
    /// its value is base64 of a JSON object (in CloudFront's alphabet too, `-` `_` `~` for `+` `=`
    /// `/`: the `CloudFront-Policy` cookie) in which no member is named like a secret and no string
    /// is random-looking. A signed session (`payload.signature`) is no such value: it holds a `.`.
    func isPublicDocument(cookie name: String, _ value: ArraySlice<UInt8>) -> Bool {
        guard value.count >= 16, value.starts(with: "eyJ".utf8), !isSecretName(name, in: .query),
            !isSecretName(name, in: .header)
        else { return false }
        var text = String(decoding: value, as: UTF8.self)
        if value.contains(UInt8(ascii: "~")) || value.last == UInt8(ascii: "_") {
            text = String(
                text.map { character in
                    switch character {
                    case "-": "+"
                    case "_": "="
                    case "~": "/"
                    default: character
                    }
                })
        }
        guard let members = ScrubEngine.base64JSONObject(text) else { return false }
        return holdsNoSecret(members, depth: 0)
    }

    /// Whether no member of an object, or of one below it (to a depth of four), is named like a
    /// secret or holds a random-looking string.
    private func holdsNoSecret(_ members: [JSONValue.Member], depth: Int) -> Bool {
        guard depth <= 4 else { return false }
        return members.allSatisfy { member in
            guard !isSecretName(member.key, in: .jsonKey) else { return false }
            return holdsNoSecret(member.value, depth: depth)
        }
    }

    private func holdsNoSecret(_ value: JSONValue, depth: Int) -> Bool {
        switch value {
        case .string(let text): !ScrubEngine.looksRandom(text)
        case .object(let inner): holdsNoSecret(inner, depth: depth + 1)
        case .array(let items): items.allSatisfy { holdsNoSecret($0, depth: depth) }
        default: true
        }
    }

    /// A cookie an analytics script sets to count visits (Application Insights' `ai_user` and
    /// `ai_session`: an id and times joined by `|`; Google's `_gid`, Meta's `_fbp`, Clarity's
    /// `_clck`, Bing's `_uetsid`, Hotjar's `_hjSession…`): identifiers of a visitor, not
    /// credentials, though `ai_session` names a session. One token of up to 128 bytes.
    static func isAnalyticsCookie(_ name: String, _ value: ArraySlice<UInt8>) -> Bool {
        (analyticsCookieNames.contains(name) || name.hasPrefix("_hjSession")) && value.count <= 128
            && value.allSatisfy { $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: ";") }
    }

    private static let analyticsCookieNames: Set<String> = [
        "ai_user", "ai_session", "ai_authUser", "_gid", "_gat", "_fbp", "_fbc", "_gcl_au", "_clck", "_clsk",
        "_uetsid", "_uetvid",
    ]

    /// `GA1.1.1234567890.1796001012`: Google Analytics' client id, a random number and a time.
    static func isAnalyticsClientID(_ value: ArraySlice<UInt8>) -> Bool {
        guard value.count >= 10, value.starts(with: "GA".utf8) || value.starts(with: "GS".utf8) else { return false }
        let parts = value.dropFirst(2).split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(ShapeBytes.isDigit) }
    }

    /// The `name=value` pairs of a cookie header: every `;`-separated one of a `Cookie` header; the
    /// first of each cookie of a `Set-Cookie` header.
    private func cookiePairs(_ bytes: [UInt8], _ range: Range<Int>, allPairs: Bool) -> [Range<Int>] {
        var pairs: [Range<Int>] = []
        var start = range.lowerBound
        var startsCookie = true
        while start <= range.upperBound {
            var end = start
            var nextStartsCookie = false
            while end < range.upperBound {
                if bytes[end] == UInt8(ascii: ";") { break }
                if !allPairs, bytes[end] == UInt8(ascii: ","),
                    startsNewCookie(bytes, after: end, before: range.upperBound)
                {
                    nextStartsCookie = true
                    break
                }
                end += 1
            }
            if allPairs || startsCookie { pairs.append(start..<end) }
            startsCookie = nextStartsCookie
            start = end + 1
        }
        return pairs
    }

    /// Whether the text after the comma at `comma` is `name=...` with a name free of spaces.
    private func startsNewCookie(_ bytes: [UInt8], after comma: Int, before end: Int) -> Bool {
        var index = comma + 1
        while index < end, bytes[index] == 0x20 { index += 1 }
        let nameStart = index
        while index < end, ![UInt8(ascii: "="), UInt8(ascii: ";"), UInt8(ascii: ","), 0x20].contains(bytes[index]) {
            index += 1
        }
        return index > nameStart && index < end && bytes[index] == UInt8(ascii: "=")
    }

    /// The spans a value takes from a header-like name with structure (`Authorization`, `Cookie`,
    /// `Set-Cookie`), wherever the name appears: a JSON key, a `name: value` line, a pair.
    func structuredSpans(_ structure: ScrubHeaderStructure, _ bytes: [UInt8], _ range: Range<Int>, name: String)
        -> [Span]?
    {
        switch structure {
        case .credentials: credentialSpans(bytes, range, header: name)
        case .cookies(let allPairs): cookieSpans(bytes, range, allPairs: allPairs)
        case .url: nil
        }
    }
}
