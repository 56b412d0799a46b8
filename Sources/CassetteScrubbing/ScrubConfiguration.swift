/// A project's additions to, and removals from, the default scrubbing rules.
///
/// Read it from the project's `.cassette.json` as the `scrub` property of
/// `ProjectConfiguration.load(from:)` (`ProjectConfiguration.locate(startingAt:)` finds the file), or
/// build it in code:
///
/// ```swift
/// var configuration = ScrubConfiguration()
/// configuration.headers.append("X-Tenant-Key")
/// configuration.disabledRules.insert(.email)
/// configuration.patterns.append(try ScrubPattern(name: "internal-host", regex: #"[a-z]+\.corp\.example"#,
///                                                replacement: "host.example.invalid"))
/// let scrubber = Scrubber(configuration: configuration)
/// ```
public struct ScrubConfiguration: Sendable, Equatable {
    /// More header names whose values are secrets (compared ignoring case); `secret-header` rule.
    public var headers: [String]
    /// More query item names whose values are secrets (ignoring case); `secret-query` rule.
    public var queryItems: [String]
    /// More JSON keys, form fields and multipart fields whose values are secrets (ignoring case);
    /// `secret-field` rule.
    public var jsonKeys: [String]
    /// JSON paths into bodies whose string values are secrets (`$.user.phone`, `$.items[*].pin`,
    /// `$..badge`); `secret-field` rule. Paths outside the accepted subset (`$`, `.key`, `["key"]`,
    /// `[0]`, `[*]`, `.*`, `..key`), the one match rules take, are ignored here; reading
    /// `.cassette.json` rejects them.
    public var jsonPaths: [String]
    /// The project's own secret shapes, each its own rule.
    public var patterns: [ScrubPattern]
    /// Built-in rules that are switched off.
    public var disabledRules: Set<ScrubRule>
    /// Rules whose placeholders replay replaces with the value of an environment variable.
    public var restore: [ScrubRestore]

    /// Creates a configuration; with no arguments, the default rules alone.
    public init(
        headers: [String] = [], queryItems: [String] = [], jsonKeys: [String] = [], jsonPaths: [String] = [],
        patterns: [ScrubPattern] = [], disabledRules: Set<ScrubRule> = [], restore: [ScrubRestore] = []
    ) {
        self.headers = headers
        self.queryItems = queryItems
        self.jsonKeys = jsonKeys
        self.jsonPaths = jsonPaths
        self.patterns = patterns
        self.disabledRules = disabledRules
        self.restore = restore
    }

    /// Whether a built-in rule is on.
    public func isEnabled(_ rule: ScrubRule) -> Bool {
        !disabledRules.contains(rule)
    }
}
