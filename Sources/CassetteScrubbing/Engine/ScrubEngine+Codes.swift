import Foundation

extension ScrubEngine {
    /// Words that, before `code` (or `otp`, `pin`, `passcode`), say a message carries a one-time
    /// code: `Your Acme verification code is 643859`, `Login code: 5821`.
    static let oneTimeCodeQualifiers: [String] = [
        "verification", "verify", "login", "log-in", "sign-in", "signin", "security", "one-time", "onetime",
        "confirmation", "confirm", "authentication", "2fa", "two-factor", "mfa", "otp", "passcode", "access",
    ]

    /// A one-time code in a message's text: a run of 4 to 8 digits standing alone, with `code`,
    /// `otp`, `pin` or `passcode` and a word that says what it unlocks in the 64 bytes before it or
    /// the 40 after it (`Use 90417342 as your one-time passcode`).
    /// Phone numbers, dates, amounts and ids stay: the digits must not be joined to other digits,
    /// letters, `+`, `-`, `/` or `.` followed by a digit.
    func oneTimeCodes(_ bytes: [UInt8]) -> Found {
        var found = Found()
        guard bytes.count >= 12, rules.isEnabled(.secretField),
            ScrubEngine.mayNameACode(bytes)
        else { return found }
        var index = 0
        while index < bytes.count {
            guard ShapeBytes.isDigit(bytes[index]) else {
                index += 1
                continue
            }
            let start = index
            while index < bytes.count, ShapeBytes.isDigit(bytes[index]) { index += 1 }
            let end = index
            guard (4...8).contains(end - start), ScrubEngine.standsAlone(bytes, start..<end) else { continue }
            guard
                ScrubEngine.namesOneTimeCode(bytes, max(0, start - 64)..<start)
                    || ScrubEngine.namesOneTimeCode(bytes, end..<min(bytes.count, end + 40))
            else { continue }
            found.spans.append(
                Span(
                    range: start..<end, secret: ScrubBytes.string(bytes, start..<end), rule: rules.spec(.secretField),
                    summary: "one-time code in a message"))
        }
        return found
    }

    /// `code`, `otp`, `pin` or `passcode`, and a word that says what it unlocks, in any case. Bytes,
    /// not strings: this runs for every lone number of every text.
    private static func namesOneTimeCode(_ bytes: [UInt8], _ window: Range<Int>) -> Bool {
        codeWords.contains { contains($0, in: bytes, window) }
            && qualifierWords.contains { contains($0, in: bytes, window) }
    }

    private static let codeWords: [[UInt8]] = ["code", "otp", "pin", "passcode"].map { Array($0.utf8) }
    private static let qualifierWords: [[UInt8]] = oneTimeCodeQualifiers.map { Array($0.utf8) }

    /// One pass for `code`, `otp` or `pin` in any case (`passcode` holds `code`): most texts have
    /// none, and are done with.
    private static func mayNameACode(_ bytes: [UInt8]) -> Bool {
        bytes.indices.contains { index in
            switch ShapeBytes.lowercase(bytes[index]) {
            case UInt8(ascii: "c"): ShapeBytes.matchesIgnoringCase(codeWords[0], in: bytes, at: index)
            case UInt8(ascii: "o"): ShapeBytes.matchesIgnoringCase(codeWords[1], in: bytes, at: index)
            case UInt8(ascii: "p"): ShapeBytes.matchesIgnoringCase(codeWords[2], in: bytes, at: index)
            default: false
            }
        }
    }

    /// Whether `word` (lower-case ASCII) occurs in `bytes[window]`, ignoring case.
    private static func contains(_ word: [UInt8], in bytes: [UInt8], _ window: Range<Int>) -> Bool {
        window.lowerBound <= window.upperBound - word.count
            && (window.lowerBound...(window.upperBound - word.count)).contains {
                ShapeBytes.matchesIgnoringCase(word, in: bytes, at: $0)
            }
    }

    private static func standsAlone(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
        // A group of a number written with spaces (`+1 415 555 0100`).
        if range.lowerBound >= 2, bytes[range.lowerBound - 1] == 0x20, ShapeBytes.isDigit(bytes[range.lowerBound - 2]) {
            return false
        }
        if range.upperBound + 1 < bytes.count, bytes[range.upperBound] == 0x20,
            ShapeBytes.isDigit(bytes[range.upperBound + 1])
        {
            return false
        }
        if range.lowerBound > 0 {
            let before = bytes[range.lowerBound - 1]
            if ShapeBytes.isAlphanumeric(before) || before == UInt8(ascii: "+") || before == UInt8(ascii: "-")
                || before == UInt8(ascii: "/") || before == UInt8(ascii: ".") || before == UInt8(ascii: "$")
                || before == UInt8(ascii: "_")
            {
                return false
            }
        }
        if range.upperBound < bytes.count {
            let after = bytes[range.upperBound]
            if ShapeBytes.isAlphanumeric(after) || after == UInt8(ascii: "_") { return false }
            if after == UInt8(ascii: "-") || after == UInt8(ascii: "/") || after == UInt8(ascii: ".")
                || after == UInt8(ascii: ",") || after == UInt8(ascii: ":")
            {
                let next = range.upperBound + 1
                if next < bytes.count, ShapeBytes.isDigit(bytes[next]) { return false }
            }
        }
        return true
    }

    /// Names of secrets that people write in messages before the secret itself.
    private static let proseSecretNouns: [[UInt8]] = [
        "app password", "app-specific password", "password", "passphrase", "passwd", "psk", "pre-shared key",
        "preshared key", "api key", "secret key", "access key", "token", "secret", "code", "login", "credentials",
        "creds",
    ].map { Array($0.utf8) }
    /// Nouns that name a secret only loosely (`the code is`, `login admin / …`): the value after
    /// them must hold upper- and lower-case letters, digits and a symbol.
    private static let looseProseNouns: [[UInt8]] = ["code", "login", "credentials", "creds"].map { Array($0.utf8) }
    /// Nouns of a user and a password written as a pair (`login admin / …`, `creds: ops:…`).
    private static let pairProseNouns: [[UInt8]] = ["login", "credentials", "creds"].map { Array($0.utf8) }
    /// Nouns of a generated app password, shown in groups (`abcd efgh ijkl mnop`).
    private static let groupedProseNouns: [[UInt8]] = ["app password", "app-specific password"].map { Array($0.utf8) }

    /// The first letters of ``proseSecretNouns``, lower-case: a byte that starts none is passed by.
    private static let proseNounInitials = ByteSet(bytes: proseSecretNouns.map { $0[0] })
    private static let identifierJoints = ByteSet(":/.")
    static let proseQuotes = ByteSet("\"'`")
    static let proseTrailing = ByteSet(".,;:!?)]")

    /// A secret quoted in a message's text: a name of a secret, up to four words, `is`, `was`, `: `
    /// or `=`, then a value that looks like a secret (`The temporary password you sent me was
    /// Xk4!mQ9…`, `office vpn psk is …`, `my API key: …`). A value that reads as a word (`password
    /// is required`, `token was revoked`), a mask, a placeholder or a reference (`process.env.DB_PASSWORD`) stays.
    func secretsInProse(_ bytes: [UInt8]) -> Found {
        var found = Found()
        guard bytes.count >= 16, rules.isEnabled(.secretField) else { return found }
        var index = 0
        while index < bytes.count {
            guard ScrubEngine.proseNounInitials.contains(ShapeBytes.lowercase(bytes[index])),
                // Not a part of an identifier (`arn:…:secret:prod/db`, `/v1/token`, `auth.token`).
                index == 0
                    || !ShapeBytes.isAlphanumeric(bytes[index - 1])
                        && !ScrubEngine.identifierJoints.contains(bytes[index - 1]),
                let noun = ScrubEngine.proseSecretNouns.first(where: {
                    ShapeBytes.matchesIgnoringCase($0, in: bytes, at: index)
                }),
                index + noun.count >= bytes.count || !ShapeBytes.isAlphanumeric(bytes[index + noun.count])
            else {
                index += 1
                continue
            }
            index += noun.count
            let loose = ScrubEngine.looseProseNouns.contains(noun)
            let value: Range<Int>
            if ScrubEngine.groupedProseNouns.contains(noun), let grouped = ScrubEngine.groupedValue(bytes, after: index)
            {
                value = grouped
            } else if ScrubEngine.pairProseNouns.contains(noun),
                let paired = ScrubEngine.pairedValue(bytes, after: index)
            {
                value = paired
            } else if let named = ScrubEngine.proseValue(bytes, after: index)
                ?? ScrubEngine.namedValue(bytes, after: index),
                !loose || ScrubEngine.isStrongPassword(bytes[named])
            {
                value = named
            } else {
                continue
            }
            let secret = ScrubBytes.string(bytes, value)
            guard ScrubEngine.isQuotedSecret(secret) else { continue }
            found.spans.append(
                Span(
                    range: value, secret: secret, rule: rules.spec(.secretField),
                    summary: "\(String(decoding: noun, as: UTF8.self)) quoted in a message"))
            index = value.upperBound
        }
        return found
    }

    /// Whether a value a reader of messages or session logs took from beside a secret's noun or
    /// command is one: it looks like a secret, is no placeholder of an earlier scrub, and is none of
    /// the values that never are (a mask, a reference, a public key) nor a dotted path of words
    /// (`process.env.DB_PASSWORD`).
    static func isQuotedSecret(_ secret: String) -> Bool {
        ScrubEchoPolicy.looksLikeSecret(secret) && !ScrubBytes.contains(secret, "SCRUBBED")
            && !isNeverSecret(secret, inherited: false) && !ScrubEchoPolicy.isIdentifierPath(secret)
    }

    /// SASL `PLAIN` credentials sent inline, as a mail client's debug output or a protocol log shows
    /// them (SMTP's `AUTH PLAIN AGFwaWtleQBTRy4…`, IMAP's `AUTHENTICATE PLAIN …`): base64 of
    /// `authzid NUL user NUL password`, whole credentials as readable as `Basic` ones. The base64 is
    /// replaced whole, and the password may be echoed on its own.
    func saslPlainCredentials(_ bytes: [UInt8]) -> Found {
        var found = Found()
        guard bytes.count >= 16, rules.isEnabled(.authorization) else { return found }
        var index = 0
        while index < bytes.count {
            guard bytes[index] | 0x20 == UInt8(ascii: "a"), index == 0 || !ShapeBytes.isWord(bytes[index - 1]),
                let verb = ScrubEngine.saslVerbs.first(where: {
                    ShapeBytes.matchesIgnoringCase($0, in: bytes, at: index)
                })
            else {
                index += 1
                continue
            }
            let start = index + verb.count
            var end = start
            while end < bytes.count, ShapeBytes.isBase64(bytes[end]) { end += 1 }
            let digitsEnd = end
            while end < bytes.count, end - digitsEnd < 2, bytes[end] == UInt8(ascii: "=") { end += 1 }
            index = max(end, index + 1)
            let credentials = ScrubBytes.string(bytes, start..<end)
            guard end - start >= 8, !ScrubBytes.contains(credentials, "SCRUBBED"),
                let decoded = Data(base64Encoded: credentials),
                case let fields = decoded.split(separator: 0, omittingEmptySubsequences: false), fields.count == 3,
                let password = String(bytes: fields[2], encoding: .utf8), !password.isEmpty
            else { continue }
            found.spans.append(
                Span(
                    range: start..<end, secret: credentials, rule: rules.spec(.authorization),
                    summary: "SASL PLAIN credentials in a log", parts: password.utf8.count >= 8 ? [password] : []))
        }
        return found
    }

    /// What precedes inline SASL `PLAIN` credentials, lower-case.
    private static let saslVerbs: [[UInt8]] = ["auth plain ", "authenticate plain "].map { Array($0.utf8) }

    /// A value right after a secret's noun with no verb between (`sign in with the temporary
    /// password MT#%YtdP6W9x17 and …`): one space, then 8 to 64 bytes without blanks or quotes that
    /// hold upper- and lower-case letters, digits and a symbol such as `#` or `!`, which words,
    /// ids and names do not (`password reset`, `token expired`, `secret rotation`).
    static func namedValue(_ bytes: [UInt8], after start: Int) -> Range<Int>? {
        guard start + 1 < bytes.count, bytes[start] == 0x20 else { return nil }
        var end = start + 1
        while end < bytes.count, bytes[end] > 0x20, !proseQuotes.contains(bytes[end]), bytes[end] != UInt8(ascii: "<") {
            end += 1
        }
        while end > start + 1, proseTrailing.contains(bytes[end - 1]) { end -= 1 }
        guard isStrongPassword(bytes[(start + 1)..<end]) else { return nil }
        return (start + 1)..<end
    }

    /// Whether bytes hold upper- and lower-case letters, digits and a symbol, as generated
    /// passwords do and words, ids and names do not.
    static func isStrongPassword(_ value: ArraySlice<UInt8>) -> Bool {
        (8...64).contains(value.count) && value.contains(where: ShapeBytes.isUpper)
            && value.contains(where: ShapeBytes.isLower) && value.contains(where: ShapeBytes.isDigit)
            && value.contains(where: passwordSymbols.contains)
    }

    /// The password of a user and password written as a pair after `login` or `credentials`
    /// (`staging login admin / Tq#…`, `creds: ops:Tq#…`): an optional `:`, the user, `/` or `:`
    /// with or without blanks around it, then a value ``isStrongPassword(_:)`` accepts.
    static func pairedValue(_ bytes: [UInt8], after start: Int) -> Range<Int>? {
        var cursor = start
        if cursor < bytes.count, bytes[cursor] == UInt8(ascii: ":") { cursor += 1 }
        guard cursor < bytes.count, bytes[cursor] == 0x20 else { return nil }
        cursor += 1
        let user = cursor
        while cursor < bytes.count, cursor - user <= 64, bytes[cursor] > 0x20, bytes[cursor] != UInt8(ascii: "/"),
            bytes[cursor] != UInt8(ascii: ":")
        {
            cursor += 1
        }
        guard cursor > user else { return nil }
        if cursor < bytes.count, bytes[cursor] == 0x20 { cursor += 1 }
        guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "/") || bytes[cursor] == UInt8(ascii: ":") else {
            return nil
        }
        cursor += 1
        if cursor < bytes.count, bytes[cursor] == 0x20 { cursor += 1 }
        let valueStart = cursor
        while cursor < bytes.count, bytes[cursor] > 0x20, !proseQuotes.contains(bytes[cursor]) { cursor += 1 }
        while cursor > valueStart, proseTrailing.contains(bytes[cursor - 1]) { cursor -= 1 }
        guard isStrongPassword(bytes[valueStart..<cursor]) else { return nil }
        return valueStart..<cursor
    }

    /// A generated app password within 160 bytes after its noun: four groups of four lower-case
    /// letters and digits apart by single blanks (`dqbb 3u50 66gd pibg`), whole words.
    static func groupedValue(_ bytes: [UInt8], after start: Int) -> Range<Int>? {
        func isGroupByte(_ byte: UInt8) -> Bool { ShapeBytes.isLower(byte) || ShapeBytes.isDigit(byte) }
        let length = 19
        var cursor = start
        while cursor + length <= min(bytes.count, start + 160) {
            defer { cursor += 1 }
            guard cursor == 0 || !ShapeBytes.isAlphanumeric(bytes[cursor - 1]),
                cursor + length == bytes.count || !ShapeBytes.isAlphanumeric(bytes[cursor + length])
            else { continue }
            let fits = (0..<length).allSatisfy { offset in
                offset % 5 == 4 ? bytes[cursor + offset] == 0x20 : isGroupByte(bytes[cursor + offset])
            }
            if fits { return cursor..<(cursor + length) }
        }
        return nil
    }

    /// The value after a secret's name in prose: up to four words of letters, then `is`, `was`, `: `
    /// or `=`, then a run without spaces or quotes of 8 to 128 bytes, trailing punctuation dropped.
    private static func proseValue(_ bytes: [UInt8], after start: Int) -> Range<Int>? {
        var cursor = start
        var words = 0
        var linked = false
        while !linked, words <= 4, cursor < bytes.count {
            while cursor < bytes.count, bytes[cursor] == 0x20 { cursor += 1 }
            guard cursor < bytes.count else { return nil }
            if bytes[cursor] == UInt8(ascii: "=")
                || bytes[cursor] == UInt8(ascii: ":") && cursor + 1 < bytes.count && bytes[cursor + 1] == 0x20
            {
                cursor += 1
                linked = true
                break
            }
            let wordStart = cursor
            while cursor < bytes.count, ShapeBytes.isLetter(bytes[cursor]) { cursor += 1 }
            let word = bytes[wordStart..<cursor]
            guard !word.isEmpty, word.count <= 12, cursor < bytes.count, bytes[cursor] == 0x20 else { return nil }
            if word.elementsEqual("is".utf8) || word.elementsEqual("was".utf8) {
                linked = true
                if cursor + 1 < bytes.count, bytes[cursor + 1] == UInt8(ascii: ":") { cursor += 1 }
            }
            words += 1
        }
        guard linked else { return nil }
        while cursor < bytes.count, bytes[cursor] == 0x20 { cursor += 1 }
        let quotes = ScrubEngine.proseQuotes
        if cursor < bytes.count, quotes.contains(bytes[cursor]) { cursor += 1 }
        let valueStart = cursor
        while cursor < bytes.count, bytes[cursor] > 0x20, !quotes.contains(bytes[cursor]),
            bytes[cursor] != UInt8(ascii: "<")
        {
            cursor += 1
        }
        var valueEnd = cursor
        while valueEnd > valueStart, ScrubEngine.proseTrailing.contains(bytes[valueEnd - 1]) { valueEnd -= 1 }
        guard (8...128).contains(valueEnd - valueStart) else { return nil }
        return valueStart..<valueEnd
    }
}
