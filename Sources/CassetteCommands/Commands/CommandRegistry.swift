/// The subcommands of `cassette`, in the order `cassette --help` lists them.
///
/// To add a command, write one file in `Commands/` with a type that conforms to ``Command`` (its
/// name, abstract, discussion, options, arguments and `run`), and add one line here. Parsing,
/// did-you-mean for its name and options, `cassette help NAME`, `cassette NAME --help`, its usage
/// line and its row in `cassette --help` all come from that declaration.
package enum CommandRegistry {
    package static let commands: [CommandEntry] = [
        LintCommand.entry,
        ScrubCommand.entry,
        PruneCommand.entry,
        ShowCommand.entry,
        ImportCommand.entry,
        ExportCommand.entry,
        DriftCommand.entry,
        InstallHookCommand.entry,
        ServeCommand.entry,
    ]

    /// The command called `name`.
    package static func command(named name: String) -> CommandEntry? {
        commands.first { $0.name == name }
    }
}
