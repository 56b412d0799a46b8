import CassetteCore
import CassetteTestSupport
import Foundation
import Testing

/// `cassette scrub` rewrites cassettes through the scrubber and the canonical writer.
@Suite struct ScrubCommandTests {
    @Test func scrubsSecretsAndCanonicalisesThenLintIsClean() throws {
        let scratch = try ScratchPackage()
        try scratch.write("Cassettes/Token.json", Fixtures.tokenCassette)
        try scratch.write("Cassettes/Compact.json", Fixtures.compactCleanCassette)
        try scratch.write("Cassettes/Good.json", Fixtures.cleanCassette)
        #expect(
            scratch.run("scrub")
                == CommandRun(
                    status: 0,
                    stdout: "Cassettes/Compact.json: rewrote it in canonical form\n"
                        + "Cassettes/Token.json: replaced 1 secret\n",
                    stderr: "2 of 3 cassettes changed\n"))
        #expect(scratch.run("lint") == CommandRun(status: 0, stderr: "3 cassettes, no problems\n"))
        #expect(!(try scratch.read("Cassettes/Token.json")).contains("abc123def456ghi789"))
        let scrubbed = try CassetteDocument.read(from: scratch.url("Cassettes/Token.json"))
        #expect(
            scrubbed.interactions.first?.request.headers == [HTTPHeader("Authorization", "Bearer SCRUBBED-TOKEN-1")])
        #expect(scratch.run("scrub") == CommandRun(status: 0, stderr: "3 cassettes, nothing to change\n"))
    }

    @Test func checkChangesNothingAndListsFiles() throws {
        let scratch = try ScratchPackage()
        try scratch.write("Cassettes/Email.json", Fixtures.emailCassette)
        try scratch.write("Cassettes/Good.json", Fixtures.cleanCassette)
        let before = try scratch.read("Cassettes/Email.json")
        #expect(
            scratch.run("scrub", "--check")
                == CommandRun(
                    status: 1, stdout: "Cassettes/Email.json: would replace 1 secret\n",
                    stderr: "1 of 2 cassettes would change; fix: cassette scrub\n"))
        #expect(try scratch.read("Cassettes/Email.json") == before)
        // The fix repeats the paths the check was given, and nothing else.
        #expect(
            scratch.run("scrub", "--check", "Cassettes/Email.json", "Cassettes/Good.json").stderr
                == "1 of 2 cassettes would change; fix: cassette scrub Cassettes/Email.json Cassettes/Good.json\n")
        try scratch.write("Cassettes/Email.json", Fixtures.cleanCassette)
        #expect(scratch.run("scrub", "--check") == CommandRun(status: 0, stderr: "2 cassettes, nothing to change\n"))
    }

    @Test func unreadableCassettesAreReportedAndLeftAlone() throws {
        let scratch = try ScratchPackage()
        let truncated = Fixtures.tokenCassette.encoded().prefix(120)
        try scratch.write("Cassettes/Broken.json", truncated)
        try scratch.write("Cassettes/Token.json", Fixtures.tokenCassette)
        #expect(
            scratch.run("scrub")
                == CommandRun(
                    status: 1, stdout: "Cassettes/Token.json: replaced 1 secret\n",
                    stderr: "Cassettes/Broken.json:8:4: error: cassette is not valid JSON: unexpected end of file, "
                        + "expected a string key; the file was left unchanged\n"
                        + "1 of 2 cassettes changed; 1 could not be read\n"))
        #expect(try Data(contentsOf: scratch.url("Cassettes/Broken.json")) == truncated)
    }
}
