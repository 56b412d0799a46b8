import Foundation

/// The mapping from a cassette to HAR 1.2, as `cassette export` writes it.
///
/// Every member HAR 1.2 requires is written, so browsers' network panels (Chrome, Firefox) and HAR
/// libraries read the file: each redirect hop is an entry of its own (a 3xx whose `redirectURL` is
/// its `Location`), followed by the entry of the final response; bodies are `text`, or base64 with
/// `encoding: base64` when they are binary. Timings are zero and sizes are the stored bodies'.
///
/// The output is deterministic: `startedDateTime` is midnight UTC of the interaction's `recorded`
/// day, or the Unix epoch (``HARTimestamp/unknownDay``) when it has none, and keys are sorted by
/// the canonical writer. What HAR cannot say is carried in extension members that `cassette import`
/// reads back: `_redirectHop` on hop entries, `_cassetteRequest` when a request differs from its
/// first hop, `_responseURL` for a final URL, `_urlErrorCode` (with a browser-style `_error`) for a
/// transport error, and `_encoding: base64` on binary posted data.
package enum HARExport {
    /// The canonical bytes of the HAR file for `document`: two-space indentation, sorted keys, a
    /// trailing newline.
    package static func data(of document: CassetteDocument) -> Data {
        var writer = JSONWriter(style: .pretty)
        writer.write(har(of: document))
        var bytes = writer.takeOutput()
        bytes.append(0x0A)
        return Data(bytes)
    }

    /// The HAR JSON for `document`.
    package static func har(of document: CassetteDocument) -> JSONValue {
        let entries = document.interactions.flatMap(entries(of:))
        let log: JSONValue = .object([
            "comment": .string(
                "Written by cassette export from a Cassette cassette (format version \(CassetteDocument.formatVersion)); "
                    + "cassette import reads it back unchanged."),
            "creator": .object([
                "name": .string(HARArchive.cassetteCreatorName),
                "version": .string(String(CassetteDocument.formatVersion)),
            ]),
            "entries": .array(entries),
            "pages": .array([]),
            "version": .string("1.2"),
        ])
        return .object(["log": log])
    }

    /// The entries of one interaction: one per redirect hop, then the final one.
    static func entries(of interaction: Interaction) -> [JSONValue] {
        let started = JSONValue.string(HARTimestamp.startedDateTime(forDay: interaction.recorded))
        let request = interaction.request
        var entries: [JSONValue] = []
        for (index, hop) in interaction.redirects.enumerated() {
            var members: [JSONValue.Member] = [
                .init("_redirectHop", .bool(true)),
                .init(
                    "request",
                    index == 0
                        ? requestValue(method: hop.method, url: hop.url, headers: request.headers, body: request.body)
                        : requestValue(method: hop.method, url: hop.url, headers: [], body: nil)),
                .init(
                    "response",
                    responseValue(
                        status: hop.status, headers: hop.headers, body: nil,
                        extra: [])),
            ]
            if index == 0 && (hop.method != request.method || hop.url != request.url) {
                members.append(
                    .init(
                        "_cassetteRequest",
                        .object(["method": .string(request.method), "url": .string(request.url)])))
            }
            entries.append(entry(members, started: started))
        }
        var members: [JSONValue.Member] = []
        if let lastHop = interaction.redirects.last {
            let url = interaction.response?.url ?? request.url
            members.append(
                .init("request", requestValue(method: followedMethod(after: lastHop), url: url, headers: [], body: nil))
            )
        } else {
            members.append(
                .init(
                    "request",
                    requestValue(method: request.method, url: request.url, headers: request.headers, body: request.body)
                ))
        }
        switch interaction.outcome {
        case .response(let response):
            if let url = response.url { members.append(.init("_responseURL", .string(url))) }
            members.append(
                .init(
                    "response",
                    responseValue(status: response.status, headers: response.headers, body: response.body, extra: [])))
        case .failure(let error):
            members.append(.init("response", failureValue(error)))
        }
        entries.append(entry(members, started: started))
        return entries
    }

    /// The method a client uses after a redirect hop: `GET` after a `303` (other than for `HEAD`),
    /// and after a `301` or `302` of a `POST`, as `URLSession` and browsers do; the same otherwise.
    package static func followedMethod(after hop: RedirectHop) -> String {
        let method = hop.method.uppercased()
        if hop.status == 303 && method != "HEAD" { return "GET" }
        if (hop.status == 301 || hop.status == 302) && method == "POST" { return "GET" }
        return hop.method
    }

    private static func entry(_ members: [JSONValue.Member], started: JSONValue) -> JSONValue {
        .object(
            sorting: members + [
                .init("cache", .object([])),
                .init("startedDateTime", started),
                .init("time", .integer(0)),
                .init("timings", .object(["receive": .integer(0), "send": .integer(0), "wait": .integer(0)])),
            ])
    }

    private static func headersValue(_ headers: [HTTPHeader]) -> JSONValue {
        .array(headers.map { .object(["name": .string($0.name), "value": .string($0.value)]) })
    }

    /// A body as HAR text: the UTF-8 text when the cassette stores it as JSON or text, base64
    /// otherwise.
    private static func text(of body: Data, contentType: String?) -> (text: String, base64: Bool) {
        if case .base64 = StoredBody(bytes: body, contentType: contentType) {
            return (body.base64EncodedString(), true)
        }
        guard let text = String(validating: body, as: UTF8.self) else { return (body.base64EncodedString(), true) }
        return (text, false)
    }

    private static func requestValue(method: String, url: String, headers: [HTTPHeader], body: Data?) -> JSONValue {
        var members: [JSONValue.Member] = [
            .init("bodySize", .integer(body?.count ?? 0)),
            .init("cookies", .array([])),
            .init("headers", headersValue(headers)),
            .init("headersSize", .integer(-1)),
            .init("httpVersion", .string("HTTP/1.1")),
            .init("method", .string(method)),
            .init("queryString", .array(queryString(of: url))),
            .init("url", .string(url)),
        ]
        if let body {
            let contentType = headers.value(for: "Content-Type")
            let (text, base64) = text(of: body, contentType: contentType)
            var postData: [JSONValue.Member] = [
                .init("mimeType", .string(contentType ?? "")),
                .init("text", .string(text)),
            ]
            if base64 { postData.append(.init("_encoding", .string("base64"))) }
            if let multipart = StoredMultipart(bytes: body, contentType: contentType) {
                postData.append(.init("params", .array(multipart.parts.map(paramValue))))
            }
            members.append(.init("postData", .object(sorting: postData)))
        }
        return .object(sorting: members)
    }

    /// A multipart part as a HAR `params` element: the field's name, its value when it is text
    /// (the bytes of a binary file are in `text` only), and a file's name and type.
    private static func paramValue(_ part: StoredMultipart.Part) -> JSONValue {
        let split = MultipartParts.Part(headers: part.headers, content: Data())
        var members: [JSONValue.Member] = [.init("name", .string(split.name ?? ""))]
        if let fileName = split.fileName { members.append(.init("fileName", .string(fileName))) }
        if let contentType = part.headers.value(for: "Content-Type") {
            members.append(.init("contentType", .string(contentType)))
        }
        switch part.body {
        case .json, .text:
            if let bytes = try? part.body.bytes() {
                members.append(.init("value", .string(String(decoding: bytes, as: UTF8.self))))
            }
        case .base64:
            break
        }
        return .object(sorting: members)
    }

    private static func responseValue(status: Int, headers: [HTTPHeader], body: Data?, extra: [JSONValue.Member])
        -> JSONValue
    {
        let contentType = headers.value(for: "Content-Type")
        var content: [JSONValue.Member] = [
            .init("mimeType", .string(contentType ?? "")),
            .init("size", .integer(body?.count ?? 0)),
        ]
        // `text` is optional in HAR 1.2, but some readers (haralyzer) expect it: an empty one says
        // "no body".
        if let body {
            let (text, base64) = text(of: body, contentType: contentType)
            content.append(.init("text", .string(text)))
            if base64 { content.append(.init("encoding", .string("base64"))) }
        } else {
            content.append(.init("text", .string("")))
        }
        return .object(
            sorting: extra + [
                .init("bodySize", .integer(body?.count ?? 0)),
                .init("content", .object(sorting: content)),
                .init("cookies", .array([])),
                .init("headers", headersValue(headers)),
                .init("headersSize", .integer(-1)),
                .init("httpVersion", .string("HTTP/1.1")),
                .init("redirectURL", .string((300...399).contains(status) ? headers.value(for: "Location") ?? "" : "")),
                .init("status", .integer(status)),
                .init("statusText", .string(HARStatusText.reasonPhrase(for: status))),
            ])
    }

    /// A transport error as browsers log a request that got no response: status 0 with an
    /// `_error`, plus the `URLError` code for `cassette import`.
    private static func failureValue(_ error: TransportError) -> JSONValue {
        .object([
            "_error": .string("URLError \(error.code)"),
            "_urlErrorCode": .integer(error.code),
            "bodySize": .integer(-1),
            "content": .object(["mimeType": .string(""), "size": .integer(0), "text": .string("")]),
            "cookies": .array([]),
            "headers": .array([]),
            "headersSize": .integer(-1),
            "httpVersion": .string(""),
            "redirectURL": .string(""),
            "status": .integer(0),
            "statusText": .string(""),
        ])
    }

    /// The query items of `url` as HAR's `queryString`: names and values percent-decoded (`+` as
    /// a space), in URL order.
    static func queryString(of url: String) -> [JSONValue] {
        guard let query = URLParts.queryRange(of: url) else { return [] }
        return URLParts.items(url[query]).map { item in
            .object([
                "name": .string(URLParts.decoded(item.name, plusAsSpace: true)),
                "value": .string(URLParts.decoded(item.value ?? "", plusAsSpace: true)),
            ])
        }
    }
}

/// The reason phrases HAR's `statusText` carries, for the status codes of RFC 9110 and a few
/// common others; empty for any other code (a HAR reader accepts an empty `statusText`).
package enum HARStatusText {
    private static let phrases: [Int: String] = [
        100: "Continue", 101: "Switching Protocols", 200: "OK", 201: "Created", 202: "Accepted",
        203: "Non-Authoritative Information", 204: "No Content", 205: "Reset Content", 206: "Partial Content",
        300: "Multiple Choices", 301: "Moved Permanently", 302: "Found", 303: "See Other", 304: "Not Modified",
        305: "Use Proxy", 307: "Temporary Redirect", 308: "Permanent Redirect", 400: "Bad Request",
        401: "Unauthorized", 402: "Payment Required", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed",
        406: "Not Acceptable", 407: "Proxy Authentication Required", 408: "Request Timeout", 409: "Conflict",
        410: "Gone", 411: "Length Required", 412: "Precondition Failed", 413: "Content Too Large",
        414: "URI Too Long", 415: "Unsupported Media Type", 416: "Range Not Satisfiable", 417: "Expectation Failed",
        421: "Misdirected Request", 422: "Unprocessable Content", 426: "Upgrade Required", 428: "Precondition Required",
        429: "Too Many Requests", 431: "Request Header Fields Too Large", 500: "Internal Server Error",
        501: "Not Implemented", 502: "Bad Gateway", 503: "Service Unavailable", 504: "Gateway Timeout",
        505: "HTTP Version Not Supported",
    ]

    /// The reason phrase of `status`, or an empty string.
    package static func reasonPhrase(for status: Int) -> String {
        phrases[status] ?? ""
    }
}
