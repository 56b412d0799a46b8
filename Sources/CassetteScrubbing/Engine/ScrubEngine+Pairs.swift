import Foundation

extension ScrubEngine {
    /// What ends an unquoted value: of a credentials name (`Authorization=Bearer x`), of any other.
    private static let credentialValueStops = ByteSet("\n\r\"'<")
    private static let pairValueStops = ByteSet(" \t\n\r;&,\"'<>)]}")
    /// What stands before and after an item of a `;` or `&` list.
    private static let listStarts = ByteSet(";&?")
    private static let listEnds = ByteSet(";&")

    /// Whether the name at `nameStart` is a field of a colon-separated identifier, two fields or
    /// more in (`arn:aws:secretsmanager:eu-west-1:1234:secret:prod/db`, `urn:ietf:params:oauth:token-type:jwt`),
    /// not the name of a pair.
    static func isInColonChain(_ bytes: [UInt8], nameStart: Int) -> Bool {
        guard nameStart > 0, bytes[nameStart - 1] == UInt8(ascii: ":") else { return false }
        var colons = 0
        var cursor = nameStart - 1
        while cursor >= 0, !ShapeBytes.isBlank(bytes[cursor]), bytes[cursor] != UInt8(ascii: "\""),
            bytes[cursor] != UInt8(ascii: "'")
        {
            if bytes[cursor] == UInt8(ascii: ":") { colons += 1 }
            cursor -= 1
        }
        return colons >= 2
    }

    /// Whether `index` is inside the text of an RFC 2047 encoded word
    /// (`Subject: =?UTF-8?Q?Passwort_zur=C3=BCcksetzen?=`), whose `=` starts an escape, not a value:
    /// its third `?` back, on the same word, follows a `=`.
    static func isInEncodedWord(_ bytes: [UInt8], at index: Int) -> Bool {
        var marks = 0
        var cursor = index - 1
        while cursor >= 1, index - cursor <= 200 {
            let byte = bytes[cursor]
            if ShapeBytes.isSpace(byte) { return false }
            if byte == UInt8(ascii: "?") {
                marks += 1
                if marks == 3 { return bytes[cursor - 1] == UInt8(ascii: "=") }
            }
            cursor -= 1
        }
        return false
    }

    /// `name: "value"`, `"name": "value"`, `name='value'`, `name => "value"` anywhere in a text
    /// (JavaScript config, GraphQL arguments, JSON that is not whole, attributes), and `name=value`
    /// unquoted where the value looks like a secret or stands in a `;` or `&` list (connection
    /// strings: `AccountKey=…;`, `Password=…;`).
    func pairStructure(_ bytes: [UInt8]) -> Found {
        var found = Found()
        var unterminated: [UInt8: Int] = [:]
        // The text's line names, once a key-named pair asks for them.
        var lineNames: [String]?
        var index = 0
        while index < bytes.count {
            let separator = bytes[index]
            guard separator == UInt8(ascii: ":") || separator == UInt8(ascii: "=") || separator == UInt8(ascii: ","),
                let (name, nameStart) = ScrubEngine.pairName(bytes, before: index),
                separator != UInt8(ascii: ",") || ScrubEngine.isFirstCallArgument(bytes, nameStart: nameStart)
            else {
                index += 1
                continue
            }
            var cursor = index + 1
            if separator == UInt8(ascii: ":"), cursor < bytes.count,
                bytes[cursor] == UInt8(ascii: "/")
                    || ScrubEngine.isInColonChain(bytes, nameStart: nameStart)
            {
                index += 1
                continue
            }
            if separator == UInt8(ascii: "="), cursor < bytes.count {
                if bytes[cursor] == UInt8(ascii: "=") || ScrubEngine.isInEncodedWord(bytes, at: index) {
                    index += 2
                    continue
                }
                if bytes[cursor] == UInt8(ascii: ">") { cursor += 1 }
            }
            let nameTraits = traits(name, in: .jsonKey)
            let structure = ScrubHeaderStructure.of(name)
            guard nameTraits.contains(.secret) || structure != nil else {
                index += 1
                continue
            }
            while cursor < bytes.count, ShapeBytes.isBlank(bytes[cursor]) { cursor += 1 }
            guard cursor < bytes.count else { break }
            let quote = bytes[cursor]
            var valueRange: Range<Int>
            var quoted = false
            if quote == UInt8(ascii: "\\"), let close = ScrubEngine.closingEscapedQuote(bytes, from: cursor) {
                // A pair inside a string of JSON-like text that does not parse (a log line, a
                // truncated answer): `password=\"…\"`, its quotes escaped.
                valueRange = (cursor + 2)..<close
                quoted = true
            } else if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") || quote == UInt8(ascii: "`") {
                if let limit = unterminated[quote], cursor < limit {
                    index += 1
                    continue
                }
                guard let close = ScrubEngine.closingQuote(bytes, quote, from: cursor + 1) else {
                    var lineEnd = cursor
                    while lineEnd < bytes.count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
                    unterminated[quote] = lineEnd
                    index += 1
                    continue
                }
                valueRange = (cursor + 1)..<close
                quoted = true
            } else {
                var end = cursor
                let stops = structure == .credentials ? ScrubEngine.credentialValueStops : ScrubEngine.pairValueStops
                while end < bytes.count, !stops.contains(bytes[end]) { end += 1 }
                valueRange = cursor..<end
            }
            index = max(index + 1, valueRange.upperBound)
            guard !valueRange.isEmpty else { continue }
            // The pair is a reference to a stored secret (TeamCity's `credentialsJSON:<id>`).
            if separator == UInt8(ascii: ":"),
                ScrubEchoPolicy.isReference(
                    ScrubBytes.string(bytes, nameStart..<valueRange.upperBound), dottedPaths: false)
            {
                continue
            }
            if let structure, let spans = structuredSpans(structure, bytes, valueRange, name: name) {
                found.spans += spans
                continue
            }
            var raw = ScrubBytes.string(bytes, valueRange)
            var secret = raw
            if quoted {
                if quote == UInt8(ascii: "\""), let unescaped = ScrubEngine.unescapeJSON(raw) { secret = unescaped }
                if ScrubTextCodecs.hasEntity(secret) { secret = ScrubTextCodecs.htmlDecoded(secret) }
            } else {
                let before = nameStart > 0 ? bytes[nameStart - 1] : 0
                let after = valueRange.upperBound < bytes.count ? bytes[valueRange.upperBound] : 0
                let inList = ScrubEngine.listStarts.contains(before) || ScrubEngine.listEnds.contains(after)
                guard inList || ScrubEchoPolicy.looksLikeSecret(raw),
                    !ScrubEchoPolicy.isReference(raw, dottedPaths: true)
                else { continue }
            }
            if secret.hasPrefix("AIza"), ScrubEngine.isFirebaseWebConfig(bytes, after: valueRange) { continue }
            if nameTraits.contains(.secret),
                ScrubEngine.isKeyBesideItsSecret(name, value: valueRange, in: bytes, names: &lineNames)
            {
                continue
            }
            // A translation file's message under a secret's name is about it (`forgot_password:
            // "Forgot your password?"` of `/locales/<id>/download?file_format=yml`).
            if walksTranslations, ScrubEchoPolicy.isNaturalLanguage(secret) { continue }
            // A call's second argument is a value only when it looks like a secret: `t('password', 'Passwort')`
            // translates a label.
            if separator == UInt8(ascii: ","),
                !ScrubEchoPolicy.looksLikeSecret(secret) || ScrubEchoPolicy.isNaturalLanguage(secret)
            {
                continue
            }
            // `token: "kubeconfig-user-x7k2:…"`: the key id names the key; the secret is after it.
            if secret == raw {
                valueRange = ScrubEngine.afterKeyID(bytes, valueRange)
                secret = ScrubBytes.string(bytes, valueRange)
                raw = secret
            }
            found.spans.append(
                Span(
                    range: valueRange, secret: secret, observed: secret == raw ? nil : raw,
                    rule: rules.spec(.secretField), summary: "value of \"\(name)\""))
        }
        return found
    }

    /// Whether the quoted name at `nameStart` is a call's first argument: `define('DB_PASSWORD', '…')`,
    /// `setenv("API_TOKEN", "…")`, whose second argument is then its value.
    static func isFirstCallArgument(_ bytes: [UInt8], nameStart: Int) -> Bool {
        guard nameStart < bytes.count, bytes[nameStart] == 0x22 || bytes[nameStart] == 0x27 else { return false }
        var cursor = nameStart
        while cursor > 0, ShapeBytes.isBlank(bytes[cursor - 1]) { cursor -= 1 }
        return cursor > 0 && bytes[cursor - 1] == UInt8(ascii: "(")
    }

    /// The name before a `:` or `=`: quoted (`"name"`, `'name'`), a quoted key in brackets
    /// (`os.environ['DB_PASSWORD'] = …`, `$_ENV["APP_KEY"] = …`) or a run of name characters, up to
    /// 64 bytes, with spaces allowed before the separator.
    private static func pairName(_ bytes: [UInt8], before separator: Int) -> (String, Int)? {
        var end = separator
        while end > 0, ShapeBytes.isBlank(bytes[end - 1]) { end -= 1 }
        guard end > 0 else { return nil }
        if bytes[end - 1] == UInt8(ascii: "]"), end >= 2, bytes[end - 2] == 0x22 || bytes[end - 2] == 0x27,
            let (name, quoteStart) = pairName(bytes, before: end - 1), quoteStart > 0,
            bytes[quoteStart - 1] == UInt8(ascii: "[")
        {
            return (name, quoteStart - 1)
        }
        let last = bytes[end - 1]
        if last == UInt8(ascii: "\"") || last == UInt8(ascii: "'") {
            var start = end - 1
            while start > 0, end - start < 66, bytes[start - 1] != last, bytes[start - 1] != 0x0A { start -= 1 }
            guard start > 0, bytes[start - 1] == last, start < end - 1 else { return nil }
            return (ScrubBytes.string(bytes, start..<(end - 1)), start - 1)
        }
        var start = end
        while start > 0, end - start < 64, isNameCharacter(bytes[start - 1]) { start -= 1 }
        guard start < end, start == 0 || !isNameCharacter(bytes[start - 1]) else { return nil }
        return (ScrubBytes.string(bytes, start..<end), start)
    }

    /// The closing `quote` of a string that starts at `start`, honouring backslash escapes, on the
    /// same line.
    private static func closingQuote(_ bytes: [UInt8], _ quote: UInt8, from start: Int) -> Int? {
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if byte == quote { return index }
            if byte == 0x0A { return nil }
            index += 1
        }
        return nil
    }

    static func unescapeJSON(_ escaped: String) -> String? {
        guard escaped.contains("\\") else { return escaped }
        guard case .string(let text)? = try? JSONParser.parse(Data(("\"" + escaped + "\"").utf8)) else { return nil }
        return text
    }

    /// Where the value of `\"…\"` at `start` ends: the index of the `\` of the closing `\"` on
    /// the same line; `nil` unless `start` opens one.
    static func closingEscapedQuote(_ bytes: [UInt8], from start: Int) -> Int? {
        guard start + 2 < bytes.count, bytes[start + 1] == UInt8(ascii: "\""), bytes[start + 2] != UInt8(ascii: "\\")
        else { return nil }
        var index = start + 2
        while index + 1 < bytes.count, bytes[index] != 0x0A, index - start <= 4_096 {
            if bytes[index] == UInt8(ascii: "\\") {
                if bytes[index + 1] == UInt8(ascii: "\"") { return index > start + 2 ? index : nil }
                index += 2
                continue
            }
            index += 1
        }
        return nil
    }
}
