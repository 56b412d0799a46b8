import CassetteScrubbing
import Foundation
import Testing

/// The provider token catalogue, checked entry by entry with `NSRegularExpression` alone, so the
/// table holds whatever engine reads it.
@Suite struct TokenCatalogueTests {
    /// Formats whose length varies (a token one character shorter is still a token of the format):
    /// for these the too-short near-miss is the example's first 24 characters instead.
    static let variableLength: Set<String> = [
        "google-oauth-access-token", "google-oauth-refresh-token", "vault-batch-token", "fly-token", "tailscale-key",
        "stripe-key", "slack-refresh-token", "gitlab-runner-token", "pypi-token", "grafana-cloud-token",
        "dropbox-token", "intercom-token", "onepassword-service-account-token", "openai-project-key",
        "openai-service-account-key", "stripe-webhook-secret", "openai-admin-key",
    ]

    static func regex(_ shape: TokenShape) throws -> NSRegularExpression {
        try NSRegularExpression(pattern: shape.pattern)
    }

    /// The secrets the shape finds in `text`: the text of its group in every match.
    static func secrets(_ shape: TokenShape, in text: String) throws -> [String] {
        let expression = try regex(shape)
        let whole = NSRange(text.startIndex..<text.endIndex, in: text)
        return expression.matches(in: text, range: whole).compactMap { match in
            Range(match.range(at: shape.group), in: text).map { String(text[$0]) }
        }
    }

    @Test func theCatalogueCoversAtLeastSeventyFormats() {
        #expect(TokenShape.catalogue.count >= 70)
    }

    @Test func namesAreUniqueAndLowerCaseWithHyphens() {
        let names = TokenShape.catalogue.map(\.name)
        #expect(Set(names).count == names.count)
        for name in names {
            #expect(name.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" }, "\(name)")
        }
    }

    /// The tests' details (category, source, example) are generated with the catalogue: one for
    /// each shape, in the same order, each under a heading.
    @Test func theDetailsListEveryShapeInTheCatalogueOrder() {
        #expect(TokenShapeDetails.all.map(\.name) == TokenShape.catalogue.map(\.name))
        #expect(TokenShapeDetails.all.allSatisfy { !$0.category.isEmpty })
    }

    @Test func examplesAreDistinct() {
        let examples = TokenShape.catalogue.map(\.example)
        #expect(Set(examples).count == examples.count)
    }

    @Test(arguments: TokenShape.catalogue.map(\.name))
    func everyEntryIsComplete(name: String) throws {
        let shape = try #require(TokenShape.catalogue.first { $0.name == name })
        #expect(!shape.provider.isEmpty && !shape.summary.isEmpty)
        #expect(shape.source.hasPrefix("https://"))
        #expect(!shape.literals.isEmpty)
        #expect(shape.literals.allSatisfy { !$0.isEmpty })
        #expect(shape.literals.contains { shape.example.contains($0) }, "no literal of \(name) in its example")
        if !shape.keptPrefixes.isEmpty {
            #expect(shape.keptPrefixes.contains { shape.example.hasPrefix($0) }, "no kept prefix starts \(name)")
        }
        #expect(try Self.regex(shape).numberOfCaptureGroups >= shape.group)
    }

    @Test(arguments: TokenShape.catalogue.map(\.name))
    func theExampleMatchesWhole(name: String) throws {
        let shape = try #require(TokenShape.catalogue.first { $0.name == name })
        #expect(try Self.secrets(shape, in: shape.example) == [shape.example])
    }

    @Test(arguments: TokenShape.catalogue.map(\.name))
    func theExampleIsFoundWhereverItIsEmbedded(name: String) throws {
        let shape = try #require(TokenShape.catalogue.first { $0.name == name })
        let token = shape.example
        let places = [
            #"{"token":"\#(token)","count":1}"#,
            "https://api.example.com/v1/items?page=2&key=\(token)&sort=asc",
            "X-Api-Key: \(token)",
            "Authorization: Bearer \(token)",
            "the key (\(token)), then more.",
            "'\(token)';",
            "<code>\(token)</code>",
            "KEY=\(token)\nNEXT=1",
        ]
        for text in places {
            #expect(try Self.secrets(shape, in: text) == [token], "\(name) in \(text)")
        }
    }

    @Test(arguments: TokenShape.catalogue.map(\.name))
    func nearMissesDoNotMatch(name: String) throws {
        let shape = try #require(TokenShape.catalogue.first { $0.name == name })
        let token = shape.example
        for literal in shape.literals {
            #expect(try Self.secrets(shape, in: " \(literal) ").isEmpty, "\(name): \(literal) alone")
        }
        for prefix in shape.keptPrefixes {
            #expect(try Self.secrets(shape, in: " \(prefix) ").isEmpty, "\(name): \(prefix) alone")
        }
        let short = Self.variableLength.contains(name) ? String(token.prefix(24)) : String(token.dropLast())
        #expect(try Self.secrets(shape, in: " \(short) ").isEmpty, "\(name): too short")
        #expect(try Self.secrets(shape, in: "Q\(token)Q").isEmpty, "\(name): inside a word")
        #expect(try Self.secrets(shape, in: "x9\(token)9x").isEmpty, "\(name): inside a word")
    }

    @Test func variableLengthFormatsAreCatalogued() {
        let names = Set(TokenShape.catalogue.map(\.name))
        #expect(Self.variableLength.isSubset(of: names))
    }

    /// No shape takes another's example for its own: each token is found by its rule alone.
    @Test func noShapeMatchesAnotherShapesExample() throws {
        for shape in TokenShape.catalogue {
            let expression = try Self.regex(shape)
            for other in TokenShape.catalogue where other.name != shape.name {
                let text = other.example
                let found = expression.firstMatch(in: text, range: NSRange(text.startIndex..<text.endIndex, in: text))
                #expect(found == nil, "\(shape.name) matches the example of \(other.name)")
            }
        }
    }

    /// Hostile input for each shape: its literals and its example less one character, repeated to
    /// 100 KB with nothing between them. Only that the search finishes is asserted (timings are
    /// measured by hand with `CASSETTE_MEASURE_SHAPES=1`, never asserted).
    @Test(arguments: TokenShape.catalogue.map(\.name))
    func hostileRepetitionsFinish(name: String) throws {
        let shape = try #require(TokenShape.catalogue.first { $0.name == name })
        let expression = try Self.regex(shape)
        let seeds = shape.literals + shape.keptPrefixes + [String(shape.example.dropLast()), shape.example + "-"]
        var slowest: (seed: String, seconds: Double) = ("", 0)
        for seed in seeds {
            let text = String(repeating: seed, count: max(1, 100_000 / seed.utf8.count))
            let start = Date()
            _ = expression.numberOfMatches(in: text, range: NSRange(text.startIndex..<text.endIndex, in: text))
            let seconds = Date().timeIntervalSince(start)
            if seconds > slowest.seconds { slowest = (seed, seconds) }
        }
        if ProcessInfo.processInfo.environment["CASSETTE_MEASURE_SHAPES"] == "1" {
            // The same seed at four times the size, to show the time grows with the input, no faster.
            let text = String(repeating: slowest.seed, count: max(1, 400_000 / max(1, slowest.seed.utf8.count)))
            let start = Date()
            _ = expression.numberOfMatches(in: text, range: NSRange(text.startIndex..<text.endIndex, in: text))
            let large = Date().timeIntervalSince(start)
            print(
                "shape-timing \(name) 100KB \(String(format: "%.4f", slowest.seconds)) s 400KB "
                    + "\(String(format: "%.4f", large)) s seed \(slowest.seed.prefix(16))")
        }
    }
}
