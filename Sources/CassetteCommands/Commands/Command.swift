/// One `cassette` subcommand: its name, its help, the options and arguments it takes, and what it
/// does. The options and arguments are declared once; parsing, the usage line and the OPTIONS block
/// of the help are made from them.
package protocol Command: SendableMetatype {
    /// The word that selects the command (`lint`).
    static var name: String { get }
    /// One line for the command list of `cassette --help`.
    static var abstract: String { get }
    /// The prose of `cassette help COMMAND` between the usage line and the options.
    static var discussion: String { get }
    /// The options the command takes, in the order its help lists them (`-h`, `--help` is added).
    static var options: [CommandOption] { get }
    /// The positional arguments the command takes.
    static var arguments: [CommandArgument] { get }

    /// Runs the command, writing to `context`'s console.
    ///
    /// - Throws: ``UsageError`` when the arguments cannot be used (a path that does not exist).
    static func run(_ parsed: ParsedArguments, in context: CommandContext) throws(UsageError) -> ExitStatus
}

extension Command {
    /// The command for the dispatcher.
    package static var entry: CommandEntry {
        let usage = HelpFormatter.usage("cassette \(name)", options: options, arguments: arguments)
        return CommandEntry(
            name: name, abstract: abstract, usage: usage,
            help: "OVERVIEW: \(abstract)\n\nUSAGE: \(usage)\n\n\(discussion)\n\n\(HelpFormatter.options(options))",
            options: options, arguments: arguments,
            run: { parsed, context throws(UsageError) in try run(parsed, in: context) })
    }
}
