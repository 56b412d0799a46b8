import Foundation

extension ScrubConfiguration {
    /// The keys the `"scrub"` object of `.cassette.json` may hold.
    static let fileKeys = ["disable", "headers", "jsonKeys", "jsonPaths", "patterns", "queryItems", "restore"]

    /// Finds the project's configuration file: walks up from `directory` to the first directory that
    /// holds `Package.swift` or `.cassette.json`, and returns its `.cassette.json` if there is one.
    ///
    /// - Returns: The file's URL, or `nil` when that directory has none (use the defaults) or no
    ///   such directory exists.
    public static func locate(startingAt directory: URL) -> URL? {
        let manager = FileManager.default
        var current = directory.standardizedFileURL
        while true {
            let candidate = current.appendingPathComponent(fileName)
            if manager.fileExists(atPath: candidate.path) { return candidate }
            if manager.fileExists(atPath: current.appendingPathComponent("Package.swift").path) { return nil }
            let parent = current.deletingLastPathComponent()
            if parent.path == current.path { return nil }
            current = parent
        }
    }

    /// Reads the `"scrub"` section of a `.cassette.json` file; other top-level sections are left to
    /// the tools that own them, and a file without one gives the defaults.
    ///
    /// - Throws: ``ScrubConfigurationError`` naming the file, with the line, column and JSON path of
    ///   the problem: unreadable file, invalid JSON, an unknown key, a value of the wrong type, an
    ///   unknown rule name in `disable` or `restore`, or a pattern that does not compile.
    public static func load(from url: URL) throws(ScrubConfigurationError) -> ScrubConfiguration {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            let exists = FileManager.default.fileExists(atPath: url.path)
            throw ScrubConfigurationError(
                path: url.path, reason: .unreadable(exists ? "permission denied" : "no such file"))
        }
        let value: JSONValue
        do {
            value = try JSONParser.parse(data)
        } catch {
            let (line, column) = error.position(in: data)
            throw ScrubConfigurationError(path: url.path, line: line, column: column, reason: .syntax(error.message))
        }
        do throws(ScrubConfigurationError) {
            return try ScrubConfiguration(json: value)
        } catch {
            var located = error
            located.path = url.path
            if let position = located.place?.position(in: data) { (located.line, located.column) = position }
            throw located
        }
    }

    /// Reads a configuration from the JSON of a whole `.cassette.json` file.
    init(json: JSONValue) throws(ScrubConfigurationError) {
        self.init()
        guard case .object = json else {
            throw .at([], .invalid("expected an object at the top level, found \(json.kindName)"))
        }
        guard let scrub = json["scrub"] else { return }
        let reader = try ScrubConfigurationError.reading {
            () throws(JSONShapeError) in
            try JSONObjectReader(
                scrub, path: [.key("scrub")], what: "the scrub section", keys: ScrubConfiguration.fileKeys)
        }
        try ScrubConfigurationError.reading { () throws(JSONShapeError) in
            headers = try reader.strings("headers")
            queryItems = try reader.strings("queryItems")
            jsonKeys = try reader.strings("jsonKeys")
            jsonPaths = try reader.strings("jsonPaths")
        }
        for (index, path) in jsonPaths.enumerated() where ScrubJSONPath(path) == nil {
            throw .at(
                reader.path + [.key("jsonPaths"), .index(index)],
                .invalid("\"\(path)\" is not a JSON path like \"$.user.phone\" or \"$.items[*].pin\""))
        }
        patterns = try Self.patterns(reader)
        let ruleNames = ScrubRule.allCases.map(\.rawValue)
        let disabled = try ScrubConfigurationError.reading { () throws(JSONShapeError) in try reader.strings("disable")
        }
        for (index, name) in disabled.enumerated() {
            guard let rule = ScrubRule(rawValue: name) else {
                throw .at(reader.path + [.key("disable"), .index(index)], .unknownRule(name, validNames: ruleNames))
            }
            disabledRules.insert(rule)
        }
        restore = try Self.restoreEntries(reader, patterns: patterns)
    }

    private static func patterns(_ reader: JSONObjectReader) throws(ScrubConfigurationError) -> [ScrubPattern] {
        var patterns: [ScrubPattern] = []
        let entries = try ScrubConfigurationError.reading { () throws(JSONShapeError) in
            try reader.objects("patterns", what: "a pattern", keys: ["name", "regex", "replacement"])
        }
        for entry in entries {
            let (name, regex, replacement) = try ScrubConfigurationError.reading { () throws(JSONShapeError) in
                (try entry.string("name"), try entry.string("regex"), try entry.optionalString("replacement"))
            }
            if ScrubRule(rawValue: name) != nil || patterns.contains(where: { $0.name == name }) {
                throw .at(entry.path + [.key("name")], .invalid("the rule name \"\(name)\" is already taken"))
            }
            do {
                patterns.append(try ScrubPattern(name: name, regex: regex, replacement: replacement))
            } catch {
                throw .at(entry.path + [.key("regex")], error.reason)
            }
        }
        return patterns
    }

    private static func restoreEntries(_ reader: JSONObjectReader, patterns: [ScrubPattern])
        throws(ScrubConfigurationError) -> [ScrubRestore]
    {
        let validNames = ScrubRule.allCases.map(\.rawValue) + patterns.map(\.name)
        var entries: [ScrubRestore] = []
        let objects = try ScrubConfigurationError.reading { () throws(JSONShapeError) in
            try reader.objects("restore", what: "a restore entry", keys: ["environment", "rule"])
        }
        for entry in objects {
            let (rule, environment) = try ScrubConfigurationError.reading { () throws(JSONShapeError) in
                (try entry.string("rule"), try entry.string("environment"))
            }
            guard validNames.contains(rule) else {
                throw .at(entry.path + [.key("rule")], .unknownRule(rule, validNames: validNames))
            }
            entries.append(ScrubRestore(rule: rule, environment: environment))
        }
        return entries
    }
}

extension ScrubConfigurationError {
    /// An error about the value at `path`, located in the file when it is loaded.
    static func at(_ path: [JSONPathComponent], _ reason: Reason, atKey: Bool = false) -> ScrubConfigurationError {
        var error = ScrubConfigurationError(jsonPath: path.isEmpty ? nil : JSONPathComponent.text(path), reason: reason)
        error.place = JSONShapeError(path: path, message: "", atKey: atKey)
        return error
    }

    /// Runs `read`, turning a value of the wrong shape into an `invalid` configuration error at its
    /// place.
    static func reading<T>(_ read: () throws(JSONShapeError) -> T) throws(ScrubConfigurationError) -> T {
        do {
            return try read()
        } catch {
            throw at(error.path, .invalid(error.message), atKey: error.atKey)
        }
    }
}
