/// Wraps `bytes` in one gzip member (RFC 1952) whose deflate stream is made of stored blocks only
/// (RFC 1951, BTYPE=00, at most 65535 bytes each). The output is deterministic: MTIME is 0, OS is 255.
package func gzipCompress(_ bytes: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]
    out.reserveCapacity(bytes.count + bytes.count / 65535 * 5 + 23)
    var offset = 0
    repeat {
        let count = min(65535, bytes.count - offset)
        let isFinal = offset + count == bytes.count
        // BFINAL is bit 0 and BTYPE bits 1-2 of a byte-aligned header; the rest of the byte is padding.
        out.append(isFinal ? 1 : 0)
        out += littleEndianBytes(UInt32(count), width: 2) + littleEndianBytes(UInt32(~UInt16(count)), width: 2)
        out += bytes[offset..<(offset + count)]
        offset += count
    } while offset < bytes.count
    out += littleEndianBytes(gzipCRC32(bytes), width: 4)
    out += littleEndianBytes(UInt32(truncatingIfNeeded: bytes.count), width: 4)
    return out
}

/// The CRC-32 used by gzip (ISO 3309, reflected polynomial 0xEDB88320); `"123456789"` gives 0xCBF43926.
package func gzipCRC32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xffff_ffff
    for byte in bytes {
        crc = crcTable[Int((crc ^ UInt32(byte)) & 0xff)] ^ (crc >> 8)
    }
    return ~crc
}

private let crcTable: [UInt32] = (0..<256).map { index in
    var value = UInt32(index)
    for _ in 0..<8 {
        value = value & 1 == 1 ? 0xedb8_8320 ^ (value >> 1) : value >> 1
    }
    return value
}

func littleEndianBytes(_ value: UInt32, width: Int) -> [UInt8] {
    (0..<width).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
}
