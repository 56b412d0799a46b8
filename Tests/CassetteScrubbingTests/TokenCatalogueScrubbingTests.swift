import CassetteScrubbing
import Foundation
import Testing

/// Every token format of the catalogue is found and replaced by the scrubber in every place and
/// encoding a cassette can hold it, under its own rule name. The cases come from the catalogue, so
/// every format added to it is covered.
@Suite struct TokenCatalogueScrubbingTests {
    typealias E = ScrubExpectations
    typealias F = ScrubFixtures

    static let shapes = ScrubShapeDescription.catalogue

    /// One cassette per place a token can be in, named.
    static func places(of token: String) -> [(String, CassetteDocument)] {
        let base64 = Data("config:\n  value: \(token)\n".utf8).base64EncodedString()
        let nestedJSON = String(
            decoding: JSONWriter.bytes(of: .object(["inner": .string(#"{"note":"\#(token)"}"#)]), style: .compact),
            as: UTF8.self)
        let binary = Data([0x00, 0x01, 0xFE]) + Data("note \(token) end".utf8) + Data([0x00, 0x7F, 0x02])
        return [
            (
                "a JSON value",
                E.response(
                    #"{"note":\#(String(decoding: JSONWriter.bytes(of: .string(token), style: .compact), as: UTF8.self))}"#,
                    "application/json")
            ),
            ("prose", E.response("The key \(token) was rotated.", "text/plain")),
            (
                "a header",
                CassetteDocument(interactions: [F.interaction(F.request(headers: [.init("X-Debug", "k=\(token)")]))])
            ),
            (
                "a query value",
                CassetteDocument(interactions: [
                    F.interaction(F.request(url: "https://api.example.com/x?q=\(F.percentEncoded(token))"))
                ])
            ),
            ("a form field", E.request("note=\(F.percentEncoded(token))&x=1", "application/x-www-form-urlencoded")),
            ("base64 text in JSON", E.response(#"{"blob":"\#(base64)"}"#, "application/json")),
            ("JSON in a JSON string", E.response(nestedJSON, "application/json")),
            ("an HTML attribute", E.response(#"<div data-x="\#(token)"></div>"#, "text/html")),
            (
                "a binary body",
                CassetteDocument(interactions: [
                    Interaction(
                        request: F.request(),
                        outcome: .response(
                            RecordedResponse(
                                status: 200, headers: [.init("Content-Type", "application/octet-stream")], body: binary)
                        ))
                ])
            ),
        ]
    }

    @Test(arguments: shapes)
    func everyExampleIsScrubbedInEveryPlace(_ shape: ScrubShapeDescription) {
        for (place, document) in Self.places(of: shape.example) {
            let text = E.expectScrubbed(document, [shape.example])
            #expect(!text.contains(shape.example), "\(shape.name) in \(place)")
        }
    }

    @Test(arguments: shapes)
    func findingsNameTheShapeAndItsPlaceholder(_ shape: ScrubShapeDescription) {
        let document = E.response("The key \(shape.example) was rotated.", "text/plain")
        let findings = Scrubber.default.findings(in: document)
        // The shape's own rule reports it (a token holding an address may be reported by others too).
        #expect(
            findings.contains { $0.rule == shape.name && $0.summary.hasSuffix("→ \(shape.placeholder)") }, "\(findings)"
        )
        #expect(ScrubExpectations.scrubbedResponseBody(document).contains(shape.placeholder))
        for prefix in shape.keptPrefixes where shape.example.hasPrefix(prefix) {
            #expect(shape.placeholder.hasPrefix(prefix))
        }
    }

    @Test(arguments: shapes)
    func everyShapeIsARuleThatCanBeDisabled(_ shape: ScrubShapeDescription) throws {
        let rule = try #require(ScrubRule(rawValue: shape.name))
        #expect(ScrubRule.allCases.contains(rule))
        let document = E.response("The key \(shape.example) was rotated.", "text/plain")
        let disabled = Scrubber(configuration: ScrubConfiguration(disabledRules: [rule]))
        #expect(!disabled.findings(in: document).contains { $0.rule == shape.name })
    }

    @Test func shapeNamesAreUniqueAndDifferFromTheStructuralRules() {
        let names = Self.shapes.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(Set(names).isDisjoint(with: ScrubRule.structural.map(\.rawValue)))
        #expect(ScrubRule.allCases.map(\.rawValue) == ScrubRule.structural.map(\.rawValue) + names)
    }
}
