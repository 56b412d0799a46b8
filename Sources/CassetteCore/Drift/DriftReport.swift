import Foundation

/// What a drift check (`CASSETTE_MODE=verify`) found for one cassette: every request the test made,
/// sent to the live server and compared with its recording.
public struct DriftReport: Sendable, Hashable, CustomStringConvertible {
    /// The cassette file.
    public var cassettePath: String
    /// How many requests were checked.
    public var checked: Int
    /// The requests whose live answer differs from the recording in any way.
    public var interactions: [InteractionDrift]
    /// The `swift test --filter` argument that selects the test, when known.
    public var testName: String?

    public init(cassettePath: String, checked: Int, interactions: [InteractionDrift], testName: String? = nil) {
        self.cassettePath = cassettePath
        self.checked = checked
        self.interactions = interactions
        self.testName = testName
    }

    /// The interactions that drifted (``InteractionDrift/hasDrift``).
    public var drifted: [InteractionDrift] { interactions.filter(\.hasDrift) }

    /// `Cassettes/Users.json: error: the live API drifted from the recording in 2 of 5 requests`,
    /// then a line per drifted request, the value changes, and the command that re-records.
    public var description: String {
        let drifted = self.drifted
        let requests = checked == 1 ? "request" : "requests"
        guard !drifted.isEmpty else {
            return "\(cassettePath): the live API matches the recording in \(checked) \(requests)"
        }
        var lines = [
            "\(cassettePath): error: the live API drifted from the recording in \(drifted.count) of \(checked) \(requests)"
        ]
        for drift in drifted {
            let place = drift.index.map { "interactions[\($0)] " } ?? ""
            lines.append("  \(place)\(drift.request): " + drift.summary.joined(separator: "; "))
        }
        let values = interactions.flatMap { drift in
            drift.changedValues.map { "\($0)" + (drift.index.map { " (interactions[\($0)])" } ?? "") }
        }
        if !values.isEmpty {
            lines.append(
                "  also changed in value, which is often expected: " + values.prefix(10).joined(separator: ", "))
        }
        let filter = testName.map { " --filter " + ShellQuoting.quoted($0) } ?? ""
        lines.append("  to take the live answers, re-record: CASSETTE_MODE=record swift test\(filter)")
        return lines.joined(separator: "\n")
    }
}
