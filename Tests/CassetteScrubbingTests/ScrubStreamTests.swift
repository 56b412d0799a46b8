import CassetteScrubbing
import CassetteTestSupport
import Foundation
import Testing

/// Scrubbing inside a streamed response: a token in an event's JSON is replaced in place and the
/// chunks keep their boundaries; a token split across events is found in the joined text.
@Suite struct ScrubStreamTests {
    @Test func aTokenInsideAnEventsJSONIsScrubbedInPlace() throws {
        let token = "ghp_" + "R8fK2mN5qT1wX7zB4cV9dL3hJ6sP0aY2eU5i"
        let chunks = [
            "data: {\"type\":\"auth\",\"token\":\"\(token)\"}\n\n",
            "data: {\"type\":\"delta\",\"text\":\"key \(token) done\"}\n\n", "data: [DONE]\n\n",
        ]
        let scrubbed = Scrubber.default.scrub(Fixtures.streamed(chunks, contentType: "text/event-stream"))
        let data = scrubbed.encoded()
        #expect(!String(decoding: data, as: UTF8.self).contains(token))
        let stored = try Fixtures.storedChunks(data)
        #expect(stored.count == 3, "the chunks keep their boundaries")
        let first = try #require(stored[0]["data"] as? [String: Any], "still JSON after scrubbing")
        #expect(first["type"] as? String == "auth")
        #expect((first["token"] as? String)?.isEmpty == false)
        #expect(Scrubber.default.findings(in: scrubbed).isEmpty, "scrubbing a scrubbed stream finds nothing")
        #expect(!Scrubber.default.findings(in: Fixtures.streamed(chunks, contentType: "text/event-stream")).isEmpty)
    }

    @Test func aTokenSplitAcrossEventsIsFoundInTheJoinedTextAndReplacedInEachPiece() throws {
        let token = "ghp_" + "R8fK2mN5qT1wX7zB4cV9dL3hJ6sP0aY2eU5i"
        let (head, tail) = (String(token.prefix(14)), String(token.dropFirst(14)))
        let chunks = [
            "data: {\"choices\":[{\"delta\":{\"content\":\"your key: \(head)\"}}]}\n\n",
            "data: {\"choices\":[{\"delta\":{\"content\":\"\(tail) ok\"}}]}\n\n", "data: [DONE]\n\n",
        ]
        let scrubbed = Scrubber.default.scrub(Fixtures.streamed(chunks, contentType: "text/event-stream"))
        let data = scrubbed.encoded()
        let text = String(decoding: data, as: UTF8.self)
        #expect(!text.contains(head) && !text.contains(tail))
        let stored = try Fixtures.storedChunks(data)
        #expect(stored.count == 3)
        #expect(stored[0]["data"] is [String: Any] && stored[1]["data"] is [String: Any], "both events stay JSON")
    }

    /// Ollama's `/api/generate` streams JSON lines whose `response` strings make the answer.
    static func jsonLines(_ pieces: [String]) -> [String] {
        pieces.map { #"{"model":"llama3.1:8b","response":"\#($0)","done":false}"# + "\n" }
    }

    @Test(arguments: [true, false])
    func aTokenSplitAcrossJSONLinesIsFoundInTheJoinedText(asChunks: Bool) throws {
        let token = "ghp_" + "KX0gx6j53OxjobcAV0wKCGRcLL2aB7dE9fH1"
        let pieces = [
            "Found a token: ", String(token.prefix(4)), String(token.dropFirst(4).prefix(9)),
            String(token.dropFirst(13)), " — rotate it.",
        ]
        let lines = Self.jsonLines(pieces)
        let document =
            asChunks
            ? Fixtures.streamed(lines, contentType: "application/x-ndjson")
            : CassetteDocument(interactions: [
                Fixtures.interaction(
                    "http://127.0.0.1:11434/api/generate", method: "POST", body: lines.joined(),
                    contentType: "application/x-ndjson")
            ])
        #expect(!Scrubber.default.findings(in: document).isEmpty, "lint sees the joined token")
        let scrubbed = Scrubber.default.scrub(document)
        let text = String(decoding: scrubbed.encoded(), as: UTF8.self)
        // The placeholder keeps the token's `ghp_`; its random pieces are gone.
        for piece in pieces[2...3] { #expect(!text.contains(piece), "\(piece) is left") }
        #expect(text.contains("Found a token: "))
        let body = try #require(scrubbed.interactions[0].response?.body)
        for line in String(decoding: body, as: UTF8.self).split(separator: "\n") {
            #expect((try? JSONParser.parse(Data(line.utf8))) != nil, "every line stays JSON: \(line)")
        }
        #expect(Scrubber.default.scrub(scrubbed) == scrubbed, "a second scrub changes nothing")
    }
}
