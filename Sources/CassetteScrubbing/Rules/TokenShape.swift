/// One provider's token format that the scrubber recognises by its shape alone, wherever it appears.
///
/// The catalogue of shapes (``catalogue``) is the one table that both the scrubber's detectors and
/// the Scrubbing article are built from, so the documentation cannot drift from the code. It holds
/// only what the scrubber runs on; each shape's category, source and example token, which only the
/// tests and the article read, are generated beside the tests (`TokenShapeDetails`).
package struct TokenShape: Sendable {
    /// The rule name findings report and `.cassette.json` `disable` lists (`openai-api-key`).
    package let name: String
    /// Who issues the token (`OpenAI`).
    package let provider: String
    /// What the token is, in a few words (`project API key`).
    package let summary: String
    /// The regular expression (`NSRegularExpression` syntax) that matches the token. It must run in
    /// time linear in the text: no nested unbounded quantifiers, no backreferences.
    package let pattern: String
    /// The capture group that holds the secret; 0 for the whole match.
    package let group: Int
    /// Literal substrings, one of which every match contains: the cheap test that must pass before
    /// the expression runs. Never empty.
    package let literals: [String]
    /// Literal prefixes of the token that its placeholder keeps (`sk-proj-` gives
    /// `sk-proj-SCRUBBED-1`); empty when the placeholder is `SCRUBBED-<label>-<n>`.
    package let keptPrefixes: [String]

    /// The placeholder that `secret`, a token of this shape, gets when it is the first secret of
    /// its rule in a cassette (`sk-proj-SCRUBBED-1`), as findings and the Scrubbing article show it.
    package func firstPlaceholder(for secret: String) -> String {
        ScrubRuleSpec(shape: self).style.placeholder(number: 1, secret: secret)
    }
}
