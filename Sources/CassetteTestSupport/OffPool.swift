import Foundation

/// Long CPU-bound work of a test, run on a thread of its own rather than on one of Swift's
/// cooperative threads.
///
/// Swift Testing runs every test at once on a pool as wide as the machine has cores, and the pool
/// does not preempt: a test that computes for a minute there holds one of a two-core machine's two
/// threads for that minute, and every other test (a server answering through async code, a test
/// waiting to cancel a request before it times out) waits for it. On a thread of its own the
/// operating system shares the cores fairly instead.
package enum OffPool {
    /// Runs `work` on a new thread and returns what it returned, or throws what it threw.
    package static func run<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try work() }) }.start()
        }
    }
}
