import Foundation

/// Every environment variable the library and the tool read, in one place: the code reads each
/// by the name given here, and ``all`` lists them for the documentation (`ReadmeTests` checks that
/// README names each one).
package enum EnvironmentVariable {
    /// The mode of named cassettes.
    package static let mode = "CASSETTE_MODE"
    /// Requests to re-record, as `RequestPattern`s separated by `;` or new lines.
    package static let rerecord = "CASSETTE_RERECORD"
    /// Set to a true value, lets a recording replace recorded responses with transport errors.
    package static let recordErrors = "CASSETTE_RECORD_ERRORS"
    /// Set to a true value, lets a test that failed still write its cassette in a recording mode.
    package static let recordFailedTests = "CASSETTE_RECORD_FAILED_TESTS"
    /// `recorded`: replay streamed responses with the gaps their recording kept (else at full speed).
    package static let streamTiming = "CASSETTE_STREAM_TIMING"
    /// With recorded stream timing, how many times faster than recorded to replay (`2`, `0.5`).
    package static let streamSpeed = "CASSETTE_STREAM_SPEED"
    /// The folder of the usage ledgers `cassette prune` reads, or `off`.
    package static let usageLedger = "CASSETTE_USAGE_LEDGER"
    /// The folder of the drift reports `cassette drift` reads, or `off`.
    package static let driftReports = "CASSETTE_DRIFT_REPORTS"
    /// Set to a true value by CI services: every mode that would reach the network refuses.
    package static let ci = "CI"

    /// Every variable above, in the order the documentation lists them.
    package static let all = [
        mode, rerecord, recordErrors, recordFailedTests, streamTiming, streamSpeed, usageLedger, driftReports, ci,
    ]

    /// Whether `value` is a true setting: anything but empty, `0`, `false`, `no` and `off` (in any
    /// case, around spaces), as CI services set `CI`.
    package static func isTrue(_ value: String?) -> Bool {
        guard let value = value?.trimmingCharacters(in: .whitespaces).lowercased() else { return false }
        return !["", "0", "false", "no", "off"].contains(value)
    }
}
