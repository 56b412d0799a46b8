import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The `HTTPURLResponse` built for each recorded answer that replay serves exactly as recorded
/// (``Playback/position``), kept for the next request that gets the same answer at the same URL.
///
/// An `HTTPURLResponse` is immutable, and building one (Foundation sanitizes the header fields,
/// parses the content type and derives a file name) was the largest part of what replay added to
/// a hand-written stub for an answer served again (a polling loop, a cassette that repeats its
/// last answer). A first serve builds it as before. One per cassette, shared by its sessions, with
/// a slot per recorded interaction.
final class ResponseHeads: Sendable {
    private let built: Locked<[HTTPURLResponse?]>

    /// Slots for the answers at positions `0..<count` of a cassette.
    init(count: Int) {
        built = Locked(Array(repeating: nil, count: count))
    }

    /// The response for the recorded answer at `position` when served at `url`: the one built
    /// before for the same position and URL, or the one `build` makes now (kept for next time).
    func response(at position: Int, url: URL, build: () -> HTTPURLResponse?) -> HTTPURLResponse? {
        let kept = built.withLock { $0.indices.contains(position) ? $0[position] : nil }
        if let kept, kept.url == url { return kept }
        guard let response = build() else { return nil }
        built.withLock { if $0.indices.contains(position) { $0[position] = response } }
        return response
    }
}
