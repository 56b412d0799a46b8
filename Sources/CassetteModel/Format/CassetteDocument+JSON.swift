import Foundation

/// The format's own value shapes, read with the package's one object reader.
extension JSONObjectReader {
    package func headers(_ key: String = "headers") throws(JSONShapeError) -> [HTTPHeader] {
        guard let elements = try array(key) else { return [] }
        var headers: [HTTPHeader] = []
        headers.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            // The common case without a reader (whose path would be built for every header); any
            // other shape goes through the reader, for its error.
            if case .object(let members) = element, members.count == 2, members[0].key == "name",
                members[1].key == "value", case .string(let name) = members[0].value, !name.isEmpty,
                case .string(let value) = members[1].value
            {
                headers.append(HTTPHeader(name, value))
                continue
            }
            let reader = try JSONObjectReader(
                element, path: path + [.key(key), .index(index)], what: "a header", keys: ["name", "value"])
            headers.append(HTTPHeader(try reader.string("name"), try reader.string("value", nonEmpty: false)))
        }
        return headers
    }

    /// A request's or response's object: its reader, its headers and its body (``body(contentType:)``),
    /// with `keys` the members it has besides `body` and `headers`.
    fileprivate static func message(
        _ json: JSONValue, _ path: [JSONPathComponent], _ what: String, keys: [String]
    ) throws(JSONShapeError) -> (JSONObjectReader, [HTTPHeader], (bytes: Data, storedForm: StoredBody?)?) {
        let reader = try JSONObjectReader(json, path: path, what: what, keys: ["body", "headers"] + keys)
        let headers = try reader.headers()
        return (reader, headers, try reader.body(contentType: headers.value(for: "Content-Type")))
    }

    /// The body's bytes, and how the file stored it when that is the canonical choice.
    fileprivate func body(contentType: String?) throws(JSONShapeError) -> (bytes: Data, storedForm: StoredBody?)? {
        guard let value = optional("body") else { return nil }
        let place = path + [.key("body")]
        if case .object(let members) = value, members.count == 1, members[0].key == "multipart" {
            let multipart = try StoredMultipart(json: members[0].value, path: place + [.key("multipart")])
            do {
                let bytes = try multipart.bytes()
                return bytes.isEmpty ? nil : (bytes, nil)
            } catch {
                throw JSONShapeError(path: place + [.key("multipart")], message: "expected valid base64 in every part")
            }
        }
        let stored = try StoredBody(json: value, path: place, allowing: ["multipart"])
        do {
            let bytes = try stored.bytes()
            if bytes.isEmpty { return nil }
            return (bytes, StoredBody.confirms(stored, bytes: bytes, contentType: contentType) ? stored : nil)
        } catch {
            throw JSONShapeError(path: place + [.key("base64")], message: "expected valid base64")
        }
    }
}

extension StoredBody {
    /// Reads a body's object at `path`: exactly one of `json`, `text` or `base64` (and of the
    /// members `allowing` names, which the caller reads itself).
    package init(json value: JSONValue, path place: [JSONPathComponent], allowing others: [String] = [])
        throws(JSONShapeError)
    {
        let keys = ["base64", "json", "text"]
        let reader = try JSONObjectReader(value, path: place, what: "a body", keys: (keys + others).sorted())
        guard reader.members.count == 1, let member = reader.members.first else {
            let names = (["json", "text", "base64"] + others).map { "\"\($0)\"" }
            let list = names.dropLast().joined(separator: ", ") + " or " + names.last!
            throw JSONShapeError(path: place, message: "expected exactly one of \(list)")
        }
        switch member.key {
        case "json": self = .json(member.value)
        case "text":
            self = .text(try JSONObjectReader.string(member.value, path: place + [.key("text")], nonEmpty: false))
        default:
            let text = try JSONObjectReader.string(member.value, path: place + [.key("base64")], nonEmpty: false)
            guard Data(base64Encoded: text) != nil else {
                throw JSONShapeError(path: place + [.key("base64")], message: "expected valid base64")
            }
            self = .base64(text)
        }
    }
}

extension CassetteDocument {
    /// The format version a cassette's JSON says it has, read before anything else: a file of a
    /// newer version may not fit this version's rules at all.
    static func formatVersion(of json: JSONValue) throws(JSONShapeError) -> Int {
        guard case .object = json else {
            throw JSONShapeError(path: [], message: "expected a cassette (an object), found \(json.kindName)")
        }
        guard let version = json["version"] else {
            throw JSONShapeError(path: [], message: "missing required key \"version\"")
        }
        return try JSONObjectReader.integer(version, path: [.key("version")], in: 1...Int.max)
    }

    /// Reads a cassette of this format version.
    init(json: JSONValue) throws(JSONShapeError) {
        self.init(interactions: try Interaction.read(CassetteDocument.checkTop(json)))
    }

    /// The elements of the cassette object's `interactions` array, once the object is checked to
    /// hold only its keys.
    @discardableResult
    static func checkTop(_ json: JSONValue) throws(JSONShapeError) -> [JSONValue] {
        let top = try JSONObjectReader(json, path: [], what: "a cassette", keys: ["interactions", "version"])
        guard let elements = try top.array("interactions") else {
            throw JSONShapeError(path: [], message: "missing required key \"interactions\"")
        }
        return elements
    }

    /// The document as the JSON value the canonical writer prints.
    package var jsonValue: JSONValue {
        .object([
            .init("interactions", .array(interactions.map(\.jsonValue))),
            .init("version", .integer(CassetteDocument.formatVersion)),
        ])
    }
}

extension Interaction {
    /// The interactions of a cassette's `interactions` array; the error is the first element's
    /// that has one. (A well-formed file is read element by element, on every core, by
    /// ``CassetteDocument/decode(_:path:keepingStoredForms:)``; this reads what that cannot.)
    static func read(_ elements: [JSONValue]) throws(JSONShapeError) -> [Interaction] {
        var interactions: [Interaction] = []
        interactions.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            interactions.append(try Interaction(json: element, path: [.key("interactions"), .index(index)]))
        }
        return interactions
    }

    init(json: JSONValue, path: [JSONPathComponent]) throws(JSONShapeError) {
        let reader = try JSONObjectReader(
            json, path: path, what: "an interaction", keys: ["error", "recorded", "redirects", "request", "response"])
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
            let errorReader = try JSONObjectReader(
                error, path: path + [.key("error")], what: "a transport error", keys: ["code"])
            outcome = .failure(
                TransportError(code: try errorReader.integer("code", in: Int(Int32.min)...Int(Int32.max))))
        case (nil, nil):
            throw JSONShapeError(path: path, message: "expected a \"response\" or an \"error\", found neither")
        case (_?, _?):
            throw JSONShapeError(path: path, message: "expected a \"response\" or an \"error\", found both")
        }
        let recorded = try reader.optionalString("recorded")
        if let recorded, !RecordingDay.isValid(recorded) {
            throw JSONShapeError(
                path: path + [.key("recorded")],
                message: "expected a UTC date like \"2026-12-01\", found \"\(recorded)\"")
        }
        self.init(request: request, redirects: redirects, outcome: outcome, recorded: recorded)
    }

    var jsonValue: JSONValue {
        var members: [JSONValue.Member] = []
        switch outcome {
        case .response(let response): members.append(.init("response", response.jsonValue))
        case .failure(let error): members.append(.init("error", .object([.init("code", .integer(error.code))])))
        }
        if let recorded { members.append(.init("recorded", .string(recorded))) }
        if !redirects.isEmpty { members.append(.init("redirects", .array(redirects.map(\.jsonValue)))) }
        members.append(.init("request", request.jsonValue))
        return .object(sorting: members)
    }
}

extension HTTPHeader {
    /// Header fields as a cassette stores them: an array of `{"name": ..., "value": ...}`.
    package static func jsonValue(_ headers: [HTTPHeader]) -> JSONValue {
        .array(headers.map { .object([.init("name", .string($0.name)), .init("value", .string($0.value))]) })
    }
}

extension HTTPMessage {
    /// The `body` and `headers` members of a request's or response's object, when they have any.
    fileprivate var messageMembers: [JSONValue.Member] {
        var members: [JSONValue.Member] = []
        if let body, !body.isEmpty {
            let contentType = headers.value(for: "Content-Type")
            if let stored = storedForm {
                members.append(.init("body", stored.jsonValue))
            } else if let multipart = StoredMultipart(bytes: body, contentType: contentType) {
                members.append(.init("body", .object([.init("multipart", multipart.jsonValue)])))
            } else {
                members.append(.init("body", StoredBody(bytes: body, contentType: contentType).jsonValue))
            }
        }
        if !headers.isEmpty { members.append(.init("headers", HTTPHeader.jsonValue(headers))) }
        return members
    }
}

extension RecordedRequest {
    init(json: JSONValue, path: [JSONPathComponent]) throws(JSONShapeError) {
        let (reader, headers, body) = try JSONObjectReader.message(json, path, "a request", keys: ["method", "url"])
        self.init(
            method: try reader.string("method"), url: try reader.string("url"), headers: headers, body: body?.bytes)
        storedForm = body?.storedForm
    }

    var jsonValue: JSONValue {
        var members = messageMembers
        members.append(.init("method", .string(method)))
        members.append(.init("url", .string(url)))
        return .object(sorting: members)
    }
}

extension RecordedResponse {
    init(json: JSONValue, path: [JSONPathComponent]) throws(JSONShapeError) {
        let (reader, headers, body) = try JSONObjectReader.message(
            json, path, "a response", keys: ["status", "stream", "url"])
        let status = try reader.integer("status", in: 100...999)
        let url = try reader.optionalString("url")
        if let streamed = reader.optional("stream") {
            guard body == nil, reader.optional("body") == nil else {
                throw JSONShapeError(
                    path: path + [.key("stream")],
                    message: "expected a \"body\" or a \"stream\", found both (a stream's body is its chunks)")
            }
            self.init(
                status: status, url: url, headers: headers,
                stream: try ResponseStream(json: streamed, path: path + [.key("stream")]))
            return
        }
        self.init(status: status, url: url, headers: headers, body: body?.bytes)
        storedForm = body?.storedForm
    }

    var jsonValue: JSONValue {
        var members: [JSONValue.Member]
        if let stream {
            members = []
            if !headers.isEmpty { members.append(.init("headers", HTTPHeader.jsonValue(headers))) }
            members.append(.init("stream", stream.jsonValue(contentType: headers.value(for: "Content-Type"))))
        } else {
            members = messageMembers
        }
        members.append(.init("status", .integer(status)))
        if let url { members.append(.init("url", .string(url))) }
        return .object(sorting: members)
    }
}

extension RedirectHop {
    init(json: JSONValue, path: [JSONPathComponent]) throws(JSONShapeError) {
        let reader = try JSONObjectReader(
            json, path: path, what: "a redirect hop", keys: ["headers", "method", "status", "url"])
        self.init(
            method: try reader.string("method"), url: try reader.string("url"),
            status: try reader.integer("status", in: 300...399), headers: try reader.headers())
    }

    var jsonValue: JSONValue {
        var members: [JSONValue.Member] = []
        if !headers.isEmpty { members.append(.init("headers", HTTPHeader.jsonValue(headers))) }
        members.append(.init("method", .string(method)))
        members.append(.init("status", .integer(status)))
        members.append(.init("url", .string(url)))
        return .object(sorting: members)
    }
}
