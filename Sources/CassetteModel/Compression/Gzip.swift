/// gzip files (RFC 1952): opened to the bytes they hold, and written back around new content.
package enum Gzip {
    /// A gzip header with no name, no time and an unknown operating system.
    package static let plainHeader: [UInt8] = [0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]

    /// Whether `bytes` start like a gzip member (magic, deflate, no reserved flag).
    package static func looksLikeGzip(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 18 && bytes[0] == 0x1f && bytes[1] == 0x8b && bytes[2] == 8 && bytes[3] & 0xe0 == 0
    }

    /// The content of every member joined and the first member's header, or `nil` when `bytes` are
    /// not whole gzip (a bad header, a stream that does not decode, a checksum or size that does not
    /// match, or other bytes after the members than zero padding).
    package static func open(_ bytes: [UInt8], limit: Int) -> (header: [UInt8], content: [UInt8])? {
        var content: [UInt8] = []
        var firstHeader: [UInt8]?
        var start = 0
        while start < bytes.count {
            if firstHeader != nil, bytes[start...].allSatisfy({ $0 == 0 }) { break }
            guard looksLikeGzip(Array(bytes[start..<min(bytes.count, start + 18)])),
                let headerEnd = headerEnd(bytes, from: start),
                let (member, end) = try? Inflate.decode(bytes, from: headerEnd, limit: limit - content.count),
                end + 8 <= bytes.count,
                bytes.littleEndian(at: end, width: 4) == crc32(member),
                bytes.littleEndian(at: end + 4, width: 4) == UInt32(truncatingIfNeeded: member.count)
            else { return nil }
            if firstHeader == nil { firstHeader = Array(bytes[start..<headerEnd]) }
            content += member
            start = end + 8
        }
        guard let firstHeader else { return nil }
        return (firstHeader, content)
    }

    /// One gzip member of `content`, behind `header` (kept as it was, its own CRC included, since
    /// the header's bytes do not change), compressed as stored blocks.
    package static func compress(_ content: [UInt8], header: [UInt8] = plainHeader) -> [UInt8] {
        var out = header
        out += Deflate.stored(content)
        out.appendLittleEndian(crc32(content), width: 4)
        out.appendLittleEndian(UInt32(truncatingIfNeeded: content.count), width: 4)
        return out
    }

    /// Where the deflate stream of the member at `start` begins, past its optional fields.
    private static func headerEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        let flags = bytes[start + 3]
        var index = start + 10
        if flags & 0x04 != 0 {  // FEXTRA
            guard index + 2 <= bytes.count else { return nil }
            index += 2 + Int(bytes.littleEndian(at: index, width: 2))
        }
        for flag: UInt8 in [0x08, 0x10] where flags & flag != 0 {  // FNAME, FCOMMENT: zero-terminated
            guard let zero = bytes[min(index, bytes.count)...].firstIndex(of: 0) else { return nil }
            index = zero + 1
        }
        if flags & 0x02 != 0 { index += 2 }  // FHCRC
        return index < bytes.count ? index : nil
    }
}

/// zlib streams (RFC 1950): a two-byte header, deflate, an Adler-32.
package enum Zlib {
    /// The stream's header and content, or `nil` when `bytes` are not one whole zlib stream.
    package static func open(_ bytes: [UInt8], limit: Int) -> (header: [UInt8], content: [UInt8])? {
        guard bytes.count >= 8, bytes[0] & 0x0f == 8, bytes[0] >> 4 <= 7, bytes[1] & 0x20 == 0,
            (UInt16(bytes[0]) << 8 | UInt16(bytes[1])) % 31 == 0,
            let (content, end) = try? Inflate.decode(bytes, from: 2, limit: limit),
            end + 4 == bytes.count,
            bytes[end..<(end + 4)].reduce(UInt32(0), { $0 << 8 | UInt32($1) }) == adler32(content)
        else { return nil }
        return (Array(bytes[0..<2]), content)
    }

    package static func compress(_ content: [UInt8], header: [UInt8]) -> [UInt8] {
        var out = header
        out += Deflate.stored(content)
        let check = adler32(content)
        for shift in stride(from: 24, through: 0, by: -8) {
            out.append(UInt8(truncatingIfNeeded: check >> UInt32(shift)))
        }
        return out
    }
}
