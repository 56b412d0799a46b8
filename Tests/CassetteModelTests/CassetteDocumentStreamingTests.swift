import CassetteModel
import CassetteTestSupport
import Foundation
import Testing

/// Writing a cassette one interaction at a time gives the canonical writer's bytes exactly.
@Suite struct CassetteDocumentStreamingTests {
    static func streamed(_ document: CassetteDocument) -> Data {
        var bytes = Data()
        document.encode { bytes.append(contentsOf: $0) }
        return bytes
    }

    @Test func theStreamedBytesAreTheCanonicalBytes() throws {
        let golden = try CassetteDocument.read(
            from: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
                "Golden/example.json"))
        let documents = [
            CassetteDocument(), Fixtures.cleanCassette, Fixtures.tokenCassette, Fixtures.emailCassette, golden,
            CassetteDocument(interactions: golden.interactions + Fixtures.cleanCassette.interactions),
        ]
        for document in documents {
            #expect(Self.streamed(document) == document.encoded())
        }
    }
}
