/// A command line `cassette` cannot run: an unknown option or command, a missing value, a path
/// that does not exist. Printed with the command's usage; exits 64.
struct UsageError: Error, Equatable {
    /// The first line, without the `error: ` prefix.
    var message: String
    /// A hint such as `did you mean 'lint'?`.
    var suggestion: String?

    init(_ message: String, suggestion: String? = nil) {
        self.message = message
        self.suggestion = suggestion
    }

    /// An unknown word, with the closest of `candidates` suggested when one is close.
    static func unknown(_ what: String, _ word: String, candidates: [String]) -> UsageError {
        UsageError(
            "unknown \(what) '\(word)'",
            suggestion: Suggestion.closest(to: word, in: candidates).map { "did you mean '\($0)'?" })
    }
}
