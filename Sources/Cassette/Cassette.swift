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
    let plan: Plan
    /// Forwards what the cassette does not serve, in the recording modes and in verify; `nil` in
    /// replay.
    let recording: RecordingSession?
    /// Response headers that change on every response.
    let volatile: VolatileHeaders
    /// The `.cassette.json` whose match rules apply, or where they would go: for miss messages.
    private let configurationPath: String
    /// The SHA-256 of the file as it was read, for the usage ledger.
    private let readHash: String?
    private let state: Locked<State>
    private let protocolClasses = Locked<[ObjectIdentifier]>([])

    private struct State {
        var table: ReplayTable
        var misses: [ReplayMiss] = []
        /// Requests the cassette refused to record or match (an upload whose body it cannot see).
        var refusals: [CassetteError] = []
        var closed = false
    }

    /// What a cassette does, decided from its mode, options and whether its file exists.
    enum Plan: Equatable {
        /// Serve from the file, never the network.
        case replay
        /// Forward everything; write what was recorded (keeping unchanged interactions' bytes).
        case record
        /// Serve what the file has, forward the rest, and add it.
        case newEpisodes
        /// Forward the requests the patterns select and replace their recordings; serve the rest.
        case rerecord([RequestPattern])
        /// Forward everything; write nothing; report drift.
        case verify

        /// Whether the file's interactions answer requests.
        var serves: Bool {
            switch self {
            case .replay, .newEpisodes, .rerecord: true
            case .record, .verify: false
            }
        }
    }

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
        let plan = try Cassette.plan(mode: mode, exists: exists, options: options)
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
                (existing, readHash) = try Cassette.read(fileURL)
            } catch {
                // Recording replaces an unreadable file by design; every other plan needs it.
                guard plan == .record else { throw error }
            }
        }
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
        recording = plan == .replay ? nil : RecordingSession(configuration: resolved.recordingConfiguration)
        configurationPath =
            project.configuration.file?.path
            ?? (PackageRoot.containing(fileURL.deletingLastPathComponent()) ?? fileURL.deletingLastPathComponent())
            .appendingPathComponent(ScrubConfiguration.fileName).path
        state = Locked(
            State(
                table: ReplayTable(
                    interactions: existing, matcher: matcher, repeatsLast: resolved.whenExhausted == .repeatLast)))
    }

    /// The plan for `mode`: `once` resolved by whether the file exists, and re-recording selected by
    /// ``Options/rerecord`` or `CASSETTE_RERECORD`, which turn replay and record into it.
    private static func plan(mode: Mode, exists: Bool, options: Options) throws(CassetteError) -> Plan {
        var patterns = options.rerecord
        if let text = options.environment[Cassette.rerecordVariable], !text.isEmpty {
            do throws(ConfigurationError) {
                patterns += try RequestPattern.list(text, source: Cassette.rerecordVariable)
            } catch {
                throw CassetteError.configuration(error)
            }
        }
        switch mode {
        case .replay where !patterns.isEmpty, .record where !patterns.isEmpty: return .rerecord(patterns)
        case .replay: return .replay
        case .record: return .record
        case .once: return exists ? .replay : .record
        case .newEpisodes: return .newEpisodes
        case .verify: return .verify
        }
    }

    /// The file's interactions and the SHA-256 of its bytes.
    private static func read(_ fileURL: URL) throws(CassetteError) -> ([Interaction], String) {
        do throws(CassetteReadError) {
            let data = try CassetteDocument.data(from: fileURL)
            return (try CassetteDocument.decode(data, path: fileURL.path).interactions, SHA256.hexDigest(data))
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

    /// A copy of `configuration` with this cassette's protocol installed and no URL cache, for code
    /// that creates its own `URLSession`.
    public func configuration(from configuration: URLSessionConfiguration = .ephemeral) -> URLSessionConfiguration {
        let copy = configuration.copy() as! URLSessionConfiguration
        let additional = (configuration.httpAdditionalHeaders ?? [:]).compactMap { key, value -> HTTPHeader? in
            guard let name = key as? String else { return nil }
            return HTTPHeader(name, "\(value)")
        }
        let protocolClass = ProtocolSlots.makeClass(
            for: SlotEntry(cassette: self, fileURL: fileURL, additionalHeaders: HTTPHeader.canonicalOrder(additional)))
        protocolClasses.withLock { $0.append(ObjectIdentifier(protocolClass)) }
        copy.protocolClasses = [protocolClass] + (configuration.protocolClasses ?? [])
        // Every request reaches the cassette: none is answered from (or stored in) a URL cache.
        copy.urlCache = nil
        return copy
    }

    /// Requests that replay could not serve so far.
    public var misses: [ReplayMiss] { state.withLock { $0.misses } }

    /// Requests the cassette refused so far, failing them with these errors: requests it could
    /// neither record nor match, such as an upload task whose body a `URLProtocol` cannot see.
    var refusedRequests: [CassetteError] { state.withLock { $0.refusals } }

    /// Keeps `error` among ``refusedRequests``, for the trait and `withCassette` to report even when
    /// the code under test catches it.
    func refuse(_ error: CassetteError) {
        state.withLock { $0.refusals.append(error) }
    }

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
        let table = state.withLock { state in
            state.closed = true
            return state.table
        }
        guard let recording else {
            usage(hash: readHash, count: table.interactions.count, served: table.servedPositions)
            return
        }
        let live = recording.close()
        if plan == .verify {
            try verify(live, against: table)
        } else {
            try write(live, over: table)
        }
    }

    func usage(hash: String?, count: Int, served: [Int]) {
        guard let hash else { return }
        UsageRecorder.record(
            cassette: fileURL, contentHash: hash, interactionCount: count, served: served, test: options.testName,
            environment: options.environment)
    }
}

extension Cassette {
    /// What a cassette's protocol does with one request.
    enum Decision {
        /// Serve this recorded interaction (with restored placeholders).
        case serve(Interaction)
        /// Forward the request to the real server through this recording session.
        case forward(RecordingSession)
        /// Fail the request with this error: no recorded match, or the cassette is closed.
        case fail(CassetteError)
    }

    /// Decides how to answer `request`, a request as the caller built it.
    ///
    /// Masking the request, and explaining a miss (which masks the nearest recorded request), run
    /// outside the lock; under it, only the table's cursors move.
    func decision(for request: RecordedRequest) -> Decision {
        if let recording, !plan.serves {
            return state.withLock { $0.closed } ? .fail(.cassetteClosed(path: fileURL.path)) : .forward(recording)
        }
        // Masking is most of what matching costs; a recording with nothing to serve skips it.
        let hasNothingToServe = recording != nil && plan == .newEpisodes && state.withLock { $0.table.isEmpty }
        let identity = hasNothingToServe ? nil : matcher.identity(of: request)
        if case .rerecord(let patterns) = plan, let recording, let identity,
            patterns.contains(where: { $0.matches(method: identity.method, url: identity.url) })
        {
            return state.withLock { $0.closed } ? .fail(.cassetteClosed(path: fileURL.path)) : .forward(recording)
        }
        enum Taken {
            case closed
            case served(Interaction)
            case unmatched(ReplayTable)
        }
        // The predicate, if any, judges the recorded answers of this identity here, outside the lock.
        let accepted = identity.flatMap { acceptedAnswers(of: $0, to: request) }
        let taken = state.withLock { state -> Taken in
            if state.closed { return .closed }
            if let identity, let index = state.table.take(identity, accepting: accepted.map { set in set.contains }) {
                return .served(state.table.interactions[index])
            }
            return .unmatched(state.table)
        }
        let table: ReplayTable
        switch taken {
        case .closed: return .fail(.cassetteClosed(path: fileURL.path))
        case .served(let interaction): return .serve(answer(interaction, to: request))
        case .unmatched(let snapshot): table = snapshot
        }
        if plan == .newEpisodes, let recording { return .forward(recording) }
        let miss = table.explainMiss(
            of: matcher.scrubber.masked(request), identity: identity ?? matcher.identity(of: request),
            cassettePath: fileURL.path, testName: options.testName, configurationPath: configurationPath,
            mask: matcher.scrubber.masked)
        state.withLock { $0.misses.append(miss) }
        return .fail(.noMatch(miss))
    }

    /// A recorded interaction as replay serves it to `request`: placeholders restored from the
    /// environment, and the values the echo rules name copied from the live request.
    private func answer(_ interaction: Interaction, to request: RecordedRequest) -> Interaction {
        var served = matcher.scrubber.restoring(interaction, environment: options.environment)
        if !matcher.rules.echoes.isEmpty, case .response(let response) = served.outcome {
            served.outcome = .response(matcher.rules.echoing(into: response, from: request))
        }
        return served
    }

    /// The positions of the recorded answers of `identity` that the match rules' predicate accepts
    /// for `request`; `nil` when there is no predicate (every answer is acceptable).
    private func acceptedAnswers(of identity: RequestIdentity, to request: RecordedRequest) -> Set<Int>? {
        guard let predicate = matcher.rules.predicate else { return nil }
        let table = state.withLock { $0.table }
        let live = matcher.scrubber.masked(request)
        return Set(
            table.positions(of: identity).filter {
                predicate(live, matcher.scrubber.masked(table.interactions[$0].request))
            })
    }
}
