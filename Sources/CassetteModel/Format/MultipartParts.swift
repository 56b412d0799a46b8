import Foundation

/// The parts of a multipart body (RFC 2046): each part's header lines and its content, between
/// the `--boundary` delimiters. What comes before the first delimiter and after the closing one
/// (`--boundary--`) is no part.
package struct MultipartParts: Sendable, Equatable {
    /// One part: its headers as written (name and value, the value without its leading blanks), and
    /// its content.
    package struct Part: Sendable, Equatable {
        package var headers: [HTTPHeader]
        package var content: Data

        package init(headers: [HTTPHeader], content: Data) {
            self.headers = headers
            self.content = content
        }

        /// The `name` parameter of the part's `Content-Disposition` header (a form field's name).
        package var name: String? { headers.value(for: "Content-Disposition").flatMap { disposition("name", of: $0) } }

        /// The `filename` parameter of the part's `Content-Disposition` header (an uploaded file).
        package var fileName: String? {
            headers.value(for: "Content-Disposition").flatMap { disposition("filename", of: $0) }
        }
    }

    /// The parameter `wanted` (lower-case) of a `Content-Disposition` value such as
    /// `form-data; name="photo"; filename="beach.png"`, without its quotes.
    package static func disposition(_ wanted: String, of value: String) -> String? {
        for parameter in value.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingASCIIWhitespace().lowercased() == wanted else { continue }
            var text = pair[1].trimmingASCIIWhitespace()
            if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") {
                text = String(text.dropFirst().dropLast())
            }
            return text
        }
        return nil
    }

    package var parts: [Part]

    /// Splits `body` at the delimiters of `boundary`; `nil` when it holds no part, or no closing
    /// delimiter.
    package init?(_ body: Data, boundary: String) {
        let bytes = [UInt8](body)
        let delimiter = Array(("--" + boundary).utf8)
        guard !boundary.isEmpty, var start = MultipartParts.find(delimiter, in: bytes, from: 0, atLineStart: true)
        else { return nil }
        var parts: [Part] = []
        while true {
            var cursor = start + delimiter.count
            if bytes[cursor...].starts(with: [0x2D, 0x2D]) { break }
            // Blanks after the delimiter, then the line break that starts the part.
            while cursor < bytes.count, bytes[cursor] == 0x20 || bytes[cursor] == 0x09 { cursor += 1 }
            guard bytes[cursor...].starts(with: [0x0D, 0x0A]) else { return nil }
            cursor += 2
            guard let next = MultipartParts.find(delimiter, in: bytes, from: cursor, atLineStart: true) else {
                return nil
            }
            // The line break before the next delimiter belongs to it.
            let end = next >= cursor + 2 ? next - 2 : cursor
            guard let part = MultipartParts.part(bytes[cursor..<end]) else { return nil }
            parts.append(part)
            start = next
        }
        guard !parts.isEmpty else { return nil }
        self.parts = parts
    }

    /// The first occurrence of `delimiter` at or after `from` that starts the body or a line.
    private static func find(_ delimiter: [UInt8], in bytes: [UInt8], from: Int, atLineStart: Bool) -> Int? {
        var index = from
        while index + delimiter.count <= bytes.count {
            if bytes[index] == delimiter[0], bytes[index..<index + delimiter.count].elementsEqual(delimiter),
                index == 0 || (index >= 2 && bytes[index - 2] == 0x0D && bytes[index - 1] == 0x0A)
            {
                return index
            }
            index += 1
        }
        return nil
    }

    /// A part's header lines and content; `nil` when a header line has no colon.
    private static func part(_ bytes: ArraySlice<UInt8>) -> Part? {
        var headers: [HTTPHeader] = []
        var cursor = bytes.startIndex
        while true {
            guard let lineEnd = lineEnd(in: bytes, from: cursor) else {
                // No blank line: no headers, all content (RFC 2046 allows a part without headers only
                // with the blank line, but some clients leave it out of an empty part).
                return headers.isEmpty ? Part(headers: [], content: Data(bytes[cursor...])) : nil
            }
            if lineEnd == cursor { return Part(headers: headers, content: Data(bytes[(cursor + 2)...])) }
            let line = bytes[cursor..<lineEnd]
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return nil }
            var valueStart = colon + 1
            while valueStart < lineEnd, bytes[valueStart] == 0x20 || bytes[valueStart] == 0x09 { valueStart += 1 }
            headers.append(
                HTTPHeader(
                    String(decoding: bytes[cursor..<colon], as: UTF8.self),
                    String(decoding: bytes[valueStart..<lineEnd], as: UTF8.self)))
            cursor = lineEnd + 2
        }
    }

    private static func lineEnd(in bytes: ArraySlice<UInt8>, from: Int) -> Int? {
        var index = from
        while index + 1 < bytes.endIndex {
            if bytes[index] == 0x0D, bytes[index + 1] == 0x0A { return index }
            index += 1
        }
        return nil
    }

    /// The body these parts make with `boundary`, in the layout clients write: each part as
    /// `--boundary`, its header lines (`Name: value`), a blank line and its content, each line
    /// ended by CRLF, then `--boundary--` and CRLF.
    package func body(boundary: String) -> Data {
        var bytes: [UInt8] = []
        let delimiter = Array(("--" + boundary).utf8)
        for part in parts {
            bytes += delimiter + [0x0D, 0x0A]
            for header in part.headers {
                bytes += Array(header.name.utf8) + [0x3A, 0x20] + Array(header.value.utf8) + [0x0D, 0x0A]
            }
            bytes += [0x0D, 0x0A]
            bytes += part.content
            bytes += [0x0D, 0x0A]
        }
        bytes += delimiter + [0x2D, 0x2D, 0x0D, 0x0A]
        return Data(bytes)
    }
}
