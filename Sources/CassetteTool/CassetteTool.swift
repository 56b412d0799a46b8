import Foundation

/// The `cassette` command line: dispatches to a subcommand and turns usage errors into exit 64.
enum CassetteTool {
    /// The tool's version, printed by `cassette --version`.
    static let version = "0.1.0"

    static let commands: [CommandEntry] = [
        LintCommand.entry, ScrubCommand.entry, PruneCommand.entry, ShowCommand.entry, ImportCommand.entry,
        ExportCommand.entry,
    ]

    static let overview = """
        OVERVIEW: Lint, scrub, prune and show the HTTP cassettes of Cassette tests.

        USAGE: cassette <subcommand> [options] [PATH ...]

        OPTIONS:
          --version               Show the version.
          -h, --help              Show help information.

        SUBCOMMANDS:
        \(commands.map { "  " + $0.name.padding(toLength: 22, withPad: " ", startingAt: 0) + "  " + $0.abstract }.joined(separator: "\n"))
          help                    Show help for a subcommand.

          See 'cassette help <subcommand>' for detailed help.
        """

    /// Runs the command line (without the program name) and returns the exit status.
    static func run(_ arguments: [String]) -> ExitStatus {
        guard let first = arguments.first else {
            Console.error(overview)
            return .usage
        }
        switch first {
        case "-h", "--help":
            Console.out(overview)
            return .success
        case "--version":
            Console.out(version)
            return .success
        case "help":
            return help(Array(arguments.dropFirst()))
        default:
            break
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            let candidates = commands.map(\.name) + ["help"]
            let what = first.hasPrefix("-") ? "option" : "command"
            report(.unknown(what, first, candidates: first.hasPrefix("-") ? ["--help", "--version"] : candidates))
            Console.error(
                "Usage: cassette <subcommand> [options] [PATH ...]\n  See 'cassette --help' for more information.")
            return .usage
        }
        do throws(UsageError) {
            let parsed = try ParsedArguments(
                Array(arguments.dropFirst()), flags: command.flags, options: command.valueOptions)
            if parsed.wantsHelp {
                Console.out(command.help)
                return .success
            }
            return try command.run(parsed)
        } catch {
            report(error)
            Console.error("Usage: \(command.usage)\n  See 'cassette \(command.name) --help' for more information.")
            return .usage
        }
    }

    private static func help(_ arguments: [String]) -> ExitStatus {
        guard let name = arguments.first else {
            Console.out(overview)
            return .success
        }
        guard let command = commands.first(where: { $0.name == name }) else {
            report(.unknown("command", name, candidates: commands.map(\.name)))
            return .usage
        }
        Console.out(command.help)
        return .success
    }

    private static func report(_ error: UsageError) {
        Console.error("error: \(error.message)")
        if let suggestion = error.suggestion { Console.error(suggestion) }
    }
}
