/// A token format of the scrubber's catalogue as tests and documentation read it: what the
/// Scrubbing article's table shows, and the example every test of the catalogue scrubs.
package struct ScrubShapeDescription: Sendable, Hashable {
    /// The rule name (`github-token`).
    package let name: String
    package let provider: String
    package let summary: String
    /// The category heading the article groups it under (`Source control and CI`).
    package let category: String
    /// Prefixes the placeholder keeps; empty for `SCRUBBED-<NAME>-<n>`.
    package let keptPrefixes: [String]
    /// Where the format is published.
    package let source: String
    /// A fake token shaped like a real one.
    package let example: String

    /// Every token format of the catalogue, in its order.
    package static let catalogue: [ScrubShapeDescription] = TokenShape.catalogue.map {
        ScrubShapeDescription(
            name: $0.name, provider: $0.provider, summary: $0.summary, category: $0.category.rawValue,
            keptPrefixes: $0.keptPrefixes, source: $0.source, example: $0.example)
    }

    /// The placeholder of the first token of this shape in a cassette, for an example.
    package var placeholder: String {
        ScrubRuleSpec(
            name: name, style: keptPrefixes.isEmpty ? .label(name.uppercased()) : .prefixed(keptPrefixes),
            summary: summary
        ).style.placeholder(number: 1, secret: example)
    }
}
