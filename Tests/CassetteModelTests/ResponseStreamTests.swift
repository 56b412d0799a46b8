import CassetteModel
import CassetteTestSupport
import Foundation
import Testing

/// The format of a streamed response: how each chunk is stored, the canonical writer's byte
/// stability and the reader's errors (scrubbing inside events is in `ScrubStreamTests`, HAR export
/// as one body in `HARExportBodyTests`).
@Suite struct ResponseStreamTests {
    @Test func eventsAreStoredByTheirFieldsAndOtherChunksAsText() throws {
        let chunks = try Fixtures.storedChunks(
            Fixtures.streamed(Fixtures.sse, contentType: "text/event-stream").encoded())
        #expect(chunks.count == Fixtures.sse.count, "one entry per chunk")
        #expect(chunks[0]["event"] as? String == "message_start")
        #expect((chunks[0]["data"] as? [String: Any])?["type"] as? String == "message_start")
        #expect((chunks[1]["data"] as? [String: Any])?["object"] as? String == "chat.completion.chunk")
        #expect(chunks[2]["id"] as? String == "7")
        #expect(chunks[2]["dataText"] as? String == "plain words")
        #expect(chunks[3]["data"] as? [Int] == [1, 2])
        #expect(chunks[4]["text"] as? String == Fixtures.sse[4], "two data lines: kept as the text it was")
        #expect(chunks[5]["text"] as? String == Fixtures.sse[5])
        #expect(chunks[6]["dataText"] as? String == "[DONE]")
    }

    @Test func ndjsonIsStoredLineByLine() throws {
        let lines = ["{\"id\":1,\"ok\":true}\n", "{\"id\":2}\n{\"id\":3}\n", "not json\n"]
        let chunks = try Fixtures.storedChunks(Fixtures.streamed(lines, contentType: "application/x-ndjson").encoded())
        #expect((chunks[0]["line"] as? [String: Any])?["id"] as? Int == 1)
        #expect(chunks[1]["text"] as? String == lines[1], "two lines in one chunk stay one chunk, as text")
        #expect(chunks[2]["text"] as? String == lines[2])
    }

    @Test(arguments: ["text/event-stream", "application/x-ndjson", "text/plain", "application/octet-stream"])
    func writingWhatWasReadGivesTheSameBytes(contentType: String) throws {
        let chunks = Fixtures.sse + ["{\"z\":1,\"a\":2}\n", "\u{1}binary\u{0}"]
        let first = Fixtures.streamed(
            chunks, contentType: contentType, error: -1005, gaps: Array(repeating: 10, count: 9)
        )
        .encoded()
        let read = try CassetteDocument.decode(first, path: "Stream.json")
        #expect(read.encoded() == first)
        let again = try CassetteDocument.decode(read.encoded(), path: "Stream.json")
        #expect(again == read)
        guard case .response(let response) = read.interactions[0].outcome else {
            Issue.record("expected a response")
            return
        }
        #expect(response.stream?.error == TransportError(code: -1005))
        #expect(response.stream?.gaps == Array(repeating: 10, count: 9))
        #expect(response.body == response.stream?.body, "the body is the chunks joined")
        #expect(response.stream?.chunks.count == chunks.count)
    }

    @Test func anEventsJSONIsServedCompactlyWithSortedKeysAndOtherBytesAsTheyWere() throws {
        let chunks = ["data: {\"z\": 1, \"a\": 2}\n\n", "data: [DONE]\n\n"]
        let read = try CassetteDocument.decode(
            Fixtures.streamed(chunks, contentType: "text/event-stream").encoded(), path: "Stream.json")
        guard case .response(let response) = read.interactions[0].outcome else {
            Issue.record("expected a response")
            return
        }
        #expect(
            response.stream?.chunks.map { String(decoding: $0, as: UTF8.self) } == [
                "data: {\"a\":2,\"z\":1}\n\n", "data: [DONE]\n\n",
            ])
        #expect(
            ResponseStream.storedChunks(chunks.map { Data($0.utf8) }, contentType: "text/event-stream")
                == response.stream?.chunks, "what record mode hands the caller is what replay serves")
    }

    static let malformed: [(String, String)] = [
        (#""body": {"text": "x"}, "stream": {"chunks": []}"#, "found both"),
        (#""stream": {"chunks": [{"text": "a"}], "gaps": [1, 2]}"#, "one gap per chunk"),
        (#""stream": {"chunks": [{"data": "x"}]}"#, "an object or an array"),
        (#""stream": {"chunks": [{"line": 3}]}"#, "an object or an array"),
        (#""stream": {"chunks": [{"text": "a", "base64": "YQ=="}]}"#, "exactly one of"),
        (#""stream": {"chunks": [{"event": "x"}]}"#, "expected an event's \"data\" or \"dataText\""),
        (#""stream": {"chunks": [{"data": {}, "dataText": "x"}]}"#, "expected an event"),
        (#""stream": {"chunks": [{"texts": "a"}]}"#, "unknown key \"texts\" in a stream chunk"),
        (#""stream": {"chunks": [], "error": {"code": "x"}}"#, "code"),
        (#""stream": {}"#, "missing required key \"chunks\""),
    ]

    @Test(arguments: malformed)
    func aMalformedStreamIsAnErrorThatSaysWhereAndWhat(members: String, words: String) {
        let text = """
            {
              "interactions": [
                {
                  "request": {"method": "GET", "url": "https://example.com/"},
                  "response": {\(members), "status": 200}
                }
              ],
              "version": 1
            }
            """
        #expect {
            _ = try CassetteDocument.decode(Data(text.utf8), path: "Broken.json")
        } throws: { error in
            let description = String(describing: error)
            return description.hasPrefix("Broken.json:5:") && description.contains(words)
        }
    }

    @Test(arguments: [(0.0, 0), (4.9, 0), (5.0, 10), (14.0, 10), (96, 100), (120, 100), (130, 150), (1049, 1000)])
    func gapsAreRounded(milliseconds: Double, rounded: Int) {
        #expect(ResponseStream.roundedGap(milliseconds: milliseconds) == rounded)
    }
}
