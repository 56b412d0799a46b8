/// Declared tolerance for requests that carry changing values: what matching leaves out of a
/// request's identity, what it adds, and what replay echoes back from the live request.
///
/// Matching is strict by default. Rules come from the `"match"` section of the project's
/// `.cassette.json` and from code (`Cassette.Options(matching:)`); a cassette uses both.
///
/// ```swift
/// let rules = MatchRules(
///     ignoreBodyPaths: ["$.clientTimestamp", "$.requestId", "$.items[*].nonce", "$..traceId"],
///     ignoreQueryItems: ["_", "timestamp"],
///     headers: ["Authorization", "Accept"],
///     echo: [.init(request: "$.requestId", response: "$.requestId")])
/// ```
public struct MatchRules: Sendable {
    /// JSON paths (`$.a.b`, `$.a[0]`, `$.items[*].nonce`, `$..traceId`) left out of the body hash.
    /// For form and multipart bodies, `$.field` names a field.
    public var ignoreBodyPaths: [String]
    /// Query item names left out of the URL.
    public var ignoreQueryItems: [String]
    /// Request headers that must match too, compared after scrubbing: `Authorization` matches on
    /// its presence and scheme, never on the token.
    public var headers: [String]
    /// Values replay copies from the live request into the recorded response.
    public var echo: [Echo]
    /// A last check, for what the declarative rules cannot say: called with the live request and a
    /// recorded request of the same identity (both scrubbed), after the indexed lookup, so replay
    /// stays independent of the cassette's size. A recorded answer it rejects is not served.
    public var predicate: (@Sendable (_ live: RecordedRequest, _ recorded: RecordedRequest) -> Bool)?

    /// A value replay copies from the live request into the recorded response, so a client that
    /// checks an echoed request id or timestamp still passes.
    ///
    /// Each side is a JSON path into the body (`$.requestId`) or `header:Name` (`header:X-Request-Id`);
    /// the request side may also be `query:name`.
    public struct Echo: Sendable, Hashable {
        /// Where the value is in the live request.
        public var request: String
        /// Where it goes in the recorded response.
        public var response: String

        public init(request: String, response: String) {
            self.request = request
            self.response = response
        }
    }

    public init(
        ignoreBodyPaths: [String] = [], ignoreQueryItems: [String] = [], headers: [String] = [], echo: [Echo] = [],
        predicate: (@Sendable (_ live: RecordedRequest, _ recorded: RecordedRequest) -> Bool)? = nil
    ) {
        self.ignoreBodyPaths = ignoreBodyPaths
        self.ignoreQueryItems = ignoreQueryItems
        self.headers = headers
        self.echo = echo
        self.predicate = predicate
    }

    /// Strict matching: method, URL and body hash only.
    public static let strict = MatchRules()

    /// Whether there is no rule at all.
    public var isStrict: Bool {
        ignoreBodyPaths.isEmpty && ignoreQueryItems.isEmpty && headers.isEmpty && echo.isEmpty && predicate == nil
    }

    /// These rules and `other`'s together; `other`'s predicate runs after this one's.
    public func merging(_ other: MatchRules) -> MatchRules {
        var merged = self
        merged.ignoreBodyPaths += other.ignoreBodyPaths.filter { !ignoreBodyPaths.contains($0) }
        merged.ignoreQueryItems += other.ignoreQueryItems.filter { !ignoreQueryItems.contains($0) }
        merged.headers += other.headers.filter { name in !headers.contains { HTTPHeader.namesEqual($0, name) } }
        merged.echo += other.echo.filter { !echo.contains($0) }
        if let first = predicate, let second = other.predicate {
            merged.predicate = { live, recorded in first(live, recorded) && second(live, recorded) }
        } else {
            merged.predicate = predicate ?? other.predicate
        }
        return merged
    }
}
