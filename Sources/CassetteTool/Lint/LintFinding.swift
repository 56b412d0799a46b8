/// One problem `cassette lint` reports: where it is, which rule, and what to do.
struct LintFinding: Equatable {
    /// The rules, by the name printed in brackets.
    enum Rule: String {
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
    }

    var file: String
    var line: Int
    var column: Int
    var rule: Rule
    var message: String
    /// Where in the document, when the problem has a place there.
    var jsonPath: String?
}
