import Foundation

/// A value a handler thread sets and the test reads afterwards.
final class Box<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value?  // guarded by `lock`

    func set(_ value: Value) {
        update { $0 = value }
    }

    /// Changes the value under the lock (nil until set).
    func update(_ change: (inout Value?) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        change(&stored)
    }

    var value: Value? {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}

/// A count shared between handler threads and the test.
final class Counter: @unchecked Sendable {
    private let box = Box<Int>()

    func increment() {
        box.update { $0 = ($0 ?? 0) + 1 }
    }

    var value: Int { box.value ?? 0 }
}
