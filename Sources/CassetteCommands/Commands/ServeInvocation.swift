import Foundation

/// What `cassette serve` was asked to do, checked as far as the command line can be: the values
/// ``ServeCommand`` hands to the implementation (``CommandContext/serve``).
package struct ServeInvocation: Sendable, Equatable {
    /// The cassette file or folder, absolute.
    package var path: URL
    /// `path` as the user gave it, for messages and the commands they suggest.
    package var displayPath: String
    /// `--upstream`, without a trailing slash; `nil` when not given.
    package var upstream: String?
    /// `--mode`; `nil` when not given (the mode then comes from `CASSETTE_MODE`).
    package var mode: String?
    package var host: String
    package var port: Int
    package var failOnMiss: Bool
    /// `--repeat-last`: past a request's recordings, serve its last answer again.
    package var repeatsLast: Bool

    package init(
        path: URL, displayPath: String, upstream: String? = nil, mode: String? = nil, host: String = "127.0.0.1",
        port: Int = 0, failOnMiss: Bool = false, repeatsLast: Bool = false
    ) {
        self.path = path
        self.displayPath = displayPath
        self.upstream = upstream
        self.mode = mode
        self.host = host
        self.port = port
        self.failOnMiss = failOnMiss
        self.repeatsLast = repeatsLast
    }

    /// The invocation `parsed` describes.
    ///
    /// - Throws: ``UsageError`` for a port outside 0...65535 or an upstream that is not an absolute
    ///   `http` or `https` URL without query or fragment.
    init(_ parsed: ParsedArguments, in context: CommandContext) throws(UsageError) {
        let given = parsed.positional[0]
        let portText = parsed.value(of: ServeCommand.port) ?? "0"
        guard let port = Int(portText), (0...65535).contains(port) else {
            throw UsageError("invalid port '\(portText)'; a port is 0...65535 (0 picks a free one)")
        }
        self.init(
            path: context.url(forPath: given), displayPath: given,
            upstream: try parsed.value(of: ServeCommand.upstream).map(Self.upstream),
            mode: parsed.value(of: ServeCommand.mode), host: parsed.value(of: ServeCommand.host) ?? "127.0.0.1",
            port: port, failOnMiss: parsed.isSet(ServeCommand.failOnMiss),
            repeatsLast: parsed.isSet(ServeCommand.repeatLast))
    }

    /// `text` as an upstream base: an absolute `http` or `https` URL with a host, no query or
    /// fragment, and no trailing slash.
    static func upstream(_ text: String) throws(UsageError) -> String {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty
        else {
            throw UsageError(
                "invalid upstream '\(text)'; give the server's base URL, such as https://api.example.com")
        }
        guard components.query == nil, components.fragment == nil else {
            throw UsageError("invalid upstream '\(text)'; a base URL has no query or fragment")
        }
        var base = text
        while base.hasSuffix("/") { base.removeLast() }
        return base
    }
}
