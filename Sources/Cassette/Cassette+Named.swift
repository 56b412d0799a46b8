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
    public static func fileURL(named name: String, filePath: String = #filePath) throws(CassetteError) -> URL {
        guard let directory = PackageRoot.containing(URL(fileURLWithPath: filePath).deletingLastPathComponent()) else {
            throw CassetteError.packageRootNotFound(filePath: filePath)
        }
        let fileName = name.hasSuffix(".json") ? name : name + ".json"
        return directory.appendingPathComponent("Cassettes").appendingPathComponent(fileName)
    }
}

/// Runs `body` with the cassette `name`, finishes it, and throws if any request had no recorded
/// match: the helper for XCTest and for code outside Swift Testing.
///
/// ```swift
/// func testFetchesUser() async throws {
///     try await withCassette("UserAPI") { cassette in
///         let client = APIClient(session: cassette.session())
///         XCTAssertEqual(try await client.user(id: 1).name, "Ada")
///     }
/// }
/// ```
///
/// - Throws: What `body` throws, the errors of opening and finishing the cassette, and
///   ``CassetteError/unmatchedRequests(_:)`` when replay missed requests (even if `body` caught the
///   failures).
public func withCassette<Result>(
    _ name: String, mode: Cassette.Mode? = nil, options: Cassette.Options = Cassette.Options(),
    filePath: String = #filePath, _ body: (Cassette) async throws -> Result
) async throws -> Result {
    let cassette = try Cassette(named: name, mode: mode, options: options, filePath: filePath)
    let result: Result
    do {
        result = try await body(cassette)
    } catch {
        try? await cassette.finish()
        throw error
    }
    try await cassette.finish()
    let misses = cassette.misses
    if !misses.isEmpty { throw CassetteError.unmatchedRequests(misses) }
    return result
}
