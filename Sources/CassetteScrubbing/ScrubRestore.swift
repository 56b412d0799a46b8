/// A rule whose placeholders replay puts the value of an environment variable back in place of.
///
/// With `ScrubRestore(rule: "authorization", environment: "API_TOKEN")`,
/// ``Scrubber/restoring(_:environment:)`` replaces every `SCRUBBED-TOKEN-<n>` in an interaction with
/// the value of `API_TOKEN`, when it is set.
public struct ScrubRestore: Sendable, Hashable {
    /// A ``ScrubRule`` raw value or a custom pattern's name.
    public var rule: String
    /// The environment variable holding the real value.
    public var environment: String

    /// Creates a restore entry.
    public init(rule: String, environment: String) {
        self.rule = rule
        self.environment = environment
    }
}
