/// Deflate streams (RFC 1951) written as stored blocks only: valid for every decoder, deterministic,
/// and as large as their content (a scrubbed body is written back readable by any tool, not small).
package enum Deflate {
    package static func stored(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + (bytes.count / 65535 + 1) * 5)
        var offset = 0
        repeat {
            let count = min(65535, bytes.count - offset)
            // BFINAL is bit 0 and BTYPE (00) bits 1-2 of a byte-aligned header; the rest is padding.
            out.append(offset + count == bytes.count ? 1 : 0)
            out.appendLittleEndian(UInt32(count), width: 2)
            out.appendLittleEndian(UInt32(~UInt16(count)), width: 2)
            out += bytes[offset..<(offset + count)]
            offset += count
        } while offset < bytes.count
        return out
    }
}
