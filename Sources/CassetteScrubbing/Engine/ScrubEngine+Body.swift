import Foundation

extension ScrubEngine {
    /// A body, kept in the storage form the cassette gives it: JSON scrubbed structurally and
    /// re-encoded only when something changed; text read whatever its media type claims; bodies
    /// stored as base64 decoded by their charset when they are text in another encoding, else
    /// searched in their printable runs, with replacements of the same length.
    mutating func walkBody(_ body: Data?, storedForm: StoredBody?, headers: [HTTPHeader], path: [JSONPathComponent])
        -> Data?
    {
        guard let body, !body.isEmpty else { return body }
        let contentType = headers.value(for: "Content-Type")
        let stored: StoredBody
        if phase == .collect {
            stored = storedForm ?? StoredBody(bytes: body, contentType: contentType)
            bodies.append(stored)
        } else {
            stored = bodies[nextBody]
            nextBody += 1
        }
        let mediaType = contentType.map(MediaType.init)
        switch stored {
        case .json(let value):
            let place = JSONPlace(path: path + [.key("json")], inner: [], isText: false)
            let scrubbed = walkJSON(value, place: place, scope: JSONScope())
            guard phase == .replace, scrubbed != value else { return body }
            return Data(JSONWriter.bytes(of: scrubbed, style: .compact))
        case .text(let text):
            if let chunks = ScrubEngine.binaryBase64Chunks(text, mediaType: mediaType) {
                places.append("in the base64-decoded binary body")
                defer { places.removeLast() }
                return walkBinaryBase64(text, chunks: chunks, mediaType: mediaType, path: path + [.key("text")])
                    .map { Data($0.utf8) } ?? body
            }
            // Server-sent events and part streams: what the events' text holds once joined, then each
            // event's own. The joined text goes first, so that a piece of a secret split across events
            // (the host of `postgres://app:pass@db.internal` read alone as an address) does not stand
            // in the way of the whole.
            var joined = text
            if ScrubEngine.startsLikeEventStream(text)
                || ScrubEngine.isJoinedStream(text.utf8, mediaType: mediaType)
            {
                if let scrubbed = scrubStream(text, path: path + [.key("text")]), phase == .replace {
                    joined = scrubbed
                }
            }
            let spans = secretBodySpan(text, mediaType: mediaType)
            let scrubbed = process(
                joined, kind: spans.isEmpty ? .text(mediaType) : .plain, spans: spans, path: path + [.key("text")])
            return scrubbed == text ? body : Data(scrubbed.utf8)
        case .base64:
            return walkBinary(Array(body), mediaType: mediaType, path: path + [.key("base64")]).map { Data($0) } ?? body
        }
    }

    /// A body whose media type names a secret (a key store's `application/x-rundeck-data-password`,
    /// a `text/x-secret`) holding one value of 8 to 4,096 bytes without blanks: the value is the
    /// secret. Any other body of such a type is read as text.
    func secretBodySpan(_ text: String, mediaType: MediaType?) -> [Span] {
        guard let essence = mediaType?.essence, let slash = essence.firstIndex(of: "/"),
            rules.isEnabled(.secretField)
        else { return [] }
        let subtype = String(essence[essence.index(after: slash)...])
        var value = text.utf8[...]
        while let last = value.last, last == 0x0A || last == 0x0D { value = value.dropLast() }
        guard (8...4096).contains(value.count), !value.contains(where: { $0 <= 0x20 }),
            !ScrubBytes.contains(text, "SCRUBBED"), isSecretName(subtype, in: .jsonKey)
        else { return [] }
        return [
            Span(
                range: 0..<value.count, secret: String(decoding: value, as: UTF8.self), rule: rules.spec(.secretField),
                summary: "body of a \(essence) upload")
        ]
    }

    /// The bytes of a body that is not UTF-8 text, with secrets replaced; `nil` when nothing changed.
    mutating func walkBinary(_ bytes: [UInt8], mediaType: MediaType?, path: [JSONPathComponent]) -> [UInt8]? {
        if let archive = walkArchive(bytes, path: path) { return archive }
        if let boundary = ScrubEngine.multipartBoundary(bytes, hint: mediaType) {
            return walkMultipart(bytes, boundary: boundary, path: path)
        }
        if let (text, encoding, name) = ScrubEngine.decodedText(bytes, mediaType: mediaType) {
            places.append(name.map { "in the \($0) text of the body" } ?? "")
            defer { places.removeLast() }
            let scrubbed = process(text, kind: .text(mediaType), path: path)
            guard scrubbed != text, let data = scrubbed.data(using: encoding, allowLossyConversion: false) else {
                return nil
            }
            return Array(data)
        }
        // An AWS event stream, or segments each after its length, framed again around what they hold.
        if let stream = walkEventStream(bytes, path: path) { return stream }
        if let segments = walkLengthFramedSegments(bytes, path: path) { return segments }
        let saved = fitsLength
        fitsLength = true
        defer { fitsLength = saved }
        let protobuf = ScrubEngine.protobufText(bytes, mediaType: mediaType)
        if phase == .collect, let protobuf, rules.isEnabled(.secretField) {
            registerProtobufSecrets(bytes, protobuf, call: ScrubEngine.isRPC(mediaType))
        }
        if phase == .collect, rules.isEnabled(.secretField), ScrubEngine.isMessagePack(mediaType, bytes) {
            registerMessagePackSecrets(bytes)
        }
        if phase == .collect, rules.isEnabled(.secretField), let password = ScrubEngine.mqttConnectPassword(bytes),
            let secret = String(validating: bytes[password], as: UTF8.self)
        {
            registerFramed(secret, summary: "password of an MQTT CONNECT packet")
        }
        var output: [UInt8] = []
        var cursor = 0
        // A protobuf message's strings are read one by one: a length byte that is printable (`7`
        // before a 55-byte `Bearer …`) would otherwise join the text it frames.
        for run in protobuf.flatMap({ $0.whole ? $0.strings : nil }) ?? ScrubEngine.printableRuns(bytes) {
            places.append("in the printable text at bytes \(run.lowerBound)..<\(run.upperBound) of the binary body")
            let text = ScrubBytes.string(bytes, run)
            let scrubbed = process(text, kind: .text(nil), path: path)
            places.removeLast()
            guard scrubbed != text else { continue }
            output.append(contentsOf: bytes[cursor..<run.lowerBound])
            output.append(contentsOf: scrubbed.utf8)
            cursor = run.upperBound
        }
        guard cursor > 0 else { return nil }
        output.append(contentsOf: bytes[cursor...])
        return output
    }

    /// Registers the secrets of a protobuf body that no shape finds: the value of a pair whose name
    /// says secret (an OTLP attribute `http.request.header.authorization`, a map entry `password`),
    /// and in a remote call's messages (gRPC, Connect) the strings that look like credentials.
    private mutating func registerProtobufSecrets(_ bytes: [UInt8], _ protobuf: ScrubEngine.ProtobufText, call: Bool) {
        var secrets: [(String, String)] = []
        for pair in protobuf.pairs {
            let name = ScrubBytes.string(bytes, pair.name)
            guard isSecretName(name, in: .jsonKey) || isSecretName(name, in: .header) else { continue }
            secrets.append((ScrubBytes.string(bytes, pair.value), "value of protobuf pair \"\(name)\""))
        }
        if call {
            secrets += ScrubEngine.grpcCredentialStrings(bytes, protobuf).map {
                ($0, "credential-like string in an RPC message")
            }
        }
        for (secret, summary) in secrets { registerFramed(secret, summary: summary) }
    }

    /// Registers a secret that a binary format's structure names (a protobuf pair's value, an MQTT
    /// password), unless it holds a placeholder: scrubbed already (`password=SCRUBBED-SECRET-1`, a
    /// JWT placeholder fitted to its field with `*`).
    private mutating func registerFramed(_ secret: String, summary: String) {
        guard
            masking
                || !ScrubBytes.contains(secret, "SCRUBBED")
                    && !ScrubBytes.contains(secret, ScrubPlaceholderStyle.jwtHeader)
        else { return }
        table.register(secret, rule: rules.spec(.secretField), summary: summary, byShape: false)
    }

    /// Whether a text starts like a stream of server-sent events (`data:`, `event:`, `id:`, `:`).
    static func startsLikeEventStream(_ text: String) -> Bool {
        text.hasPrefix("data:") || text.hasPrefix("event:") || text.hasPrefix("id:") || text.hasPrefix(":")
            || isPartStream(Array(text.utf8.prefix(64)))
    }

    /// A stream of typed parts, one a line (the AI SDK's data stream: `f:{…}`, `0:"text"`, `e:{…}`):
    /// a letter or digit, a colon, then JSON.
    static func isPartStream(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 4 && ShapeBytes.isAlphanumeric(bytes[0]) && bytes[1] == UInt8(ascii: ":")
            && (bytes[2] == UInt8(ascii: "{") || bytes[2] == 0x22 || bytes[2] == UInt8(ascii: "["))
    }

    /// The decoded chunks of a text body that is base64 of binary data, each chunk padded on its
    /// own (gRPC-web text sends each frame as its own base64): for `application/grpc-web-text`, or
    /// any body that is base64 throughout and decodes to bytes that are not text. `nil` otherwise.
    static func binaryBase64Chunks(_ text: String, mediaType: MediaType?) -> [[UInt8]]? {
        let bytes = Array(text.utf8)
        let declared = mediaType?.essence.hasPrefix("application/grpc-web-text") == true
        guard bytes.count >= 16, declared || bytes.count % 4 == 0 else { return nil }
        var chunks: [[UInt8]] = []
        var start = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard
                ShapeBytes.isAlphanumeric(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "/")
                    || byte == UInt8(ascii: "=")
            else { return nil }
            index += 1
            // A chunk ends after its padding.
            if byte == UInt8(ascii: "="), index == bytes.count || bytes[index] != UInt8(ascii: "=") {
                guard let data = Data(base64Encoded: Data(bytes[start..<index])) else { return nil }
                chunks.append([UInt8](data))
                start = index
            }
        }
        if start < bytes.count {
            guard let data = Data(base64Encoded: Data(bytes[start...])) else { return nil }
            chunks.append([UInt8](data))
        }
        let joined = chunks.joined()
        guard declared || (joined.contains(0) && String(validating: Array(joined), as: UTF8.self) == nil) else {
            return nil
        }
        return chunks
    }

    /// A body of base64 chunks of binary data, each decoded, scrubbed as a binary body (placeholders
    /// of the same length, so frame lengths hold) and encoded again on its own.
    private mutating func walkBinaryBase64(
        _ text: String, chunks: [[UInt8]], mediaType: MediaType?, path: [JSONPathComponent]
    ) -> String? {
        var changed = false
        var output = ""
        // gRPC-web text is gRPC frames; the frames' media type is gRPC's.
        let framed = ScrubEngine.isGRPC(mediaType) ? MediaType("application/grpc") : nil
        for chunk in chunks {
            if let scrubbed = walkBinary(chunk, mediaType: framed, path: path), scrubbed.count == chunk.count {
                changed = true
                output += Data(scrubbed).base64EncodedString()
            } else {
                output += Data(chunk).base64EncodedString()
            }
        }
        return changed ? output : nil
    }

    /// A multipart body with binary parts: each part's contents read by what they are.
    private mutating func walkMultipart(_ bytes: [UInt8], boundary: String, path: [JSONPathComponent]) -> [UInt8]? {
        var output: [UInt8] = []
        var cursor = 0
        for part in ScrubEngine.multipartParts(bytes, boundary: boundary) {
            let content = Array(bytes[part.content])
            places.append("in multipart part \"\(part.label)\"")
            defer { places.removeLast() }
            let secretField = part.name.flatMap { name in
                part.fileName == nil && isSecretName(name, in: .formField) ? "multipart field \"\(name)\"" : nil
            }
            guard
                let replacement = walkPiece(content, mediaType: part.contentType, secretField: secretField, path: path)
            else { continue }
            output.append(contentsOf: bytes[cursor..<part.content.lowerBound])
            output.append(contentsOf: replacement)
            cursor = part.content.upperBound
        }
        guard cursor > 0 else { return nil }
        output.append(contentsOf: bytes[cursor...])
        return output
    }

    /// What one piece of a body becomes (a multipart part, a length-framed segment): text scrubbed
    /// as text, wholly a secret when `secretField` names the field that holds it, and other bytes
    /// walked as a binary body of their own; `nil` when nothing changed.
    mutating func walkPiece(
        _ content: [UInt8], mediaType: MediaType?, secretField: String? = nil, path: [JSONPathComponent]
    )
        -> [UInt8]?
    {
        guard let text = StoredBody.plainText(Data(content)) else {
            return walkBinary(content, mediaType: mediaType, path: path)
        }
        let spans = secretField.map { field in
            [Span(range: 0..<content.count, secret: text, rule: rules.spec(.secretField), summary: "value of \(field)")]
        }
        let scrubbed = process(text, kind: spans == nil ? .text(mediaType) : .plain, spans: spans ?? [], path: path)
        return scrubbed == text ? nil : Array(scrubbed.utf8)
    }

    /// The text of a body that is text in an encoding other than clean UTF-8: by its `charset`
    /// (`ISO-8859-1` HTML), UTF-8 with a few control characters, or Latin-1 for a textual media type
    /// without a charset. The name of the charset is for findings (`nil` for UTF-8).
    static func decodedText(_ bytes: [UInt8], mediaType: MediaType?) -> (String, String.Encoding, String?)? {
        if let charset = mediaType?.parameter("charset"), let encoding = ScrubTextCodecs.encoding(ofCharset: charset),
            let text = String(bytes: bytes, encoding: encoding)
        {
            return (text, encoding, charset.uppercased())
        }
        guard !bytes.contains(0) else { return nil }
        let controls = bytes.filter { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }.count
        if let text = String(validating: bytes, as: UTF8.self), controls * 100 <= bytes.count {
            return (text, .utf8, nil)
        }
        if let mediaType, mediaType.isTextual, controls * 100 <= bytes.count,
            let text = String(bytes: bytes, encoding: .isoLatin1)
        {
            return (text, .isoLatin1, "ISO-8859-1")
        }
        return nil
    }

    /// Printable ASCII, tabs and line breaks included: what a binary body's text is read from.
    @inline(__always) static func isPrintable(_ byte: UInt8) -> Bool {
        (byte >= 0x20 && byte < 0x7F) || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Runs of at least eight printable ASCII characters (tab, LF and CR included).
    static func printableRuns(_ bytes: [UInt8]) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var start = 0
        for index in 0...bytes.count {
            if index < bytes.count, isPrintable(bytes[index]) { continue }
            if index - start >= 8 { runs.append(start..<index) }
            start = index + 1
        }
        return runs
    }
}
