import Cassette
import CassetteCommands
import Foundation

/// What a stopped server did: per cassette, its counts and how finishing it went; the summary
/// printed at shutdown and the exit status.
package struct ServeReport: Sendable {
    /// One cassette's part.
    package struct Entry: Sendable {
        package var displayPath: String
        package var counts: ServeCounters
        package var misses: [ReplayMiss]
        /// Whether the cassette was written (recording modes) or its usage noted (replay).
        package var finished: Bool
        /// Why finishing failed: a recording with failed requests, drift, a write error.
        package var failure: CassetteError?
        package var mode: Cassette.Mode
        package var isRecording: Bool

        /// Finishes `served`, unless no request reached it: a recording that got no request leaves the
        /// file as it was (a server stopped before its clients ran must not empty a cassette), and a
        /// cassette that served nothing is not marked unused in the ledger.
        init(finishing served: ServedCassette) async {
            displayPath = served.displayPath
            counts = served.counts
            misses = served.cassette.misses
            mode = served.cassette.mode
            isRecording = served.cassette.isRecording
            finished = false
            guard counts.requests > 0 else { return }
            do throws(CassetteError) {
                try await served.cassette.finish()
                finished = true
            } catch {
                failure = error
            }
        }
    }

    package var cassettes: [Entry] = []
    /// Requests answered with the server's own error before any cassette took them.
    package var ownErrors = 0

    /// Requests that had no recording, over every cassette.
    package var missCount: Int { cassettes.map(\.counts.missed).reduce(0, +) }

    /// Requests answered 599: misses, and the server's own errors.
    package var unansweredCount: Int { cassettes.map { $0.counts.missed + $0.counts.errors }.reduce(ownErrors, +) }

    /// The lines for standard error.
    package var summary: [String] {
        var lines: [String] = []
        for entry in cassettes {
            let counts = entry.counts
            var parts = ["\(counts.replayed) replayed"]
            if counts.forwarded > 0 {
                parts.append("\(counts.forwarded) \(entry.mode == .verify ? "verified" : "recorded")")
            }
            if counts.missed > 0 { parts.append("\(counts.missed) missed") }
            if counts.cut > 0 { parts.append("\(counts.cut) cut short") }
            if counts.errors > 0 { parts.append("\(counts.errors) answered with an error") }
            let requests = counts.requests == 1 ? "1 request" : "\(counts.requests) requests"
            lines.append("cassette serve: \(entry.displayPath): \(requests): " + parts.joined(separator: ", "))
            for miss in entry.misses {
                lines.append("  no recording: \(miss.request)")
            }
            if let failure = entry.failure {
                lines.append(failure.description)
            } else if counts.requests == 0 {
                lines.append(
                    "cassette serve: \(entry.displayPath): no request reached it, so it was left as it was")
            } else if entry.isRecording && entry.finished {
                lines.append("cassette serve: \(entry.displayPath): written")
            }
        }
        if ownErrors > 0 {
            lines.append("cassette serve: \(ownErrors) requests could not be given to a cassette (answered 599)")
        }
        if cassettes.isEmpty && ownErrors == 0 { lines.append("cassette serve: no requests") }
        return lines
    }

    /// 0, or 1 when finishing a cassette failed or (with `failOnMiss`) a request was answered 599.
    package func exitStatus(failOnMiss: Bool) -> ExitStatus {
        if cassettes.contains(where: { $0.failure != nil }) { return .failure }
        if failOnMiss && unansweredCount > 0 { return .failure }
        return .success
    }
}
