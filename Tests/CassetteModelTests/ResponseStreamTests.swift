import CassetteCore
import CassetteModel
import CassetteScrubbing
import CassetteTestSupport
import Foundation
import Testing

/// The format of a streamed response: how each chunk is stored, the canonical writer's byte
/// stability, the reader's errors, scrubbing inside events, and HAR export as one body.
@Suite struct ResponseStreamTests {
    static let sse = [
        "event: message_start\ndata: {\"type\":\"message_start\",\"index\":0}\n\n",
        "data: {\"id\":\"c1\",\"object\":\"chat.completion.chunk\",\"choices\":[{\"delta\":{\"content\":\"Hi\"}}]}\n\n",
        "id: 7\ndata: plain words\n\n",
        "event: ping\nid: 8\ndata: [1,2]\n\n",
        "data: {\"a\":1}\ndata: {\"b\":2}\n\n",
        ": a comment\n\n",
        "data: [DONE]\n\n",
    ]

    static func document(_ chunks: [String], contentType: String, error: Int? = nil, gaps: [Int]? = nil)
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

    static func chunkObjects(_ data: Data) throws -> [[String: Any]] {
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let interaction = try #require((json["interactions"] as? [[String: Any]])?.first)
        let stream = try #require((interaction["response"] as? [String: Any])?["stream"] as? [String: Any])
        return try #require(stream["chunks"] as? [[String: Any]])
    }

    @Test func eventsAreStoredByTheirFieldsAndOtherChunksAsText() throws {
        let chunks = try Self.chunkObjects(Self.document(Self.sse, contentType: "text/event-stream").encoded())
        #expect(chunks.count == Self.sse.count, "one entry per chunk")
        #expect(chunks[0]["event"] as? String == "message_start")
        #expect((chunks[0]["data"] as? [String: Any])?["type"] as? String == "message_start")
        #expect((chunks[1]["data"] as? [String: Any])?["object"] as? String == "chat.completion.chunk")
        #expect(chunks[2]["id"] as? String == "7")
        #expect(chunks[2]["dataText"] as? String == "plain words")
        #expect(chunks[3]["data"] as? [Int] == [1, 2])
        #expect(chunks[4]["text"] as? String == Self.sse[4], "two data lines: kept as the text it was")
        #expect(chunks[5]["text"] as? String == Self.sse[5])
        #expect(chunks[6]["dataText"] as? String == "[DONE]")
    }

    @Test func ndjsonIsStoredLineByLine() throws {
        let lines = ["{\"id\":1,\"ok\":true}\n", "{\"id\":2}\n{\"id\":3}\n", "not json\n"]
        let chunks = try Self.chunkObjects(Self.document(lines, contentType: "application/x-ndjson").encoded())
        #expect((chunks[0]["line"] as? [String: Any])?["id"] as? Int == 1)
        #expect(chunks[1]["text"] as? String == lines[1], "two lines in one chunk stay one chunk, as text")
        #expect(chunks[2]["text"] as? String == lines[2])
    }

    @Test(arguments: ["text/event-stream", "application/x-ndjson", "text/plain", "application/octet-stream"])
    func writingWhatWasReadGivesTheSameBytes(contentType: String) throws {
        let chunks = Self.sse + ["{\"z\":1,\"a\":2}\n", "\u{1}binary\u{0}"]
        let first = Self.document(chunks, contentType: contentType, error: -1005, gaps: Array(repeating: 10, count: 9))
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
            Self.document(chunks, contentType: "text/event-stream").encoded(), path: "Stream.json")
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

    @Test func aTokenInsideAnEventsJSONIsScrubbedInPlace() throws {
        let token = "ghp_" + "R8fK2mN5qT1wX7zB4cV9dL3hJ6sP0aY2eU5i"
        let chunks = [
            "data: {\"type\":\"auth\",\"token\":\"\(token)\"}\n\n",
            "data: {\"type\":\"delta\",\"text\":\"key \(token) done\"}\n\n", "data: [DONE]\n\n",
        ]
        let scrubbed = Scrubber.default.scrub(Self.document(chunks, contentType: "text/event-stream"))
        let data = scrubbed.encoded()
        #expect(!String(decoding: data, as: UTF8.self).contains(token))
        let stored = try Self.chunkObjects(data)
        #expect(stored.count == 3, "the chunks keep their boundaries")
        let first = try #require(stored[0]["data"] as? [String: Any], "still JSON after scrubbing")
        #expect(first["type"] as? String == "auth")
        #expect((first["token"] as? String)?.isEmpty == false)
        #expect(Scrubber.default.findings(in: scrubbed).isEmpty, "scrubbing a scrubbed stream finds nothing")
        #expect(!Scrubber.default.findings(in: Self.document(chunks, contentType: "text/event-stream")).isEmpty)
    }

    @Test func aTokenSplitAcrossEventsIsFoundInTheJoinedTextAndReplacedInEachPiece() throws {
        let token = "ghp_" + "R8fK2mN5qT1wX7zB4cV9dL3hJ6sP0aY2eU5i"
        let (head, tail) = (String(token.prefix(14)), String(token.dropFirst(14)))
        let chunks = [
            "data: {\"choices\":[{\"delta\":{\"content\":\"your key: \(head)\"}}]}\n\n",
            "data: {\"choices\":[{\"delta\":{\"content\":\"\(tail) ok\"}}]}\n\n", "data: [DONE]\n\n",
        ]
        let scrubbed = Scrubber.default.scrub(Self.document(chunks, contentType: "text/event-stream"))
        let data = scrubbed.encoded()
        let text = String(decoding: data, as: UTF8.self)
        #expect(!text.contains(head) && !text.contains(tail))
        let stored = try Self.chunkObjects(data)
        #expect(stored.count == 3)
        #expect(stored[0]["data"] is [String: Any] && stored[1]["data"] is [String: Any], "both events stay JSON")
    }

    @Test func harExportHasTheStreamAsOneBody() throws {
        let document = Self.document(Self.sse, contentType: "text/event-stream")
        let har = try #require(try JSONSerialization.jsonObject(with: HARExport.data(of: document)) as? [String: Any])
        let entries = try #require((har["log"] as? [String: Any])?["entries"] as? [[String: Any]])
        let content = try #require((entries.first?["response"] as? [String: Any])?["content"] as? [String: Any])
        #expect(content["text"] as? String == Self.sse.joined())
        #expect(content["mimeType"] as? String == "text/event-stream")
    }

    @Test(arguments: [(0.0, 0), (4.9, 0), (5.0, 10), (14.0, 10), (96, 100), (120, 100), (130, 150), (1049, 1000)])
    func gapsAreRounded(milliseconds: Double, rounded: Int) {
        #expect(ResponseStream.roundedGap(milliseconds: milliseconds) == rounded)
    }
}
