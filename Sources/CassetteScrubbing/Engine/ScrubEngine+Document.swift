import Foundation

extension ScrubEngine {
    /// Every location of a document, in document order.
    mutating func walk(_ document: CassetteDocument) -> CassetteDocument {
        var result = document
        for (index, interaction) in document.interactions.enumerated() {
            result.interactions[index] = walk(interaction, path: [.key("interactions"), .index(index)])
        }
        return result
    }

    /// Whether the first pass registers nothing in any of `interactions`, decided in parallel over
    /// slices of them, each with an engine of its own: what the first pass registers in one
    /// interaction depends on nothing before it, so the slices' tables are all empty exactly when
    /// one pass over the whole document would leave its table empty. Stops at the first slice that
    /// registers something.
    static func registersNothing(in interactions: [Interaction], rules: ScrubRuleSet) -> Bool {
        let found = Locked(false)
        Parallel.forEachSlice(interactions.count, minimumSlice: 2) { range in
            var engine = ScrubEngine(rules: rules, masking: false)
            if !engine.registersNothing(in: interactions[range], unless: found) {
                found.withLock { $0 = true }
            }
        }
        return !found.withLock { $0 }
    }

    /// The first pass over `interactions` (a slice of the document's, with its indices), stopping
    /// at the first one that registers a secret, or once `stop` holds `true`.
    private mutating func registersNothing(in interactions: ArraySlice<Interaction>, unless stop: Locked<Bool>) -> Bool
    {
        phase = .collect
        for (index, interaction) in zip(interactions.indices, interactions) {
            if stop.withLock({ $0 }) { return false }
            _ = walk(interaction, path: [.key("interactions"), .index(index)])
            if !table.isEmpty { return false }
        }
        return true
    }

    /// Request, redirects, then response.
    mutating func walk(_ interaction: Interaction, path: [JSONPathComponent]) -> Interaction {
        var result = interaction
        // A request that creates a gateway's key credential (`POST /consumers/7/key-auth`) sends
        // the key itself; a request to `/keys` sends a name and permissions, and is left alone.
        walksKeys = ScrubEngine.names(interaction.request.url, oneOf: ScrubEngine.keyCredentialSegments)
        walksPlaintext = ScrubEngine.requestsCipher(interaction.request, "encrypt")
        result.request = walk(interaction.request, path: path + [.key("request")])
        walksKeys = false
        walksPlaintext = false
        for (index, hop) in interaction.redirects.enumerated() {
            let place = path + [.key("redirects"), .index(index)]
            result.redirects[index].url = process(hop.url, kind: .url, path: place + [.key("url")])
            result.redirects[index].headers = walk(hop.headers, path: place)
        }
        if case .response(let response) = interaction.outcome {
            let place = path + [.key("response")]
            walksTranslations = ScrubEngine.requestsTranslations(interaction.request.url)
            // `/api/i18n/keys` lists translation keys.
            walksKeys = !walksTranslations && ScrubEngine.requestsKeys(interaction.request.url)
            walksTokens = !walksTranslations && !walksKeys && ScrubEngine.requestsTokens(interaction.request.url)
            walksPlaintext = ScrubEngine.requestsCipher(interaction.request, "decrypt")
            defer {
                walksTranslations = false
                walksKeys = false
                walksTokens = false
                walksPlaintext = false
            }
            var scrubbed = response
            scrubbed.url = response.url.map { process($0, kind: .url, path: place + [.key("url")]) }
            scrubbed.headers = walk(response.headers, path: place)
            if var stream = response.stream {
                stream.chunks = walkStream(
                    stream.chunks, headers: response.headers, path: place + [.key("stream"), .key("chunks")])
                scrubbed.setStream(stream)
            } else {
                scrubbed.body = walkBody(
                    response.body, storedForm: response.storedForm, headers: response.headers,
                    path: place + [.key("body")])
            }
            result.outcome = .response(scrubbed)
        }
        return result
    }

    /// URL path segments that name a collection of API keys.
    static let keyCollectionSegments: Set<String> = keyCredentialSegments.union([
        "keys", "api-keys", "api_keys", "apikeys", "access-keys", "listkeys",
    ])

    /// Path segments that name a gateway's key-auth credentials of a consumer (Kong's and APISIX's
    /// `key-auth` plugin), whose requests carry the key.
    static let keyCredentialSegments: Set<String> = ["key-auth", "key_auth", "keyauth"]

    /// Path segments that name a collection of API tokens.
    static let tokenCollectionSegments: Set<String> = [
        "tokens", "api-tokens", "api_tokens", "access-tokens", "access_tokens",
    ]

    /// Whether a request is for API keys: its path's last segment, or the one before an id, names a
    /// collection of them (`/keys`, `/1/keys`, `/v1/api-keys/9f2c`), or it is Azure's `listKeys`.
    static func requestsKeys(_ url: String) -> Bool {
        names(url, oneOf: keyCollectionSegments)
    }

    /// Whether a request is for API tokens, named as ``requestsKeys(_:)`` names keys (Cloudflare's
    /// `/user/tokens`, npm's `/-/npm/v1/tokens`).
    static func requestsTokens(_ url: String) -> Bool {
        names(url, oneOf: tokenCollectionSegments)
    }

    /// Whether a request asks an encryption service to `operation` (`encrypt`, `decrypt`): a POST
    /// whose path's last segment, or the one before a key's name, is the operation
    /// (`/api/admin/encrypt`, `/v1/transit/decrypt/orders`), or ends in `:operation` (Cloud KMS's
    /// `…/cryptoKeys/k:encrypt`), or AWS KMS's `X-Amz-Target: TrentService.Encrypt`.
    static func requestsCipher(_ request: RecordedRequest, _ operation: String) -> Bool {
        guard request.method == "POST" else { return false }
        if names(request.url, oneOf: [operation]) { return true }
        let path = URLParts(request.url).path.lowercased()
        if path.hasSuffix(":" + operation) { return true }
        return request.headers.contains { header in
            header.name.lowercased() == "x-amz-target" && header.value.lowercased() == "trentservice." + operation
        }
    }

    /// Whether the path's last segment, or the one before an id, is one of `collections`.
    static func names(_ url: String, oneOf collections: Set<String>) -> Bool {
        let path = URLParts(url).path
        let segments = path.split(separator: "/").suffix(2).map { $0.lowercased() }
        return segments.last.map(collections.contains) == true
            || segments.count == 2 && collections.contains(segments[0])
    }

    /// Words of a URL path segment (or file name) that say the resource holds translations.
    static let translationWords: Set<String> = [
        "locale", "locales", "localization", "localizations", "localisation", "localisations", "i18n", "l10n",
        "translation", "translations", "lang", "langs", "language", "languages",
    ]

    /// Whether a request asks for translations: a path segment named by ``translationWords``
    /// (`/locales/de.json`, `/admin/realms/x/localization/de`), or `messages` with a `lang` or
    /// `locale` query item (`/messages.json?lang=fr`).
    static func requestsTranslations(_ url: String) -> Bool {
        let bytes = Array(url.utf8)
        let start = ScrubBytes.firstIndex(of: Array("://".utf8), in: bytes, from: 0).map { $0 + 3 } ?? 0
        let query = bytes[start...].firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? bytes.count
        // Whether the part of `bytes` at `range` is `word` (lower-case ASCII), in any ASCII case.
        func spells(_ range: Range<Int>, _ word: [UInt8]) -> Bool {
            range.count == word.count && ShapeBytes.matchesIgnoringCase(word, in: bytes, at: range.lowerBound)
        }
        var messages = false
        // The path's segments after the first (the host, or the first of a relative path), each
        // split into words at `.`, `-` and `_`.
        var segments = 0
        let named = forEachPart(of: bytes, start..<query, separatedBy: Array("/".utf8)) { segment in
            segments += 1
            guard segments > 1 else { return false }
            var first = true
            return forEachPart(of: bytes, segment, separatedBy: Array("._-".utf8)) { word in
                if translationWordBytes.contains(where: { spells(word, $0) }) { return true }
                if first, messagesWordBytes.contains(where: { spells(word, $0) }) { messages = true }
                first = false
                return false
            }
        }
        guard !named, messages, query < bytes.count else { return named }
        return forEachPart(of: bytes, (query + 1)..<bytes.count, separatedBy: Array("&".utf8)) { item in
            languageItemPrefixes.contains { prefix in
                item.count >= prefix.count && ShapeBytes.matchesIgnoringCase(prefix, in: bytes, at: item.lowerBound)
            }
        }
    }

    /// Calls `body` with each non-empty part of `range` between separators, until it returns
    /// `true`; whether it did.
    private static func forEachPart(
        of bytes: [UInt8], _ range: Range<Int>, separatedBy separators: [UInt8], _ body: (Range<Int>) -> Bool
    ) -> Bool {
        var start = range.lowerBound
        while start < range.upperBound {
            var end = start
            while end < range.upperBound, !separators.contains(bytes[end]) { end += 1 }
            if end > start, body(start..<end) { return true }
            start = end + 1
        }
        return false
    }

    /// ``translationWords`` as bytes.
    private static let translationWordBytes = translationWords.map { Array($0.utf8) }
    /// First words of a path segment that hold translations when a language is asked for.
    private static let messagesWordBytes = [Array("messages".utf8), Array("strings".utf8)]
    /// Query items that ask for a language.
    private static let languageItemPrefixes = ["lang=", "locale=", "language="].map { Array($0.utf8) }

    /// A stream's chunks, each where the cassette stores it, so the chunks keep their boundaries and a
    /// diff stays event by event: an event's JSON `data` and an NDJSON line walked as JSON, an
    /// event's other data as text, any other chunk as a body of the response's media type. Then
    /// what the events' streamed text holds once joined (a secret split across events).
    mutating func walkStream(_ chunks: [Data], headers: [HTTPHeader], path: [JSONPathComponent]) -> [Data] {
        let contentType = headers.value(for: "Content-Type")
        var result = chunks
        for (index, chunk) in chunks.enumerated() {
            let place = path + [.index(index)]
            let stored = StoredChunk(bytes: chunk, contentType: contentType)
            let changed: StoredChunk?
            switch stored {
            case .event(let name, let id, .json(let value)):
                let new = walkJSON(
                    value, place: JSONPlace(path: place + [.key("data")], inner: [], isText: false), scope: JSONScope())
                changed = new == value ? nil : .event(name: name, id: id, data: .json(new))
            case .event(let name, let id, .text(let text)):
                let new = process(text, kind: .text(nil), path: place + [.key("dataText")])
                changed = new == text ? nil : .event(name: name, id: id, data: .text(new))
            case .line(let value):
                let new = walkJSON(
                    value, place: JSONPlace(path: place + [.key("line")], inner: [], isText: false), scope: JSONScope())
                changed = new == value ? nil : .line(new)
            case .body:
                result[index] = walkBody(chunk, storedForm: nil, headers: headers, path: place) ?? chunk
                changed = nil
            }
            if phase == .replace, let changed, let bytes = try? changed.bytes() { result[index] = bytes }
        }
        guard ScrubEngine.isJoinedStreamType(contentType.map(MediaType.init)) else { return result }
        return joinedStream(phase == .replace ? result : chunks, path: path) ?? result
    }

    /// The events' streamed text (``streamFragments(_:)``) scrubbed as the one text it makes, each
    /// change made in the chunk that holds its fragment; `nil` when nothing changed.
    private mutating func joinedStream(_ chunks: [Data], path: [JSONPathComponent]) -> [Data]? {
        var joined: [UInt8] = []
        var starts: [Int] = []
        for chunk in chunks {
            starts.append(joined.count)
            joined.append(contentsOf: chunk)
        }
        let fragments = ScrubEngine.streamFragments(joined)
        guard let scrubbed = scrubJoined(fragments.map(\.text), path: path) else { return nil }
        var edits: [[Edit]] = Array(repeating: [], count: chunks.count)
        for (fragment, new) in zip(fragments, scrubbed) where new != fragment.text {
            // The chunk that holds the fragment whole (an event's line is never split by this form).
            guard let index = starts.lastIndex(where: { $0 <= fragment.range.lowerBound }),
                fragment.range.upperBound <= starts[index] + chunks[index].count
            else { continue }
            let local = (fragment.range.lowerBound - starts[index])..<(fragment.range.upperBound - starts[index])
            edits[index].append(Edit(range: local, replacement: ScrubBytes.jsonEscaped(new)))
        }
        var result = chunks
        for index in chunks.indices where !edits[index].isEmpty {
            if let text = ScrubEngine.apply(edits[index], to: Array(chunks[index])) { result[index] = Data(text.utf8) }
        }
        return result
    }

    /// URL, headers, then body.
    mutating func walk(_ request: RecordedRequest, path: [JSONPathComponent]) -> RecordedRequest {
        var result = request
        result.url = process(request.url, kind: .url, path: path + [.key("url")])
        result.headers = walk(request.headers, path: path)
        result.body = walkBody(
            request.body, storedForm: request.storedForm, headers: request.headers, path: path + [.key("body")])
        return result
    }

    /// Header values, each by the rule its name calls for.
    mutating func walk(_ headers: [HTTPHeader], path: [JSONPathComponent]) -> [HTTPHeader] {
        var result = headers
        for (index, header) in headers.enumerated() {
            let place = path + [.key("headers"), .index(index), .key("value")]
            result[index].value = processHeader(header, among: headers, path: place)
        }
        return result
    }

    /// A header's value scrubbed; `headers` are those sent with it (`Modal-Key` beside `Modal-Secret`:
    /// the key names the pair, the secret proves it).
    mutating func processHeader(_ header: HTTPHeader, among headers: [HTTPHeader] = [], path: [JSONPathComponent])
        -> String
    {
        let value = header.value
        let bytes = Array(value.utf8)
        switch ScrubHeaderStructure.of(header.name) {
        case .credentials:
            return process(
                value, utf8: bytes, kind: .plain,
                spans: credentialSpans(bytes, 0..<bytes.count, header: "\(header.name) header"),
                path: path)
        case .cookies(let allPairs):
            return process(
                value, utf8: bytes, kind: .plain, spans: cookieSpans(bytes, 0..<bytes.count, allPairs: allPairs),
                path: path)
        case .url:
            return process(value, utf8: bytes, kind: .url, path: path)
        case nil:
            let nameTraits = traits(header.name, in: .header)
            // `x-amzn-oidc-identity: <uuid>`: an identity named by an id is the user's id, not a
            // credential; only a name's last word `identity` makes it secret, and weakly.
            let isIdentityID =
                ScrubNameMatcher.words(header.name).last == "identity" && ShapeBytes.isUUID(bytes)
            // A publishable key under a secret's name (`apikey: <Supabase anon key>`) is public.
            let isPublic = !masking && ScrubEchoPolicy.isPublicByDesign(value)
            if rules.isEnabled(.secretHeader), nameTraits.contains(.secret), !isIdentityID, !isPublic,
                // A key header beside its secret header names the pair (asked of secret names only).
                bytes.count > 64 || !ScrubNameMatcher.isKeyBesideItsSecret(header.name, among: headers.lazy.map(\.name))
            {
                // `Signature: keyId="…",algorithm="…",signature="…"`: only the secret parameters.
                if !masking,
                    let spans = parameterSpans(
                        bytes, 0..<bytes.count, rule: rules.spec(.secretHeader),
                        summary: "value of header \(header.name)", byLook: true)
                {
                    return process(value, utf8: bytes, kind: .plain, spans: spans, path: path)
                }
                // Docker's `X-Registry-Auth`, base64 of `{"username", "password", "serveraddress"}`:
                // a document that names its secrets keeps its other members.
                if isDocumentNamingItsSecrets(value, bytes) {
                    return process(value, utf8: bytes, kind: .text(nil), path: path)
                }
                let span = Span(
                    range: 0..<bytes.count, secret: value, rule: rules.spec(.secretHeader),
                    summary: "value of header \(header.name)")
                return process(value, utf8: bytes, kind: .plain, spans: [span], path: path)
            }
            let saved = skipsEmail
            skipsEmail = nameTraits.contains(.messageID)
            defer { skipsEmail = saved }
            // A cursor (`x-ms-continuation`) is opaque however it is encoded: shapes and echoes only;
            // lines of text in base64 are text whatever the name (`X-Amz-Log-Result`).
            let isText =
                ScrubEngine.isJSONHeaderText(bytes) && !nameTraits.contains(.describing)
                || ScrubEngine.isBase64OfLines(bytes)
            return process(value, utf8: bytes, kind: isText ? .text(nil) : .plain, path: path)
        }
    }

    /// Header values that are JSON, base64 of JSON (`eyJ…` without the dots of a JWT:
    /// `X-Amz-Client-Context`, identity headers) or base64 of lines of text (Lambda's
    /// `X-Amz-Log-Result`, the tail of a function's log) are read as text; others for shapes,
    /// echoes and URLs only.
    static func isHeaderText(_ bytes: [UInt8]) -> Bool {
        isJSONHeaderText(bytes) || isBase64OfLines(bytes)
    }

    /// JSON, or base64 of JSON: `eyJ…` without the dots of a JWT.
    static func isJSONHeaderText(_ bytes: [UInt8]) -> Bool {
        if bytes.first == UInt8(ascii: "{") || bytes.first == UInt8(ascii: "[") { return true }
        return bytes.count >= 16 && bytes.starts(with: "eyJ".utf8) && !bytes.contains(UInt8(ascii: "."))
    }

    /// Padded base64 of UTF-8 text of more than one line, every byte printable or white space.
    static func isBase64OfLines(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 24, bytes.count % 4 == 0,
            bytes.allSatisfy({ ShapeBytes.isBase64($0) || $0 == UInt8(ascii: "=") }),
            let decoded = Data(base64Encoded: Data(bytes)), decoded.contains(0x0A),
            String(data: decoded, encoding: .utf8) != nil
        else { return false }
        return decoded.allSatisfy { $0 >= 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    }
}
