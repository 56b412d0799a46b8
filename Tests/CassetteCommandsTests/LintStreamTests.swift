import CassetteCore
import CassetteTestSupport
import Foundation
import Testing

/// `cassette lint` and `cassette scrub` on streamed responses: a clean stream passes, a token inside
/// an event's JSON is reported at its path in the file and scrubbed there, a malformed stream is a
/// format error at its place.
@Suite struct LintStreamTests {
    static let token = "sk-proj-" + "Q7vN2kXpL9mR4tW8yB3cF6hJ" + "T3BlbkFJ" + "1sD5gA0zE8uY2iO6pL4kM3nB"

    static func document(_ chunks: [String]) -> CassetteDocument {
        CassetteDocument(interactions: [
            Interaction(
                request: RecordedRequest(method: "POST", url: "https://api.example.com/v1/chat"),
                outcome: .response(
                    RecordedResponse(
                        status: 200, headers: [HTTPHeader("Content-Type", "text/event-stream")],
                        stream: ResponseStream(chunks: chunks.map { Data($0.utf8) }))))
        ])
    }

    @Test func aCleanStreamPasses() throws {
        let scratch = try ScratchPackage()
        try scratch.write(
            "Cassettes/Chat.json",
            Self.document(["data: {\"type\":\"delta\",\"text\":\"Hi\"}\n\n", "data: [DONE]\n\n"]))
        #expect(scratch.run("lint") == CommandRun(status: 0, stderr: "1 cassette, no problems\n"))
    }

    @Test func aTokenInAnEventIsReportedAtItsPathAndScrubbedThere() throws {
        let scratch = try ScratchPackage()
        try scratch.write(
            "Cassettes/Chat.json",
            Self.document(["data: {\"api_key\":\"\(Self.token)\",\"type\":\"auth\"}\n\n", "data: [DONE]\n\n"]))
        let lint = scratch.run("lint")
        #expect(lint.status == 1)
        #expect(lint.stdout.contains("at interactions[0].response.stream.chunks[0].data.api_key"), "\(lint.stdout)")
        #expect(!lint.stdout.contains(Self.token), "the report does not print the secret")
        #expect(scratch.run("scrub", "Cassettes/Chat.json").status == 0)
        let text = try String(contentsOf: scratch.url("Cassettes/Chat.json"), encoding: .utf8)
        #expect(!text.contains(Self.token))
        #expect(text.contains(#""api_key": "sk-proj-SCRUBBED-1""#), "scrubbed inside the event's JSON")
        #expect(scratch.run("lint").status == 0)
    }

    @Test func aMalformedStreamIsAFormatErrorAtItsPlace() throws {
        let scratch = try ScratchPackage()
        let text = """
            {
              "interactions": [
                {
                  "request": {"method": "GET", "url": "https://example.com/"},
                  "response": {"status": 200, "stream": {"chunks": [{"event": "x"}]}}
                }
              ],
              "version": 1
            }

            """
        try scratch.write("Cassettes/Bad.json", text)
        let lint = scratch.run("lint")
        #expect(lint.status == 1)
        #expect(lint.stdout.hasPrefix("Cassettes/Bad.json:5:"), "\(lint.stdout)")
        #expect(lint.stdout.contains("\"dataText\""))
    }
}
