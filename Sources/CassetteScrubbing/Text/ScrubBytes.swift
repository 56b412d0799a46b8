import Foundation

/// Byte-level helpers for scrubbing: substring tests and the encoded forms a secret can take.
enum ScrubBytes {
    /// Whether `haystack` contains `needle`.
    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        firstIndex(of: needle, in: haystack, from: 0) != nil
    }

    /// Whether `text` contains `needle`, compared byte for byte (no Unicode equivalence).
    static func contains(_ text: String, _ needle: String) -> Bool {
        var text = text
        return text.withUTF8 { haystack in
            let needle = Array(needle.utf8)
            guard let first = needle.first, haystack.count >= needle.count else { return false }
            var index = 0
            while index + needle.count <= haystack.count {
                if haystack[index] == first {
                    var offset = 1
                    while offset < needle.count && haystack[index + offset] == needle[offset] { offset += 1 }
                    if offset == needle.count { return true }
                }
                index += 1
            }
            return false
        }
    }

    /// The offset of the first occurrence of `needle` in `haystack` at or after `start`.
    static func firstIndex(of needle: [UInt8], in haystack: [UInt8], from start: Int, before end: Int? = nil) -> Int? {
        let end = min(end ?? haystack.count, haystack.count)
        guard let first = needle.first, start >= 0, end - start >= needle.count else { return nil }
        // `memchr` finds each candidate first byte (many bytes a step), then the rest is compared.
        return haystack.withUnsafeBufferPointer { buffer -> Int? in
            guard let base = buffer.baseAddress else { return nil }
            let last = end - needle.count
            var index = start
            while index <= last {
                guard let hit = memchr(base + index, Int32(first), last - index + 1) else { return nil }
                let offset = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                var matched = 1
                while matched < needle.count, buffer[offset + matched] == needle[matched] { matched += 1 }
                if matched == needle.count { return offset }
                index = offset + 1
            }
            return nil
        }
    }

    /// Whether `needle` stands in `haystack` at `offset`, ending at or before `end` (the end of a
    /// line, say; the whole haystack when `nil`).
    static func matches(_ needle: [UInt8], in haystack: [UInt8], at offset: Int, before end: Int? = nil) -> Bool {
        guard offset + needle.count <= min(end ?? haystack.count, haystack.count) else { return false }
        var index = 0
        while index < needle.count {
            if haystack[offset + index] != needle[index] { return false }
            index += 1
        }
        return true
    }

    /// `text.lowercased()`, and `text` itself when it is ASCII without a capital letter (most JSON
    /// keys and names), which makes no new string.
    static func lowercased(_ text: String) -> String {
        text.utf8.allSatisfy { $0 < 0x80 && !ShapeBytes.isUpper($0) } ? text : text.lowercased()
    }

    static func string(_ bytes: [UInt8], _ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    private static let unreserved = ByteSet("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
    private static let queryTolerated = unreserved.union(ByteSet("!$'()*,;:@/?"))

    /// Percent-encodes every byte outside `allowed`, with upper- or lower-case hex digits; spaces
    /// become `+` when `plusForSpace`.
    static func percentEncoded(
        _ text: String, allowingQueryCharacters: Bool = false, lowercaseHex: Bool = false, plusForSpace: Bool = false
    ) -> String {
        escaped(
            text, keeping: allowingQueryCharacters ? queryTolerated : unreserved, nonASCII: false,
            lowercaseHex: lowercaseHex, plusForSpace: plusForSpace)
    }

    /// Percent-encodes `text` the way `original` was: the bytes `original` holds unescaped (but
    /// `%`, and `+` where it stands for a space; non-ASCII characters when it holds one) stay
    /// unescaped, the others are escaped with the case of hex digits `original` used. A form value `jdbc:oracle:thin:u/p@//h` whose password
    /// is replaced keeps its `:`, `/` and `@`.
    static func percentEncoded(_ text: String, like original: String, plusForSpace: Bool) -> String {
        var kept = unreserved
        var nonASCII = false
        var lowercaseHex = false
        let raw = Array(original.utf8)
        var index = 0
        while index < raw.count {
            let byte = raw[index]
            if byte == UInt8(ascii: "%"), index + 2 < raw.count {
                lowercaseHex = lowercaseHex || ShapeBytes.isLower(raw[index + 1]) || ShapeBytes.isLower(raw[index + 2])
                index += 3
                continue
            }
            if byte >= 0x80 {
                nonASCII = true
            } else if byte != UInt8(ascii: "%"), !(plusForSpace && byte == UInt8(ascii: "+")) {
                kept = kept.union(ByteSet(bytes: CollectionOfOne(byte)))
            }
            index += 1
        }
        // Spaces as the original wrote them: `+`, unless it escaped them as `%20` and has no `+`.
        let plus =
            plusForSpace && (raw.contains(UInt8(ascii: "+")) || !original.contains("%20"))
        return escaped(text, keeping: kept, nonASCII: nonASCII, lowercaseHex: lowercaseHex, plusForSpace: plus)
    }

    /// Every byte of `text` outside `kept` (and, unless `nonASCII`, every byte of a non-ASCII
    /// character) as `%XX`; spaces as `+` when `plusForSpace`.
    private static func escaped(
        _ text: String, keeping kept: ByteSet, nonASCII: Bool, lowercaseHex: Bool, plusForSpace: Bool
    ) -> String {
        let digits = Array((lowercaseHex ? "0123456789abcdef" : "0123456789ABCDEF").utf8)
        var output: [UInt8] = []
        for byte in text.utf8 {
            if byte < 0x80 ? kept.contains(byte) : nonASCII {
                output.append(byte)
            } else if plusForSpace && byte == 0x20 {
                output.append(UInt8(ascii: "+"))
            } else {
                output.append(contentsOf: [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Decodes `%XX` escapes, and `+` as a space when `plusAsSpace`; invalid escapes stay as they are.
    static func percentDecoded(_ text: Substring, plusAsSpace: Bool) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) || (plusAsSpace && text.utf8.contains(UInt8(ascii: "+"))) else {
            return String(text)
        }
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count, let high = hexValue(bytes[index + 1]),
                let low = hexValue(bytes[index + 2])
            {
                output.append(high << 4 | low)
                index += 3
                continue
            }
            output.append(plusAsSpace && byte == UInt8(ascii: "+") ? 0x20 : byte)
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// The text as it appears inside a JSON string literal written by ``JSONWriter``.
    static func jsonEscaped(_ text: String) -> String {
        var writer = JSONWriter(style: .compact)
        writer.writeString(text)
        let bytes = writer.takeOutput()
        return String(decoding: bytes.dropFirst().dropLast(), as: UTF8.self)
    }

    /// Pairs of (a form `secret` can take in a cassette, the same form of `placeholder`): raw,
    /// percent-encoded (strict and lenient, upper- and lower-case hex), form-encoded, JSON-escaped
    /// (with and without escaped slashes, and with `\u00XX` for every symbol), HTML-escaped, and
    /// in base64.
    static func forms(of secret: String, placeholder: String) -> [(String, String)] {
        var pairs: [(String, String)] = [(secret, placeholder)]
        func add(_ transform: (String) -> String) {
            let form = transform(secret)
            if !form.isEmpty, !pairs.contains(where: { $0.0 == form }) { pairs.append((form, transform(placeholder))) }
        }
        // base64 of an echo: the whole of a value some server encoded.
        if secret.utf8.count >= 8 {
            add { Data($0.utf8).base64EncodedString() }
            add {
                ScrubTextCodecs.base64(
                    $0, style: .init(urlSafe: true, padded: false, lineLength: 0, lineBreak: "", trailer: ""))
            }
        }
        // Every other form of a secret made of unreserved characters only is the secret itself
        // (nothing to percent-encode, JSON-escape, HTML-escape or turn into `+`), so it adds no pair.
        if secret.utf8.allSatisfy({ unreserved.contains($0) }) { return pairs }
        add { percentEncoded($0) }
        add { percentEncoded($0, lowercaseHex: true) }
        add { percentEncoded($0, allowingQueryCharacters: true) }
        add { percentEncoded($0, allowingQueryCharacters: true, lowercaseHex: true) }
        add { percentEncoded($0, plusForSpace: true) }
        add { jsonEscaped($0) }
        add { text in
            let escaped = jsonEscaped(text)
            return escaped.utf8.contains(UInt8(ascii: "/"))
                ? escaped.replacingOccurrences(of: "/", with: "\\/") : escaped
        }
        add { unicodeEscaped($0, uppercaseHex: false) }
        add { unicodeEscaped($0, uppercaseHex: true) }
        add { ScrubTextCodecs.htmlEscaped($0) }
        add { ScrubTextCodecs.htmlEscaped($0, apostrophe: "&#x27;", slash: true) }
        return pairs
    }

    /// JSON-escaped with every ASCII symbol written `\u00XX`, as some encoders write `&`, `<`, `>`,
    /// `'`, `=` and `@` (`\u0026`, `\u0040`).
    static func unicodeEscaped(_ text: String, uppercaseHex: Bool) -> String {
        let digits = Array((uppercaseHex ? "0123456789ABCDEF" : "0123456789abcdef").utf8)
        var output: [UInt8] = []
        for byte in jsonEscaped(text).utf8 {
            if byte < 0x80, !ShapeBytes.isAlphanumeric(byte), !"-._~ \\".utf8.contains(byte) {
                output.append(contentsOf: Array("\\u00".utf8) + [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
            } else {
                output.append(byte)
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
