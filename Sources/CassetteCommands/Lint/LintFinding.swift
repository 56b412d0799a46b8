/// One problem `cassette lint` reports: where it is, which rule, and what to do.
package struct LintFinding: Equatable {
    /// The rules, by the name printed in brackets.
    package enum Rule: String {
        /// The file does not parse or does not fit the format.
        case format
        /// The file is not in the canonical writer's form.
        case canonical
        /// The scrubber would replace something: a secret or an email address.
        case secret
        /// An interaction replay can never serve.
        case unreachable
        /// The project's `.cassette.json` cannot be used.
        case config
        /// An interaction recorded longer ago than the maximum age (`--max-age`, `"maxAge"`).
        case stale
        /// A match rule of `.cassette.json` that matches nothing, or makes different recorded
        /// requests one.
        case match
        /// A temporary file a writer killed mid-write left beside the cassettes (`.NAME.tmp-XXXXXX`).
        case temporary
    }

    /// How serious a finding is: errors fail the run, warnings do not.
    package enum Severity: String {
        case error
        case warning
    }

    package var file: String
    package var line: Int
    package var column: Int
    package var rule: Rule
    package var message: String
    /// Where in the document, when the problem has a place there.
    package var jsonPath: String?
    package var severity: Severity = .error
}
