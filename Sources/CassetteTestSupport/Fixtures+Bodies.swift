import CassetteCore
import Foundation

/// Streamed and multipart cassettes that the model's tests and the tests of the layers that read
/// them (scrubbing, matching, HAR) share.
extension Fixtures {
    /// A server-sent event stream as an API sends it: events with and without a name or id, JSON
    /// and plain data, a multi-line data field, a comment and the closing `[DONE]`.
    package static let sse = [
        "event: message_start\ndata: {\"type\":\"message_start\",\"index\":0}\n\n",
        "data: {\"id\":\"c1\",\"object\":\"chat.completion.chunk\",\"choices\":[{\"delta\":{\"content\":\"Hi\"}}]}\n\n",
        "id: 7\ndata: plain words\n\n",
        "event: ping\nid: 8\ndata: [1,2]\n\n",
        "data: {\"a\":1}\ndata: {\"b\":2}\n\n",
        ": a comment\n\n",
        "data: [DONE]\n\n",
    ]

    /// A cassette of one POST answered by a stream of `chunks` typed `contentType`, ending with
    /// transport error `error` when given, with `gaps` between the chunks.
    package static func streamed(_ chunks: [String], contentType: String, error: Int? = nil, gaps: [Int]? = nil)
        -> CassetteDocument
    {
        CassetteDocument(interactions: [
            Interaction(
                request: RecordedRequest(method: "POST", url: "https://api.example.com/v1/chat"),
                outcome: .response(
                    RecordedResponse(
                        status: 200, headers: [HTTPHeader("Content-Type", contentType)],
                        stream: ResponseStream(
                            chunks: chunks.map { Data($0.utf8) }, error: error.map(TransportError.init(code:)),
                            gaps: gaps))),
                recorded: "2026-12-01")
        ])
    }

    /// The stored chunks of the first interaction's stream in an encoded cassette, as JSON objects.
    package static func storedChunks(_ data: Data) throws -> [[String: Any]] {
        guard let json = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let interaction = (json["interactions"] as? [[String: Any]])?.first,
            let stream = (interaction["response"] as? [String: Any])?["stream"] as? [String: Any],
            let chunks = stream["chunks"] as? [[String: Any]]
        else { throw FixtureError.notAStreamedCassette }
        return chunks
    }

    /// What ``storedChunks(_:)`` throws for a cassette without a stream in its first interaction.
    package enum FixtureError: Error {
        case notAStreamedCassette
    }

    /// The first bytes of a PNG file, for a form's file part.
    package static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0xFF]

    /// A multipart form as clients write it: `--boundary`, header lines, a blank line, the
    /// content, CRLFs; two text fields (`fields`, or a title and a JSON `meta`) and a PNG file.
    package static func multipartForm(
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

    /// The POST of a multipart `body` with `boundary`, answered 201.
    package static func upload(_ body: Data, boundary: String) -> Interaction {
        Interaction(
            request: RecordedRequest(
                method: "POST", url: "https://api.example.com/v1/photos",
                headers: [HTTPHeader("Content-Type", "multipart/form-data; boundary=\(boundary)")], body: body),
            outcome: .response(RecordedResponse(status: 201)))
    }
}
