import CassetteCore
import CassetteTestSupport
import Foundation
import Testing

/// The README's examples stay true to the code.
@Suite struct ReadmeTests {
    static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("README.md")

    /// The ```json blocks of the README.
    func jsonBlocks() throws -> [String] {
        let text = try String(contentsOf: Self.readme, encoding: .utf8)
        return text.components(separatedBy: "```json\n").dropFirst().compactMap {
            $0.components(separatedBy: "```").first
        }
    }

    @Test func theConfigurationExampleLoads() throws {
        let block = try #require(try jsonBlocks().first { $0.contains("\"scrub\"") })
        let directory = try TemporaryDirectory()
        let file = try directory.write(ProjectConfiguration.fileName, block)
        let configuration = try ProjectConfiguration.load(from: file).scrub
        #expect(configuration.headers == ["X-Tenant-Secret"])
        #expect(configuration.disabledRules == [.email])
        let scrubbed = Scrubber(configuration: configuration).scrubText("see build.corp.example now")
        #expect(scrubbed == "see host.example.invalid now")
    }

    @Test func theFormatExampleIsACanonicalCassette() throws {
        let block = try #require(try jsonBlocks().first { $0.contains("\"interactions\"") })
        let document = try CassetteDocument.decode(Data(block.utf8), path: "README.md")
        #expect(String(decoding: document.encoded(), as: UTF8.self) == block)
    }

    @Test func theMatchingExampleLoadsAndCompiles() throws {
        let block = try #require(try jsonBlocks().first { $0.contains("\"match\"") })
        let directory = try TemporaryDirectory()
        let file = try directory.write(ProjectConfiguration.fileName, block)
        let rules = try ProjectConfiguration.load(from: file).match
        #expect(rules.ignoreBodyPaths == ["$.clientTimestamp", "$.requestId", "$.items[*].nonce", "$..traceId"])
        #expect(rules.echo == [.init(request: "$.requestId", response: "$.requestId")])
        _ = try CompiledMatchRules(rules)
    }

    /// README's table of environment variables lists every variable the code reads, and no other.
    @Test func everyEnvironmentVariableIsInTheTable() throws {
        let text = try String(contentsOf: Self.readme, encoding: .utf8)
        let table =
            try #require(text.components(separatedBy: "### Environment variables").dropFirst().first)
            .components(separatedBy: "\n### ").first ?? ""
        let rows = table.split(separator: "\n").filter { $0.hasPrefix("| `") }
        let names = rows.map { String($0.dropFirst(3).prefix { $0 != "`" }) }
        #expect(names == EnvironmentVariable.all)
    }
}

/// The README's test-time examples load, and the configuration article names every key.
@Suite struct ConfigurationReferenceTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func everyTestTimeExampleOfTheREADMELoads() throws {
        let text = try String(contentsOf: ReadmeTests.readme, encoding: .utf8)
        let section = try #require(
            text.components(separatedBy: "### Test-time behaviours").dropFirst().first?.components(
                separatedBy: "### Cassettes over time"
            ).first)
        let blocks = section.components(separatedBy: "```json\n").dropFirst().compactMap {
            $0.components(separatedBy: "```").first
        }
        #expect(blocks.count == 6)
        for block in blocks {
            let directory = try TemporaryDirectory()
            let file = try directory.write(ProjectConfiguration.fileName, block)
            _ = try ProjectConfiguration.load(from: file)
        }
    }

    @Test func theConfigurationArticleListsEveryKey() throws {
        let article = try String(
            contentsOf: Self.root.appendingPathComponent("Sources/Cassette/Cassette.docc/ConfigurationFile.md"),
            encoding: .utf8)
        let keys =
            ProjectConfiguration.sections + ReplaySettings.fileKeys + FaultRule.fileKeys + MatchRules.fileKeys
            + ScrubConfiguration.fileKeys + ProjectConfiguration.recordKeys
        for key in keys {
            #expect(article.contains("| `\(key)` |"), "the configuration article does not list \(key)")
        }
    }
}
