/// The environment variables the library reads and the tool names in its messages, in one place.
package enum EnvironmentVariable {
    /// The mode of named cassettes.
    package static let mode = "CASSETTE_MODE"
    /// Requests to re-record, as ``RequestPattern``s separated by `;` or new lines.
    package static let rerecord = "CASSETTE_RERECORD"
    /// Set to a true value, lets a recording replace recorded responses with transport errors.
    package static let recordErrors = "CASSETTE_RECORD_ERRORS"
    /// Set to a true value, lets a test that failed still write its cassette in a recording mode.
    package static let recordFailedTests = "CASSETTE_RECORD_FAILED_TESTS"
}
