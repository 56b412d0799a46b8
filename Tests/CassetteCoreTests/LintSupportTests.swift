import CassetteCore
import Foundation
import Testing

/// The package-level helpers `cassette lint` builds on: locating a JSON path in the file, the first
/// non-canonical byte, and findings with their paths as components.
@Suite struct LintSupportTests {
    static let document = CassetteDocument(interactions: [
        Interaction(
            request: RecordedRequest(method: "GET", url: "https://api.example.com/users"),
            outcome: .response(
                RecordedResponse(
                    status: 200, headers: [HTTPHeader("Content-Type", "application/json")],
                    body: Data(#"{"a.b":{"email":"bob@example.org"}}"#.utf8))))
    ])

    @Test func locatesAJSONPathByLineAndColumn() throws {
        let data = Self.document.encoded()
        let path: [JSONPathComponent] = [.key("interactions"), .index(0), .key("response"), .key("status")]
        let position = JSONLocator.lineAndColumn(of: path, in: data)
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[position.line - 1] == #"        "status": 200"#)
        #expect(position.column == 19)
    }

    @Test func canonicalBytesHaveNoDifference() {
        let data = Self.document.encoded()
        #expect(Self.document.firstNonCanonicalPosition(in: data) == nil)
    }

    @Test func reportsTheFirstNonCanonicalPosition() throws {
        var text = String(decoding: Self.document.encoded(), as: UTF8.self)
        text = text.replacingOccurrences(of: #""status": 200"#, with: #""status":200"#)
        let data = Data(text.utf8)
        let document = try CassetteDocument.decode(data, path: "x.json")
        let position = try #require(document.firstNonCanonicalPosition(in: data))
        #expect(position.line == 22)
        #expect(position.column == 18)
    }

    @Test func findingsCarryTheirPathAsComponents() throws {
        let located = Scrubber.default.locatedFindings(in: Self.document)
        let first = try #require(located.first)
        #expect(first.finding.path == "interactions[0].response.body.json.a.b.email")
        #expect(
            first.path == [
                .key("interactions"), .index(0), .key("response"), .key("body"), .key("json"), .key("a.b"),
                .key("email"),
            ])
        #expect(Scrubber.default.findings(in: Self.document) == located.map(\.finding))
    }
}
