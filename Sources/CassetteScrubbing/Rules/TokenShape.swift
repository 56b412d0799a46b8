/// One provider's token format that the scrubber recognises by its shape alone, wherever it appears.
///
/// The catalogue of shapes (``catalogue``) is the one table that both the scrubber's detectors and
/// the Scrubbing article are built from, so the documentation cannot drift from the code.
package struct TokenShape: Sendable {
    /// What kind of provider issues the token, for grouping in the documentation.
    package enum Category: String, Sendable, CaseIterable {
        case cloud = "Cloud platforms"
        case ai = "AI APIs"
        case payments = "Payments and commerce"
        case messaging = "Messaging and email"
        case sourceControl = "Source control and CI"
        case registries = "Package registries"
        case observability = "Monitoring and observability"
        case productivity = "Productivity and SaaS"
        case identity = "Identity and OAuth"
        case keys = "Keys and certificates"
    }

    /// The rule name findings report and `.cassette.json` `disable` lists (`openai-api-key`).
    package let name: String
    /// Who issues the token (`OpenAI`).
    package let provider: String
    /// What the token is, in a few words (`project API key`).
    package let summary: String
    /// The group the Scrubbing article lists the format under.
    package let category: Category
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
    /// Where the format is published (a provider's documentation page).
    package let source: String
    /// A fake token shaped exactly like a real one, for tests and the documentation.
    package let example: String
}
