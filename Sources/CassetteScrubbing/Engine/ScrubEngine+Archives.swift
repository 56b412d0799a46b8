import Foundation

extension ScrubEngine {
    /// The most bytes a compressed body or an archive is opened to (a small body can expand a
    /// thousandfold); past it the body is searched as the bytes it is.
    static let openedArchiveLimit = 32 << 20

    /// A compressed body or an archive (gzip, zlib, ZIP, tar, and any of them inside another),
    /// opened: each member scrubbed as a body of its own, by what it holds, and the whole written
    /// back with changed members stored uncompressed and the container's sizes, offsets and
    /// checksums made true. `nil` when `bytes` are none of these; `.some(nil)` when nothing in them
    /// changed.
    mutating func walkArchive(_ bytes: [UInt8], path: [JSONPathComponent]) -> [UInt8]?? {
        guard depth < ScrubEngine.maximumDepth, bytes.count >= 8 else { return nil }
        let limit = ScrubEngine.openedArchiveLimit
        if Gzip.looksLikeGzip(bytes), let (header, content) = Gzip.open(bytes, limit: limit) {
            return .some(
                walkMember(content, place: "in the gzip-compressed bytes", path: path).map {
                    Gzip.compress($0, header: header)
                })
        }
        if bytes[0] == 0x78, let (header, content) = Zlib.open(bytes, limit: limit) {
            return .some(
                walkMember(content, place: "in the zlib-compressed bytes", path: path).map {
                    Zlib.compress($0, header: header)
                })
        }
        if let zip = ZipArchive(bytes, limit: limit) {
            var replaced: [Int: [UInt8]] = [:]
            for (index, member) in zip.members.enumerated() {
                guard let content = member.content else { continue }
                replaced[index] = walkMember(content, place: "in ZIP member \"\(member.name)\"", path: path)
            }
            return .some(replaced.isEmpty ? nil : zip.rewritten(replaced))
        }
        if let tar = TarArchive(bytes) {
            var replaced: [Int: [UInt8]] = [:]
            for (index, member) in tar.members.enumerated() where member.isFile {
                let content = Array(bytes[member.data])
                replaced[index] = walkMember(content, place: "in tar member \"\(member.name)\"", path: path)
            }
            return .some(replaced.isEmpty ? nil : tar.rewritten(replaced))
        }
        return nil
    }

    /// One member, scrubbed like a body of unknown type; its length is free, since the container
    /// is written back around it.
    private mutating func walkMember(_ content: [UInt8], place: String, path: [JSONPathComponent]) -> [UInt8]? {
        guard !content.isEmpty else { return nil }
        depth += 1
        places.append(place)
        let saved = fitsLength
        fitsLength = false
        defer {
            depth -= 1
            places.removeLast()
            fitsLength = saved
        }
        return walkBinary(content, mediaType: nil, path: path)
    }
}
