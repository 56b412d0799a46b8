import Foundation

/// Seconds taken by `body`.
func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = ContinuousClock.now
    try body()
    return (ContinuousClock.now - start).seconds
}

/// Seconds taken by the asynchronous `body`.
func asyncSeconds(_ body: () async throws -> Void) async rethrows -> Double {
    let start = ContinuousClock.now
    try await body()
    return (ContinuousClock.now - start).seconds
}

extension Duration {
    var seconds: Double {
        let (whole, attoseconds) = components
        return Double(whole) + Double(attoseconds) / 1e18
    }
}

/// Microseconds with one decimal.
func micros(_ seconds: Double) -> String { String(format: "%.1f µs", seconds * 1e6) }

/// Milliseconds with one decimal.
func millis(_ seconds: Double) -> String { String(format: "%.1f ms", seconds * 1e3) }

/// A ratio with two decimals and an `x`.
func ratio(_ value: Double) -> String { String(format: "%.2fx", value) }

/// A verdict against a target ratio.
func verdict(_ value: Double, atMost target: Double) -> String {
    value <= target
        ? "ok (target <= \(String(format: "%.2f", target))x)" : "MISSED (target <= \(String(format: "%.2f", target))x)"
}
