import Foundation

/// A one-way signal that cuts waits short: `TestHTTPServer.stop()` fires it so a delayed or dripping
/// response does not hold the stop up.
final class StopSignal: @unchecked Sendable {
    private let condition = NSCondition()
    private var fired = false  // guarded by `condition`

    func fire() {
        condition.lock()
        fired = true
        condition.broadcast()
        condition.unlock()
    }

    /// Waits for `duration`, or less if the signal fires (at once if it already has).
    func wait(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        let deadline = Date(timeIntervalSinceNow: Double(seconds) + Double(attoseconds) / 1e18)
        condition.lock()
        defer { condition.unlock() }
        while !fired && condition.wait(until: deadline) {}
    }
}
