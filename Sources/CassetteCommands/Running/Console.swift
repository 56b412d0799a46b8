import Foundation

/// Where a command writes: results to standard output, diagnostics and summaries to standard
/// error, so `--format json` output stays machine-readable. Injected, so tests run commands in
/// the test process and read what they wrote.
package struct Console: Sendable {
    private let writeOutput: @Sendable (String) -> Void
    private let writeError: @Sendable (String) -> Void

    /// A console that hands each text to `output` (standard output) or `error` (standard error).
    package init(output: @escaping @Sendable (String) -> Void, error: @escaping @Sendable (String) -> Void) {
        writeOutput = output
        writeError = error
    }

    /// The process's standard output and standard error.
    package static let standard = Console(
        output: { FileHandle.standardOutput.write(Data($0.utf8)) },
        error: { FileHandle.standardError.write(Data($0.utf8)) })

    /// Writes `text` and a newline to standard output.
    package func out(_ text: String) {
        writeOutput(text + "\n")
    }

    /// Writes `text` and a newline to standard error.
    package func error(_ text: String) {
        writeError(text + "\n")
    }
}
