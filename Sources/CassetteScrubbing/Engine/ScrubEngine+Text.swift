import Foundation

extension ScrubEngine {
    /// The delimiters of a URL or form, which a text percent-encoded whole has only as escapes.
    private static let urlDelimiters = ByteSet(":/?=&")
    private static let oracleScheme = Array("jdbc:oracle:".utf8)
    /// The symbols a form field's name may hold beside letters and digits.
    private static let formNameSymbols = ByteSet("_.-[]%+*~")

    /// The structure of a text, sniffed from its content (the media type is a hint only): multipart
    /// parts, a JSON document, base64 of text, a form; else its lines (`NAME=value`, `name: value`,
    /// server-sent `data:` lines, JSON lines), its XML and HTML tags, and `name: "value"` pairs.
    mutating func textStructure(_ bytes: [UInt8], _ text: String, hint: MediaType?, into found: inout Found) {
        if let boundary = ScrubEngine.multipartBoundary(bytes, hint: hint) {
            found.addClear(multipartStructure(bytes, boundary: boundary))
            return
        }
        // A raw mail of several parts: its headers read as lines, each part by its own encoding.
        if let mail = ScrubEngine.mailMultipart(bytes) {
            found.nested.append(
                Nested(range: 0..<mail.headerEnd, encoding: .identity, kind: .text(nil), place: "in the mail's headers")
            )
            found.addClear(multipartStructure(bytes, boundary: mail.boundary))
            return
        }
        // A mail part in quoted-printable: its body decoded (a soft line break may split a token).
        if let body = ScrubEngine.quotedPrintableBody(bytes) {
            found.nested.append(
                Nested(
                    range: body.range, encoding: .quotedPrintable(lineBreak: body.lineBreak), kind: .text(nil),
                    place: "in the quoted-printable text"))
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
        // Base64 of text, unless it is a token that is base64 by its format (Intercom's `dG9rOj…`,
        // JFrog's `cmVmdGtu…`): that the shape rules replace whole.
        if end - start >= 16, !bytes[start..<end].contains(0x20),
            let (_, style) = ScrubTextCodecs.base64Text(ScrubBytes.string(bytes, start..<bytes.count)),
            !claimed.overlaps(start..<bytes.count), wholeShape(of: ScrubBytes.string(bytes, start..<end)) == nil
        {
            found.nested.append(
                Nested(
                    range: start..<bytes.count, encoding: .base64(style), kind: .text(nil),
                    place: "in base64-decoded text"))
            return
        }
        // base64 of an archive (a Helm release, an npm package's tarball): its members opened.
        if end - start >= 16, !bytes[start..<end].contains(0x20), !claimed.overlaps(start..<bytes.count),
            let (_, style) = ScrubTextCodecs.base64Archive(ScrubBytes.string(bytes, start..<bytes.count))
        {
            found.nested.append(
                Nested(
                    range: start..<bytes.count, encoding: .base64Archive(style), kind: .plain,
                    place: "in base64-decoded archive"))
            return
        }
        // A URL or form percent-encoded whole (`https%3A%2F%2F…%3Ftoken%3D…`, what a URL in a query
        // item of a URL in a query item becomes).
        if ScrubEngine.isPercentEncodedWhole(bytes, start..<end), !claimed.overlaps(start..<end) {
            let decoded = ScrubBytes.percentDecoded(
                Substring(ScrubBytes.string(bytes, start..<end)), plusAsSpace: false)
            found.nested.append(
                Nested(
                    range: start..<end, encoding: .percent(plusAsSpace: false),
                    kind: ScrubEngine.looksLikeURL(decoded) ? .url : .text(nil), place: "in percent-decoded text"))
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
        if ScrubEngine.isRESP(bytes) { found.addClear(respStructure(bytes)) }
        found.addClear(csvStructure(bytes, hint: hint))
        found.addClear(lineStructure(bytes))
        found.addClear(tagStructure(bytes))
        found.addClear(cellStructure(bytes))
        found.addClear(pairStructure(bytes))
        found.addClear(oneTimeCodes(bytes))
        found.addClear(secretsInProse(bytes))
        found.addClear(passwordsInOtherLanguages(bytes))
        found.addClear(secretsReadByCommands(bytes))
        found.addClear(saslPlainCredentials(bytes))
        found.addClear(oracleConnectCredentials(bytes))
    }

    /// The password of an Oracle connect string in a JDBC URL, `jdbc:oracle:thin:scott/<password>@//host:1521/svc`
    /// (also `:oci:`): the user and the password sit before the `@`, apart by `/`, in no URL form
    /// the URL reader knows.
    func oracleConnectCredentials(_ bytes: [UInt8]) -> Found {
        var found = Found()
        guard rules.isEnabled(.secretField) else { return found }
        var from = 0
        while let start = ScrubBytes.firstIndex(of: ScrubEngine.oracleScheme, in: bytes, from: from) {
            from = start + ScrubEngine.oracleScheme.count
            var cursor = from
            while cursor < bytes.count, ShapeBytes.isLetter(bytes[cursor]) { cursor += 1 }
            guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: ":") else { continue }
            let credentials = cursor + 1
            var slash: Int?
            var at: Int?
            var end = credentials
            while end < bytes.count, end - credentials <= 256, bytes[end] > 0x20, bytes[end] != 0x22 {
                if bytes[end] == UInt8(ascii: "/"), slash == nil { slash = end }
                if bytes[end] == UInt8(ascii: "@"), at == nil { at = end }
                end += 1
            }
            guard let slash, let at, slash > credentials, at > slash + 1 else { continue }
            let value = (slash + 1)..<at
            let secret = ScrubBytes.string(bytes, value)
            guard !ScrubBytes.contains(secret, "SCRUBBED"), !secret.contains("/"), secret.first != "$" else { continue }
            found.spans.append(
                Span(
                    range: value, secret: secret, rule: rules.spec(.secretField),
                    summary: "password of an Oracle connect string"))
            from = at
        }
        return found
    }

    /// Where the headers of a MIME entity end: the first blank line (`\r\n\r\n` or `\n\n`, whichever
    /// comes first), its length and the line break it is made of.
    static func headersEnd(_ bytes: [UInt8]) -> (blank: Int, length: Int, lineBreak: String)? {
        let crlf = ScrubBytes.firstIndex(of: Array("\r\n\r\n".utf8), in: bytes, from: 0)
        let lf = ScrubBytes.firstIndex(of: Array("\n\n".utf8), in: bytes, from: 0)
        switch (crlf, lf) {
        case (let c?, let l?) where c < l: return (c, 4, "\r\n")
        case (_, let l?): return (l, 2, "\n")
        case (let c?, nil): return (c, 4, "\r\n")
        default: return nil
        }
    }

    /// The body of a MIME entity whose headers say `Content-Transfer-Encoding: quoted-printable`:
    /// from after the blank line that ends its headers to the end of the text.
    static func quotedPrintableBody(_ bytes: [UInt8]) -> (range: Range<Int>, lineBreak: String)? {
        let marker = Array("quoted-printable".utf8)
        guard bytes.count > 40, let at = ScrubBytes.firstIndex(of: marker, in: bytes, from: 0),
            let (blank, length, lineBreak) = headersEnd(bytes), blank > at, blank + length < bytes.count
        else { return nil }
        // The marker is the value of the encoding header of that block.
        let header = String(decoding: bytes[..<blank], as: UTF8.self).lowercased()
        guard header.contains("content-transfer-encoding: quoted-printable") else { return nil }
        return ((blank + length)..<bytes.count, lineBreak)
    }

    /// Text with no space and none of `:/?=&` but their escapes (`%3A`, `%2F`, `%3F`, `%3D`, `%26`):
    /// a URL or form percent-encoded as a whole.
    static func isPercentEncodedWhole(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
        guard range.count >= 9 else { return false }
        var escapes = 0
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = bytes[index]
            if byte <= 0x20 || ScrubEngine.urlDelimiters.contains(byte) { return false }
            if byte == UInt8(ascii: "%"), index + 2 < range.upperBound {
                let escape = (bytes[index + 1], bytes[index + 2] | 0x20)
                switch escape {
                case (UInt8(ascii: "3"), UInt8(ascii: "a")), (UInt8(ascii: "2"), UInt8(ascii: "f")),
                    (UInt8(ascii: "3"), UInt8(ascii: "f")), (UInt8(ascii: "3"), UInt8(ascii: "d")),
                    (UInt8(ascii: "2"), UInt8(ascii: "6")):
                    escapes += 1
                default: break
                }
            }
            index += 1
        }
        return escapes >= 2
    }

    /// A form: no spaces, and every `&`-separated item a `name=value`.
    static func looksLikeForm(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
        guard let equals = bytes[range].firstIndex(of: UInt8(ascii: "=")), bytes[range.lowerBound] != UInt8(ascii: "<")
        else {
            return false
        }
        // Base64 with its padding (`…uIoPw==`) is no `name=value`.
        if bytes[equals..<range.upperBound].allSatisfy({ $0 == UInt8(ascii: "=") }) { return false }
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
                } else if ShapeBytes.isAlphanumeric(byte) || ScrubEngine.formNameSymbols.contains(byte) {
                    nameLength += 1
                } else {
                    return false
                }
            }
        }
        return !inName
    }
}
