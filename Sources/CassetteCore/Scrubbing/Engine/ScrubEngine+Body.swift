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
            let scrubbed = process(text, kind: .text(mediaType), path: path + [.key("text")])
            return scrubbed == text ? body : Data(scrubbed.utf8)
        case .base64:
            return walkBinary(Array(body), mediaType: mediaType, path: path + [.key("base64")]).map { Data($0) } ?? body
        }
    }

    /// The bytes of a body that is not UTF-8 text, with secrets replaced; `nil` when nothing changed.
    mutating func walkBinary(_ bytes: [UInt8], mediaType: MediaType?, path: [JSONPathComponent]) -> [UInt8]? {
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
        let saved = fitsLength
        fitsLength = true
        defer { fitsLength = saved }
        var output: [UInt8] = []
        var cursor = 0
        for run in ScrubEngine.printableRuns(bytes) {
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

    /// A multipart body with binary parts: each part's contents read by what they are.
    private mutating func walkMultipart(_ bytes: [UInt8], boundary: String, path: [JSONPathComponent]) -> [UInt8]? {
        var output: [UInt8] = []
        var cursor = 0
        for part in ScrubEngine.multipartParts(bytes, boundary: boundary) {
            let content = Array(bytes[part.content])
            let label = part.name ?? part.fileName ?? "?"
            places.append("in multipart part \"\(label)\"")
            defer { places.removeLast() }
            var replacement: [UInt8]?
            if let text = StoredBody.plainText(Data(content)) {
                var spans: [Span] = []
                if let name = part.name, part.fileName == nil, isSecretName(name, in: .formField) {
                    spans = [
                        Span(
                            range: 0..<content.count, secret: text, rule: rules.spec(.secretField),
                            summary: "value of multipart field \"\(name)\"")
                    ]
                }
                let scrubbed = process(
                    text, kind: spans.isEmpty ? .text(part.contentType) : .plain, spans: spans, path: path)
                if scrubbed != text { replacement = Array(scrubbed.utf8) }
            } else {
                replacement = walkBinary(content, mediaType: part.contentType, path: path)
            }
            guard let replacement else { continue }
            output.append(contentsOf: bytes[cursor..<part.content.lowerBound])
            output.append(contentsOf: replacement)
            cursor = part.content.upperBound
        }
        guard cursor > 0 else { return nil }
        output.append(contentsOf: bytes[cursor...])
        return output
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

    /// Runs of at least eight printable ASCII characters (tab, LF and CR included).
    static func printableRuns(_ bytes: [UInt8]) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var start = 0
        for index in 0...bytes.count {
            let printable =
                index < bytes.count
                && ((bytes[index] >= 0x20 && bytes[index] < 0x7F) || bytes[index] == 0x09 || bytes[index] == 0x0A
                    || bytes[index] == 0x0D)
            if printable { continue }
            if index - start >= 8 { runs.append(start..<index) }
            start = index + 1
        }
        return runs
    }
}
