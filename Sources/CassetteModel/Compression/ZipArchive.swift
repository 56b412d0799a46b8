/// A ZIP archive (PKWARE APPNOTE), read through its central directory: each member's name and,
/// when it is stored or deflated and not encrypted, its content. Written back with changed members
/// stored uncompressed and every offset, size and checksum made true again.
package struct ZipArchive {
    package struct Member {
        package let name: String
        /// The member's bytes; `nil` when they cannot be read (encrypted, another method).
        package let content: [UInt8]?
        fileprivate let central: Range<Int>
        fileprivate let local: Range<Int>
        fileprivate let data: Range<Int>
    }

    package let members: [Member]
    private let bytes: [UInt8]
    private let endRecord: Range<Int>

    private static let centralSignature: UInt32 = 0x0201_4b50
    private static let localSignature: UInt32 = 0x0403_4b50
    private static let endSignature: UInt32 = 0x0605_4b50

    /// `nil` when `bytes` are not a whole single-disk ZIP archive whose members all lie inside it,
    /// or when its members would decompress to more than `limit` bytes.
    package init?(_ bytes: [UInt8], limit: Int) {
        guard bytes.count >= 22, bytes.littleEndian(at: 0, width: 4) == Self.localSignature,
            let end = Self.endRecord(bytes)
        else { return nil }
        let count = Int(bytes.littleEndian(at: end + 10, width: 2))
        let directorySize = Int(bytes.littleEndian(at: end + 12, width: 4))
        var cursor = Int(bytes.littleEndian(at: end + 16, width: 4))
        // One disk, no ZIP64.
        guard bytes.littleEndian(at: end + 4, width: 4) == 0, Int(bytes.littleEndian(at: end + 8, width: 2)) == count,
            cursor + directorySize <= end
        else { return nil }
        var members: [Member] = []
        var total = 0
        for _ in 0..<count {
            guard cursor + 46 <= end, bytes.littleEndian(at: cursor, width: 4) == Self.centralSignature else {
                return nil
            }
            let flags = bytes.littleEndian(at: cursor + 8, width: 2)
            let method = bytes.littleEndian(at: cursor + 10, width: 2)
            let checksum = bytes.littleEndian(at: cursor + 16, width: 4)
            let compressedSize = Int(bytes.littleEndian(at: cursor + 20, width: 4))
            let size = Int(bytes.littleEndian(at: cursor + 24, width: 4))
            let nameLength = Int(bytes.littleEndian(at: cursor + 28, width: 2))
            let extraLength = Int(bytes.littleEndian(at: cursor + 30, width: 2))
            let commentLength = Int(bytes.littleEndian(at: cursor + 32, width: 2))
            let localStart = Int(bytes.littleEndian(at: cursor + 42, width: 4))
            let centralEnd = cursor + 46 + nameLength + extraLength + commentLength
            guard centralEnd <= end, localStart + 30 <= bytes.count,
                bytes.littleEndian(at: localStart, width: 4) == Self.localSignature
            else { return nil }
            let dataStart =
                localStart + 30 + Int(bytes.littleEndian(at: localStart + 26, width: 2))
                + Int(bytes.littleEndian(at: localStart + 28, width: 2))
            guard dataStart + compressedSize <= bytes.count else { return nil }
            let data = dataStart..<(dataStart + compressedSize)
            var content: [UInt8]?
            if flags & 1 == 0, size <= limit - total {
                switch method {
                case 0: content = Array(bytes[data])
                case 8: content = try? Inflate.decode(Array(bytes[data]), limit: size).bytes
                default: content = nil
                }
                if let read = content, read.count != size || crc32(read) != checksum { content = nil }
                total += content?.count ?? 0
            }
            let nameBytes = bytes[(cursor + 46)..<(cursor + 46 + nameLength)]
            members.append(
                Member(
                    name: String(decoding: nameBytes, as: UTF8.self), content: content, central: cursor..<centralEnd,
                    local: localStart..<dataStart, data: data))
            cursor = centralEnd
        }
        self.members = members
        self.bytes = bytes
        endRecord = end..<bytes.count
    }

    /// The archive with the members at the given indices holding new content (stored, method 0),
    /// the others' data copied as it was.
    package func rewritten(_ replaced: [Int: [UInt8]]) -> [UInt8] {
        var out: [UInt8] = []
        var directory: [UInt8] = []
        for (index, member) in members.enumerated() {
            var local = Array(bytes[member.local])
            var central = Array(bytes[member.central])
            let offset = UInt32(out.count)
            // Sizes and checksum go in the headers; no data descriptor follows the data.
            let flagsLocal = local.littleEndian(at: 6, width: 2) & ~0x0008
            let flagsCentral = central.littleEndian(at: 8, width: 2) & ~0x0008
            local.setLittleEndian(flagsLocal, at: 6, width: 2)
            central.setLittleEndian(flagsCentral, at: 8, width: 2)
            let data: ArraySlice<UInt8>
            if let content = replaced[index] {
                data = content[...]
                let checksum = crc32(content)
                let size = UInt32(content.count)
                func describe(_ header: inout [UInt8], methodAt: Int, checksumAt: Int) {
                    header.setLittleEndian(0, at: methodAt, width: 2)  // stored
                    header.setLittleEndian(checksum, at: checksumAt, width: 4)
                    header.setLittleEndian(size, at: checksumAt + 4, width: 4)
                    header.setLittleEndian(size, at: checksumAt + 8, width: 4)
                }
                describe(&local, methodAt: 8, checksumAt: 14)
                describe(&central, methodAt: 10, checksumAt: 16)
            } else {
                data = bytes[member.data]
                // The central directory's checksum and sizes are the true ones.
                local.replaceSubrange(14..<26, with: central[16..<28])
            }
            central.setLittleEndian(offset, at: 42, width: 4)
            out += local
            out += data
            directory += central
        }
        var end = Array(bytes[endRecord])
        end.setLittleEndian(UInt32(directory.count), at: 12, width: 4)
        end.setLittleEndian(UInt32(out.count), at: 16, width: 4)
        out += directory
        out += end
        return out
    }

    /// Where the end-of-central-directory record starts: the last signature whose comment reaches
    /// the end of the bytes exactly.
    private static func endRecord(_ bytes: [UInt8]) -> Int? {
        let lowest = max(0, bytes.count - 22 - 65535)
        var index = bytes.count - 22
        while index >= lowest {
            if bytes.littleEndian(at: index, width: 4) == endSignature,
                index + 22 + Int(bytes.littleEndian(at: index + 20, width: 2)) == bytes.count
            {
                return index
            }
            index -= 1
        }
        return nil
    }
}
