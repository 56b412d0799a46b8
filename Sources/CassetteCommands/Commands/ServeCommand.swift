import CassetteCore
import Foundation

/// `cassette serve`: serves a cassette (or a folder of them) over HTTP on loopback, to any client.
///
/// Declared here with the other commands, so its parsing and help come from this declaration; what
/// it runs lives in the `CassetteServe` target (it needs URLSession and the HTTP server), which the
/// executable hands in through ``CommandContext/serve``.
enum ServeCommand: Command {
    static let name = "serve"
    static let abstract = "Serve a cassette over HTTP to any client: curl, Python, a built executable."
    static let discussion = """
        Starts an HTTP/1.1 server on loopback that answers from CASSETTE_FILE, as a
        test's URLSession would be answered: the same matching, scrubbing, miss explanations, merge
        rules and .cassette.json. The first line on standard output is
        `listening on http://127.0.0.1:PORT`; everything else goes to standard error. Point the
        client's base URL at it: a request for /v1/users?page=2 is the upstream's /v1/users?page=2.

        The mode comes from --mode, else $CASSETTE_MODE, else replay. Replay never opens a
        connection out; record, once (with no file yet), newEpisodes and verify forward to --upstream
        through URLSession (https included), and CI refuses them as the library does. Without
        --upstream, replay serves the one server the cassette's requests went to.

        A request with no recording is answered 599 "Cassette Miss", with a Cassette-Error header
        and the miss explanation as the body; the explanation also goes to standard error. 599 is no
        status an API sends, so a test that expects a 404 or a 503 cannot pass on a miss. Every answer
        that is the cassette server's own rather than the API's (a miss, a cassette that cannot be
        read) is a 599 with that header. A recorded transport error closes the connection.

        CASSETTE_FILE may be a folder: each request then names its cassette (FOLDER/NAME.json) by a
        Cassette-Name header, or else by the first segment of its path, which is removed
        (/UserAPI/v1/users serves /v1/users from FOLDER/UserAPI.json). Cassettes are opened when
        first asked for.

        SIGINT or SIGTERM stops the server, finishes each cassette requests reached (written
        atomically in the recording modes; a recording with failed requests leaves the file as it
        was) and writes the usage ledger `cassette prune` reads, then exits 0 (1 when finishing
        failed, or with --fail-on-miss when a request missed).
        """

    static let upstream = CommandOption.value(
        "--upstream", valueName: "url",
        help: "The server to record from, and the base of recorded URLs (https://api.example.com/v2).")
    static let mode = CommandOption.value(
        "--mode", valueName: "mode", help: "How to treat the network (default: $CASSETTE_MODE, else replay).",
        allowedValues: [
            OptionValue("replay", help: "Serve from the cassette; never touch the network."),
            OptionValue("record", help: "Forward everything to --upstream and write a fresh cassette."),
            OptionValue("once", help: "Record when the cassette does not exist yet, else replay."),
            OptionValue("newEpisodes", help: "Serve what is recorded, record the rest."),
            OptionValue("verify", help: "Forward everything, write nothing, report drift at the end."),
        ])
    static let port = CommandOption.value(
        "--port", valueName: "n", help: "The port to listen on; 0 picks a free one.", defaultValue: "0")
    static let host = CommandOption.value(
        "--host", valueName: "address", help: "The loopback address to listen on (127.0.0.1 or ::1).",
        defaultValue: "127.0.0.1")
    static let failOnMiss = CommandOption.flag(
        "--fail-on-miss", help: "Exit 1 at shutdown when any request had no recording.")
    static let repeatLast = CommandOption.flag(
        "--repeat-last",
        help: "Serve a request's last recorded answer again once its recordings are used up (for clients that poll).")
    static let options = [upstream, mode, port, host, failOnMiss, repeatLast]
    static let arguments = [CommandArgument("CASSETTE_FILE", isRequired: true, repeats: false)]

    static func run(_ parsed: ParsedArguments, in context: CommandContext) throws(UsageError) -> ExitStatus {
        let invocation = try ServeInvocation(parsed, in: context)
        guard let serve = context.serve else {
            context.console.error("error: this build of cassette cannot serve (it was linked without CassetteServe)")
            return .failure
        }
        return serve(invocation, context)
    }
}
