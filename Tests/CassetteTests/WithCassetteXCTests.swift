import Cassette
import Foundation
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `withCassette` from XCTest, the way a project that has not moved to Swift Testing uses it.
final class WithCassetteXCTests: XCTestCase {
    func testReplaysACommittedCassette() async throws {
        let users = try await withCassette("Example/ListUsers", mode: .replay) { cassette in
            try await UserAPIClient(baseURL: ExampleServer.baseURL, session: cassette.session()).users()
        }
        XCTAssertEqual(users.map(\.name), ["Ada Lovelace", "Grace Hopper"])
    }

    func testThrowsForARequestTheCassetteDoesNotHold() async throws {
        do {
            try await withCassette("Example/ListUsers", mode: .replay) { cassette in
                let client = UserAPIClient(baseURL: ExampleServer.baseURL, session: cassette.session())
                _ = try? await client.user(id: 1)
            }
            XCTFail("a request with no recorded match went unreported")
        } catch let CassetteError.unmatchedRequests(misses) {
            XCTAssertEqual(misses.count, 1)
            XCTAssertTrue(misses[0].description.contains("GET http://127.0.0.1:47813/v1/users/1"), "\(misses[0])")
            // The command names this XCTest method, whole, in this module.
            XCTAssertTrue(
                misses[0].description.contains(
                    #"swift test --filter '^CassetteTests\..*/testThrowsForARequestTheCassetteDoesNotHold\b'"#),
                "\(misses[0])")
        }
    }

    func testTheCIRefusalNamesTheTest() async throws {
        var options = Cassette.Options(environment: ["CI": "true"])
        options.environment["CASSETTE_MODE"] = "record"
        do {
            try await withCassette("Example/ListUsers", options: options) { _ in }
            XCTFail("recording on CI was not refused")
        } catch let error as CassetteError {
            XCTAssertTrue(
                error.description.contains(
                    #"record locally with CASSETTE_MODE=record swift test --filter '^CassetteTests\..*/testTheCIRefusalNamesTheTest\b'"#
                ), error.description)
        }
    }
}
