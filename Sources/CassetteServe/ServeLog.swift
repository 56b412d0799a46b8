import CassetteCommands
import Foundation

/// `cassette serve`'s lines on standard error, whole, one writer at a time: concurrent requests'
/// explanations never interleave.
package final class ServeLog: Sendable {
    private let console: Console
    private let lock = NSLock()

    package init(console: Console) {
        self.console = console
    }

    /// Writes `text` (one or more lines) to standard error.
    package func error(_ text: String) {
        lock.withLock { console.error(text) }
    }

    /// Writes `text` to standard output (only the `listening on` line goes there).
    package func out(_ text: String) {
        lock.withLock { console.out(text) }
    }
}
