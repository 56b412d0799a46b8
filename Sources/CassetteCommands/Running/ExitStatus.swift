/// How `cassette` exits, following swift-argument-parser tools and `sysexits.h`.
package enum ExitStatus: Int32, Sendable {
    /// Nothing to report.
    case success = 0
    /// Findings, refused operations, or files that could not be read or written.
    case failure = 1
    /// The command line itself was wrong (`EX_USAGE`).
    case usage = 64
}
