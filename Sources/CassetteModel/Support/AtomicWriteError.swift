import Foundation

/// Why an atomic write failed. The destination is untouched when this is thrown.
public struct AtomicWriteError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    /// The step that failed, such as `create a temporary file`.
    public var step: String
    /// The system's description of the failure.
    public var reason: String

    package init(path: String, step: String, reason: String) {
        self.path = path
        self.step = step
        self.reason = reason
    }

    public var description: String {
        "\(path): error: cannot write cassette: could not \(step): \(reason); the existing file is unchanged"
    }
}
