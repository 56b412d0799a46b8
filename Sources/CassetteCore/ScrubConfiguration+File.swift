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
            let (line, column) = TextPosition.lineAndColumn(of: error.offset, in: data)
            throw ScrubConfigurationError(path: url.path, line: line, column: column, reason: .syntax(error.message))
        }
        do throws(ScrubConfigurationError) {
            return try ScrubConfiguration(json: value)
        } catch {
            var located = error
            located.path = url.path
            if let path = located.jsonPathComponents,
                let offset = JSONLocator.offset(of: path, in: data)
            {
                (located.line, located.column) = TextPosition.lineAndColumn(of: offset, in: data)
            }
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
        let base: [JSONPathComponent] = [.key("scrub")]
        guard case .object(let members) = scrub else {
            throw .at(base, .invalid("expected an object, found \(scrub.kindName)"))
        }
        for member in members where !ScrubConfiguration.fileKeys.contains(member.key) {
            let expected = ScrubConfiguration.fileKeys.map { "\"\($0)\"" }.joined(separator: ", ")
            throw .at(base + [.key(member.key)], .invalid("unknown key \"\(member.key)\"; expected only \(expected)"))
        }
        headers = try Self.strings(scrub["headers"], base + [.key("headers")])
        queryItems = try Self.strings(scrub["queryItems"], base + [.key("queryItems")])
        jsonKeys = try Self.strings(scrub["jsonKeys"], base + [.key("jsonKeys")])
        jsonPaths = try Self.strings(scrub["jsonPaths"], base + [.key("jsonPaths")])
        for (index, path) in jsonPaths.enumerated() where ScrubJSONPath(path) == nil {
            throw .at(
                base + [.key("jsonPaths"), .index(index)],
                .invalid("\"\(path)\" is not a JSON path like \"$.user.phone\" or \"$.items[*].pin\""))
        }
        patterns = try Self.patterns(scrub["patterns"], base + [.key("patterns")])
        let ruleNames = ScrubRule.allCases.map(\.rawValue)
        for (index, name) in try Self.strings(scrub["disable"], base + [.key("disable")]).enumerated() {
            guard let rule = ScrubRule(rawValue: name) else {
                throw .at(base + [.key("disable"), .index(index)], .unknownRule(name, validNames: ruleNames))
            }
            disabledRules.insert(rule)
        }
        restore = try Self.restoreEntries(scrub["restore"], base + [.key("restore")], patterns: patterns)
    }

    private static func strings(_ value: JSONValue?, _ path: [JSONPathComponent]) throws(ScrubConfigurationError)
        -> [String]
    {
        guard let value else { return [] }
        guard case .array(let elements) = value else {
            throw .at(path, .invalid("expected an array of strings, found \(value.kindName)"))
        }
        var result: [String] = []
        for (index, element) in elements.enumerated() {
            guard case .string(let text) = element, !text.isEmpty else {
                throw .at(path + [.index(index)], .invalid("expected a non-empty string, found \(element.kindName)"))
            }
            result.append(text)
        }
        return result
    }

    private static func string(_ object: JSONValue, _ key: String, _ path: [JSONPathComponent], required: Bool)
        throws(ScrubConfigurationError) -> String?
    {
        guard let value = object[key] else {
            if required { throw .at(path, .invalid("missing required key \"\(key)\"")) }
            return nil
        }
        guard case .string(let text) = value, !text.isEmpty else {
            throw .at(path + [.key(key)], .invalid("expected a non-empty string, found \(value.kindName)"))
        }
        return text
    }

    private static func objects(_ value: JSONValue?, _ path: [JSONPathComponent], keys: [String])
        throws(ScrubConfigurationError) -> [JSONValue]
    {
        guard let value else { return [] }
        guard case .array(let elements) = value else {
            throw .at(path, .invalid("expected an array of objects, found \(value.kindName)"))
        }
        for (index, element) in elements.enumerated() {
            guard case .object(let members) = element else {
                throw .at(path + [.index(index)], .invalid("expected an object, found \(element.kindName)"))
            }
            for member in members where !keys.contains(member.key) {
                let expected = keys.map { "\"\($0)\"" }.joined(separator: ", ")
                throw .at(
                    path + [.index(index), .key(member.key)],
                    .invalid("unknown key \"\(member.key)\"; expected only \(expected)"))
            }
        }
        return elements
    }

    private static func patterns(_ value: JSONValue?, _ path: [JSONPathComponent]) throws(ScrubConfigurationError)
        -> [ScrubPattern]
    {
        var patterns: [ScrubPattern] = []
        for (index, element) in try objects(value, path, keys: ["name", "regex", "replacement"]).enumerated() {
            let place = path + [.index(index)]
            let name = try string(element, "name", place, required: true) ?? ""
            if ScrubRule(rawValue: name) != nil || patterns.contains(where: { $0.name == name }) {
                throw .at(place + [.key("name")], .invalid("the rule name \"\(name)\" is already taken"))
            }
            let regex = try string(element, "regex", place, required: true) ?? ""
            let replacement = try string(element, "replacement", place, required: false)
            do {
                patterns.append(try ScrubPattern(name: name, regex: regex, replacement: replacement))
            } catch {
                throw .at(place + [.key("regex")], error.reason)
            }
        }
        return patterns
    }

    private static func restoreEntries(
        _ value: JSONValue?, _ path: [JSONPathComponent], patterns: [ScrubPattern]
    ) throws(ScrubConfigurationError) -> [ScrubRestore] {
        let validNames = ScrubRule.allCases.map(\.rawValue) + patterns.map(\.name)
        var entries: [ScrubRestore] = []
        for (index, element) in try objects(value, path, keys: ["environment", "rule"]).enumerated() {
            let place = path + [.index(index)]
            let rule = try string(element, "rule", place, required: true) ?? ""
            guard validNames.contains(rule) else {
                throw .at(place + [.key("rule")], .unknownRule(rule, validNames: validNames))
            }
            let environment = try string(element, "environment", place, required: true) ?? ""
            entries.append(ScrubRestore(rule: rule, environment: environment))
        }
        return entries
    }
}

extension ScrubConfigurationError {
    static func at(_ path: [JSONPathComponent], _ reason: Reason) -> ScrubConfigurationError {
        var error = ScrubConfigurationError(jsonPath: path.isEmpty ? nil : JSONPathComponent.text(path), reason: reason)
        error.jsonPathComponents = path
        return error
    }
}
