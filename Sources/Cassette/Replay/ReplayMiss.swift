import CassetteCore
import Foundation

/// A request that replay could not serve, with what differed from the nearest recorded request.
///
/// Its description is what a test log shows: the request's method, URL and body hash, the nearest
/// recorded request, which of method, path, query, headers and body differ (for JSON and form
/// bodies, at which fields), and what to do about it: record the request, tolerate values that
/// change on every run (a timestamp, a UUID) with a match rule, or allow the request more often
/// than it was recorded. Every part is scrubbed, since it ends up in CI logs.
public struct ReplayMiss: Sendable, Equatable, CustomStringConvertible {
    /// The cassette file.
    public var cassettePath: String
    /// The request that was not served, in its masked (scrubbed) form.
    public var request: RequestIdentity
    /// The nearest recorded request, if the cassette has any.
    public var nearest: Nearest?
    /// A `swift test --filter` pattern that selects the test that made the request, when known.
    public var testName: String?
    /// The `.cassette.json` that match rules for this cassette go in.
    public var configurationPath: String?
    /// In strict playback order (`"replay": {"order": "strict"}`), when the request is recorded
    /// but later: which request was expected next.
    public var outOfOrder: OutOfOrder?
    /// How the fix lines are worded when the cassette is not used from `swift test` (`cassette
    /// serve`); `nil` for the library's own words.
    package var advice: MissAdvice?

    /// The recorded request most like the one that missed.
    public struct Nearest: Sendable, Equatable {
        /// Its position in the cassette's `interactions`.
        public var index: Int
        public var identity: RequestIdentity
        /// Which of `method`, `path`, `query`, `headers` and `body` differ, with detail.
        public var differences: [String]
        /// When nothing differs: how many answers were recorded for this request, all served.
        public var servedCount: Int?
        /// Body fields (JSON paths) that differ and hold values that change on every run, each with
        /// what it looks like (`$.clientTimestamp (a timestamp)`).
        public var volatileBodyPaths: [String] = []
        /// Query items that differ and hold values that change on every run.
        public var volatileQueryItems: [String] = []
        /// Whether something other than volatile values differs too.
        public var differsOtherwise: Bool = true
    }

    /// A request that came before its turn in strict playback order.
    public struct OutOfOrder: Sendable, Equatable {
        /// The position of the interaction the request was expected to match.
        public var expectedIndex: Int
        /// That interaction's request.
        public var expected: RequestIdentity
        /// The position where the request that came is recorded.
        public var recordedIndex: Int
    }

    public var description: String {
        var text = explanation
        let host = URLParts(request.url).host
        if !host.isEmpty, HostPattern.looksLocal(host) {
            text +=
                "\n  \(host) looks local: if the tests reach it directly (a database container, a local service), "
                + "list it in \"passthrough\" of \(configurationPath ?? ProjectConfiguration.fileName) to bypass cassettes"
        }
        return text
    }

    private var explanation: String {
        let record = recordCommand
        if let outOfOrder {
            return [
                "\(cassettePath): error: \(request) came out of order: the strict playback order "
                    + "(\"replay\": {\"order\": \"strict\"}) expects interactions[\(outOfOrder.expectedIndex)] next: "
                    + "\(outOfOrder.expected)",
                "  the request is recorded later, at interactions[\(outOfOrder.recordedIndex)]; make the requests in "
                    + "recorded order, set \"order\": \"any\", or re-record with: \(record("record"))",
            ].joined(separator: "\n")
        }
        guard let nearest else {
            return [
                "\(cassettePath): error: no recorded interaction matches \(request): the cassette has no interactions",
                "  to record it, run: \(record("newEpisodes"))",
            ].joined(separator: "\n")
        }
        if let served = nearest.servedCount {
            let answers = served == 1 ? "its one recorded answer was" : "all \(served) of its recorded answers were"
            return [
                "\(cassettePath): error: \(request) was requested more often than it was recorded: \(answers) "
                    + "already served (interactions[\(nearest.index)])",
                "  to serve the last answer again, \(advice?.repeatLast ?? "set Cassette.Options(whenExhausted: .repeatLast) or \"replay\": {\"whenExhausted\": \"repeatLast\"} in \(configurationPath ?? ProjectConfiguration.fileName)"); "
                    + "to record the extra requests, re-record with: \(record("record"))",
            ].joined(separator: "\n")
        }
        var lines = [
            "\(cassettePath): error: no recorded interaction matches \(request)",
            "  nearest recorded request, interactions[\(nearest.index)]: \(nearest.identity)",
            "  differs in: " + nearest.differences.joined(separator: "; "),
        ]
        let volatile = nearest.volatileBodyPaths + nearest.volatileQueryItems
        if !volatile.isEmpty {
            lines.append(
                "  " + volatile.joined(separator: ", ")
                    + (volatile.count == 1 ? " looks like a value that changes" : " look like values that change")
                    + " on every run, so recording again would not help:")
            lines.append("  inject fixed values in the test (a clock, a UUID source), or let matching ignore them")
            lines.append("  with this rule in \(configurationPath ?? ProjectConfiguration.fileName):")
            lines.append("    " + suggestedRule)
        }
        if nearest.differsOtherwise || volatile.isEmpty {
            lines.append("  to record it, run: \(record("newEpisodes"))")
        }
        return lines.joined(separator: "\n")
    }

    /// The `"match"` section that tolerates the volatile values, as JSON.
    var suggestedRule: String {
        guard let nearest else { return "" }
        func names(_ annotated: [String]) -> String {
            annotated.map { "\"" + ($0.components(separatedBy: " (").first ?? $0) + "\"" }.joined(separator: ", ")
        }
        var members: [String] = []
        if !nearest.volatileBodyPaths.isEmpty {
            members.append("\"ignoreBodyPaths\": [\(names(nearest.volatileBodyPaths))]")
        }
        if !nearest.volatileQueryItems.isEmpty {
            members.append("\"ignoreQueryItems\": [\(names(nearest.volatileQueryItems))]")
        }
        return "\"match\": {" + members.joined(separator: ", ") + "}"
    }

    /// The command that records in `mode`, for the test when it is known.
    private func recordCommand(_ mode: String) -> String {
        if let advice { return advice.recordCommand.replacingOccurrences(of: "{mode}", with: mode) }
        return "\(Cassette.Mode.environmentVariable)=\(mode) swift test --filter \(CassetteError.filter(testName))"
    }
}
