import Foundation

extension ScrubEngine {
    /// One piece of a streamed text: where its JSON string stands in the body, and what it says.
    struct StreamFragment {
        var range: Range<Int>
        var text: String
    }

    /// Keys whose strings, event after event, are pieces of one streamed text (chat completion
    /// `delta.content`, Anthropic `delta.text` and `partial_json`, Responses API `delta`).
    static let streamTextKeys: Set<String> = [
        "content", "text", "partial_json", "delta", "arguments", "thinking", "response",
    ]

    /// Media types of streams of JSON lines (Ollama's `application/x-ndjson`, JSON Lines, JSON text
    /// sequences), whose streamed text is read joined as server-sent events' is.
    static let jsonLineTypes: Set<String> = [
        "application/x-ndjson", "application/ndjson", "application/jsonl", "application/x-jsonlines",
        "application/jsonlines", "application/json-seq",
    ]

    /// Whether a body is a stream whose events' text is read joined: server-sent events, a part
    /// stream, or JSON lines (by media type, or two lines or more that are each a JSON object).
    static func isJoinedStream<Bytes: BidirectionalCollection<UInt8>>(_ bytes: Bytes, mediaType: MediaType?) -> Bool {
        if isJoinedStreamType(mediaType) { return true }
        guard bytes.first == UInt8(ascii: "{"), let newline = bytes.firstIndex(of: 0x0A) else { return false }
        let before = bytes[bytes.index(before: newline)]
        guard let next = bytes[bytes.index(after: newline)...].firstIndex(where: { $0 != 0x0A && $0 != 0x0D }) else {
            return false
        }
        return bytes[next] == UInt8(ascii: "{") && (before == UInt8(ascii: "}") || before == 0x0D)
    }

    /// Whether a media type is a stream of events: server-sent events or JSON lines.
    static func isJoinedStreamType(_ mediaType: MediaType?) -> Bool {
        guard let essence = mediaType?.essence else { return false }
        return essence == "text/event-stream" || jsonLineTypes.contains(essence)
    }

    /// A stream's pieces scrubbed as the one text they make: a secret split across events (a pasted
    /// key echoed in a streamed answer) is found in the joined text and replaced in every event that
    /// holds a piece of it, the placeholder in the first and nothing in the others. Returns the new
    /// text of each fragment (unchanged ones included); `nil` when nothing changed or in the first
    /// pass, which registers what the joined text holds.
    ///
    /// Works on any list of fragments, so a stream stored event by event reads the same way.
    mutating func scrubJoined(_ fragments: [String], path: [JSONPathComponent]) -> [String]? {
        guard fragments.count >= 2 else { return nil }
        let joined = fragments.joined()
        let bytes = Array(joined.utf8)
        places.append("in the text joined from \(fragments.count) stream events")
        defer { places.removeLast() }
        // Read as a text of its own: a model writes `PGPASSWORD='…'` and `export HF_TOKEN=…` lines too.
        let edits = scan(bytes, joined, kind: .text(nil), given: [], path: path)
        guard phase == .replace, !edits.isEmpty else { return nil }
        // Where each fragment starts in the joined bytes.
        var starts: [Int] = []
        var offset = 0
        for fragment in fragments {
            starts.append(offset)
            offset += fragment.utf8.count
        }
        var pieces = fragments.map { Array($0.utf8) }
        // Apply edits from the last, so earlier offsets stay valid.
        for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            var first = true
            for index in fragments.indices.reversed() {
                let start = starts[index]
                let end = start + fragments[index].utf8.count
                let lower = max(edit.range.lowerBound, start)
                let upper = min(edit.range.upperBound, end)
                guard lower < upper || (edit.range.isEmpty && edit.range.lowerBound == start) else { continue }
                let local = (lower - start)..<(upper - start)
                // The placeholder goes where the secret starts; the other pieces are emptied.
                let isFirstPiece = edit.range.lowerBound >= start
                pieces[index].replaceSubrange(local, with: isFirstPiece ? Array(edit.replacement.utf8) : [])
                first = false
            }
            _ = first
        }
        let result = pieces.map { String(decoding: $0, as: UTF8.self) }
        return result == fragments ? nil : result
    }

    /// The streamed-text fragments of a server-sent event body: the strings under
    /// ``streamTextKeys`` in the JSON of each `data:` line, in order; and the text parts of a part
    /// stream (`0:"…"` lines).
    static func streamFragments(_ bytes: [UInt8]) -> [StreamFragment] {
        var fragments: [StreamFragment] = []
        var lineStart = 0
        while lineStart < bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
            var end = lineEnd
            if end > lineStart, bytes[end - 1] == 0x0D { end -= 1 }
            var jsonStart: Int?
            if end - lineStart > 6, bytes[lineStart..<(lineStart + 5)].elementsEqual("data:".utf8) {
                jsonStart = lineStart + 5
            } else if end - lineStart > 2, bytes[lineStart] == UInt8(ascii: "{") || bytes[lineStart] == 0x1E {
                // A JSON line (a JSON text sequence's record separator first).
                jsonStart = bytes[lineStart] == 0x1E ? lineStart + 1 : lineStart
            }
            if let jsonStart {
                var start = jsonStart
                while start < end, bytes[start] == 0x20 { start += 1 }
                if start < end, bytes[start] == UInt8(ascii: "{"),
                    let (value, ranges) = JSONParser.locate(bytes, start..<end)
                {
                    var cursor = 0
                    collect(value, key: nil, ranges: ranges, cursor: &cursor, bytes: bytes, into: &fragments)
                }
            } else if end - lineStart > 3,
                bytes[lineStart] == UInt8(ascii: "0") || bytes[lineStart] == UInt8(ascii: "g"),
                bytes[lineStart + 1] == UInt8(ascii: ":"), bytes[lineStart + 2] == 0x22,
                let (value, ranges) = JSONParser.locate(bytes, (lineStart + 2)..<end), case .string(let text) = value,
                let range = ranges.first
            {
                // A text (`0:`) or reasoning (`g:`) part of the AI SDK's data stream.
                fragments.append(StreamFragment(range: range, text: text))
            }
            lineStart = lineEnd + 1
        }
        return fragments
    }

    /// Walks a located JSON value in the order of its ranges (keys before values), keeping the
    /// strings under stream text keys.
    private static func collect(
        _ value: JSONValue, key: String?, ranges: [Range<Int>], cursor: inout Int, bytes: [UInt8],
        into fragments: inout [StreamFragment]
    ) {
        switch value {
        case .string(let text):
            if let key, streamTextKeys.contains(key), cursor < ranges.count {
                fragments.append(StreamFragment(range: ranges[cursor], text: text))
            }
            cursor += 1
        case .number:
            cursor += 1
        case .array(let elements):
            for element in elements {
                collect(element, key: key, ranges: ranges, cursor: &cursor, bytes: bytes, into: &fragments)
            }
        case .object(let members):
            for member in members {
                cursor += 1
                collect(member.value, key: member.key, ranges: ranges, cursor: &cursor, bytes: bytes, into: &fragments)
            }
        default:
            break
        }
    }

    /// A server-sent event body after its events were scrubbed one by one: what its streamed text
    /// still holds once joined, replaced piece by piece. `nil` when nothing changed.
    mutating func scrubStream(_ text: String, path: [JSONPathComponent]) -> String? {
        let bytes = Array(text.utf8)
        guard
            ScrubBytes.contains(bytes, Array("data:".utf8)) || ScrubEngine.isPartStream(Array(bytes.prefix(4)))
                || ScrubEngine.isJoinedStream(bytes, mediaType: nil)
        else { return nil }
        let fragments = ScrubEngine.streamFragments(bytes)
        guard let scrubbed = scrubJoined(fragments.map(\.text), path: path) else { return nil }
        var edits: [Edit] = []
        for (fragment, new) in zip(fragments, scrubbed) where new != fragment.text {
            edits.append(Edit(range: fragment.range, replacement: ScrubBytes.jsonEscaped(new)))
        }
        return ScrubEngine.apply(edits, to: bytes)
    }
}
