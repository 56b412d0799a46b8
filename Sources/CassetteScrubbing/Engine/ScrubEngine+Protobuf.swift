extension ScrubEngine {
    /// Whether a media type is gRPC's (`application/grpc`, `application/grpc-web`, their `+proto`
    /// and `-text` forms) or a Connect stream's (`application/connect+proto`), whose bodies are
    /// length-prefixed frames of protobuf messages.
    static func isGRPC(_ mediaType: MediaType?) -> Bool {
        guard let essence = mediaType?.essence else { return false }
        return essence.hasPrefix("application/grpc") || essence == "application/connect+proto"
    }

    /// Whether a media type carries the protobuf messages of a remote call (gRPC, Connect), whose
    /// credential-like strings are taken for credentials (``grpcCredentialStrings(_:_:)``); OTLP's
    /// telemetry is not read so.
    static func isRPC(_ mediaType: MediaType?) -> Bool {
        isGRPC(mediaType) || mediaType?.essence == "application/proto"
    }

    /// Whether a media type says the body is one protobuf message (OTLP over HTTP, Google APIs,
    /// Connect's unary calls).
    static func isProtobuf(_ mediaType: MediaType?) -> Bool {
        guard let essence = mediaType?.essence else { return false }
        return [
            "application/x-protobuf", "application/protobuf", "application/vnd.google.protobuf",
            "application/x-google-protobuf", "application/proto",
        ].contains(essence)
    }

    /// What a protobuf body holds, read without its schema: the ranges of its leaf strings (a
    /// length-delimited field of printable text; one that is not text is read as a message when it
    /// is one whole), in order, and the pairs a map entry or an attribute makes (`KeyValue{key = 1,
    /// value = 2}`: OTLP attributes, `map<string, string>` entries), the value being field 2's
    /// string or the first string of the message in field 2 (OTLP's `AnyValue`). A body that does
    /// not parse to its end keeps what was read before the break, and is not `whole`.
    struct ProtobufText {
        var strings: [Range<Int>] = []
        var pairs: [(name: Range<Int>, value: Range<Int>)] = []
        var whole = true
    }

    /// The protobuf text of a gRPC body (its uncompressed frames) or of a protobuf body, or `nil`
    /// when the media type says neither.
    static func protobufText(_ bytes: [UInt8], mediaType: MediaType?) -> ProtobufText? {
        var text = ProtobufText()
        if isGRPC(mediaType) {
            var index = 0
            while index + 5 <= bytes.count {
                let length = bytes[(index + 1)..<(index + 5)].reduce(0) { $0 << 8 | Int($1) }
                let start = index + 5
                guard start + length <= bytes.count else { break }
                if bytes[index] & 0x81 == 0 { read(bytes, start..<(start + length), depth: 0, into: &text) }
                index = start + length
            }
            if index != bytes.count { text.whole = false }
            return text
        }
        guard isProtobuf(mediaType) else { return nil }
        read(bytes, 0..<bytes.count, depth: 0, into: &text)
        return text
    }

    /// One field of a protobuf message: its number, and the bytes of a length-delimited value.
    private struct ProtobufField {
        var number: Int
        var value: Range<Int>?
    }

    /// The fields of the message at `range` up to the first byte that breaks it, and whether they
    /// reach its end.
    private static func fields(_ bytes: [UInt8], _ range: Range<Int>) -> (fields: [ProtobufField], whole: Bool) {
        var fields: [ProtobufField] = []
        var index = range.lowerBound
        func varint() -> Int? {
            var value = 0
            var shift = 0
            while index < range.upperBound, shift < 63 {
                let byte = bytes[index]
                index += 1
                value |= Int(byte & 0x7F) << shift
                if byte & 0x80 == 0 { return value }
                shift += 7
            }
            return nil
        }
        while index < range.upperBound {
            guard let key = varint(), key >> 3 > 0 else { return (fields, false) }
            var value: Range<Int>?
            switch key & 7 {
            case 0: guard varint() != nil else { return (fields, false) }
            case 1: index += 8
            case 5: index += 4
            case 2:
                guard let length = varint(), length >= 0, length <= range.upperBound - index else {
                    return (fields, false)
                }
                value = index..<(index + length)
                index += length
            default: return (fields, false)
            }
            guard index <= range.upperBound else { return (fields, false) }
            fields.append(ProtobufField(number: key >> 3, value: value))
        }
        return (fields, true)
    }

    /// Reads the message at `range` into `text`. A field below the top that is no whole message is
    /// bytes (a hash, an id); `false` then.
    @discardableResult
    private static func read(_ bytes: [UInt8], _ range: Range<Int>, depth: Int, into text: inout ProtobufText) -> Bool {
        let (fields, whole) = fields(bytes, range)
        guard whole || depth == 0 else { return false }
        if !whole { text.whole = false }
        var leaves: [Int: Range<Int>] = [:]
        var firstStringBelow: [Int: Range<Int>] = [:]
        for field in fields {
            guard let value = field.value, !value.isEmpty else { continue }
            // Text that starts with a control byte and parses as a message is one: a message whose
            // first field is a string (`AnyValue{string_value = 1}`) is printable after its tag.
            if bytes[value].allSatisfy(isPrintable), bytes[value.lowerBound] >= 0x20 || !Self.fields(bytes, value).whole
            {
                text.strings.append(value)
                if leaves[field.number] == nil { leaves[field.number] = value }
                continue
            }
            guard depth < 8 else { continue }
            var nested = ProtobufText()
            guard read(bytes, value, depth: depth + 1, into: &nested) else { continue }
            if firstStringBelow[field.number] == nil, let first = nested.strings.first {
                firstStringBelow[field.number] = first
            }
            text.strings += nested.strings
            text.pairs += nested.pairs
        }
        if let name = leaves[1], let value = leaves[2] ?? firstStringBelow[2] {
            text.pairs.append((name, value))
        }
        return true
    }

    /// The strings of a remote call's protobuf messages (gRPC, Connect) that look like credentials:
    /// protobuf carries no field names, so a string is taken by its look alone, and only there: 16 to
    /// 512 characters without blanks or `/`, holding upper- and lower-case letters and digits, and
    /// a `.` only beside a symbol such as `%` or `!` (`sess_Q3x…`, a refresh token, a password),
    /// which ids (`user-104233`), regions, hex digests, dotted names and paths do not.
    static func grpcCredentialStrings(_ bytes: [UInt8], _ text: ProtobufText) -> [String] {
        text.strings.filter { looksLikeCredential(bytes[$0]) }.map { ScrubBytes.string(bytes, $0) }
    }

    private static func looksLikeCredential(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard bytes.count >= 16, bytes.count <= 512 else { return false }
        var upper = false
        var lower = false
        var digit = false
        var dot = false
        var symbol = false
        for byte in bytes {
            guard byte > 0x20, byte < 0x7F, byte != UInt8(ascii: "/") else { return false }
            if ShapeBytes.isUpper(byte) {
                upper = true
            } else if ShapeBytes.isLower(byte) {
                lower = true
            } else if ShapeBytes.isDigit(byte) {
                digit = true
            } else if byte == UInt8(ascii: ".") {
                dot = true
            } else if ScrubEngine.passwordSymbols.contains(byte) {
                symbol = true
            }
        }
        // A dot makes a name (`com.example.Orders`, `v2.14.3`) unless symbols say password (`ZU_.X5ZM%JwI%`).
        return upper && lower && digit && (!dot || symbol)
    }

    /// Symbols that names, paths and versions do not hold and passwords do.
    static let passwordSymbols = ByteSet("!#$%^&*+=?~@")
}
