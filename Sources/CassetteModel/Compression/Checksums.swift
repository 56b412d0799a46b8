/// The CRC-32 of gzip and ZIP (ISO 3309, reflected polynomial 0xEDB88320): `"123456789"` gives
/// 0xCBF43926.
package func crc32(_ bytes: some Sequence<UInt8>) -> UInt32 {
    var crc: UInt32 = 0xffff_ffff
    for byte in bytes {
        crc = crc32Table[Int((crc ^ UInt32(byte)) & 0xff)] ^ (crc >> 8)
    }
    return ~crc
}

private let crc32Table: [UInt32] = (0..<256).map { index in
    var value = UInt32(index)
    for _ in 0..<8 {
        value = value & 1 == 1 ? 0xedb8_8320 ^ (value >> 1) : value >> 1
    }
    return value
}

/// The Adler-32 of zlib (RFC 1950): `"Wikipedia"` gives 0x11E60398.
package func adler32(_ bytes: some Sequence<UInt8>) -> UInt32 {
    var low: UInt32 = 1
    var high: UInt32 = 0
    var pending = 0
    for byte in bytes {
        low += UInt32(byte)
        high += low
        pending += 1
        // 5552 bytes is the most that cannot overflow 32 bits before the modulo.
        if pending == 5552 {
            low %= 65521
            high %= 65521
            pending = 0
        }
    }
    return (high % 65521) << 16 | (low % 65521)
}

/// Little-endian reading and writing of the integers in gzip, ZIP and tar headers.
extension Array where Element == UInt8 {
    package func littleEndian(at index: Int, width: Int) -> UInt32 {
        var value: UInt32 = 0
        for offset in (0..<width).reversed() { value = value << 8 | UInt32(self[index + offset]) }
        return value
    }

    package mutating func appendLittleEndian(_ value: UInt32, width: Int) {
        for offset in 0..<width { append(UInt8(truncatingIfNeeded: value >> (8 * UInt32(offset)))) }
    }

    package mutating func setLittleEndian(_ value: UInt32, at index: Int, width: Int) {
        for offset in 0..<width { self[index + offset] = UInt8(truncatingIfNeeded: value >> (8 * UInt32(offset))) }
    }
}
