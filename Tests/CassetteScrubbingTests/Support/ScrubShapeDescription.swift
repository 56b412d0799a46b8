import CassetteScrubbing

/// A token format of the scrubber's catalogue as tests and documentation read it: what the
/// Scrubbing article's table shows, and the example every test of the catalogue scrubs.
struct ScrubShapeDescription: Sendable, Hashable {
    /// The rule name (`github-token`).
    let name: String
    let provider: String
    let summary: String
    /// The category heading the article groups it under (`Source control and CI`).
    let category: String
    /// Prefixes the placeholder keeps; empty for `SCRUBBED-<NAME>-<n>`.
    let keptPrefixes: [String]
    /// Where the format is published.
    let source: String
    /// A fake token shaped like a real one.
    let example: String
    /// The placeholder of the first token of this shape in a cassette, for an example.
    let placeholder: String

    /// Every token format of the catalogue, in its order.
    static let catalogue: [ScrubShapeDescription] = TokenShape.catalogue.map {
        ScrubShapeDescription(
            name: $0.name, provider: $0.provider, summary: $0.summary, category: $0.category,
            keptPrefixes: $0.keptPrefixes, source: $0.source, example: $0.example,
            placeholder: $0.firstPlaceholder(for: $0.example))
    }
}

/// What the tests read of a catalogue shape beyond what the scrubber runs on, from the generated
/// ``TokenShapeDetails`` (empty for a shape without details, which `TokenCatalogueTests` refuses).
extension TokenShape {
    var details: TokenShapeDetails? { TokenShapeDetails.byName[name] }
    /// The heading the Scrubbing article lists the shape under.
    var category: String { details?.category ?? "" }
    /// Where the format is published.
    var source: String { details?.source ?? "" }
    /// A fake token shaped exactly like a real one.
    var example: String { details?.example ?? "" }
}

extension TokenShapeDetails {
    /// The details of each shape, by its rule name.
    static let byName = Dictionary(all.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
}
