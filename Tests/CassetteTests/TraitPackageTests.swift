import Cassette
import CassetteCore
import CassetteTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The running test as if it were declared in `Tests/ConsumerTests/ConsumerTests.swift` of the
/// package `root`: a package that depends on this one.
func testDeclared(inPackage root: URL) throws -> Test {
    var test = try #require(Test.current)
    let file = root.appendingPathComponent("Tests/ConsumerTests/ConsumerTests.swift").path
    test.sourceLocation = SourceLocation(
        fileID: "ConsumerTests/ConsumerTests.swift", filePath: file, line: 1, column: 1)
    return test
}

/// A package folder with a `Package.swift`, removed when released.
func consumerPackage() throws -> ScratchPackage {
    try ScratchPackage()
}

@Suite struct BareTraitPackageTests {
    @Test func theBareTraitOpensTheCassetteInTheTestsOwnPackage() async throws {
        let package = try consumerPackage()
        let name = "BareTraitPackageTests/theBareTraitOpensTheCassetteInTheTestsOwnPackage"
        try package.write("Cassettes/\(name).json", CassetteDocument(interactions: []))
        let opened = Locked<URL?>(nil)
        try await CassetteTrait.cassette.provideScope(for: testDeclared(inPackage: package.root), testCase: nil) {
            opened.withLock { $0 = Cassette.current?.fileURL.standardizedFileURL }
        }
        #expect(opened.withLock { $0 } == package.url("Cassettes/\(name).json").standardizedFileURL)
    }

    @Test func aNamedTraitOpensTheCassetteInTheTestsOwnPackageToo() async throws {
        let package = try consumerPackage()
        try package.write("Cassettes/Orders/List.json", CassetteDocument(interactions: []))
        let opened = Locked<URL?>(nil)
        let trait = CassetteTrait.cassette("Orders/List", mode: .replay, options: testOptions())
        try await trait.provideScope(for: testDeclared(inPackage: package.root), testCase: nil) {
            opened.withLock { $0 = Cassette.current?.fileURL.standardizedFileURL }
        }
        #expect(opened.withLock { $0 } == package.url("Cassettes/Orders/List.json").standardizedFileURL)
    }
}

@Suite struct ParameterizedTraitTests {
    /// Each case records into a cassette of its own, named after its argument, and replays from it
    /// offline; a miss names the case's cassette and the filter that runs the test's cases.
    @Test(arguments: [404, 500, 503])
    func eachCaseRecordsAndReplaysACassetteOfItsOwn(code: Int) async throws {
        let package = try consumerPackage()
        let test = try testDeclared(inPackage: package.root)
        let testCase = try #require(Test.Case.current)
        let server = try TestHTTPServer()
        let url = server.url("/status/\(code)")
        let recording = CassetteTrait.cassette(mode: .record, options: testOptions())
        try await recording.provideScope(for: test, testCase: testCase) {
            _ = try await #require(Cassette.current).session().fetch(url)
        }
        server.stop()
        let file = package.url(
            "Cassettes/ParameterizedTraitTests/eachCaseRecordsAndReplaysACassetteOfItsOwn/code=\(code).json")
        let document = try CassetteDocument.read(from: file)
        #expect(document.interactions.map(\.request.url) == [url.absoluteString])
        let replay = CassetteTrait.cassette(mode: .replay, options: testOptions())
        try await replay.provideScope(for: test, testCase: testCase) {
            let (_, response) = try await #require(Cassette.current).session().fetch(url)
            #expect(response.statusCode == code)
        }
        try await withKnownIssue {
            try await replay.provideScope(for: test, testCase: testCase) {
                _ = try? await #require(Cassette.current).session().fetch(server.url("/status/418"))
            }
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.hasPrefix(file.path + ": error: no recorded interaction matches GET")
                    && $0.rawValue.contains(
                        #"CASSETTE_MODE=newEpisodes swift test --filter '^CassetteTests\.ParameterizedTraitTests/eachCaseRecordsAndReplaysACassetteOfItsOwn\(code:\)'"#
                    )
            }
        }
    }

    /// Arguments of every kind get a name that is one file-name-safe path component, different for
    /// different arguments.
    @Test(arguments: ["plain", "x y/z", "../up", "é", ".hidden"], [1, 2])
    func argumentsNameTheCassetteOfTheirCase(text: String, number: Int) throws {
        let test = try #require(Test.current)
        let name = try CassetteTrait.cassetteName("Base", for: test, testCase: Test.Case.current)
        let expected: [String: String] = [
            "plain": "text=plain", "x y/z": "text=x%20y%2Fz", "../up": "text=%2E.%2Fup", "é": "text=%C3%A9",
            ".hidden": "text=%2Ehidden",
        ]
        #expect(name == "Base/\(expected[text]!),number=\(number)")
    }

    /// Two cases whose arguments read the same would share one cassette and overwrite each other's
    /// recording: the second is refused instead.
    @Test func twoCasesNeverShareACassette() {
        let test = "Module.Suite/collides(\(UUID()))"
        #expect(CaseNames.claim("T/value=a", test: test, identity: "case 1", summary: "value → a") == nil)
        #expect(CaseNames.claim("T/value=a", test: test, identity: "case 1", summary: "value → a") == nil)
        #expect(CaseNames.claim("T/value=a", test: test, identity: "case 2", summary: "value → a") == "value → a")
        #expect(CaseNames.claim("T/value=b", test: test, identity: "case 2", summary: "value → b") == nil)
    }
}
