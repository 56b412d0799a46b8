import Foundation

/// A rule of ``MatchRules`` that cannot be used, with where it is among the rules
/// (`ignoreBodyPaths[2]`).
package struct MatchRuleError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The rule's place: its list and position.
    package var place: [JSONPathComponent]
    package var message: String

    package var description: String { "\(JSONPathComponent.text(place)): \(message)" }
}

/// ``MatchRules`` parsed once, as matching applies them on every request.
package struct CompiledMatchRules: Sendable {
    /// One side of an echo rule.
    package enum EchoPlace: Sendable, Hashable {
        case body(JSONPath)
        case header(String)
        case query(String)
    }

    package let ignoredBodyPaths: [JSONPath]
    /// Field names of flat (form, multipart) bodies that `$.field` paths name.
    package let ignoredFields: Set<String>
    package let ignoredQueryItems: Set<String>
    /// Header names that take part in the identity, as given.
    package let headers: [String]
    package let echoes: [(request: EchoPlace, response: EchoPlace)]
    package let predicate: (@Sendable (_ live: RecordedRequest, _ recorded: RecordedRequest) -> Bool)?
    /// Whether the identity is the strict one (no rule changes it).
    package let leavesIdentityAlone: Bool

    /// Strict matching.
    package static let strict = try! CompiledMatchRules(.strict)

    /// Parses `rules`.
    ///
    /// - Throws: ``MatchRuleError`` for a path that is not a JSON path in the accepted subset, an
    ///   empty name, or an echo side that is neither a JSON path nor `header:`/`query:`.
    package init(_ rules: MatchRules) throws(MatchRuleError) {
        var paths: [JSONPath] = []
        var fields: Set<String> = []
        for (index, text) in rules.ignoreBodyPaths.enumerated() {
            guard let path = JSONPath(text) else {
                throw MatchRuleError(
                    place: [.key("ignoreBodyPaths"), .index(index)],
                    message: "\"\(text)\" is not a JSON path like \"$.clientTimestamp\", \"$.items[*].nonce\" or "
                        + "\"$..traceId\"")
            }
            paths.append(path)
            if let field = path.fieldName { fields.insert(field) }
        }
        for (list, names) in [("ignoreQueryItems", rules.ignoreQueryItems), ("headers", rules.headers)] {
            for (index, name) in names.enumerated() where name.isEmpty {
                throw MatchRuleError(place: [.key(list), .index(index)], message: "expected a non-empty name")
            }
        }
        var echoes: [(request: EchoPlace, response: EchoPlace)] = []
        for (index, echo) in rules.echo.enumerated() {
            func place(_ text: String, _ side: String, allowsQuery: Bool) throws(MatchRuleError) -> EchoPlace {
                if text.hasPrefix("header:"), text.count > 7 { return .header(String(text.dropFirst(7))) }
                if allowsQuery, text.hasPrefix("query:"), text.count > 6 { return .query(String(text.dropFirst(6))) }
                if let path = JSONPath(text) { return .body(path) }
                let forms =
                    allowsQuery
                    ? "a JSON path (\"$.requestId\"), \"header:Name\" or \"query:name\""
                    : "a JSON path (\"$.requestId\") or \"header:Name\""
                throw MatchRuleError(
                    place: [.key("echo"), .index(index), .key(side)], message: "\"\(text)\" is not \(forms)")
            }
            echoes.append(
                (
                    try place(echo.request, "request", allowsQuery: true),
                    try place(echo.response, "response", allowsQuery: false)
                ))
        }
        ignoredBodyPaths = paths
        ignoredFields = fields
        ignoredQueryItems = Set(rules.ignoreQueryItems)
        headers = rules.headers
        self.echoes = echoes
        predicate = rules.predicate
        leavesIdentityAlone = paths.isEmpty && rules.ignoreQueryItems.isEmpty && rules.headers.isEmpty
    }
}
