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

    /// A file that is the canonical text cut short, or with more after it, differs where the
    /// shorter one ends.
    @Test func aFileThatIsAPrefixOrHasMoreDiffersWhereTheShorterEnds() throws {
        let canonical = Self.document.encoded()
        let lines = String(decoding: canonical, as: UTF8.self).split(separator: "\n").count
        let cut = canonical.dropLast()
        let cutPosition = try #require(Self.document.firstNonCanonicalPosition(in: Data(cut)))
        #expect(cutPosition.line == lines)
        #expect(cutPosition.column == 2)
        let longer = canonical + Data("\n".utf8)
        let longerPosition = try #require(Self.document.firstNonCanonicalPosition(in: longer))
        #expect(longerPosition.line == lines + 1)
        #expect(longerPosition.column == 1)
        #expect(Self.document.firstNonCanonicalPosition(in: canonical, canonical: canonical) == nil)
        #expect(Self.document.firstNonCanonicalPosition(in: cut, canonical: canonical) != nil)
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

    /// Findings in nested places (a binary body, base64 in a JSON value) locate the value that holds
    /// them in the file, and say in their summary where inside it they are.
    @Test func findingsInNestedPlacesLocateTheirValue() throws {
        let inner = Data(#"{"password":"n3sted-lint-pw"}"#.utf8).base64EncodedString()
        let document = CassetteDocument(interactions: [
            Interaction(
                request: RecordedRequest(
                    method: "POST", url: "https://api.example.com/upload",
                    headers: [HTTPHeader("Content-Type", "application/octet-stream")],
                    body: Data([0, 1, 2]) + Data("key AKIAIOSFODNN7EXAMPLE".utf8) + Data([0xFF])),
                outcome: .response(
                    RecordedResponse(
                        status: 200, headers: [HTTPHeader("Content-Type", "application/json")],
                        body: Data(#"{"config":"\#(inner)"}"#.utf8))))
        ])
        let data = document.encoded()
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let located = Scrubber.default.locatedFindings(in: document)
        #expect(
            located.map(\.finding.path) == [
                "interactions[0].request.body.base64", "interactions[0].response.body.json.config",
            ])
        #expect(located[0].finding.summary.contains("in the printable text at bytes 3..<27 of the binary body"))
        #expect(located[1].finding.summary.contains("in base64-decoded text"))
        for (finding, path) in located {
            let position = JSONLocator.lineAndColumn(of: path, in: data)
            #expect(
                lines[position.line - 1].contains(path.last == .key("config") ? "\"config\"" : "\"base64\""),
                "\(finding)")
            #expect(
                !finding.description.contains("n3sted-lint-pw") && !finding.description.contains("AKIAIOSFODNN7EXAMPLE")
            )
        }
    }
}
