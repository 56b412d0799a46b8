import Foundation

extension CompiledMatchRules {
    /// `response` with every echo rule applied: each value the rule names in the live request put in
    /// the place the rule names in the response. A rule whose value the live request lacks, or whose
    /// place the response lacks, changes nothing.
    package func echoing(into response: RecordedResponse, from live: RecordedRequest) -> RecordedResponse {
        guard !echoes.isEmpty else { return response }
        var result = response
        var body: JSONValue?
        let contentType = response.headers.value(for: "Content-Type")
        let liveBody = live.body.flatMap { try? JSONParser.parse($0) }
        for (source, target) in echoes {
            guard let value = CompiledMatchRules.value(at: source, in: live, body: liveBody) else { continue }
            switch target {
            case .body(let path):
                if body == nil, let bytes = response.body,
                    StoredBody.mayBeJSON(bytes, mediaType: contentType.map(MediaType.init))
                {
                    body = try? JSONParser.parse(bytes)
                }
                if let current = body, !path.values(in: current).isEmpty {
                    body = path.replacingFirst(in: current, with: value)
                }
            case .header(let name):
                let text = CompiledMatchRules.text(of: value)
                if let index = result.headers.firstIndex(where: { $0.hasName(name) }) {
                    result.headers[index].value = text
                } else {
                    result.headers = HTTPHeader.canonicalOrder(result.headers + [HTTPHeader(name, text)])
                }
            case .query:
                continue
            }
        }
        if let body {
            result.body = Data(JSONWriter.bytes(of: body, style: .compact))
            result.headers.fitContentLength(to: result.body)
        }
        return result
    }

    /// Whether every echo rule finds its value in `request` and its place in `response`.
    package func findsEveryEcho(from request: RecordedRequest, in response: RecordedResponse) -> Bool {
        let liveBody = request.body.flatMap { try? JSONParser.parse($0) }
        let responseBody = response.body.flatMap { try? JSONParser.parse($0) }
        return echoes.allSatisfy { source, target in
            guard CompiledMatchRules.value(at: source, in: request, body: liveBody) != nil else { return false }
            switch target {
            case .body(let path): return responseBody.map { !path.values(in: $0).isEmpty } ?? false
            case .header(let name): return response.headers.contains { $0.hasName(name) }
            case .query: return false
            }
        }
    }

    private static func value(at place: EchoPlace, in request: RecordedRequest, body: JSONValue?) -> JSONValue? {
        switch place {
        case .body(let path):
            return body.flatMap { path.values(in: $0).first }
        case .header(let name):
            return request.headers.value(for: name).map(JSONValue.string)
        case .query(let name):
            guard let query = URLParts(request.url).query else { return nil }
            let item = URLParts.items(Substring(query)).first { URLParts.decoded($0.name, plusAsSpace: false) == name }
            return item.map { .string(URLParts.decoded($0.value ?? "", plusAsSpace: true)) }
        }
    }

    private static func text(of value: JSONValue) -> String {
        switch value {
        case .string(let text): return text
        case .number(let literal): return literal
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return ""
        default: return String(decoding: JSONWriter.bytes(of: value, style: .compact), as: UTF8.self)
        }
    }
}
