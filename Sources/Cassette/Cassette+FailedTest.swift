import CassetteCore
import Foundation

extension Cassette {
    /// Finishes the cassette of a test that passed or failed: as ``finish()`` when it passed, and
    /// when it failed, in a recording mode, without writing anything unless
    /// ``Options/recordFailedTests`` or `CASSETTE_RECORD_FAILED_TESTS` allows it. A test that stops
    /// part-way (a thrown error, a failing `#require`) made only some of its requests, and a good
    /// recording must not become that partial one.
    ///
    /// - Parameters:
    ///   - testFailed: Whether the test failed.
    ///   - failure: What failed, for the message (the thrown error's description, say).
    /// - Throws: ``CassetteError/notWrittenAfterFailure(path:failure:testName:)`` when the test
    ///   failed and the cassette would have been written, and the errors of ``finish()`` otherwise.
    public func finish(testFailed: Bool, failure: String? = nil) async throws(CassetteError) {
        guard testFailed, writesAfterPassing, !recordsFailedTests else {
            try await finish()
            return
        }
        await recording?.waitForLoads()
        _ = replay.close()
        _ = recording?.close()
        let said = failure.map { matcher.scrubber.scrubText(Cassette.firstLine(of: $0, limit: 300)) }
        throw CassetteError.notWrittenAfterFailure(path: fileURL.path, failure: said, testName: options.testName)
    }

    /// Finishes the cassette of a test body that threw `error`: throws
    /// ``CassetteError/notWrittenAfterFailure(path:failure:testName:)`` when that kept the file as it
    /// was, and nothing else (the caller throws `error` itself).
    func finish(afterThrowing error: any Error) async throws(CassetteError) {
        do throws(CassetteError) {
            try await finish(testFailed: true, failure: "it threw \(error)")
        } catch {
            if case .notWrittenAfterFailure = error { throw error }
        }
    }

    /// Why a test failed, in words for the report, or `nil` when it passed: it threw, a request had
    /// no recorded match or was refused, or an expectation failed.
    static func failure(
        thrown: (any Error)?, recordedFailure: Bool, misses: [ReplayMiss], refusals: [CassetteError]
    ) -> String? {
        if let thrown { return "it threw \(thrown)" }
        if !misses.isEmpty {
            return "\(misses.count == 1 ? "a request" : "\(misses.count) requests") had no recorded match"
        }
        if !refusals.isEmpty {
            return "\(refusals.count == 1 ? "a request was" : "\(refusals.count) requests were") refused"
        }
        return recordedFailure ? "an expectation failed" : nil
    }

    /// The first line of `text`, cut at `limit` characters.
    static func firstLine(of text: String, limit: Int) -> String {
        let line = text.prefix { $0 != "\n" }
        return line.count > limit ? line.prefix(limit) + "…" : String(line)
    }

    /// Whether ``finish()`` writes the file: the recording modes (not replay, not verify).
    var writesAfterPassing: Bool { recording != nil && plan != .verify }

    /// Whether a failed test still writes its cassette: ``Options/recordFailedTests`` or
    /// `CASSETTE_RECORD_FAILED_TESTS` set to a true value.
    var recordsFailedTests: Bool {
        options.recordFailedTests
            || EnvironmentVariable.isTrue(options.environment[Cassette.recordFailedTestsVariable])
    }
}
