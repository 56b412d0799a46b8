import CassetteCore
import Foundation

extension Cassette {
    /// Writes `interactions`, what this recording resolved from the file it read (`table`), with
    /// the cassette's folder locked against other writers. When the file changed since it was read
    /// (another cassette on the same file, a parallel test, another process), what the other writer
    /// added or removed is merged in (``ConcurrentWriteMerge``) rather than lost.
    ///
    /// - Returns: The SHA-256 of the bytes written, and how many interactions they hold.
    /// - Throws: ``CassetteError/changedWhileRecording(_:)`` when the file changed and cannot be
    ///   read now (a recording in ``Mode/record`` replaces it by design), and
    ///   ``CassetteError/writeFailed(_:)``.
    func store(_ interactions: [Interaction], over table: ReplayTable) throws(CassetteError) -> (
        hash: String, count: Int
    ) {
        let writer = AtomicFile.Writer(fileURL)
        var result = interactions
        let current = writer.read()
        if let current, SHA256.hexDigest(current) != openedHash {
            do throws(CassetteReadError) {
                let theirs = try CassetteDocument.decode(current, path: fileURL.path).interactions
                result = ConcurrentWriteMerge.merged(
                    base: table.interactions, theirs: theirs.map { ($0, matcher.identity(of: $0.request)) },
                    ours: interactions.map { ($0, matcher.identity(of: $0.request)) }, precedes: RequestMatcher.precedes
                )
            } catch {
                // Record mode replaces an unreadable file by design; the others never overwrite one.
                if plan != .record { throw CassetteError.changedWhileRecording(error) }
            }
        }
        // Written out one interaction at a time, hashed on the way for the usage ledger.
        let document = CassetteDocument(interactions: result)
        var hasher = SHA256()
        do throws(AtomicWriteError) {
            try writer.write(chunks: { emit in
                document.encode { chunk in
                    hasher.update(chunk.assumingMemoryBound(to: UInt8.self))
                    emit(chunk)
                }
            })
        } catch {
            throw CassetteError.writeFailed(error)
        }
        return (hasher.finalizeHex(), result.count)
    }
}
