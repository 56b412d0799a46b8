import CassetteScrubbing

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

    /// The members of every container body in `document`, as text.
    static func texts(of document: CassetteDocument) -> [String] {
        document.interactions.flatMap { interaction in
            [interaction.request.body, interaction.response?.body].compactMap { $0 }.flatMap { body in
                (members([UInt8](body)) ?? []).map { String(decoding: $0, as: UTF8.self) }
            }
        }
    }
}
