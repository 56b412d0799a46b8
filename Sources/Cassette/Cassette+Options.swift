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
        /// A `swift test --filter` pattern that selects the test using the cassette, for the commands
        /// messages print. The trait and ``withCassette(_:mode:options:filePath:fileID:function:_:)``
        /// set one that selects exactly that test.
        public var testName: String?
        /// Requests to re-record while the rest of the cassette replays and stays as it is, in
        /// ``Mode/record``: each matching request goes to the server and replaces its recording;
        /// every other request is served from the cassette. `CASSETTE_RERECORD` adds to it (and
        /// turns replay into this kind of recording).
        public var rerecord: [RequestPattern]
        /// Response headers, beyond the built-in ones (`Date`, `Age`, request and trace ids, ...), whose
        /// values change on every response: they do not count as a change when re-recording or
        /// verifying. Added to `"record": {"volatileHeaders": [...]}` of `.cassette.json`.
        public var volatileHeaders: [String]
        /// Whether a recording may replace a recorded response with a transport error (the server
        /// down, say). Default `false`: ``Cassette/finish()`` then leaves the file as it was and says
        /// which requests failed. A transport error of a request with no recording is recorded either
        /// way. `CASSETTE_RECORD_ERRORS=1` sets it.
        public var recordTransportErrors: Bool

        public init(
            scrubber: Scrubber? = nil,
            matching: MatchRules = .strict,
            whenExhausted: ExhaustedBehavior = .fail,
            environment: [String: String] = ProcessInfo.processInfo.environment,
            recordingConfiguration: @escaping @Sendable () -> URLSessionConfiguration = { .ephemeral },
            testName: String? = nil, rerecord: [RequestPattern] = [], volatileHeaders: [String] = [],
            recordTransportErrors: Bool = false
        ) {
            self.scrubber = scrubber
            self.matching = matching
            self.whenExhausted = whenExhausted
            self.environment = environment
            self.recordingConfiguration = recordingConfiguration
            self.testName = testName
            self.rerecord = rerecord
            self.volatileHeaders = volatileHeaders
            self.recordTransportErrors = recordTransportErrors
        }
    }
}
