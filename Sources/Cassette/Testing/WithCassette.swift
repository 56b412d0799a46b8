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
