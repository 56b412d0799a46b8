/// What a served cassette did with its requests.
package struct ServeCounters: Sendable, Equatable {
    package var requests = 0
    /// Answered from the cassette.
    package var replayed = 0
    /// Forwarded to the upstream (recorded, or checked in verify mode).
    package var forwarded = 0
    package var missed = 0
    /// Answers cut short: recorded transport errors, streams cut mid-way, clients that went away.
    package var cut = 0
    /// The cassette server's own errors (599s other than misses).
    package var errors = 0

    package init() {}

    mutating func add(_ outcome: ServeOutcome, forwarded wasForwarded: Bool) {
        requests += 1
        switch outcome {
        case .answered:
            if wasForwarded { forwarded += 1 } else { replayed += 1 }
        case .missed: missed += 1
        case .cassetteError: errors += 1
        case .transportError, .clientGone:
            if wasForwarded { forwarded += 1 }
            cut += 1
        }
    }
}
