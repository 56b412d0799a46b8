/// A decoder of raw deflate streams (RFC 1951), written here because Foundation on Linux offers no
/// public inflate and the scrubber must read compressed bodies and archive members to find what
/// they hold.
///
/// Decoding is bounded: output past `limit` bytes stops it (a compressed body can expand a
/// thousandfold), and a stream that ends early, refers back before its start or uses a code its
/// tables do not hold is rejected rather than guessed at.
package enum Inflate {
    /// Why a stream could not be decoded.
    package enum Failure: Error, Equatable {
        /// The input ends inside the stream.
        case truncated
        /// A block type, code table, length or distance the format does not allow.
        case invalid
        /// The output would pass the limit.
        case tooLarge
    }

    /// The bytes a deflate stream starting at `start` decodes to, and the index just after the
    /// stream's last byte (where a container's trailer begins).
    package static func decode(_ input: [UInt8], from start: Int = 0, limit: Int) throws(Failure)
        -> (bytes: [UInt8], end: Int)
    {
        var bits = BitReader(input, at: start)
        var output: [UInt8] = []
        output.reserveCapacity(min(limit, max(64, (input.count - start) * 3)))
        var isFinal = false
        repeat {
            isFinal = try bits.take(1) == 1
            switch try bits.take(2) {
            case 0: try storedBlock(&bits, into: &output, limit: limit)
            case 1:
                try codedBlock(&bits, literals: fixedLiterals, distances: fixedDistances, into: &output, limit: limit)
            case 2:
                let (literals, distances) = try dynamicTables(&bits)
                try codedBlock(&bits, literals: literals, distances: distances, into: &output, limit: limit)
            default: throw .invalid
            }
        } while !isFinal
        return (output, try bits.endOfStream())
    }

    private static func storedBlock(_ bits: inout BitReader, into output: inout [UInt8], limit: Int) throws(Failure) {
        bits.alignToByte()
        let length = Int(try bits.take(16))
        let complement = Int(try bits.take(16))
        guard length == ~complement & 0xffff else { throw .invalid }
        guard output.count + length <= limit else { throw .tooLarge }
        try bits.copyBytes(length, into: &output)
    }

    private static func codedBlock(
        _ bits: inout BitReader, literals: HuffmanTable, distances: HuffmanTable, into output: inout [UInt8], limit: Int
    ) throws(Failure) {
        while true {
            let symbol = try literals.decode(&bits)
            if symbol < 256 {
                guard output.count < limit else { throw .tooLarge }
                output.append(UInt8(truncatingIfNeeded: symbol))
                continue
            }
            if symbol == 256 { return }
            let lengthIndex = symbol - 257
            guard lengthIndex < lengthBases.count else { throw .invalid }
            let length = lengthBases[lengthIndex] + Int(try bits.take(lengthExtraBits[lengthIndex]))
            let distanceIndex = try distances.decode(&bits)
            guard distanceIndex < distanceBases.count else { throw .invalid }
            let distance = distanceBases[distanceIndex] + Int(try bits.take(distanceExtraBits[distanceIndex]))
            guard distance <= output.count else { throw .invalid }
            guard output.count + length <= limit else { throw .tooLarge }
            var from = output.count - distance
            for _ in 0..<length {
                output.append(output[from])
                from += 1
            }
        }
    }

    private static func dynamicTables(_ bits: inout BitReader) throws(Failure) -> (HuffmanTable, HuffmanTable) {
        let literalCount = Int(try bits.take(5)) + 257
        let distanceCount = Int(try bits.take(5)) + 1
        let codeLengthCount = Int(try bits.take(4)) + 4
        guard literalCount <= 286, distanceCount <= 30 else { throw .invalid }
        var codeLengthLengths = [UInt8](repeating: 0, count: 19)
        for index in 0..<codeLengthCount {
            codeLengthLengths[codeLengthOrder[index]] = UInt8(try bits.take(3))
        }
        let codeLengths = try HuffmanTable(lengths: codeLengthLengths[...])
        var lengths: [UInt8] = []
        lengths.reserveCapacity(literalCount + distanceCount)
        while lengths.count < literalCount + distanceCount {
            let symbol = try codeLengths.decode(&bits)
            let repeated: UInt8
            let count: Int
            switch symbol {
            case 0..<16:
                lengths.append(UInt8(symbol))
                continue
            case 16:
                guard let previous = lengths.last else { throw .invalid }
                repeated = previous
                count = 3 + Int(try bits.take(2))
            case 17:
                repeated = 0
                count = 3 + Int(try bits.take(3))
            default:
                repeated = 0
                count = 11 + Int(try bits.take(7))
            }
            guard lengths.count + count <= literalCount + distanceCount else { throw .invalid }
            lengths.append(contentsOf: repeatElement(repeated, count: count))
        }
        // A block must be able to end.
        guard lengths[256] != 0 else { throw .invalid }
        return (
            try HuffmanTable(lengths: lengths[0..<literalCount]),
            try HuffmanTable(lengths: lengths[literalCount...])
        )
    }

    private static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
    private static let lengthBases = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227,
        258,
    ]
    private static let lengthExtraBits = [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ]
    private static let distanceBases = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097,
        6145, 8193, 12289, 16385, 24577,
    ]
    private static let distanceExtraBits = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
    ]
    // The fixed codes of block type 1 (RFC 1951 §3.2.6); distance codes 30 and 31 never occur.
    private static let fixedLiterals = try! HuffmanTable(
        lengths: ([UInt8](repeating: 8, count: 144) + [UInt8](repeating: 9, count: 112)
            + [UInt8](repeating: 7, count: 24) + [UInt8](repeating: 8, count: 8))[...])
    private static let fixedDistances = try! HuffmanTable(lengths: [UInt8](repeating: 5, count: 30)[...])
}

/// A canonical Huffman code as a lookup table indexed by the next `maxBits` input bits (which
/// deflate packs least significant bit first, so codes are stored bit-reversed).
private struct HuffmanTable {
    /// Per index: the symbol shifted left by 4, or'ed with its code length; 0 where no code fits.
    private var entries: [UInt16]
    private let maxBits: Int

    init(lengths: ArraySlice<UInt8>) throws(Inflate.Failure) {
        var counts = [Int](repeating: 0, count: 16)
        for length in lengths { counts[Int(length)] += 1 }
        counts[0] = 0
        var left = 1
        for length in 1...15 {
            left = (left << 1) - counts[length]
            guard left >= 0 else { throw .invalid }  // more codes than the lengths allow
        }
        maxBits = max(1, (1...15).last { counts[$0] > 0 } ?? 1)
        entries = [UInt16](repeating: 0, count: 1 << maxBits)
        var nextCode = [Int](repeating: 0, count: 16)
        var code = 0
        for length in 1...15 {
            code = (code + counts[length - 1]) << 1
            nextCode[length] = code
        }
        for (symbol, length) in zip(0..., lengths) where length > 0 {
            let width = Int(length)
            var reversed = 0
            var value = nextCode[width]
            nextCode[width] += 1
            for _ in 0..<width {
                reversed = (reversed << 1) | (value & 1)
                value >>= 1
            }
            let entry = UInt16(symbol << 4 | width)
            var index = reversed
            while index < entries.count {
                entries[index] = entry
                index += 1 << width
            }
        }
    }

    func decode(_ bits: inout BitReader) throws(Inflate.Failure) -> Int {
        let entry = entries[Int(try bits.peek(maxBits))]
        let width = Int(entry & 0xf)
        guard width > 0 else { throw .invalid }
        try bits.consume(width)
        return Int(entry >> 4)
    }
}

/// Bits of a byte array, least significant first. Reading past the end feeds zero bytes, counted, so
/// a table lookup near the end can look ahead; consuming any of them is reported as truncation.
private struct BitReader {
    private let input: [UInt8]
    private var position: Int
    private var buffer: UInt64 = 0
    private var count = 0
    private var padding = 0

    init(_ input: [UInt8], at start: Int) {
        self.input = input
        position = start
    }

    mutating func peek(_ width: Int) throws(Inflate.Failure) -> UInt64 {
        while count < width {
            if position < input.count {
                buffer |= UInt64(input[position]) << UInt64(count)
                position += 1
            } else {
                padding += 1
                // Some bits looked at but not yet taken may be padding; taking them is the error.
                guard padding <= 8 else { throw .truncated }
            }
            count += 8
        }
        return buffer & ((1 << UInt64(width)) - 1)
    }

    private mutating func drop(_ width: Int) {
        buffer >>= UInt64(width)
        count -= width
    }

    /// Takes `width` bits looked at with `peek`.
    mutating func consume(_ width: Int) throws(Inflate.Failure) {
        drop(width)
        try checkNotPastEnd()
    }

    mutating func take(_ width: Int) throws(Inflate.Failure) -> UInt64 {
        guard width > 0 else { return 0 }
        let value = try peek(width)
        try consume(width)
        return value
    }

    /// Fails when more bits were taken than the input holds.
    private func checkNotPastEnd() throws(Inflate.Failure) {
        guard padding * 8 <= count else { throw .truncated }
    }

    mutating func alignToByte() {
        drop(count % 8)
    }

    /// Copies `length` bytes from a byte-aligned position.
    mutating func copyBytes(_ length: Int, into output: inout [UInt8]) throws(Inflate.Failure) {
        try checkNotPastEnd()
        var remaining = length
        while remaining > 0, count >= 8 {
            guard count > padding * 8 else { throw .truncated }
            output.append(UInt8(truncatingIfNeeded: buffer))
            drop(8)
            remaining -= 1
        }
        guard remaining > 0 else { return }
        guard position + remaining <= input.count else { throw .truncated }
        output.append(contentsOf: input[position..<(position + remaining)])
        position += remaining
    }

    /// The index just after the last byte a finished stream used.
    func endOfStream() throws(Inflate.Failure) -> Int {
        try checkNotPastEnd()
        return position - (count / 8 - padding)
    }
}
