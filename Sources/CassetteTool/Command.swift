/// One `cassette` subcommand: its name, its help, the options it takes, and what it does.
protocol Command: SendableMetatype {
    /// The word that selects the command (`lint`).
    static var name: String { get }
    /// One line for the command list of `cassette --help`.
    static var abstract: String { get }
    /// The usage line, without `Usage: `.
    static var usage: String { get }
    /// The rest of `cassette help COMMAND`: a description and the options.
    static var details: String { get }
    /// Options that are switches (`--check`).
    static var flags: [String] { get }
    /// Options that take a value (`--format`).
    static var valueOptions: [String] { get }

    /// Runs the command.
    ///
    /// - Throws: ``UsageError`` when the arguments cannot be used (a path that does not exist).
    static func run(_ arguments: ParsedArguments) throws(UsageError) -> ExitStatus
}

/// A command as the dispatcher sees it. (Dispatching through `any Command.Type` crashes the
/// Swift 6.3.1 compiler, so each command is wrapped in this value instead.)
struct CommandEntry: Sendable {
    var name: String
    var abstract: String
    var usage: String
    var help: String
    var flags: [String]
    var valueOptions: [String]
    var run: @Sendable (ParsedArguments) throws(UsageError) -> ExitStatus
}

extension Command {
    /// The command for the dispatcher.
    static var entry: CommandEntry {
        CommandEntry(
            name: name, abstract: abstract, usage: usage,
            help: "OVERVIEW: \(abstract)\n\nUSAGE: \(usage)\n\n\(details)",
            flags: flags, valueOptions: valueOptions, run: { arguments throws(UsageError) in try run(arguments) })
    }
}
