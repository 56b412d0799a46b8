import Foundation

/// Decides which recorded request a live request is: the key both are indexed by, and the order a
/// recording writes its interactions in.
///
/// The key is the ``RequestIdentity`` of the request's masked form (``Scrubber/masked(_:)``), so a
/// live request carrying a real token matches its scrubbed recording.
package struct RequestMatcher: Sendable {
    /// The scrubber whose masking the identity is computed from.
    package let scrubber: Scrubber

    package init(scrubber: Scrubber) {
        self.scrubber = scrubber
    }

    /// The key replay looks `request` up by.
    package func identity(of request: RecordedRequest) -> RequestIdentity {
        scrubber.matchingIdentity(of: request)
    }

    /// `interactions` in the order a cassette is written in: sorted by their request's identity (URL,
    /// then method, then body hash), keeping the order of requests with the same identity.
    ///
    /// Concurrent requests start in an unpredictable order; sorting makes the file the same on every
    /// recording, while identical requests, whose order replay depends on, stay in the order they
    /// were made.
    package func inRecordingOrder(_ interactions: [Interaction]) -> [Interaction] {
        let keyed = interactions.enumerated().map { position, interaction in
            (identity: identity(of: interaction.request), position: position, interaction: interaction)
        }
        return keyed.sorted { lhs, rhs in
            let left = lhs.identity
            let right = rhs.identity
            if left.url != right.url { return left.url.utf8.lexicographicallyPrecedes(right.url.utf8) }
            if left.method != right.method { return left.method < right.method }
            if left.bodyHash != right.bodyHash { return left.bodyHash < right.bodyHash }
            return lhs.position < rhs.position
        }.map(\.interaction)
    }
}
