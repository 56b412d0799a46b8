import Foundation

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
/// - Parameters:
///   - name: The cassette's name in the package's `Cassettes/` folder, such as `"Users/Create"`.
///   - mode: The mode; `nil` reads `CASSETTE_MODE`.
///   - options: Scrubbing, matching and environment settings.
///   - filePath: The calling file, from which the package root is found. Leave the default.
///   - fileID: The calling file's ID, whose module names the test in messages. Leave the default.
///   - function: The calling function (the XCTest method), named in messages. Leave the default.
///   - body: The test's code, given the open cassette.
/// - Throws: What `body` throws, the errors of opening and finishing the cassette,
///   ``CassetteError/unmatchedRequests(_:)`` when replay missed requests, and
///   ``CassetteError/uploadBodyUnavailable(path:request:)`` when an upload's body could not be seen
///   (even if `body` caught the failures). When it throws, the usage ledger notes that the test
///   failed, and `cassette prune` keeps the cassette whole.
public func withCassette<Result>(
    _ name: String, mode: Cassette.Mode? = nil, options: Cassette.Options = Cassette.Options(),
    filePath: String = #filePath, fileID: String = #fileID, function: String = #function,
    _ body: (Cassette) async throws -> Result
) async throws -> Result {
    var options = options
    options.testName = options.testName ?? Cassette.filter(function: function, fileID: fileID)
    let cassette = try Cassette(named: name, mode: mode, options: options, filePath: filePath)
    let result: Result
    do {
        result = try await body(cassette)
    } catch {
        try? await cassette.finish()
        cassette.noteTestFailed()
        throw error
    }
    do {
        try await cassette.finish()
    } catch {
        cassette.noteTestFailed()
        throw error
    }
    let misses = cassette.misses
    if !misses.isEmpty || !cassette.refusedRequests.isEmpty { cassette.noteTestFailed() }
    if !misses.isEmpty { throw CassetteError.unmatchedRequests(misses) }
    if let refusal = cassette.refusedRequests.first { throw refusal }
    return result
}

extension Cassette {
    /// A `swift test --filter` pattern for the test `function` in the module of `fileID`: anchored at
    /// the module, any suite or class, the function's name whole (`\b`), so `testCreatesOrder`
    /// does not select `testCreatesOrderTwice`. Works for XCTest (`Module.Class/testName`) and Swift
    /// Testing (`Module.Suite/name()`) names alike.
    static func filter(function: String, fileID: String) -> String {
        let module = fileID.split(separator: "/").first.map(String.init) ?? ""
        let name = String(function.prefix { $0 != "(" })
        return "^" + regexEscaped(module) + "\\..*/" + regexEscaped(name) + "\\b"
    }

    /// `text` with the characters regular expressions treat specially escaped.
    static func regexEscaped(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if "\\^$.|?*+()[]{}".contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }
}
