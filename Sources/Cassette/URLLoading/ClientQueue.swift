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
///
/// Callers with no URLProtocol (``Cassette/response(for:)``, `cassette serve`) use a serial queue of
/// their own, one per request (``init(serial:)``), so a slow consumer of one answer holds up no other.
final class ClientQueue: @unchecked Sendable {
    /// A plain serial queue, for callers that are not a URLProtocol.
    private let serial: DispatchQueue?

    /// Runs work on a new serial queue named `label`, in order, off the caller's thread.
    init(serial label: String) {
        serial = DispatchQueue(label: label)
        #if canImport(FoundationNetworking)
            queue = nil
        #endif
    }

    #if canImport(FoundationNetworking)
        private let queue: UnsafeMutableRawPointer?

        /// Takes the queue the caller runs on; call it from `startLoading()`.
        init() {
            serial = nil
            queue = cassette_current_queue_retained()
        }

        deinit {
            if let queue { cassette_queue_release(queue) }
        }

        /// Runs `work` on the queue, asynchronously.
        func async(_ work: @escaping @Sendable () -> Void) {
            if let serial { return serial.async(execute: work) }
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
        init() {
            serial = nil
        }

        /// Runs `work` at once (on the serial queue, for one made with ``init(serial:)``).
        func async(_ work: @escaping @Sendable () -> Void) {
            if let serial { return serial.async(execute: work) }
            work()
        }
    #endif
}
