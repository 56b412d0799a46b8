import CassetteModel

extension TestHTTPServer {
    /// A server answering with `standardRoutes` that tells `arrival` of every request it receives,
    /// from its connection's thread, before answering it.
    package convenience init(reportingTo arrival: CancelOnArrival) throws {
        try self.init { request in
            arrival.arrived()
            return TestHTTPServer.standardRoutes(request)
        }
    }
}

/// Cancels a test's request from the server's own thread the moment the request arrives, so a test
/// of cancellation does not depend on when Swift's scheduler next runs the test.
///
/// Swift Testing runs every test at once on a cooperative pool as wide as the machine has cores,
/// and CPU-bound tests hold those threads for seconds at a time: a test that polls for the
/// server's request with `Task.sleep` and then cancels may wake only after the request has been
/// answered or has timed out. Here the server's handler calls the cancel itself, or the test does
/// if the request came before it handed the cancel over.
package final class CancelOnArrival: Sendable {
    private struct State {
        var arrived = false
        var cancel: (@Sendable () -> Void)?
    }

    private let state = Locked(State())

    package init() {}

    /// For the server's handler: the request is here; cancels it if the cancel was handed over.
    package func arrived() {
        let cancel = state.withLock { state in
            state.arrived = true
            return state.cancel
        }
        cancel?()
    }

    /// Hands over how to cancel the request; runs it at once if the request has already arrived.
    package func cancel(with cancel: @escaping @Sendable () -> Void) {
        let arrived = state.withLock { state in
            state.cancel = cancel
            return state.arrived
        }
        if arrived { cancel() }
    }
}
