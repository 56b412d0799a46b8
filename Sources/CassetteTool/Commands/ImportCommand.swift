import CassetteCore
import Foundation

/// `cassette import`: turns a HAR capture (browser, proxy) into a cassette.
enum ImportCommand: Command {
    static let name = "import"
    static let abstract = "Turn a HAR file from a browser or proxy into a cassette."
    static let usage = "cassette import HAR_FILE CASSETTE_FILE [--method M ...] [--url-pattern P ...] [--append]"
    static let details = """
        Reads HAR_FILE (HAR 1.2 or 1.1: Chrome, Firefox and Safari network panels, mitmproxy,
        Charles, Proxyman) and writes CASSETTE_FILE through the project's scrubber (.cassette.json)
        and the canonical writer, as recording does: tokens, cookies and emails in the HAR never
        reach the cassette. Interactions are stored in recording order; a redirect chain logged as
        separate entries becomes one interaction with its hops. Left out, and counted in the summary
        by reason: entries without a response, browser cache hits, 304 revalidations, data: and
        blob: URLs, WebSockets, CONNECT tunnels and CORS preflights. Request headers a browser or
        URLSession adds itself (Host, Cookie, Accept-Encoding, Sec-*, HTTP/2 pseudo-headers ...)
        are dropped. A HAR written by 'cassette export' gives back the cassette it came from.

        The cassette is written atomically; when HAR_FILE cannot be used nothing is written (exit 1).

        OPTIONS:
          --method M              Keep only requests with method M (repeatable; any of them).
          --url-pattern P         Keep only requests whose URL matches P (repeatable; any of
                                  them): a glob over the whole URL when P holds * or ?
                                  ('https://api.example.com/v1/*'), else a substring ('/v1/').
          --append                Add to CASSETTE_FILE's interactions instead of replacing them,
                                  re-sorted in recording order; a cassette that cannot be read
                                  is left unchanged (exit 1).
          -h, --help              Show help information.
        """
    static let flags = ["--append"]
    static let valueOptions = ["--method", "--url-pattern"]

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> ExitStatus {
        guard arguments.positional.count == 2 else {
            throw UsageError("expected HAR_FILE and CASSETTE_FILE, found \(arguments.positional.count) paths")
        }
        let (harPath, cassettePath) = (arguments.positional[0], arguments.positional[1])
        let options = HARImportOptions(
            methods: arguments.optionValues["--method"] ?? [],
            urlPatterns: (arguments.optionValues["--url-pattern"] ?? []).map { RequestPattern(url: $0) })
        do throws(HARImportError) {
            let summary = try HARImporter.importHAR(
                at: URL(fileURLWithPath: harPath), harPath: harPath, into: URL(fileURLWithPath: cassettePath),
                cassettePath: cassettePath, options: options, append: arguments.flags.contains("--append"))
            Console.error(summary.description)
            return .success
        } catch {
            Console.error("\(error)")
            return .failure
        }
    }
}
