import Foundation

/// A project's `.cassette.json`: the settings the library and the `cassette` tool share, one section
/// per concern.
///
/// ```json
/// {
///   "scrub": { "headers": ["X-Tenant-Secret"] },
///   "match": { "ignoreBodyPaths": ["$.clientTimestamp"], "ignoreQueryItems": ["_"] },
///   "record": { "volatileHeaders": ["X-Build"], "maxBodyBytes": 10485760 },
///   "maxAge": 180,
///   "replay": { "latency": 300, "requireAllPlayed": true, "order": "strict" },
///   "faults": [ { "request": "GET */v1/orders*", "error": "timedOut", "on": 1 } ],
///   "passthrough": ["localhost:5432", "*.internal.example"]
/// }
/// ```
public struct ProjectConfiguration: Sendable {
    /// The name of the project file both the library and the `cassette` tool read.
    public static let fileName = ".cassette.json"
    /// The keys the `"record"` object may hold.
    package static let recordKeys = ["maxBodyBytes", "streamTiming", "volatileHeaders"]
    /// The top-level keys the file may hold.
    package static let sections = ["faults", "match", "maxAge", "passthrough", "record", "replay", "scrub"]

    /// The file the configuration was read from; `nil` for the defaults.
    public var file: URL?
    /// Additions to and removals from the default scrubbing rules.
    public var scrub = ScrubConfiguration()
    /// Tolerances for matching requests that carry changing values.
    public var match = MatchRules()
    /// Response headers, beyond the built-in ones, whose values change on every response and so do
    /// not count as a change when re-recording or verifying.
    public var volatileHeaders: [String] = []
    /// Interactions recorded more than this many days ago are stale (`cassette lint`).
    public var maxAge: Int?
    /// The largest body a recording keeps, in bytes (`"record": {"maxBodyBytes": N}`); `nil` for the
    /// default.
    public var maxBodyBytes: Int?
    /// How recorded answers are served (`"replay"`).
    package var replay = ReplaySettings()
    /// Faults injected on top of the recordings (`"faults"`).
    package var faults: [FaultRule] = []
    /// Hosts whose requests bypass the cassette (`"passthrough"`).
    package var passthrough: [HostPattern] = []
    /// Whether recordings keep the gaps between a streamed response's chunks
    /// (`"record": {"streamTiming": true}`).
    package var streamTiming = false

    public init() {}

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

    /// Reads a `.cassette.json` file.
    ///
    /// - Throws: `ConfigurationError` naming the file, with the line, column and JSON path of the
    ///   problem: unreadable file, invalid JSON, an unknown key, a value of the wrong type, an unknown
    ///   rule name, a JSON path or pattern that cannot be used.
    public static func load(from url: URL) throws(ConfigurationError) -> ProjectConfiguration {
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
                "record", what: "the record section", keys: ProjectConfiguration.recordKeys)
            {
                volatileHeaders = try record.strings("volatileHeaders")
                maxBodyBytes = try record.optionalInteger("maxBodyBytes", in: 1...Int.max)
                if record.optional("streamTiming") != nil { streamTiming = try record.bool("streamTiming") }
            }
            maxAge = try top.optionalInteger("maxAge", in: 1...100_000)
            if let replay = try top.object("replay", what: "the replay section", keys: ReplaySettings.fileKeys) {
                self.replay = try ReplaySettings(section: replay)
            }
            faults = try top.objects("faults", what: "a fault", keys: FaultRule.fileKeys).map {
                (rule) throws(JSONShapeError) in try FaultRule(file: rule)
            }
            for (index, text) in try top.strings("passthrough").enumerated() {
                guard let pattern = HostPattern(text) else {
                    throw JSONShapeError(
                        path: [.key("passthrough"), .index(index)],
                        message: "\"\(text)\" is not a host pattern like \"localhost:5432\" or \"*.internal.example\"")
                }
                passthrough.append(pattern)
            }
        }
    }
}
