/// A set of bytes, for the character classes that scanners test on every byte: one shift and one
/// mask, where `"…".utf8.contains(byte)` walks the string each time.
struct ByteSet: Sendable {
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    /// The ASCII characters of `characters`.
    init(_ characters: StaticString) {
        precondition(characters.isASCII, "a ByteSet holds ASCII characters")
        characters.withUTF8Buffer { buffer in
            for byte in buffer {
                if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
            }
        }
    }

    /// The bytes of `members`, each ASCII.
    init(bytes members: some Sequence<UInt8>) {
        for byte in members {
            precondition(byte < 128, "a ByteSet holds ASCII characters")
            if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
        }
    }

    /// The members of both sets.
    func union(_ other: ByteSet) -> ByteSet {
        var result = self
        result.low |= other.low
        result.high |= other.high
        return result
    }

    @inline(__always) func contains(_ byte: UInt8) -> Bool {
        byte < 64 ? low & (1 << UInt64(byte)) != 0 : byte < 128 && high & (1 << UInt64(byte - 64)) != 0
    }
}

/// A set of any bytes (ASCII or not), tested without copying: one bit per byte value.
struct ByteTable: Sendable {
    private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    init(_ members: some Sequence<UInt8>) {
        for byte in members {
            let bit = UInt64(1) << UInt64(byte & 63)
            switch byte >> 6 {
            case 0: words.0 |= bit
            case 1: words.1 |= bit
            case 2: words.2 |= bit
            default: words.3 |= bit
            }
        }
    }

    @inline(__always) func contains(_ byte: UInt8) -> Bool {
        let bit = UInt64(1) << UInt64(byte & 63)
        switch byte >> 6 {
        case 0: return words.0 & bit != 0
        case 1: return words.1 & bit != 0
        case 2: return words.2 & bit != 0
        default: return words.3 & bit != 0
        }
    }
}
