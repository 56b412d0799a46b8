import CassetteModel
import Foundation

extension TestHTTPServer {
    /// Deterministic routes (no dates, no random values); the method is ignored except by `/echo`.
    ///
    /// `/json`, `/text`, `/binary` (bytes 0...255), `/gzip` (gzip-encoded JSON), `/redirect/{301,302,303,307,308}`
    /// (to `/json`, or `/echo` with `?to=echo`), `/redirect/chain` (302 to `/redirect/302`), `/status/N`,
    /// `/large?bytes=N` (byte i is i % 251; default 10 MiB), `/cookie/set`, `/cookie/check`, `/slow?ms=N`
    /// (default 200), `/held` (answers after ten minutes, or when the server stops: a request still in flight
    /// whenever the test acts, however loaded the machine, and a failure rather than a hang if it stays), `/echo` (the request as sorted JSON), the streamed routes under `/stream/` (see
    /// ``streamingRoute(_:)``); anything else is 404 `not found`.
    package static let standardRoutes: @Sendable (HTTPRequestHead) -> HTTPResponseSpec = { request in
        if let streamed = streamingRoute(request) { return streamed }
        let path = request.path
        let items = request.queryItems
        let number = { (name: String) in items.first { $0.name == name }.flatMap { Int($0.value) } }
        switch path {
        case "/json":
            return .json(#"{"id":1,"name":"Ada","tags":["a","b"]}"#)
        case "/text":
            return .text("hello, world\n")
        case "/binary":
            return .bytes((0...255).map { UInt8($0) })
        case "/gzip":
            var response = HTTPResponseSpec.json("")
            response.body = Gzip.compress(Array(#"{"compressed":true,"items":[1,2,3]}"#.utf8))
            response.headers.append(("Content-Encoding", "gzip"))
            return response
        case "/redirect/chain":
            return .redirect(302, to: "/redirect/302")
        case "/large":
            let count = max(0, number("bytes") ?? 10_485_760)
            let pattern = (0..<251).map { UInt8($0) }
            var body: [UInt8] = []
            body.reserveCapacity(count)
            while body.count < count { body += pattern.prefix(count - body.count) }
            return .bytes(body)
        case "/cookie/set":
            var response = HTTPResponseSpec.text("ok")
            response.headers += [("Set-Cookie", "session=abc123; Path=/"), ("Set-Cookie", "theme=dark; Path=/")]
            return response
        case "/cookie/check":
            return .text(request.header("Cookie") ?? "none")
        case "/slow":
            var response = HTTPResponseSpec.text("slow")
            response.delay = .milliseconds(max(0, number("ms") ?? 200))
            return response
        case "/held":
            var response = HTTPResponseSpec.text("held")
            response.delay = .seconds(10 * 60)
            return response
        case "/echo":
            return echo(request)
        default:
            break
        }
        let segments = path.split(separator: "/")
        let status = segments.count == 2 ? Int(segments[1]) : nil
        if segments.first == "redirect", let status, [301, 302, 303, 307, 308].contains(status) {
            let toEcho = items.contains { $0.name == "to" && $0.value == "echo" }
            return .redirect(status, to: toEcho ? "/echo" : "/json")
        }
        if segments.first == "status", let status, (200...599).contains(status) {
            return status == 204 || status == 304 ? .empty(status) : .text("status \(status)", status: status)
        }
        return .text("not found", status: 404)
    }

    /// Headers that differ between clients or runs, left out of `/echo`.
    private static let unechoedHeaders: Set = [
        "user-agent", "accept-encoding", "accept-language", "accept", "connection", "host", "content-length",
        "transfer-encoding", "expect",
    ]

    /// `{"body":…,"headers":{…},"method":…,"path":…,"query":…}` with sorted keys; repeated headers are joined
    /// with ", "; the body is UTF-8 text, or base64 when it is not valid UTF-8; `query` is the raw query or "".
    private static func echo(_ request: HTTPRequestHead) -> HTTPResponseSpec {
        var headers: [String: [String]] = [:]
        for (name, value) in request.headers where !unechoedHeaders.contains(name.lowercased()) {
            headers[name.lowercased(), default: []].append(value)
        }
        let headerFields = headers.sorted { $0.key < $1.key }.map {
            jsonString($0.key) + ":" + jsonString($0.value.joined(separator: ", "))
        }
        let body = String(bytes: request.body, encoding: .utf8) ?? Data(request.body).base64EncodedString()
        let fields = [
            "\"body\":" + jsonString(body),
            "\"headers\":{" + headerFields.joined(separator: ",") + "}",
            "\"method\":" + jsonString(request.method),
            "\"path\":" + jsonString(request.path),
            "\"query\":" + jsonString(request.query ?? ""),
        ]
        return .json("{" + fields.joined(separator: ",") + "}")
    }

    private static func jsonString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
