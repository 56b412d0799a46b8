import Foundation

/// A response body as it arrived: the chunks a URLSession data delegate saw, in order, and the
/// transport error that cut the stream, if one did.
///
/// A ``RecordedResponse`` with a stream keeps the joined chunks as its ``RecordedResponse/body`` too,
/// so everything that reads a whole body (matching, `data(for:)`, HAR export, drift) reads it as
/// before; replay to a data delegate plays the chunks one by one.
public struct ResponseStream: Sendable, Hashable {
    /// The body's chunks, as the recording session's data delegate got them.
    public var chunks: [Data]
    /// The error the stream ended with (a connection cut before the last chunk), if any.
    public var error: TransportError?
    /// Milliseconds before each chunk (the first: after the response's head), rounded by
    /// ``roundedGap(milliseconds:)``; `nil` unless the recording kept timing
    /// (`"record": {"streamTiming": true}`). As many as ``chunks`` when present.
    public var gaps: [Int]?

    public init(chunks: [Data], error: TransportError? = nil, gaps: [Int]? = nil) {
        self.chunks = chunks
        self.error = error
        self.gaps = gaps
    }

    /// The chunks joined: the whole body.
    public var body: Data { chunks.reduce(into: Data()) { $0.append($1) } }

    /// A gap rounded so that a re-recording of the same stream rarely changes it: under 5 ms is 0;
    /// under 100 ms, to 10 ms; under 1 s, to 50 ms; above, to 100 ms.
    public static func roundedGap(milliseconds: Double) -> Int {
        let value = max(0, milliseconds)
        let step: Double
        switch value {
        case ..<5: return 0
        case ..<100: step = 10
        case ..<1000: step = 50
        default: step = 100
        }
        return Int((value / step).rounded()) * Int(step)
    }

    /// Media types whose bodies are streams by nature: kept chunk by chunk whatever the transfer
    /// coding, so that a diff reads event by event or line by line.
    package static func isStreamMediaType(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        return streamMediaTypes.contains(MediaType(contentType).essence)
    }

    static let streamMediaTypes: Set<String> = [
        "text/event-stream", "application/x-ndjson", "application/ndjson", "application/jsonl",
        "application/x-jsonlines", "application/jsonlines",
    ]

    /// The chunks as a cassette stores and replays them: each through its stored form (an event's
    /// or a line's JSON re-encoded compactly with keys in code point order, as a JSON body is), so
    /// the caller sees the same bytes in record and in replay.
    package static func storedChunks(_ chunks: [Data], contentType: String?) -> [Data] {
        chunks.map { chunk in (try? StoredChunk(bytes: chunk, contentType: contentType).bytes()) ?? chunk }
    }

    /// Whether a recorded response is kept as a stream: a stream media type; a transport error
    /// after the head (what arrived is kept, with the error); or `Transfer-Encoding: chunked` with
    /// more than one chunk and a media type that is not JSON (a JSON document split into transfer
    /// chunks is a document, better stored as JSON).
    package static func keepsChunks(_ chunks: [Data], cut: Bool, headers: [HTTPHeader]) -> Bool {
        if cut { return true }
        guard !chunks.isEmpty else { return false }
        let contentType = headers.value(for: "Content-Type")
        if isStreamMediaType(contentType) { return true }
        guard chunks.count > 1,
            headers.value(for: "Transfer-Encoding")?.lowercased().contains("chunked") == true
        else { return false }
        return contentType.map { !MediaType($0).isJSON } ?? true
    }
}

/// How one chunk of a stream is stored, chosen from its bytes and the response's `Content-Type` so
/// that it reads well and turns back into exactly the same bytes.
package enum StoredChunk: Sendable, Equatable {
    /// One server-sent event, exactly `event: …\n` (optional), `id: …\n` (optional), `data: …\n`, `\n`.
    case event(name: String?, id: String?, data: EventData)
    /// One line of NDJSON: JSON (served compact, keys in code point order) and `\n`.
    case line(JSONValue)
    /// Anything else: text or base64 (never JSON, which a chunk of a document seldom is whole).
    case body(StoredBody)

    /// An event's `data:` value: JSON when the text is an object or an array that re-encodes with
    /// nothing lost (``compactJSON(_:)``), else the text.
    package enum EventData: Sendable, Equatable {
        case json(JSONValue)
        case text(String)
    }

    package init(bytes: Data, contentType: String?) {
        let essence = contentType.map { MediaType($0).essence }
        if essence == "text/event-stream", let event = StoredChunk.event(bytes) {
            self = event
            return
        }
        if let essence, ResponseStream.streamMediaTypes.contains(essence), essence != "text/event-stream",
            bytes.last == 0x0A, let value = StoredChunk.compactJSON(bytes.dropLast())
        {
            self = .line(value)
            return
        }
        if let text = StoredBody.plainText(bytes), contentType.map({ !MediaType($0).isDeclaredBinary }) ?? true {
            self = .body(.text(text))
        } else {
            self = .body(.base64(bytes.base64EncodedString()))
        }
    }

    /// The JSON value of `bytes` when they are an object or an array that re-encodes with nothing
    /// a client could notice lost (``JSONLossiness``): the rule for whole JSON bodies. Replay serves
    /// (and record mode hands the caller) the compact encoding with keys in code point order, as for
    /// a JSON body; whitespace and key order are the only differences from what the server sent.
    static func compactJSON(_ bytes: Data) -> JSONValue? {
        guard let first = bytes.first, first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else { return nil }
        var lossiness = JSONLossiness()
        guard let value = try? JSONParser.parse(bytes, lossiness: &lossiness), lossiness.isEmpty else { return nil }
        return value
    }

    /// A chunk that is exactly one event of the fields this form keeps, in its order.
    private static func event(_ bytes: Data) -> StoredChunk? {
        guard let text = String(validating: bytes, as: UTF8.self), text.utf8.last == 0x0A,
            !text.utf8.contains(0x0D)
        else { return nil }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        // "a\nb\n\n" splits into a, b, "", "".
        guard lines.count >= 3, lines.removeLast().isEmpty, lines.removeLast().isEmpty else { return nil }
        func value(_ line: Substring, _ field: String) -> String? {
            line.hasPrefix(field + ": ") ? String(line.dropFirst(field.count + 2)) : nil
        }
        guard let dataLine = lines.popLast(), let data = value(dataLine, "data") else { return nil }
        var name: String?
        var id: String?
        switch lines.count {
        case 0: break
        case 1:
            if let found = value(lines[0], "event") {
                name = found
            } else if let found = value(lines[0], "id") {
                id = found
            } else {
                return nil
            }
        case 2:
            guard let found = value(lines[0], "event"), let second = value(lines[1], "id") else { return nil }
            (name, id) = (found, second)
        default: return nil
        }
        // The framing must give back the same bytes; the data, when JSON, is kept as JSON.
        guard (try? StoredChunk.event(name: name, id: id, data: .text(data)).bytes()) == bytes else { return nil }
        return .event(name: name, id: id, data: compactJSON(Data(data.utf8)).map(EventData.json) ?? .text(data))
    }

    /// The bytes this chunk stands for.
    package func bytes() throws(BodyDecodingError) -> Data {
        switch self {
        case .event(let name, let id, let data):
            var text = ""
            if let name { text += "event: \(name)\n" }
            if let id { text += "id: \(id)\n" }
            switch data {
            case .json(let value):
                text += "data: " + String(decoding: JSONWriter.bytes(of: value, style: .compact), as: UTF8.self)
            case .text(let value): text += "data: " + value
            }
            return Data((text + "\n\n").utf8)
        case .line(let value):
            return Data(JSONWriter.bytes(of: value, style: .compact) + [0x0A])
        case .body(let body):
            return try body.bytes()
        }
    }

    /// The chunk's object in a cassette: `{"event": …, "id": …, "data": …}` (or `"dataText"`),
    /// `{"line": …}`, `{"text": …}` or `{"base64": …}`.
    package var jsonValue: JSONValue {
        switch self {
        case .event(let name, let id, let data):
            var members: [JSONValue.Member] = []
            switch data {
            case .json(let value): members.append(.init("data", value))
            case .text(let value): members.append(.init("dataText", .string(value)))
            }
            if let name { members.append(.init("event", .string(name))) }
            if let id { members.append(.init("id", .string(id))) }
            return .object(sorting: members)
        case .line(let value):
            return .object([.init("line", value)])
        case .body(let body):
            return body.jsonValue
        }
    }

    /// Reads a chunk's object at `path`.
    package init(json value: JSONValue, path: [JSONPathComponent]) throws(JSONShapeError) {
        let reader = try JSONObjectReader(
            value, path: path, what: "a stream chunk",
            keys: ["base64", "data", "dataText", "event", "id", "line", "text"])
        let keys = Set(reader.members.map(\.key))
        if keys.contains("data") || keys.contains("dataText") {
            guard keys.isSubset(of: ["data", "dataText", "event", "id"]),
                !(keys.contains("data") && keys.contains("dataText"))
            else {
                throw JSONShapeError(
                    path: path,
                    message: "expected an event (\"data\" or \"dataText\", with \"event\" and \"id\" optional), "
                        + "a \"line\", a \"text\" or a \"base64\"")
            }
            let data: EventData
            if let json = reader.optional("data") {
                switch json {
                case .object, .array: data = .json(json)
                default:
                    throw JSONShapeError(
                        path: path + [.key("data")],
                        message: "expected an object or an array (an event's other data goes in \"dataText\")")
                }
            } else {
                data = .text(try reader.string("dataText", nonEmpty: false))
            }
            self = .event(
                name: try reader.optionalString("event", nonEmpty: false),
                id: try reader.optionalString("id", nonEmpty: false), data: data)
            return
        }
        guard !keys.contains("event"), !keys.contains("id") else {
            throw JSONShapeError(
                path: path, message: "expected an event's \"data\" or \"dataText\" beside its \"event\" or \"id\"")
        }
        guard reader.members.count == 1, let member = reader.members.first else {
            throw JSONShapeError(
                path: path, message: "expected exactly one of \"line\", \"text\" or \"base64\", or an event's \"data\"")
        }
        if member.key == "line" {
            switch member.value {
            case .object, .array: self = .line(member.value)
            default:
                throw JSONShapeError(
                    path: path + [.key("line")], message: "expected an object or an array (other lines go in \"text\")")
            }
        } else {
            self = .body(try StoredBody(json: value, path: path))
        }
    }
}

extension ResponseStream {
    /// The stream's object in a cassette: `chunks`, then `error` and `gaps` when it has them.
    package func jsonValue(contentType: String?) -> JSONValue {
        var members: [JSONValue.Member] = [
            .init("chunks", .array(chunks.map { StoredChunk(bytes: $0, contentType: contentType).jsonValue }))
        ]
        if let error { members.append(.init("error", .object([.init("code", .integer(error.code))]))) }
        if let gaps { members.append(.init("gaps", .array(gaps.map { .integer($0) }))) }
        return .object(sorting: members)
    }

    /// Reads a stream's object at `path`.
    package init(json value: JSONValue, path: [JSONPathComponent]) throws(JSONShapeError) {
        let reader = try JSONObjectReader(value, path: path, what: "a stream", keys: ["chunks", "error", "gaps"])
        guard let elements = try reader.array("chunks") else {
            throw JSONShapeError(path: path, message: "missing required key \"chunks\"")
        }
        var chunks: [Data] = []
        chunks.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            let place = path + [.key("chunks"), .index(index)]
            let chunk = try StoredChunk(json: element, path: place)
            do {
                chunks.append(try chunk.bytes())
            } catch {
                throw JSONShapeError(path: place + [.key("base64")], message: "expected valid base64")
            }
        }
        var error: TransportError?
        if let errorReader = try reader.object("error", what: "a transport error", keys: ["code"]) {
            error = TransportError(code: try errorReader.integer("code", in: Int(Int32.min)...Int(Int32.max)))
        }
        var gaps: [Int]?
        if let values = try reader.array("gaps") {
            var read: [Int] = []
            for (index, gap) in values.enumerated() {
                read.append(
                    try JSONObjectReader.integer(gap, path: path + [.key("gaps"), .index(index)], in: 0...86_400_000))
            }
            guard read.count == chunks.count else {
                throw JSONShapeError(
                    path: path + [.key("gaps")],
                    message: "expected one gap per chunk (\(chunks.count)), found \(read.count)")
            }
            gaps = read
        }
        self.init(chunks: chunks, error: error, gaps: gaps)
    }
}
