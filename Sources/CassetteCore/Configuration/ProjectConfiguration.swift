import Foundation

/// A project's `.cassette.json`: the settings the library and the `cassette` tool share, one section
/// per concern.
///
/// ```json
/// {
///   "scrub": { "headers": ["X-Tenant-Secret"] },
///   "match": { "ignoreBodyPaths": ["$.clientTimestamp"], "ignoreQueryItems": ["_"] },
///   "record": { "volatileHeaders": ["X-Build"], "maxBodyBytes": 10485760 },
///   "maxAge": 180
/// }
/// ```
package struct ProjectConfiguration: Sendable {
    /// The name of the file.
    package static let fileName = ScrubConfiguration.fileName
    /// The top-level keys the file may hold.
    static let sections = ["match", "maxAge", "record", "scrub"]

    /// The file the configuration was read from; `nil` for the defaults.
    package var file: URL?
    /// Additions to and removals from the default scrubbing rules.
    package var scrub = ScrubConfiguration()
    /// Tolerances for matching requests that carry changing values.
    package var match = MatchRules()
    /// Response headers, beyond the built-in ones, whose values change on every response and so do
    /// not count as a change when re-recording or verifying.
    package var volatileHeaders: [String] = []
    /// Interactions recorded more than this many days ago are stale (`cassette lint`).
    package var maxAge: Int?
    /// The largest body a recording keeps, in bytes (`"record": {"maxBodyBytes": N}`); `nil` for the
    /// default.
    package var maxBodyBytes: Int?
    /// Whether recordings keep the gaps between a streamed response's chunks
    /// (`"record": {"streamTiming": true}`).
    package var streamTiming = false

    package init() {}

    /// Finds the project's configuration file: walks up from `directory` to the first directory that
    /// holds `Package.swift` or `.cassette.json`, and returns its `.cassette.json` if there is one.
    ///
    /// - Returns: The file's URL, or `nil` when that directory has none (use the defaults) or no
    ///   such directory exists.
    package static func locate(startingAt directory: URL) -> URL? {
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

    /// Reads a `.cassette.json` file.
    ///
    /// - Throws: ``ConfigurationError`` naming the file, with the line, column and JSON path of the
    ///   problem: unreadable file, invalid JSON, an unknown key, a value of the wrong type, an unknown
    ///   rule name, a JSON path or pattern that cannot be used.
    package static func load(from url: URL) throws(ConfigurationError) -> ProjectConfiguration {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            let exists = FileManager.default.fileExists(atPath: url.path)
            throw ConfigurationError(path: url.path, reason: .unreadable(exists ? "permission denied" : "no such file"))
        }
        let value: JSONValue
        do {
            value = try JSONParser.parse(data)
        } catch {
            let (line, column) = error.position(in: data)
            throw ConfigurationError(path: url.path, line: line, column: column, reason: .syntax(error.message))
        }
        do throws(ConfigurationError) {
            var configuration = try ProjectConfiguration(json: value)
            configuration.file = url
            return configuration
        } catch {
            var located = error
            located.path = url.path
            if let position = located.place?.position(in: data) { (located.line, located.column) = position }
            throw located
        }
    }

    /// Reads a configuration from the JSON of a whole `.cassette.json` file.
    init(json: JSONValue) throws(ConfigurationError) {
        let top = try ConfigurationError.reading { () throws(JSONShapeError) in
            try JSONObjectReader(json, path: [], what: "a Cassette configuration", keys: ProjectConfiguration.sections)
        }
        if let scrub = try ConfigurationError.reading({ () throws(JSONShapeError) in
            try top.object("scrub", what: "the scrub section", keys: ScrubConfiguration.fileKeys)
        }) {
            self.scrub = try ScrubConfiguration(section: scrub)
        }
        if let match = try ConfigurationError.reading({ () throws(JSONShapeError) in
            try top.object("match", what: "the match section", keys: MatchRules.fileKeys)
        }) {
            self.match = try MatchRules(section: match)
        }
        try ConfigurationError.reading { () throws(JSONShapeError) in
            if let record = try top.object(
                "record", what: "the record section", keys: ["maxBodyBytes", "streamTiming", "volatileHeaders"])
            {
                volatileHeaders = try record.strings("volatileHeaders")
                maxBodyBytes = try record.optionalInteger("maxBodyBytes", in: 1...Int.max)
                if record.optional("streamTiming") != nil { streamTiming = try record.bool("streamTiming") }
            }
            maxAge = try top.optionalInteger("maxAge", in: 1...100_000)
        }
    }
}

extension ConfigurationError {
    /// An error about the value at `path`, located in the file when it is loaded.
    static func at(_ path: [JSONPathComponent], _ reason: Reason, atKey: Bool = false) -> ConfigurationError {
        var error = ConfigurationError(jsonPath: path.isEmpty ? nil : JSONPathComponent.text(path), reason: reason)
        error.place = JSONShapeError(path: path, message: "", atKey: atKey)
        return error
    }

    /// Runs `read`, turning a value of the wrong shape into an `invalid` configuration error at its
    /// place.
    static func reading<T>(_ read: () throws(JSONShapeError) -> T) throws(ConfigurationError) -> T {
        do {
            return try read()
        } catch {
            throw at(error.path, .invalid(error.message), atKey: error.atKey)
        }
    }
}
