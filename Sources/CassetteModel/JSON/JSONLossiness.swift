import Foundation

/// What re-encoding a parsed JSON text would change that a client could notice.
///
/// A body with any of these is stored as text rather than as structured JSON, because the bytes a
/// replay serves would no longer be the ones the server sent in a way that matters.
package struct JSONLossiness: Sendable, Equatable, OptionSet {
    package let rawValue: Int
    package init(rawValue: Int) { self.rawValue = rawValue }

    /// An object holds the same key twice; a re-encoded object keeps one member per key only in
    /// other tools.
    package static let duplicateKeys = JSONLossiness(rawValue: 1 << 0)
    /// An integer beyond ±2^53, a negative zero, or a number out of `Double`'s range: other
    /// readers of the cassette would round or change it.
    package static let unsafeNumbers = JSONLossiness(rawValue: 1 << 1)
    /// A string escape the canonical writer spells differently (`\/`, `\u00e9`, upper-case hex).
    package static let escapes = JSONLossiness(rawValue: 1 << 2)
    /// A `\u` escape of a lone surrogate, which has no Unicode scalar.
    package static let loneSurrogates = JSONLossiness(rawValue: 1 << 3)
}
