import Foundation

/// A multipart body (`multipart/form-data` and the other `multipart/*` types) as a cassette stores
/// it: its boundary and its parts, each with its header lines and its content stored the way that
/// reads best (``StoredBody``: JSON, text, or base64 for a file's bytes), so that a reviewer reads
/// the fields of a form and the names of its files in a diff.
///
/// Used only where the parts give back the body byte for byte (``MultipartParts/body(boundary:)``'s
/// layout, which clients write, and part contents each stored exactly); any other multipart body is
/// stored as text or base64, as before.
package struct StoredMultipart: Sendable, Equatable {
    package var boundary: String
    package var parts: [Part]

    /// One part as stored.
    package struct Part: Sendable, Equatable {
        package var headers: [HTTPHeader]
        package var body: StoredBody
    }

    /// The stored form of `body`, a multipart body by `contentType`; `nil` when it is none, or when
    /// its parts would not give back exactly these bytes.
    package init?(bytes body: Data, contentType: String?) {
        guard let contentType else { return nil }
        let mediaType = MediaType(contentType)
        guard mediaType.isMultipart, let boundary = mediaType.parameter("boundary"), !boundary.isEmpty,
            let split = MultipartParts(body, boundary: boundary), split.body(boundary: boundary) == body
        else { return nil }
        var parts: [Part] = []
        for part in split.parts {
            guard
                let stored = StoredMultipart.exactForm(
                    of: part.content, contentType: part.headers.value(for: "Content-Type"))
            else { return nil }
            parts.append(Part(headers: part.headers, body: stored))
        }
        self.boundary = boundary
        self.parts = parts
    }

    private init(boundary: String, parts: [Part]) {
        self.boundary = boundary
        self.parts = parts
    }

    /// How a part's content is stored: as ``StoredBody`` chooses, when that gives back these bytes
    /// (JSON that is already compact, text, base64), else as text or base64.
    private static func exactForm(of content: Data, contentType: String?) -> StoredBody? {
        let chosen = StoredBody(bytes: content, contentType: contentType)
        if (try? chosen.bytes()) == content { return chosen }
        if let text = StoredBody.plainText(content), contentType.map(MediaType.init)?.isDeclaredBinary != true {
            return .text(text)
        }
        return .base64(content.base64EncodedString())
    }

    /// The body's bytes.
    package func bytes() throws(BodyDecodingError) -> Data {
        var split: [MultipartParts.Part] = []
        for part in parts { split.append(MultipartParts.Part(headers: part.headers, content: try part.body.bytes())) }
        return MultipartParts(parts: split).body(boundary: boundary)
    }

    /// `{"boundary": ..., "parts": [{"body": {...}, "headers": [...]}]}`: the member `multipart` of
    /// a body's object.
    package var jsonValue: JSONValue {
        .object([
            .init("boundary", .string(boundary)),
            .init(
                "parts",
                .array(
                    parts.map { part in
                        var members = [JSONValue.Member("body", part.body.jsonValue)]
                        if !part.headers.isEmpty {
                            members.append(.init("headers", HTTPHeader.jsonValue(part.headers)))
                        }
                        return .object(members)
                    })),
        ])
    }

    /// Reads the `multipart` member of a body's object at `path`.
    package init(json: JSONValue, path: [JSONPathComponent]) throws(JSONShapeError) {
        let reader = try JSONObjectReader(json, path: path, what: "a multipart body", keys: ["boundary", "parts"])
        let boundary = try reader.string("boundary")
        guard let elements = try reader.array("parts"), !elements.isEmpty else {
            throw JSONShapeError(path: path + [.key("parts")], message: "expected a non-empty array of parts")
        }
        var parts: [Part] = []
        for (index, element) in elements.enumerated() {
            let place = path + [.key("parts"), .index(index)]
            let part = try JSONObjectReader(element, path: place, what: "a multipart part", keys: ["body", "headers"])
            parts.append(
                Part(
                    headers: try part.headers(),
                    body: try StoredBody(json: part.required("body"), path: place + [.key("body")])))
        }
        self.init(boundary: boundary, parts: parts)
    }
}

extension MultipartParts {
    /// Parts as given.
    package init(parts: [Part]) {
        self.parts = parts
    }
}
