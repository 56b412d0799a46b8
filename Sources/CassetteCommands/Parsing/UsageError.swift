/// A command line `cassette` cannot run: an unknown option or command, a missing value, a path
/// that does not exist. Printed with the command's usage; exits 64.
package struct UsageError: Error, Equatable {
    /// The first line, without the `error: ` prefix.
    package var message: String
    /// A hint such as `did you mean 'lint'?`.
    package var suggestion: String?

    package init(_ message: String, suggestion: String? = nil) {
        self.message = message
        self.suggestion = suggestion
    }

    /// An unknown word (`what` is `command` or `option`), with the closest of `candidates`
    /// suggested when one is close.
    package static func unknown(_ what: String, _ word: String, candidates: [String]) -> UsageError {
        UsageError("unknown \(what) '\(word)'", suggestion: Suggestion.didYouMean(word, in: candidates))
    }

    /// A value outside the closed set `option` accepts:
    /// `unknown format 'xml'; valid formats are text, github, json`.
    package static func notAllowed(_ value: String, of option: CommandOption) -> UsageError {
        let valid = option.allowedValues.map(\.name)
        let what = option.valueName ?? "value"
        return UsageError(
            "unknown \(what) '\(value)'; valid \(what)s are \(valid.joined(separator: ", "))",
            suggestion: Suggestion.didYouMean(value, in: valid))
    }
}
