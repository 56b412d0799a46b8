import Foundation

/// A place in a JSON document: an object key or an array index.
public enum JSONPathComponent: Sendable, Hashable {
    case key(String)
    case index(Int)

    /// Renders a path as `interactions[2].response.status`.
    public static func text(_ path: [JSONPathComponent]) -> String {
        var text = ""
        for component in path {
            switch component {
            case .key(let key): text += text.isEmpty ? key : "." + key
            case .index(let index): text += "[\(index)]"
            }
        }
        return text.isEmpty ? "(top level)" : text
    }
}

/// A JSON value that does not fit the cassette format, with where it is.
struct SchemaError: Error {
    var path: [JSONPathComponent]
    var message: String
    var newerVersion: Int?
    /// Whether the problem is the key at the end of `path` rather than its value.
    var atKey = false

    var pathText: String { JSONPathComponent.text(path) }
}

/// Reads the members of one object of the format, refusing unknown and duplicate keys.
private struct ObjectReader {
    let members: [JSONValue.Member]
    let path: [JSONPathComponent]

    init(_ value: JSONValue, path: [JSONPathComponent], what: String, keys: [String]) throws(SchemaError) {
        guard case .object(let members) = value else {
            throw SchemaError(path: path, message: "expected \(what) (an object), found \(value.kindName)")
        }
        for (position, member) in members.enumerated() {
            if position > 0 && members[position - 1].key == member.key {
                throw SchemaError(
                    path: path + [.key(member.key)], message: "duplicate key \"\(member.key)\"", atKey: true)
            }
            if !keys.contains(member.key) {
                let expected = keys.map { "\"\($0)\"" }.joined(separator: ", ")
                throw SchemaError(
                    path: path + [.key(member.key)],
                    message: "unknown key \"\(member.key)\" in \(what); expected only \(expected)", atKey: true)
            }
        }
        self.members = members
        self.path = path
    }

    func optional(_ key: String) -> JSONValue? {
        members.first { $0.key == key }?.value
    }

    func required(_ key: String) throws(SchemaError) -> JSONValue {
        guard let value = optional(key) else {
            throw SchemaError(path: path, message: "missing required key \"\(key)\"")
        }
        return value
    }

    func string(_ key: String, nonEmpty: Bool = true) throws(SchemaError) -> String {
        try ObjectReader.string(required(key), path: path + [.key(key)], nonEmpty: nonEmpty)
    }

    func optionalString(_ key: String) throws(SchemaError) -> String? {
        guard let value = optional(key) else { return nil }
        return try ObjectReader.string(value, path: path + [.key(key)], nonEmpty: true)
    }

    static func string(_ value: JSONValue, path: [JSONPathComponent], nonEmpty: Bool) throws(SchemaError) -> String {
        guard case .string(let text) = value else {
            throw SchemaError(path: path, message: "expected a string, found \(value.kindName)")
        }
        if nonEmpty && text.isEmpty {
            throw SchemaError(path: path, message: "expected a non-empty string")
        }
        return text
    }

    func integer(_ key: String, in range: ClosedRange<Int>) throws(SchemaError) -> Int {
        let value = try required(key)
        let place = path + [.key(key)]
        guard case .number(let literal) = value else {
            throw SchemaError(path: place, message: "expected an integer, found \(value.kindName)")
        }
        guard let integer = Int(literal) else {
            throw SchemaError(path: place, message: "expected an integer, found \(literal)")
        }
        guard range.contains(integer) else {
            throw SchemaError(
                path: place,
                message: "expected an integer from \(range.lowerBound) to \(range.upperBound), found \(literal)")
        }
        return integer
    }

    func array(_ key: String) throws(SchemaError) -> [JSONValue]? {
        guard let value = optional(key) else { return nil }
        guard case .array(let elements) = value else {
            throw SchemaError(path: path + [.key(key)], message: "expected an array, found \(value.kindName)")
        }
        return elements
    }

    func headers(_ key: String = "headers") throws(SchemaError) -> [HTTPHeader] {
        guard let elements = try array(key) else { return [] }
        var headers: [HTTPHeader] = []
        headers.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            let reader = try ObjectReader(
                element, path: path + [.key(key), .index(index)], what: "a header", keys: ["name", "value"])
            headers.append(HTTPHeader(try reader.string("name"), try reader.string("value", nonEmpty: false)))
        }
        return headers
    }

    /// The body's bytes, and how the file stored it when that is the canonical choice.
    func body(contentType: String?) throws(SchemaError) -> (bytes: Data, storedForm: StoredBody?)? {
        guard let value = optional("body") else { return nil }
        let place = path + [.key("body")]
        let reader = try ObjectReader(value, path: place, what: "a body", keys: ["base64", "json", "text"])
        guard reader.members.count == 1, let member = reader.members.first else {
            throw SchemaError(path: place, message: "expected exactly one of \"json\", \"text\" or \"base64\"")
        }
        let stored: StoredBody
        switch member.key {
        case "json": stored = .json(member.value)
        case "text":
            stored = .text(try ObjectReader.string(member.value, path: place + [.key("text")], nonEmpty: false))
        default:
            stored = .base64(try ObjectReader.string(member.value, path: place + [.key("base64")], nonEmpty: false))
        }
        do {
            let bytes = try stored.bytes()
            if bytes.isEmpty { return nil }
            return (bytes, StoredBody.confirms(stored, bytes: bytes, contentType: contentType) ? stored : nil)
        } catch {
            throw SchemaError(path: place + [.key("base64")], message: "expected valid base64")
        }
    }
}

extension CassetteDocument {
    init(json: JSONValue) throws(SchemaError) {
        let top = try ObjectReader(json, path: [], what: "a cassette", keys: ["interactions", "version"])
        // The version comes first: a newer file may not fit this version's rules at all.
        let version = try top.integer("version", in: 1...Int.max)
        if version > CassetteDocument.formatVersion {
            throw SchemaError(path: [.key("version")], message: "newer format version", newerVersion: version)
        }
        guard let elements = try top.array("interactions") else {
            throw SchemaError(path: [], message: "missing required key \"interactions\"")
        }
        var interactions: [Interaction] = []
        interactions.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            interactions.append(try Interaction(json: element, path: [.key("interactions"), .index(index)]))
        }
        self.init(interactions: interactions)
    }

    /// The document as the JSON value the canonical writer prints.
    public var jsonValue: JSONValue {
        .object([
            .init("interactions", .array(interactions.map(\.jsonValue))),
            .init("version", .integer(CassetteDocument.formatVersion)),
        ])
    }
}

extension Interaction {
    init(json: JSONValue, path: [JSONPathComponent]) throws(SchemaError) {
        let reader = try ObjectReader(
            json, path: path, what: "an interaction", keys: ["error", "redirects", "request", "response"])
        let request = try RecordedRequest(json: reader.required("request"), path: path + [.key("request")])
        var redirects: [RedirectHop] = []
        for (index, hop) in (try reader.array("redirects") ?? []).enumerated() {
            redirects.append(try RedirectHop(json: hop, path: path + [.key("redirects"), .index(index)]))
        }
        let outcome: Outcome
        switch (reader.optional("response"), reader.optional("error")) {
        case (let response?, nil):
            outcome = .response(try RecordedResponse(json: response, path: path + [.key("response")]))
        case (nil, let error?):
            let errorReader = try ObjectReader(
                error, path: path + [.key("error")], what: "a transport error", keys: ["code"])
            outcome = .failure(
                TransportError(code: try errorReader.integer("code", in: Int(Int32.min)...Int(Int32.max))))
        case (nil, nil):
            throw SchemaError(path: path, message: "expected a \"response\" or an \"error\", found neither")
        case (_?, _?):
            throw SchemaError(path: path, message: "expected a \"response\" or an \"error\", found both")
        }
        self.init(request: request, redirects: redirects, outcome: outcome)
    }

    var jsonValue: JSONValue {
        var members: [JSONValue.Member] = []
        switch outcome {
        case .response(let response): members.append(.init("response", response.jsonValue))
        case .failure(let error): members.append(.init("error", .object([.init("code", .integer(error.code))])))
        }
        if !redirects.isEmpty { members.append(.init("redirects", .array(redirects.map(\.jsonValue)))) }
        members.append(.init("request", request.jsonValue))
        return .object(sorting: members)
    }
}

private func headersValue(_ headers: [HTTPHeader]) -> JSONValue {
    .array(headers.map { .object([.init("name", .string($0.name)), .init("value", .string($0.value))]) })
}

private func bodyMember(_ body: Data?, storedForm: StoredBody?, headers: [HTTPHeader]) -> [JSONValue.Member] {
    guard let body, !body.isEmpty else { return [] }
    let stored = storedForm ?? StoredBody(bytes: body, contentType: headers.value(for: "Content-Type"))
    return [.init("body", stored.jsonValue)]
}

extension RecordedRequest {
    init(json: JSONValue, path: [JSONPathComponent]) throws(SchemaError) {
        let reader = try ObjectReader(json, path: path, what: "a request", keys: ["body", "headers", "method", "url"])
        let headers = try reader.headers()
        let body = try reader.body(contentType: headers.value(for: "Content-Type"))
        self.init(
            method: try reader.string("method"), url: try reader.string("url"), headers: headers, body: body?.bytes)
        storedForm = body?.storedForm
    }

    var jsonValue: JSONValue {
        var members = bodyMember(body, storedForm: storedForm, headers: headers)
        if !headers.isEmpty { members.append(.init("headers", headersValue(headers))) }
        members.append(.init("method", .string(method)))
        members.append(.init("url", .string(url)))
        return .object(sorting: members)
    }
}

extension RecordedResponse {
    init(json: JSONValue, path: [JSONPathComponent]) throws(SchemaError) {
        let reader = try ObjectReader(
            json, path: path, what: "a response", keys: ["body", "headers", "status", "url"])
        let headers = try reader.headers()
        let body = try reader.body(contentType: headers.value(for: "Content-Type"))
        self.init(
            status: try reader.integer("status", in: 100...999), url: try reader.optionalString("url"),
            headers: headers, body: body?.bytes)
        storedForm = body?.storedForm
    }

    var jsonValue: JSONValue {
        var members = bodyMember(body, storedForm: storedForm, headers: headers)
        if !headers.isEmpty { members.append(.init("headers", headersValue(headers))) }
        members.append(.init("status", .integer(status)))
        if let url { members.append(.init("url", .string(url))) }
        return .object(sorting: members)
    }
}

extension RedirectHop {
    init(json: JSONValue, path: [JSONPathComponent]) throws(SchemaError) {
        let reader = try ObjectReader(
            json, path: path, what: "a redirect hop", keys: ["headers", "method", "status", "url"])
        self.init(
            method: try reader.string("method"), url: try reader.string("url"),
            status: try reader.integer("status", in: 300...399), headers: try reader.headers())
    }

    var jsonValue: JSONValue {
        var members: [JSONValue.Member] = []
        if !headers.isEmpty { members.append(.init("headers", headersValue(headers))) }
        members.append(.init("method", .string(method)))
        members.append(.init("status", .integer(status)))
        members.append(.init("url", .string(url)))
        return .object(sorting: members)
    }
}
