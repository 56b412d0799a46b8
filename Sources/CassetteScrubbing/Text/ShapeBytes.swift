/// Byte classes the shape scanners share (and the matcher's volatile values, in CassetteCore).
package enum ShapeBytes {
    @inline(__always) package static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    @inline(__always) static func isUpper(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }
    @inline(__always) static func isLower(_ byte: UInt8) -> Bool { byte >= 0x61 && byte <= 0x7A }
    @inline(__always) static func isLetter(_ byte: UInt8) -> Bool { isUpper(byte) || isLower(byte) }
    @inline(__always) static func isAlphanumeric(_ byte: UInt8) -> Bool { isLetter(byte) || isDigit(byte) }
    /// A regular expression's word character: letter, digit or `_`.
    @inline(__always) static func isWord(_ byte: UInt8) -> Bool { isAlphanumeric(byte) || byte == 0x5F }
    @inline(__always) package static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x66)
    }
    /// A UUID in its `8-4-4-4-12` hexadecimal form.
    package static func isUUID(_ bytes: [UInt8]) -> Bool {
        guard bytes.count == 36 else { return false }
        for (index, byte) in bytes.enumerated() {
            if index == 8 || index == 13 || index == 18 || index == 23 {
                guard byte == UInt8(ascii: "-") else { return false }
            } else if !isHexDigit(byte) {
                return false
            }
        }
        return true
    }
    /// The base64url alphabet: letters, digits, `-` and `_`.
    @inline(__always) static func isBase64URL(_ byte: UInt8) -> Bool {
        isAlphanumeric(byte) || byte == 0x2D || byte == 0x5F
    }
    /// The standard base64 alphabet without padding: letters, digits, `+` and `/`.
    @inline(__always) static func isBase64(_ byte: UInt8) -> Bool {
        isAlphanumeric(byte) || byte == 0x2B || byte == 0x2F
    }
    /// A space or a tab: the white space inside one line.
    @inline(__always) static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
    @inline(__always) static func isSpace(_ byte: UInt8) -> Bool {
        isBlank(byte) || byte == 0x0A || byte == 0x0D
    }
    @inline(__always) static func lowercase(_ byte: UInt8) -> UInt8 { isUpper(byte) ? byte + 32 : byte }

    /// Whether `word` (lower-case ASCII) is at `offset`, ignoring case.
    static func matchesIgnoringCase(_ word: [UInt8], in bytes: [UInt8], at offset: Int) -> Bool {
        guard offset >= 0, offset + word.count <= bytes.count else { return false }
        for index in 0..<word.count where lowercase(bytes[offset + index]) != word[index] { return false }
        return true
    }

    /// The Unicode scalar that starts at `offset` and its length in bytes, for bytes at or above 0x80.
    static func scalar(in bytes: [UInt8], at offset: Int) -> (Unicode.Scalar, Int)? {
        let lead = bytes[offset]
        let length: Int
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return nil
        }
        guard offset + length <= bytes.count else { return nil }
        var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for index in 1..<length {
            let byte = bytes[offset + index]
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        return Unicode.Scalar(value).map { ($0, length) }
    }

    /// The start of the scalar that ends just before `end`, for a byte at or above 0x80 there.
    static func scalarStart(in bytes: [UInt8], endingAt end: Int, notBefore floor: Int) -> Int? {
        var start = end - 1
        while start > floor, start > end - 4, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        guard let (_, length) = scalar(in: bytes, at: start), start + length == end else { return nil }
        return start
    }

    /// Whether a scalar is a letter or a digit in any script.
    static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }
}
