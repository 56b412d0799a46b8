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
        /// number of times. `"replay": {"whenExhausted": "repeatLast"}` in `.cassette.json` sets it
        /// for every cassette of the project.
        case repeatLast
    }

    /// How replay paces the chunks of a streamed response.
    public enum StreamTiming: Sendable, Equatable {
        /// Every chunk as soon as the one before it (the default).
        case fullSpeed
        /// The gaps the recording kept (`"record": {"streamTiming": true}`), divided by `speed`
        /// (`2` plays twice as fast); a stream recorded without gaps plays at full speed.
        case recorded(speed: Double)

        /// The pacing the environment asks for: `CASSETTE_STREAM_TIMING=recorded` (any other value:
        /// full speed) and `CASSETTE_STREAM_SPEED`, a positive number (1 when absent or not one).
        public static func from(environment: [String: String]) -> StreamTiming {
            let setting = environment[EnvironmentVariable.streamTiming]?.trimmingCharacters(in: .whitespaces)
            guard setting?.lowercased() == "recorded" else { return .fullSpeed }
            let speed = environment[EnvironmentVariable.streamSpeed].flatMap { Double($0) } ?? 1
            return .recorded(speed: speed > 0 && speed.isFinite ? speed : 1)
        }
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
        /// Whether a test that failed (threw, or recorded a failing issue) still writes its cassette
        /// in a recording mode. Default `false`: the trait and ``withCassette(_:mode:options:filePath:fileID:function:_:)``
        /// then leave the file as it was and say so, because a test that stopped part-way would
        /// replace a good recording with a partial one. `CASSETTE_RECORD_FAILED_TESTS=1` sets it.
        public var recordFailedTests: Bool
        /// The largest body, in bytes, a recording keeps; a larger response is cut off and fails the
        /// request, and ``Cassette/finish()`` then writes nothing and says which request it was.
        /// `nil` (the default) takes `"record": {"maxBodyBytes": N}` from `.cassette.json`, or
        /// ``Cassette/defaultMaxBodyBytes`` (64 MiB).
        public var maxBodyBytes: Int?
        /// A fixed delay before each answer replay serves, so loading states and timeouts can be
        /// tested; a delay past the request's `timeoutInterval` fails it with `URLError(.timedOut)`.
        /// `nil` (the default) takes `"replay": {"latency": MILLISECONDS}` from `.cassette.json`.
        public var latency: Duration?
        /// Whether ``Cassette/finish()`` throws ``CassetteError/unplayedInteractions(path:requests:testName:)``
        /// when a recorded interaction was never requested. `nil` (the default) takes
        /// `"replay": {"requireAllPlayed": true}` from `.cassette.json`, else `false`.
        public var requireAllPlayed: Bool?
        /// Whether the Nth request must be the Nth recorded one (`PlaybackOrder.strict`). `nil` (the
        /// default) takes `"replay": {"order": ...}` from `.cassette.json`, else `PlaybackOrder.any`.
        public var order: PlaybackOrder?
        /// Faults injected on top of the recordings, added to `"faults"` of `.cassette.json`.
        public var faults: [FaultRule]
        /// Hosts whose requests go to the network in every mode and are never recorded, added to
        /// `"passthrough"` of `.cassette.json`.
        public var passthrough: [HostPattern]
        /// Changes each interaction a recording keeps, before the built-in scrubber (whose guarantees
        /// stand) and before it is written: a custom redaction, a fixed id.
        public var beforeRecord: (@Sendable (inout Interaction) -> Void)?
        /// Changes each recorded interaction before replay serves it (after placeholders are restored).
        public var beforePlayback: (@Sendable (inout Interaction) -> Void)?
        /// Whether recordings keep the gaps between a streamed response's chunks (rounded: see
        /// `ResponseStream.roundedGap(milliseconds:)`). `nil` (the default) takes
        /// `"record": {"streamTiming": true}` from `.cassette.json`, or `false`.
        public var recordStreamTiming: Bool?
        /// How replay paces a streamed response's chunks. `nil` (the default) reads
        /// `CASSETTE_STREAM_TIMING` (`recorded`) and `CASSETTE_STREAM_SPEED` from ``environment``;
        /// without them, replay runs at full speed.
        public var streamTiming: StreamTiming?
        /// How the protocol finds the body of an upload task; tests replace it to see what a
        /// platform that hides the body gets.
        package var uploadBody: @Sendable (URLSessionTask?) -> UploadBody = UploadBody.of
        /// Whether ``Cassette/requests`` keeps every request; `cassette serve`, which answers requests
        /// for as long as it runs, keeps none.
        package var keepsJournal = true

        public init(
            scrubber: Scrubber? = nil,
            matching: MatchRules = .strict,
            whenExhausted: ExhaustedBehavior = .fail,
            environment: [String: String] = ProcessInfo.processInfo.environment,
            recordingConfiguration: @escaping @Sendable () -> URLSessionConfiguration = { .ephemeral },
            testName: String? = nil, rerecord: [RequestPattern] = [], volatileHeaders: [String] = [],
            recordTransportErrors: Bool = false, recordFailedTests: Bool = false, maxBodyBytes: Int? = nil,
            latency: Duration? = nil, requireAllPlayed: Bool? = nil, order: PlaybackOrder? = nil,
            faults: [FaultRule] = [], passthrough: [HostPattern] = [],
            beforeRecord: (@Sendable (inout Interaction) -> Void)? = nil,
            beforePlayback: (@Sendable (inout Interaction) -> Void)? = nil,
            recordStreamTiming: Bool? = nil, streamTiming: StreamTiming? = nil
        ) {
            self.recordStreamTiming = recordStreamTiming
            self.streamTiming = streamTiming
            self.scrubber = scrubber
            self.matching = matching
            self.whenExhausted = whenExhausted
            self.environment = environment
            self.recordingConfiguration = recordingConfiguration
            self.testName = testName
            self.rerecord = rerecord
            self.volatileHeaders = volatileHeaders
            self.recordTransportErrors = recordTransportErrors
            self.recordFailedTests = recordFailedTests
            self.maxBodyBytes = maxBodyBytes
            self.latency = latency
            self.requireAllPlayed = requireAllPlayed
            self.order = order
            self.faults = faults
            self.passthrough = passthrough
            self.beforeRecord = beforeRecord
            self.beforePlayback = beforePlayback
        }
    }
}
