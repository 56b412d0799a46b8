import Foundation

/// One rule as the scrubber runs it: its name, its placeholder style, and the expression that
/// recognises its placeholders (so a scrubbed cassette is never scrubbed again).
struct ScrubRuleSpec: Sendable {
    let name: String
    let style: ScrubPlaceholderStyle
    /// What the rule finds, in a few words, for findings (`email address`).
    let summary: String
    /// Matches this rule's placeholders and class token anywhere in a text.
    let recognizer: ScrubRegex

    init(name: String, style: ScrubPlaceholderStyle, summary: String) {
        self.name = name
        self.style = style
        self.summary = summary
        recognizer = ScrubRegex.builtIn(style.recognizerSource)
    }

    /// The rule of a catalogue token shape: its name, and a placeholder that keeps the token's
    /// prefix (`sk_live_SCRUBBED-1`) or, without kept prefixes, `SCRUBBED-<NAME>-1`.
    init(shape: TokenShape) {
        let style: ScrubPlaceholderStyle =
            shape.keptPrefixes.isEmpty ? .label(shape.name.uppercased()) : .prefixed(shape.keptPrefixes)
        self.init(name: shape.name, style: style, summary: "\(shape.provider) \(shape.summary)")
    }

    /// The placeholder style and summary of each structural rule.
    private static let structural: [ScrubRule: (ScrubPlaceholderStyle, String)] = [
        .authorization: (.label("TOKEN"), "credentials"),
        .cookie: (.label("COOKIE"), "cookie value"),
        .secretHeader: (.label("HEADER"), "secret header value"),
        .secretQuery: (.label("QUERY"), "secret query item value"),
        .secretPath: (.label("PATH"), "secret URL path segment"),
        .userInfo: (.label("USER"), "URL user info"),
        .secretField: (.label("SECRET"), "secret field value"),
        .email: (.email, "email address"),
        .jwt: (.jwt, "JSON Web Token"),
        .privateKey: (.label("PRIVATE-KEY"), "private key"),
        .awsAccessKeyID: (.awsKeyID, "AWS access key id"),
        .awsSecretAccessKey: (.label("AWS-SECRET"), "AWS secret access key"),
    ]

    /// The spec of a built-in rule: a structural one, or a catalogue shape's.
    static func builtIn(_ rule: ScrubRule) -> ScrubRuleSpec {
        if let (style, summary) = structural[rule] {
            return ScrubRuleSpec(name: rule.rawValue, style: style, summary: summary)
        }
        // Every other built-in rule is a catalogue shape: `ScrubRule.allCases` is made from both.
        return ScrubRuleSpec(shape: TokenShape.catalogue.first { $0.name == rule.rawValue }!)
    }

    /// The hand-written scanner of a structural shape rule, if it has one.
    static func scanner(for rule: ScrubRule) -> ScrubShapeScanner? {
        switch rule {
        case .authorization: .schemeCredentials
        case .email: .email
        case .jwt: .jwt
        case .privateKey: .privateKey
        case .awsAccessKeyID: .awsAccessKeyID
        case .awsSecretAccessKey: .awsSecretAccessKey
        default: nil
        }
    }
}
