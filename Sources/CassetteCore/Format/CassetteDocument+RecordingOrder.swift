import Foundation

extension CassetteDocument {
    /// The document with its interactions in the order recording writes them: sorted by the
    /// request's masked matching identity (URL, then method, then body hash), keeping the order of
    /// requests with the same identity.
    ///
    /// Concurrent requests start in an unpredictable order, and a HAR file lists entries in the order
    /// a browser or proxy saw them; sorting makes the file the same however the interactions
    /// arrived, while identical requests, whose order replay depends on, stay in the order they
    /// were made. Recording and `cassette import` both write through this order.
    ///
    /// - Parameter scrubber: The scrubber whose masking defines the identities (the cassette's
    ///   project scrubber), so two requests that differ only in a secret sort as one.
    package func inRecordingOrder(using scrubber: Scrubber) -> CassetteDocument {
        let keyed = interactions.enumerated().map { position, interaction in
            (identity: scrubber.matchingIdentity(of: interaction.request), position: position, interaction: interaction)
        }
        let sorted = keyed.sorted { lhs, rhs in
            let left = lhs.identity
            let right = rhs.identity
            if left.url != right.url { return left.url.utf8.lexicographicallyPrecedes(right.url.utf8) }
            if left.method != right.method { return left.method < right.method }
            if left.bodyHash != right.bodyHash { return left.bodyHash < right.bodyHash }
            return lhs.position < rhs.position
        }
        return CassetteDocument(interactions: sorted.map(\.interaction))
    }
}
