import Cassette
import CassetteCore
import CassetteProcess
import CassetteTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A test that fails in a recording mode never replaces its cassette: the trait and `withCassette`
/// keep the file and say so, unless the options or `CASSETTE_RECORD_FAILED_TESTS` record anyway.
@Suite struct FailedTestPolicyTests {
    struct Failure: Error, CustomStringConvertible {
        var description: String { "the API answered 500" }
    }

    /// A package with a good two-interaction cassette `Good`, recorded against `server`.
    static func packageWithGoodCassette(_ server: TestHTTPServer) async throws -> (ScratchPackage, URL, Data) {
        let package = try ScratchPackage()
        let file = package.url("Cassettes/Good.json")
        let cassette = try Cassette(fileURL: file, mode: .record, options: testOptions())
        let session = cassette.session()
        _ = try await session.fetch(server.url("/json"))
        _ = try await session.fetch(server.url("/text"))
        try await cassette.finish()
        return (package, file, try Data(contentsOf: file))
    }

    static func trait(_ package: ScratchPackage, options: Cassette.Options = testOptions()) -> CassetteTrait {
        CassetteTrait.cassette("Good", mode: .record, options: options, filePath: package.url("Tests/T.swift").path)
    }

    @Test func aTestThatThrowsKeepsItsCassetteAndSaysSo() async throws {
        let server = try TestHTTPServer()
        let (package, file, good) = try await Self.packageWithGoodCassette(server)
        let test = try #require(Test.current)
        let comments = Locked<[String]>([])
        try await withKnownIssue {
            try await Self.trait(package).provideScope(for: test, testCase: nil) {
                _ = try await #require(Cassette.current).session().fetch(server.url("/json"))
                throw Failure()
            }
        } matching: { issue in
            comments.withLock { $0 += issue.comments.map(\.rawValue) + [issue.description] }
            return true
        }
        #expect(try Data(contentsOf: file) == good, "the failed test replaced its cassette")
        let said = comments.withLock { $0 }.joined(separator: "\n")
        #expect(
            said.contains("\(file.path): error: cassette not written: the test failed (it threw the API answered 500)"))
        #expect(said.contains("CASSETTE_RECORD_FAILED_TESTS=1 CASSETTE_MODE=record swift test --filter"), "\(said)")
    }

    /// A failing `#expect` does not throw; the trait sees it through Swift Testing's issue
    /// handling. Inside `withKnownIssue` an issue is known, not a failure, so the failing test runs
    /// for real in a child process (`FailedTestChildTests`), which must fail.
    @Test func aTestWhoseExpectationFailsKeepsItsCassette() async throws {
        let server = try TestHTTPServer()
        let (package, file, good) = try await Self.packageWithGoodCassette(server)
        let output = package.url("child-output.txt")
        let child = try ChildRun.start(
            filter: "FailedTestChildTests/childFailsAnExpectation",
            environment: [
                "CASSETTE_FAILING_CHILD": package.root.path,
                "CASSETTE_CHILD_SERVER": server.url("/json").absoluteString,
            ],
            output: output)
        let exit = await child.exited()
        let said = try String(contentsOf: output, encoding: .utf8)
        #expect(exit.status != 0, "the child test should have failed: \(said)")
        #expect(said.contains("Expectation failed"), "\(said)")
        #expect(try Data(contentsOf: file) == good, "a test whose #expect failed replaced its cassette")
        #expect(
            said.contains("\(file.path): error: cassette not written: the test failed (an expectation failed)"),
            "\(said)")
    }

    @Test func aTestThatPassesStillWritesItsCassette() async throws {
        let server = try TestHTTPServer()
        let (package, file, good) = try await Self.packageWithGoodCassette(server)
        let test = try #require(Test.current)
        try await Self.trait(package).provideScope(for: test, testCase: nil) {
            _ = try await #require(Cassette.current).session().fetch(server.url("/binary"))
        }
        #expect(try Data(contentsOf: file) != good)
        #expect(
            try CassetteDocument.read(from: file).interactions.map(\.request.url) == [
                server.url("/binary").absoluteString
            ])
    }

    @Test(arguments: [true, false])
    func theOptionOrTheVariableRecordsAFailedTestAnyway(byOption: Bool) async throws {
        let server = try TestHTTPServer()
        let (package, file, good) = try await Self.packageWithGoodCassette(server)
        let test = try #require(Test.current)
        var options = testOptions(environment: byOption ? [:] : ["CASSETTE_RECORD_FAILED_TESTS": "1"])
        options.recordFailedTests = byOption
        await withKnownIssue {
            try await Self.trait(package, options: options).provideScope(for: test, testCase: nil) {
                _ = try await #require(Cassette.current).session().fetch(server.url("/binary"))
                throw Failure()
            }
        }
        #expect(try Data(contentsOf: file) != good)
        #expect(try CassetteDocument.read(from: file).interactions.count == 1)
    }

    @Test func withCassetteKeepsTheCassetteOfABodyThatThrowsAndSaysWhy() async throws {
        let server = try TestHTTPServer()
        let (package, file, good) = try await Self.packageWithGoodCassette(server)
        await #expect {
            try await withCassette("Good", mode: .record, options: testOptions(), filePath: package.url("T.swift").path)
            {
                cassette in
                _ = try await cassette.session().fetch(server.url("/json"))
                throw Failure()
            }
        } throws: { error in
            guard case .notWrittenAfterFailure(let path, let failure, _) = error as? CassetteError else { return false }
            return path == file.path && failure == "it threw the API answered 500"
                && "\(error)".contains("record anyway with CASSETTE_RECORD_FAILED_TESTS=1")
        }
        #expect(try Data(contentsOf: file) == good)
    }

    @Test func aFailedTestInReplayThrowsItsOwnError() async throws {
        await #expect(throws: Failure.self) {
            try await withCassette("Example/ListUsers", mode: .replay, options: testOptions()) { _ in throw Failure() }
        }
    }
}
