#if canImport(Testing)
    import CassetteCore
    import Foundation
    import Testing

    extension CassetteTrait {
        /// Runs `body`, the test, and tells how it went: the error it threw, and whether it recorded
        /// a failing issue (a failed `#expect`, an `Issue.record`; known issues and warnings do not
        /// count).
        ///
        /// Issues are observed with Swift Testing's issue handling trait (Swift 6.2 and later),
        /// which passes each issue on unchanged; with an older compiler only a thrown error tells
        /// that the test failed.
        static func observingFailures(
            of test: Test, testCase: Test.Case?, _ body: @Sendable () async throws -> Void
        ) async -> (thrown: (any Error)?, recordedFailure: Bool) {
            let failed = Locked(false)
            do {
                #if compiler(>=6.2)
                    let observer = IssueHandlingTrait.compactMapIssues { issue in
                        if issue.isFailure { failed.withLock { $0 = true } }
                        return issue
                    }
                    try await observer.provideScope(for: test, testCase: testCase, performing: body)
                #else
                    try await body()
                #endif
            } catch {
                return (error, failed.withLock { $0 })
            }
            return (nil, failed.withLock { $0 })
        }

        /// Finishes `cassette` after its test: a test that failed does not replace its cassette
        /// (unless the options say so), and the test's report says so, as an issue of the test.
        static func finish(_ cassette: Cassette, failure: String?, test: Test) async throws {
            do throws(CassetteError) {
                try await cassette.finish(testFailed: failure != nil, failure: failure)
            } catch {
                guard case .notWrittenAfterFailure = error else { throw error }
                Issue.record(Comment(rawValue: error.description), sourceLocation: test.sourceLocation)
            }
        }
    }
#endif
