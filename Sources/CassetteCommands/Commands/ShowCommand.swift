import CassetteCore

/// `cassette show`: a compact summary of cassettes for reviewers.
enum ShowCommand: Command {
    static let name = "show"
    static let abstract = "Summarise cassettes, one line per interaction."
    static let discussion = """
        Prints, for each cassette (PATH: files, or directories searched recursively for *.json),
        its interaction count, then one line per interaction: index, method, URL, status or
        transport error code, redirects, and the kind and size of each body. A streamed response
        (server-sent events, NDJSON, a chunked body) gets one line per chunk below it: each event's
        name and data, each line's JSON, the error that cut it.
        """
    static let options: [CommandOption] = []
    static let arguments = [CommandArgument.requiredPaths]

    static func run(_ parsed: ParsedArguments, in context: CommandContext) throws(UsageError) -> ExitStatus {
        var failed = false
        let configurations = ProjectConfigurations()
        for file in try CassetteFiles(parsed.positional, relativeTo: context.currentDirectory).files {
            do throws(CassetteReadError) {
                // Printed as the scrubber would leave it: a cassette not yet scrubbed shows no secret.
                let scrubber: Scrubber
                do throws(ConfigurationError) {
                    scrubber = try configurations.scrubber(forCassetteAt: file.url)
                } catch {
                    context.console.error(error.description + "; showing with the default rules")
                    scrubber = .default
                }
                let read = try file.decode().document
                let document = scrubber.displaySafe(read)
                // Events are printed as scrubbing leaves them: a cassette not yet scrubbed shows no
                // secret inside an event either.
                let hasStreams = read.interactions.contains { $0.response?.stream != nil }
                let scrubbed = hasStreams ? scrubber.scrub(read) : read
                let count = document.interactions.count
                context.console.out("\(file.path): \(count) \(count == 1 ? "interaction" : "interactions")")
                for (index, interaction) in document.interactions.enumerated() {
                    context.console.out("  " + InteractionSummary.line(index, interaction))
                    // A stream's events, one line each, as a reviewer reads them.
                    if hasStreams, let response = scrubbed.interactions[index].response, let stream = response.stream {
                        for line in InteractionSummary.chunkLines(stream, headers: response.headers) {
                            context.console.out("      " + line)
                        }
                    }
                }
            } catch {
                failed = true
                context.console.error(error.description)
            }
        }
        return failed ? .failure : .success
    }
}
