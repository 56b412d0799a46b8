import Foundation

extension ScrubEngine {
    /// What trails a line's value and is not part of it.
    private static let valueEndPunctuation = ByteSet(",;")
    private static let valueEndPunctuationAndSpace = ByteSet(",; \t")

    /// Line by line: server-sent `data:` payloads and JSON lines are texts of their own; a line
    /// `NAME=value`, `export NAME="value"`, `name: value` or `- name: value` whose name is a secret's
    /// holds one (a YAML block `name: |` holds the indented lines that follow).
    func lineStructure(_ bytes: [UInt8]) -> Found {
        var found = Found()
        var lines: [Range<Int>] = []
        var start = 0
        while start <= bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            var contentEnd = end
            if contentEnd > start, bytes[contentEnd - 1] == 0x0D { contentEnd -= 1 }
            lines.append(start..<contentEnd)
            start = end + 1
        }
        var index = 0
        var pair: (name: String, column: Int)?
        var names: [String]?
        while index < lines.count {
            index = line(bytes, lines, index, pair: &pair, names: &names, into: &found)
        }
        return found
    }

    /// Whether `name`, a key's, has a secret beside it in the same text (`PUSHER_APP_KEY=8cd5…` and
    /// `PUSHER_APP_SECRET=…` of a `.env` file): the key names the app, its secret is the secret.
    /// A value of more than 64 bytes is not a key's name; a text of more than 16 KiB is a log, not
    /// a settings file. `names` holds the text's ``lineNames(_:)`` once they were read, for the
    /// text's next key.
    static func isKeyBesideItsSecret(
        _ name: String, value: Range<Int>, in bytes: [UInt8], names: inout [String]?
    ) -> Bool {
        guard value.count <= 64, bytes.count <= 1 << 14, ScrubNameMatcher.words(name).last == "key" else {
            return false
        }
        let read = names ?? lineNames(bytes)
        names = read
        return ScrubNameMatcher.isKeyBesideItsSecret(name, among: read)
    }

    /// The name each line of `bytes` starts with (`NAME` of `NAME=value`, `export NAME=…`,
    /// `name: value`).
    static func lineNames(_ bytes: [UInt8]) -> [String] {
        bytes.indices.split(whereSeparator: { bytes[$0] == 0x0A }).compactMap { line in
            var cursor = line.lowerBound
            while cursor < line.upperBound, ShapeBytes.isBlank(bytes[cursor]) { cursor += 1 }
            if ScrubBytes.matches(LineKeyword.export, in: bytes, at: cursor, before: line.upperBound) {
                cursor += LineKeyword.export.count
            }
            let start = cursor
            while cursor < line.upperBound, ScrubEngine.isNameCharacter(bytes[cursor]) { cursor += 1 }
            guard cursor > start, cursor < line.upperBound,
                bytes[cursor] == UInt8(ascii: "=") || bytes[cursor] == UInt8(ascii: ":")
            else { return nil }
            return ScrubBytes.string(bytes, start..<cursor)
        }
    }

    /// Reads line `index` (and a block that follows it) and returns the index of the next line.
    /// `pair` carries a YAML `name: DB_PASSWORD` to the `value:` that follows it in the same mapping;
    /// `names` the text's line names once read (``isKeyBesideItsSecret(_:value:in:names:)``).
    private func line(
        _ bytes: [UInt8], _ lines: [Range<Int>], _ index: Int, pair: inout (name: String, column: Int)?,
        names: inout [String]?, into found: inout Found
    ) -> Int {
        let line = lines[index]
        var cursor = line.lowerBound
        while cursor < line.upperBound, ShapeBytes.isBlank(bytes[cursor]) { cursor += 1 }
        let indent = cursor - line.lowerBound
        var end = line.upperBound
        while end > cursor, ShapeBytes.isBlank(bytes[end - 1]) { end -= 1 }
        guard cursor < end else { return index + 1 }
        if ScrubBytes.matches(LineKeyword.data, in: bytes, at: cursor, before: end) {
            var payload = cursor + 5
            if payload < end, bytes[payload] == 0x20 { payload += 1 }
            if payload < end {
                found.nested.append(
                    Nested(range: payload..<end, encoding: .identity, kind: .text(nil), place: "in a data: line"))
            }
            return index + 1
        }
        if bytes[cursor] == UInt8(ascii: "{") || bytes[cursor] == UInt8(ascii: "[") {
            if let (value, ranges) = JSONParser.locate(bytes, cursor..<end) {
                found.nested.append(
                    Nested(range: cursor..<end, encoding: .json(value, ranges: ranges), kind: .plain, place: ""))
            }
            return index + 1
        }
        if ScrubBytes.matches(LineKeyword.machine, in: bytes, at: cursor, before: end)
            || ScrubBytes.matches(LineKeyword.default, in: bytes, at: cursor, before: end)
        {
            found.spans += netrcSpans(bytes, cursor..<end)
            return index + 1
        }
        // A `.netrc` entry over several lines: `password secret` alone on its line.
        for keyword in LineKeyword.netrcPasswords
        where ScrubBytes.matches(keyword, in: bytes, at: cursor, before: end) {
            let rest = bytes[(cursor + keyword.count)..<end]
            if !rest.isEmpty, !rest.contains(0x20), !rest.contains(0x09), !rest.contains(UInt8(ascii: "=")),
                !rest.contains(UInt8(ascii: ":"))
            {
                found.spans += netrcSpans(bytes, cursor..<end)
                return index + 1
            }
        }
        // `docker login -u ci -p <secret> registry`, `vault login --token=<secret>`: a command's flags.
        found.spans += commandFlagSpans(bytes, cursor..<end)
        found.spans += setCommandSpans(bytes, cursor..<end)
        found.spans += loginCommandSpans(bytes, cursor..<end)
        if ScrubBytes.matches(LineKeyword.export, in: bytes, at: cursor, before: end) {
            cursor += LineKeyword.export.count
        }
        // csh's `setenv NAME value`: the name and its value apart by blanks.
        var spaced = false
        if ScrubBytes.matches(LineKeyword.setenv, in: bytes, at: cursor, before: end) {
            cursor += LineKeyword.setenv.count
            spaced = true
        }
        if ScrubBytes.matches(LineKeyword.listItem, in: bytes, at: cursor, before: end) {
            cursor += 2
            pair = nil
        }
        let column = cursor - line.lowerBound
        if let open = pair, column < open.column { pair = nil }
        guard cursor < end else { return index + 1 }
        // The name, quoted or not.
        var nameRange: Range<Int>
        if bytes[cursor] == UInt8(ascii: "\"") || bytes[cursor] == UInt8(ascii: "'") {
            let quote = bytes[cursor]
            guard let close = bytes[(cursor + 1)..<end].firstIndex(of: quote) else { return index + 1 }
            nameRange = (cursor + 1)..<close
            cursor = close + 1
        } else {
            let nameStart = cursor
            while cursor < end, ScrubEngine.isNameCharacter(bytes[cursor]) || bytes[cursor] == UInt8(ascii: "/") {
                cursor += 1
            }
            nameRange = nameStart..<cursor
        }
        guard !nameRange.isEmpty else { return index + 1 }
        while cursor < end, ShapeBytes.isBlank(bytes[cursor]) { cursor += 1 }
        if spaced, cursor < end, cursor > nameRange.upperBound {
            // The blanks were the separator: step back onto the last of them.
            cursor -= 1
        } else if !(cursor < end && (bytes[cursor] == UInt8(ascii: "=") || bytes[cursor] == UInt8(ascii: ":"))) {
            return index + 1
        }
        // `name: value` takes a space after the colon (else `https://…` would be a name).
        if !spaced, bytes[cursor] == UInt8(ascii: ":"), cursor + 1 < end, bytes[cursor + 1] != 0x20,
            bytes[cursor + 1] != 0x09, nameRange.upperBound == cursor
        {
            return index + 1
        }
        cursor += 1
        while cursor < end, ShapeBytes.isBlank(bytes[cursor]) { cursor += 1 }
        var name = ScrubBytes.string(bytes, nameRange)
        var nameTraits = traits(name, in: .jsonKey)
        if let open = pair, column == open.column, SecretNames.pairValueKeys.contains(name.lowercased()) {
            name = open.name
            nameTraits = traits(open.name, in: .jsonKey)
            pair = nil
        } else if SecretNames.pairNameKeys.contains(name.lowercased()),
            let value = ScrubEngine.lineValue(bytes, cursor..<end)
        {
            let named = ScrubBytes.string(bytes, value.range)
            if isSecretName(named, in: .jsonKey) { pair = (named, column) }
        }
        if let structure = ScrubHeaderStructure.of(name), cursor < end,
            let spans = structuredSpans(structure, bytes, cursor..<end, name: name)
        {
            found.spans += spans
            return index + 1
        }
        let isSecret = nameTraits.contains(.secret)
        // A YAML block: the more indented lines that follow.
        let value = ScrubBytes.string(bytes, cursor..<end)
        // `PUSHER_APP_KEY=8cd5…` beside `PUSHER_APP_SECRET=…`: the key names the app; its secret is
        // the secret.
        if isSecret, ScrubEngine.isKeyBesideItsSecret(name, value: cursor..<end, in: bytes, names: &names) {
            return index + 1
        }
        if isSecret, ["|", "|-", "|+", ">", ">-", ">+"].contains(value) {
            var last = index
            while last + 1 < lines.count {
                let next = lines[last + 1]
                let nextIndent = bytes[next].prefix(while: ShapeBytes.isBlank).count
                guard nextIndent > indent || nextIndent == next.count else { break }
                last += 1
            }
            while last > index, lines[last].isEmpty || bytes[lines[last]].allSatisfy(ShapeBytes.isSpace) { last -= 1 }
            guard last > index else { return index + 1 }
            var blockStart = lines[index + 1].lowerBound
            while ShapeBytes.isBlank(bytes[blockStart]) { blockStart += 1 }
            let block = blockStart..<lines[last].upperBound
            found.spans.append(
                Span(
                    range: block, secret: ScrubBytes.string(bytes, block), rule: rules.spec(.secretField),
                    summary: "value of \"\(name)\""))
            return last + 1
        }
        guard let valueRange = ScrubEngine.lineValue(bytes, cursor..<end) else { return index + 1 }
        let raw = ScrubBytes.string(bytes, valueRange.range)
        // `SLACK_HOOK_KEY=<random>`: a variable's last word `KEY` names a secret when its value is
        // random (`CACHE_KEY=users`, `SORT_KEY=created_at` stay).
        // A bare `key = <random>` of a settings file (an rclone remote's B2 application key) is one
        // when the value mixes both cases with digits, as keys do and names of things do not.
        if isSecret || ScrubEngine.looksRandom(raw) && ScrubEngine.namesKey(name)
            || name.lowercased() == "key" && raw.utf8.count >= 20 && ScrubEngine.looksRandom(raw)
                && raw.utf8.contains(where: ShapeBytes.isUpper) && raw.utf8.contains(where: ShapeBytes.isLower)
        {
            let secret = valueRange.quote == UInt8(ascii: "\"") ? ScrubEngine.unescapeJSON(raw) ?? raw : raw
            // A translation file's message under a secret's name is about it (`forgot_password:
            // "Forgot your password?"` of `/locales/<id>/download?file_format=yml`).
            if walksTranslations, ScrubEchoPolicy.isNaturalLanguage(secret) { return index + 1 }
            guard
                valueRange.quote != nil
                    || !(ScrubEchoPolicy.isProse(secret) || ScrubEchoPolicy.isReference(secret, dottedPaths: true))
            else { return index + 1 }
            // `token: "kubeconfig-user-x7k2:…"`: the key id names the key; the secret is after it.
            let range = secret == raw ? ScrubEngine.afterKeyID(bytes, valueRange.range) : valueRange.range
            found.spans.append(
                Span(
                    range: range, secret: secret == raw ? ScrubBytes.string(bytes, range) : secret,
                    observed: secret == raw ? nil : raw, rule: rules.spec(.secretField), summary: "value of \"\(name)\""
                ))
        } else if raw.utf8.count >= 16 || raw.first == "{" || raw.first == "[" {
            found.nested.append(
                Nested(
                    range: valueRange.range, encoding: .identity, kind: .text(nil), place: "in the value of \"\(name)\""
                ))
        }
        return index + 1
    }

    /// A variable's name of two words or more whose last is `key` (`SLACK_HOOK_KEY`, `signingKey`).
    static func namesKey(_ name: String) -> Bool {
        let words = ScrubNameMatcher.words(name)
        return words.count >= 2 && words.last == "key"
    }

    /// The value a command sets under a secret's name, `set <name> <value>`: `aws configure set
    /// aws_secret_access_key …` in a CI job's trace, Redis's `CONFIG SET requirepass …`.
    func setCommandSpans(_ bytes: [UInt8], _ range: Range<Int>) -> [Span] {
        // Most lines set nothing: one pass over the bytes for ` set ` first, in any case.
        guard range.count > 8,
            (range.lowerBound..<(range.upperBound - 4)).contains(where: {
                bytes[$0] == 0x20 && bytes[$0 + 4] == 0x20 && bytes[$0 + 1] | 0x20 == UInt8(ascii: "s")
                    && bytes[$0 + 2] | 0x20 == UInt8(ascii: "e") && bytes[$0 + 3] | 0x20 == UInt8(ascii: "t")
            })
        else { return [] }
        let words = ScrubEngine.blankSeparatedWords(bytes, range)
        var spans: [Span] = []
        for position in words.indices.dropLast(2)
        where ScrubBytes.string(bytes, words[position]).lowercased() == "set" {
            let name = ScrubBytes.string(bytes, words[position + 1])
            let value = ScrubEngine.unquoted(words[position + 2], in: bytes)
            let secret = ScrubBytes.string(bytes, value)
            guard isSecretName(name, in: .jsonKey), ScrubEchoPolicy.looksLikeSecret(secret),
                !ScrubBytes.contains(secret, "SCRUBBED"), !ScrubEngine.isNeverSecret(secret, inherited: false)
            else { continue }
            spans.append(
                Span(range: value, secret: secret, rule: rules.spec(.secretField), summary: "value set as \"\(name)\""))
        }
        return spans
    }

    /// The password of a mail or file protocol's login command in a pasted session log: IMAP's
    /// `a001 LOGIN user password` (a tag, the command, the user, the password: nothing else on the
    /// line) and POP3's or FTP's `PASS password`. Commands are written in capitals, as clients send
    /// them; the value must look like a secret, so a test runner's `PASS src/app.test.js` stays.
    func loginCommandSpans(_ bytes: [UInt8], _ range: Range<Int>) -> [Span] {
        guard range.count >= 10, bytes[range.lowerBound] != 0x20, rules.isEnabled(.secretField),
            ScrubBytes.firstIndex(
                of: ScrubEngine.loginVerb, in: bytes, from: range.lowerBound, before: range.upperBound)
                != nil
                || ScrubBytes.matches(ScrubEngine.passVerb, in: bytes, at: range.lowerBound, before: range.upperBound)
        else { return [] }
        let words = ScrubEngine.blankSeparatedWords(bytes, range)
        let value: Range<Int>
        if words.count == 4, ScrubBytes.string(bytes, words[1]) == "LOGIN",
            bytes[words[0]].allSatisfy(ShapeBytes.isAlphanumeric), words[0].count <= 12
        {
            value = ScrubEngine.unquoted(words[3], in: bytes)
        } else if words.count == 2, ScrubBytes.string(bytes, words[0]) == "PASS" {
            value = words[1]
        } else {
            return []
        }
        let secret = ScrubBytes.string(bytes, value)
        guard ScrubEngine.isQuotedSecret(secret), !secret.contains("/") else { return [] }
        return [
            Span(range: value, secret: secret, rule: rules.spec(.secretField), summary: "password of a login command")
        ]
    }

    private static let loginVerb = Array(" LOGIN ".utf8)
    private static let passVerb = Array("PASS ".utf8)

    /// A word of a command line without the quotes around it (`'…'`, `"…"`): they are not part of
    /// its value.
    static func unquoted(_ word: Range<Int>, in bytes: [UInt8]) -> Range<Int> {
        guard word.count >= 2, bytes[word.lowerBound] == UInt8(ascii: "'") || bytes[word.lowerBound] == 0x22,
            bytes[word.upperBound - 1] == bytes[word.lowerBound]
        else { return word }
        return (word.lowerBound + 1)..<(word.upperBound - 1)
    }

    /// The values of a command line's flags named like secrets: `--password x`, `--token=x`,
    /// `--api-key x`, and `-p x` or `-p'x'` of a `login` command or of one that names a user with
    /// `-u` (`mysql -u root -p'…'`; elsewhere `-p` is a port or a path).
    func commandFlagSpans(_ bytes: [UInt8], _ range: Range<Int>) -> [Span] {
        // Most lines hold no flag: one pass over the bytes for ` -` first.
        guard range.count > 4,
            (range.lowerBound..<(range.upperBound - 1)).contains(where: {
                bytes[$0] == 0x20 && bytes[$0 + 1] == UInt8(ascii: "-")
            })
        else { return [] }
        let words = ScrubEngine.blankSeparatedWords(bytes, range)
        var spans: [Span] = []
        var login = words.contains { word in
            let text = ScrubBytes.string(bytes, word)
            return text == "-u" || text == "--user" || text == "--username" || text.hasPrefix("--user=")
                || text.hasPrefix("--username=")
        }
        var position = 0
        while position < words.count {
            let word = words[position]
            defer { position += 1 }
            let text = ScrubBytes.string(bytes, word)
            if text == "login" || text == "auth" { login = true }
            var value: Range<Int>?
            var flag = ""
            if text.hasPrefix("--"), text.utf8.count > 3 {
                let body = text.dropFirst(2)
                if let equals = body.firstIndex(of: "=") {
                    flag = String(body[..<equals])
                    let offset = 2 + body.utf8.distance(from: body.startIndex, to: equals) + 1
                    if word.lowerBound + offset < word.upperBound {
                        value = (word.lowerBound + offset)..<word.upperBound
                    }
                } else {
                    flag = String(body)
                    if position + 1 < words.count { value = words[position + 1] }
                }
                guard isSecretName(flag, in: .query) else { continue }
            } else if text == "-p", login, position + 1 < words.count {
                flag = "p"
                value = words[position + 1]
            } else if text.hasPrefix("-p"), !text.hasPrefix("-p="), text.utf8.count > 2, login {
                flag = "p"
                value = (word.lowerBound + 2)..<word.upperBound
            } else {
                continue
            }
            guard let value else { continue }
            let found = ScrubEngine.unquoted(value, in: bytes)
            let secret = ScrubBytes.string(bytes, found)
            guard !secret.isEmpty, !secret.hasPrefix("-"), !secret.hasPrefix("$"),
                !ScrubEngine.isNeverSecret(secret, inherited: false)
            else { continue }
            spans.append(
                Span(
                    range: found, secret: secret, rule: rules.spec(.secretField),
                    summary: "value of the command-line flag \"\(flag == "p" ? "-p" : "--" + flag)\""))
        }
        return spans
    }

    /// The words of a line: runs between spaces and tabs.
    static func blankSeparatedWords(_ bytes: [UInt8], _ range: Range<Int>) -> [Range<Int>] {
        var words: [Range<Int>] = []
        var start = range.lowerBound
        while start < range.upperBound {
            while start < range.upperBound, ShapeBytes.isBlank(bytes[start]) { start += 1 }
            var end = start
            while end < range.upperBound, !ShapeBytes.isBlank(bytes[end]) { end += 1 }
            if end > start { words.append(start..<end) }
            start = end
        }
        return words
    }

    /// The `password` (and `account`) of a `.netrc` line: `machine host login name password secret`.
    private func netrcSpans(_ bytes: [UInt8], _ range: Range<Int>) -> [Span] {
        let words = ScrubEngine.blankSeparatedWords(bytes, range)
        var spans: [Span] = []
        for (position, word) in words.enumerated().dropLast() {
            let keyword = ScrubBytes.string(bytes, word)
            guard keyword == "password" || keyword == "passwd" || keyword == "account" else { continue }
            let value = words[position + 1]
            spans.append(
                Span(
                    range: value, secret: ScrubBytes.string(bytes, value), rule: rules.spec(.secretField),
                    summary: "value of .netrc \(keyword)"))
        }
        return spans
    }

    /// The value of a `name: value` line: inside its quotes, or up to a ` #` comment and a trailing
    /// `,` or `;`.
    private static func lineValue(_ bytes: [UInt8], _ range: Range<Int>) -> (range: Range<Int>, quote: UInt8?)? {
        guard !range.isEmpty else { return nil }
        let first = bytes[range.lowerBound]
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
            var end = range.upperBound
            while end > range.lowerBound + 1, ScrubEngine.valueEndPunctuation.contains(bytes[end - 1]) { end -= 1 }
            guard end - range.lowerBound >= 2, bytes[end - 1] == first else { return nil }
            return ((range.lowerBound + 1)..<(end - 1), first)
        }
        var end = range.upperBound
        if let comment = ScrubBytes.firstIndex(of: LineKeyword.comment, in: bytes, from: range.lowerBound, before: end)
        {
            end = comment
        }
        while end > range.lowerBound, ScrubEngine.valueEndPunctuationAndSpace.contains(bytes[end - 1]) { end -= 1 }
        return end > range.lowerBound ? (range.lowerBound..<end, nil) : nil
    }

    /// Letters, digits and `_ . - $` make a name.
    @inline(__always) static func isNameCharacter(_ byte: UInt8) -> Bool {
        ShapeBytes.isAlphanumeric(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "$")
    }
}

/// The words the line reader looks for at the start of a line, as bytes, made once.
private enum LineKeyword {
    static let data = Array("data:".utf8)
    static let machine = Array("machine ".utf8)
    static let `default` = Array("default ".utf8)
    static let netrcPasswords = [Array("password ".utf8), Array("passwd ".utf8)]
    static let export = Array("export ".utf8)
    static let setenv = Array("setenv ".utf8)
    static let listItem = Array("- ".utf8)
    static let comment = Array(" #".utf8)
}
