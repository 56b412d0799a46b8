/// The `cassette` command line: dispatches to a subcommand of ``CommandRegistry`` and turns usage
/// errors into exit 64.
package enum CassetteCommandLine {
    /// The tool's version, printed by `cassette --version`.
    package static let version = "0.1.0"

    /// `--version`: the one option of `cassette` itself besides `--help`.
    static let versionOption = CommandOption.flag("--version", help: "Show the version.")
    static let usage = "cassette <subcommand> [options] [PATH ...]"

    /// `cassette --help`.
    package static var overview: String {
        let commands =
            CommandRegistry.commands.map { ($0.name, $0.abstract) } + [
                ("help", "Show help for a subcommand.")
            ]
        return """
            OVERVIEW: Lint, scrub, prune, show and serve the HTTP cassettes of Cassette tests.

            USAGE: \(usage)

            \(HelpFormatter.options([versionOption]))

            SUBCOMMANDS:
            \(commands.flatMap { HelpFormatter.row($0.0, [$0.1]) }.joined(separator: "\n"))

              See 'cassette help <subcommand>' for detailed help.
            """
    }

    /// Runs the command line (without the program name) in `context` and returns the exit status.
    package static func run(_ arguments: [String], in context: CommandContext) -> ExitStatus {
        let console = context.console
        guard let first = arguments.first else {
            console.error(overview)
            return .usage
        }
        if CommandOption.help.isNamed(first) {
            console.out(overview)
            return .success
        }
        if versionOption.isNamed(first) {
            console.out(version)
            return .success
        }
        if first == "help" { return help(Array(arguments.dropFirst()), console: console) }
        guard let command = CommandRegistry.command(named: first) else {
            let error: UsageError =
                first.hasPrefix("-")
                ? .unknown("option", first, candidates: [CommandOption.help.name, versionOption.name])
                : .unknown("command", first, candidates: CommandRegistry.commands.map(\.name) + ["help"])
            report(error, console: console)
            console.error("Usage: \(usage)\n  See 'cassette --help' for more information.")
            return .usage
        }
        do throws(UsageError) {
            let parsed = try command.parse(Array(arguments.dropFirst()))
            if parsed.wantsHelp {
                console.out(command.help)
                return .success
            }
            return try command.run(parsed, context)
        } catch {
            report(error, console: console)
            console.error("Usage: \(command.usage)\n  See 'cassette \(command.name) --help' for more information.")
            return .usage
        }
    }

    /// `cassette help [COMMAND]`.
    private static func help(_ arguments: [String], console: Console) -> ExitStatus {
        guard let name = arguments.first else {
            console.out(overview)
            return .success
        }
        guard let command = CommandRegistry.command(named: name) else {
            report(.unknown("command", name, candidates: CommandRegistry.commands.map(\.name)), console: console)
            return .usage
        }
        console.out(command.help)
        return .success
    }

    private static func report(_ error: UsageError, console: Console) {
        console.error("error: \(error.message)")
        if let suggestion = error.suggestion { console.error(suggestion) }
    }
}
