import Foundation

extension ScrubEngine {
    /// Secrets in a URL by its structure: the user info, and the values of query items (and of
    /// fragment items, where OAuth's implicit flow puts tokens) named like secrets.
    func urlSpans(_ bytes: [UInt8], _ range: Range<Int>) -> [Span] {
        var spans: [Span] = []
        var queryStart = range.lowerBound
        if let separator = ScrubBytes.firstIndex(
            of: Array("://".utf8), in: bytes, from: range.lowerBound, before: range.upperBound)
            ?? ScrubBytes.firstIndex(
                of: Array(":\\/\\/".utf8), in: bytes, from: range.lowerBound, before: range.upperBound)
        {
            let authorityStart = separator + (bytes[separator + 1] == UInt8(ascii: "\\") ? 5 : 3)
            var authorityEnd = authorityStart
            while authorityEnd < range.upperBound, !"/?#\\".utf8.contains(bytes[authorityEnd]) { authorityEnd += 1 }
            if rules.isEnabled(.userInfo),
                let at = (authorityStart..<authorityEnd).last(where: { bytes[$0] == UInt8(ascii: "@") }),
                at > authorityStart
            {
                let secret = ScrubBytes.string(bytes, authorityStart..<at)
                let password = secret.firstIndex(of: ":").map { secret[secret.index(after: $0)...] } ?? ""
                spans.append(
                    Span(
                        range: authorityStart..<at, secret: secret, rule: rules.spec(.userInfo),
                        summary: "URL user info",
                        parts: [ScrubBytes.percentDecoded(password, plusAsSpace: false)]))
            }
            queryStart = authorityEnd
        }
        guard rules.isEnabled(.secretQuery),
            let question = (queryStart..<range.upperBound).first(where: { "?#".utf8.contains(bytes[$0]) })
        else { return spans }
        spans += itemSpans(
            bytes, (question + 1)..<range.upperBound, context: .query, rule: rules.spec(.secretQuery),
            what: "query item")
        return spans
    }

    /// Secrets among `name=value` items separated by `&` (and `#`, which starts a fragment).
    func itemSpans(
        _ bytes: [UInt8], _ range: Range<Int>, context: ScrubNameMatcher.Context, rule: ScrubRuleSpec, what: String
    ) -> [Span] {
        var spans: [Span] = []
        var start = range.lowerBound
        while start < range.upperBound {
            var end = start
            while end < range.upperBound, bytes[end] != UInt8(ascii: "&"), bytes[end] != UInt8(ascii: "#") { end += 1 }
            if let equals = (start..<end).first(where: { bytes[$0] == UInt8(ascii: "=") }), equals + 1 < end {
                let name = ScrubBytes.percentDecoded(
                    Substring(ScrubBytes.string(bytes, start..<equals)), plusAsSpace: true)
                if isSecretName(name, in: context) {
                    let raw = ScrubBytes.string(bytes, (equals + 1)..<end)
                    let secret = ScrubBytes.percentDecoded(Substring(raw), plusAsSpace: true)
                    spans.append(
                        Span(
                            range: (equals + 1)..<end, secret: secret, observed: secret == raw ? nil : raw, rule: rule,
                            summary: "value of \(what) \"\(name)\""))
                }
            }
            start = end + 1
        }
        return spans
    }

    /// The credentials of an `Authorization` value: everything after the scheme, or the whole
    /// value when it has no scheme.
    func credentialSpans(_ text: String, header: String) -> [Span] {
        let bytes = Array(text.utf8)
        var start = 0
        if let space = bytes.firstIndex(where: { $0 == 0x20 || $0 == 0x09 }),
            space > 0, bytes[..<space].allSatisfy({ $0 == UInt8(ascii: "-") || ScrubBytes.isAlphanumeric($0) })
        {
            start = space
            while start < bytes.count, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        }
        guard start < bytes.count else { return [] }
        let credentials = ScrubBytes.string(bytes, start..<bytes.count)
        var parts: [String] = []
        // Basic credentials are base64 of `user:password`; the password alone may be echoed.
        if start > 0, ScrubBytes.string(bytes, 0..<start).lowercased().hasPrefix("basic"),
            let data = Data(base64Encoded: credentials), let decoded = String(data: data, encoding: .utf8),
            let colon = decoded.firstIndex(of: ":")
        {
            parts = [String(decoded[decoded.index(after: colon)...])]
        }
        return [
            Span(
                range: start..<bytes.count, secret: credentials, rule: rules.spec(.authorization),
                summary: "credentials of \(header) header", parts: parts)
        ]
    }

    /// Cookie values of a `Cookie` header (every pair) or a `Set-Cookie` header (the first pair of
    /// each cookie; the rest are attributes). `HTTPURLResponse` joins several `Set-Cookie` fields
    /// with `, `, so a comma followed by `name=` starts another cookie; the comma in an `Expires`
    /// date does not.
    func cookieSpans(_ text: String, allPairs: Bool) -> [Span] {
        let bytes = Array(text.utf8)
        var spans: [Span] = []
        for pair in cookiePairs(bytes, allPairs: allPairs) {
            var nameStart = pair.lowerBound
            while nameStart < pair.upperBound, bytes[nameStart] == 0x20 { nameStart += 1 }
            guard let equals = (nameStart..<pair.upperBound).first(where: { bytes[$0] == UInt8(ascii: "=") }) else {
                continue
            }
            var valueStart = equals + 1
            var valueEnd = pair.upperBound
            while valueEnd > valueStart, bytes[valueEnd - 1] == 0x20 { valueEnd -= 1 }
            if valueEnd - valueStart >= 2, bytes[valueStart] == UInt8(ascii: "\""),
                bytes[valueEnd - 1] == UInt8(ascii: "\"")
            {
                valueStart += 1
                valueEnd -= 1
            }
            guard valueStart < valueEnd else { continue }
            let name = ScrubBytes.string(bytes, nameStart..<equals)
            spans.append(
                Span(
                    range: valueStart..<valueEnd, secret: ScrubBytes.string(bytes, valueStart..<valueEnd),
                    rule: rules.spec(.cookie), summary: "value of cookie \"\(name)\""))
        }
        return spans
    }

    /// The `name=value` pairs of a cookie header: every `;`-separated one of a `Cookie` header; the
    /// first of each cookie of a `Set-Cookie` header.
    private func cookiePairs(_ bytes: [UInt8], allPairs: Bool) -> [Range<Int>] {
        var pairs: [Range<Int>] = []
        var start = 0
        var startsCookie = true
        while start <= bytes.count {
            var end = start
            var nextStartsCookie = false
            while end < bytes.count {
                if bytes[end] == UInt8(ascii: ";") { break }
                if !allPairs, bytes[end] == UInt8(ascii: ","), startsNewCookie(bytes, after: end) {
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
    private func startsNewCookie(_ bytes: [UInt8], after comma: Int) -> Bool {
        var index = comma + 1
        while index < bytes.count, bytes[index] == 0x20 { index += 1 }
        let nameStart = index
        while index < bytes.count,
            ![UInt8(ascii: "="), UInt8(ascii: ";"), UInt8(ascii: ","), 0x20].contains(bytes[index])
        {
            index += 1
        }
        return index > nameStart && index < bytes.count && bytes[index] == UInt8(ascii: "=")
    }

    /// Values of `"key": "value"` members named like secrets in JSON kept as text (JSON that
    /// re-encoding would change, so the cassette stores its exact bytes).
    func jsonTextSpans(_ text: String) -> [Span] {
        let bytes = Array(text.utf8)
        var spans: [Span] = []
        for match in ScrubRuleSet.jsonMember.matchGroups(in: text) {
            guard match.count == 3, let keyRange = match[1], let valueRange = match[2], !valueRange.isEmpty,
                let key = ScrubEngine.unescapeJSON(ScrubBytes.string(bytes, keyRange)),
                isSecretName(key, in: .jsonKey)
            else { continue }
            let raw = ScrubBytes.string(bytes, valueRange)
            guard let secret = ScrubEngine.unescapeJSON(raw) else { continue }
            spans.append(
                Span(
                    range: valueRange, secret: secret, observed: secret == raw ? nil : raw,
                    rule: rules.spec(.secretField), summary: "value of JSON key \"\(key)\""))
        }
        return spans
    }

    static func unescapeJSON(_ escaped: String) -> String? {
        guard escaped.contains("\\") else { return escaped }
        guard case .string(let text)? = try? JSONParser.parse(Data(("\"" + escaped + "\"").utf8)) else { return nil }
        return text
    }

    /// Contents of multipart parts whose field name is a secret's (parts with a file name are left).
    func multipartSpans(_ text: String, boundary: String) -> [Span] {
        let bytes = Array(text.utf8)
        let delimiter = Array(("--" + boundary).utf8)
        var spans: [Span] = []
        var position = ScrubBytes.firstIndex(of: delimiter, in: bytes, from: 0)
        while let start = position {
            let partStart = start + delimiter.count
            let next = ScrubBytes.firstIndex(of: delimiter, in: bytes, from: partStart)
            let partEnd = next ?? bytes.count
            defer { position = next }
            let separator =
                ScrubBytes.firstIndex(of: Array("\r\n\r\n".utf8), in: bytes, from: partStart, before: partEnd)
                .map { ($0, 4) }
                ?? ScrubBytes.firstIndex(of: Array("\n\n".utf8), in: bytes, from: partStart, before: partEnd).map {
                    ($0, 2)
                }
            guard let (headerEnd, separatorLength) = separator else { continue }
            let headers = ScrubBytes.string(bytes, partStart..<headerEnd)
            guard let name = ScrubEngine.dispositionName(headers), isSecretName(name, in: .formField) else {
                continue
            }
            var contentEnd = partEnd
            if contentEnd >= 2, bytes[contentEnd - 2] == 0x0D, bytes[contentEnd - 1] == 0x0A {
                contentEnd -= 2
            } else if contentEnd >= 1, bytes[contentEnd - 1] == 0x0A {
                contentEnd -= 1
            }
            let contentStart = headerEnd + separatorLength
            guard contentStart < contentEnd else { continue }
            spans.append(
                Span(
                    range: contentStart..<contentEnd, secret: ScrubBytes.string(bytes, contentStart..<contentEnd),
                    rule: rules.spec(.secretField), summary: "value of multipart field \"\(name)\""))
        }
        return spans
    }

    /// The `name` of a part's `Content-Disposition: form-data`, unless the part is a file.
    static func dispositionName(_ headers: String) -> String? {
        for line in headers.split(whereSeparator: \.isNewline)
        where line.lowercased().hasPrefix("content-disposition:") && !line.lowercased().contains("filename") {
            for parameter in line.split(separator: ";").dropFirst() {
                let parts = parameter.split(separator: "=", maxSplits: 1)
                guard parts.count == 2, parts[0].trimmingASCIIWhitespace().lowercased() == "name" else { continue }
                var value = parts[1].trimmingASCIIWhitespace()
                if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                    value = String(value.dropFirst().dropLast())
                }
                return value
            }
        }
        return nil
    }
}
