import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension Cassette {
    /// What replay does when a request has been served as many times as it was recorded.
    public enum ExhaustedBehavior: Sendable, Equatable {
        /// Fail the request and explain (the default): the code made a request more often than
        /// when it was recorded.
        case fail
        /// Serve the last recorded answer again, for code that polls an endpoint an unpredictable
        /// number of times.
        case repeatLast
    }

    /// Settings of a cassette beyond its file and mode.
    public struct Options: Sendable {
        /// The scrubber every recorded interaction goes through before it is written, and that
        /// matching masks requests with. `nil` (the default) uses the default rules plus those of
        /// the project's `.cassette.json`, found in the nearest folder above the cassette that holds
        /// a `Package.swift` or a `.cassette.json`.
        public var scrubber: Scrubber?
        /// Tolerance for requests that carry changing values (timestamps, generated ids), added to
        /// the `"match"` rules of the project's `.cassette.json`. Default: strict matching.
        public var matching: MatchRules
        /// What replay does past the last recorded answer to a request.
        public var whenExhausted: ExhaustedBehavior
        /// The environment read for `CASSETTE_MODE`, `CI` and restored placeholders.
        public var environment: [String: String]
        /// Makes the configuration of the inner session that record mode forwards requests
        /// through. Default: an ephemeral configuration.
        public var recordingConfiguration: @Sendable () -> URLSessionConfiguration
        /// The test that uses the cassette, named in messages (`swift test --filter <testName>`).
        public var testName: String?

        public init(
            scrubber: Scrubber? = nil,
            matching: MatchRules = .strict,
            whenExhausted: ExhaustedBehavior = .fail,
            environment: [String: String] = ProcessInfo.processInfo.environment,
            recordingConfiguration: @escaping @Sendable () -> URLSessionConfiguration = { .ephemeral },
            testName: String? = nil
        ) {
            self.scrubber = scrubber
            self.matching = matching
            self.whenExhausted = whenExhausted
            self.environment = environment
            self.recordingConfiguration = recordingConfiguration
            self.testName = testName
        }
    }
}
