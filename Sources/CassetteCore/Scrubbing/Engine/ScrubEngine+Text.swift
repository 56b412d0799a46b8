import Foundation

extension ScrubEngine {
    /// The structure of a text, sniffed from its content (the media type is a hint only): multipart
    /// parts, a JSON document, base64 of text, a form; else its lines (`NAME=value`, `name: value`,
    /// server-sent `data:` lines, JSON lines), its XML and HTML tags, and `name: "value"` pairs.
    mutating func textStructure(_ bytes: [UInt8], _ text: String, hint: MediaType?, into found: inout Found) {
        if let boundary = ScrubEngine.multipartBoundary(bytes, hint: hint) {
            found.add(multipartStructure(bytes, boundary: boundary), avoiding: found.claimed)
            return
        }
        var start = 0
        var end = bytes.count
        while start < end, ShapeBytes.isSpace(bytes[start]) { start += 1 }
        while end > start, ShapeBytes.isSpace(bytes[end - 1]) { end -= 1 }
        guard start < end else { return }
        let claimed = found.claimed
        if bytes[start] == UInt8(ascii: "{") || bytes[start] == UInt8(ascii: "["),
            let (value, ranges) = JSONParser.locate(bytes, start..<end), !claimed.overlaps(start..<end)
        {
            found.nested.append(
                Nested(range: start..<end, encoding: .json(value, ranges: ranges), kind: .plain, place: ""))
            return
        }
        if end - start >= 16, !bytes[start..<end].contains(0x20),
            let (_, style) = ScrubTextCodecs.base64Text(ScrubBytes.string(bytes, start..<bytes.count)),
            !claimed.overlaps(start..<bytes.count)
        {
            found.nested.append(
                Nested(
                    range: start..<bytes.count, encoding: .base64(style), kind: .text(nil),
                    place: "in base64-decoded text"))
            return
        }
        if hint?.isFormURLEncoded == true || ScrubEngine.looksLikeForm(bytes, start..<end) {
            found.add(
                items(bytes, start..<end, context: .formField, rule: rules.spec(.secretField), what: "form field"),
                avoiding: claimed)
            return
        }
        // URLs first: a `token=` query item is the URL rule's.
        if ScrubEngine.mayHoldURL(bytes) { embeddedURLs(bytes, text, into: &found) }
        found.add(lineStructure(bytes), avoiding: found.claimed)
        found.add(tagStructure(bytes), avoiding: found.claimed)
        found.add(pairStructure(bytes), avoiding: found.claimed)
    }

    // MARK: Forms and multipart

    /// A form: no spaces, and every `&`-separated item a `name=value`.
    static func looksLikeForm(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
        guard bytes[range].contains(UInt8(ascii: "=")), bytes[range.lowerBound] != UInt8(ascii: "<") else {
            return false
        }
        var nameLength = 0
        var inName = true
        for byte in bytes[range] {
            if byte <= 0x20 || byte >= 0x7F { return false }
            if byte == UInt8(ascii: "&") {
                if inName { return false }
                inName = true
                nameLength = 0
            } else if inName {
                if byte == UInt8(ascii: "=") {
                    guard nameLength > 0 else { return false }
                    inName = false
                } else if ShapeBytes.isAlphanumeric(byte) || "_.-[]%+*~".utf8.contains(byte) {
                    nameLength += 1
                } else {
                    return false
                }
            }
        }
        return !inName
    }

    /// The boundary of a multipart body: from the media type, or from a first line `--boundary`
    /// followed by parts with `Content-Disposition`.
    static func multipartBoundary(_ bytes: [UInt8], hint: MediaType?) -> String? {
        if let hint, hint.isMultipart, let boundary = hint.parameter("boundary"), !boundary.isEmpty { return boundary }
        guard bytes.count > 4, bytes[0] == UInt8(ascii: "-"), bytes[1] == UInt8(ascii: "-") else { return nil }
        var end = 2
        while end < bytes.count, end < 200, bytes[end] != 0x0D, bytes[end] != 0x0A { end += 1 }
        guard end > 2, end < bytes.count,
            ScrubBytes.firstIndex(
                of: Array("Content-Disposition".utf8), in: bytes, from: end, before: min(bytes.count, end + 400))
                != nil
        else { return nil }
        return ScrubBytes.string(bytes, 2..<end)
    }

    /// One part of a multipart body.
    struct MultipartPart {
        var content: Range<Int>
        var name: String?
        var fileName: String?
        var contentType: MediaType?
    }

    /// The parts of a multipart body, as byte ranges of their contents.
    static func multipartParts(_ bytes: [UInt8], boundary: String) -> [MultipartPart] {
        let delimiter = Array(("--" + boundary).utf8)
        var parts: [MultipartPart] = []
        var position = ScrubBytes.firstIndex(of: delimiter, in: bytes, from: 0)
        while let start = position {
            let partStart = start + delimiter.count
            let next = ScrubBytes.firstIndex(of: delimiter, in: bytes, from: partStart)
            let partEnd = next ?? bytes.count
            position = next
            let separator =
                ScrubBytes.firstIndex(of: Array("\r\n\r\n".utf8), in: bytes, from: partStart, before: partEnd).map {
                    ($0, 4)
                }
                ?? ScrubBytes.firstIndex(of: Array("\n\n".utf8), in: bytes, from: partStart, before: partEnd).map {
                    ($0, 2)
                }
            guard let (headerEnd, separatorLength) = separator else { continue }
            var contentEnd = partEnd
            if contentEnd >= 2, bytes[contentEnd - 2] == 0x0D, bytes[contentEnd - 1] == 0x0A {
                contentEnd -= 2
            } else if contentEnd >= 1, bytes[contentEnd - 1] == 0x0A {
                contentEnd -= 1
            }
            let contentStart = headerEnd + separatorLength
            guard contentStart < contentEnd else { continue }
            let headers = String(decoding: bytes[partStart..<headerEnd], as: UTF8.self)
            var part = MultipartPart(content: contentStart..<contentEnd)
            for line in headers.split(whereSeparator: \.isNewline) {
                let lower = line.lowercased()
                if lower.hasPrefix("content-type:") {
                    part.contentType = MediaType(String(line.dropFirst("content-type:".count)))
                } else if lower.hasPrefix("content-disposition:") {
                    part.name = dispositionParameter("name", of: line)
                    part.fileName = dispositionParameter("filename", of: line)
                }
            }
            parts.append(part)
        }
        return parts
    }

    /// A parameter of a `Content-Disposition` line, unquoted.
    private static func dispositionParameter(_ wanted: String, of line: Substring) -> String? {
        for parameter in line.split(separator: ";").dropFirst() {
            let parts = parameter.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingASCIIWhitespace().lowercased() == wanted else { continue }
            var value = parts[1].trimmingASCIIWhitespace()
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                value = String(value.dropFirst().dropLast())
            }
            return value
        }
        return nil
    }

    /// Parts whose field name is a secret's are secrets; every other part (files too: an uploaded
    /// `.env` or YAML file) is a text of its own.
    private func multipartStructure(_ bytes: [UInt8], boundary: String) -> Found {
        var found = Found()
        for part in ScrubEngine.multipartParts(bytes, boundary: boundary) {
            let label = part.name ?? part.fileName ?? "?"
            if let name = part.name, part.fileName == nil, isSecretName(name, in: .formField) {
                found.spans.append(
                    Span(
                        range: part.content, secret: ScrubBytes.string(bytes, part.content),
                        rule: rules.spec(.secretField), summary: "value of multipart field \"\(name)\""))
            } else {
                found.nested.append(
                    Nested(
                        range: part.content, encoding: .identity, kind: .text(part.contentType),
                        place: "in multipart part \"\(label)\""))
            }
        }
        return found
    }

    // MARK: Lines

    /// Line by line: server-sent `data:` payloads and JSON lines are texts of their own; a line
    /// `NAME=value`, `export NAME="value"`, `name: value` or `- name: value` whose name is a secret's
    /// holds one (a YAML block `name: |` holds the indented lines that follow).
    private func lineStructure(_ bytes: [UInt8]) -> Found {
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
        while index < lines.count {
            index = line(bytes, lines, index, pair: &pair, into: &found)
        }
        return found
    }

    /// Reads line `index` (and a block that follows it) and returns the index of the next line.
    /// `pair` carries a YAML `name: DB_PASSWORD` to the `value:` that follows it in the same mapping.
    private func line(
        _ bytes: [UInt8], _ lines: [Range<Int>], _ index: Int, pair: inout (name: String, column: Int)?,
        into found: inout Found
    ) -> Int {
        let line = lines[index]
        var cursor = line.lowerBound
        while cursor < line.upperBound, bytes[cursor] == 0x20 || bytes[cursor] == 0x09 { cursor += 1 }
        let indent = cursor - line.lowerBound
        var end = line.upperBound
        while end > cursor, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        guard cursor < end else { return index + 1 }
        if ScrubBytes.matches(Array("data:".utf8), in: bytes, at: cursor) {
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
        if ScrubBytes.matches(Array("machine ".utf8), in: bytes, at: cursor)
            || ScrubBytes.matches(Array("default ".utf8), in: bytes, at: cursor)
        {
            found.spans += netrcSpans(bytes, cursor..<end)
            return index + 1
        }
        // A `.netrc` entry over several lines: `password secret` alone on its line.
        for keyword in ["password ", "passwd "] where ScrubBytes.matches(Array(keyword.utf8), in: bytes, at: cursor) {
            let rest = bytes[(cursor + keyword.utf8.count)..<end]
            if !rest.isEmpty, !rest.contains(0x20), !rest.contains(0x09), !rest.contains(UInt8(ascii: "=")),
                !rest.contains(UInt8(ascii: ":"))
            {
                found.spans += netrcSpans(bytes, cursor..<end)
                return index + 1
            }
        }
        if ScrubBytes.matches(Array("export ".utf8), in: bytes, at: cursor) { cursor += 7 }
        if ScrubBytes.matches(Array("- ".utf8), in: bytes, at: cursor) {
            cursor += 2
            pair = nil
        }
        let column = cursor - line.lowerBound
        if let open = pair, column < open.column { pair = nil }
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
        while cursor < end, bytes[cursor] == 0x20 || bytes[cursor] == 0x09 { cursor += 1 }
        guard cursor < end, bytes[cursor] == UInt8(ascii: "=") || bytes[cursor] == UInt8(ascii: ":") else {
            return index + 1
        }
        // `name: value` takes a space after the colon (else `https://…` would be a name).
        if bytes[cursor] == UInt8(ascii: ":"), cursor + 1 < end, bytes[cursor + 1] != 0x20, bytes[cursor + 1] != 0x09,
            nameRange.upperBound == cursor
        {
            return index + 1
        }
        cursor += 1
        while cursor < end, bytes[cursor] == 0x20 || bytes[cursor] == 0x09 { cursor += 1 }
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
        if isSecret, ["|", "|-", "|+", ">", ">-", ">+"].contains(value) {
            var last = index
            while last + 1 < lines.count {
                let next = lines[last + 1]
                let nextIndent = bytes[next].prefix { $0 == 0x20 || $0 == 0x09 }.count
                guard nextIndent > indent || nextIndent == next.count else { break }
                last += 1
            }
            while last > index, lines[last].isEmpty || bytes[lines[last]].allSatisfy(ShapeBytes.isSpace) { last -= 1 }
            guard last > index else { return index + 1 }
            var blockStart = lines[index + 1].lowerBound
            while bytes[blockStart] == 0x20 || bytes[blockStart] == 0x09 { blockStart += 1 }
            let block = blockStart..<lines[last].upperBound
            found.spans.append(
                Span(
                    range: block, secret: ScrubBytes.string(bytes, block), rule: rules.spec(.secretField),
                    summary: "value of \"\(name)\""))
            return last + 1
        }
        guard let valueRange = ScrubEngine.lineValue(bytes, cursor..<end) else { return index + 1 }
        let raw = ScrubBytes.string(bytes, valueRange.range)
        if isSecret {
            let secret = valueRange.quote == UInt8(ascii: "\"") ? ScrubEngine.unescapeJSON(raw) ?? raw : raw
            guard
                valueRange.quote != nil
                    || !(ScrubEchoPolicy.isProse(secret) || ScrubEchoPolicy.isReference(secret, dottedPaths: true))
            else { return index + 1 }
            found.spans.append(
                Span(
                    range: valueRange.range, secret: secret, observed: secret == raw ? nil : raw,
                    rule: rules.spec(.secretField), summary: "value of \"\(name)\""))
        } else if raw.utf8.count >= 16 || raw.first == "{" || raw.first == "[" {
            found.nested.append(
                Nested(
                    range: valueRange.range, encoding: .identity, kind: .text(nil), place: "in the value of \"\(name)\""
                ))
        }
        return index + 1
    }

    /// The `password` (and `account`) of a `.netrc` line: `machine host login name password secret`.
    private func netrcSpans(_ bytes: [UInt8], _ range: Range<Int>) -> [Span] {
        var words: [Range<Int>] = []
        var start = range.lowerBound
        while start < range.upperBound {
            while start < range.upperBound, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
            var end = start
            while end < range.upperBound, bytes[end] != 0x20 && bytes[end] != 0x09 { end += 1 }
            if end > start { words.append(start..<end) }
            start = end
        }
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
            while end > range.lowerBound + 1, ",;".utf8.contains(bytes[end - 1]) { end -= 1 }
            guard end - range.lowerBound >= 2, bytes[end - 1] == first else { return nil }
            return ((range.lowerBound + 1)..<(end - 1), first)
        }
        var end = range.upperBound
        if let comment = ScrubBytes.firstIndex(of: Array(" #".utf8), in: bytes, from: range.lowerBound, before: end) {
            end = comment
        }
        while end > range.lowerBound, ",; \t".utf8.contains(bytes[end - 1]) { end -= 1 }
        return end > range.lowerBound ? (range.lowerBound..<end, nil) : nil
    }

    /// Letters, digits and `_ . - $` make a name.
    @inline(__always) static func isNameCharacter(_ byte: UInt8) -> Bool {
        ShapeBytes.isAlphanumeric(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "$")
    }

    // MARK: XML and HTML

    /// The text of XML elements named like secrets (`<SecretAccessKey>…</SecretAccessKey>`,
    /// `<ns:Password>`), and the `value` or `content` of tags whose `name`, `key`, `id` or `property`
    /// is a secret's (`<meta name="csrf-token" content=…>`, `<input name="authenticity_token"
    /// value=…>`, `<add key="ApiKey" value=…/>`) or that are password inputs.
    private func tagStructure(_ bytes: [UInt8]) -> Found {
        var found = Found()
        guard bytes.contains(UInt8(ascii: "<")) else { return found }
        var index = 0
        while let open = bytes[index...].firstIndex(of: UInt8(ascii: "<")) {
            index = open + 1
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
            guard bytes[close - 1] != UInt8(ascii: "/"), isSecretName(local, in: .jsonKey),
                let text = ScrubEngine.elementText(bytes, after: close, name: qualified)
            else { continue }
            let raw = ScrubBytes.string(bytes, text)
            let secret = ScrubTextCodecs.htmlDecoded(raw)
            found.spans.append(
                Span(
                    range: text, secret: secret, observed: secret == raw ? nil : raw, rule: rules.spec(.secretField),
                    summary: "value of XML element \"\(local)\""))
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

    // MARK: Pairs

    /// `name: "value"`, `"name": "value"`, `name='value'`, `name => "value"` anywhere in a text
    /// (JavaScript config, GraphQL arguments, JSON that is not whole, attributes), and `name=value`
    /// unquoted where the value looks like a secret or stands in a `;` or `&` list (connection
    /// strings: `AccountKey=…;`, `Password=…;`).
    private func pairStructure(_ bytes: [UInt8]) -> Found {
        var found = Found()
        var unterminated: [UInt8: Int] = [:]
        var index = 0
        while index < bytes.count {
            let separator = bytes[index]
            guard separator == UInt8(ascii: ":") || separator == UInt8(ascii: "="),
                let (name, nameStart) = ScrubEngine.pairName(bytes, before: index)
            else {
                index += 1
                continue
            }
            var cursor = index + 1
            if separator == UInt8(ascii: ":"), cursor < bytes.count, bytes[cursor] == UInt8(ascii: "/") {
                index += 1
                continue
            }
            if separator == UInt8(ascii: "="), cursor < bytes.count {
                if bytes[cursor] == UInt8(ascii: "=") {
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
            while cursor < bytes.count, bytes[cursor] == 0x20 || bytes[cursor] == 0x09 { cursor += 1 }
            guard cursor < bytes.count else { break }
            let quote = bytes[cursor]
            var valueRange: Range<Int>
            var quoted = false
            if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") || quote == UInt8(ascii: "`") {
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
                let stops = structure == .credentials ? "\n\r\"'<" : " \t\n\r;&,\"'<>)]}"
                while end < bytes.count, !stops.utf8.contains(bytes[end]) { end += 1 }
                valueRange = cursor..<end
            }
            index = max(index + 1, valueRange.upperBound)
            guard !valueRange.isEmpty else { continue }
            if let structure, let spans = structuredSpans(structure, bytes, valueRange, name: name) {
                found.spans += spans
                continue
            }
            let raw = ScrubBytes.string(bytes, valueRange)
            var secret = raw
            if quoted {
                if quote == UInt8(ascii: "\""), let unescaped = ScrubEngine.unescapeJSON(raw) { secret = unescaped }
                if ScrubTextCodecs.hasEntity(secret) { secret = ScrubTextCodecs.htmlDecoded(secret) }
            } else {
                let before = nameStart > 0 ? bytes[nameStart - 1] : 0
                let after = valueRange.upperBound < bytes.count ? bytes[valueRange.upperBound] : 0
                let inList = ";&?".utf8.contains(before) || ";&".utf8.contains(after)
                guard inList || ScrubEchoPolicy.looksLikeSecret(raw),
                    !ScrubEchoPolicy.isReference(raw, dottedPaths: true)
                else { continue }
            }
            found.spans.append(
                Span(
                    range: valueRange, secret: secret, observed: secret == raw ? nil : raw,
                    rule: rules.spec(.secretField), summary: "value of \"\(name)\""))
        }
        return found
    }

    /// The name before a `:` or `=`: quoted (`"name"`, `'name'`) or a run of name characters, up to
    /// 64 bytes, with spaces allowed before the separator.
    private static func pairName(_ bytes: [UInt8], before separator: Int) -> (String, Int)? {
        var end = separator
        while end > 0, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        guard end > 0 else { return nil }
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
}
