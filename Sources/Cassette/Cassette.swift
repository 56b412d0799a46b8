import CassetteCore
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A recording of HTTP interactions that a test's `URLSession` replays, or records against the
/// real server.
///
/// ```swift
/// let cassette = try Cassette(named: "UserAPI")        // Cassettes/UserAPI.json, mode from CASSETTE_MODE
/// let session = cassette.session()
/// let (data, response) = try await session.data(for: request)
/// try await cassette.finish()                            // writes the cassette when recording
/// ```
///
/// Each cassette answers only the sessions it handed out, so tests that use different cassettes run
/// in parallel without sharing anything.
public final class Cassette: Sendable {
    /// The cassette file.
    public let fileURL: URL
    /// The mode the cassette was opened with.
    public let mode: Mode
    /// The options, with the scrubber resolved.
    let options: Options
    let matcher: RequestMatcher
    /// What the cassette does with requests and with the file.
    let plan: ReplayPlan
    /// Forwards what the cassette does not serve, in the recording modes and in verify; `nil` in
    /// replay.
    let recording: RecordingSession?
    /// Decides how each request is answered; what the protocol asks.
    let replay: ReplaySession
    /// Response headers that change on every response.
    let volatile: VolatileHeaders
    /// The SHA-256 of the file as it was read, for the usage ledger.
    private let readHash: String?
    /// The SHA-256 of the file's bytes when it was opened, readable or not; `nil` when there was no
    /// file. A recording that finds other bytes there merges with what another writer wrote.
    let openedHash: String?
    private let protocolClasses = Locked<[ObjectIdentifier]>([])
    /// The response heads of answers served as recorded, for every session of this cassette.
    private let responseHeads: ResponseHeads
    /// Whether ``finish()`` fails when a recorded interaction was never requested.
    let requiresAllPlayed: Bool

    /// Opens a cassette file.
    ///
    /// - Parameters:
    ///   - fileURL: The cassette file. In ``Mode/replay`` and ``Mode/verify`` it must exist; in the
    ///     recording modes its folder must.
    ///   - mode: How to treat the network; see ``Mode``.
    ///   - options: Scrubbing, matching and environment settings.
    /// - Throws: ``CassetteError/missingCassette(path:testName:)`` when replay or verify has no file,
    ///   ``CassetteError/unreadable(_:)`` when the file is not a valid cassette (it is then never
    ///   overwritten, except by ``Mode/record``, which replaces it by design),
    ///   ``CassetteError/recordingOnCI(path:mode:testName:)`` when `CI` is set and the mode would
    ///   reach the network, and ``CassetteError/configuration(_:)`` for unusable rules.
    public init(fileURL: URL, mode: Mode = .replay, options: Options = Options()) throws(CassetteError) {
        self.fileURL = fileURL
        self.mode = mode
        let exists = FileManager.default.fileExists(atPath: fileURL.path)
        let plan = try ReplayPlan(mode: mode, exists: exists, options: options)
        if plan != .replay && Cassette.isCI(options.environment) {
            throw CassetteError.recordingOnCI(path: fileURL.path, mode: mode, testName: options.testName)
        }
        if (plan == .replay || plan == .verify || plan.serves && plan != .newEpisodes) && !exists {
            throw CassetteError.missingCassette(path: fileURL.path, testName: options.testName)
        }
        var existing: [Interaction] = []
        var readHash: String?
        if exists {
            do throws(CassetteError) {
                (existing, readHash) = try Cassette.read(fileURL, keepingStoredForms: plan != .replay)
            } catch {
                // Recording replaces an unreadable file by design; every other plan needs it.
                guard plan == .record else { throw error }
            }
        }
        openedHash = readHash ?? (exists ? (try? Data(contentsOf: fileURL)).map(SHA256.hexDigest) : nil)
        var resolved = options
        let project: ProjectConfigurations.Resolved
        let matcher: RequestMatcher
        do throws(ConfigurationError) {
            project = try ProjectConfigurations.shared.configuration(forCassetteAt: fileURL)
            matcher = try project.matcher(scrubber: options.scrubber, adding: options.matching)
        } catch {
            throw CassetteError.configuration(error)
        }
        resolved.scrubber = matcher.scrubber
        self.options = resolved
        self.plan = plan
        self.readHash = readHash
        self.matcher = matcher
        volatile = VolatileHeaders(extra: project.configuration.volatileHeaders + options.volatileHeaders)
        let recording =
            plan == .replay
            ? nil
            : RecordingSession(
                configuration: resolved.recordingConfiguration,
                maxBodyBytes: options.maxBodyBytes ?? project.configuration.maxBodyBytes
                    ?? Cassette.defaultMaxBodyBytes,
                streamTiming: options.recordStreamTiming ?? project.configuration.streamTiming)
        self.recording = recording
        let settings = project.configuration.replay
        let passthroughHosts = project.configuration.passthrough + options.passthrough
        let passthrough =
            passthroughHosts.isEmpty
            ? nil
            : RecordingSession(
                configuration: resolved.recordingConfiguration,
                maxBodyBytes: options.maxBodyBytes ?? project.configuration.maxBodyBytes ?? Cassette.defaultMaxBodyBytes
            )
        let latency = options.latency.map(Cassette.milliseconds) ?? settings.latencyMilliseconds ?? 0
        requiresAllPlayed = options.requireAllPlayed ?? settings.requireAllPlayed ?? false
        let configurationPath =
            project.configuration.file?.path
            ?? (PackageRoot.containing(fileURL.deletingLastPathComponent()) ?? fileURL.deletingLastPathComponent())
            .appendingPathComponent(ProjectConfiguration.fileName).path
        responseHeads = ResponseHeads(count: existing.count)
        replay = ReplaySession(
            table: ReplayTable(
                interactions: existing, matcher: matcher,
                repeatsLast: resolved.whenExhausted == .repeatLast || settings.repeatsLast == true,
                order: options.order ?? settings.order ?? .any),
            plan: plan, matcher: matcher, recording: recording, passthrough: passthrough,
            context: ReplaySession.Context(
                cassettePath: fileURL.path, testName: resolved.testName, configurationPath: configurationPath,
                environment: resolved.environment, uploadBody: resolved.uploadBody, latencyMilliseconds: latency,
                faults: project.configuration.faults + options.faults, passthrough: passthroughHosts,
                beforePlayback: options.beforePlayback, keepsJournal: options.keepsJournal,
                streamTiming: resolved.streamTiming ?? .from(environment: resolved.environment)))
    }

    /// The file's interactions and the SHA-256 of its bytes; a cassette that only replays does not
    /// keep how the file stored each body (as large as the body again), which only writing and
    /// scrubbing use.
    private static func read(_ fileURL: URL, keepingStoredForms: Bool) throws(CassetteError) -> (
        [Interaction], String
    ) {
        do throws(CassetteReadError) {
            let data = try CassetteDocument.data(from: fileURL)
            // A large file is hashed on another core while it is decoded (the hash alone was a
            // quarter of opening a 56 MB cassette).
            guard data.count >= 1 << 20 else {
                return (
                    try CassetteDocument.decode(data, path: fileURL.path, keepingStoredForms: keepingStoredForms)
                        .interactions, SHA256.hexDigest(data)
                )
            }
            let hash = Locked<String?>(nil)
            let hashing = DispatchGroup()
            DispatchQueue.global().async(group: hashing) { hash.withLock { $0 = SHA256.hexDigest(data) } }
            defer { hashing.wait() }
            let interactions = try CassetteDocument.decode(
                data, path: fileURL.path, keepingStoredForms: keepingStoredForms
            ).interactions
            hashing.wait()
            return (interactions, hash.withLock { $0 }!)
        } catch {
            throw CassetteError.unreadable(error)
        }
    }

    deinit {
        let classes = protocolClasses.withLock { $0 }
        ProtocolSlots.remove(classes)
    }

    /// Whether requests that the cassette cannot serve go to the real server.
    public var isRecording: Bool { recording != nil && plan != .verify }

    /// A new session whose requests this cassette answers.
    ///
    /// - Parameter configuration: The configuration to start from (copied, not changed). Its
    ///   `httpAdditionalHeaders` are recorded and forwarded as if set on each request, and its
    ///   `urlCache` is dropped: a cached response would answer in place of the cassette.
    public func session(configuration: URLSessionConfiguration = .ephemeral) -> URLSession {
        URLSession(configuration: self.configuration(from: configuration))
    }

    /// A new session whose requests this cassette answers, with a delegate: a streamed response
    /// (server-sent events, NDJSON, a chunked body) reaches a data delegate's
    /// `urlSession(_:dataTask:didReceive:)` once per recorded chunk, with the same bytes in the
    /// same order, then the error a cut stream ended with.
    ///
    /// On Linux, `data(for:)` and completion-handler tasks keep only the last of several chunks a
    /// `URLProtocol` delivers, and the protocol cannot tell them from delegate tasks: on a session
    /// made with a `URLSessionDataDelegate` they would lose all but the last chunk of a streamed
    /// body. Use this session for delegate-based tasks and ``session(configuration:)`` for
    /// `data(for:)` (it delivers every body in one piece). On Apple platforms every session gets
    /// the chunks one by one, and `bytes(for:)` sees them (written for, not testable on Linux).
    ///
    /// - Parameters:
    ///   - configuration: As for ``session(configuration:)``.
    ///   - delegate: The session's delegate; `nil` makes a session like ``session(configuration:)``.
    public func session(configuration: URLSessionConfiguration = .ephemeral, delegate: (any URLSessionDelegate)? = nil)
        -> URLSession
    {
        #if canImport(FoundationNetworking)
            let chunks = delegate is any URLSessionDataDelegate
        #else
            let chunks = true
        #endif
        return URLSession(
            configuration: self.configuration(from: configuration, deliversChunks: chunks), delegate: delegate,
            delegateQueue: nil)
    }

    /// A copy of `configuration` with this cassette's protocol installed and no URL cache, for code
    /// that creates its own `URLSession`.
    ///
    /// A streamed body goes to such a session in one piece on Linux (one `didLoad`, which every kind
    /// of task keeps whole there); for a data delegate that sees the chunks, use
    /// ``session(configuration:delegate:)``.
    public func configuration(from configuration: URLSessionConfiguration = .ephemeral) -> URLSessionConfiguration {
        #if canImport(FoundationNetworking)
            self.configuration(from: configuration, deliversChunks: false)
        #else
            self.configuration(from: configuration, deliversChunks: true)
        #endif
    }

    private func configuration(from configuration: URLSessionConfiguration, deliversChunks: Bool)
        -> URLSessionConfiguration
    {
        let copy = configuration.copy() as! URLSessionConfiguration
        let additional = (configuration.httpAdditionalHeaders ?? [:]).compactMap { key, value -> HTTPHeader? in
            guard let name = key as? String else { return nil }
            return HTTPHeader(name, "\(value)")
        }
        let protocolClass = ProtocolSlots.makeClass(
            for: SlotEntry(
                route: replay, fileURL: fileURL, additionalHeaders: HTTPHeader.canonicalOrder(additional),
                heads: responseHeads, deliversChunks: deliversChunks))
        protocolClasses.withLock { $0.append(ObjectIdentifier(protocolClass)) }
        copy.protocolClasses = [protocolClass] + (configuration.protocolClasses ?? [])
        // Every request reaches the cassette: none is answered from (or stored in) a URL cache.
        copy.urlCache = nil
        return copy
    }

    /// Requests that replay could not serve so far.
    public var misses: [ReplayMiss] { replay.misses }

    /// Every request this cassette was asked to answer so far, in the order asked, with how each
    /// was answered: for assertions on what the code under test sent.
    ///
    /// ```swift
    /// #expect(cassette.requests.map(\.method) == ["POST", "GET"])
    /// ```
    public var requests: [JournalEntry] { replay.journal }

    /// A duration in whole milliseconds, rounded up.
    static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return max(0, Int(seconds) * 1000 + Int((attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000))
    }

    /// Requests the cassette refused so far, failing them with these errors: requests it could
    /// neither record nor match, such as an upload task whose body a `URLProtocol` cannot see.
    var refusedRequests: [CassetteError] { replay.refusals }

    /// Waits for requests still being forwarded and closes the cassette to further requests. In a
    /// recording mode it then writes the cassette (scrubbed, in canonical form, atomically); in
    /// ``Mode/verify`` it reports drift.
    ///
    /// - Throws: ``CassetteError/writeFailed(_:)`` when the file cannot be written,
    ///   ``CassetteError/recordingFailed(path:failures:testName:)`` when requests the cassette holds
    ///   responses for failed while recording, and ``CassetteError/drift(_:)`` when verifying found
    ///   drift. The file on disk is then unchanged.
    public func finish() async throws(CassetteError) {
        await recording?.waitForLoads()
        await replay.passthrough?.waitForLoads()
        let table = replay.close()
        _ = replay.passthrough?.close()
        guard let recording else {
            usage(hash: readHash, count: table.interactions.count, served: table.servedPositions)
            try refuseUnplayed(table)
            return
        }
        let live = recording.close()
        try refuseOversizedBodies(recording)
        if plan == .verify {
            try verify(live, against: table)
        } else {
            try write(live, over: table)
        }
        if plan.serves { try refuseUnplayed(table) }
    }

    /// Throws, when ``Options/requireAllPlayed`` (or `"replay": {"requireAllPlayed": true}`) is set,
    /// naming each recorded interaction that was never requested.
    private func refuseUnplayed(_ table: ReplayTable) throws(CassetteError) {
        guard requiresAllPlayed else { return }
        let unplayed = table.servedCounts.indices.filter { table.servedCounts[$0] == 0 }.map { index in
            let request = table.interactions[index].request
            return "interactions[\(index)]: \(request.method) \(request.url)"
        }
        guard !unplayed.isEmpty else { return }
        throw CassetteError.unplayedInteractions(path: fileURL.path, requests: unplayed, testName: options.testName)
    }

    func usage(hash: String?, count: Int, served: [Int]) {
        guard let hash else { return }
        UsageRecorder.record(
            cassette: fileURL, contentHash: hash, interactionCount: count, served: served, test: options.testName,
            environment: options.environment)
    }
}
