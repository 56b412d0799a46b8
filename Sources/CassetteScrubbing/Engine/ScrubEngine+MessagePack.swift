extension ScrubEngine {
    /// Whether a body is MessagePack: by its media type (`application/msgpack`, `x-msgpack`,
    /// `vnd.msgpack`), or, without another declared type, bytes that parse as one MessagePack value
    /// throughout and hold a map.
    static func isMessagePack(_ mediaType: MediaType?, _ bytes: [UInt8]) -> Bool {
        if mediaType?.essence.contains("msgpack") == true { return true }
        // Sniffed only where no other type is declared.
        guard mediaType == nil || mediaType?.essence == "application/octet-stream", let first = bytes.first,
            (0x80...0x9f).contains(first) || (0xdc...0xdf).contains(first)
        else {
            return false
        }
        return MessagePackPairs(bytes).map { !$0.pairs.isEmpty } == true
    }

    /// First pass over a MessagePack body: the string values of map keys named like secrets (a
    /// logged `password`), and the secret parts of those whose key names a header with structure
    /// (`authorization`, `cookie`), are registered, so that their bytes are replaced where they stand
    /// with placeholders of their own length and every length prefix stays true.
    mutating func registerMessagePackSecrets(_ bytes: [UInt8]) {
        guard let parsed = MessagePackPairs(bytes) else { return }
        for (key, value) in parsed.pairs where !value.isEmpty {
            let text = ScrubBytes.string(bytes, value)
            let spans: [Span]
            if let structure = ScrubHeaderStructure.of(key), structure != .url {
                spans = structuredSpans(structure, bytes, value, name: "MessagePack key \"\(key)\"") ?? []
            } else if isSecretName(key, in: .jsonKey), !ScrubEngine.isNeverSecret(text, inherited: false),
                !ScrubBytes.contains(text, "SCRUBBED")
            {
                spans = [
                    Span(
                        range: value, secret: text, rule: rules.spec(.secretField),
                        summary: "value of MessagePack key \"\(key)\"")
                ]
            } else {
                spans = []
            }
            for span in spans where span.fixed == nil && !span.secret.isEmpty && !rules.isPlaceholder(span.secret) {
                table.register(span.secret, rule: span.rule, summary: span.summary, byShape: false)
            }
        }
    }
}

/// The string-keyed, string-valued map entries of one MessagePack value that spans its bytes
/// exactly; `nil` when the bytes are not one.
struct MessagePackPairs {
    private(set) var pairs: [(key: String, value: Range<Int>)] = []
    private let bytes: [UInt8]

    init?(_ bytes: [UInt8]) {
        self.bytes = bytes
        guard let (end, _) = value(at: 0, depth: 0), end == bytes.count else { return nil }
    }

    /// The index after the value at `index`, and the range of its bytes when it is a string.
    private mutating func value(at index: Int, depth: Int) -> (end: Int, string: Range<Int>?)? {
        guard index < bytes.count, depth < 32 else { return nil }
        let byte = bytes[index]
        func sized(_ width: Int) -> Int? {
            guard index + 1 + width <= bytes.count else { return nil }
            return bytes[(index + 1)..<(index + 1 + width)].reduce(0) { $0 << 8 | Int($1) }
        }
        func skip(_ count: Int) -> Int? { index + count <= bytes.count ? index + count : nil }
        func text(_ header: Int, _ length: Int?) -> (Int, Range<Int>?)? {
            guard let length, let end = skip(header + length) else { return nil }
            return (end, (index + header)..<end)
        }
        let end: Int?
        switch byte {
        case 0x00...0x7f, 0xe0...0xff, 0xc0, 0xc2, 0xc3: end = skip(1)
        case 0x80...0x8f: end = map(at: index + 1, count: Int(byte & 0x0f), depth: depth)
        case 0x90...0x9f: end = array(at: index + 1, count: Int(byte & 0x0f), depth: depth)
        case 0xa0...0xbf: return text(1, Int(byte & 0x1f))
        case 0xd9: return text(2, sized(1))
        case 0xda: return text(3, sized(2))
        case 0xdb: return text(5, sized(4))
        case 0xc4: end = sized(1).flatMap { skip(2 + $0) }
        case 0xc5: end = sized(2).flatMap { skip(3 + $0) }
        case 0xc6: end = sized(4).flatMap { skip(5 + $0) }
        case 0xc7: end = sized(1).flatMap { skip(3 + $0) }
        case 0xc8: end = sized(2).flatMap { skip(4 + $0) }
        case 0xc9: end = sized(4).flatMap { skip(6 + $0) }
        case 0xca, 0xce, 0xd2: end = skip(5)
        case 0xcb, 0xcf, 0xd3: end = skip(9)
        case 0xcc, 0xd0: end = skip(2)
        case 0xcd, 0xd1: end = skip(3)
        case 0xd4: end = skip(3)
        case 0xd5: end = skip(4)
        case 0xd6: end = skip(6)
        case 0xd7: end = skip(10)
        case 0xd8: end = skip(18)
        case 0xdc...0xdf:
            // array16, array32, map16, map32
            let width = byte & 1 == 0 ? 2 : 4
            guard let count = sized(width) else { return nil }
            end =
                byte < 0xde
                ? array(at: index + 1 + width, count: count, depth: depth)
                : map(at: index + 1 + width, count: count, depth: depth)
        default: end = nil  // 0xc1 is never used
        }
        return end.map { ($0, nil) }
    }

    private mutating func array(at start: Int, count: Int, depth: Int) -> Int? {
        guard count <= bytes.count - start else { return nil }
        var index = start
        for _ in 0..<count {
            guard let (next, _) = value(at: index, depth: depth + 1) else { return nil }
            index = next
        }
        return index
    }

    private mutating func map(at start: Int, count: Int, depth: Int) -> Int? {
        guard count <= (bytes.count - start) / 2 else { return nil }
        var index = start
        for _ in 0..<count {
            guard let (afterKey, key) = value(at: index, depth: depth + 1),
                let (afterValue, found) = value(at: afterKey, depth: depth + 1)
            else { return nil }
            if let key, let found { pairs.append((ScrubBytes.string(bytes, key), found)) }
            index = afterValue
        }
        return index
    }
}
