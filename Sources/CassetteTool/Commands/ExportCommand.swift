import CassetteCore
import Foundation

/// `cassette export`: writes a cassette as a HAR file for browsers' network panels and HAR tools.
enum ExportCommand: Command {
    static let name = "export"
    static let abstract = "Write a cassette as a HAR 1.2 file for a browser's network panel."
    static let usage = "cassette export CASSETTE_FILE HAR_FILE"
    static let details = """
        Writes CASSETTE_FILE as HAR 1.2 to HAR_FILE, for Chrome's or Firefox's network panel
        (Import HAR) and HAR libraries: each redirect hop is an entry of its own, bodies are text
        or base64, and each entry starts at midnight UTC of its interaction's recorded day (the
        Unix epoch when the cassette has none), so the same cassette always gives the same bytes.
        'cassette import HAR_FILE CASSETTE_FILE' gives back the original cassette byte for byte.

        The HAR file is written atomically; nothing is written when the cassette cannot be read
        (exit 1).

        OPTIONS:
          -h, --help              Show help information.
        """
    static let flags: [String] = []
    static let valueOptions: [String] = []

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> ExitStatus {
        guard arguments.positional.count == 2 else {
            throw UsageError("expected CASSETTE_FILE and HAR_FILE, found \(arguments.positional.count) paths")
        }
        let (cassettePath, harPath) = (arguments.positional[0], arguments.positional[1])
        do throws(HARImportError) {
            let written = try HARImporter.exportCassette(
                at: URL(fileURLWithPath: cassettePath), cassettePath: cassettePath, to: URL(fileURLWithPath: harPath))
            Console.error(
                "\(harPath): \(written.entries) HAR \(written.entries == 1 ? "entry" : "entries") from "
                    + "\(written.interactions) \(written.interactions == 1 ? "interaction" : "interactions") of \(cassettePath)"
            )
            return .success
        } catch {
            Console.error("\(error)")
            return .failure
        }
    }
}
