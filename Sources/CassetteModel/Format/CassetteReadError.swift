import Foundation

/// Why a cassette file could not be read, with where in the file it went wrong.
///
/// Its description is compiler style, `path:line:column: error: message`, so editors and CI logs
/// make it clickable.
public struct CassetteReadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file, as the caller named it.
    public var path: String
    /// 1-based line of the problem, when it has a place in the text.
    public var line: Int?
    /// 1-based column (in bytes) of the problem, when it has a place in the text.
    public var column: Int?
    /// Where in the document the problem is, such as `interactions[2].response.status`.
    public var jsonPath: String?
    public var reason: Reason

    /// What is wrong.
    public enum Reason: Sendable, Equatable {
        /// The file could not be opened or read.
        case unreadable(String)
        /// The file holds no bytes, or only whitespace.
        case empty
        /// The text is not JSON.
        case syntax(String)
        /// The JSON does not fit the cassette format.
        case invalid(String)
        /// The file was written in a newer format version than this build reads.
        case newerVersion(Int)
    }

    public init(path: String, line: Int? = nil, column: Int? = nil, jsonPath: String? = nil, reason: Reason) {
        self.path = path
        self.line = line
        self.column = column
        self.jsonPath = jsonPath
        self.reason = reason
    }

    /// The message without the location prefix.
    public var message: String {
        switch reason {
        case .unreadable(let why):
            return "cannot read cassette: \(why)"
        case .empty:
            return "cassette file is empty; expected a JSON object with \"version\" and \"interactions\""
        case .syntax(let why):
            return "cassette is not valid JSON: \(why)"
        case .invalid(let why):
            let place = jsonPath.map { " at \($0)" } ?? ""
            return "cassette does not fit format version \(CassetteDocument.formatVersion)\(place): \(why)"
        case .newerVersion(let version):
            return "cassette uses format version \(version), but this version of Cassette reads format "
                + "version \(CassetteDocument.formatVersion); update the Cassette package to read it"
        }
    }

    public var description: String {
        var location = path
        if let line, let column { location += ":\(line):\(column)" }
        return "\(location): error: \(message)"
    }
}

extension CassetteReadError {
    /// Parses a file's bytes as JSON, turning a syntax error into a reading error at its line and
    /// column.
    package static func parseJSON(_ data: Data, path: String) throws(CassetteReadError) -> JSONValue {
        do {
            return try JSONParser.parse(data)
        } catch {
            let (line, column) = error.position(in: data)
            throw CassetteReadError(path: path, line: line, column: column, reason: .syntax(error.message))
        }
    }

    /// A reading error about a value of the file `data` whose shape is wrong, at its line, column and
    /// JSON path.
    package init(shape error: JSONShapeError, in data: Data, path: String, reason: Reason) {
        let position = error.position(in: data)
        self.init(
            path: path, line: position?.line, column: position?.column, jsonPath: error.pathText, reason: reason)
    }
}
