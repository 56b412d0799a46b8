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
            result.redirects[index].url = process(hop.url, kind: .url, path: place + [.key("url")])
            result.redirects[index].headers = walk(hop.headers, path: place)
        }
        if case .response(let response) = interaction.outcome {
            let place = path + [.key("response")]
            var scrubbed = response
            scrubbed.url = response.url.map { process($0, kind: .url, path: place + [.key("url")]) }
            scrubbed.headers = walk(response.headers, path: place)
            if var stream = response.stream {
                // Chunk by chunk, each a body of the response's media type (an event's `data:` JSON is
                // walked as JSON), so the chunks keep their boundaries and a diff stays event by event.
                for (chunkIndex, chunk) in stream.chunks.enumerated() {
                    let chunkPlace = place + [.key("stream"), .key("chunks"), .index(chunkIndex)]
                    stream.chunks[chunkIndex] =
                        walkBody(chunk, storedForm: nil, headers: response.headers, path: chunkPlace) ?? chunk
                }
                scrubbed.setStream(stream)
            } else {
                scrubbed.body = walkBody(
                    response.body, storedForm: response.storedForm, headers: response.headers,
                    path: place + [.key("body")])
            }
            result.outcome = .response(scrubbed)
        }
        return result
    }

    /// URL, headers, then body.
    mutating func walk(_ request: RecordedRequest, path: [JSONPathComponent]) -> RecordedRequest {
        var result = request
        result.url = process(request.url, kind: .url, path: path + [.key("url")])
        result.headers = walk(request.headers, path: path)
        result.body = walkBody(
            request.body, storedForm: request.storedForm, headers: request.headers, path: path + [.key("body")])
        return result
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
        let bytes = Array(value.utf8)
        switch ScrubHeaderStructure.of(header.name) {
        case .credentials:
            return process(
                value, utf8: bytes, kind: .plain,
                spans: credentialSpans(bytes, 0..<bytes.count, header: "\(header.name) header"),
                path: path)
        case .cookies(let allPairs):
            return process(
                value, utf8: bytes, kind: .plain, spans: cookieSpans(bytes, 0..<bytes.count, allPairs: allPairs),
                path: path)
        case .url:
            return process(value, utf8: bytes, kind: .url, path: path)
        case nil:
            let nameTraits = traits(header.name, in: .header)
            if rules.isEnabled(.secretHeader), nameTraits.contains(.secret) {
                // `Signature: keyId="…",algorithm="…",signature="…"`: only the secret parameters.
                if !masking,
                    let spans = parameterSpans(
                        bytes, 0..<bytes.count, rule: rules.spec(.secretHeader),
                        summary: "value of header \(header.name)")
                {
                    return process(value, utf8: bytes, kind: .plain, spans: spans, path: path)
                }
                let span = Span(
                    range: 0..<bytes.count, secret: value, rule: rules.spec(.secretHeader),
                    summary: "value of header \(header.name)")
                return process(value, utf8: bytes, kind: .plain, spans: [span], path: path)
            }
            let saved = skipsEmail
            skipsEmail = nameTraits.contains(.messageID)
            defer { skipsEmail = saved }
            // A cursor (`x-ms-continuation`) is opaque however it is encoded: shapes and echoes only.
            let isText = ScrubEngine.isHeaderText(bytes) && !nameTraits.contains(.describing)
            return process(value, utf8: bytes, kind: isText ? .text(nil) : .plain, path: path)
        }
    }

    /// Header values that are JSON, or base64 of JSON (`eyJ…` without the dots of a JWT:
    /// `X-Amz-Client-Context`, identity headers), are read as text; others for shapes, echoes and
    /// URLs only.
    static func isHeaderText(_ bytes: [UInt8]) -> Bool {
        if bytes.first == UInt8(ascii: "{") || bytes.first == UInt8(ascii: "[") { return true }
        return bytes.count >= 16 && bytes.starts(with: "eyJ".utf8) && !bytes.contains(UInt8(ascii: "."))
    }
}
