import Foundation

/// A project's own secret shape: a regular expression and the text every match is replaced with.
///
/// The expression is compiled once, when the pattern is made. `{n}` in the replacement stands for
/// the number of the secret, so different matches get different placeholders
/// (`"SCRUBBED-TENANT-{n}"`); without it every match gets the same replacement.
public struct ScrubPattern: Sendable, Equatable, CustomStringConvertible {
    /// The rule name findings and restore entries use; must differ from every ``ScrubRule`` name.
    public let name: String
    /// The regular expression, in `NSRegularExpression` syntax.
    public let regex: String
    /// What each match becomes; `{n}` is replaced by the secret's number.
    public let replacement: String
    let compiled: ScrubRegex

    /// Creates a pattern, compiling its expression.
    ///
    /// - Parameters:
    ///   - name: The rule name, for findings and restore entries.
    ///   - regex: A regular expression in `NSRegularExpression` syntax.
    ///   - replacement: What each match becomes; `nil` means `SCRUBBED-<NAME>-{n}`.
    /// - Throws: `ConfigurationError` with reason `invalidPattern` when the expression does
    ///   not compile, matches the empty string, or nests repetition (`(a+)+`, which can take
    ///   exponential time).
    public init(name: String, regex: String, replacement: String? = nil) throws(ConfigurationError) {
        self.name = name
        self.regex = regex
        self.replacement = replacement ?? "SCRUBBED-\(name.uppercased())-{n}"
        do {
            compiled = try ScrubRegex(regex)
        } catch {
            throw ConfigurationError(
                reason: .invalidPattern(name: name, message: "the regular expression \(regex) does not compile"))
        }
        if let nested = RegexComplexity.nestedRepetition(in: regex) {
            throw ConfigurationError(
                reason: .invalidPattern(
                    name: name,
                    message:
                        "the regular expression \(regex) repeats a group that repeats inside (\(nested)), which can "
                        + "take exponential time on some texts; repeat only once (a+ instead of (a+)+), or make the inner "
                        + "repetition possessive (a++) or the group atomic ((?>...))"))
        }
        if compiled.expression.firstMatch(in: "", range: NSRange(location: 0, length: 0)) != nil {
            throw ConfigurationError(
                reason: .invalidPattern(name: name, message: "the regular expression \(regex) matches empty text"))
        }
    }

    /// Patterns are equal when their name, expression and replacement are.
    public static func == (lhs: ScrubPattern, rhs: ScrubPattern) -> Bool {
        lhs.name == rhs.name && lhs.regex == rhs.regex && lhs.replacement == rhs.replacement
    }

    /// `name: /regex/ → replacement`.
    public var description: String { "\(name): /\(regex)/ → \(replacement)" }
}
