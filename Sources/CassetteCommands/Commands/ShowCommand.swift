import CassetteCore

/// `cassette show`: a compact summary of cassettes for reviewers.
enum ShowCommand: Command {
    static let name = "show"
    static let abstract = "Summarise cassettes, one line per interaction."
    static let discussion = """
        Prints, for each cassette (PATH: files, or directories searched recursively for *.json),
        its interaction count, then one line per interaction: index, method, URL, status or
        transport error code, redirects, and the kind and size of each body.
        """
    static let options: [CommandOption] = []
    static let arguments = [CommandArgument.requiredPaths]

    static func run(_ parsed: ParsedArguments, in context: CommandContext) throws(UsageError) -> ExitStatus {
        var failed = false
        for file in try CassetteFiles(parsed.positional, relativeTo: context.currentDirectory).files {
            do throws(CassetteReadError) {
                let document = try file.decode().document
                let count = document.interactions.count
                context.console.out("\(file.path): \(count) \(count == 1 ? "interaction" : "interactions")")
                for (index, interaction) in document.interactions.enumerated() {
                    context.console.out("  " + InteractionSummary.line(index, interaction))
                }
            } catch {
                failed = true
                context.console.error(error.description)
            }
        }
        return failed ? .failure : .success
    }
}
