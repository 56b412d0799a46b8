import Cassette
import CassetteCommands
import Foundation

/// What one `cassette serve` runs with: the invocation resolved against the environment.
package struct ServeSettings: Sendable {
    /// The cassette file, or the folder of cassettes.
    package var path: URL
    /// `path` as the user gave it, for messages and the commands they suggest.
    package var displayPath: String
    /// Whether `path` is a folder whose cassettes requests choose.
    package var isFolder: Bool
    package var mode: Cassette.Mode
    /// `--upstream`; `nil` lets replay take it from each cassette.
    package var upstream: UpstreamBase?
    package var host: String
    package var port: Int
    package var failOnMiss: Bool
    /// Whether a request past its recordings gets its last answer again (``Cassette/ExhaustedBehavior/repeatLast``).
    package var repeatsLast: Bool
    /// The environment cassettes read (`CI`, `CASSETTE_RERECORD`, placeholders, the ledger folder).
    package var environment: [String: String]

    package init(
        path: URL, displayPath: String, isFolder: Bool = false, mode: Cassette.Mode = .replay,
        upstream: UpstreamBase? = nil, host: String = "127.0.0.1", port: Int = 0, failOnMiss: Bool = false,
        repeatsLast: Bool = false, environment: [String: String] = [:]
    ) {
        self.path = path
        self.displayPath = displayPath
        self.isFolder = isFolder
        self.mode = mode
        self.upstream = upstream
        self.host = host
        self.port = port
        self.failOnMiss = failOnMiss
        self.repeatsLast = repeatsLast
        self.environment = environment
    }

    /// The settings of `invocation`: the mode from `--mode`, else `CASSETTE_MODE`, else replay; a
    /// folder when the path is an existing directory.
    ///
    /// - Throws: ``ServeFailure`` (exit 64) for a `CASSETTE_MODE` that is not a mode.
    package init(_ invocation: ServeInvocation, environment: [String: String]) throws(ServeFailure) {
        let mode: Cassette.Mode
        if let given = invocation.mode, let named = Cassette.Mode(rawValue: given) {
            mode = named
        } else {
            do throws(CassetteError) {
                mode = try Cassette.Mode.fromEnvironment(environment)
            } catch {
                throw ServeFailure(error.description, status: .usage)
            }
        }
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: invocation.path.path, isDirectory: &isDirectory)
        self.init(
            path: invocation.path, displayPath: invocation.displayPath, isFolder: exists && isDirectory.boolValue,
            mode: mode, upstream: invocation.upstream.map(UpstreamBase.init), host: invocation.host,
            port: invocation.port, failOnMiss: invocation.failOnMiss, repeatsLast: invocation.repeatsLast,
            environment: environment)
    }
}
