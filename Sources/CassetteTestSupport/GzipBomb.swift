import CassetteModel

/// A gzip member of `count` zero bytes that is about 160 times smaller than what it
/// decodes to: one deflate block with fixed Huffman codes (RFC 1951, BTYPE=01), a literal zero and
/// then back-references of 258 bytes at distance 1, 13 bits each. The shape of a gzip bomb, for
/// tests of what a recording does with a body that decodes far larger than it travelled.
package func gzipBomb(zeros count: Int) -> [UInt8] {
    var out = Gzip.plainHeader
    var bits = DeflateBits()
    bits.write(1, count: 1)  // BFINAL
    bits.write(1, count: 2)  // BTYPE 01, fixed Huffman codes
    var left = count
    if left > 0 {
        bits.writeCode(0b0011_0000, length: 8)  // literal 0
        left -= 1
    }
    while left >= 258 {
        bits.writeCode(0b1100_0101, length: 8)  // length code 285: 258 bytes
        bits.writeCode(0, length: 5)  // distance code 0: distance 1
        left -= 258
    }
    for _ in 0..<left { bits.writeCode(0b0011_0000, length: 8) }
    bits.writeCode(0, length: 7)  // end of block (256)
    out += bits.bytes()
    out.appendLittleEndian(crc32(repeatElement(0, count: count)), width: 4)
    out.appendLittleEndian(UInt32(truncatingIfNeeded: count), width: 4)
    return out
}

/// Deflate's bit order: values least significant bit first, Huffman codes most significant first.
private struct DeflateBits {
    private var output: [UInt8] = []
    private var current: UInt8 = 0
    private var filled = 0

    mutating func write(_ value: Int, count: Int) {
        for bit in 0..<count { append((value >> bit) & 1) }
    }

    mutating func writeCode(_ code: Int, length: Int) {
        for bit in (0..<length).reversed() { append((code >> bit) & 1) }
    }

    private mutating func append(_ bit: Int) {
        current |= UInt8(bit) << UInt8(filled)
        filled += 1
        if filled == 8 {
            output.append(current)
            current = 0
            filled = 0
        }
    }

    func bytes() -> [UInt8] { filled > 0 ? output + [current] : output }
}
