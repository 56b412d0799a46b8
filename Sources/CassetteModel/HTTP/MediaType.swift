/// The parts of a `Content-Type` value that body handling looks at.
package struct MediaType: Sendable, Equatable {
    /// `type/subtype`, lower-cased, without parameters.
    package var essence: String
    /// Parameters with lower-cased names, in order, with quotes removed from values.
    package var parameters: [(name: String, value: String)]

    package init(_ headerValue: String) {
        // One pass over the bytes: bodies ask for their media type many times while being stored,
        // sniffed and scrubbed, and splitting by `Character` was a measurable part of that.
        var essence = ""
        var parameters: [(name: String, value: String)] = []
        var utf8 = headerValue.utf8[...]
        var first = true
        while true {
            let end = utf8.firstIndex(of: UInt8(ascii: ";")) ?? utf8.endIndex
            let part = utf8[utf8.startIndex..<end]
            if first {
                essence = MediaType.lowercased(MediaType.trimmed(part))
                first = false
            } else if let equals = part.firstIndex(of: UInt8(ascii: "=")) {
                let name = MediaType.lowercased(MediaType.trimmed(part[part.startIndex..<equals]))
                var value = MediaType.trimmed(part[part.index(after: equals)...])
                if value.count >= 2, value.first == UInt8(ascii: "\""), value.last == UInt8(ascii: "\"") {
                    value = value.dropFirst().dropLast()
                }
                parameters.append((name, String(Substring(value))))
            }
            guard end < utf8.endIndex else { break }
            utf8 = utf8[utf8.index(after: end)...]
        }
        self.essence = essence
        self.parameters = parameters
    }

    /// `bytes` without the spaces and tabs around them.
    private static func trimmed(_ bytes: Substring.UTF8View) -> Substring.UTF8View {
        var slice = bytes
        while let first = slice.first, first == 0x20 || first == 0x09 { slice = slice.dropFirst() }
        while let last = slice.last, last == 0x20 || last == 0x09 { slice = slice.dropLast() }
        return slice
    }

    /// `bytes` as a string with its ASCII letters lower-cased (a media type's name is ASCII).
    private static func lowercased(_ bytes: Substring.UTF8View) -> String {
        guard bytes.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) else { return String(Substring(bytes)) }
        return String(decoding: bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 32 : $0 }, as: UTF8.self)
    }

    package static func == (lhs: MediaType, rhs: MediaType) -> Bool {
        lhs.essence == rhs.essence && lhs.parameters.elementsEqual(rhs.parameters) { $0 == $1 }
    }

    /// The value of a parameter, by lower-case name.
    package func parameter(_ name: String) -> String? {
        parameters.first { $0.name == name }?.value
    }

    /// `application/json`, `text/json`, or any `+json` structured syntax suffix.
    package var isJSON: Bool {
        essence == "application/json" || essence == "text/json" || essence.hasSuffix("+json")
    }

    package var isFormURLEncoded: Bool { essence == "application/x-www-form-urlencoded" }

    package var isMultipart: Bool { essence.hasPrefix("multipart/") }

    /// `multipart/form-data`, whose parts are named fields.
    package var isFormData: Bool { essence == "multipart/form-data" }

    /// Types whose bodies are text by declaration: `text/*`, XML, HTML, JavaScript, JSON, YAML.
    package var isTextual: Bool {
        essence.hasPrefix("text/") || isJSON || essence.hasSuffix("+xml") || essence.hasSuffix("/xml")
            || essence.hasSuffix("javascript") || essence.hasSuffix("yaml") || essence == "application/xhtml+xml"
    }

    /// Types whose bodies are binary by declaration, whatever bytes they hold.
    package var isDeclaredBinary: Bool {
        MediaType.binaryTypes.contains(essence) || MediaType.binaryPrefixes.contains { essence.hasPrefix($0) }
    }

    private static let binaryPrefixes = ["image/", "audio/", "video/", "font/"]
    private static let binaryTypes: Set = [
        "application/octet-stream", "application/zip", "application/gzip", "application/pdf",
        "application/x-protobuf", "application/protobuf", "application/grpc", "application/msgpack",
        "application/x-msgpack", "application/cbor",
    ]
}
