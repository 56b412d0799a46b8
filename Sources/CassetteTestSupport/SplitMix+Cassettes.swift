import CassetteCore
import Foundation

/// Deterministic cassettes for round-trip tests.
extension SplitMix {
    package mutating func below(_ limit: Int) -> Int { Int(next() % UInt64(limit)) }

    package mutating func pick<T>(_ options: [T]) -> T { options[below(options.count)] }

    package mutating func string() -> String {
        let pieces = ["a", "Z", "0", " ", "é", "😀", "\"", "\\", "/", "\n", "\t", "\u{1}", "<", "&", "ß", "\u{7F}"]
        return (0..<below(12)).map { _ in pick(pieces) }.joined()
    }

    package mutating func json(depth: Int = 0) -> JSONValue {
        switch below(depth > 3 ? 4 : 6) {
        case 0: return .null
        case 1: return .bool(below(2) == 0)
        case 2: return .number(pick(["0", "-1", "3.25", "1e10", "12345", "0.5"]))
        case 3: return .string(string())
        case 4: return .array((0..<below(4)).map { _ in json(depth: depth + 1) })
        default:
            var keys = Set<String>()
            for _ in 0..<below(4) { keys.insert(string()) }
            return .object(sorting: keys.map { JSONValue.Member($0, json(depth: depth + 1)) })
        }
    }

    package mutating func body() -> (Data?, String?) {
        switch below(5) {
        case 0: return (nil, nil)
        case 1:
            return (Data(JSONWriter.bytes(of: json(), style: below(2) == 0 ? .compact : .pretty)), "application/json")
        case 2: return (Data(string().utf8), "text/plain")
        case 3: return (Data((0..<below(40)).map { _ in UInt8(below(256)) }), "application/octet-stream")
        default: return (Data(string().utf8), nil)
        }
    }

    package mutating func headers(contentType: String?) -> [HTTPHeader] {
        var headers = (0..<below(3)).map { _ in HTTPHeader(pick(["X-Trace", "Accept", "ETag", "x-b"]), string()) }
        if let contentType { headers.append(HTTPHeader("Content-Type", contentType)) }
        return headers
    }

    package mutating func document() -> CassetteDocument {
        CassetteDocument(
            interactions: (0..<below(5)).map { _ in
                let (requestBody, requestType) = body()
                let request = RecordedRequest(
                    method: pick(["GET", "POST", "PUT"]), url: "https://example.com/\(below(100))?q=\(below(9))",
                    headers: headers(contentType: requestType), body: requestBody)
                if below(6) == 0 {
                    return Interaction(request: request, outcome: .failure(TransportError(code: -1000 - below(20))))
                }
                let (responseBody, responseType) = body()
                let redirects = (0..<below(2)).map { _ in
                    RedirectHop(
                        method: "GET", url: request.url, status: pick([301, 302, 307]),
                        headers: [HTTPHeader("Location", "/x")])
                }
                return Interaction(
                    request: request, redirects: redirects,
                    outcome: .response(
                        RecordedResponse(
                            status: pick([200, 201, 404, 500]), url: redirects.isEmpty ? nil : "https://example.com/x",
                            headers: headers(contentType: responseType), body: responseBody)))
            })
    }
}
