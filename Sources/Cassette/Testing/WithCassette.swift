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
/// In a recording mode, a `body` that throws leaves the cassette file as it was (unless
/// ``Cassette/Options/recordFailedTests``): what is thrown is then
/// ``CassetteError/notWrittenAfterFailure(path:failure:testName:)``, whose message names the cassette,
/// the error `body` threw, and how to record anyway.
///
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
        cassette.noteTestFailed()
        // A body that threw made only some of its requests: its cassette is kept as it was.
        try await cassette.finish(afterThrowing: error)
        throw error
    }
    let misses = cassette.misses
    let refusals = cassette.refusedRequests
    guard misses.isEmpty && refusals.isEmpty else {
        cassette.noteTestFailed()
        // The requests that failed are what to fix; a recording is kept as it was meanwhile.
        let failure = Cassette.failure(thrown: nil, recordedFailure: false, misses: misses, refusals: refusals)
        try? await cassette.finish(testFailed: true, failure: failure)
        throw misses.isEmpty ? refusals[0] : CassetteError.unmatchedRequests(misses)
    }
    do {
        try await cassette.finish()
    } catch {
        cassette.noteTestFailed()
        throw error
    }
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
