import Foundation

/// Compares the live answer to a request with its recording: the pure core of a drift check.
package enum DriftCheck {
    /// Paths reported per list, at most.
    static let limit = 20

    /// How `live` differs from `recorded`, both interactions of the same request in stored form.
    ///
    /// - Parameters:
    ///   - request: The request as the report names it, scrubbed.
    ///   - volatile: Response headers that change on every response and so never count.
    package static func compare(
        recorded: Interaction, live: Interaction, cassettePath: String, index: Int, request: String,
        volatile: VolatileHeaders
    ) -> InteractionDrift {
        var drift = InteractionDrift(cassettePath: cassettePath, index: index, request: request)
        guard case .response(let now) = live.outcome else {
            if case .failure(let error) = live.outcome {
                drift.transportError = "the live request failed (\(TransportErrorText.describe(code: error.code)))"
            }
            return drift
        }
        guard case .response(let then) = recorded.outcome else {
            drift.status = .init(recorded: 0, live: now.status)
            return drift
        }
        if then.status != now.status { drift.status = .init(recorded: then.status, live: now.status) }
        let thenType = mediaType(then.headers)
        let nowType = mediaType(now.headers)
        if thenType != nowType { drift.contentType = .init(recorded: thenType ?? "none", live: nowType ?? "none") }
        drift.changedHeaders = headerChanges(
            volatile.comparable(then.headers.removing("Content-Type").removing("Content-Length")),
            volatile.comparable(now.headers.removing("Content-Type").removing("Content-Length")))
        let streamed = then.stream != nil || now.stream != nil
        let thenJSON = streamed ? streamShape(then) : then.body.flatMap { try? JSONParser.parse($0) }
        let nowJSON = streamed ? streamShape(now) : now.body.flatMap { try? JSONParser.parse($0) }
        if streamed, then.stream?.error != now.stream?.error {
            if let error = now.stream?.error {
                // A stream that is cut now, and was not when recorded, failed.
                drift.transportError = "the live stream was cut (\(TransportErrorText.describe(code: error.code)))"
            } else {
                let code = then.stream?.error?.code ?? 0
                drift.changedValues.append("stream end (error \(code) → complete)")
            }
        }
        if let thenJSON, let nowJSON {
            var shape = ShapeDifferences()
            shape.compare(thenJSON, nowJSON, path: "$")
            drift.addedFields = Array(shape.added.prefix(limit))
            drift.removedFields = Array(shape.removed.prefix(limit))
            drift.retypedFields = Array(shape.retyped.prefix(limit))
            drift.changedValues = Array((drift.changedValues + shape.values).prefix(limit))
        } else if (then.body ?? Data()) != (now.body ?? Data()) {
            drift.changedValues = ["body (\(then.body?.count ?? 0) bytes → \(now.body?.count ?? 0) bytes)"]
        }
        return drift
    }

    /// A streamed body as one JSON value whose shape can be compared event by event: an object of
    /// the events by kind, each kind the array of its events' JSON (`$.content_block_delta[*].delta`),
    /// so events of one kind are compared with each other and never with another kind's. A kind
    /// is the event's name, else its data's `type` or `object` string, else `data`; an NDJSON
    /// line's kind is `line`, any other chunk's `text` (its text as a string). A body without a
    /// stream counts as one `text` chunk.
    static func streamShape(_ response: RecordedResponse) -> JSONValue {
        let contentType = response.headers.value(for: "Content-Type")
        let chunks = response.stream?.chunks ?? response.body.map { [$0] } ?? []
        var kinds: [String] = []
        var events: [String: [JSONValue]] = [:]
        for chunk in chunks {
            let kind: String
            let value: JSONValue
            switch StoredChunk(bytes: chunk, contentType: contentType) {
            case .event(let name, _, .json(let data)):
                kind =
                    name ?? (data["type"] ?? data["object"]).flatMap {
                        if case .string(let text) = $0 { text } else { nil }
                    } ?? "data"
                value = data
            case .event(let name, _, .text(let text)):
                (kind, value) = (name ?? "data", .string(text))
            case .line(let line):
                (kind, value) = ("line", line)
            case .body:
                (kind, value) = ("text", .string(String(decoding: chunk, as: UTF8.self)))
            }
            if events[kind] == nil { kinds.append(kind) }
            events[kind, default: []].append(value)
        }
        return .object(sorting: kinds.map { JSONValue.Member($0, .array(events[$0] ?? [])) })
    }

    /// The media type of a `Content-Type` header, lower-cased and without parameters.
    private static func mediaType(_ headers: [HTTPHeader]) -> String? {
        headers.value(for: "Content-Type").map { MediaType($0).essence }
    }

    private static func headerChanges(_ recorded: [HTTPHeader], _ live: [HTTPHeader]) -> [String] {
        var changes: [String] = []
        var names: [String] = []
        for header in recorded + live where !names.contains(where: { HTTPHeader.namesEqual($0, header.name) }) {
            names.append(header.name)
        }
        for name in names {
            let before = recorded.filter { $0.hasName(name) }.map(\.value)
            let after = live.filter { $0.hasName(name) }.map(\.value)
            if before == after { continue }
            if before.isEmpty {
                changes.append("\(name) added")
            } else if after.isEmpty {
                changes.append("\(name) removed")
            } else {
                changes.append("\(name) changed")
            }
        }
        return changes
    }

    /// How the structure of two JSON values differs: array elements are compared with each other as
    /// `[*]`, so a list that grew or shrank is a change of value, not of structure.
    struct ShapeDifferences {
        var added: [String] = []
        var removed: [String] = []
        var retyped: [String] = []
        var values: [String] = []

        mutating func compare(_ recorded: JSONValue, _ live: JSONValue, path: String) {
            switch (recorded, live) {
            case (.object(let before), .object(let after)):
                let beforeKeys = Set(before.map(\.key))
                let afterKeys = Set(after.map(\.key))
                for member in after where !beforeKeys.contains(member.key) {
                    note(&added, JSONValue.path(path, member: member.key))
                }
                for member in before where !afterKeys.contains(member.key) {
                    note(&removed, JSONValue.path(path, member: member.key))
                }
                for member in before {
                    guard let other = live[member.key] else { continue }
                    compare(member.value, other, path: JSONValue.path(path, member: member.key))
                }
            case (.array(let before), .array(let after)):
                if before.count != after.count { note(&values, "\(path) (\(before.count) → \(after.count) elements)") }
                let elements = path + "[*]"
                // Every live element against the recorded element of the same kind, and the other way.
                for element in after {
                    if let model = before.first(where: { kind($0) == kind(element) }) ?? before.first {
                        compare(model, element, path: elements)
                    }
                }
                for element in before where !after.contains(where: { kind($0) == kind(element) }) {
                    if let other = after.first { compare(element, other, path: elements) }
                }
            default:
                if kind(recorded) != kind(live) {
                    note(&retyped, "\(path) (\(recorded.kindName) → \(live.kindName))")
                } else if !sameValue(recorded, live) {
                    note(&values, path)
                }
            }
        }

        /// The kind of a value; `null` is a kind of its own, so a field that became `null` is retyped.
        private func kind(_ value: JSONValue) -> String { value.kindName }

        private func sameValue(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
            if case .number(let left) = lhs, case .number(let right) = rhs {
                return JSONNumber.canonical(left) == JSONNumber.canonical(right)
            }
            return lhs == rhs
        }

        private func note(_ list: inout [String], _ entry: String) {
            if !list.contains(entry) { list.append(entry) }
        }
    }
}
