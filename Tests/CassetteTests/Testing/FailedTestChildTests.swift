import Cassette
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The child side of `FailedTestPolicyTests`: does its work only when that suite runs this bundle
/// again with `CASSETTE_FAILING_CHILD` set, and returns at once otherwise.
@Suite struct FailedTestChildTests {
    /// `CASSETTE_FAILING_CHILD=<package>`, `CASSETTE_CHILD_SERVER=<url>`: records the cassette `Good`
    /// of the package, fetching the URL, and fails an `#expect` without throwing. This test fails.
    @Test func childFailsAnExpectation() async throws {
        let environment = ProcessInfo.processInfo.environment
        guard let root = environment["CASSETTE_FAILING_CHILD"], let url = environment["CASSETTE_CHILD_SERVER"] else {
            return
        }
        let trait = CassetteTrait.cassette(
            "Good", mode: .record, options: testOptions(), filePath: root + "/Tests/T.swift")
        try await trait.provideScope(for: try #require(Test.current), testCase: nil) {
            let (data, _) = try await #require(Cassette.current).session().fetch(try #require(URL(string: url)))
            #expect(data.isEmpty, "the child's failing expectation")
        }
    }
}
