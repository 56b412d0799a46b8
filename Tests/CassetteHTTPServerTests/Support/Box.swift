import Foundation

/// A value a handler thread sets and the test reads afterwards.
final class Box<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value?

    func set(_ value: Value) {
        lock.withLock { stored = value }
    }

    var value: Value? { lock.withLock { stored } }
}

/// A count shared between handler threads and the test.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func increment() {
        lock.withLock { count += 1 }
    }

    var value: Int { lock.withLock { count } }
}
