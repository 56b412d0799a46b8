import CassetteCommands
import CassetteTestSupport
import Testing

/// The help each command prints: the usage line and the OPTIONS block made from the declared
/// options, so what the help says is what the parser takes.
@Suite struct HelpTests {
    @Test func overviewListsOptionsAndEveryRegisteredCommand() throws {
        let scratch = try ScratchPackage()
        #expect(
            scratch.run("--help")
                == CommandRun(
                    status: 0,
                    stdout: """
                        OVERVIEW: Lint, scrub, prune, show and serve the HTTP cassettes of Cassette tests.

                        USAGE: cassette <subcommand> [options] [PATH ...]

                        OPTIONS:
                          --version               Show the version.
                          -h, --help              Show help information.

                        SUBCOMMANDS:
                          lint                    Check cassettes: format, canonical form, secrets, unreachable interactions.
                          scrub                   Replace secrets and rewrite cassettes in canonical form.
                          prune                   Remove interactions no test used (run the full swift test first).
                          show                    Summarise cassettes, one line per interaction.
                          import                  Turn a HAR file from a browser or proxy into a cassette.
                          export                  Write a cassette as a HAR 1.2 file for a browser's network panel.
                          drift                   Report how the live API drifted from the cassettes (after CASSETTE_MODE=verify).
                          install-hook            Install a git pre-commit hook that lints the staged cassettes.
                          serve                   Serve a cassette over HTTP to any client: curl, Python, a built executable.
                          help                    Show help for a subcommand.

                          See 'cassette help <subcommand>' for detailed help.

                        """))
    }

    @Test func lintOptionsListTheFormatsWithTheDefault() throws {
        let scratch = try ScratchPackage()
        let help = scratch.run("help", "lint").stdout
        #expect(
            help.hasPrefix("OVERVIEW: Check cassettes: format, canonical form, secrets, unreachable interactions.\n"))
        #expect(help.contains("\nUSAGE: cassette lint [--format text|github|json] [--max-age DAYS] [PATH ...]\n"))
        #expect(
            help.hasSuffix(
                """

                OPTIONS:
                  --format <format>       How to print the findings:
                                            text    path:line:column: error: message [rule] (default)
                                            github  GitHub Actions annotations
                                            json    a JSON array of findings
                  --max-age <days>        Report interactions recorded more than this many days ago as stale
                                          (default: the project's "maxAge", or no limit).
                  -h, --help              Show help information.

                """))
    }

    @Test func pruneOptionsAndUsageComeFromOneDeclaration() throws {
        let scratch = try ScratchPackage()
        let help = scratch.run("prune", "--help").stdout
        #expect(
            help.contains(
                "\nUSAGE: cassette prune [--dry-run] [--force] [--delete-unused-files] [--ledger DIR] [PATH ...]\n"))
        #expect(
            help.hasSuffix(
                """

                OPTIONS:
                  --dry-run               Show what would be removed; change nothing.
                  --force                 Prune even after a filtered run.
                  --delete-unused-files   Delete the cassette files the run did not open.
                  --ledger <dir>          The ledger folder.
                  -h, --help              Show help information.

                """))
    }

    @Test func longHelpWrapsBesideTheOptionName() throws {
        let scratch = try ScratchPackage()
        #expect(
            scratch.run("scrub", "-h").stdout.hasSuffix(
                """

                OPTIONS:
                  --check                 Change nothing; list the files that would change and exit 1 if there
                                          are any.
                  -h, --help              Show help information.

                """))
    }

    @Test(arguments: CommandRegistry.commands.map(\.name)) func everyDeclaredOptionIsInTheHelpAndParses(
        _ name: String
    ) throws {
        let command = try #require(CommandRegistry.command(named: name))
        for option in command.options {
            #expect(command.help.contains("\n  \(option.name)"), "\(option.name)")
            let value = option.allowedValues.first?.name ?? "x"
            let arguments = option.takesValue ? [option.name, value] : [option.name]
            let parsed = try command.parse(arguments + command.arguments.map(\.name))
            #expect(option.takesValue ? parsed.value(of: option) == value : parsed.isSet(option))
        }
    }
}
