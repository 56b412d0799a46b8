import Foundation

extension ScrubEngine {
    /// The text of XML elements named like secrets (`<SecretAccessKey>…</SecretAccessKey>`,
    /// `<ns:Password>`), the `<Value>` of an element named like one (`<UserDelegationKey>…
    /// <Value>…</Value></UserDelegationKey>`), and the `value` or `content` of tags whose `name`, `key`, `id` or `property`
    /// is a secret's (`<meta name="csrf-token" content=…>`, `<input name="authenticity_token"
    /// value=…>`, `<add key="ApiKey" value=…/>`) or that are password inputs.
    func tagStructure(_ bytes: [UInt8]) -> Found {
        var found = Found()
        guard bytes.contains(UInt8(ascii: "<")) else { return found }
        var index = 0
        // The elements open around the cursor, innermost last, and whether each is named like a secret.
        var enclosing: [(name: Range<Int>, secret: Bool)] = []
        while let open = bytes[index...].firstIndex(of: UInt8(ascii: "<")) {
            index = open + 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "/") {
                ScrubEngine.closeElement(bytes, at: index + 1, &enclosing)
                continue
            }
            guard index < bytes.count, ShapeBytes.isLetter(bytes[index]) || bytes[index] == UInt8(ascii: "_") else {
                continue
            }
            var nameEnd = index
            while nameEnd < bytes.count,
                ScrubEngine.isNameCharacter(bytes[nameEnd]) || bytes[nameEnd] == UInt8(ascii: ":")
            {
                nameEnd += 1
            }
            guard let close = ScrubEngine.tagEnd(bytes, from: nameEnd) else { continue }
            index = close + 1
            let qualified = ScrubBytes.string(bytes, open + 1..<nameEnd)
            let local = qualified.split(separator: ":").last.map(String.init) ?? qualified
            let attributes = ScrubEngine.attributes(bytes, nameEnd..<close)
            found.spans += attributeSpans(bytes, attributes, tag: local)
            // JSON escaped into an attribute (`data-props="{&quot;apiToken&quot;:…}"`): opened.
            for attribute in attributes where ScrubEngine.holdsEscapedJSON(bytes, attribute.value) {
                found.nested.append(
                    Nested(
                        range: attribute.value, encoding: .html, kind: .text(nil),
                        place: "in the HTML-decoded attribute \(attribute.name)"))
            }
            guard bytes[close - 1] != UInt8(ascii: "/") else { continue }
            let isSecret = isSecretName(local, in: .jsonKey)
            let parent = enclosing.last
            let isParentsValue = parent?.secret == true && SecretNames.pairValueKeys.contains(local.lowercased())
            guard isSecret || isParentsValue, let text = ScrubEngine.elementText(bytes, after: close, name: qualified)
            else {
                // An element of elements: its `<Value>` holds the secret when it is named like one, or
                // like a key (`<UserDelegationKey>`; a `<Key>` of text is an S3 object's name).
                let holdsSecret = isSecret || SecretNames.namesKeyHolder(local)
                if enclosing.count < 256 { enclosing.append((open + 1..<nameEnd, holdsSecret)) }
                continue
            }
            var summary = "value of XML element \"\(local)\""
            if !isSecret, let parent { summary += " in \"\(ScrubBytes.string(bytes, parent.name))\"" }
            let raw = ScrubBytes.string(bytes, text)
            let secret = ScrubTextCodecs.htmlDecoded(raw)
            found.spans.append(
                Span(
                    range: text, secret: secret, observed: secret == raw ? nil : raw, rule: rules.spec(.secretField),
                    summary: summary))
            index = text.upperBound
        }
        return found
    }

    private func attributeSpans(_ bytes: [UInt8], _ attributes: [(name: String, value: Range<Int>)], tag: String)
        -> [Span]
    {
        func value(_ names: Set<String>) -> (name: String, value: Range<Int>)? {
            attributes.first { names.contains($0.name) }
        }
        var secretName: String?
        if let named = value(["name", "key", "id", "property", "field"]) {
            let candidate = ScrubTextCodecs.htmlDecoded(ScrubBytes.string(bytes, named.value))
            if isSecretName(candidate, in: .formField) { secretName = candidate }
        }
        if secretName == nil, tag.lowercased() == "input",
            let type = value(["type"]), ScrubBytes.string(bytes, type.value).lowercased() == "password"
        {
            secretName = "password input"
        }
        guard let secretName, let holder = value(["value", "content"]), !holder.value.isEmpty else { return [] }
        let raw = ScrubBytes.string(bytes, holder.value)
        let secret = ScrubTextCodecs.htmlDecoded(raw)
        return [
            Span(
                range: holder.value, secret: secret, observed: secret == raw ? nil : raw,
                rule: rules.spec(.secretField),
                summary: "\(holder.name) of <\(tag)> \"\(secretName)\"")
        ]
    }

    /// Whether an attribute's value is JSON written with character references: `{` or `[` first
    /// and `&quot;` in it.
    static func holdsEscapedJSON(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
        guard range.count >= 8,
            bytes[range.lowerBound] == UInt8(ascii: "{") || bytes[range.lowerBound] == UInt8(ascii: "[")
        else { return false }
        return ScrubBytes.firstIndex(
            of: Array("&quot;".utf8), in: bytes, from: range.lowerBound, before: range.upperBound)
            != nil
    }

    /// The `>` that ends the tag whose attributes start at `start`, skipping quoted values; `nil`
    /// when another `<` comes first.
    private static func tagEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        var quote: UInt8?
        while index < bytes.count {
            let byte = bytes[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                return index
            } else if byte == UInt8(ascii: "<") {
                return nil
            }
            if byte == 0x0A, quote != nil { quote = nil }
            index += 1
        }
        return nil
    }

    /// The attributes of a tag, with the ranges of their (unquoted) values, names lower-cased.
    private static func attributes(_ bytes: [UInt8], _ range: Range<Int>) -> [(name: String, value: Range<Int>)] {
        var found: [(name: String, value: Range<Int>)] = []
        var index = range.lowerBound
        while index < range.upperBound {
            while index < range.upperBound, !isNameCharacter(bytes[index]) { index += 1 }
            let nameStart = index
            while index < range.upperBound, isNameCharacter(bytes[index]) || bytes[index] == UInt8(ascii: ":") {
                index += 1
            }
            guard index > nameStart else { break }
            let name = ScrubBytes.string(bytes, nameStart..<index).lowercased()
            var cursor = index
            while cursor < range.upperBound, ShapeBytes.isSpace(bytes[cursor]) { cursor += 1 }
            guard cursor < range.upperBound, bytes[cursor] == UInt8(ascii: "=") else { continue }
            cursor += 1
            while cursor < range.upperBound, ShapeBytes.isSpace(bytes[cursor]) { cursor += 1 }
            guard cursor < range.upperBound else { break }
            if bytes[cursor] == UInt8(ascii: "\"") || bytes[cursor] == UInt8(ascii: "'") {
                let quote = bytes[cursor]
                let valueEnd = bytes[(cursor + 1)..<range.upperBound].firstIndex(of: quote) ?? range.upperBound
                found.append((name, (cursor + 1)..<valueEnd))
                index = min(range.upperBound, valueEnd + 1)
            } else {
                var valueEnd = cursor
                while valueEnd < range.upperBound, !ShapeBytes.isSpace(bytes[valueEnd]),
                    bytes[valueEnd] != UInt8(ascii: "/")
                {
                    valueEnd += 1
                }
                found.append((name, cursor..<valueEnd))
                index = valueEnd
            }
        }
        return found
    }

    /// Closes the element whose end tag's name starts at `start` (`</name>`): it and every element
    /// opened inside it and left unclosed (HTML's `<br>`, `<input>`) leave `enclosing`. An end tag
    /// that closes nothing open is passed over.
    private static func closeElement(
        _ bytes: [UInt8], at start: Int, _ enclosing: inout [(name: Range<Int>, secret: Bool)]
    ) {
        guard !enclosing.isEmpty else { return }
        var end = start
        while end < bytes.count, isNameCharacter(bytes[end]) || bytes[end] == UInt8(ascii: ":") { end += 1 }
        let name = bytes[start..<end]
        guard !name.isEmpty, let match = enclosing.lastIndex(where: { bytes[$0.name].elementsEqual(name) }) else {
            return
        }
        enclosing.removeSubrange(match...)
    }

    /// The text of an element up to its closing tag (a CDATA section's contents), trimmed.
    private static func elementText(_ bytes: [UInt8], after close: Int, name: String) -> Range<Int>? {
        var start = close + 1
        let cdata = Array("<![CDATA[".utf8)
        var end: Int
        var after: Int
        if ScrubBytes.matches(cdata, in: bytes, at: start) {
            start += cdata.count
            guard let cdataEnd = ScrubBytes.firstIndex(of: Array("]]>".utf8), in: bytes, from: start) else {
                return nil
            }
            end = cdataEnd
            after = cdataEnd + 3
        } else {
            guard let next = bytes[start...].firstIndex(of: UInt8(ascii: "<")) else { return nil }
            end = next
            after = next
        }
        guard ScrubBytes.matches(Array("</\(name)".utf8), in: bytes, at: after) else { return nil }
        while start < end, ShapeBytes.isSpace(bytes[start]) { start += 1 }
        while end > start, ShapeBytes.isSpace(bytes[end - 1]) { end -= 1 }
        return start < end ? start..<end : nil
    }
}

extension ScrubEngine {
    /// Secrets in table layouts of HTML pages (debug pages, admin UIs): a cell whose whole text is
    /// a secret's name, then, past tags and blanks only, the cell that holds its value:
    /// `<td>DB_PASSWORD</td><td>…</td>`, `<dt>API_KEY</dt><dd>…</dd>`, `<div class="key">…</div>
    /// <div class="value"><code>…</code></div>`. The name must read as an identifier (`DB_PASSWORD`,
    /// `apiKey`, `secret-key`), not a word of prose (`Password` in a form's label), and the value
    /// must look like a secret.
    func cellStructure(_ bytes: [UInt8]) -> Found {
        var found = Found()
        guard bytes.contains(UInt8(ascii: "<")), ScrubBytes.contains(bytes, Array("</".utf8)) else { return found }
        var pendingName: String?
        var sawClosingTag = false
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "<") {
                if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") { sawClosingTag = true }
                guard let close = bytes[index...].firstIndex(of: UInt8(ascii: ">")) else { break }
                index = close + 1
                continue
            }
            let start = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "<") { index += 1 }
            var textStart = start
            var textEnd = index
            while textStart < textEnd, ShapeBytes.isSpace(bytes[textStart]) { textStart += 1 }
            while textEnd > textStart, ShapeBytes.isSpace(bytes[textEnd - 1]) { textEnd -= 1 }
            guard textStart < textEnd else { continue }
            let text = ScrubBytes.string(bytes, textStart..<textEnd)
            if let name = pendingName, sawClosingTag, textEnd - textStart <= 4096,
                ScrubEchoPolicy.looksLikeSecret(text),
                !ScrubEngine.isNeverSecret(text, inherited: false)
            {
                found.spans.append(
                    Span(
                        range: textStart..<textEnd, secret: ScrubTextCodecs.htmlDecoded(text),
                        observed: nil, rule: rules.spec(.secretField), summary: "value in the cell after \"\(name)\""))
                pendingName = nil
                continue
            }
            pendingName = nil
            sawClosingTag = false
            let name = ScrubEngine.referencedName(bytes[textStart..<textEnd])
            if ScrubEngine.isIdentifierName(name), !ScrubBytes.contains(text, "SCRUBBED"),
                isSecretName(ScrubBytes.string(bytes, name.startIndex..<name.endIndex), in: .jsonKey)
            {
                pendingName = text
            }
        }
        return found
    }

    /// The variable a cell names by reference: `DB_PASSWORD` of `$_SERVER['DB_PASSWORD']`,
    /// `$_ENV["APP_KEY"]`, `${API_TOKEN}`, `$API_TOKEN`, `env.API_TOKEN`; else the whole text.
    static func referencedName(_ text: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var inner = text
        if inner.first == UInt8(ascii: "$") { inner = inner.dropFirst() }
        if inner.first == UInt8(ascii: "{"), inner.last == UInt8(ascii: "}") { return inner.dropFirst().dropLast() }
        if let open = inner.firstIndex(of: UInt8(ascii: "[")), inner.last == UInt8(ascii: "]"), open > inner.startIndex
        {
            var key = inner[(open + 1)..<(inner.endIndex - 1)]
            if let quote = key.first, quote == 0x27 || quote == 0x22, key.count >= 2, key.last == quote {
                key = key.dropFirst().dropLast()
            }
            return key
        }
        for prefix in ["process.env.", "env."] where inner.starts(with: prefix.utf8) {
            return inner.dropFirst(prefix.utf8.count)
        }
        return text.first == UInt8(ascii: "$") ? inner : text
    }

    /// A name that reads as an identifier: 2 to 64 letters, digits, `_`, `-` and `.`, with a
    /// separator, a camel-case step or all in upper case.
    static func isIdentifierName(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard bytes.count >= 2, bytes.count <= 64, let first = bytes.first, ShapeBytes.isLetter(first) else {
            return false
        }
        var separator = false
        var camel = false
        var lower = false
        var previous: UInt8 = 0
        for byte in bytes {
            if byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") {
                separator = true
            } else if !ShapeBytes.isAlphanumeric(byte) {
                return false
            }
            if ShapeBytes.isLower(byte) { lower = true }
            if ShapeBytes.isUpper(byte), ShapeBytes.isLower(previous) { camel = true }
            previous = byte
        }
        return separator || camel || !lower
    }
}
