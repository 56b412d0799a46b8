import CassetteCore
import CassetteTestSupport
import Foundation
import Testing

/// `cassette lint` on good and broken cassettes, run in the test process: exact output and status.
@Suite struct LintCommandTests {
    @Test func goodCassettesAreClean() throws {
        let scratch = try ScratchPackage()
        try scratch.write("Cassettes/Users/Fetch.json", Fixtures.cleanCassette)
        try scratch.write("Cassettes/Other.json", Fixtures.cleanCassette)
        #expect(scratch.run("lint") == CommandRun(status: 0, stderr: "2 cassettes, no problems\n"))
    }

    @Test func committedCassettesAreClean() throws {
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let run = CommandRun(inProcess: ["lint", "Cassettes"], in: package)
        #expect(run.status == 0)
        #expect(run.stdout == "")
        #expect(run.stderr.hasSuffix("cassettes, no problems\n"))
    }

    struct BrokenCase: CustomTestStringConvertible, Sendable {
        var name: String
        var contents: @Sendable () -> Data
        var expected: String
        var testDescription: String { name }
    }

    static let brokenCases: [BrokenCase] = [
        BrokenCase(
            name: "truncated", contents: { Fixtures.cleanCassette.encoded().prefix(100) },
            expected: "Cassettes/A.json:6:16: error: cassette is not valid JSON: unterminated string; fix: repair the "
                + "file by hand, or record it again (cassette scrub cannot fix this) [format]"),
        BrokenCase(
            name: "empty", contents: { Data() },
            expected: "Cassettes/A.json:1:1: error: cassette file is empty; expected a JSON object with \"version\" "
                + "and \"interactions\"; fix: repair the file by hand, or record it again (cassette scrub cannot fix "
                + "this) [format]"),
        BrokenCase(
            name: "future version", contents: { Data(#"{"interactions": [], "version": 2}"#.utf8) },
            expected: "Cassettes/A.json:1:33: error: cassette uses format version 2, but this version of Cassette "
                + "reads format version 1; update the Cassette package to read it [format]"),
        BrokenCase(
            name: "not canonical", contents: { Fixtures.compactCleanCassette },
            expected: "Cassettes/A.json:1:2: error: cassette is not in canonical form (first difference on line 1); "
                + "fix: cassette scrub Cassettes/A.json [canonical]"),
        BrokenCase(
            name: "planted token", contents: { Fixtures.tokenCassette.encoded() },
            expected: "Cassettes/A.json:8:22: error: authorization: credentials of Authorization header → "
                + "SCRUBBED-TOKEN-1 at interactions[0].request.headers[0].value; fix: cassette scrub Cassettes/A.json "
                + "[secret]"),
        BrokenCase(
            name: "planted email", contents: { Fixtures.emailCassette.encoded() },
            expected: "Cassettes/A.json:11:22: error: email: email address → user-1@example.invalid at "
                + "interactions[0].response.body.json.email; fix: cassette scrub Cassettes/A.json [secret]"),
        BrokenCase(
            name: "unreachable", contents: { Fixtures.unreachableCassette.encoded() },
            expected: "Cassettes/A.json:6:16: error: interaction 0 can never be served: URLSession sends its "
                + "request URL \"https://api.example.com/v1/search?q=a b\" as "
                + "\"https://api.example.com/v1/search?q=a%20b\", which does not match it; fix: record it again, or "
                + "remove the interaction [unreachable]"),
    ]

    @Test(arguments: brokenCases) func brokenCassettesAreReported(_ broken: BrokenCase) throws {
        let scratch = try ScratchPackage()
        try scratch.write("Cassettes/A.json", broken.contents())
        try scratch.write("Cassettes/B.json", Fixtures.cleanCassette)
        #expect(
            scratch.run("lint")
                == CommandRun(status: 1, stdout: broken.expected + "\n", stderr: "1 problem in 1 of 2 cassettes\n"))
    }

    @Test func secretsAreNeverPrinted() throws {
        let scratch = try ScratchPackage()
        try scratch.write("Cassettes/Token.json", Fixtures.tokenCassette)
        try scratch.write("Cassettes/Email.json", Fixtures.emailCassette)
        for format in ["text", "github", "json"] {
            let run = scratch.run("lint", "--format", format)
            #expect(run.status == 1)
            #expect(!run.stdout.contains("abc123def456ghi789"))
            #expect(!run.stdout.contains("jane.doe"))
        }
    }

    @Test func githubFormatAnnotates() throws {
        let scratch = try ScratchPackage()
        try scratch.write("Cassettes/A.json", Fixtures.emailCassette)
        #expect(
            scratch.run("lint", "--format", "github", "Cassettes")
                == CommandRun(
                    status: 1,
                    stdout: "::error file=Cassettes/A.json,line=11,col=22,title=cassette lint [secret]::email: "
                        + "email address → user-1@example.invalid at interactions[0].response.body.json.email; "
                        + "fix: cassette scrub Cassettes/A.json\n",
                    stderr: "1 problem in 1 of 1 cassette\n"))
    }

    @Test func jsonFormatIsAnArrayOfFindings() throws {
        let scratch = try ScratchPackage()
        try scratch.write("Cassettes/A.json", Fixtures.emailCassette)
        #expect(
            scratch.run("lint", "--format=json")
                == CommandRun(
                    status: 1,
                    stdout: """
                        [
                          {
                            "column": 22,
                            "file": "Cassettes/A.json",
                            "jsonPath": "interactions[0].response.body.json.email",
                            "line": 11,
                            "message": "email: email address → user-1@example.invalid at \
                        interactions[0].response.body.json.email; fix: cassette scrub Cassettes/A.json",
                            "rule": "secret",
                            "severity": "error"
                          }
                        ]

                        """,
                    stderr: "1 problem in 1 of 1 cassette\n"))
        try scratch.write("Cassettes/A.json", Fixtures.cleanCassette)
        #expect(
            scratch.run("lint", "--format=json")
                == CommandRun(status: 0, stdout: "[]\n", stderr: "1 cassette, no problems\n"))
    }

    @Test func directoryWithoutCassettes() throws {
        let scratch = try ScratchPackage()
        #expect(
            scratch.run("lint")
                == CommandRun(
                    status: 0, stderr: "warning: no cassettes (*.json) in Cassettes\n0 cassettes, no problems\n")
        )
    }

    @Test func missingPathIsAUsageError() throws {
        let scratch = try ScratchPackage()
        #expect(
            scratch.run("lint", "Nope")
                == CommandRun(
                    status: 64,
                    stderr: """
                        error: no such file or directory: Nope
                        Usage: cassette lint [--format text|github|json] [--max-age DAYS] [PATH ...]
                          See 'cassette lint --help' for more information.

                        """))
    }

    @Test func projectRulesComeFromCassetteJSON() throws {
        let scratch = try ScratchPackage()
        try scratch.write(".cassette.json", #"{"scrub": {"disable": ["email"]}}"#)
        try scratch.write("Cassettes/A.json", Fixtures.emailCassette)
        #expect(scratch.run("lint") == CommandRun(status: 0, stderr: "1 cassette, no problems\n"))
    }
}
