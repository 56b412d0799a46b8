import Foundation

extension ScrubConfiguration {
    /// The keys the `"scrub"` object of `.cassette.json` may hold.
    package static let fileKeys = ["disable", "headers", "jsonKeys", "jsonPaths", "patterns", "queryItems", "restore"]

    /// Finds the project's configuration file: walks up from `directory` to the first directory that
    /// holds `Package.swift` or `.cassette.json`, and returns its `.cassette.json` if there is one.
    ///
    /// - Returns: The file's URL, or `nil` when that directory has none (use the defaults) or no
    ///   such directory exists.
    public static func locate(startingAt directory: URL) -> URL? {
        ProjectConfiguration.locate(startingAt: directory)
    }

    /// Reads the `"scrub"` section of a `.cassette.json` file; a file without one gives the defaults.
    ///
    /// - Throws: ``ConfigurationError`` naming the file, with the line, column and JSON path of the
    ///   problem, in this section or any other of the file: unreadable file, invalid JSON, an unknown
    ///   key, a value of the wrong type, an unknown rule name in `disable` or `restore`, or a pattern
    ///   that does not compile.
    public static func load(from url: URL) throws(ConfigurationError) -> ScrubConfiguration {
        try ProjectConfiguration.load(from: url).scrub
    }

    /// Reads the `"scrub"` section of `.cassette.json`.
    init(section reader: JSONObjectReader) throws(ConfigurationError) {
        self.init()
        try ConfigurationError.reading { () throws(JSONShapeError) in
            headers = try reader.strings("headers")
            queryItems = try reader.strings("queryItems")
            jsonKeys = try reader.strings("jsonKeys")
            jsonPaths = try reader.strings("jsonPaths")
        }
        for (index, path) in jsonPaths.enumerated() where JSONPath(path) == nil {
            throw .at(
                reader.path + [.key("jsonPaths"), .index(index)],
                .invalid("\"\(path)\" is not a JSON path like \"$.user.phone\" or \"$.items[*].pin\""))
        }
        patterns = try Self.patterns(reader)
        let ruleNames = ScrubRule.allCases.map(\.rawValue)
        let disabled = try ConfigurationError.reading { () throws(JSONShapeError) in try reader.strings("disable") }
        for (index, name) in disabled.enumerated() {
            guard let rule = ScrubRule(rawValue: name) else {
                throw .at(reader.path + [.key("disable"), .index(index)], .unknownRule(name, validNames: ruleNames))
            }
            disabledRules.insert(rule)
        }
        restore = try Self.restoreEntries(reader, patterns: patterns)
    }

    private static func patterns(_ reader: JSONObjectReader) throws(ConfigurationError) -> [ScrubPattern] {
        var patterns: [ScrubPattern] = []
        let entries = try ConfigurationError.reading { () throws(JSONShapeError) in
            try reader.objects("patterns", what: "a pattern", keys: ["name", "regex", "replacement"])
        }
        for entry in entries {
            let (name, regex, replacement) = try ConfigurationError.reading { () throws(JSONShapeError) in
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
        throws(ConfigurationError) -> [ScrubRestore]
    {
        let validNames = ScrubRule.allCases.map(\.rawValue) + patterns.map(\.name)
        var entries: [ScrubRestore] = []
        let objects = try ConfigurationError.reading { () throws(JSONShapeError) in
            try reader.objects("restore", what: "a restore entry", keys: ["environment", "rule"])
        }
        for entry in objects {
            let (rule, environment) = try ConfigurationError.reading { () throws(JSONShapeError) in
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
