import Cassette
import CassetteCommands
import CassetteCore
import Foundation

/// One cassette a server answers from, with the upstream its paths map to and what it served.
package final class ServedCassette: Sendable {
    package let cassette: Cassette
    package let upstream: UpstreamBase
    /// The file as messages name it.
    package let displayPath: String
    private let counters = Locked(ServeCounters())

    private init(cassette: Cassette, upstream: UpstreamBase, displayPath: String) {
        self.cassette = cassette
        self.upstream = upstream
        self.displayPath = displayPath
    }

    /// What the cassette did so far.
    package var counts: ServeCounters { counters.withLock { $0 } }

    /// Counts one request's outcome.
    func count(_ outcome: ServeOutcome, forwarded: Bool) {
        counters.withLock { $0.add(outcome, forwarded: forwarded) }
    }

    /// Opens the cassette at `url` for `settings`.
    ///
    /// - Parameter displayPath: The file as messages name it (`Cassettes/UserAPI.json`).
    /// - Throws: ``ServeFailure`` with what to do: record the cassette first, pass `--upstream`, or
    ///   the library's message for a file or `.cassette.json` that cannot be used.
    package static func open(_ url: URL, displayPath: String, settings: ServeSettings) throws(ServeFailure)
        -> ServedCassette
    {
        let cassette: Cassette
        do throws(CassetteError) {
            var options = Cassette.Options(
                whenExhausted: settings.repeatsLast ? .repeatLast : .fail, environment: settings.environment)
            // A server answers requests for as long as it runs: no journal grows with them.
            options.keepsJournal = false
            cassette = try Cassette(fileURL: url, mode: settings.mode, options: options)
        } catch {
            throw failure(error, displayPath: displayPath, settings: settings, upstream: settings.upstream)
        }
        let upstream: UpstreamBase
        if let given = settings.upstream {
            upstream = given
        } else if cassette.isRecording || cassette.mode == .verify {
            throw ServeFailure(
                "error: \(displayPath) is served in \(planName(cassette)), which forwards requests to the real "
                    + "server: pass --upstream URL (the server to record from, such as https://api.example.com)",
                status: .usage)
        } else {
            upstream = try UpstreamBase.inferred(from: cassette.recordedURLs, cassette: displayPath)
        }
        cassette.setMissAdvice(
            MissAdvice(
                recordCommand: recordCommand(settings, upstream: upstream, mode: "{mode}"),
                repeatLast: "pass --repeat-last to cassette serve"))
        return ServedCassette(cassette: cassette, upstream: upstream, displayPath: displayPath)
    }

    /// The mode as the message names it: `record mode` (or re-recording, which `CASSETTE_RERECORD`
    /// turns replay into).
    private static func planName(_ cassette: Cassette) -> String {
        cassette.mode == .replay ? "replay with \(Cassette.rerecordVariable) set" : "\(cassette.mode) mode"
    }

    /// The command that serves the same cassette, recording in `mode`.
    private static func recordCommand(_ settings: ServeSettings, upstream: UpstreamBase?, mode: String) -> String {
        "cassette serve \(ShellQuoting.quoted(settings.displayPath)) --mode \(mode) --upstream "
            + (upstream.map { ShellQuoting.quoted($0.base) } ?? "URL")
    }

    /// The library's errors as `cassette serve` words them: the fix is a `cassette serve` command,
    /// not a `swift test` one.
    private static func failure(
        _ error: CassetteError, displayPath: String, settings: ServeSettings, upstream: UpstreamBase?
    ) -> ServeFailure {
        switch error {
        case .missingCassette:
            return ServeFailure(
                "\(displayPath): error: no cassette recorded yet; record it against the real server with: "
                    + recordCommand(settings, upstream: upstream, mode: "record"))
        case .recordingOnCI(_, let mode, _):
            return ServeFailure(
                "\(displayPath): error: refusing to record in \(mode) mode because CI is set: CI replays committed "
                    + "cassettes; record locally with \(recordCommand(settings, upstream: upstream, mode: "\(mode)")) "
                    + "and commit the cassette")
        default:
            return ServeFailure(error.description)
        }
    }
}
