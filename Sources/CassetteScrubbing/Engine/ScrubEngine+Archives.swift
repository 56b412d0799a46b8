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
        guard depth < ScrubEngine.maximumDepth,
            let container = Container.open(bytes, limit: ScrubEngine.openedArchiveLimit)
        else { return nil }
        var replaced: [Int: [UInt8]] = [:]
        for member in container.members {
            let place =
                member.name.map { "in \(container.kind) member \"\($0)\"" }
                ?? "in the \(container.kind)-compressed bytes"
            replaced[member.index] = walkMember(member.content, place: place, path: path)
        }
        return .some(replaced.isEmpty ? nil : container.rewritten(replaced))
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
