import CassetteCore
import Foundation

/// Small HAR files built in tests: entries as JSON values, written by the canonical writer so the
/// line and column of a problem are the same on every run.
enum HARText {
    static func headers(_ pairs: [(String, String)]) -> JSONValue {
        .array(pairs.map { .object(["name": .string($0.0), "value": .string($0.1)]) })
    }

    /// One entry; `status: nil` leaves `status` out of the response.
    static func entry(
        _ method: String = "GET", _ url: String, status: Int? = 200, started: String = "2026-11-30T10:00:00.000Z",
        requestHeaders: [(String, String)] = [], postData: JSONValue? = nil, responseHeaders: [(String, String)] = [],
        text: String? = nil, encoding: String? = nil, redirectURL: String = "", extra: [JSONValue.Member] = []
    ) -> JSONValue {
        var request: [JSONValue.Member] = [
            .init("method", .string(method)), .init("url", .string(url)), .init("httpVersion", .string("HTTP/1.1")),
            .init("cookies", .array([])), .init("headers", headers(requestHeaders)), .init("queryString", .array([])),
            .init("headersSize", .integer(-1)), .init("bodySize", .integer(0)),
        ]
        if let postData { request.append(.init("postData", postData)) }
        var content: [JSONValue.Member] = [
            .init("size", .integer(text?.utf8.count ?? 0)), .init("mimeType", .string("")),
        ]
        if let text { content.append(.init("text", .string(text))) }
        if let encoding { content.append(.init("encoding", .string(encoding))) }
        var response: [JSONValue.Member] = [
            .init("statusText", .string("")), .init("httpVersion", .string("HTTP/1.1")), .init("cookies", .array([])),
            .init("headers", headers(responseHeaders)), .init("content", .object(sorting: content)),
            .init("redirectURL", .string(redirectURL)), .init("headersSize", .integer(-1)),
            .init("bodySize", .integer(-1)),
        ]
        if let status { response.append(.init("status", .integer(status))) }
        return .object(
            sorting: [
                .init("startedDateTime", .string(started)), .init("time", .integer(1)),
                .init("request", .object(sorting: request)), .init("response", .object(sorting: response)),
                .init("cache", .object([])),
                .init("timings", .object(["send": .integer(0), "wait": .integer(1), "receive": .integer(0)])),
            ] + extra)
    }

    /// A whole HAR file holding `entries`.
    static func file(_ entries: [JSONValue], version: String = "1.2", creator: String = "Test") -> Data {
        let log: JSONValue = .object([
            "version": .string(version), "creator": .object(["name": .string(creator), "version": .string("1")]),
            "entries": .array(entries),
        ])
        return Data(JSONWriter.bytes(of: .object(["log": log]), style: .pretty))
    }

    /// The archive of `entries`, or the error reading it gives.
    static func archive(_ entries: [JSONValue]) throws -> HARArchive {
        try HARArchive.decode(file(entries), path: "capture.har")
    }
}
