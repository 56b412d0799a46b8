import Foundation

/// The encodings a secret can hide in inside a text, decoded for scanning and encoded again the same
/// way after replacing: base64 (Kubernetes secrets, `client-key-data`, SAML), HTML entities, and the
/// character sets of bodies that are not UTF-8.
enum ScrubTextCodecs {
    /// How a base64 text was written, so that it is written again the same way.
    struct Base64Style: Sendable, Hashable {
        var urlSafe: Bool
        var padded: Bool
        /// Characters per line when the text is wrapped (PEM, MIME); 0 when it is one line.
        var lineLength: Int
        var lineBreak: String
        /// What followed the last line (a final line break), kept as it was.
        var trailer: String
    }

    /// The text a whole value decodes to when it is base64 of UTF-8 text: at least 16 characters of
    /// one base64 alphabet (optionally wrapped in lines of equal length), decoding to at least 8
    /// bytes of printable UTF-8. Random tokens and hashes decode to bytes that are not text, and are
    /// left as they are.
    static func base64Text(_ text: String) -> (decoded: String, style: Base64Style)? {
        guard let (data, style) = base64Bytes(text), data.count >= 8, let decoded = StoredBody.plainText(data),
            decoded.contains(where: \.isLetter)
        else { return nil }
        return (decoded, style)
    }

    /// The bytes a whole value decodes to when it is base64 of a compressed archive (gzip, ZIP):
    /// a Helm release, an npm package's tarball in its publish document. Other binary bytes are
    /// left to the shape rules.
    static func base64Archive(_ text: String) -> (decoded: [UInt8], style: Base64Style)? {
        guard text.hasPrefix("H4sI") || text.hasPrefix("UEsDB"), let (data, style) = base64Bytes(text) else {
            return nil
        }
        return (Array(data), style)
    }

    /// The bytes of a whole value in base64 (one alphabet, optionally wrapped in lines of equal
    /// length), and how it was written.
    private static func base64Bytes(_ text: String) -> (decoded: Data, style: Base64Style)? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 16, bytes.count <= 16 * 1024 * 1024 else { return nil }
        var body = bytes[...]
        var trailer = ""
        while let last = body.last, last == 0x0A || last == 0x0D {
            trailer = String(UnicodeScalar(last)) + trailer
            body = body.dropLast()
        }
        var lines: [ArraySlice<UInt8>] = []
        var lineBreak = "\n"
        if body.contains(0x0A) {
            lineBreak = body.contains(0x0D) ? "\r\n" : "\n"
            lines = body.split(separator: 0x0A, omittingEmptySubsequences: false).map {
                $0.last == 0x0D ? $0.dropLast() : $0
            }
            // Every line but the last has the same length.
            guard let first = lines.first, first.count >= 16, lines.dropLast().allSatisfy({ $0.count == first.count }),
                lines.last!.count <= first.count, !lines.last!.isEmpty
            else { return nil }
        } else {
            lines = [body]
        }
        var urlSafe = false
        var standard = false
        var joined: [UInt8] = []
        joined.reserveCapacity(body.count)
        for line in lines { joined.append(contentsOf: line) }
        var padding = 0
        while let last = joined.last, last == UInt8(ascii: "=") {
            padding += 1
            joined.removeLast()
        }
        guard padding <= 2, joined.count >= 16 else { return nil }
        for byte in joined {
            if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "/") {
                standard = true
            } else if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") {
                urlSafe = true
            } else if !ShapeBytes.isAlphanumeric(byte) {
                return nil
            }
        }
        guard !(urlSafe && standard), (joined.count + padding) % 4 == 0 || padding == 0 else { return nil }
        var normal = String(decoding: joined, as: UTF8.self)
        if urlSafe {
            normal = normal.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        }
        normal += String(repeating: "=", count: (4 - normal.utf8.count % 4) % 4)
        guard let data = Data(base64Encoded: normal) else { return nil }
        let style = Base64Style(
            // Standard base64 whose length needed no padding was written by a padding encoder as
            // far as anyone can tell, and is written back padded (what strict decoders want).
            urlSafe: urlSafe, padded: padding > 0 || !urlSafe && joined.count % 4 == 0,
            lineLength: lines.count > 1 ? lines[0].count : 0,
            lineBreak: lineBreak, trailer: trailer)
        return (data, style)
    }

    /// `text` in base64, written in `style`.
    static func base64(_ text: String, style: Base64Style) -> String {
        base64(bytes: Array(text.utf8), style: style)
    }

    /// `bytes` in base64, written in `style`.
    static func base64(bytes: [UInt8], style: Base64Style) -> String {
        var encoded = Array(Data(bytes).base64EncodedString().utf8)
        if style.urlSafe {
            for index in encoded.indices {
                if encoded[index] == UInt8(ascii: "+") {
                    encoded[index] = UInt8(ascii: "-")
                } else if encoded[index] == UInt8(ascii: "/") {
                    encoded[index] = UInt8(ascii: "_")
                }
            }
        }
        if !style.padded {
            while encoded.last == UInt8(ascii: "=") { encoded.removeLast() }
        }
        guard style.lineLength > 0 else { return String(decoding: encoded, as: UTF8.self) + style.trailer }
        var wrapped: [UInt8] = []
        var start = 0
        while start < encoded.count {
            if start > 0 { wrapped += Array(style.lineBreak.utf8) }
            wrapped += encoded[start..<min(encoded.count, start + style.lineLength)]
            start += style.lineLength
        }
        return String(decoding: wrapped, as: UTF8.self) + style.trailer
    }

    /// Whether a text holds an HTML character reference (`&amp;`, `&#39;`, `&#x2F;`).
    static func hasEntity(_ text: String) -> Bool {
        guard let ampersand = text.utf8.firstIndex(of: UInt8(ascii: "&")) else { return false }
        return text.utf8[ampersand...].contains(UInt8(ascii: ";"))
    }

    private static let namedEntities: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "sol": "/", "equals": "=",
        "plus": "+", "commat": "@", "colon": ":", "num": "#", "percnt": "%", "quest": "?",
    ]

    /// The text with HTML character references decoded; unknown ones stay as they are.
    static func htmlDecoded(_ text: String) -> String {
        guard hasEntity(text) else { return text }
        var output = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            output += rest[..<ampersand]
            let after = rest[rest.index(after: ampersand)...]
            if let semicolon = after.prefix(10).firstIndex(of: ";") {
                let name = after[..<semicolon]
                var decoded: String?
                if name.hasPrefix("#x") || name.hasPrefix("#X") {
                    decoded = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String($0) }
                } else if name.hasPrefix("#") {
                    decoded = UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init).map { String($0) }
                } else {
                    decoded = namedEntities[String(name)]
                }
                if let decoded {
                    output += decoded
                    rest = after[after.index(after: semicolon)...]
                    continue
                }
            }
            output += "&"
            rest = after
        }
        return output + rest
    }

    /// The text with `&`, `<`, `>`, `"` and `'` escaped as HTML writes them in attributes.
    static func htmlEscaped(_ text: String, apostrophe: String = "&#39;", slash: Bool = false) -> String {
        var output = ""
        for character in text {
            switch character {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += apostrophe
            case "/" where slash: output += "&#x2F;"
            default: output.append(character)
            }
        }
        return output
    }

    /// The encoding a `charset` parameter names, for the ones bodies that are not UTF-8 use.
    static func encoding(ofCharset charset: String?) -> String.Encoding? {
        switch charset?.lowercased() {
        case "iso-8859-1", "iso8859-1", "latin1", "latin-1", "l1", "iso_8859-1": .isoLatin1
        case "windows-1252", "cp1252", "x-cp1252": .windowsCP1252
        case "us-ascii", "ascii": .ascii
        case "utf-16": .utf16
        case "utf-16le": .utf16LittleEndian
        case "utf-16be": .utf16BigEndian
        default: nil
        }
    }
}

extension ScrubTextCodecs {
    /// Quoted-printable text (RFC 2045) decoded: soft line breaks (`=` at a line's end) removed and
    /// `=XX` escapes read, as UTF-8; `nil` when the escapes do not make UTF-8 text.
    static func quotedPrintableDecoded(_ bytes: ArraySlice<UInt8>) -> String? {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        func hex(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            default: nil
            }
        }
        while index < bytes.endIndex {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "=") else {
                output.append(byte)
                index += 1
                continue
            }
            if index + 1 < bytes.endIndex, bytes[index + 1] == 0x0A {
                index += 2
            } else if index + 2 < bytes.endIndex, bytes[index + 1] == 0x0D, bytes[index + 2] == 0x0A {
                index += 3
            } else if index + 2 < bytes.endIndex, let high = hex(bytes[index + 1]), let low = hex(bytes[index + 2]) {
                output.append(high << 4 | low)
                index += 3
            } else {
                return nil
            }
        }
        return String(validating: output, as: UTF8.self)
    }

    /// Text encoded as quoted-printable, lines of at most 76 characters with soft breaks, hard
    /// line breaks written as `lineBreak`.
    static func quotedPrintable(_ text: String, lineBreak: String) -> String {
        let lines = text.replacingOccurrences(of: "\r\n", with: "\n").split(
            separator: "\n", omittingEmptySubsequences: false)
        return lines.map { quotedPrintableLine(Array($0.utf8), lineBreak: lineBreak) }.joined(separator: lineBreak)
    }

    /// `result` encoded as quoted-printable in place of `original`, which decodes to `decoded`:
    /// each hard line that the scrub left as it was keeps its original bytes, soft breaks and
    /// escapes included, so a reviewer sees only the lines that changed. When the lines no longer
    /// correspond (a replaced secret spanned several), the whole text is encoded anew.
    static func quotedPrintable(
        _ result: String, replacing original: ArraySlice<UInt8>, decoded: String, lineBreak: String
    ) -> String {
        let newLine = UInt8(ascii: "\n")
        let decodedLines = Array(decoded.utf8).split(separator: newLine, omittingEmptySubsequences: false)
        let resultLines = Array(result.utf8).split(separator: newLine, omittingEmptySubsequences: false)
        // Hard breaks of the original: a line feed not ending a soft break (`=` before it, or `=\r`).
        var originalLines: [ArraySlice<UInt8>] = []
        var lineStart = original.startIndex
        for index in original.indices where original[index] == newLine {
            var before = index - 1
            if before >= lineStart, original[before] == 0x0D { before -= 1 }
            guard before < lineStart || original[before] != UInt8(ascii: "=") else { continue }
            originalLines.append(original[lineStart..<index])
            lineStart = index + 1
        }
        originalLines.append(original[lineStart...])
        guard originalLines.count == decodedLines.count, resultLines.count == decodedLines.count else {
            return quotedPrintable(result, lineBreak: lineBreak)
        }
        var output: [UInt8] = []
        output.reserveCapacity(original.count)
        for index in resultLines.indices {
            if index > 0 { output.append(newLine) }
            if resultLines[index].elementsEqual(decodedLines[index]) {
                output += originalLines[index]
                continue
            }
            var line = resultLines[index]
            let carriageReturn = line.last == 0x0D
            if carriageReturn { line = line.dropLast() }
            output += quotedPrintableLine(Array(line), lineBreak: lineBreak).utf8
            if carriageReturn { output.append(0x0D) }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// One hard line encoded, in lines of at most 76 characters. A soft break goes after the last
    /// space or list separator (`&`, `?`, `;`, `,`) of the line when one is near, so a word or a
    /// query item (`utm_source=3Dmail`) is not cut in two.
    private static func quotedPrintableLine(_ bytes: [UInt8], lineBreak: String) -> String {
        let softBreak = Array(("=" + lineBreak).utf8)
        var output: [UInt8] = []
        var lineStart = 0
        var breakable: Int?
        func put(_ piece: [UInt8], breaksAfter: Bool) {
            if output.count - lineStart + piece.count > 75 {
                if let at = breakable, output.count - at <= 40 {
                    output.insert(contentsOf: softBreak, at: at)
                    lineStart = at + softBreak.count
                } else {
                    output += softBreak
                    lineStart = output.count
                }
                breakable = nil
            }
            output += piece
            if breaksAfter { breakable = output.count }
        }
        for (position, byte) in bytes.enumerated() {
            let last = position == bytes.count - 1
            if byte >= 33 && byte <= 126 && byte != UInt8(ascii: "=") || (byte == 0x20 || byte == 0x09) && !last {
                put([byte], breaksAfter: byte == 0x20 || ScrubTextCodecs.softBreakAfter.contains(byte))
            } else {
                put(Array(("=" + String(format: "%02X", byte)).utf8), breaksAfter: false)
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Where a soft line break may go besides after a space.
    private static let softBreakAfter = ByteSet("&?;,")
}
