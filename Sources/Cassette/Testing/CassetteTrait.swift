#if canImport(Testing)
    import Foundation
    import Testing

    extension Cassette {
        /// The cassette of the running test, set by the ``CassetteTrait`` (`@Test(.cassette("Name"))`).
        @TaskLocal public static var current: Cassette?
    }

    /// A Swift Testing trait that opens a cassette for a test, makes it available as
    /// ``Cassette/current``, reports every request replay could not serve as an issue of that
    /// test, and finishes the cassette when the test ends.
    ///
    /// ```swift
    /// @Test(.cassette("UserAPI"))
    /// func fetchesUser() async throws {
    ///     let client = APIClient(session: try #require(Cassette.current).session())
    ///     #expect(try await client.user(id: 1).name == "Ada")
    /// }
    /// ```
    ///
    /// The cassette lives in the `Cassettes/` folder of the package that declares the test (found
    /// from the test's source file). Each case of a parameterized test
    /// (`@Test(.cassette(), arguments: [404, 500])`) gets a cassette of its own, named after the
    /// test's cassette and the case's arguments: `Cassettes/StatusTests/status/code=404.json`.
    public struct CassetteTrait: TestTrait, TestScoping {
        /// The cassette's name in the package's `Cassettes/` folder; `nil` names it after the test.
        public var name: String?
        /// The mode; `nil` reads `CASSETTE_MODE`.
        public var mode: Cassette.Mode?
        public var options: Cassette.Options
        /// A file of the package whose `Cassettes/` folder holds the cassette; `nil` (the default)
        /// uses the file that declares the test.
        public var filePath: String?

        public func provideScope(
            for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
        ) async throws {
            var options = options
            options.testName = options.testName ?? CassetteTrait.filter(for: test)
            let cassetteName = try CassetteTrait.cassetteName(name, for: test, testCase: testCase)
            let cassette = try Cassette(
                named: cassetteName, mode: mode, options: options, filePath: filePath ?? test.sourceLocation.filePath)
            let (thrown, recordedFailure) = await CassetteTrait.observingFailures(of: test, testCase: testCase) {
                try await Cassette.$current.withValue(cassette) { try await function() }
            }
            // URLProtocol runs on URLSession's threads, outside the test's task, where an issue would
            // not be attributed to this test; misses are carried back through the cassette instead.
            let misses = cassette.misses
            for miss in misses {
                Issue.record(Comment(rawValue: miss.description), sourceLocation: test.sourceLocation)
            }
            let refusals = cassette.refusedRequests
            for refusal in refusals {
                Issue.record(Comment(rawValue: refusal.description), sourceLocation: test.sourceLocation)
            }
            // A test that failed leaves its cassette as it was, and says so.
            let failure = Cassette.failure(
                thrown: thrown, recordedFailure: recordedFailure, misses: misses, refusals: refusals)
            do {
                try await CassetteTrait.finish(cassette, failure: failure, test: test)
            } catch {
                cassette.noteTestFailed()
                throw error
            }
            // What a failing test served says nothing of what its cassette needs: `cassette prune`
            // keeps such a cassette whole.
            if failure != nil { cassette.noteTestFailed() }
            // A miss the test body let through is reported once, as the issue above.
            if let thrown, !CassetteTrait.isReported(thrown, among: misses, refusals) { throw thrown }
        }

        /// Whether `error` is one of `misses` or `refusals`, already recorded as an issue.
        static func isReported(_ error: any Error, among misses: [ReplayMiss], _ refusals: [CassetteError]) -> Bool {
            guard let error = error as? CassetteError else { return false }
            if case .noMatch(let miss) = error { return misses.contains(miss) }
            return refusals.contains(error)
        }
    }

    extension Trait where Self == CassetteTrait {
        /// Opens the cassette `name` (default: named after the test) for the test; see
        /// ``CassetteTrait``.
        ///
        /// - Parameters:
        ///   - name: The cassette's name in the package's `Cassettes/` folder; `nil` names it
        ///     `Suite/function` after the test. A parameterized test's cases each get the cassette
        ///     `name/<arguments>` (`Suite/function/code=404`).
        ///   - mode: The mode; `nil` reads `CASSETTE_MODE`.
        ///   - matching: Tolerance for requests that carry changing values, added to the project's
        ///     `.cassette.json` rules (and to `options.matching`).
        ///   - options: Scrubbing, matching and environment settings.
        ///   - filePath: A file of the package whose `Cassettes/` folder holds the cassette; `nil` (the
        ///     default) uses the file that declares the test.
        public static func cassette(
            _ name: String? = nil, mode: Cassette.Mode? = nil, matching: MatchRules = .strict,
            options: Cassette.Options = Cassette.Options(), filePath: String? = nil
        ) -> Self {
            var options = options
            options.matching = options.matching.merging(matching)
            return CassetteTrait(name: name, mode: mode, options: options, filePath: filePath)
        }

        /// The cassette named after the test (`Suite/function`), in the mode `CASSETTE_MODE` names,
        /// in the `Cassettes/` folder of the test's own package: `@Test(.cassette)`.
        public static var cassette: Self {
            cassette()
        }
    }
#endif
