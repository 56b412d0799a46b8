import Foundation

extension ScrubEngine {
    /// Every location of a document, in document order.
    mutating func walk(_ document: CassetteDocument) -> CassetteDocument {
        var result = document
        for (index, interaction) in document.interactions.enumerated() {
            result.interactions[index] = walk(interaction, path: [.key("interactions"), .index(index)])
        }
        return result
    }

    /// Request, redirects, then response.
    mutating func walk(_ interaction: Interaction, path: [JSONPathComponent]) -> Interaction {
        var result = interaction
        result.request = walk(interaction.request, path: path + [.key("request")])
        for (index, hop) in interaction.redirects.enumerated() {
            let place = path + [.key("redirects"), .index(index)]
            result.redirects[index].url = processURL(hop.url, path: place + [.key("url")])
            result.redirects[index].headers = walk(hop.headers, path: place)
        }
        if case .response(let response) = interaction.outcome {
            let place = path + [.key("response")]
            var scrubbed = response
            scrubbed.url = response.url.map { processURL($0, path: place + [.key("url")]) }
            scrubbed.headers = walk(response.headers, path: place)
            scrubbed.body = walkBody(
                response.body, storedForm: response.storedForm, headers: response.headers, path: place + [.key("body")])
            result.outcome = .response(scrubbed)
        }
        return result
    }

    /// URL, headers, then body.
    mutating func walk(_ request: RecordedRequest, path: [JSONPathComponent]) -> RecordedRequest {
        var result = request
        result.url = processURL(request.url, path: path + [.key("url")])
        result.headers = walk(request.headers, path: path)
        result.body = walkBody(
            request.body, storedForm: request.storedForm, headers: request.headers, path: path + [.key("body")])
        return result
    }

    mutating func processURL(_ url: String, path: [JSONPathComponent]) -> String {
        let bytes = Array(url.utf8)
        return process(url, spans: urlSpans(bytes, 0..<bytes.count), path: path, embeddedURLs: false)
    }

    /// Header values, each by the rule its name calls for.
    mutating func walk(_ headers: [HTTPHeader], path: [JSONPathComponent]) -> [HTTPHeader] {
        var result = headers
        for (index, header) in headers.enumerated() {
            let place = path + [.key("headers"), .index(index), .key("value")]
            result[index].value = processHeader(header, path: place)
        }
        return result
    }

    mutating func processHeader(_ header: HTTPHeader, path: [JSONPathComponent]) -> String {
        let value = header.value
        switch ScrubHeaderStructure.of(header.name) {
        case .credentials:
            let spans = rules.isEnabled(.authorization) ? credentialSpans(value, header: header.name) : []
            return process(value, spans: spans, path: path)
        case .cookies(let allPairs):
            let spans = rules.isEnabled(.cookie) ? cookieSpans(value, allPairs: allPairs) : []
            return process(value, spans: spans, path: path)
        case .url:
            return processURL(value, path: path)
        case nil:
            if rules.isEnabled(.secretHeader), isSecretName(header.name, in: .header) {
                let span = Span(
                    range: 0..<value.utf8.count, secret: value, rule: rules.spec(.secretHeader),
                    summary: "value of header \(header.name)")
                return process(value, spans: [span], path: path)
            }
            return process(value, path: path)
        }
    }

    /// A body, kept in the storage class the cassette gives it: JSON scrubbed structurally and
    /// re-encoded only when something changed, text textually, base64 left as it is.
    mutating func walkBody(_ body: Data?, storedForm: StoredBody?, headers: [HTTPHeader], path: [JSONPathComponent])
        -> Data?
    {
        guard let body, !body.isEmpty else { return body }
        let contentType = headers.value(for: "Content-Type")
        let stored: StoredBody
        if phase == .collect {
            stored = storedForm ?? StoredBody(bytes: body, contentType: contentType)
            bodies.append(stored)
        } else {
            stored = bodies[nextBody]
            nextBody += 1
        }
        switch stored {
        case .json(let value):
            let scrubbed = walkJSON(value, path: path + [.key("json")], bodyPath: [], secretName: nil)
            guard phase == .replace, scrubbed != value else { return body }
            return Data(JSONWriter.bytes(of: scrubbed, style: .compact))
        case .text(let text):
            let mediaType = contentType.map(MediaType.init)
            var spans: [Span] = []
            if let mediaType, mediaType.isFormURLEncoded, rules.isEnabled(.secretField) {
                let bytes = Array(text.utf8)
                spans = itemSpans(
                    bytes, 0..<bytes.count, context: .formField, rule: rules.spec(.secretField), what: "form field")
            } else if let mediaType, mediaType.isMultipart, let boundary = mediaType.parameter("boundary"),
                !boundary.isEmpty,
                rules.isEnabled(.secretField)
            {
                spans = multipartSpans(text, boundary: boundary)
            } else if rules.isEnabled(.secretField), StoredBody.mayBeJSON(body, mediaType: mediaType) {
                spans = jsonTextSpans(text)
            }
            let scrubbed = process(text, spans: spans, path: path + [.key("text")])
            return scrubbed == text ? body : Data(scrubbed.utf8)
        case .base64:
            return body
        }
    }

    /// The path of a value inside `path`. Paths name findings, and the first pass records none, so
    /// it skips building them: a body's JSON has many nodes.
    private func place(_ path: [JSONPathComponent], _ component: JSONPathComponent) -> [JSONPathComponent] {
        phase == .collect ? path : path + [component]
    }

    /// The path inside the body, which only configured JSON paths look at.
    private func bodyPlace(_ path: [JSONPathComponent], _ component: JSONPathComponent) -> [JSONPathComponent] {
        rules.jsonPaths.isEmpty ? path : path + [component]
    }

    /// A JSON value: string values of secret keys (and JSON paths) replaced whole, every other string
    /// scrubbed as text.
    ///
    /// - Parameter secretName: The key whose value this is, when that key is a secret's name; array
    ///   elements inherit it, object members do not.
    mutating func walkJSON(
        _ value: JSONValue, path: [JSONPathComponent], bodyPath: [JSONPathComponent], secretName: String?
    ) -> JSONValue {
        switch value {
        case .string(let text):
            var spans: [Span] = []
            if let secretName {
                spans.append(
                    Span(
                        range: 0..<text.utf8.count, secret: text, rule: rules.spec(.secretField),
                        summary: "value of JSON key \"\(secretName)\""))
            } else if text.first == "/", text.contains("?"), !text.contains(" ") {
                let bytes = Array(text.utf8)
                spans = urlSpans(bytes, 0..<bytes.count)
            }
            return .string(process(text, spans: spans, path: path))
        case .array(let elements):
            var result = elements
            for (index, element) in elements.enumerated() {
                result[index] = walkJSON(
                    element, path: place(path, .index(index)), bodyPath: bodyPlace(bodyPath, .index(index)),
                    secretName: secretName)
            }
            return .array(result)
        case .object(let members):
            var result = members
            for (index, member) in members.enumerated() {
                let memberPath = bodyPlace(bodyPath, .key(member.key))
                let isSecret =
                    rules.isEnabled(.secretField)
                    && (isSecretName(member.key, in: .jsonKey)
                        || rules.jsonPaths.contains { $0.matches(memberPath) })
                result[index].value = walkJSON(
                    member.value, path: place(path, .key(member.key)), bodyPath: memberPath,
                    secretName: isSecret ? member.key : nil)
            }
            return .object(result)
        default:
            return value
        }
    }
}
