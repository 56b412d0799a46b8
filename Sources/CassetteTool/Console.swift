import Foundation

/// Where `cassette` writes: results to standard output, diagnostics and summaries to standard
/// error, so `--format json` output stays machine-readable.
enum Console {
    static func out(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
