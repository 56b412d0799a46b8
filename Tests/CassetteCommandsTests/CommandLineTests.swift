import CassetteTestSupport
import Foundation
import Testing

/// Help, version and usage errors, as swift-argument-parser tools print them.
@Suite struct CommandLineTests {
    struct UsageCase: CustomTestStringConvertible, Sendable {
        var arguments: [String]
        var stderr: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let lintUsage =
        "Usage: cassette lint [--format text|github|json] [--max-age DAYS] [PATH ...]\n  See 'cassette lint --help' for more information.\n"
    static let toolUsage =
        "Usage: cassette <subcommand> [options] [PATH ...]\n  See 'cassette --help' for more information.\n"

    static let usageCases: [UsageCase] = [
        UsageCase(
            arguments: ["lint", "--frmat", "json"],
            stderr: "error: unknown option '--frmat'\ndid you mean '--format'?\n" + lintUsage),
        UsageCase(arguments: ["lnt"], stderr: "error: unknown command 'lnt'\ndid you mean 'lint'?\n" + toolUsage),
        UsageCase(arguments: ["frobnicate"], stderr: "error: unknown command 'frobnicate'\n" + toolUsage),
        UsageCase(
            arguments: ["--verison"],
            stderr: "error: unknown option '--verison'\ndid you mean '--version'?\n" + toolUsage),
        UsageCase(arguments: ["lint", "--format"], stderr: "error: missing value for '--format'\n" + lintUsage),
        UsageCase(
            arguments: ["lint", "--format=xml"],
            stderr: "error: unknown format 'xml'; valid formats are text, github, json\n" + lintUsage),
        UsageCase(
            arguments: ["scrub", "--check=yes"],
            stderr: "error: '--check' does not take a value\nUsage: cassette scrub [--check] [PATH ...]\n"
                + "  See 'cassette scrub --help' for more information.\n"),
        UsageCase(
            arguments: ["show"],
            stderr: "error: missing expected argument 'PATH'\nUsage: cassette show PATH ...\n"
                + "  See 'cassette show --help' for more information.\n"),
        UsageCase(arguments: ["help", "lnt"], stderr: "error: unknown command 'lnt'\ndid you mean 'lint'?\n"),
        UsageCase(
            arguments: ["import", "only-one.har"],
            stderr: "error: missing expected argument 'CASSETTE_FILE'\n"
                + "Usage: cassette import [--method M ...] [--url-pattern P ...] [--append] HAR_FILE CASSETTE_FILE\n"
                + "  See 'cassette import --help' for more information.\n"),
        UsageCase(
            arguments: ["import", "a.har", "b.json", "--method"],
            stderr: "error: missing value for '--method'\n"
                + "Usage: cassette import [--method M ...] [--url-pattern P ...] [--append] HAR_FILE CASSETTE_FILE\n"
                + "  See 'cassette import --help' for more information.\n"),
        UsageCase(
            arguments: ["export", "a.json", "b.har", "c.har"],
            stderr: "error: unexpected argument 'c.har'\nUsage: cassette export CASSETTE_FILE HAR_FILE\n"
                + "  See 'cassette export --help' for more information.\n"),
        UsageCase(
            arguments: ["export"],
            stderr: "error: missing expected argument 'CASSETTE_FILE'\nUsage: cassette export CASSETTE_FILE HAR_FILE\n"
                + "  See 'cassette export --help' for more information.\n"),
    ]

    @Test(arguments: usageCases) func usageErrorsExit64(_ usage: UsageCase) throws {
        let scratch = try ScratchPackage()
        #expect(
            CommandRun(inProcess: usage.arguments, in: scratch.root) == CommandRun(status: 64, stderr: usage.stderr))
    }

    @Test func version() throws {
        let scratch = try ScratchPackage()
        #expect(scratch.run("--version") == CommandRun(status: 0, stdout: "0.1.0\n"))
    }

    @Test func helpListsTheCommands() throws {
        let scratch = try ScratchPackage()
        let run = scratch.run("--help")
        #expect(run.status == 0)
        #expect(
            run.stdout.hasPrefix("OVERVIEW: Lint, scrub, prune, show and serve the HTTP cassettes of Cassette tests.\n")
        )
        for command in ["lint", "scrub", "prune", "show", "help"] {
            #expect(run.stdout.contains("\n  \(command) "))
        }
        let bare = scratch.run()
        #expect(bare.status == 64)
        #expect(bare.stderr == run.stdout)
    }

    @Test(arguments: ["lint", "scrub", "prune", "show"]) func helpForEachCommand(_ command: String) throws {
        let scratch = try ScratchPackage()
        let viaHelp = scratch.run("help", command)
        #expect(viaHelp.status == 0)
        #expect(viaHelp.stdout.contains("USAGE: cassette \(command)"))
        #expect(CommandRun(inProcess: [command, "--help"], in: scratch.root) == viaHelp)
        #expect(CommandRun(inProcess: [command, "-h"], in: scratch.root) == viaHelp)
    }
}
