/// A compressed stream or an archive, opened by what its bytes are (gzip, zlib, ZIP, ustar tar):
/// the members whose content can be read, and the whole written back with some of them replaced.
/// The one place that knows which kinds there are and in which order they are tried.
package enum Container {
    case gzip(header: [UInt8], content: [UInt8])
    case zlib(header: [UInt8], content: [UInt8])
    case zip(ZipArchive)
    case tar(TarArchive)

    /// A member whose content can be read: its index for ``rewritten(_:)`` and its name, if the
    /// container names its members.
    package struct Member {
        package let index: Int
        package let name: String?
        package let content: [UInt8]
    }

    /// The container `bytes` are, opened to at most `limit` bytes; `nil` when they are none.
    package static func open(_ bytes: [UInt8], limit: Int) -> Container? {
        guard bytes.count >= 8 else { return nil }
        if Gzip.looksLikeGzip(bytes), let (header, content) = Gzip.open(bytes, limit: limit) {
            return .gzip(header: header, content: content)
        }
        if bytes[0] == 0x78, let (header, content) = Zlib.open(bytes, limit: limit) {
            return .zlib(header: header, content: content)
        }
        if let zip = ZipArchive(bytes, limit: limit) { return .zip(zip) }
        return TarArchive(bytes).map(Container.tar)
    }

    /// The kind's name, for messages: `gzip`, `zlib`, `ZIP`, `tar`.
    package var kind: String {
        switch self {
        case .gzip: "gzip"
        case .zlib: "zlib"
        case .zip: "ZIP"
        case .tar: "tar"
        }
    }

    package var members: [Member] {
        switch self {
        case .gzip(_, let content), .zlib(_, let content):
            return [Member(index: 0, name: nil, content: content)]
        case .zip(let zip):
            return zip.members.enumerated().compactMap { index, member in
                member.content.map { Member(index: index, name: member.name, content: $0) }
            }
        case .tar(let tar):
            return tar.members.enumerated().compactMap { index, member in
                member.isFile ? Member(index: index, name: member.name, content: tar.content(of: member)) : nil
            }
        }
    }

    /// The container with the members at the given indices holding new content.
    package func rewritten(_ replaced: [Int: [UInt8]]) -> [UInt8] {
        switch self {
        case .gzip(let header, let content): Gzip.compress(replaced[0] ?? content, header: header)
        case .zlib(let header, let content): Zlib.compress(replaced[0] ?? content, header: header)
        case .zip(let zip): zip.rewritten(replaced)
        case .tar(let tar): tar.rewritten(replaced)
        }
    }
}
