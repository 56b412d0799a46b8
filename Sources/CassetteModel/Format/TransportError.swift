import Foundation

/// A transport failure, kept as its `URLError` code (for example -1004, cannot connect to host).
public struct TransportError: Sendable, Hashable {
    public var code: Int

    public init(code: Int) {
        self.code = code
    }
}
