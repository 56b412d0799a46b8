import CassetteCore
import Foundation

/// What a cassette can serve and what it has served: the recorded answers queued by request
/// identity, in recorded order. The pure core of replay, with no URL loading: the protocol asks it
/// for an answer and delivers what it gets.
///
/// A value type: a copy is a snapshot, so a miss is explained from a copy outside any lock.
package struct ReplayTable: Sendable {
    /// The interactions read from the cassette file, in file order.
    package let interactions: [Interaction]
    /// The identity of each interaction's request, by position.
    package let identities: [RequestIdentity]
    /// Each interaction's request in masked form, by position, where computing its identity masked
    /// it: what the match rules' predicate and a miss's explanation compare a live request with
    /// (``maskedRequest(at:)``). `nil` where the identity did not need it (a request whose only
    /// secrets are its `Authorization` credentials).
    private let maskedRequests: [RecordedRequest?]
    /// The matcher the identities come from, which masks what `maskedRequests` lacks.
    private let matcher: RequestMatcher
    /// Each distinct request identity's slot: the index of its queue and cursor, so that taking an
    /// answer hashes the identity once.
    private let slots: [RequestIdentity: Int]
    /// For each slot, the positions of its identity's recorded answers, in recorded order.
    private let queues: [[Int]]
    /// Each interaction's slot, by position.
    private let slotOfPosition: [Int]
    /// The slot of each spelling of a masked recorded request (``Spelling``), when the matcher
    /// lets a live request be looked up as it is (``RequestMatcher/literalIdentity(of:)``); empty
    /// otherwise.
    private let slotsBySpelling: [Spelling: Int]
    /// Whether a request asked for more often than recorded gets the last answer again.
    package let repeatsLast: Bool
    /// Whether the Nth request must be the Nth recorded one (`PlaybackOrder.strict`).
    package let strictOrder: Bool
    /// In strict order, the position of the interaction the next request must match.
    package private(set) var nextInOrder = 0
    /// How many answers of each identity have been served.
    private var cursors: [Int]
    /// How many times each interaction was served, by position.
    package private(set) var servedCounts: [Int]

    /// A table of `interactions`, indexed by the identities `matcher` gives their requests.
    package init(
        interactions: [Interaction], matcher: RequestMatcher, repeatsLast: Bool, order: PlaybackOrder = .any
    ) {
        strictOrder = order == .strict
        self.interactions = interactions
        // Each recorded request masked and hashed once, on every core for a large cassette.
        let matched = Parallel.map(interactions.count, minimumSlice: 256) { matcher.match(interactions[$0].request) }
        let identities = matched.map(\.identity)
        self.identities = identities
        maskedRequests = matched.map(\.masked)
        self.matcher = matcher
        var slots: [RequestIdentity: Int] = [:]
        var queues: [[Int]] = []
        var slotOfPosition: [Int] = []
        slotOfPosition.reserveCapacity(identities.count)
        for (index, identity) in identities.enumerated() {
            if let slot = slots[identity] {
                queues[slot].append(index)
                slotOfPosition.append(slot)
            } else {
                slots[identity] = queues.count
                slotOfPosition.append(queues.count)
                queues.append([index])
            }
        }
        var slotsBySpelling: [Spelling: Int] = [:]
        if matcher.looksUpLiteralRequests {
            for (index, match) in matched.enumerated() {
                // A request masked only in its credentials is spelled as it is in all the rest.
                slotsBySpelling[Spelling(match.masked ?? interactions[index].request)] = slotOfPosition[index]
            }
        }
        self.slots = slots
        self.queues = queues
        self.slotOfPosition = slotOfPosition
        self.slotsBySpelling = slotsBySpelling
        cursors = Array(repeating: 0, count: queues.count)
        self.repeatsLast = repeatsLast
        servedCounts = Array(repeating: 0, count: interactions.count)
    }

    /// Whether the cassette holds nothing to serve.
    package var isEmpty: Bool { interactions.isEmpty }

    /// The position of the next recorded answer to a request with `identity`, counted as served;
    /// `nil` when there is none, or when all were served and the table does not repeat the last.
    ///
    /// - Parameter accepts: Whether a recorded answer (by position) may be served to this request;
    ///   `nil` accepts every one. With a check, the next unserved answer it accepts is taken, and
    ///   past the last, the last one it accepts repeats (when the table repeats). Only the answers
    ///   of `identity` are looked at, so the cost does not grow with the cassette.
    package mutating func take(_ identity: RequestIdentity, accepting accepts: ((Int) -> Bool)? = nil) -> Int? {
        guard let slot = slots[identity] else { return nil }
        return take(slot: slot, accepting: accepts)
    }

    /// Takes the next answer for a live request spelled, in its method, URL, body and
    /// `Content-Type`, exactly as a masked recorded request is: the answer of that recording's
    /// identity, found without computing the live request's identity. `nil` when no recording is
    /// spelled so (or the matcher does not allow looking live requests up as they are), which
    /// proves nothing: look its identity up then.
    package mutating func take(spelledAs request: RecordedRequest) -> Int? {
        guard !slotsBySpelling.isEmpty, let slot = slotsBySpelling[Spelling(request)] else { return nil }
        return take(slot: slot, accepting: nil)
    }

    private mutating func take(slot: Int, accepting accepts: ((Int) -> Bool)?) -> Int? {
        let queue = queues[slot]
        let index: Int
        if strictOrder {
            if nextInOrder < identities.count {
                guard slotOfPosition[nextInOrder] == slot, accepts?(nextInOrder) ?? true else { return nil }
                index = nextInOrder
                nextInOrder += 1
            } else if repeatsLast, let last = queue.last, last == identities.count - 1, accepts?(last) ?? true {
                index = last
            } else {
                return nil
            }
        } else if let accepts {
            let accepted = queue.filter(accepts)
            if let next = accepted.first(where: { servedCounts[$0] == 0 }) {
                index = next
            } else if repeatsLast, let last = accepted.last {
                index = last
            } else {
                return nil
            }
        } else {
            let cursor = cursors[slot]
            if cursor < queue.count {
                cursors[slot] = cursor + 1
                index = queue[cursor]
            } else if repeatsLast {
                index = queue[queue.count - 1]
            } else {
                return nil
            }
        }
        servedCounts[index] += 1
        return index
    }

    /// The positions of the recorded answers to requests with `identity`, in recorded order.
    package func positions(of identity: RequestIdentity) -> [Int] {
        slots[identity].map { queues[$0] } ?? []
    }

    /// The positions of the interactions served at least once, ascending.
    package var servedPositions: [Int] {
        servedCounts.indices.filter { servedCounts[$0] > 0 }
    }

    /// The masked form of the request of the interaction at `index`: kept from opening, or masked now.
    package func maskedRequest(at index: Int) -> RecordedRequest {
        maskedRequests[index] ?? matcher.scrubber.masked(interactions[index].request)
    }

    /// Why no answer was served to `request`: the nearest recorded request and how they differ, or
    /// that its recorded answers were all served.
    ///
    /// Runs only on a miss, so a scan of every recorded request is fine.
    ///
    /// - Parameter request: The live request's identity and masked form.
    package func explainMiss(
        of request: (identity: RequestIdentity, masked: RecordedRequest), cassettePath: String, testName: String?,
        configurationPath: String? = nil
    ) -> ReplayMiss {
        let identity = request.identity
        var miss = ReplayMiss(
            cassettePath: cassettePath, request: identity, nearest: nil, testName: testName,
            configurationPath: configurationPath)
        let live = URLParts(identity.url)
        var best: (index: Int, score: Int)?
        for (index, candidate) in identities.enumerated() {
            let parts = URLParts(candidate.url)
            var score = 0
            if parts.withoutQuery == live.withoutQuery { score += 8 }
            if candidate.method == identity.method { score += 4 }
            if parts.query == live.query { score += 2 }
            if candidate.bodyHash == identity.bodyHash { score += 1 }
            if best == nil || score > best!.score { best = (index, score) }
        }
        guard let best else { return miss }
        if strictOrder, nextInOrder < identities.count,
            let later = positions(of: identity).first(where: {
                $0 > nextInOrder
            })
        {
            miss.outOfOrder = .init(expectedIndex: nextInOrder, expected: identities[nextInOrder], recordedIndex: later)
            return miss
        }
        let nearest = identities[best.index]
        if nearest == identity {
            let served = zip(identities, servedCounts).filter { $0.0 == identity }.map(\.1).reduce(0, +)
            miss.nearest = .init(index: best.index, identity: nearest, differences: [], servedCount: served)
            return miss
        }
        let comparison = MissDiagnosis.compare(
            live: request, recorded: (nearest, maskedRequest(at: best.index)))
        miss.nearest = .init(
            index: best.index, identity: nearest, differences: comparison.differences, servedCount: nil,
            volatileBodyPaths: comparison.volatileBodyPaths, volatileQueryItems: comparison.volatileQueryItems,
            differsOtherwise: comparison.differsOtherwise)
        return miss
    }
}

extension ReplayTable {
    /// What a request's identity is computed from when no header and no predicate takes part in
    /// matching: its method, URL, body and `Content-Type`, as spelled. Requests spelled alike have
    /// one identity.
    fileprivate struct Spelling: Hashable {
        let method: String
        let url: String
        let body: Data?
        let contentType: String?

        init(_ request: RecordedRequest) {
            method = request.method
            url = request.url
            body = request.body
            contentType = request.headers.value(for: "Content-Type")
        }
    }
}
