/// One change ``Scrubber/scrub(_:)`` would make to a cassette, as `cassette lint` reports it.
///
/// A finding never holds the secret itself: only where it is, which rule found it, and the
/// placeholder it would become.
public struct ScrubFinding: Sendable, Hashable, CustomStringConvertible {
    /// Where the secret is, as a JSON path into the cassette file
    /// (`interactions[2].response.body.json.user.email`).
    public var path: String
    /// The name of the rule that found it: a ``ScrubRule`` raw value or a custom pattern's name.
    public var rule: String
    /// What was found and what it would become, without the secret
    /// (`value of query item "token" → SCRUBBED-QUERY-1`).
    public var summary: String

    /// Creates a finding.
    public init(path: String, rule: String, summary: String) {
        self.path = path
        self.rule = rule
        self.summary = summary
    }

    /// `path: summary [rule]`.
    public var description: String { "\(path): \(summary) [\(rule)]" }
}
