/// The request line and header fields of RFC 9112, parsed from the bytes of one line each (without
/// CRLF), with no I/O: every rule the server enforces on a request head is here.
enum RequestParser {
    /// `method SP request-target SP HTTP-version`, single spaces, nothing else.
    static func requestLine(_ line: ArraySlice<UInt8>) throws(RequestRejection) -> RequestLine {
        let parts = line.split(separator: ASCII.space, maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty else {
            throw .badRequest("the request line must be 'METHOD TARGET HTTP/1.1' with single spaces (RFC 9112 3)")
        }
        guard parts[0].allSatisfy(ASCII.isTokenByte) else {
            throw .badRequest("the method '\(text(parts[0]))' has a character a method cannot have (RFC 9110 9.1)")
        }
        guard parts[1].allSatisfy(ASCII.isTargetByte) else {
            throw .badRequest("the request target has a control, space or non-ASCII byte: percent-encode it")
        }
        let method = text(parts[0])
        let target = text(parts[1])
        let version = try version(parts[2])
        try checkForm(of: target, method: method)
        return RequestLine(method: method, target: target, version: version)
    }

    /// `field-name ":" OWS field-value OWS`; refuses obs-fold, whitespace before the colon and control bytes.
    static func headerField(_ line: ArraySlice<UInt8>) throws(RequestRejection) -> (name: String, value: String) {
        if let first = line.first, first == ASCII.space || first == ASCII.tab {
            throw .badRequest(
                "a header line starts with whitespace (obs-fold, RFC 9112 5.2): put each field on one line")
        }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
            throw .badRequest("the header line '\(text(line.prefix(64)))' has no ':' (RFC 9112 5)")
        }
        let name = line[..<colon]
        guard !name.isEmpty, name.allSatisfy(ASCII.isTokenByte) else {
            throw .badRequest(
                "the header name '\(text(name.prefix(64)))' is empty or has a character a name cannot have "
                    + "(no whitespace before ':', RFC 9112 5.1)")
        }
        var value = line[line.index(after: colon)...]
        while let byte = value.first, byte == ASCII.space || byte == ASCII.tab { value.removeFirst() }
        while let byte = value.last, byte == ASCII.space || byte == ASCII.tab { value.removeLast() }
        guard value.allSatisfy(ASCII.isFieldValueByte) else {
            throw .badRequest("the value of header '\(text(name))' has a control character (CR, LF or NUL)")
        }
        return (text(name), text(value))
    }

    /// How the body is delimited (RFC 9112 6.3), refusing every ambiguous combination that lets two
    /// servers in a chain see different requests (request smuggling).
    static func framing(of headers: [(name: String, value: String)], version: HTTPVersion) throws(RequestRejection)
        -> BodyFraming
    {
        var codings: [String] = []
        var lengths: [String] = []
        for (name, value) in headers {
            if name.caseInsensitiveEquals("Transfer-Encoding") {
                codings += value.split(separator: ",", omittingEmptySubsequences: false).map {
                    $0.trimmingASCIIWhitespace().lowercased()
                }
            } else if name.caseInsensitiveEquals("Content-Length") {
                lengths.append(value)
            }
        }
        if !codings.isEmpty {
            guard lengths.isEmpty else {
                throw .badRequest(
                    "the request has both Transfer-Encoding and Content-Length; send one (RFC 9112 6.1)")
            }
            guard version.isAtLeast11 else {
                throw .badRequest("Transfer-Encoding needs HTTP/1.1; an HTTP/1.0 body is sent with Content-Length")
            }
            if let unknown = codings.first(where: { $0 != "chunked" }) {
                guard !unknown.isEmpty else { throw .badRequest("Transfer-Encoding has an empty coding") }
                throw RequestRejection(501, "the transfer coding '\(unknown)' is not supported; send the body chunked")
            }
            guard codings.count == 1 else {
                throw .badRequest("Transfer-Encoding names chunked more than once (RFC 9112 7)")
            }
            return .chunked
        }
        guard let length = lengths.first else { return .none }
        guard lengths.count == 1 else {
            throw .badRequest("the request has \(lengths.count) Content-Length fields; send exactly one")
        }
        guard !length.isEmpty, length.utf8.count <= 18, length.utf8.allSatisfy(ASCII.isDigit), let count = Int(length)
        else {
            throw .badRequest("Content-Length '\(length.prefix(40))' is not a decimal number of bytes (RFC 9110 8.6)")
        }
        return count == 0 ? .none : .length(count)
    }

    /// The size of a chunk from its size line; extensions after `;` are ignored.
    static func chunkSize(_ line: ArraySlice<UInt8>) throws(RequestRejection) -> Int {
        let digits = line.prefix { $0 != UInt8(ascii: ";") && $0 != ASCII.space && $0 != ASCII.tab }
        guard !digits.isEmpty, digits.count <= 15 else {
            throw .badRequest("a chunk size line is not a hexadecimal size of at most 15 digits (RFC 9112 7.1)")
        }
        var size = 0
        for byte in digits {
            guard let digit = ASCII.hexValue(byte) else {
                throw .badRequest("the chunk size '\(text(digits.prefix(20)))' is not hexadecimal (RFC 9112 7.1)")
            }
            size = size << 4 | digit
        }
        let rest = line[digits.endIndex...].drop { $0 == ASCII.space || $0 == ASCII.tab }
        guard rest.isEmpty || rest.first == UInt8(ascii: ";"), rest.allSatisfy(ASCII.isFieldValueByte) else {
            throw .badRequest("a chunk size line has bytes after the size that are not a chunk extension")
        }
        return size
    }

    /// RFC 9112 3.2: an HTTP/1.1 request has exactly one Host field.
    static func checkHost(_ headers: [(name: String, value: String)], version: HTTPVersion) throws(RequestRejection) {
        let count = headers.lazy.filter { $0.name.caseInsensitiveEquals("Host") }.count
        if count > 1 { throw .badRequest("the request has \(count) Host fields; send exactly one (RFC 9112 3.2)") }
        if count == 0 && version.isAtLeast11 {
            throw .badRequest("an HTTP/1.1 request needs a Host field (RFC 9112 3.2)")
        }
    }

    /// Whether the client waits for `100 Continue` before sending the body; other expectations get 417.
    static func expectsContinue(_ headers: [(name: String, value: String)], version: HTTPVersion)
        throws(RequestRejection) -> Bool
    {
        guard let expect = headers.first(where: { $0.name.caseInsensitiveEquals("Expect") })?.value else {
            return false
        }
        guard expect.caseInsensitiveEquals("100-continue") else {
            throw RequestRejection(417, "the expectation '\(expect.prefix(40))' is not supported; only 100-continue")
        }
        return version.isAtLeast11  // RFC 9110 10.1.1: ignore it in an HTTP/1.0 request
    }

    /// Whether the connection ends after this exchange: `Connection: close`, or HTTP/1.0 without
    /// `Connection: keep-alive`.
    static func closesConnection(_ headers: [(name: String, value: String)], version: HTTPVersion) -> Bool {
        var close = false
        var keepAlive = false
        for (name, value) in headers where name.caseInsensitiveEquals("Connection") {
            for option in value.split(separator: ",") {
                let option = option.trimmingASCIIWhitespace()
                if option.caseInsensitiveEquals("close") { close = true }
                if option.caseInsensitiveEquals("keep-alive") { keepAlive = true }
            }
        }
        return close || (!version.isAtLeast11 && !keepAlive)
    }

    private static func version(_ bytes: ArraySlice<UInt8>) throws(RequestRejection) -> HTTPVersion {
        let chars = Array(bytes)
        guard chars.count == 8, chars.starts(with: Array("HTTP/".utf8)), ASCII.isDigit(chars[5]),
            chars[6] == UInt8(ascii: "."), ASCII.isDigit(chars[7])
        else {
            throw .badRequest("the request line does not end in an HTTP version such as HTTP/1.1 (RFC 9112 2.3)")
        }
        let version = HTTPVersion(major: Int(chars[5] - 0x30), minor: Int(chars[7] - 0x30))
        guard version.major == 1 else {
            throw RequestRejection(505, "\(version) is not supported: this server speaks HTTP/1.1 and HTTP/1.0")
        }
        return version
    }

    /// Origin form (`/path`), absolute form (`http://host/path`), asterisk form for `OPTIONS` only;
    /// `CONNECT` (authority form) is not served: this is not a proxy.
    private static func checkForm(of target: String, method: String) throws(RequestRejection) {
        if method == "CONNECT" {
            throw RequestRejection(501, "CONNECT is not supported: this server is not a proxy")
        }
        if target.hasPrefix("/") { return }
        if target == "*" {
            guard method == "OPTIONS" else { throw .badRequest("the target '*' is only for OPTIONS (RFC 9112 3.2.4)") }
            return
        }
        let lowered = target.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") { return }
        throw .badRequest("the request target '\(target.prefix(64))' is neither '/path' nor 'http://host/path'")
    }

    private static func text(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}

/// The parsed request line.
struct RequestLine: Equatable {
    let method: String
    let target: String
    let version: HTTPVersion
}

/// How a request's body is delimited.
enum BodyFraming: Equatable {
    case none
    case length(Int)
    case chunked
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs (OWS).
    func trimmingASCIIWhitespace() -> String {
        var text = self[...]
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return String(text)
    }
}
