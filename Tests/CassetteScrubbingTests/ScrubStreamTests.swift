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
}
