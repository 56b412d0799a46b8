import Foundation

/// A fault injected on top of a cassette (`"faults"` in `.cassette.json`, or
/// `Cassette.Options(faults:)`): requests the ``request`` pattern selects fail with a `URLError`,
/// answer another status, get a truncated body or a delay, on the Nth such call or on every one.
///
/// ```json
/// "faults": [ { "request": "GET */v1/orders*", "error": "timedOut", "on": 1 },
///             { "request": "POST */v1/payments*", "status": 503 } ]
/// ```
///
/// A fault with an `error` or a `status` answers in place of the cassette, so it needs no recording
/// and uses none up: a fault on the second call followed by a success needs one recorded answer.
/// A `truncate` or a `delay` alone changes the recorded answer as it is served.
public struct FaultRule: Sendable, Equatable {
    /// The requests the rule applies to (the `CASSETTE_RERECORD` syntax: `POST */v1/orders*`).
    public var request: RequestPattern
    /// Fail the request with this `URLError` code (after the truncated body, when there is one).
    public var error: URLError.Code?
    /// Answer with this status and an empty body instead of the recorded answer.
    public var status: Int?
    /// Serve only the first this many bytes of the recorded body.
    public var truncate: Int?
    /// Answer after this many milliseconds (more than the request's `timeoutInterval` fails it with
    /// `URLError(.timedOut)`).
    public var delayMilliseconds: Int?
    /// The 1-based call, among the requests the pattern selects, the fault applies to; `nil` for
    /// every call.
    public var on: Int?

    public init(
        request: RequestPattern, error: URLError.Code? = nil, status: Int? = nil, truncate: Int? = nil,
        delayMilliseconds: Int? = nil, on: Int? = nil
    ) {
        self.request = request
        self.error = error
        self.status = status
        self.truncate = truncate
        self.delayMilliseconds = delayMilliseconds
        self.on = on
    }

    /// Whether the rule answers in place of the cassette (an error or a status) rather than changing
    /// the recorded answer.
    public var replacesAnswer: Bool { error != nil || status != nil }

    /// The keys a rule in `.cassette.json` may hold.
    package static let fileKeys = ["delay", "error", "on", "request", "status", "truncate"]

    /// The `URLError` codes a rule may name, by name.
    package static let errorNames: [(name: String, code: URLError.Code)] = [
        ("appTransportSecurityRequiresSecureConnection", .appTransportSecurityRequiresSecureConnection),
        ("badServerResponse", .badServerResponse), ("badURL", .badURL), ("cancelled", .cancelled),
        ("cannotConnectToHost", .cannotConnectToHost), ("cannotDecodeContentData", .cannotDecodeContentData),
        ("cannotDecodeRawData", .cannotDecodeRawData), ("cannotFindHost", .cannotFindHost),
        ("cannotParseResponse", .cannotParseResponse), ("clientCertificateRejected", .clientCertificateRejected),
        ("dataLengthExceedsMaximum", .dataLengthExceedsMaximum), ("dataNotAllowed", .dataNotAllowed),
        ("dnsLookupFailed", .dnsLookupFailed), ("httpTooManyRedirects", .httpTooManyRedirects),
        ("internationalRoamingOff", .internationalRoamingOff), ("networkConnectionLost", .networkConnectionLost),
        ("notConnectedToInternet", .notConnectedToInternet), ("resourceUnavailable", .resourceUnavailable),
        ("secureConnectionFailed", .secureConnectionFailed),
        ("serverCertificateUntrusted", .serverCertificateUntrusted),
        ("timedOut", .timedOut), ("unknown", .unknown), ("unsupportedURL", .unsupportedURL),
        ("userAuthenticationRequired", .userAuthenticationRequired), ("zeroByteResource", .zeroByteResource),
    ]

    /// Reads a rule of the `"faults"` array.
    init(file reader: JSONObjectReader) throws(JSONShapeError) {
        let text = try reader.string("request")
        guard let pattern = RequestPattern(text) else {
            throw JSONShapeError(
                path: reader.path + [.key("request")],
                message: "\"\(text)\" is not a request pattern like \"POST */v1/orders*\" or \"/v1/users/1\"")
        }
        request = pattern
        if let name = try reader.optionalString("error") {
            guard let code = FaultRule.errorNames.first(where: { $0.name == name })?.code else {
                let valid = FaultRule.errorNames.map { "\"\($0.name)\"" }.joined(separator: ", ")
                throw JSONShapeError(
                    path: reader.path + [.key("error")],
                    message: "unknown URLError code \"\(name)\"; valid names are \(valid)")
            }
            error = code
        }
        status = try reader.optionalInteger("status", in: 100...599)
        truncate = try reader.optionalInteger("truncate", in: 0...Int.max)
        delayMilliseconds = try reader.optionalInteger("delay", in: 0...600_000)
        on = try reader.optionalInteger("on", in: 1...Int.max)
        if error != nil && status != nil {
            throw JSONShapeError(
                path: reader.path + [.key("status")], message: "a fault has an \"error\" or a \"status\", not both",
                atKey: true)
        }
        if error == nil && status == nil && truncate == nil && delayMilliseconds == nil {
            throw JSONShapeError(
                path: reader.path,
                message: "a fault needs one of \"error\", \"status\", \"truncate\" or \"delay\"")
        }
    }
}

/// A host, or host and port, that bypasses cassettes (`"passthrough"` in `.cassette.json`, or
/// `Cassette.Options(passthrough:)`): `localhost:5432`, `*.internal.example`, `127.0.0.1:*`.
///
/// `*` stands for any run of characters; the host is compared ignoring case; a pattern without a
/// port matches every port.
public struct HostPattern: Sendable, Hashable, CustomStringConvertible {
    /// The host glob, lower-cased.
    public var host: String
    /// The port glob; `nil` matches any port.
    public var port: String?

    /// Reads `host` or `host:port` (`[::1]:8080` for an IPv6 address).
    ///
    /// - Returns: `nil` for empty text, a space, or an empty host or port.
    public init?(_ text: String) {
        guard !text.isEmpty, !text.contains(" "), !text.contains("/") else { return nil }
        var host = Substring(text)
        var port: Substring?
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            host = text[text.index(after: text.startIndex)..<close]
            let rest = text[text.index(after: close)...]
            if !rest.isEmpty {
                guard rest.hasPrefix(":") else { return nil }
                port = rest.dropFirst()
            }
        } else if let colon = text.lastIndex(of: ":") {
            host = text[..<colon]
            port = text[text.index(after: colon)...]
        }
        guard !host.isEmpty, port?.isEmpty != true else { return nil }
        self.host = host.lowercased()
        self.port = port.map(String.init)
    }

    public var description: String {
        let shown = host.contains(":") ? "[\(host)]" : host
        return port.map { "\(shown):\($0)" } ?? shown
    }

    /// Whether a request to `url` (absolute) is selected.
    public func matches(url: String) -> Bool {
        let parts = URLParts(url)
        var requestHost = parts.host.lowercased()
        guard !requestHost.isEmpty else { return false }
        if requestHost.hasPrefix("[") && requestHost.hasSuffix("]") {
            requestHost = String(requestHost.dropFirst().dropLast())
        }
        guard RequestPattern.glob(Array(host.utf8), matches: Array(requestHost.utf8)) else { return false }
        guard let port else { return true }
        let requestPort = parts.port ?? (parts.scheme.lowercased() == "https" ? "443" : "80")
        return RequestPattern.glob(Array(port.utf8), matches: Array(requestPort.utf8))
    }

    /// Whether `host` looks like one a test reaches on its own machine or network (a miss to it may
    /// want ``HostPattern`` rather than a recording).
    package static func looksLocal(_ host: String) -> Bool {
        let host = host.lowercased()
        if ["localhost", "::1", "[::1]", "0.0.0.0", "host.docker.internal"].contains(host) { return true }
        if host.hasPrefix("127.") || host.hasPrefix("10.") || host.hasPrefix("192.168.") || host.hasPrefix("169.254.") {
            return true
        }
        return [".local", ".localhost", ".internal", ".lan"].contains { host.hasSuffix($0) }
    }
}
