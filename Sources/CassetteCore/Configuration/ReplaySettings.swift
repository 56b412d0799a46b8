/// In what order replay serves a cassette's recorded answers (`"replay": {"order": ...}`).
public enum PlaybackOrder: String, Sendable, Equatable, CaseIterable {
    /// Each request gets the next unserved recorded answer of its own request, whatever came
    /// before it (the default): requests to different endpoints may come in any order.
    case any
    /// The Nth request must be the Nth recorded one; a request out of order fails, and the miss
    /// says which request was expected.
    case strict
}

/// The `"replay"` section of `.cassette.json`: how a cassette answers when it serves a recording.
/// `nil` fields are not set in the file.
package struct ReplaySettings: Sendable, Equatable {
    /// The keys the section may hold.
    package static let fileKeys = ["latency", "order", "requireAllPlayed", "whenExhausted"]
    /// The values of `"whenExhausted"`.
    static let exhaustedValues = ["fail", "repeatLast"]

    /// A fixed delay, in milliseconds, before each recorded answer.
    package var latencyMilliseconds: Int?
    /// Whether `Cassette.finish()` fails when a recorded interaction was never requested.
    package var requireAllPlayed: Bool?
    /// The playback order.
    package var order: PlaybackOrder?
    /// Whether an identity's last answer repeats once all were served (`"repeatLast"`); `false` for
    /// `"fail"`.
    package var repeatsLast: Bool?

    package init(
        latencyMilliseconds: Int? = nil, requireAllPlayed: Bool? = nil, order: PlaybackOrder? = nil,
        repeatsLast: Bool? = nil
    ) {
        self.latencyMilliseconds = latencyMilliseconds
        self.requireAllPlayed = requireAllPlayed
        self.order = order
        self.repeatsLast = repeatsLast
    }

    /// Reads the section.
    init(section reader: JSONObjectReader) throws(JSONShapeError) {
        if let latency = reader.optional("latency") {
            if case .string(let text) = latency {
                throw JSONShapeError(
                    path: reader.path + [.key("latency")],
                    message:
                        "expected a number of milliseconds from 0 to 600000, found \"\(text)\" (\"recorded\" needs "
                        + "recorded durations, which cassettes do not keep yet)")
            }
            latencyMilliseconds = try JSONObjectReader.integer(
                latency, path: reader.path + [.key("latency")], in: 0...600_000)
        }
        if reader.optional("requireAllPlayed") != nil { requireAllPlayed = try reader.bool("requireAllPlayed") }
        if let text = try reader.optionalString("order") {
            guard let order = PlaybackOrder(rawValue: text) else {
                throw JSONShapeError(
                    path: reader.path + [.key("order")],
                    message: "unknown order \"\(text)\"; valid values are \"any\", \"strict\"")
            }
            self.order = order
        }
        if let text = try reader.optionalString("whenExhausted") {
            guard ReplaySettings.exhaustedValues.contains(text) else {
                throw JSONShapeError(
                    path: reader.path + [.key("whenExhausted")],
                    message: "unknown value \"\(text)\"; valid values are \"fail\", \"repeatLast\"")
            }
            repeatsLast = text == "repeatLast"
        }
    }
}
