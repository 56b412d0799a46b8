import Foundation

#if canImport(FoundationNetworking)
    import CassetteDispatchShim
#endif

/// Where a protocol calls its client back after `startLoading()` has returned.
///
/// On Linux, URLSession reads its task registry (which only its work queue may touch) inside every
/// client call, so a client called from another thread races with tasks starting and finishing on
/// the same session; the race crashed the process in a test that recorded 50 concurrent requests.
/// `startLoading()` runs on the task's work queue: the queue is taken there and later calls go
/// through it. On Apple platforms the client may be called from any thread.
final class ClientQueue: @unchecked Sendable {
    #if canImport(FoundationNetworking)
        private let queue: UnsafeMutableRawPointer?

        /// Takes the queue the caller runs on; call it from `startLoading()`.
        init() {
            queue = cassette_current_queue_retained()
        }

        deinit {
            if let queue { cassette_queue_release(queue) }
        }

        /// Runs `work` on the queue, asynchronously.
        func async(_ work: @escaping @Sendable () -> Void) {
            guard let queue else {
                work()
                return
            }
            let context = Unmanaged.passRetained(Work(work)).toOpaque()
            cassette_queue_async(queue, context) { context in
                guard let context else { return }
                Unmanaged<Work>.fromOpaque(context).takeRetainedValue().run()
            }
        }

        private final class Work {
            let run: @Sendable () -> Void

            init(_ run: @escaping @Sendable () -> Void) {
                self.run = run
            }
        }
    #else
        init() {}

        /// Runs `work` at once.
        func async(_ work: @escaping @Sendable () -> Void) {
            work()
        }
    #endif
}
