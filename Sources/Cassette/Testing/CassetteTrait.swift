#if canImport(Testing)
    import Foundation
    import Testing

    extension Cassette {
        /// The cassette of the running test, set by the ``CassetteTrait`` (`@Test(.cassette("Name"))`).
        @TaskLocal public static var current: Cassette?
    }

    /// A Swift Testing trait that opens a cassette for a test, makes it available as
    /// ``Cassette/current``, reports every request replay could not serve as an issue of that
    /// test, and finishes the cassette when the test ends. A test that fails (throws, or records a
    /// failing issue) in a recording mode leaves its cassette as it was and says so; see
    /// ``Cassette/Options/recordFailedTests``.
    ///
    /// ```swift
    /// @Test(.cassette("UserAPI"))
    /// func fetchesUser() async throws {
    ///     let client = APIClient(session: try #require(Cassette.current).session())
    ///     #expect(try await client.user(id: 1).name == "Ada")
    /// }
    /// ```
    public struct CassetteTrait: TestTrait, TestScoping {
        /// The cassette's name in the package's `Cassettes/` folder; `nil` names it after the test.
        public var name: String?
        /// The mode; `nil` reads `CASSETTE_MODE`.
        public var mode: Cassette.Mode?
        public var options: Cassette.Options
        /// The file that declared the test, from which the package root is found.
        public var filePath: String

        public func provideScope(
            for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
        ) async throws {
            var options = options
            options.testName = options.testName ?? CassetteTrait.filter(for: test)
            let cassetteName = name ?? CassetteTrait.defaultName(for: test)
            let cassette = try Cassette(named: cassetteName, mode: mode, options: options, filePath: filePath)
            var thrown: (any Error)?
            var failedIssue = false
            do {
                failedIssue = try await CassetteTrait.runWatchingFailures(for: test, testCase: testCase) {
                    try await Cassette.$current.withValue(cassette) { try await function() }
                }
            } catch {
                thrown = error
            }
            // URLProtocol runs on URLSession's threads, outside the test's task, where an issue would
            // not be attributed to this test; misses are carried back through the cassette instead.
            let misses = cassette.misses
            for miss in misses {
                Issue.record(Comment(rawValue: miss.description), sourceLocation: test.sourceLocation)
            }
            // A test that failed leaves its cassette as it was, and says so.
            try await CassetteTrait.finish(
                cassette, thrown: thrown, failedIssue: failedIssue, misses: misses, test: test)
            // A miss the test body let through is reported once, as the issue above.
            if let thrown, !CassetteTrait.isReported(thrown, among: misses) { throw thrown }
        }

        /// Whether `error` is one of `misses`, already recorded as an issue.
        static func isReported(_ error: any Error, among misses: [ReplayMiss]) -> Bool {
            guard case .noMatch(let miss)? = error as? CassetteError else { return false }
            return misses.contains(miss)
        }

        /// A `swift test --filter` pattern that selects exactly `test`: its full name as
        /// `swift test list` prints it (`Module.Suite/test()`), anchored at the start; the closing
        /// parenthesis keeps `createsOrder()` from selecting `createsOrderTwice()`.
        package static func filter(for test: Test) -> String {
            "^" + Cassette.regexEscaped(test.id.moduleName + "." + test.id.nameComponents.joined(separator: "/"))
        }

        /// `Suite/function` (`Outer/Inner/function` for nested suites), with characters that are
        /// awkward in file names replaced by `_`.
        package static func defaultName(for test: Test) -> String {
            var components = test.id.nameComponents
            if let function = components.popLast() { components.append(String(function.prefix { $0 != "(" })) }
            let raw = components.joined(separator: "/")
            return String(raw.map { $0.isLetter || $0.isNumber || $0 == "/" || $0 == "-" || $0 == "_" ? $0 : "_" })
        }
    }

    extension Trait where Self == CassetteTrait {
        /// Opens the cassette `name` (default: named after the test) for the test; see
        /// ``CassetteTrait``.
        ///
        /// - Parameters:
        ///   - name: The cassette's name in the package's `Cassettes/` folder; `nil` names it
        ///     `Suite/function` after the test.
        ///   - mode: The mode; `nil` reads `CASSETTE_MODE`.
        ///   - matching: Tolerance for requests that carry changing values, added to the project's
        ///     `.cassette.json` rules (and to `options.matching`).
        ///   - options: Scrubbing, matching and environment settings.
        ///   - filePath: The file that declares the test, from which the package root is found. Leave
        ///     the default.
        public static func cassette(
            _ name: String? = nil, mode: Cassette.Mode? = nil, matching: MatchRules = .strict,
            options: Cassette.Options = Cassette.Options(), filePath: String = #filePath
        ) -> Self {
            var options = options
            options.matching = options.matching.merging(matching)
            return CassetteTrait(name: name, mode: mode, options: options, filePath: filePath)
        }

        /// The cassette named after the test (`Suite/function`), in the mode `CASSETTE_MODE` names:
        /// `@Test(.cassette)`.
        public static var cassette: Self {
            cassette()
        }
    }
#endif
