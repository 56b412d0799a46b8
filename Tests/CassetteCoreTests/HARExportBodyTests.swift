import CassetteCore
import CassetteTestSupport
import Foundation
import Testing

/// `cassette export` of the bodies the model stores apart: a stream as one body, a multipart form
/// as its fields.
@Suite struct HARExportBodyTests {
    @Test func harExportHasTheStreamAsOneBody() throws {
        let document = Fixtures.streamed(Fixtures.sse, contentType: "text/event-stream")
        let har = try #require(try JSONSerialization.jsonObject(with: HARExport.data(of: document)) as? [String: Any])
        let entries = try #require((har["log"] as? [String: Any])?["entries"] as? [[String: Any]])
        let content = try #require((entries.first?["response"] as? [String: Any])?["content"] as? [String: Any])
        #expect(content["text"] as? String == Fixtures.sse.joined())
        #expect(content["mimeType"] as? String == "text/event-stream")
    }

    /// `cassette export` lists a form's fields as HAR `params` (beside the exact `text`), and
    /// importing the export gives back the cassette.
    @Test func harExportListsTheFieldsAndImportGivesTheCassetteBack() throws {
        let document = CassetteDocument(interactions: [
            Fixtures.upload(Fixtures.multipartForm(boundary: "cassette-boundary"), boundary: "cassette-boundary")
        ])
        let har = HARExport.data(of: document)
        func first(_ value: JSONValue?) -> JSONValue? {
            guard case .array(let elements)? = value else { return nil }
            return elements.first
        }
        let postData = try #require(first(try JSONParser.parse(har)["log"]?["entries"])?["request"]?["postData"])
        #expect(
            postData["params"]
                == .array([
                    .object(["name": .string("title"), "value": .string("Holiday")]),
                    .object([
                        "contentType": .string("application/json"), "name": .string("meta"),
                        "value": .string(#"{"tags":["sea","sun"]}"#),
                    ]),
                    .object([
                        "contentType": .string("image/png"), "fileName": .string("beach.png"),
                        "name": .string("photo"),
                    ]),
                ]))
        let directory = try TemporaryDirectory()
        let harFile = try directory.write("photos.har", har)
        _ = try HARImporter.importHAR(
            at: harFile, harPath: "photos.har", into: directory.file("Photos.json"), cassettePath: "Photos.json")
        let imported = try CassetteDocument.read(from: directory.file("Photos.json"))
        #expect(imported.interactions.map(\.request) == document.interactions.map(\.request))
    }
}
