/// The status line and header section of a response, checked and serialised; the server adds the
/// framing fields (`Content-Length`, `Transfer-Encoding`, `Connection`) itself.
struct ResponseHead {
    let status: Int
    let reason: String
    /// The handler's fields without `Connection` (the server writes its own).
    let headers: [(name: String, value: String)]
    /// A `Content-Length` the handler gave, checked to be one decimal number.
    let contentLength: Int?
    /// The handler's `Connection` field asked for `close`.
    let asksToClose: Bool

    init(status: Int, reason: String?, headers: [(name: String, value: String)]) throws(HTTPServerError) {
        guard (200...999).contains(status) else {
            throw .invalidResponse(
                "status \(status) cannot be sent: a final status is 200...999 (the server sends 100 Continue itself)")
        }
        let reason = reason ?? HTTPStatus.reasonPhrase(status)
        guard reason.utf8.allSatisfy(ASCII.isFieldValueByte) else {
            throw .invalidResponse("the reason phrase has a CR, LF or other control character")
        }
        var kept: [(name: String, value: String)] = []
        var lengths: [String] = []
        var asksToClose = false
        for (name, value) in headers {
            guard !name.isEmpty, name.utf8.allSatisfy(ASCII.isTokenByte) else {
                throw .invalidResponse("the header name '\(name)' is empty or has a character a name cannot have")
            }
            guard value.utf8.allSatisfy(ASCII.isFieldValueByte) else {
                throw .invalidResponse("the value of header '\(name)' has a CR, LF or other control character")
            }
            if name.caseInsensitiveEquals("Transfer-Encoding") {
                throw .invalidResponse(
                    "leave out Transfer-Encoding: the server frames the body itself (give Content-Length for a "
                        + "known length, none to stream it chunked)")
            } else if name.caseInsensitiveEquals("Connection") {
                asksToClose =
                    asksToClose
                    || value.split(separator: ",").contains {
                        $0.trimmingASCIIWhitespace().caseInsensitiveEquals("close")
                    }
                continue
            } else if name.caseInsensitiveEquals("Content-Length") {
                lengths.append(value)
            }
            kept.append((name, value))
        }
        guard lengths.count <= 1 else {
            throw .invalidResponse("the response has \(lengths.count) Content-Length fields")
        }
        if let length = lengths.first {
            guard !length.isEmpty, length.utf8.count <= 18, length.utf8.allSatisfy(ASCII.isDigit),
                let count = Int(length)
            else { throw .invalidResponse("Content-Length '\(length)' is not a decimal number of bytes") }
            contentLength = count
        } else {
            contentLength = nil
        }
        self.status = status
        self.reason = reason
        self.headers = kept
        self.asksToClose = asksToClose
    }

    /// 204 and 304 never carry a body (RFC 9110 15.3.5, 15.4.5).
    var isBodyless: Bool { status == 204 || status == 304 }

    /// `HTTP/1.1 status reason`, the fields, then `extra` fields, then the empty line.
    func serialized(adding extra: [(name: String, value: String)]) -> [UInt8] {
        var text = "HTTP/1.1 \(status) \(reason)\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        for (name, value) in extra { text += "\(name): \(value)\r\n" }
        text += "\r\n"
        return Array(text.utf8)
    }
}
