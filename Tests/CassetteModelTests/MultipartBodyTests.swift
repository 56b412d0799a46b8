import CassetteCore
import CassetteModel
import CassetteTestSupport
import Foundation
import Testing

/// Multipart request bodies are stored as their parts (header lines, text fields as text, files as
/// base64), so a reviewer reads them in a diff; they read back byte for byte, are matched
/// canonically, and older files that stored them whole still read and stay as they are.
@Suite struct MultipartBodyTests {
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0xFF]

    /// A form as clients write it: `--boundary`, header lines, a blank line, the content, CRLFs.
    static func form(
        boundary: String, title: String = "Holiday", fields: [(String, String)]? = nil,
        disposition: String = "Content-Disposition"
    ) -> Data {
        var bytes = Data()
        func line(_ text: String) { bytes += Data((text + "\r\n").utf8) }
        for (name, value) in fields ?? [("title", title), ("meta", #"{"tags":["sea","sun"]}"#)] {
            line("--\(boundary)")
            line("\(disposition): form-data; name=\"\(name)\"")
            if name == "meta" { line("Content-Type: application/json") }
            line("")
            line(value)
        }
        line("--\(boundary)")
        line(disposition + #": form-data; name="photo"; filename="beach.png""#)
        line("Content-Type: image/png")
        line("")
        bytes += Data(png)
        bytes += Data("\r\n".utf8)
        line("--\(boundary)--")
        return bytes
    }

    static func upload(_ body: Data, boundary: String) -> Interaction {
        Interaction(
            request: RecordedRequest(
                method: "POST", url: "https://api.example.com/v1/photos",
                headers: [HTTPHeader("Content-Type", "multipart/form-data; boundary=\(boundary)")], body: body),
            outcome: .response(RecordedResponse(status: 201)))
    }

    @Test func aFormIsStoredAsItsPartsAndReadsBackByteForByte() throws {
        let body = Self.form(boundary: "cassette-boundary")
        let document = CassetteDocument(interactions: [Self.upload(body, boundary: "cassette-boundary")])
        let text = String(decoding: document.encoded(), as: UTF8.self)
        // Text fields as text, a JSON part as JSON, the file as base64, each with its header lines.
        #expect(text.contains(#""multipart": {"#), "\(text)")
        #expect(text.contains(#""boundary": "cassette-boundary""#))
        #expect(text.contains(#""text": "Holiday""#))
        #expect(text.contains(#""value": "form-data; name=\"title\"""#))
        #expect(text.contains(#""tags": ["#))
        #expect(text.contains(#""base64": "\#(Data(Self.png).base64EncodedString())""#))
        #expect(text.contains(#""value": "form-data; name=\"photo\"; filename=\"beach.png\"""#))
        let read = try CassetteDocument.decode(document.encoded(), path: "Photos.json")
        #expect(read.interactions[0].request.body == body)
        #expect(read.encoded() == document.encoded())
        #expect(read.firstNonCanonicalPosition(in: document.encoded()) == nil)
    }

    @Test func aMultipartBodyItsPartsCannotGiveBackIsStoredWhole() throws {
        // No line break after the closing delimiter, and a preamble: the parts would not give these
        // bytes back.
        var body = Self.form(boundary: "b")
        body.removeLast(2)
        let document = CassetteDocument(interactions: [Self.upload(Data("preamble\r\n".utf8) + body, boundary: "b")])
        let text = String(decoding: document.encoded(), as: UTF8.self)
        #expect(!text.contains(#""multipart""#))
        #expect(
            try CassetteDocument.decode(document.encoded(), path: "x").interactions[0].request.body
                == Data("preamble\r\n".utf8) + body)
    }

    /// A cassette written before parts were stored keeps its whole body: it reads, is canonical,
    /// and writing it again changes nothing.
    @Test func anOlderCassetteWithAWholeMultipartBodyStillReadsAndStaysAsItIs() throws {
        let body = "--b\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nHoliday\r\n--b--\r\n"
        let stored = String(decoding: JSONWriter.bytes(of: .string(body), style: .compact), as: UTF8.self)
        let data = Data(
            """
            {
              "interactions": [
                {
                  "request": {
                    "body": {
                      "text": \(stored)
                    },
                    "headers": [
                      {
                        "name": "Content-Type",
                        "value": "multipart/form-data; boundary=b"
                      }
                    ],
                    "method": "POST",
                    "url": "https://api.example.com/v1/photos"
                  },
                  "response": {
                    "status": 201
                  }
                }
              ],
              "version": 1
            }

            """.utf8)
        let document = try CassetteDocument.decode(data, path: "Old.json")
        #expect(document.interactions[0].request.body == Data(body.utf8))
        #expect(document.firstNonCanonicalPosition(in: data) == nil)
        #expect(document.encoded() == data)
        // The same request recorded now is stored as its parts.
        let recorded = CassetteDocument(interactions: [Self.upload(Data(body.utf8), boundary: "b")])
        #expect(String(decoding: recorded.encoded(), as: UTF8.self).contains(#""multipart""#))
    }

    /// Matching compares multipart bodies canonically: the boundary, the order of a form's fields
    /// and the case of part header names do not matter; a field's value does.
    @Test func formsMatchCanonically() {
        func identity(_ body: Data, boundary: String) -> RequestIdentity {
            RequestIdentity(
                strict: RecordedRequest(
                    method: "POST", url: "https://api.example.com/v1/photos",
                    headers: [HTTPHeader("Content-Type", "multipart/form-data; boundary=\(boundary)")], body: body))
        }
        let reference = identity(Self.form(boundary: "AaB03x"), boundary: "AaB03x")
        #expect(identity(Self.form(boundary: "----WebKit7MA4YWxk"), boundary: "----WebKit7MA4YWxk") == reference)
        let reordered = Self.form(
            boundary: "Zz9", fields: [("meta", #"{"tags":["sea","sun"]}"#), ("title", "Holiday")])
        #expect(identity(reordered, boundary: "Zz9") == reference)
        let spaced = Self.form(
            boundary: "Zz9", fields: [("title", "Holiday"), ("meta", #"{ "tags": ["sea", "sun"] }"#)])
        #expect(identity(spaced, boundary: "Zz9") == reference)
        #expect(identity(Self.form(boundary: "Q", disposition: "content-disposition"), boundary: "Q") == reference)
        #expect(identity(Self.form(boundary: "Q", title: "Work"), boundary: "Q") != reference)
    }

    /// `cassette export` lists a form's fields as HAR `params` (beside the exact `text`), and
    /// importing the export gives back the cassette.
    @Test func harExportListsTheFieldsAndImportGivesTheCassetteBack() throws {
        let document = CassetteDocument(interactions: [
            Self.upload(Self.form(boundary: "cassette-boundary"), boundary: "cassette-boundary")
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
