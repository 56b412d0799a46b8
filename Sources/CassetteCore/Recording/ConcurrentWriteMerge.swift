/// What a recording writes when another writer (a parallel test on the same cassette, another
/// process) changed the file after the recording read it: a three-way merge of what was read (the
/// base), what the file holds now (theirs) and what this recording would write (ours), so that
/// neither writer's new interactions vanish.
///
/// - Interactions the other writer added (in theirs, not in the base) are kept, each where
///   recording order puts it, unless ours also recorded that request anew (ours wins for it) or
///   already has the same interaction.
/// - Interactions the other writer removed (in the base, not in theirs) are removed from ours too,
///   where ours kept them unchanged.
/// - Everything else is ours.
package enum ConcurrentWriteMerge {
    package typealias Item = (interaction: Interaction, identity: RequestIdentity)

    package static func merged(
        base: [Interaction], theirs: [Item], ours: [Item], precedes: (RequestIdentity, RequestIdentity) -> Bool
    ) -> [Interaction] {
        var baseCounts: [Interaction: Int] = [:]
        for interaction in base { baseCounts[interaction, default: 0] += 1 }
        // Theirs, less the base: what the other writer added. What is left of the base: what it removed.
        var unmatchedBase = baseCounts
        var added: [Item] = []
        for item in theirs {
            if let count = unmatchedBase[item.interaction], count > 0 {
                unmatchedBase[item.interaction] = count - 1
            } else {
                added.append(item)
            }
        }
        var removed = unmatchedBase.filter { $0.value > 0 }
        // Ours, less what the other writer removed; and the requests ours recorded anew.
        var result: [Item] = []
        var remainingBase = baseCounts
        var recordedByUs: Set<RequestIdentity> = []
        for item in ours {
            if let count = remainingBase[item.interaction], count > 0 {
                remainingBase[item.interaction] = count - 1
                if let gone = removed[item.interaction], gone > 0 {
                    removed[item.interaction] = gone - 1
                    continue
                }
            } else {
                recordedByUs.insert(item.identity)
            }
            result.append(item)
        }
        var present: [Interaction: Int] = [:]
        for item in result { present[item.interaction, default: 0] += 1 }
        for item in added where !recordedByUs.contains(item.identity) {
            if let count = present[item.interaction], count > 0 {
                present[item.interaction] = count - 1
                continue
            }
            // After every interaction that does not sort after it, as recording inserts new ones.
            let position = result.lastIndex { !precedes(item.identity, $0.identity) }.map { $0 + 1 } ?? 0
            result.insert(item, at: position)
        }
        return result.map(\.interaction)
    }
}
