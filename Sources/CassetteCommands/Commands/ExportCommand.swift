import CassetteCore
import Foundation

/// `cassette export`: writes a cassette as a HAR file for browsers' network panels and HAR tools.
enum ExportCommand: Command {
    static let name = "export"
    static let abstract = "Write a cassette as a HAR 1.2 file for a browser's network panel."
    static let discussion = """
        Writes CASSETTE_FILE as HAR 1.2 to HAR_FILE, for Chrome's or Firefox's network panel
        (Import HAR) and HAR libraries: each redirect hop is an entry of its own, bodies are text
        or base64, and each entry starts at midnight UTC of its interaction's recorded day (the
        Unix epoch when the cassette has none), so the same cassette always gives the same bytes.
        'cassette import HAR_FILE CASSETTE_FILE' gives back the original cassette byte for byte.

        The HAR file is written atomically; nothing is written when the cassette cannot be read
        (exit 1), or when HAR_FILE is CASSETTE_FILE by another path (./, .., a link; exit 64).
        """
    static let options: [CommandOption] = []
    static let arguments = [
        CommandArgument("CASSETTE_FILE", isRequired: true, repeats: false),
        CommandArgument("HAR_FILE", isRequired: true, repeats: false),
    ]

    static func run(_ parsed: ParsedArguments, in context: CommandContext) throws(UsageError) -> ExitStatus {
        // The parser checked there are exactly two.
        let (cassettePath, harPath) = (parsed.positional[0], parsed.positional[1])
        // The output is never the input, however the two paths spell it (./, .., a link).
        if FileIdentity.isSameFile(context.url(forPath: cassettePath), context.url(forPath: harPath)) {
            throw UsageError(
                "HAR_FILE '\(harPath)' is CASSETTE_FILE '\(cassettePath)'; writing it would replace the cassette with HAR: name another file"
            )
        }
        do throws(HARImportError) {
            let written = try HARImporter.exportCassette(
                at: context.url(forPath: cassettePath), cassettePath: cassettePath, to: context.url(forPath: harPath))
            let entries = "\(written.entries) HAR \(written.entries == 1 ? "entry" : "entries")"
            let interactions = "\(written.interactions) \(written.interactions == 1 ? "interaction" : "interactions")"
            context.console.error("\(harPath): \(entries) from \(interactions) of \(cassettePath)")
            return .success
        } catch {
            context.console.error("\(error)")
            return .failure
        }
    }
}
