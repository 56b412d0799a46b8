import Foundation

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
