import CassetteCore
import Foundation

extension Cassette {
    /// Notes in the usage ledger that the test using this cassette failed, so that `cassette prune`
    /// keeps the cassette whole: a failing test may have stopped before making its requests. The
    /// trait and `withCassette` call it when the test throws, records an issue or misses.
    func noteTestFailed() {
        UsageRecorder.recordFailure(cassette: fileURL, test: options.testName, environment: options.environment)
    }
}
