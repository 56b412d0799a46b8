import CassetteCore

/// `cassette show`: a compact summary of cassettes for reviewers.
enum ShowCommand: Command {
    static let name = "show"
    static let abstract = "Summarise cassettes, one line per interaction."
    static let usage = "cassette show PATH ..."
    static let details = """
        Prints, for each cassette (PATH: files, or directories searched recursively for *.json),
        its interaction count, then one line per interaction: index, method, URL, status or
        transport error code, redirects, and the kind and size of each body.

        OPTIONS:
          -h, --help              Show help information.
        """
    static let flags: [String] = []
    static let valueOptions: [String] = []

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> ExitStatus {
        guard !arguments.positional.isEmpty else { throw UsageError("missing expected argument 'PATH'") }
        var failed = false
        let scrubbers = ProjectScrubbers()
        for file in try CassetteFiles(arguments.positional).files {
            do throws(CassetteReadError) {
                // Printed as the scrubber would leave it: a cassette not yet scrubbed shows no secret.
                let scrubber: Scrubber
                do throws(ScrubConfigurationError) {
                    scrubber = try scrubbers.scrubber(forCassetteAt: file.url)
                } catch {
                    Console.error(error.description + "; showing with the default rules")
                    scrubber = .default
                }
                let document = scrubber.displaySafe(try file.decode().document)
                let count = document.interactions.count
                Console.out("\(file.path): \(count) \(count == 1 ? "interaction" : "interactions")")
                for (index, interaction) in document.interactions.enumerated() {
                    Console.out("  " + InteractionSummary.line(index, interaction))
                }
            } catch {
                failed = true
                Console.error(error.description)
            }
        }
        return failed ? .failure : .success
    }
}
