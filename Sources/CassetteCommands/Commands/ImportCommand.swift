import CassetteCore
import Foundation

/// `cassette import`: turns a HAR capture (browser, proxy) into a cassette.
enum ImportCommand: Command {
    static let name = "import"
    static let abstract = "Turn a HAR file from a browser or proxy into a cassette."
    static let discussion = """
        Reads HAR_FILE (HAR 1.2 or 1.1: Chrome, Firefox and Safari network panels, mitmproxy,
        Charles, Proxyman) and writes CASSETTE_FILE through the project's scrubber (.cassette.json)
        and the canonical writer, as recording does: tokens, cookies and emails in the HAR never
        reach the cassette. Interactions are stored in recording order: the order their requests
        started in (startedDateTime; ties in file order). A redirect chain logged as separate
        entries becomes one interaction with its hops. Left out, and counted in the summary by
        reason: entries without a response, browser cache hits, 304 revalidations, data: and blob:
        URLs, WebSockets, CONNECT tunnels and CORS preflights. Request headers a browser or
        URLSession adds itself (Host, Cookie, Accept-Encoding, Sec-*, HTTP/2 pseudo-headers ...)
        are dropped. A HAR written by 'cassette export' gives back the cassette it came from.

        The cassette is written atomically, in a folder created if needed; when HAR_FILE cannot be
        used nothing is written (exit 1), nor when CASSETTE_FILE is HAR_FILE by another path (./,
        .., a link; exit 64).
        """

    static let method = CommandOption.value(
        "--method", valueName: "m", help: "Keep only requests with method M; repeat it to keep any of several.",
        repeats: true)
    static let urlPattern = CommandOption.value(
        "--url-pattern", valueName: "p",
        help: "Keep only requests whose URL matches P; repeat it to keep any of several. A glob over the whole URL "
            + "when P holds * ('https://api.example.com/v1/*'; every other character, ? included, stands for "
            + "itself), else a substring ('/v1/').",
        repeats: true)
    static let append = CommandOption.flag(
        "--append",
        help: "Add to CASSETTE_FILE's interactions instead of replacing them, after them in recording order; a "
            + "cassette that cannot be read is left unchanged (exit 1).")
    static let options = [method, urlPattern, append]
    static let arguments = [
        CommandArgument("HAR_FILE", isRequired: true, repeats: false),
        CommandArgument("CASSETTE_FILE", isRequired: true, repeats: false),
    ]

    static func run(_ parsed: ParsedArguments, in context: CommandContext) throws(UsageError) -> ExitStatus {
        // The parser checked there are exactly two.
        let (harPath, cassettePath) = (parsed.positional[0], parsed.positional[1])
        // The output is never the input, however the two paths spell it (./, .., a link).
        if FileIdentity.isSameFile(context.url(forPath: harPath), context.url(forPath: cassettePath)) {
            throw UsageError(
                "CASSETTE_FILE '\(cassettePath)' is HAR_FILE '\(harPath)'; writing it would replace the capture with a cassette: name another file"
            )
        }
        let options = HARImportOptions(
            methods: parsed.values(of: method),
            urlPatterns: parsed.values(of: urlPattern).map { RequestPattern(url: $0) })
        do throws(HARImportError) {
            let summary = try HARImporter.importHAR(
                at: context.url(forPath: harPath), harPath: harPath, into: context.url(forPath: cassettePath),
                cassettePath: cassettePath, options: options, append: parsed.isSet(append))
            context.console.error(summary.description)
            return .success
        } catch {
            context.console.error("\(error)")
            return .failure
        }
    }
}
