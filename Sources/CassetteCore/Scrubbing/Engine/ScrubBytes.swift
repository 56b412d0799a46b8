import Foundation

/// Byte-level helpers for scrubbing: substring tests and the encoded forms a secret can take.
enum ScrubBytes {
    /// Whether `haystack` contains `needle`.
    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        firstIndex(of: needle, in: haystack, from: 0) != nil
    }

    /// The offset of the first occurrence of `needle` in `haystack` at or after `start`.
    static func firstIndex(of needle: [UInt8], in haystack: [UInt8], from start: Int, before end: Int? = nil) -> Int? {
        let end = end ?? haystack.count
        guard let first = needle.first, end - start >= needle.count else { return nil }
        var index = start
        while index + needle.count <= end {
            if haystack[index] == first && matches(needle, in: haystack, at: index) { return index }
            index += 1
        }
        return nil
    }

    /// Whether `needle` occurs in `haystack` at `offset`.
    static func matches(_ needle: [UInt8], in haystack: [UInt8], at offset: Int) -> Bool {
        guard offset + needle.count <= haystack.count else { return false }
        var index = 0
        while index < needle.count {
            if haystack[offset + index] != needle[index] { return false }
            index += 1
        }
        return true
    }

    static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    static func string(_ bytes: [UInt8], _ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    private static let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
    private static let queryTolerated = unreserved.union("!$'()*,;:@/?".utf8)

    /// Percent-encodes every byte outside `allowed`, with upper- or lower-case hex digits; spaces
    /// become `+` when `plusForSpace`.
    static func percentEncoded(
        _ text: String, allowingQueryCharacters: Bool = false, lowercaseHex: Bool = false, plusForSpace: Bool = false
    ) -> String {
        let allowed = allowingQueryCharacters ? queryTolerated : unreserved
        let digits = Array((lowercaseHex ? "0123456789abcdef" : "0123456789ABCDEF").utf8)
        var output: [UInt8] = []
        for byte in text.utf8 {
            if allowed.contains(byte) {
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
    /// percent-encoded (strict and lenient, upper- and lower-case hex), form-encoded, and
    /// JSON-escaped (with and without escaped slashes).
    static func forms(of secret: String, placeholder: String) -> [(String, String)] {
        var pairs: [(String, String)] = [(secret, placeholder)]
        // Every form below of a secret made of unreserved characters only is the secret itself
        // (nothing to percent-encode, JSON-escape or turn into `+`), so it adds no pair.
        if secret.utf8.allSatisfy({ unreserved.contains($0) }) { return pairs }
        func add(_ transform: (String) -> String) {
            let form = transform(secret)
            if !pairs.contains(where: { $0.0 == form }) { pairs.append((form, transform(placeholder))) }
        }
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
        return pairs
    }
}
