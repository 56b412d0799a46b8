import Dispatch

/// Where async handlers run: a concurrent dispatch queue of the server's, whose threads libdispatch
/// adds as others block, apart from Swift's cooperative pool (one thread per core, which the rest of
/// the process may be keeping busy). Nonisolated code of a handler, and default actors it calls, run
/// here (a task executor preference).
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
final class HandlerExecutor: TaskExecutor {
    static let shared = HandlerExecutor()

    private let queue = DispatchQueue(label: "cassette.http-server.handlers", attributes: .concurrent)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
