import Foundation

/// A strict JSON parser (RFC 8259) over UTF-8 bytes.
///
/// It keeps number literals as written, reports where a text goes wrong by byte offset, refuses
/// nesting deeper than ``maximumDepth`` instead of overflowing the stack, and records what a
/// re-encoding would lose (``JSONLossiness``).
package struct JSONParser {
    /// Nesting deeper than this is an error.
    package static let maximumDepth = 512

    /// Parses one JSON value that fills the whole text, allowing surrounding whitespace.
    package static func parse(_ bytes: some ContiguousBytes) throws(JSONSyntaxError) -> JSONValue {
        var lossiness = JSONLossiness()
        return try parse(bytes, lossiness: &lossiness)
    }

    /// Parses one JSON value and reports what re-encoding it would lose.
    package static func parse(
        _ bytes: some ContiguousBytes,
        lossiness: inout JSONLossiness
    ) throws(JSONSyntaxError) -> JSONValue {
        let result: Result<(JSONValue, JSONLossiness), JSONSyntaxError> = bytes.withUnsafeBytes { raw in
            var parser = Parser(bytes: raw.bindMemory(to: UInt8.self))
            do throws(JSONSyntaxError) {
                parser.skipWhitespace()
                let value = try parser.parseValue(depth: 0)
                parser.skipWhitespace()
                if parser.index != parser.bytes.count {
                    throw parser.error("unexpected \(parser.describeCurrent()) after the end of the JSON value")
                }
                return .success((value, parser.lossiness))
            } catch {
                return .failure(error)
            }
        }
        switch result {
        case .success(let (value, found)):
            lossiness = found
            return value
        case .failure(let error):
            throw error
        }
    }
}

extension JSONParser {
    /// Parses the JSON value that fills `range` of `bytes` (surrounding whitespace allowed), keeping
    /// object members in source order, with the ranges of every string's contents and every number
    /// in the order a walk of the value (keys before values) meets them; `nil` when it is not JSON.
    /// The scrubber reads JSON kept as text this way, to replace values where they stand.
    package static func locate(_ bytes: [UInt8], _ range: Range<Int>) -> (value: JSONValue, ranges: [Range<Int>])? {
        bytes[range].withUnsafeBufferPointer { buffer -> (JSONValue, [Range<Int>])? in
            var parser = Parser(bytes: buffer)
            parser.locating = true
            parser.skipWhitespace()
            guard let value = try? parser.parseValue(depth: 0) else { return nil }
            parser.skipWhitespace()
            guard parser.index == buffer.count else { return nil }
            return (
                value, parser.ranges.map { ($0.lowerBound + range.lowerBound)..<($0.upperBound + range.lowerBound) }
            )
        }
    }
}

extension JSONParser {
    /// Parses a JSON object that fills the text (surrounding whitespace allowed), handing each
    /// element of its array member `key` to `transform` as soon as that element is parsed, on every
    /// core when there are many, instead of keeping the array: a large file is then never held as
    /// one tree beside what it is read into. The object comes back with `key`'s array empty, and the
    /// transformed elements in order.
    ///
    /// `nil` when the text is not such an object or anything in it is not JSON: the caller then
    /// parses it whole (``parse(_:)``), for the error that reports.
    package static func parseObject<Element: Sendable>(
        _ bytes: some ContiguousBytes, streaming key: String,
        _ transform: @Sendable (_ element: JSONValue, _ index: Int) -> Element
    ) -> (object: JSONValue, elements: [Element])? {
        bytes.withUnsafeBytes { raw -> (JSONValue, [Element])? in
            var parser = Parser(bytes: raw.bindMemory(to: UInt8.self))
            return try? parser.parseObjectStreaming(key: key, transform)
        }
    }
}

/// The parsed text, shared by the parsers of an array's elements on other cores; read only.
private struct SharedBytes: @unchecked Sendable {
    let buffer: UnsafeBufferPointer<UInt8>
}

private struct Parser {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    var lossiness = JSONLossiness()
    var scratch: [UInt8] = []
    /// When set, objects keep their members in source order and `ranges` collects where every
    /// string's contents (between its quotes) and every number are, in source order.
    var locating = false
    var ranges: [Range<Int>] = []

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    func error(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
        JSONSyntaxError(offset: offset ?? index, message: message)
    }

    func describeCurrent() -> String {
        guard index < bytes.count else { return "end of file" }
        let byte = bytes[index]
        if byte >= 0x21 && byte < 0x7F {
            return "character '\(Character(Unicode.Scalar(byte)))'"
        }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard index < bytes.count else {
            throw error("unexpected end of file, expected a JSON value")
        }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .number(try parseNumber())
        default:
            throw error("unexpected \(describeCurrent()), expected a JSON value")
        }
    }

    mutating func expectLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
        let start = index
        let count = literal.utf8CodeUnitCount
        let matches = literal.withUTF8Buffer { expected in
            guard bytes.count - index >= count else { return false }
            for offset in 0..<count where bytes[index + offset] != expected[offset] { return false }
            return true
        }
        guard matches else {
            throw error("invalid literal, expected '\(literal)'", at: start)
        }
        index += count
    }

    mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        if depth > JSONParser.maximumDepth {
            throw error("JSON nested more than \(JSONParser.maximumDepth) levels deep")
        }
        index += 1
        var members: [JSONValue.Member] = []
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object([])
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error("unexpected \(describeCurrent()), expected a string key")
            }
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error("unexpected \(describeCurrent()), expected ':' after an object key")
            }
            index += 1
            skipWhitespace()
            let value = try parseValue(depth: depth)
            members.append(JSONValue.Member(key, value))
            skipWhitespace()
            guard index < bytes.count else {
                throw error("unexpected end of file, expected ',' or '}'")
            }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                break
            }
            throw error("unexpected \(describeCurrent()), expected ',' or '}'")
        }
        if locating { return .object(members) }
        let sorted = JSONValue.sortedMembers(members)
        var position = 1
        while position < sorted.count {
            if sorted[position].key.utf8.elementsEqual(sorted[position - 1].key.utf8) {
                lossiness.insert(.duplicateKeys)
                break
            }
            position += 1
        }
        return .object(sorted)
    }

    /// ``JSONParser/parseObject(_:streaming:_:)``: the top-level object, its `key` array's
    /// elements parsed and transformed one by one (on every core when there are many).
    mutating func parseObjectStreaming<Element: Sendable>(
        key streamed: String, _ transform: @Sendable (JSONValue, Int) -> Element
    ) throws(JSONSyntaxError) -> (JSONValue, [Element]) {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { throw error("expected an object") }
        index += 1
        var members: [JSONValue.Member] = []
        var elements: [Element]?
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
            index += 1
        } else {
            while true {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a key") }
                let key = try parseString()
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':'") }
                index += 1
                skipWhitespace()
                if elements == nil, key == streamed, index < bytes.count, bytes[index] == UInt8(ascii: "[") {
                    elements = try streamElements(transform)
                    members.append(JSONValue.Member(key, .array([])))
                } else {
                    members.append(JSONValue.Member(key, try parseValue(depth: 1)))
                }
                skipWhitespace()
                guard index < bytes.count else { throw error("expected ',' or '}'") }
                index += 1
                if bytes[index - 1] == UInt8(ascii: ",") { continue }
                if bytes[index - 1] == UInt8(ascii: "}") { break }
                throw error("expected ',' or '}'")
            }
        }
        skipWhitespace()
        guard index == bytes.count, let elements else { throw error("not a streamed object") }
        return (.object(sorting: members), elements)
    }

    /// The array at `index`, each element parsed and transformed on its own (on every core), its
    /// tree dropped once transformed.
    private mutating func streamElements<Element: Sendable>(
        _ transform: @Sendable (JSONValue, Int) -> Element
    ) throws(JSONSyntaxError) -> [Element] {
        guard let (starts, ends) = elementBounds(), let close = ends.last else { throw error("unbalanced array") }
        let shared = SharedBytes(buffer: bytes)
        let transformed = Parallel.map(starts.count, minimumSlice: 16) { element -> Element? in
            var parser = Parser(bytes: shared.buffer)
            parser.index = starts[element]
            guard let value = try? parser.parseValue(depth: 2) else { return nil }
            parser.skipWhitespace()
            guard parser.index == ends[element] else { return nil }
            return transform(value, element)
        }
        var elements: [Element] = []
        elements.reserveCapacity(transformed.count)
        for item in transformed {
            guard let item else { throw error("an element is not JSON") }
            elements.append(item)
        }
        index = close + 1
        return elements
    }

    mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        if depth > JSONParser.maximumDepth {
            throw error("JSON nested more than \(JSONParser.maximumDepth) levels deep")
        }
        if depth <= 1, !locating, bytes.count - index >= Parser.parallelThreshold,
            let parallel = parseArrayInParallel(depth: depth)
        {
            return parallel
        }
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array([])
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue(depth: depth))
            skipWhitespace()
            guard index < bytes.count else {
                throw error("unexpected end of file, expected ',' or ']'")
            }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(elements)
            }
            throw error("unexpected \(describeCurrent()), expected ',' or ']'")
        }
    }

    /// Bytes left from an array near the top from which its elements are parsed on every core.
    static let parallelThreshold = 1 << 22

    /// The array at `index` parsed element by element on every core (a cassette's `interactions`):
    /// a scan finds where each element starts, each is parsed on its own, and the elements must end
    /// where the scan said. `nil`, with `index` unchanged, when the array is small or anything is
    /// not as the scan expected: the parse then runs in order and reports the error it finds.
    mutating func parseArrayInParallel(depth: Int) -> JSONValue? {
        guard let (starts, ends) = elementBounds(), starts.count >= 64, let close = ends.last else { return nil }
        let shared = SharedBytes(buffer: bytes)
        let parsed = Parallel.map(starts.count, minimumSlice: 16) { element -> (JSONValue, JSONLossiness)? in
            var parser = Parser(bytes: shared.buffer)
            parser.index = starts[element]
            guard let value = try? parser.parseValue(depth: depth) else { return nil }
            parser.skipWhitespace()
            // The element ends at the `,` (or `]`) the scan found after it.
            guard parser.index == ends[element] else { return nil }
            return (value, parser.lossiness)
        }
        var elements: [JSONValue] = []
        elements.reserveCapacity(parsed.count)
        for item in parsed {
            guard let (value, found) = item else { return nil }
            elements.append(value)
            lossiness.formUnion(found)
        }
        index = close + 1
        return .array(elements)
    }

    /// Where each element of the array at `index` starts (after blanks) and where the `,` or `]`
    /// after it is; `nil` when the array does not end.
    func elementBounds() -> (starts: [Int], ends: [Int])? {
        var starts: [Int] = []
        var ends: [Int] = []
        var cursor = index + 1
        var nesting = 0
        var expectsElement = true
        while cursor < bytes.count {
            let byte = bytes[cursor]
            if expectsElement, !(byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09) {
                if byte == UInt8(ascii: "]"), starts.isEmpty { return ([], [cursor]) }
                starts.append(cursor)
                expectsElement = false
            }
            switch byte {
            case UInt8(ascii: "\""):
                cursor += 1
                while cursor < bytes.count, bytes[cursor] != UInt8(ascii: "\"") {
                    cursor += bytes[cursor] == UInt8(ascii: "\\") ? 2 : 1
                }
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                nesting += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                if nesting == 0 {
                    guard byte == UInt8(ascii: "]"), ends.count + 1 == starts.count else { return nil }
                    ends.append(cursor)
                    return (starts, ends)
                }
                nesting -= 1
            case UInt8(ascii: ","):
                if nesting == 0 {
                    guard ends.count + 1 == starts.count else { return nil }
                    ends.append(cursor)
                    expectsElement = true
                }
            default:
                break
            }
            cursor += 1
        }
        return nil
    }

    mutating func parseString() throws(JSONSyntaxError) -> String {
        let start = index
        index += 1
        // Fast path: no escapes, so the bytes between the quotes are the string.
        var scan = index
        var ascii = true
        while scan < bytes.count {
            let byte = bytes[scan]
            if byte == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(rebasing: bytes[index..<scan])
                // ASCII is valid UTF-8 as it stands, and decoding it is the cheap path; only other
                // bytes need validating.
                let decoded = ascii ? String(decoding: slice, as: UTF8.self) : String(validating: slice, as: UTF8.self)
                guard let string = decoded else {
                    throw error("invalid UTF-8 in string", at: start)
                }
                if locating { ranges.append((start + 1)..<scan) }
                index = scan + 1
                return string
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 {
                throw error("unescaped control character in string", at: scan)
            }
            if byte >= 0x80 { ascii = false }
            scan += 1
        }
        guard scan < bytes.count else {
            throw error("unterminated string", at: start)
        }
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<scan]))
        index = scan
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                if locating { ranges.append((start + 1)..<index) }
                index += 1
                guard let string = String(validating: scratch, as: UTF8.self) else {
                    throw error("invalid UTF-8 in string", at: start)
                }
                return string
            }
            if byte < 0x20 {
                throw error("unescaped control character in string")
            }
            if byte != UInt8(ascii: "\\") {
                scratch.append(byte)
                index += 1
                continue
            }
            index += 1
            guard index < bytes.count else { break }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""): scratch.append(0x22)
            case UInt8(ascii: "\\"): scratch.append(0x5C)
            case UInt8(ascii: "/"):
                scratch.append(0x2F)
                lossiness.insert(.escapes)
            case UInt8(ascii: "b"): scratch.append(0x08)
            case UInt8(ascii: "f"): scratch.append(0x0C)
            case UInt8(ascii: "n"): scratch.append(0x0A)
            case UInt8(ascii: "r"): scratch.append(0x0D)
            case UInt8(ascii: "t"): scratch.append(0x09)
            case UInt8(ascii: "u"): try parseUnicodeEscape()
            default:
                throw error("invalid escape '\\\(Character(Unicode.Scalar(escape)))' in string", at: index - 2)
            }
        }
        throw error("unterminated string", at: start)
    }

    mutating func readHex4() throws(JSONSyntaxError) -> (value: UInt32, lowercase: Bool) {
        guard bytes.count - index >= 4 else {
            throw error("truncated \\u escape in string")
        }
        var value: UInt32 = 0
        var lowercase = true
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"):
                digit = byte - UInt8(ascii: "A") + 10
                lowercase = false
            default: throw error("invalid hex digit in \\u escape")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return (value, lowercase)
    }

    mutating func parseUnicodeEscape() throws(JSONSyntaxError) {
        let (unit, lowercase) = try readHex4()
        var scalarValue = unit
        if (0xD800...0xDBFF).contains(unit) {
            // A high surrogate must be followed by an escaped low surrogate.
            if bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                let save = index
                index += 2
                let (low, _) = try readHex4()
                if (0xDC00...0xDFFF).contains(low) {
                    scalarValue = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                } else {
                    index = save
                    scalarValue = 0xFFFD
                    lossiness.insert(.loneSurrogates)
                }
            } else {
                scalarValue = 0xFFFD
                lossiness.insert(.loneSurrogates)
            }
        } else if (0xDC00...0xDFFF).contains(unit) {
            scalarValue = 0xFFFD
            lossiness.insert(.loneSurrogates)
        }
        // The canonical writer uses \u only for control characters without a short escape.
        let writerUsesUnicodeEscape =
            scalarValue < 0x20 && scalarValue != 0x08 && scalarValue != 0x09 && scalarValue != 0x0A
            && scalarValue != 0x0C && scalarValue != 0x0D
        if !writerUsesUnicodeEscape || !lowercase {
            lossiness.insert(.escapes)
        }
        let scalar = Unicode.Scalar(scalarValue) ?? "\u{FFFD}"
        scratch.append(contentsOf: UTF8.encode(scalar)!)
    }

    mutating func parseNumber() throws(JSONSyntaxError) -> String {
        let start = index
        var negative = false
        if bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        guard index < bytes.count, isDigit(bytes[index]) else {
            throw error("invalid number, expected a digit", at: index)
        }
        var allZero = true
        let integerStart = index
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count && isDigit(bytes[index]) {
                throw error("invalid number, leading zeros are not allowed", at: start)
            }
        } else {
            while index < bytes.count && isDigit(bytes[index]) {
                if bytes[index] != UInt8(ascii: "0") { allZero = false }
                index += 1
            }
        }
        let integerDigits = index - integerStart
        var isInteger = true
        if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw error("invalid number, expected a digit after '.'", at: index)
            }
            while index < bytes.count && isDigit(bytes[index]) {
                if bytes[index] != UInt8(ascii: "0") { allZero = false }
                index += 1
            }
        }
        if index < bytes.count && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
            isInteger = false
            index += 1
            if index < bytes.count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) {
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw error("invalid number, expected a digit in the exponent", at: index)
            }
            while index < bytes.count && isDigit(bytes[index]) { index += 1 }
        }
        let literal = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        if locating { ranges.append(start..<index) }
        // Short integers other than -0 are always exact; everything else is checked in full.
        let evidentlyExact = isInteger && integerDigits <= 15 && !(negative && allZero)
        if !evidentlyExact && !JSONNumber.isLossless(literal) {
            lossiness.insert(.unsafeNumbers)
        }
        return literal
    }

    @inline(__always) func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
