import Cassette
import CassetteCore
import CassetteProcess
import CassetteTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The usage ledger learns which cassettes belonged to failing tests, however the test failed, so
/// that `cassette prune` can keep them whole.
@Suite struct TestFailureLedgerTests {
    /// Runs `childFailsAnExpectationUsingACassette` in a child process (its expectation fails
    /// there) and returns the ledger it wrote.
    @Test func aFailedExpectationMarksTheCassetteOfItsTest() async throws {
        let directory = try TemporaryDirectory()
        try directory.write("Package.swift", "")
        try directory.write("Cassettes/Users.json", Data(Fixtures.cleanCassette.encoded()))
        let child = try ChildRun.start(
            filter: "childFailsAnExpectationUsingACassette",
            environment: ["CASSETTE_FAILING_CHILD": directory.url.path])
        #expect(await child.exited().status != 0, "the child's expectation did not fail")
        let ledgers = try FileManager.default.contentsOfDirectory(atPath: directory.file("usage").path)
        try #require(ledgers.count == 1, "\(ledgers)")
        let text = try directory.read("usage/" + ledgers[0])
        #expect(text.contains(#""failed": true"#), "\(text)")
        #expect(
            text.contains(
                #""failedTests": [\#n        "^CassetteTests\\.TestFailureLedgerTests/childFailsAnExpectationUsingACassette\\(\\)""#
            ), "\(text)")
    }

    /// `CASSETTE_FAILING_CHILD=<package>`: replays `Cassettes/Users.json` of the package, serving
    /// one interaction, and fails an expectation (in the child process only).
    @Test func childFailsAnExpectationUsingACassette() async throws {
        guard let path = ProcessInfo.processInfo.environment["CASSETTE_FAILING_CHILD"] else { return }
        let root = URL(fileURLWithPath: path)
        let options = Cassette.Options(
            environment: [UsageLedger.environmentVariable: root.appendingPathComponent("usage").path])
        let trait = CassetteTrait.cassette(
            "Users", mode: .replay, options: options, filePath: root.appendingPathComponent("Tests/X.swift").path)
        try await trait.provideScope(for: try #require(Test.current), testCase: nil) {
            _ = try await #require(Cassette.current).session()
                .data(for: URLRequest(url: URL(string: "https://api.example.com/v1/users/1")!))
            #expect(Bool(false), "the failure the parent test looks for")
        }
    }
}
