import CassetteCore
import Foundation

extension Cassette {
    /// How a cassette treats the network.
    public enum Mode: String, Sendable, CaseIterable, CustomStringConvertible {
        /// Serve every request from the cassette and never touch the network; a request with no
        /// recorded match fails. The default, and what CI runs.
        case replay
        /// Send every request to the real server and write a fresh cassette on ``Cassette/finish()``.
        /// Use it to record a new test or to re-record after the API changed.
        case record
        /// Record when the cassette file does not exist yet, replay when it does.
        case once
        /// Serve what the cassette has, record what it lacks, and keep the rest. Use it to add
        /// requests to an existing test without re-recording the others.
        case newEpisodes
        /// Send every request to the real server, hand the code under test the live answer, write
        /// nothing, and have ``Cassette/finish()`` report how the live answers drifted from the
        /// recording (``CassetteError/drift(_:)``). Use it in a scheduled job against staging.
        case verify

        public var description: String { rawValue }

        /// The environment variable the mode is read from.
        public static let environmentVariable = EnvironmentVariable.mode

        /// Reads the mode from `CASSETTE_MODE`: ``replay`` when unset or empty.
        ///
        /// - Throws: ``CassetteError/unknownMode(_:)`` for any other value than the modes' names
        ///   (`new-episodes` and `new_episodes` are accepted for ``newEpisodes``).
        public static func fromEnvironment(
            _ environment: [String: String] = ProcessInfo.processInfo.environment
        ) throws(CassetteError) -> Mode {
            guard let value = environment[environmentVariable]?.trimmingCharacters(in: .whitespaces),
                !value.isEmpty
            else { return .replay }
            switch value.lowercased() {
            case "replay": return .replay
            case "record": return .record
            case "once": return .once
            case "newepisodes", "new-episodes", "new_episodes": return .newEpisodes
            case "verify": return .verify
            default: throw CassetteError.unknownMode(value)
            }
        }
    }

    /// Whether `CI` is set to a true value (`1`, `true`, `yes`, or any value but `0`, `false`, `no`,
    /// `off` and empty), as CI services set it.
    package static func isCI(_ environment: [String: String]) -> Bool {
        EnvironmentVariable.isTrue(environment[EnvironmentVariable.ci])
    }

    /// The environment variable naming requests to re-record (``Options/rerecord``): patterns such
    /// as `POST */v1/orders*`, separated by `;` or new lines.
    public static let rerecordVariable = EnvironmentVariable.rerecord

    /// The environment variable that lets a recording replace recorded responses with transport
    /// errors (``Options/recordTransportErrors``) when set to a true value.
    public static let recordErrorsVariable = EnvironmentVariable.recordErrors

    /// The environment variable that lets a test that failed still write its cassette
    /// (``Options/recordFailedTests``) when set to a true value.
    public static let recordFailedTestsVariable = EnvironmentVariable.recordFailedTests
}
