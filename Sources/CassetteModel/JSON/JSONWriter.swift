/// Writes ``JSONValue``s in the project's one canonical spelling.
///
/// Keys come out in the order the value holds them (code point order for every value the codec
/// builds), strings escape only what JSON requires, slashes and non-ASCII characters are written as
/// they are, and numbers keep their literal. The pretty style indents by two spaces, writes
/// `"key": value`, and ends lines with LF.
package struct JSONWriter {
    /// The layout of the written text.
    package enum Style: Sendable {
        /// No whitespace at all: used for served bodies and the body hash.
        case compact
        /// Two-space indentation, one member or element per line: used for cassette files.
        case pretty
    }

    /// Whether numbers are rewritten in their canonical spelling (``JSONNumber/canonical(_:)``).
    package var canonicalNumbers = false
    package var style: Style
    private(set) var output: [UInt8] = []

    package init(style: Style, canonicalNumbers: Bool = false) {
        self.style = style
        self.canonicalNumbers = canonicalNumbers
    }

    /// The bytes of one value in the given style, with no trailing newline.
    package static func bytes(of value: JSONValue, style: Style) -> [UInt8] {
        var writer = JSONWriter(style: style)
        writer.write(value)
        return writer.output
    }

    /// Reserves room for `capacity` bytes of output.
    package mutating func reserveCapacity(_ capacity: Int) {
        output.reserveCapacity(capacity)
    }

    /// Appends a value to the output.
    package mutating func write(_ value: JSONValue) {
        write(value, indent: 0)
    }

    /// Appends a value as it is written nested `indent` spaces deep: lines after the first are
    /// indented by that much more, as when the value is an element of an enclosing value.
    package mutating func write(_ value: JSONValue, nestedBy indent: Int) {
        write(value, indent: indent)
    }

    /// Takes the output, leaving the writer empty.
    package mutating func takeOutput() -> [UInt8] {
        defer { output = [] }
        return output
    }

    private mutating func newline(_ indent: Int) {
        output.append(0x0A)
        for _ in 0..<indent { output.append(0x20) }
    }

    private mutating func write(_ value: JSONValue, indent: Int) {
        switch value {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let literal):
            output.append(contentsOf: (canonicalNumbers ? JSONNumber.canonical(literal) : literal).utf8)
        case .string(let string): writeString(string)
        case .array(let elements):
            guard !elements.isEmpty else {
                output.append(contentsOf: "[]".utf8)
                return
            }
            output.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                if style == .pretty { newline(indent + 2) }
                write(element, indent: indent + 2)
            }
            if style == .pretty { newline(indent) }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            guard !members.isEmpty else {
                output.append(contentsOf: "{}".utf8)
                return
            }
            output.append(UInt8(ascii: "{"))
            for (position, member) in members.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                if style == .pretty { newline(indent + 2) }
                writeString(member.key)
                output.append(UInt8(ascii: ":"))
                if style == .pretty { output.append(0x20) }
                write(member.value, indent: indent + 2)
            }
            if style == .pretty { newline(indent) }
            output.append(UInt8(ascii: "}"))
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Appends a JSON string literal: `"` and `\` escaped, control characters as their short
    /// escape or `\u00xx`, everything else as UTF-8.
    package mutating func writeString(_ string: String) {
        output.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { bytes in
            var runStart = 0
            for index in 0..<bytes.count {
                let byte = bytes[index]
                guard byte < 0x20 || byte == 0x22 || byte == 0x5C else { continue }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                runStart = index + 1
                output.append(UInt8(ascii: "\\"))
                switch byte {
                case 0x22: output.append(0x22)
                case 0x5C: output.append(0x5C)
                case 0x08: output.append(UInt8(ascii: "b"))
                case 0x0C: output.append(UInt8(ascii: "f"))
                case 0x0A: output.append(UInt8(ascii: "n"))
                case 0x0D: output.append(UInt8(ascii: "r"))
                case 0x09: output.append(UInt8(ascii: "t"))
                default:
                    output.append(contentsOf: "u00".utf8)
                    output.append(JSONWriter.hexDigits[Int(byte >> 4)])
                    output.append(JSONWriter.hexDigits[Int(byte & 0xF)])
                }
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
        }
        output.append(UInt8(ascii: "\""))
    }
}
