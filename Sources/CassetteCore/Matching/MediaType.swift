/// The parts of a `Content-Type` value that body handling looks at.
package struct MediaType: Sendable, Equatable {
    /// `type/subtype`, lower-cased, without parameters.
    package var essence: String
    /// Parameters with lower-cased names, in order, with quotes removed from values.
    package var parameters: [(name: String, value: String)]

    package init(_ headerValue: String) {
        let parts = headerValue.split(separator: ";", omittingEmptySubsequences: false)
        essence = parts.first.map { $0.trimmingASCIIWhitespace().lowercased() } ?? ""
        parameters = parts.dropFirst().compactMap { part in
            guard let equals = part.firstIndex(of: "=") else { return nil }
            let name = part[..<equals].trimmingASCIIWhitespace().lowercased()
            var value = part[part.index(after: equals)...].trimmingASCIIWhitespace()
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                value = String(value.dropFirst().dropLast())
            }
            return (name, value)
        }
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
        let binaryPrefixes = ["image/", "audio/", "video/", "font/"]
        let binaryTypes: Set = [
            "application/octet-stream", "application/zip", "application/gzip", "application/pdf",
            "application/x-protobuf", "application/protobuf", "application/grpc", "application/msgpack",
            "application/x-msgpack", "application/cbor",
        ]
        return binaryTypes.contains(essence) || binaryPrefixes.contains { essence.hasPrefix($0) }
    }
}

extension StringProtocol {
    func trimmingASCIIWhitespace() -> String {
        var slice = Substring(self)
        while let first = slice.first, first == " " || first == "\t" { slice = slice.dropFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice = slice.dropLast() }
        return String(slice)
    }
}
