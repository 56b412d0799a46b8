import CassetteCore
import CassetteTestSupport
import Foundation
import Testing

/// The built `cassette` binary, as users and CI run it: exit statuses, what goes to standard output
/// and what to standard error, and the process's own environment and working directory. The
/// commands' texts are pinned in-process by `CassetteCommandsTests`.
@Suite struct ToolEndToEndTests {
    @Test func versionAndHelpGoToStandardOutput() throws {
        let scratch = try ScratchPackage()
        #expect(try scratch.run("--version") == CommandRun(status: 0, stdout: "0.1.0\n"))
        let help = try scratch.run("help", "lint")
        #expect(help.status == 0)
        #expect(help.stderr == "")
        #expect(help.stdout.hasPrefix("OVERVIEW: Check cassettes"))
        let bare = try scratch.run()
        #expect(bare.status == 64)
        #expect(bare.stdout == "")
        #expect(bare.stderr == (try scratch.run("--help")).stdout)
    }

    @Test func usageErrorExits64OnStandardError() throws {
        let scratch = try ScratchPackage()
        #expect(
            try scratch.run("lint", "--frmat", "json")
                == CommandRun(
                    status: 64,
                    stderr: "error: unknown option '--frmat'\ndid you mean '--format'?\n"
                        + "Usage: cassette lint [--format text|github|json] [--max-age DAYS] [PATH ...]\n"
                        + "  See 'cassette lint --help' for more information.\n"))
    }

    @Test func findingsOnStandardOutputSummaryOnStandardErrorExit1() throws {
        let scratch = try ScratchPackage()
        try scratch.write("Cassettes/A.json", Fixtures.emailCassette)
        try scratch.write("Cassettes/B.json", Fixtures.cleanCassette)
        #expect(
            try scratch.run("lint")
                == CommandRun(
                    status: 1,
                    stdout: "Cassettes/A.json:11:22: error: email: email address → user-1@example.invalid at "
                        + "interactions[0].response.body.json.email; fix: cassette scrub Cassettes/A.json [secret]\n",
                    stderr: "1 problem in 1 of 2 cassettes\n"))
        try scratch.write("Cassettes/A.json", Fixtures.cleanCassette)
        #expect(
            try scratch.run("lint", "--format=json")
                == CommandRun(status: 0, stdout: "[]\n", stderr: "2 cassettes, no problems\n"))
    }

    @Test func committedCassettesAreClean() throws {
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let run = try CommandRun(binary: ["lint", "Cassettes"], in: package)
        #expect(run.status == 0)
        #expect(run.stdout == "")
        #expect(run.stderr.hasSuffix("cassettes, no problems\n"))
    }

    @Test func pruneReadsTheProcessEnvironmentAndWorkingDirectory() throws {
        let scratch = try ScratchPackage()
        try scratch.write("Cassettes/Users.json", Fixtures.cleanCassette)
        let ledger = UsageLedger(
            filtered: false, arguments: [],
            cassettes: ["Cassettes/Users.json": Fixtures.usage([0, 1, 2])])
        try scratch.write("ledgers/run-20260101T000000-1.json", ledger.encoded())
        #expect(
            try scratch.run("prune", environment: ["CASSETTE_USAGE_LEDGER": "ledgers"])
                == CommandRun(status: 0, stderr: "nothing to prune in 1 cassette\n"))
    }
}
