import Foundation

extension Scrubber {
    /// The interaction as replay serves it, with placeholders whose rules name an environment
    /// variable replaced by that variable's value.
    ///
    /// Only ``ScrubConfiguration/restore`` entries whose variable is set (and not empty) take
    /// effect. Values put into URLs are percent-encoded; JSON bodies stay JSON.
    public func restoring(_ interaction: Interaction, environment: [String: String]) -> Interaction {
        let replacements = restorations(from: environment)
        guard !replacements.isEmpty else { return interaction }
        func text(_ text: String, inURL: Bool) -> String {
            var result = text
            for (regex, value) in replacements {
                let replacement = inURL ? ScrubBytes.percentEncoded(value, allowingQueryCharacters: true) : value
                let range = NSRange(result.startIndex..<result.endIndex, in: result)
                result = regex.expression.stringByReplacingMatches(
                    in: result, range: range, withTemplate: NSRegularExpression.escapedTemplate(for: replacement))
            }
            return result
        }
        func headers(_ headers: [HTTPHeader]) -> [HTTPHeader] {
            headers.map { HTTPHeader($0.name, text($0.value, inURL: $0.hasName("location"))) }
        }
        func json(_ value: JSONValue) -> JSONValue {
            switch value {
            case .string(let string): .string(text(string, inURL: false))
            case .array(let elements): .array(elements.map(json))
            case .object(let members): .object(members.map { JSONValue.Member($0.key, json($0.value)) })
            default: value
            }
        }
        func body(_ body: Data?, _ headers: [HTTPHeader]) -> Data? {
            guard let body else { return nil }
            switch StoredBody(bytes: body, contentType: headers.value(for: "Content-Type")) {
            case .json(let value): return Data(JSONWriter.bytes(of: json(value), style: .compact))
            case .text(let string): return Data(text(string, inURL: false).utf8)
            case .base64: return body
            }
        }
        var result = interaction
        result.request.url = text(interaction.request.url, inURL: true)
        result.request.headers = headers(interaction.request.headers)
        result.request.body = body(interaction.request.body, interaction.request.headers)
        for index in result.redirects.indices {
            result.redirects[index].url = text(result.redirects[index].url, inURL: true)
            result.redirects[index].headers = headers(result.redirects[index].headers)
        }
        if case .response(var response) = interaction.outcome {
            response.url = response.url.map { text($0, inURL: true) }
            if var stream = response.stream {
                // Each chunk restored on its own, by the stream's media type: an event's JSON as JSON.
                let contentType = response.headers.value(for: "Content-Type")
                stream.chunks = stream.chunks.map { chunk in
                    switch StoredChunk(bytes: chunk, contentType: contentType) {
                    case .event(let name, let id, .json(let value)):
                        return (try? StoredChunk.event(name: name, id: id, data: .json(json(value))).bytes()) ?? chunk
                    case .line(let value): return (try? StoredChunk.line(json(value)).bytes()) ?? chunk
                    case .body(.base64): return chunk
                    default: return Data(text(String(decoding: chunk, as: UTF8.self), inURL: false).utf8)
                    }
                }
                response.setStream(stream)
            } else {
                response.body = body(response.body, response.headers)
            }
            response.headers = headers(response.headers)
            result.outcome = .response(response)
        }
        return result
    }
}

extension Scrubber {
    /// Whether ``restoring(_:environment:)`` can change an interaction with this environment: some
    /// ``ScrubConfiguration/restore`` entry's variable is set. When not, replay serves every
    /// recorded interaction exactly as it was read.
    package func restoresAnything(from environment: [String: String]) -> Bool {
        !restorations(from: environment).isEmpty
    }

    /// The recognizer of each placeholder to restore, with the value it is restored to.
    fileprivate func restorations(from environment: [String: String]) -> [(ScrubRegex, String)] {
        configuration.restore.compactMap { entry in
            guard let value = environment[entry.environment], !value.isEmpty, let spec = rules.specs[entry.rule] else {
                return nil
            }
            return (spec.recognizer, value)
        }
    }
}
