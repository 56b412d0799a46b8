import Foundation

/// What a recording run writes, from what the file held and what the run recorded: the one place
/// that decides which recorded interaction survives, so that re-recording an unchanged exchange
/// changes nothing and a failed recording never destroys a good one.
package struct RecordingMerge {
    /// How the run treats what the file held.
    package enum Plan: Sendable {
        /// `record`: the file becomes what the run recorded.
        case replaceAll
        /// `newEpisodes`: everything the file held stays; what the run recorded is added.
        case keepAll
        /// Re-recording some requests: each recorded one replaces the file's interactions of its
        /// request; everything else stays.
        case replaceRecorded
    }

    /// What to do with the file.
    package enum Outcome: Equatable {
        /// Write these interactions.
        case write([Interaction])
        /// Write nothing: these recorded interactions are transport failures of requests the file
        /// holds a response for, by position in `recorded`.
        case refuse(failures: [Int])
    }

    /// What the file held, with each interaction's request identity.
    package var existing: [(interaction: Interaction, identity: RequestIdentity)]
    /// What the run recorded (scrubbed), in recording order, with each request's identity.
    package var recorded: [(interaction: Interaction, identity: RequestIdentity)]
    package var volatile: VolatileHeaders
    /// The match rules: what they declare as changing (ignored body fields and query items, echoed
    /// values) is no change.
    package var rules: CompiledMatchRules
    /// Whether the file keeps the order the requests were made in rather than sorting them by
    /// request (`"replay": {"order": "strict"}`, whose replay expects that order): `replaceAll`
    /// writes them as made, and the other plans add new ones at the end.
    package var keepsRequestOrder = false

    package init(
        existing: [(interaction: Interaction, identity: RequestIdentity)],
        recorded: [(interaction: Interaction, identity: RequestIdentity)], volatile: VolatileHeaders,
        rules: CompiledMatchRules = .strict
    ) {
        self.existing = existing
        self.recorded = recorded
        self.volatile = volatile
        self.rules = rules
    }

    /// The interactions to write, or the failures that forbid writing.
    ///
    /// A recorded interaction whose counterpart in the file (the same request, the same occurrence
    /// of it) has the same meaningful content keeps the file's bytes, with the new recording day
    /// (``isUnchanged(_:_:)`` says what counts). A transport failure whose counterpart is a response
    /// is refused unless `allowingFailures`.
    ///
    /// `replaceAll` writes what the run recorded in recording order (``RequestMatcher/precedes(_:_:)``:
    /// sorted by request identity, identical requests in the order they were made); the other plans
    /// keep the file's order and insert new interactions where that order puts them. Each
    /// interaction's identity is the one it came with: nothing is masked or hashed again here.
    package func outcome(_ plan: Plan, allowingFailures: Bool) -> Outcome {
        // The file's interactions by identity, in file order, for counterparts.
        var existingByIdentity: [RequestIdentity: [Int]] = [:]
        for (index, item) in existing.enumerated() { existingByIdentity[item.identity, default: []].append(index) }
        var occurrences: [RequestIdentity: Int] = [:]
        var failures: [Int] = []
        /// Each recorded interaction, resolved against its counterpart, and the counterpart's position.
        var resolved: [(interaction: Interaction, identity: RequestIdentity, counterpart: Int?)] = []
        for (position, item) in recorded.enumerated() {
            let occurrence = occurrences[item.identity, default: 0]
            occurrences[item.identity] = occurrence + 1
            // New episodes are requests the file could not serve: they never replace anything.
            let candidates = plan == .keepAll ? [] : existingByIdentity[item.identity] ?? []
            let counterpart = occurrence < candidates.count ? candidates[occurrence] : nil
            var interaction = item.interaction
            if let counterpart {
                let old = existing[counterpart].interaction
                // A stream cut mid-way is a transport failure too, where the file has an answer that was not.
                if interaction.outcome.endsInTransportError, !old.outcome.endsInTransportError,
                    case .response = old.outcome, !allowingFailures
                {
                    failures.append(position)
                }
                if isUnchanged(old, interaction) {
                    var kept = old
                    kept.recorded = interaction.recorded ?? old.recorded
                    interaction = kept
                }
            }
            resolved.append((interaction, item.identity, counterpart))
        }
        if !failures.isEmpty { return .refuse(failures: failures) }
        switch plan {
        case .replaceAll where keepsRequestOrder:
            return .write(resolved.map(\.interaction))
        case .replaceAll:
            // Concurrent requests start in an unpredictable order; sorting makes the file the same on
            // every recording, while identical requests, whose order replay depends on, stay in the
            // order they were made.
            let ordered = resolved.enumerated().sorted { left, right in
                guard left.element.identity != right.element.identity else { return left.offset < right.offset }
                return RequestMatcher.precedes(left.element.identity, right.element.identity)
            }
            return .write(ordered.map(\.element.interaction))
        case .keepAll, .replaceRecorded:
            // The file's order stays; a re-recorded interaction takes its counterpart's place, the
            // file's other interactions of a re-recorded request go, and new ones are inserted.
            let replacedIdentities = Set(resolved.filter { $0.counterpart != nil }.map(\.identity))
            var result: [(interaction: Interaction, identity: RequestIdentity)] = []
            var byCounterpart: [Int: Interaction] = [:]
            for item in resolved {
                if let counterpart = item.counterpart { byCounterpart[counterpart] = item.interaction }
            }
            for (index, item) in existing.enumerated() {
                if let replacement = byCounterpart[index] {
                    result.append((replacement, item.identity))
                } else if plan == .keepAll || !replacedIdentities.contains(item.identity) {
                    result.append(item)
                }
            }
            for item in resolved where item.counterpart == nil {
                // After every interaction that does not sort after it: identical requests stay in the
                // order they were made.
                let position =
                    keepsRequestOrder
                    ? result.count
                    : result.lastIndex { !RequestMatcher.precedes(item.identity, $0.identity) }.map { $0 + 1 } ?? 0
                result.insert((item.interaction, item.identity), at: position)
            }
            return .write(result.map(\.interaction))
        }
    }

    /// Whether `new` says what `old` says, for two interactions whose requests have one identity
    /// (method, normalised URL and canonical body, less what the match rules leave out).
    ///
    /// Compared in canonical form, less what changes on every run by declaration: request headers
    /// other than the volatile ones (``VolatileHeaders``, which apply to requests too) and
    /// `Content-Length`; the redirect hops; the status, the final URL (without the ignored query
    /// items), the response headers other than the volatile ones and `Content-Length`, and the
    /// response body in canonical form (JSON members sorted, numbers canonical) after the echo rules
    /// fill `old`'s response from `new`'s request. The recording day never counts.
    package func isUnchanged(_ old: Interaction, _ new: Interaction) -> Bool {
        guard comparable(old.request.headers) == comparable(new.request.headers),
            old.redirects.count == new.redirects.count
        else { return false }
        for (left, right) in zip(old.redirects, new.redirects) {
            guard left.method == right.method, withoutIgnoredItems(left.url) == withoutIgnoredItems(right.url),
                left.status == right.status, volatile.comparable(left.headers) == volatile.comparable(right.headers)
            else { return false }
        }
        switch (old.outcome, new.outcome) {
        case (.failure(let left), .failure(let right)):
            return left == right
        case (.response(let recorded), .response(let right)):
            let left = rules.echoing(into: recorded, from: new.request)
            // A stream compares chunk by chunk (its boundaries are in the file) and by the error that
            // ended it; its gaps count only by being there, so timing alone never rewrites a file.
            return left.status == right.status
                && left.url.map(withoutIgnoredItems) == right.url.map(withoutIgnoredItems)
                && comparable(left.headers) == comparable(right.headers)
                && left.stream?.chunks == right.stream?.chunks && left.stream?.error == right.stream?.error
                && (left.stream?.gaps == nil) == (right.stream?.gaps == nil)
                && canonicalBody(left) == canonicalBody(right)
        default:
            return false
        }
    }

    /// Headers as a comparison sees them: without the volatile ones and `Content-Length`, which
    /// follows the body (compared on its own, in canonical form).
    private func comparable(_ headers: [HTTPHeader]) -> [HTTPHeader] {
        volatile.comparable(headers).filter { !$0.hasName("Content-Length") }
    }

    private func canonicalBody(_ response: RecordedResponse) -> [UInt8] {
        CanonicalBody.bytes(of: response.body ?? Data(), contentType: response.headers.value(for: "Content-Type"))
    }

    private func withoutIgnoredItems(_ url: String) -> String {
        rules.ignoredQueryItems.isEmpty ? url : URLParts.removingQueryItems(named: rules.ignoredQueryItems, from: url)
    }
}

extension Interaction.Outcome {
    /// Whether the request ended in a transport error: a failure, or a stream cut after its head.
    package var endsInTransportError: Bool {
        switch self {
        case .failure: true
        case .response(let response): response.stream?.error != nil
        }
    }
}
