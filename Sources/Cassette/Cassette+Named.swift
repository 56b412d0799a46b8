import Foundation

extension Cassette {
    /// Opens the cassette `name` in the package's top-level `Cassettes/` folder, with the mode from
    /// `CASSETTE_MODE` unless one is given.
    ///
    /// - Parameters:
    ///   - name: The cassette's name, such as `"UserAPI"` or `"Users/Create"`; `.json` is added.
    ///   - mode: The mode; `nil` reads `CASSETTE_MODE` from `options.environment` (default replay).
    ///   - options: Scrubbing, matching and environment settings.
    ///   - filePath: The calling file, from which the package root is found. Leave the default.
    /// - Throws: ``CassetteError/unknownMode(_:)`` for a bad `CASSETTE_MODE`,
    ///   ``CassetteError/packageRootNotFound(filePath:)`` when no `Package.swift` is above the
    ///   calling file, and the errors of ``init(fileURL:mode:options:)``.
    public convenience init(
        named name: String, mode: Mode? = nil, options: Options = Options(), filePath: String = #filePath
    ) throws(CassetteError) {
        let resolvedMode: Mode
        if let mode {
            resolvedMode = mode
        } else {
            resolvedMode = try Mode.fromEnvironment(options.environment)
        }
        let fileURL = try Cassette.fileURL(named: name, filePath: filePath)
        if resolvedMode != .replay {
            // The Cassettes folder, and any subfolder the name has, is created when recording.
            try? FileManager.default.createDirectory(
                at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        }
        try self.init(fileURL: fileURL, mode: resolvedMode, options: options)
    }

    /// The file of the cassette `name`: `<package root>/Cassettes/<name>.json`, where the package
    /// root is the nearest folder above `filePath` that holds a `Package.swift`.
    ///
    /// - Throws: ``CassetteError/invalidName(_:reason:)`` for a name that would leave the
    ///   `Cassettes/` folder (an absolute path or a `..` segment), and
    ///   ``CassetteError/packageRootNotFound(filePath:)``.
    public static func fileURL(named name: String, filePath: String = #filePath) throws(CassetteError) -> URL {
        if let reason = escapeReason(name) { throw CassetteError.invalidName(name, reason: reason) }
        guard let directory = PackageRoot.containing(URL(fileURLWithPath: filePath).deletingLastPathComponent()) else {
            throw CassetteError.packageRootNotFound(filePath: filePath)
        }
        let fileName = name.hasSuffix(".json") ? name : name + ".json"
        return directory.appendingPathComponent("Cassettes").appendingPathComponent(fileName)
    }

    /// Why `name` does not stay inside the cassettes folder, or `nil` when it does.
    static func escapeReason(_ name: String) -> String? {
        if name.isEmpty { return "is empty" }
        if name.hasPrefix("/") { return "is an absolute path" }
        let segments = name.split(separator: "/", omittingEmptySubsequences: false)
        if segments.contains(where: { $0 == ".." }) { return "has a \"..\" segment" }
        if name.contains("\0") { return "holds a NUL character" }
        return nil
    }
}
