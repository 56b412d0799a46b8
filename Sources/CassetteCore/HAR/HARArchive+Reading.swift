import Foundation

extension HARArchive {
    /// Reads a HAR file.
    ///
    /// - Parameter path: The file as the caller names it in messages.
    /// - Throws: ``HARReadError`` naming the file, and the line, column and entry of the problem.
    package static func read(from url: URL, path: String) throws(HARReadError) -> HARArchive {
        let data: Data
        if let reason = FileKind.notRegularReason(url.path) {
            throw HARReadError(path: path, message: "cannot read HAR file: \(reason)")
        }
        do {
            data = try Data(contentsOf: url)
        } catch {
            var isDirectory: ObjCBool = false
            let why: String
            if !FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) {
                why = "no such file"
            } else if isDirectory.boolValue {
                why = "it is a directory, not a file"
            } else {
                why = "permission denied or unreadable"
            }
            throw HARReadError(path: path, message: "cannot read HAR file: \(why)")
        }
        return try decode(data, path: path)
    }

    /// Decodes the bytes of a HAR file (UTF-8, with or without a byte order mark).
    package static func decode(_ data: Data, path: String) throws(HARReadError) -> HARArchive {
        var bytes = data
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        bytes = Data(bytes)
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            throw HARReadError(path: path, message: "HAR file is empty; expected a JSON object with \"log\"")
        }
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes)
        } catch {
            let (line, column) = error.position(in: bytes)
            throw HARReadError(
                path: path, line: line, column: column, message: "HAR file is not valid JSON: \(error.message)")
        }
        do throws(JSONShapeError) {
            return try HARArchive(json: value)
        } catch {
            throw HARReadError(shape: error, in: bytes, path: path)
        }
    }

    init(json: JSONValue) throws(JSONShapeError) {
        guard case .object = json, let log = json["log"] else {
            var message = "not a HAR file: expected an object with \"log\", found \(json.kindName)"
            if json["interactions"] != nil, json["version"] != nil {
                message =
                    "not a HAR file: this is a cassette (it has \"interactions\"); "
                    + "to turn a cassette into HAR, run: cassette export CASSETTE_FILE HAR_FILE"
            } else if case .object = json {
                message = "not a HAR file: missing required key \"log\""
            }
            throw JSONShapeError(path: [], message: message)
        }
        _ = try JSONObjectReader(json, path: [], what: "a HAR file", keys: ["log"], extra: .prefixed("_"))
        let path: [JSONPathComponent] = [.key("log")]
        // Read the version first: a later 1.x file may hold members this reader does not know,
        // which the format says to ignore.
        var version = "1.1"
        if case .object = log, let written = log["version"] {
            let text = try JSONObjectReader.string(written, path: path + [.key("version")], nonEmpty: false)
            if !text.isEmpty { version = text }
        }
        let parts = version.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0] == "1", let minor = Int(parts[1]), minor >= 1 else {
            throw JSONShapeError(
                path: path + [.key("version")],
                message: "HAR version \"\(version)\" is not supported; cassette import reads HAR 1.1 and 1.2")
        }
        var context = Context(extra: minor > 2 ? .any : .prefixed("_"))
        let reader = try context.object(
            log, path: path, what: "a HAR log", keys: ["browser", "comment", "creator", "entries", "pages", "version"])
        var creatorName = ""
        if let creator = reader.optional("creator") {
            let creatorReader = try context.object(
                creator, path: path + [.key("creator")], what: "a creator", keys: ["comment", "name", "version"])
            creatorName = try creatorReader.optionalString("name", nonEmpty: false) ?? ""
        }
        context.isCassetteExport = creatorName == HARArchive.cassetteCreatorName
        if let browser = reader.optional("browser") {
            try context.expectObject(browser, path: path + [.key("browser")])
        }
        _ = try reader.array("pages")
        guard let elements = try reader.array("entries") else {
            throw JSONShapeError(path: path, message: "missing required key \"entries\"")
        }
        var entries: [Entry] = []
        entries.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            entries.append(try context.entry(element, index: index, path: path + [.key("entries"), .index(index)]))
        }
        self.init(version: version, creatorName: creatorName, entries: entries)
    }

    /// How the objects of one file are read: which extra keys they may hold, and whether the file's
    /// own extension members (those `cassette export` writes) are to be read.
    private struct Context {
        var extra: JSONObjectReader.ExtraKeys
        var isCassetteExport = false

        func object(_ value: JSONValue, path: [JSONPathComponent], what: String, keys: [String]) throws(JSONShapeError)
            -> JSONObjectReader
        {
            try JSONObjectReader(value, path: path, what: what, keys: keys + ["comment"], extra: extra)
        }

        func expectObject(_ value: JSONValue, path: [JSONPathComponent]) throws(JSONShapeError) {
            guard case .object = value else {
                throw JSONShapeError(path: path, message: "expected an object, found \(value.kindName)")
            }
        }

        func entry(_ value: JSONValue, index: Int, path: [JSONPathComponent]) throws(JSONShapeError) -> Entry {
            let reader = try object(
                value, path: path, what: "an entry",
                keys: [
                    "cache", "connection", "pageref", "request", "response", "serverIPAddress", "startedDateTime",
                    "time", "timings",
                ])
            let started = try reader.string("startedDateTime")
            guard let day = HARTimestamp.utcDay(of: started) else {
                throw JSONShapeError(
                    path: path + [.key("startedDateTime")],
                    message:
                        "expected an ISO 8601 date and time like \"2026-12-01T09:30:00.000Z\", found \"\(started)\"")
            }
            if let cache = reader.optional("cache") { try expectObject(cache, path: path + [.key("cache")]) }
            if let timings = reader.optional("timings") { try expectObject(timings, path: path + [.key("timings")]) }
            var entry = Entry(
                index: index, startedDateTime: started, day: day,
                request: try request(reader.required("request"), path: path + [.key("request")]),
                response: try response(reader.required("response"), path: path + [.key("response")]))
            // Other tools' extension members are hints, read only when they have the expected type.
            if case .string(let type)? = reader.optional("_resourceType") { entry.resourceType = type }
            switch reader.optional("_fromCache") {
            case .string(let place)?: entry.fromCache = !place.isEmpty
            case .bool(let flag)?: entry.fromCache = flag
            default: break
            }
            if case .array? = reader.optional("_webSocketMessages") { entry.hasWebSocketMessages = true }
            if case .string(let type)? = reader.optional("_initiator")?["type"] { entry.initiatorType = type }
            if isCassetteExport {
                if reader.optional("_redirectHop") != nil { entry.isRedirectHop = try reader.bool("_redirectHop") }
                if let original = reader.optional("_cassetteRequest") {
                    let originalReader = try JSONObjectReader(
                        original, path: path + [.key("_cassetteRequest")], what: "a request's method and URL",
                        keys: ["method", "url"])
                    entry.cassetteRequest = MethodAndURL(
                        method: try originalReader.string("method"), url: try originalReader.string("url"))
                }
                entry.cassetteResponseURL = try reader.optionalString("_responseURL")
            }
            return entry
        }

        func headers(_ reader: JSONObjectReader, _ key: String = "headers") throws(JSONShapeError) -> [HTTPHeader] {
            guard let elements = try reader.array(key) else { return [] }
            var headers: [HTTPHeader] = []
            headers.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                let pair = try object(
                    element, path: reader.path + [.key(key), .index(index)], what: "a header", keys: ["name", "value"])
                headers.append(HTTPHeader(try pair.string("name"), try pair.string("value", nonEmpty: false)))
            }
            return headers
        }

        func request(_ value: JSONValue, path: [JSONPathComponent]) throws(JSONShapeError) -> Request {
            let reader = try object(
                value, path: path, what: "a request",
                keys: [
                    "bodySize", "cookies", "headers", "headersSize", "httpVersion", "method", "postData", "queryString",
                    "url",
                ])
            _ = try reader.array("cookies")
            _ = try reader.array("queryString")
            let headers = try headers(reader)
            var body: Data?
            if let postData = reader.optional("postData") {
                body = try self.postData(postData, path: path + [.key("postData")])
            }
            return Request(
                method: try reader.string("method"), url: try reader.string("url"), headers: headers, body: body)
        }

        func postData(_ value: JSONValue, path: [JSONPathComponent]) throws(JSONShapeError) -> Data? {
            let reader = try object(
                value, path: path, what: "posted data", keys: ["encoding", "mimeType", "params", "text"])
            let mimeType = try reader.optionalString("mimeType", nonEmpty: false) ?? ""
            if let text = try reader.optionalString("text", nonEmpty: false), !text.isEmpty {
                // `encoding` is HAR 1.3's; `_encoding` is what `cassette export` writes in HAR 1.2.
                let encodingKey = reader.optional("encoding") != nil ? "encoding" : "_encoding"
                return try decodeText(
                    text, encoding: reader.optionalString(encodingKey, nonEmpty: false), path: path + [.key("text")],
                    encodingPath: path + [.key(encodingKey)])
            }
            let elements = try reader.array("params") ?? []
            guard !elements.isEmpty else { return nil }
            var fields: [HARFormField] = []
            for (index, element) in elements.enumerated() {
                let param = try object(
                    element, path: path + [.key("params"), .index(index)], what: "a posted parameter",
                    keys: ["contentType", "fileName", "name", "value"])
                fields.append(
                    HARFormField(
                        name: try param.string("name", nonEmpty: false),
                        value: try param.optionalString("value", nonEmpty: false) ?? "",
                        fileName: try param.optionalString("fileName", nonEmpty: false),
                        contentType: try param.optionalString("contentType", nonEmpty: false)))
            }
            return HARFormField.body(of: fields, mimeType: mimeType)
        }

        func response(_ value: JSONValue, path: [JSONPathComponent]) throws(JSONShapeError) -> Response {
            let reader = try object(
                value, path: path, what: "a response",
                keys: [
                    "bodySize", "content", "cookies", "headers", "headersSize", "httpVersion", "redirectURL", "status",
                    "statusText",
                ])
            let status = try reader.integer("status", in: 0...999)
            _ = try reader.array("cookies")
            var response = Response(
                status: status, headers: try headers(reader),
                redirectURL: try reader.optionalString("redirectURL", nonEmpty: false) ?? "")
            if isCassetteExport, reader.optional("_urlErrorCode") != nil {
                response.urlErrorCode = try reader.integer("_urlErrorCode", in: Int(Int32.min)...Int(Int32.max))
            }
            guard let content = reader.optional("content") else { return response }
            let contentPath = path + [.key("content")]
            let contentReader = try object(
                content, path: contentPath, what: "a response content",
                keys: ["compression", "encoding", "mimeType", "size", "text"])
            if case .number(let size)? = contentReader.optional("size"), let bytes = Double(size), bytes > 0 {
                response.declaresContent = true
            }
            if let text = try contentReader.optionalString("text", nonEmpty: false) {
                response.hasText = true
                let encoding = try contentReader.optionalString("encoding", nonEmpty: false)
                let mimeType = try contentReader.optionalString("mimeType", nonEmpty: false)
                var body = try decodeText(
                    text, encoding: encoding, path: contentPath + [.key("text")],
                    encodingPath: contentPath + [.key("encoding")])
                // Some tools (mitmproxy 11) write a binary body as text, one character per byte,
                // without an `encoding`: for a binary type whose every character fits a byte, those
                // are the bytes.
                if encoding == nil || encoding == "",
                    MediaType(mimeType ?? response.headers.value(for: "Content-Type") ?? "").isDeclaredBinary,
                    let bytes = HARArchive.latin1Bytes(of: text)
                {
                    body = bytes
                }
                response.body = body?.isEmpty == true ? nil : body
            }
            return response
        }

        func decodeText(_ text: String, encoding: String?, path: [JSONPathComponent], encodingPath: [JSONPathComponent])
            throws(JSONShapeError) -> Data?
        {
            switch encoding?.lowercased() {
            case nil, "":
                return Data(text.utf8)
            case "base64":
                let compact = text.filter { !$0.isWhitespace }
                guard let bytes = Data(base64Encoded: compact) else {
                    throw JSONShapeError(path: path, message: "expected base64 text, as \"encoding\" says")
                }
                return bytes
            default:
                throw JSONShapeError(
                    path: encodingPath,
                    message: "unsupported encoding \"\(encoding ?? "")\"; cassette import reads text and \"base64\"")
            }
        }
    }
}

extension HARArchive {
    /// The bytes of `text` when each of its characters is one byte (U+0000 to U+00FF) and some
    /// are above ASCII; `nil` otherwise.
    static func latin1Bytes(of text: String) -> Data? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.unicodeScalars.count)
        var aboveASCII = false
        for scalar in text.unicodeScalars {
            guard scalar.value <= 0xFF else { return nil }
            aboveASCII = aboveASCII || scalar.value >= 0x80
            bytes.append(UInt8(scalar.value))
        }
        return aboveASCII ? Data(bytes) : nil
    }
}

/// Why a HAR file could not be read, with where in the file it went wrong.
///
/// Its description is compiler style, `path:line:column: error: log.entries[12].response: missing
/// required key "status"`, so editors and CI logs make it clickable and the entry is named.
package struct HARReadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file, as the caller named it.
    package var path: String
    /// 1-based line of the problem, when it has a place in the text.
    package var line: Int?
    /// 1-based column (in bytes) of the problem, when it has a place in the text.
    package var column: Int?
    /// Where in the HAR the problem is, such as `log.entries[12].response`.
    package var jsonPath: String?
    /// What is wrong, without the location.
    package var message: String

    package init(path: String, line: Int? = nil, column: Int? = nil, jsonPath: String? = nil, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.jsonPath = jsonPath
        self.message = message
    }

    /// A problem with the shape of a value of `data`, located by its JSON path.
    package init(shape error: JSONShapeError, in data: Data, path: String) {
        let position = error.position(in: data)
        self.init(
            path: path, line: position?.line, column: position?.column,
            jsonPath: error.path.isEmpty ? nil : error.pathText, message: error.message)
    }

    package var description: String {
        var location = path
        if let line, let column { location += ":\(line):\(column)" }
        return "\(location): error: \(jsonPath.map { "\($0): " } ?? "")\(message)"
    }
}
