import CassetteScrubbing
import Foundation

/// What a body that is a compressed stream or an archive holds, for the corpus searches: the
/// members' bytes, nested containers opened too (a `.tgz` is a tar in gzip).
enum ArchiveContents {
    /// The leaf members' bytes, or `nil` when `bytes` are no container the model reads.
    static func members(_ bytes: [UInt8], depth: Int = 0) -> [[UInt8]]? {
        guard depth < 4, let container = Container.open(bytes, limit: 32 << 20) else { return nil }
        return container.members.flatMap { members($0.content, depth: depth + 1) ?? [$0.content] }
    }

    /// Whether `scrubbed` is the container `original` was, opening to as many members.
    static func isWrittenBackWhole(_ original: [UInt8], as scrubbed: [UInt8]) -> Bool {
        guard let before = members(original), let after = members(scrubbed) else { return false }
        return before.count == after.count
    }

    /// Whether `scrubbed` is the AWS event stream `original` was, as many messages, each with its
    /// lengths and both CRC-32s true (a payload may change length: the messages are framed again).
    static func isEventStreamWrittenBackWhole(_ original: [UInt8], as scrubbed: [UInt8]) -> Bool {
        guard let before = eventStreamMessageCount(original), let after = eventStreamMessageCount(scrubbed) else {
            return false
        }
        return before == after
    }

    /// CRC-32 (IEEE), bit by bit: written apart from the package's table-driven one.
    static func checksum(_ part: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in part {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// One AWS event stream message around `headers` and `payload`.
    static func eventStreamMessage(headers: [UInt8], payload: [UInt8]) -> [UInt8] {
        func word(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
        var message = word(16 + headers.count + payload.count) + word(headers.count)
        message += word(Int(checksum(message[...])))
        message += headers + payload
        return message + word(Int(checksum(message[...])))
    }

    private static func eventStreamMessageCount(_ bytes: [UInt8]) -> Int? {
        func word(_ at: Int) -> UInt32 { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | UInt32($1) } }
        var count = 0
        var index = 0
        while index < bytes.count {
            guard index + 16 <= bytes.count else { return nil }
            let total = Int(word(index))
            guard total >= 16 + Int(word(index + 4)), index + total <= bytes.count,
                checksum(bytes[index..<(index + 8)]) == word(index + 8),
                checksum(bytes[index..<(index + total - 4)]) == word(index + total - 4)
            else { return nil }
            count += 1
            index += total
        }
        return count
    }

    /// The segments of a body made of segments each after its 32-bit little-endian length, or `nil`
    /// when the lengths do not cover it.
    static func lengthFramedSegments(_ bytes: [UInt8]) -> [[UInt8]]? {
        var segments: [[UInt8]] = []
        var index = 0
        while index < bytes.count {
            guard index + 4 <= bytes.count else { return nil }
            let length =
                Int(bytes[index]) | Int(bytes[index + 1]) << 8 | Int(bytes[index + 2]) << 16
                | Int(bytes[index + 3]) << 24
            guard index + 4 + length <= bytes.count else { return nil }
            segments.append(Array(bytes[(index + 4)..<(index + 4 + length)]))
            index += 4 + length
        }
        return segments
    }

    /// Whether `scrubbed` is the length-framed body `original` was, with as many segments, each one
    /// of the same length or text, or a container written back whole.
    static func isLengthFramedWrittenBackWhole(_ original: [UInt8], as scrubbed: [UInt8]) -> Bool {
        guard let before = lengthFramedSegments(original), let after = lengthFramedSegments(scrubbed),
            before.count >= 2, before.count == after.count
        else { return false }
        return zip(before, after).allSatisfy { old, new in
            old.count == new.count || isText(old) && isText(new) || isWrittenBackWhole(old, as: new)
        }
    }

    /// Whether the multipart body `scrubbed` has the parts `original` had, each of the same length,
    /// text on both sides (a form field's value, which its boundary frames, not a length), or a
    /// container written back whole. A binary part that changed length is broken.
    static func isMultipartWrittenBackWhole(_ original: [UInt8], as scrubbed: [UInt8], contentType: String?) -> Bool {
        guard let contentType, let range = contentType.range(of: "boundary=") else { return false }
        let boundary = Array(("--" + contentType[range.upperBound...].trimmingCharacters(in: ["\""])).utf8)
        let before = parts(original, boundary)
        let after = parts(scrubbed, boundary)
        guard before.count > 1, before.count == after.count else { return false }
        return zip(before, after).allSatisfy { old, new in
            old.count == new.count || isText(body(of: old)) && isText(body(of: new))
                || isWrittenBackWhole(body(of: old), as: body(of: new))
        }
    }

    private static func parts(_ bytes: [UInt8], _ boundary: [UInt8]) -> [[UInt8]] {
        var parts: [[UInt8]] = []
        var start = 0
        var index = 0
        while index + boundary.count <= bytes.count {
            if bytes[index..<(index + boundary.count)].elementsEqual(boundary) {
                parts.append(Array(bytes[start..<index]))
                index += boundary.count
                start = index
            } else {
                index += 1
            }
        }
        parts.append(Array(bytes[start...]))
        return parts
    }

    private static func isText(_ bytes: [UInt8]) -> Bool {
        String(validating: bytes, as: UTF8.self) != nil
    }

    /// A part's bytes after its header lines.
    private static func body(of part: [UInt8]) -> [UInt8] {
        let separator: [UInt8] = [0x0D, 0x0A, 0x0D, 0x0A]
        guard part.count >= 4,
            let end = (0...(part.count - 4)).first(where: { part[$0..<($0 + 4)].elementsEqual(separator) })
        else { return part }
        // Without the CRLF that comes before the next boundary.
        return Array(part[(end + 4)...].dropLast(2))
    }

    /// The members of every container body in `document`, as text.
    static func texts(of document: CassetteDocument) -> [String] {
        document.interactions.flatMap { interaction in
            [interaction.request.body, interaction.response?.body].compactMap { $0 }.flatMap { body in
                (members([UInt8](body)) ?? []).map { String(decoding: $0, as: UTF8.self) }
            }
        }
    }
}
