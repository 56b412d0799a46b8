import CassetteHTTPServer
import Foundation

/// The answers that are the cassette server's own rather than the API's: a miss, a cassette that
/// cannot be opened, a request the server cannot map.
///
/// All are `599`, with a `Cassette-Error` header holding the first line of the text and the whole
/// text as a plain-text body. 599 is unassigned: no API sends it, so a test that expects a 404, a
/// 500 or a 503 from the API fails on a miss instead of passing; it is a 5xx, so every client treats
/// it as a failed request; and it is not cacheable by default (`Cache-Control: no-store` says so
/// anyway), so no cache in between keeps serving a miss after the request was recorded.
package enum OwnAnswer {
    /// The status of every answer of the cassette server's own.
    package static let status = 599
    /// The header every such answer carries.
    package static let header = "Cassette-Error"

    enum Kind: String {
        case miss = "Cassette Miss"
        case error = "Cassette Error"
    }

    /// Sends the answer; a client that went away is not an error here.
    static func send(_ kind: Kind, text: String, to writer: HTTPResponseWriter) {
        let headers = [
            ("Content-Type", "text/plain; charset=utf-8"), ("Cache-Control", "no-store"),
            (header, headerValue(text)),
        ]
        try? writer.respond(status: status, reason: kind.rawValue, headers: headers, body: Data((text + "\n").utf8))
    }

    /// The first line of `text` as a field value: printable ASCII only, at most 512 bytes.
    static func headerValue(_ text: String) -> String {
        let line = text.prefix { $0 != "\n" && $0 != "\r" }
        let printable = String(
            String.UnicodeScalarView(
                line.unicodeScalars.prefix(512).map { $0.value >= 0x20 && $0.value < 0x7F ? $0 : "?" }))
        return printable.trimmingCharacters(in: .whitespaces)
    }
}
