/// A command as the dispatcher sees it, with its usage line and help made from its declaration.
/// (Dispatching through `any Command.Type` crashes the Swift 6.3.1 compiler, so each command is
/// wrapped in this value instead.)
package struct CommandEntry: Sendable {
    package var name: String
    package var abstract: String
    /// The usage line, without `Usage: `.
    package var usage: String
    /// All of `cassette help NAME`.
    package var help: String
    package var options: [CommandOption]
    package var arguments: [CommandArgument]
    package var run: @Sendable (ParsedArguments, CommandContext) throws(UsageError) -> ExitStatus

    /// Parses `arguments` (after the command's name) against the command's declaration.
    ///
    /// - Throws: ``UsageError`` for arguments the declaration does not allow.
    package func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        try ParsedArguments(arguments, options: options, arguments: self.arguments)
    }
}
