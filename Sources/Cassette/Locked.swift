import Foundation

/// A value behind a lock: the only way mutable state is shared between URLSession's threads and
/// the caller's.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

/// Carries a non-Sendable reference across a queue hop. Used only for `URLProtocol` instances,
/// whose `Sendable` conformance is unavailable on Linux but whose client may be called from any
/// thread.
struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
}
