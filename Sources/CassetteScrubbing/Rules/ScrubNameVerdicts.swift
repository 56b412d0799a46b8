import Foundation

/// The answers a ``ScrubNameMatcher`` has given, so each name is split into words and looked up
/// once: replay asks about the same few header and query item names on every request.
///
/// Holds at most ``capacity`` names; past that, names are answered without being remembered.
final class ScrubNameVerdicts: @unchecked Sendable {
    /// A name in a context: what a verdict is remembered by (here and in each engine's own memory).
    struct Key: Hashable {
        let name: String
        let context: ScrubNameMatcher.Context
    }

    static let capacity = 4096
    private let lock = NSLock()
    private var verdicts: [Key: ScrubNameMatcher.Traits] = [:]  // guarded by `lock`

    /// The remembered verdict on `name` in `context`, or `compute()`'s, remembered.
    func verdict(
        on name: String, in context: ScrubNameMatcher.Context, compute: () -> ScrubNameMatcher.Traits
    ) -> ScrubNameMatcher.Traits {
        let key = Key(name: name, context: context)
        lock.lock()
        let known = verdicts[key]
        lock.unlock()
        if let known { return known }
        let verdict = compute()
        lock.lock()
        if verdicts.count < ScrubNameVerdicts.capacity { verdicts[key] = verdict }
        lock.unlock()
        return verdict
    }
}
