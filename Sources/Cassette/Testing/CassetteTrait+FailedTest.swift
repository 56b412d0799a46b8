#if canImport(Testing)
    import CassetteCore
    import Foundation
    import Testing

    extension CassetteTrait {
        /// Runs `body` and returns whether a failing issue (an `#expect` that failed, an
        /// `Issue.record`) was recorded in it, through Swift Testing's issue handling
        /// (`IssueHandlingTrait`, Swift 6.2 and later), which sees the issues of the test's own task
        /// tree. Issues are passed on unchanged. With an older compiler only thrown errors count.
        static func runWatchingFailures(
            for test: Test, testCase: Test.Case?, _ body: @Sendable () async throws -> Void
        ) async throws -> Bool {
            #if compiler(>=6.2)
                let failed = Locked(false)
                let watcher = IssueHandlingTrait.compactMapIssues { issue in
                    if issue.isFailure { failed.withLock { $0 = true } }
                    return issue
                }
                try await watcher.provideScope(for: test, testCase: testCase, performing: body)
                return failed.withLock { $0 }
            #else
                try await body()
                return false
            #endif
        }

        /// Finishes `cassette` after its test: a test that threw, recorded a failing issue or missed
        /// a recorded request does not replace its cassette (unless the options say so), and the
        /// test's report says so, as an issue of the test.
        static func finish(
            _ cassette: Cassette, thrown: (any Error)?, failedIssue: Bool, misses: [ReplayMiss], test: Test
        ) async throws {
            let failure: String? =
                if let thrown { "it threw \(thrown)" } else if !misses.isEmpty {
                    "\(misses.count == 1 ? "a request" : "\(misses.count) requests") had no recorded match"
                } else if failedIssue { "an expectation failed" } else { nil }
            do throws(CassetteError) {
                try await cassette.finish(testFailed: failure != nil, failure: failure)
            } catch {
                guard case .notWrittenAfterFailure = error else { throw error }
                Issue.record(Comment(rawValue: error.description), sourceLocation: test.sourceLocation)
            }
        }
    }
#endif
