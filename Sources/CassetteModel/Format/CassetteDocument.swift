import Foundation

/// The contents of one cassette file: a format version and an ordered list of interactions.
public struct CassetteDocument: Sendable, Hashable {
    /// The format version this build reads and writes.
    public static let formatVersion = 1

    public var interactions: [Interaction]

    public init(interactions: [Interaction] = []) {
        self.interactions = interactions
    }

    /// Reads a cassette file.
    ///
    /// - Throws: ``CassetteReadError`` naming the file, and the line, column and JSON path of the
    ///   problem where it has one.
    public static func read(from url: URL) throws(CassetteReadError) -> CassetteDocument {
        try read(from: url, naming: url.path)
    }

    /// Reads a cassette file, naming it `path` in errors (the path as a command line gave it).
    package static func read(from url: URL, naming path: String) throws(CassetteReadError) -> CassetteDocument {
        try decode(data(from: url, naming: path), path: path)
    }

    /// The bytes of a cassette file.
    ///
    /// - Throws: ``CassetteReadError`` naming the file (`path`, or the URL's path) and why it
    ///   cannot be read (no such file, a directory, permission denied).
    package static func data(from url: URL, naming path: String? = nil) throws(CassetteReadError) -> Data {
        if let reason = FileKind.notRegularReason(url.path) {
            throw CassetteReadError(path: path ?? url.path, reason: .unreadable(reason))
        }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw CassetteReadError(
                path: path ?? url.path, reason: .unreadable(describeReadFailure(url: url, error: error)))
        }
    }

    /// Decodes the bytes of a cassette file; `path` names the file in errors.
    public static func decode(_ data: Data, path: String) throws(CassetteReadError) -> CassetteDocument {
        try decode(data, path: path, keepingStoredForms: true)
    }

    /// Decodes the bytes of a cassette file. Without `keepingStoredForms` the document does not
    /// keep how the file stored each body (a JSON body's tree, a text body's string, as large as
    /// the body again): what a reader that only serves the bodies wants. Writing or scrubbing such
    /// a document works out each body's form again.
    package static func decode(_ data: Data, path: String, keepingStoredForms: Bool) throws(CassetteReadError)
        -> CassetteDocument
    {
        if data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            throw CassetteReadError(path: path, reason: .empty)
        }
        // The common case, a well-formed file, is read element by element, so its whole tree is
        // never held beside the document; anything else is parsed whole, for its error.
        let streamed = JSONParser.parseObject(data, streaming: "interactions") { element, index in
            Result { () throws(JSONShapeError) in
                var interaction = try Interaction(json: element, path: [.key("interactions"), .index(index)])
                if !keepingStoredForms { interaction.dropStoredForms() }
                return interaction
            }
        }
        let value: JSONValue
        if let streamed {
            value = streamed.object
        } else {
            value = try CassetteReadError.parseJSON(data, path: path)
        }
        let version: Int
        do throws(JSONShapeError) {
            version = try CassetteDocument.formatVersion(of: value)
        } catch {
            throw CassetteReadError(shape: error, in: data, path: path, reason: .invalid(error.message))
        }
        guard version <= CassetteDocument.formatVersion else {
            let place = JSONShapeError(path: [.key("version")], message: "newer format version")
            throw CassetteReadError(shape: place, in: data, path: path, reason: .newerVersion(version))
        }
        do throws(JSONShapeError) {
            guard let streamed else { return try CassetteDocument(json: value) }
            try CassetteDocument.checkTop(value)
            return CassetteDocument(
                interactions: try streamed.elements.map { result throws(JSONShapeError) in
                    try result.get()
                })
        } catch {
            throw CassetteReadError(shape: error, in: data, path: path, reason: .invalid(error.message))
        }
    }

    /// The canonical bytes of this cassette: keys sorted, two-space indentation, slashes
    /// unescaped, LF line endings and a trailing newline. Reading them back and encoding again
    /// gives the same bytes.
    public func encoded() -> Data {
        encoded(reservingCapacity: 0)
    }

    /// ``encoded()``, with room for `capacity` bytes reserved up front (the size of the file the
    /// document was read from, say), so a large cassette is not copied as its buffer grows.
    package func encoded(reservingCapacity capacity: Int) -> Data {
        Data(encodedBytes(reservingCapacity: capacity))
    }

    /// The canonical bytes, as ``encoded(reservingCapacity:)`` gives them, without the copy into
    /// `Data`: what a comparison with a file's bytes reads.
    package func encodedBytes(reservingCapacity capacity: Int) -> [UInt8] {
        var writer = JSONWriter(style: .pretty)
        writer.reserveCapacity(capacity)
        writer.write(jsonValue)
        var bytes = writer.takeOutput()
        bytes.append(0x0A)
        return bytes
    }

    /// Writes the canonical bytes to `url` atomically: a crash leaves the old file or the new one,
    /// never a mix.
    public func write(to url: URL) throws(AtomicWriteError) {
        try AtomicFile.write(encoded(), to: url)
    }

    private static func describeReadFailure(url: URL, error: any Error) -> String {
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) {
            return "no such file"
        }
        if isDirectory.boolValue { return "it is a directory, not a file" }
        if !FileManager.default.isReadableFile(atPath: url.path) { return "permission denied" }
        return (error as NSError).localizedDescription
    }
}
