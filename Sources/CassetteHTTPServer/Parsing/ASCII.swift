/// Byte classes of RFC 9110 and 9112, as 128-bit sets.
enum ASCII {
    static let lf: UInt8 = 10
    static let cr: UInt8 = 13
    static let space: UInt8 = 32
    static let tab: UInt8 = 9

    /// `tchar`: the bytes of a token (method, header name, transfer coding).
    static func isTokenByte(_ byte: UInt8) -> Bool {
        byte < 128 && tokenBits.contains(byte)
    }

    /// A byte allowed in a field value: VCHAR, obs-text, space and tab (no CR, LF, NUL or other controls).
    static func isFieldValueByte(_ byte: UInt8) -> Bool {
        byte == tab || (byte >= 0x20 && byte != 0x7f)
    }

    /// A byte allowed in a request target: visible ASCII, no space, no controls, nothing above 0x7e.
    static func isTargetByte(_ byte: UInt8) -> Bool {
        byte > 0x20 && byte < 0x7f
    }

    static func isDigit(_ byte: UInt8) -> Bool {
        byte >= 0x30 && byte <= 0x39
    }

    static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case 0x30...0x39: return Int(byte - 0x30)
        case 0x41...0x46: return Int(byte - 0x41 + 10)
        case 0x61...0x66: return Int(byte - 0x61 + 10)
        default: return nil
        }
    }

    static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5a ? byte | 0x20 : byte
    }

    private static let tokenBits = ByteSet(
        "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
}

/// A set of ASCII bytes as two 64-bit words.
struct ByteSet {
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    init(_ members: String) {
        for byte in members.utf8 {
            if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
        }
    }

    func contains(_ byte: UInt8) -> Bool {
        byte < 64 ? low & (1 << UInt64(byte)) != 0 : high & (1 << UInt64(byte &- 64)) != 0
    }
}
