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
        let scheme = ScrubBytes.string(bytes, schemeStart..<start).trimmingCharacters(in: .whitespaces).lowercased()
        var parts: [String] = []
        if scheme == "basic", let data = Data(base64Encoded: credentials),
            let decoded = String(data: data, encoding: .utf8), let colon = decoded.firstIndex(of: ":")
        {
            parts = [String(decoded[decoded.index(after: colon)...])]
        } else if credentials.contains("=") {
            parts = ScrubEngine.parameterValues(credentials).filter(ScrubEchoPolicy.looksLikeSecret)
        }
        return [
            Span(
                range: start..<end, secret: credentials, rule: rules.spec(.authorization),
                summary: "credentials of \(header)", parts: parts)
        ]
    }

    /// The values of `name=value, name="value"` parameters.
    static func parameterValues(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == "," || $0 == " " }).compactMap { item in
            guard let equals = item.firstIndex(of: "=") else { return nil }
            var value = item[item.index(after: equals)...]
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = value.dropFirst().dropLast() }
            return value.isEmpty ? nil : String(value)
        }
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
            spans.append(
                Span(
                    range: valueStart..<valueEnd, secret: ScrubBytes.string(bytes, valueStart..<valueEnd),
                    rule: rules.spec(.cookie),
                    summary: name.map { "value of cookie \"\($0)\"" } ?? "value of a cookie without a name"))
        }
        return spans
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
