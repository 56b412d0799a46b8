import CassetteCore
import CassetteTestSupport
import Foundation
import Testing

/// `cassette show` prints one line per interaction for reviewers.
@Suite struct ShowCommandTests {
    @Test func summarisesEachInteraction() throws {
        let scratch = try ScratchPackage()
        var document = Fixtures.cleanCassette
        document.interactions.append(
            Interaction(
                request: RecordedRequest(
                    method: "POST", url: "https://api.example.com/v1/upload",
                    headers: [HTTPHeader("Content-Type", "application/octet-stream")], body: Data([0, 1, 2, 255])),
                outcome: .failure(TransportError(code: -1004))))
        try scratch.write("Cassettes/Users.json", document)
        #expect(
            scratch.run("show", "Cassettes/Users.json")
                == CommandRun(
                    status: 0,
                    stdout: """
                        Cassettes/Users.json: 4 interactions
                          [0] GET https://api.example.com/v1/users/1 → 200; request: no body; response: json, 21 bytes
                          [1] GET https://api.example.com/v1/users/2 → 200; request: no body; response: json, 23 bytes
                          [2] DELETE https://api.example.com/v1/users/2 → 204; request: no body; response: no body
                          [3] POST https://api.example.com/v1/upload → error -1004; request: base64, 4 bytes

                        """))
    }

    @Test func aStreamIsPrintedEventByEventWithItsSecretsMasked() throws {
        let scratch = try ScratchPackage()
        let token = "sk-proj-" + "Q7vN2kXpL9mR4tW8yB3cF6hJ" + "T3BlbkFJ" + "1sD5gA0zE8uY2iO6pL4kM3nB"
        let chunks = [
            "event: message_start\ndata: {\"type\":\"message_start\"}\n\n",
            "data: {\"api_key\":\"\(token)\",\"type\":\"auth\"}\n\n", "data: [DONE]\n\n",
        ]
        try scratch.write(
            "Cassettes/Stream.json",
            CassetteDocument(interactions: [
                Interaction(
                    request: RecordedRequest(method: "POST", url: "https://api.example.com/v1/chat"),
                    outcome: .response(
                        RecordedResponse(
                            status: 200, headers: [HTTPHeader("Content-Type", "text/event-stream")],
                            stream: ResponseStream(
                                chunks: chunks.map { Data($0.utf8) }, error: TransportError(code: -1005))
                        )))
            ]))
        #expect(
            scratch.run("show", "Cassettes/Stream.json")
                == CommandRun(
                    status: 0,
                    stdout: """
                        Cassettes/Stream.json: 1 interaction
                          [0] POST https://api.example.com/v1/chat → 200; request: no body; response: stream, 3 chunks, 167 bytes, cut by error -1005
                              [0] event message_start: {"type":"message_start"}
                              [1] data: {"api_key":"sk-proj-SCRUBBED-1","type":"auth"}
                              [2] data: [DONE]
                              then error -1005

                        """))
    }

    @Test func showMasksWhatTheScrubberWouldReplace() throws {
        let scratch = try ScratchPackage()
        let url =
            "https://api.example.com/v1/me?access_token=show-secret-123456&next=https%3A%2F%2Fx.example.com%2F%3Ftoken%3Dshow-nested-654321"
        try scratch.write(
            "Cassettes/Raw.json",
            CassetteDocument(interactions: [
                Interaction(
                    request: RecordedRequest(method: "GET", url: url), outcome: .response(RecordedResponse(status: 200))
                )
            ]))
        let run = scratch.run("show", "Cassettes/Raw.json")
        #expect(run.status == 0)
        #expect(!run.stdout.contains("show-secret-123456"))
        #expect(!run.stdout.contains("show-nested-654321"))
        #expect(
            run.stdout.contains(
                "[0] GET https://api.example.com/v1/me?access_token=SCRUBBED-QUERY-1&next=https%3A%2F%2Fx.example.com%2F%3Ftoken%3DSCRUBBED-QUERY-2 → 200"
            ))
    }

    @Test func unreadableCassetteExits1() throws {
        let scratch = try ScratchPackage()
        try scratch.write("Cassettes/Empty.json", "")
        #expect(
            scratch.run("show", "Cassettes")
                == CommandRun(
                    status: 1,
                    stderr: "Cassettes/Empty.json: error: cassette file is empty; expected a JSON object with "
                        + "\"version\" and \"interactions\"\n"))
    }
}
