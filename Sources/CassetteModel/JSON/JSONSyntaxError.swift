import Foundation

/// A JSON syntax error, with the byte offset where it was found.
package struct JSONSyntaxError: Error, Sendable, Equatable {
    /// Byte offset into the parsed text.
    package var offset: Int
    /// What was expected, or what was wrong, in words.
    package var message: String
}
