import Foundation

/// A request as matching sees it: the key it is looked up by, and its masked form when computing
/// the key needed it (``RequestMatcher/match(_:)``).
///
/// Made once per live request and once per recorded one, when a cassette is opened, so no request
/// is masked twice.
package struct MatchedRequest: Sendable {
    /// The key replay looks the request up by.
    package let identity: RequestIdentity
    /// The request with every secret replaced by its rule's class token (`Scrubber.masked(_:)`);
    /// `nil` when the key was computed without it (``RequestMatcher/masked(_:of:)`` computes it).
    package let masked: RecordedRequest?

    package init(identity: RequestIdentity, masked: RecordedRequest?) {
        self.identity = identity
        self.masked = masked
    }
}
