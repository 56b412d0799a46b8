import Foundation

/// The mapping from HAR entries to cassette interactions (no files: ``HARImporter`` reads and
/// writes them).
///
/// Each entry a `URLSession` client's replay could serve becomes one interaction, stored the way
/// recording stores it: the request as `RecordedRequest.canonicalizedForStorage()` leaves it with
/// its headers in `HTTPHeader.canonicalOrder(_:)` (less what ``HARHeaderPolicy`` leaves out), and
/// the response with its decoded body, without `Content-Encoding` and with a `Content-Length` that
/// fits the stored body. A redirect chain a browser logs as separate entries (a 3xx whose
/// `redirectURL` or `Location` names the URL of a later entry) becomes one interaction with its
/// hops, as `URLSession` shows a client. Each interaction's `recorded` day is the UTC day of its
/// first entry's `startedDateTime`.
///
/// A file written by `cassette export` (``HARArchive/isCassetteExport``) is read literally: headers,
/// URLs and order as written, redirect chains as its `_redirectHop` marks say, transport errors
/// from `_urlErrorCode`, so importing an export gives back the cassette it came from.
package enum HARImport {
    /// What the mapping made of a file's entries.
    package struct Result: Sendable, Equatable {
        package var interactions: [Interaction] = []
        /// How many entries the file had.
        package var entryCount = 0
        /// How many entries were left out, by reason.
        package var skipped: [HARSkipReason: Int] = [:]
        /// How many interactions the `--method` and `--url-pattern` filters left out.
        package var filteredOut = 0
        /// How many entries became redirect hops of another entry's interaction.
        package var mergedHops = 0
        /// How many responses declared a body (`content.size` above 0) but had no `content.text`,
        /// and were imported without one.
        package var withoutBodyText = 0
    }

    /// Maps the entries of `archive` to interactions, in recording order: by when each chain's first
    /// entry started (`startedDateTime`), entries that started together in file order. A file
    /// written by `cassette export` keeps its order.
    package static func interactions(from archive: HARArchive, options: HARImportOptions = HARImportOptions())
        -> Result
    {
        var result = Result(entryCount: archive.entries.count)
        let literal = archive.isCassetteExport
        var importable: [HARArchive.Entry] = []
        for entry in archive.entries {
            if let reason = skipReason(entry, literal: literal) {
                result.skipped[reason, default: 0] += 1
            } else {
                importable.append(entry)
            }
        }
        for chain in literal ? markedChains(importable) : inStartOrder(linkedChains(importable)) {
            let first = chain[0]
            let method = first.cassetteRequest?.method ?? first.request.method
            let url = first.cassetteRequest?.url ?? first.request.url
            guard options.keeps(method: method, url: url) else {
                result.filteredOut += 1
                continue
            }
            result.mergedHops += chain.count - 1
            let last = chain[chain.count - 1]
            if !literal, last.response.declaresContent, !last.response.hasText { result.withoutBodyText += 1 }
            result.interactions.append(interaction(chain, literal: literal))
        }
        return result
    }

    /// Why `entry` cannot become (part of) an interaction, or `nil` when it can.
    static func skipReason(_ entry: HARArchive.Entry, literal: Bool) -> HARSkipReason? {
        let url = entry.request.url.lowercased()
        if entry.request.method.uppercased() == "CONNECT" { return .connectTunnel }
        if url.hasPrefix("data:") { return .dataURL }
        if url.hasPrefix("blob:") { return .blobURL }
        let resourceType = entry.resourceType?.lowercased()
        if url.hasPrefix("ws:") || url.hasPrefix("wss:") || resourceType == "websocket" || entry.hasWebSocketMessages
            || entry.response.status == 101
        {
            return .webSocket
        }
        guard url.hasPrefix("http://") || url.hasPrefix("https://"), URL(string: entry.request.url) != nil else {
            return .notHTTP
        }
        if entry.response.status == 0 && entry.response.urlErrorCode == nil { return .noResponse }
        if literal { return nil }
        if entry.fromCache { return .cacheHit }
        if resourceType == "preflight" || entry.initiatorType?.lowercased() == "preflight" { return .preflight }
        if entry.response.status == 304 { return .notModified }
        if (100...199).contains(entry.response.status) { return .informational }
        return nil
    }

    /// `chains` by when their first entry started, keeping the file's order among chains that
    /// started at the same moment.
    static func inStartOrder(_ chains: [[HARArchive.Entry]]) -> [[HARArchive.Entry]] {
        let keyed = chains.enumerated().map { position, chain in
            (start: HARTimestamp.instant(of: chain[0].startedDateTime) ?? 0, position: position, chain: chain)
        }
        return keyed.sorted { ($0.start, $0.position) < ($1.start, $1.position) }.map(\.chain)
    }

    /// Chains as `cassette export` marks them: each `_redirectHop` entry continues with the next.
    static func markedChains(_ entries: [HARArchive.Entry]) -> [[HARArchive.Entry]] {
        var chains: [[HARArchive.Entry]] = []
        var current: [HARArchive.Entry] = []
        for entry in entries {
            current.append(entry)
            if !entry.isRedirectHop {
                chains.append(current)
                current = []
            }
        }
        if !current.isEmpty { chains.append(current) }
        return chains
    }

    /// Chains as a browser or proxy logs them: a redirect (301, 302, 303, 307, 308) whose
    /// `redirectURL` (or `Location`, resolved against the entry's URL) is the URL of a later entry
    /// not yet part of a chain continues with the first such entry.
    static func linkedChains(_ entries: [HARArchive.Entry]) -> [[HARArchive.Entry]] {
        var consumed = Array(repeating: false, count: entries.count)
        var chains: [[HARArchive.Entry]] = []
        for start in entries.indices where !consumed[start] {
            consumed[start] = true
            var chain = [entries[start]]
            var current = start
            while let target = redirectTarget(of: entries[current]),
                let next = entries.indices.first(where: {
                    $0 > current && !consumed[$0] && withoutFragment(entries[$0].request.url) == target
                })
            {
                consumed[next] = true
                chain.append(entries[next])
                current = next
            }
            chains.append(chain)
        }
        return chains
    }

    /// Where a redirect entry sends the client, without a fragment; `nil` when it is no redirect.
    static func redirectTarget(of entry: HARArchive.Entry) -> String? {
        guard [301, 302, 303, 307, 308].contains(entry.response.status) else { return nil }
        let written =
            entry.response.redirectURL.isEmpty
            ? entry.response.headers.value(for: "Location") ?? "" : entry.response.redirectURL
        guard !written.isEmpty else { return nil }
        guard let base = URL(string: entry.request.url), let resolved = URL(string: written, relativeTo: base) else {
            return withoutFragment(written)
        }
        return withoutFragment(resolved.absoluteString)
    }

    private static func withoutFragment(_ url: String) -> String {
        url.firstIndex(of: "#").map { String(url[..<$0]) } ?? url
    }

    /// The interaction of one chain: the first entry's request, the redirect hops, and the last
    /// entry's outcome.
    static func interaction(_ chain: [HARArchive.Entry], literal: Bool) -> Interaction {
        let first = chain[0]
        let last = chain[chain.count - 1]
        var request = RecordedRequest(
            method: first.cassetteRequest?.method ?? first.request.method,
            url: first.cassetteRequest?.url ?? first.request.url,
            headers: literal
                ? first.request.headers
                : HTTPHeader.canonicalOrder(
                    first.request.headers.filter { HARHeaderPolicy.keepsRequestHeader($0.name) }),
            body: first.request.body)
        if !literal { request = InteractionStorage.request(request) }
        let hops = chain.dropLast().map { entry in
            let hop = RedirectHop(
                method: entry.request.method, url: entry.request.url, status: entry.response.status,
                headers: literal ? entry.response.headers : entry.response.headers.filter { !$0.name.hasPrefix(":") })
            return literal ? hop : InteractionStorage.redirect(hop)
        }
        let recorded = first.day == HARTimestamp.unknownDay ? nil : first.day
        if last.response.status == 0, let code = last.response.urlErrorCode {
            return Interaction(
                request: request, redirects: hops, outcome: .failure(TransportError(code: code)), recorded: recorded)
        }
        var response: RecordedResponse
        if literal {
            response = RecordedResponse(
                status: last.response.status, url: last.cassetteResponseURL, headers: last.response.headers,
                body: last.response.body)
        } else {
            // As recording stores what URLSession hands over: the HAR's text is decoded, so
            // `Content-Encoding` goes; the final URL of a chain is kept when it differs.
            let received = RecordedResponse(
                status: last.response.status, url: chain.count > 1 ? last.request.url : nil,
                headers: last.response.headers.filter { HARHeaderPolicy.keepsResponseHeader($0.name) },
                body: last.response.body)
            response = InteractionStorage.response(received, requestURL: request.url)
        }
        return Interaction(request: request, redirects: hops, outcome: .response(response), recorded: recorded)
    }
}

/// Why `cassette import` leaves a HAR entry out: the exchange is nothing a `URLSession` client's
/// replay could serve.
package enum HARSkipReason: Int, Sendable, CaseIterable, Comparable {
    /// No response arrived (`status` 0, a browser's `_error`): aborted, blocked or failed
    /// requests. A file written by `cassette export` marks its transport errors so they come back.
    case noResponse
    /// `_fromCache`: the browser answered from its memory or disk cache without asking the server.
    case cacheHit
    /// `304 Not Modified`: the server answered a conditional request the browser's (or
    /// `URLSession`'s) cache added; the body the client saw is in that cache, not in the file.
    case notModified
    /// A `data:` URL: no request went out.
    case dataURL
    /// A `blob:` URL: browser memory, no request went out.
    case blobURL
    /// A WebSocket (`ws:`/`wss:`, `_resourceType: websocket`, `_webSocketMessages`, a `101`
    /// upgrade): a cassette replays request-response exchanges only.
    case webSocket
    /// A `CONNECT` request: a proxy tunnel, not an exchange the client made.
    case connectTunnel
    /// A CORS preflight (`_resourceType`/`_initiator` `preflight`): the browser's own request,
    /// which `URLSession` never sends.
    case preflight
    /// An informational `1xx` response other than a WebSocket upgrade: not a final answer.
    case informational
    /// Any other URL that is not `http` or `https`, or not a URL `URLSession` can load.
    case notHTTP

    package static func < (lhs: HARSkipReason, rhs: HARSkipReason) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The reason as a summary lists it, for `count` entries: `2 served from the browser's cache`.
    package func phrase(count: Int) -> String {
        let plural = count != 1
        let words: String
        switch self {
        case .noResponse: words = "without a response"
        case .cacheHit: words = "served from the browser's cache"
        case .notModified: words = "304 Not Modified (the body is in a cache, not in the file)"
        case .dataURL: words = plural ? "data: URLs" : "data: URL"
        case .blobURL: words = plural ? "blob: URLs" : "blob: URL"
        case .webSocket: words = plural ? "WebSockets" : "WebSocket"
        case .connectTunnel: words = plural ? "CONNECT tunnels" : "CONNECT tunnel"
        case .preflight: words = plural ? "CORS preflights" : "CORS preflight"
        case .informational: words = plural ? "informational 1xx responses" : "informational 1xx response"
        case .notHTTP: words = "not http or https"
        }
        return "\(count) \(words)"
    }
}

/// Which headers of a HAR file a cassette keeps.
///
/// A browser or proxy logs the headers that went over the wire; a cassette stores the headers the
/// code under test set on its `URLRequest` (replay matches on method, URL and body, and serves the
/// response headers back). So `cassette import` leaves out of each request the headers the
/// transport or the browser adds on its own, which no client code sets:
///
/// - HTTP/2 and HTTP/3 pseudo-headers (`:authority`, `:method`, `:path`, `:scheme`);
/// - the Fetch standard's forbidden request headers, which only a browser's network stack may set:
///   `Accept-Charset`, `Accept-Encoding`, `Access-Control-Request-Headers`,
///   `Access-Control-Request-Method`, `Connection`, `Content-Length`, `Cookie`, `Cookie2`, `Date`,
///   `DNT`, `Expect`, `Host`, `Keep-Alive`, `Origin`, `Referer`, `TE`, `Trailer`,
///   `Transfer-Encoding`, `Upgrade`, `Via`, and every `Proxy-…` and `Sec-…` header. `URLSession`
///   adds the same kind itself (`Host`, `Connection`, `Content-Length`, `Accept-Encoding`, and
///   `Cookie` from its cookie storage).
///
/// `User-Agent`, `Accept`, `Accept-Language`, `Authorization` and custom headers are kept: client
/// code sets them, and the scrubber masks the secret ones. Responses lose only pseudo-headers and,
/// because a HAR's `content.text` is always decoded, `Content-Encoding`.
package enum HARHeaderPolicy {
    static let forbiddenRequestHeaders: Set<String> = [
        "accept-charset", "accept-encoding", "access-control-request-headers", "access-control-request-method",
        "connection", "content-length", "cookie", "cookie2", "date", "dnt", "expect", "host", "keep-alive", "origin",
        "referer", "te", "trailer", "transfer-encoding", "upgrade", "via",
    ]

    /// Whether `cassette import` keeps a request header named `name` from a browser or proxy capture.
    package static func keepsRequestHeader(_ name: String) -> Bool {
        let lowered = name.lowercased()
        if lowered.hasPrefix(":") || lowered.hasPrefix("proxy-") || lowered.hasPrefix("sec-") { return false }
        return !forbiddenRequestHeaders.contains(lowered)
    }

    /// Whether `cassette import` keeps a response header named `name` from a browser or proxy capture.
    package static func keepsResponseHeader(_ name: String) -> Bool {
        !name.hasPrefix(":") && !HTTPHeader.namesEqual(name, "Content-Encoding")
    }
}

/// One `postData.params[]` element of a HAR request, and how a list of them becomes the body a
/// client sent: `application/x-www-form-urlencoded` fields, or `multipart/form-data` parts.
package struct HARFormField: Sendable, Equatable {
    package var name: String
    package var value: String
    package var fileName: String?
    package var contentType: String?

    package init(name: String, value: String, fileName: String? = nil, contentType: String? = nil) {
        self.name = name
        self.value = value
        self.fileName = fileName
        self.contentType = contentType
    }

    /// The body the fields stand for under `mimeType`: multipart parts separated by its boundary
    /// when it is `multipart/form-data` with one, URL-encoded fields otherwise.
    package static func body(of fields: [HARFormField], mimeType: String) -> Data {
        let mediaType = MediaType(mimeType)
        if mediaType.isMultipart, let boundary = mediaType.parameter("boundary"), !boundary.isEmpty {
            var text = ""
            for field in fields {
                text += "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(field.name)\""
                if let fileName = field.fileName { text += "; filename=\"\(fileName)\"" }
                text += "\r\n"
                if let contentType = field.contentType, !contentType.isEmpty {
                    text += "Content-Type: \(contentType)\r\n"
                }
                text += "\r\n\(field.value)\r\n"
            }
            text += "--\(boundary)--\r\n"
            return Data(text.utf8)
        }
        let encoded = fields.map { formEncoded($0.name) + "=" + formEncoded($0.value) }
        return Data(encoded.joined(separator: "&").utf8)
    }

    /// `text` encoded as a form field: unreserved characters kept, spaces as `+`, the rest
    /// percent-encoded.
    private static func formEncoded(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "*"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: " "):
                result += "+"
            default:
                result += String(format: "%%%02X", byte)
            }
        }
        return result
    }
}
