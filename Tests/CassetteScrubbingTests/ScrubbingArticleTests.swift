import CassetteScrubbing
import Foundation
import Testing

/// The Scrubbing article lists every rule and every token shape of the catalogue. Its token table
/// is generated from the catalogue: after changing the catalogue, rewrite it with
///
///     CASSETTE_UPDATE_DOCS=1 swift test --filter ScrubbingArticleTests
@Suite struct ScrubbingArticleTests {
    static let article = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(
            "Sources/CassetteScrubbing/CassetteScrubbing.docc/ScrubbingSecrets.md")
    static let begin = "<!-- token-shapes: generated from the catalogue by ScrubbingArticleTests; do not edit -->"
    static let end = "<!-- token-shapes: end -->"

    /// The token tables, one per category in catalogue order.
    static func renderedShapeTables() -> String {
        var categories: [String] = []
        for shape in ScrubShapeDescription.catalogue where !categories.contains(shape.category) {
            categories.append(shape.category)
        }
        func cell(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|") }
        var lines: [String] = []
        for category in categories {
            lines += [
                "", "#### \(category)", "", "| Rule | Provider | What it finds | Placeholder |",
                "| --- | --- | --- | --- |",
            ]
            for shape in ScrubShapeDescription.catalogue where shape.category == category {
                lines.append(
                    "| `\(shape.name)` | [\(cell(shape.provider))](\(shape.source)) | \(cell(shape.summary)) | "
                        + "`\(shape.placeholder)` |")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func theTokenTableIsTheCatalogue() throws {
        let text = try String(contentsOf: Self.article, encoding: .utf8)
        let start = try #require(text.range(of: Self.begin + "\n"), "the article has no \(Self.begin) marker")
        let stop = try #require(text.range(of: Self.end, range: start.upperBound..<text.endIndex))
        let expected = Self.renderedShapeTables()
        if ProcessInfo.processInfo.environment["CASSETTE_UPDATE_DOCS"] == "1" {
            try (text[..<start.upperBound] + expected + text[stop.lowerBound...]).write(
                to: Self.article, atomically: true, encoding: .utf8)
            return
        }
        #expect(
            String(text[start.upperBound..<stop.lowerBound]) == expected,
            "the token table differs from the catalogue; run: CASSETTE_UPDATE_DOCS=1 swift test --filter ScrubbingArticleTests"
        )
    }

    @Test func everyStructuralRuleIsInTheRulesTable() throws {
        let text = try String(contentsOf: Self.article, encoding: .utf8)
        for rule in ScrubRule.structural {
            #expect(text.contains("| `\(rule.rawValue)` |"), "\(rule) is not in the article's rules table")
        }
    }
}
