import Foundation

/// How the live answer to one recorded request differs from its recording, as a drift check
/// (`CASSETTE_MODE=verify`) finds it. Never holds a value from either side: only statuses, media
/// types, field paths and header names.
public struct InteractionDrift: Sendable, Hashable {
    /// The cassette file.
    public var cassettePath: String
    /// The recorded interaction's position, or `nil` when the request is not in the cassette.
    public var index: Int?
    /// The request, scrubbed: `GET https://api.example.com/v1/users/1`.
    public var request: String
    /// The recorded and the live status, when they differ.
    public var status: Change<Int>?
    /// The recorded and the live media type (`Content-Type` without parameters), when they differ.
    public var contentType: Change<String>?
    /// JSON fields the live body has and the recording lacks, as paths (`$.items[*].avatar`).
    public var addedFields: [String] = []
    /// JSON fields the recording has and the live body lacks.
    public var removedFields: [String] = []
    /// JSON fields whose kind changed, with the kinds (`$.total (a number → a string)`).
    public var retypedFields: [String] = []
    /// JSON fields (and non-JSON bodies, as `body`) whose value changed. Many are expected to differ
    /// (timestamps, ids); they are reported, but are no drift on their own.
    public var changedValues: [String] = []
    /// Response headers (other than those that change on every response) added, removed or changed.
    public var changedHeaders: [String] = []
    /// The live request failed before a response arrived (the server unreachable, say).
    public var transportError: String?

    /// A value before (recorded) and after (live).
    public struct Change<Value: Sendable & Hashable>: Sendable, Hashable {
        public var recorded: Value
        public var live: Value

        public init(recorded: Value, live: Value) {
            self.recorded = recorded
            self.live = live
        }
    }

    public init(cassettePath: String, index: Int?, request: String) {
        self.cassettePath = cassettePath
        self.index = index
        self.request = request
    }

    /// Whether the live answer drifted: the request is not recorded, failed, or its status, media
    /// type or JSON structure changed. Changed values and headers alone are not drift.
    public var hasDrift: Bool {
        index == nil || transportError != nil || status != nil || contentType != nil || !addedFields.isEmpty
            || !removedFields.isEmpty || !retypedFields.isEmpty
    }

    /// Whether anything at all differs.
    public var differs: Bool { hasDrift || !changedValues.isEmpty || !changedHeaders.isEmpty }

    /// What drifted, in a few words each: `status 200 → 404`, `fields added: $.a, $.b`.
    public var summary: [String] {
        var parts: [String] = []
        if index == nil { parts.append("not in the cassette") }
        if let transportError { parts.append(transportError) }
        if let status { parts.append("status \(status.recorded) → \(status.live)") }
        if let contentType { parts.append("Content-Type \(contentType.recorded) → \(contentType.live)") }
        if !addedFields.isEmpty { parts.append("fields added: " + addedFields.joined(separator: ", ")) }
        if !removedFields.isEmpty { parts.append("fields removed: " + removedFields.joined(separator: ", ")) }
        if !retypedFields.isEmpty { parts.append("changed in type: " + retypedFields.joined(separator: ", ")) }
        return parts
    }
}
