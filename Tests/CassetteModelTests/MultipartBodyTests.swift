import CassetteModel
import CassetteTestSupport
import Foundation
import Testing

/// Multipart request bodies are stored as their parts (header lines, text fields as text, files as
/// base64), so a reviewer reads them in a diff; they read back byte for byte, and older files that
/// stored them whole still read and stay as they are (matching them is in `RequestIdentityTests`,
/// their HAR export in `HARExportBodyTests`).
@Suite struct MultipartBodyTests {
    @Test func aFormIsStoredAsItsPartsAndReadsBackByteForByte() throws {
        let body = Fixtures.multipartForm(boundary: "cassette-boundary")
        let document = CassetteDocument(interactions: [Fixtures.upload(body, boundary: "cassette-boundary")])
        let text = String(decoding: document.encoded(), as: UTF8.self)
        // Text fields as text, a JSON part as JSON, the file as base64, each with its header lines.
        #expect(text.contains(#""multipart": {"#), "\(text)")
        #expect(text.contains(#""boundary": "cassette-boundary""#))
        #expect(text.contains(#""text": "Holiday""#))
        #expect(text.contains(#""value": "form-data; name=\"title\"""#))
        #expect(text.contains(#""tags": ["#))
        #expect(text.contains(#""base64": "\#(Data(Fixtures.png).base64EncodedString())""#))
        #expect(text.contains(#""value": "form-data; name=\"photo\"; filename=\"beach.png\"""#))
        let read = try CassetteDocument.decode(document.encoded(), path: "Photos.json")
        #expect(read.interactions[0].request.body == body)
        #expect(read.encoded() == document.encoded())
        #expect(read.firstNonCanonicalPosition(in: document.encoded()) == nil)
    }

    @Test func aMultipartBodyItsPartsCannotGiveBackIsStoredWhole() throws {
        // No line break after the closing delimiter, and a preamble: the parts would not give these
        // bytes back.
        var body = Fixtures.multipartForm(boundary: "b")
        body.removeLast(2)
        let document = CassetteDocument(interactions: [Fixtures.upload(Data("preamble\r\n".utf8) + body, boundary: "b")]
        )
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
        let recorded = CassetteDocument(interactions: [Fixtures.upload(Data(body.utf8), boundary: "b")])
        #expect(String(decoding: recorded.encoded(), as: UTF8.self).contains(#""multipart""#))
    }
}
