import CassetteScrubbing
import Foundation
import Testing

/// Checks shared by the scrubber's behaviour tests: a secret is gone from the file in every
/// spelling, lint reported it before without printing it, and scrubbing again changes nothing.
enum ScrubExpectations {
    typealias F = ScrubFixtures

    /// The document of one interaction whose response has `body` typed `contentType`.
    static func response(_ body: String, _ contentType: String?, headers: [HTTPHeader] = []) -> CassetteDocument {
        CassetteDocument(interactions: [
            F.interaction(
                F.response(headers: (contentType.map { [HTTPHeader("Content-Type", $0)] } ?? []) + headers, body: body))
        ])
    }

    /// The document of one interaction whose request sends `body` typed `contentType`.
    static func request(_ body: String, _ contentType: String?, url: String = "https://api.example.com/v1/items")
        -> CassetteDocument
    {
        CassetteDocument(interactions: [
            F.interaction(
                F.request(
                    "POST", url: url, headers: contentType.map { [HTTPHeader("Content-Type", $0)] } ?? [], body: body))
        ])
    }

    /// The spellings of a secret that must not be in a scrubbed file: those of ``ScrubFixtures``
    /// and base64.
    static func spellings(of secret: String) -> Set<String> {
        var spellings = F.spellings(of: secret)
        if secret.utf8.count >= 12 { spellings.insert(Data(secret.utf8).base64EncodedString()) }
        return spellings
    }

    /// Scrubs `document` and checks that no secret survives, that lint reported at least one finding
    /// (none holding a secret), and that scrubbing is idempotent and leaves no findings. Returns the
    /// scrubbed file's text.
    @discardableResult
    static func expectScrubbed(
        _ document: CassetteDocument, _ secrets: [String], scrubber: Scrubber = .default,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> String {
        let scrubbed = scrubber.scrub(document)
        let text = String(decoding: scrubbed.encoded(), as: UTF8.self)
        for secret in secrets {
            for spelling in spellings(of: secret) {
                #expect(!text.contains(spelling), "\(spelling) survived in\n\(text)", sourceLocation: sourceLocation)
            }
        }
        let findings = scrubber.findings(in: document)
        #expect(!findings.isEmpty, "lint found nothing", sourceLocation: sourceLocation)
        for finding in findings {
            for secret in secrets where secret.utf8.count >= 6 {
                #expect(!finding.description.contains(secret), "\(finding)", sourceLocation: sourceLocation)
            }
        }
        let twice = scrubber.scrub(scrubbed)
        #expect(twice == scrubbed, "scrubbing twice changed\n\(text)", sourceLocation: sourceLocation)
        #expect(
            scrubber.findings(in: scrubbed).isEmpty, "\(scrubber.findings(in: scrubbed))",
            sourceLocation: sourceLocation)
        #expect(
            (try? CassetteDocument.decode(scrubbed.encoded(), path: "scrubbed.json")) != nil,
            sourceLocation: sourceLocation)
        return text
    }

    /// Checks that scrubbing leaves `document` exactly as it is and lint finds nothing.
    static func expectUntouched(
        _ document: CassetteDocument, scrubber: Scrubber = .default, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let scrubbed = scrubber.scrub(document)
        #expect(
            scrubbed == document,
            "changed:\n\(String(decoding: scrubbed.encoded(), as: UTF8.self))", sourceLocation: sourceLocation)
        #expect(
            scrubber.findings(in: document).isEmpty, "\(scrubber.findings(in: document))",
            sourceLocation: sourceLocation)
    }

    /// The body of the first interaction's response after scrubbing, as text.
    static func scrubbedResponseBody(_ document: CassetteDocument, scrubber: Scrubber = .default) -> String {
        String(decoding: scrubber.scrub(document).interactions[0].response?.body ?? Data(), as: UTF8.self)
    }
}

extension JSONValue {
    /// The element at `index` of an array.
    subscript(_ index: Int) -> JSONValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }
}
