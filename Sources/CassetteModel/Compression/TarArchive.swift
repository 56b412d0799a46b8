/// A tar archive (POSIX ustar): its members found by their 512-byte headers, and written back with
/// new content for some of them, each header's size and checksum made true again.
package struct TarArchive {
    package struct Member {
        package let name: String
        /// Whether the member is a file whose data is its content (not a link, a folder or a pax
        /// header).
        package let isFile: Bool
        /// Where the member's content lies in the archive's bytes.
        package let data: Range<Int>
        fileprivate let header: Range<Int>
    }

    package let members: [Member]
    private let bytes: [UInt8]
    /// The end-of-archive blocks and any padding after them.
    private let tail: Range<Int>

    /// `nil` when `bytes` are not a ustar archive whose every header checksums and whose members
    /// lie inside it.
    package init?(_ bytes: [UInt8]) {
        guard bytes.count >= 1024, bytes[257..<262].elementsEqual("ustar".utf8) else { return nil }
        var members: [Member] = []
        var offset = 0
        var hasPaxSize = false
        while offset + 512 <= bytes.count, !bytes[offset..<(offset + 512)].allSatisfy({ $0 == 0 }) {
            let header = Array(bytes[offset..<(offset + 512)])
            guard let size = Self.octal(header[124..<136]), let checksum = Self.octal(header[148..<156]),
                checksum == Self.checksum(header)
            else { return nil }
            let dataStart = offset + 512
            guard dataStart + size <= bytes.count else { return nil }
            let type = header[156]
            // A pax header can give a member's size in place of its header; such an archive is not
            // rewritten with new lengths.
            if type == UInt8(ascii: "x") || type == UInt8(ascii: "g"),
                String(decoding: bytes[dataStart..<(dataStart + size)], as: UTF8.self).contains(" size=")
            {
                hasPaxSize = true
            }
            let prefix = header[257..<263].elementsEqual("ustar\0".utf8) ? Self.string(header[345..<500]) : ""
            let name = Self.string(header[0..<100])
            members.append(
                Member(
                    name: prefix.isEmpty ? name : prefix + "/" + name,
                    isFile: !hasPaxSize && (type == 0 || type == UInt8(ascii: "0") || type == UInt8(ascii: "7")),
                    data: dataStart..<(dataStart + size), header: offset..<dataStart))
            offset = dataStart + (size + 511) / 512 * 512
        }
        guard !members.isEmpty, offset <= bytes.count else { return nil }
        self.members = members
        self.bytes = bytes
        tail = offset..<bytes.count
    }

    /// The bytes of a member of this archive.
    package func content(of member: Member) -> [UInt8] { Array(bytes[member.data]) }

    /// The archive with the members at the given indices holding new content, ending with the
    /// end-of-archive marker.
    package func rewritten(_ replaced: [Int: [UInt8]]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        for (index, member) in members.enumerated() {
            var header = Array(bytes[member.header])
            let data = replaced[index].map { $0[...] } ?? bytes[member.data]
            if replaced[index] != nil {
                header.replaceSubrange(124..<136, with: Self.octalField(data.count, digits: 11) + [0])
                header.replaceSubrange(148..<156, with: [UInt8](repeating: 0x20, count: 8))
                header.replaceSubrange(148..<156, with: Self.octalField(Self.checksum(header), digits: 6) + [0, 0x20])
            }
            out += header
            out += data
            out += repeatElement(0, count: (512 - data.count % 512) % 512)
        }
        // The end-of-archive marker is two zero blocks; a writer's padding to its record size (tar's
        // 10,240 bytes) is not needed, and written back uncompressed it would only weigh.
        out += bytes[tail].allSatisfy { $0 == 0 } ? [UInt8](repeating: 0, count: 1_024)[...] : bytes[tail]
        return out
    }

    /// The sum of a header's bytes with its checksum field read as spaces.
    private static func checksum(_ header: [UInt8]) -> Int {
        var sum = 8 * 0x20
        for (index, byte) in header.enumerated() where !(148..<156).contains(index) { sum += Int(byte) }
        return sum
    }

    /// An octal number padded with spaces or NULs; `nil` for base-256 or anything else.
    private static func octal(_ field: ArraySlice<UInt8>) -> Int? {
        var value = 0
        var digits = 0
        for byte in field {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                value = value * 8 + Int(byte - UInt8(ascii: "0"))
                digits += 1
                guard value < 1 << 40 else { return nil }
            case 0, 0x20: if digits > 0 { return value }
            default: return nil
            }
        }
        return digits > 0 ? value : nil
    }

    private static func octalField(_ value: Int, digits: Int) -> [UInt8] {
        let text = String(value, radix: 8)
        return Array((String(repeating: "0", count: max(0, digits - text.count)) + text).utf8)
    }

    private static func string(_ field: ArraySlice<UInt8>) -> String {
        String(decoding: field.prefix { $0 != 0 }, as: UTF8.self)
    }
}
