import Foundation

/// Carries a non-Sendable reference across a queue hop. Used only for `URLProtocol` instances,
/// whose `Sendable` conformance is unavailable on Linux but whose client may be called from any
/// thread.
struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
}
