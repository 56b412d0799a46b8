/// A project configuration (`.cassette.json`, or rules built in code) that cannot be used, with
/// the file and the place in it.
public struct ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The configuration file; `nil` for configuration built in code.
    public var path: String?
    /// The 1-based line of the problem, where known.
    public var line: Int?
    /// The 1-based column of the problem, where known.
    public var column: Int?
    /// The JSON path of the offending value (`scrub.patterns[0].regex`), where there is one.
    public var jsonPath: String?
    /// What is wrong.
    public var reason: Reason
    /// The offending value's place, kept so the loader can find its line and column.
    package var place: JSONShapeError?

    /// What is wrong with a configuration.
    public enum Reason: Sendable, Equatable {
        /// The file cannot be read; the words say why.
        case unreadable(String)
        /// The file is not valid JSON.
        case syntax(String)
        /// The JSON does not have the configuration's shape.
        case invalid(String)
        /// A `disable` or `restore` entry names a rule that does not exist.
        case unknownRule(String, validNames: [String])
        /// A pattern's regular expression cannot be used.
        case invalidPattern(name: String, message: String)
    }

    /// Creates an error.
    public init(
        path: String? = nil, line: Int? = nil, column: Int? = nil, jsonPath: String? = nil, reason: Reason
    ) {
        self.path = path
        self.line = line
        self.column = column
        self.jsonPath = jsonPath
        self.reason = reason
    }

    /// `path:line:column: error: message`, in the compiler's style.
    public var description: String {
        var location = path ?? "configuration"
        if let line {
            location += ":\(line)"
            if let column { location += ":\(column)" }
        }
        let place = jsonPath.map { " at \($0)" } ?? ""
        let message: String
        switch reason {
        case .unreadable(let why): message = "cannot read the configuration: \(why)"
        case .syntax(let why): message = "the configuration is not valid JSON: \(why)"
        case .invalid(let why): message = "invalid configuration\(place): \(why)"
        case .unknownRule(let name, let valid):
            message =
                "unknown scrub rule \"\(name)\"\(place); valid rules are \(valid.joined(separator: ", "))"
        case .invalidPattern(let name, let why): message = "invalid pattern \"\(name)\"\(place): \(why)"
        }
        return "\(location): error: \(message)"
    }
}

extension ConfigurationError {
    /// An error about the value at `path`, located in the file when it is loaded.
    package static func at(_ path: [JSONPathComponent], _ reason: Reason, atKey: Bool = false) -> ConfigurationError {
        var error = ConfigurationError(jsonPath: path.isEmpty ? nil : JSONPathComponent.text(path), reason: reason)
        error.place = JSONShapeError(path: path, message: "", atKey: atKey)
        return error
    }

    /// Runs `read`, turning a value of the wrong shape into an `invalid` configuration error at its
    /// place.
    package static func reading<T>(_ read: () throws(JSONShapeError) -> T) throws(ConfigurationError) -> T {
        do {
            return try read()
        } catch {
            throw at(error.path, .invalid(error.message), atKey: error.atKey)
        }
    }
}
