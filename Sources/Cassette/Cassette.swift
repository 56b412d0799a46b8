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
    /// Forwards what the cassette does not serve, in the recording modes; `nil` in replay.
    let recording: RecordingSession?
    /// Whether the recording keeps what the file held (``Mode/newEpisodes``) or replaces it.
    private let keepsExisting: Bool
    /// Whether the file had nothing to serve: recording then needs no request's identity.
    private let hasNothingToServe: Bool
    /// The `.cassette.json` whose match rules apply, or where they would go: for miss messages.
    private let configurationPath: String
    private let state: Locked<State>
    private let protocolClasses = Locked<[ObjectIdentifier]>([])

    private struct State {
        var table: ReplayTable
        var misses: [ReplayMiss] = []
        var closed = false
    }

    /// Opens a cassette file.
    ///
    /// - Parameters:
    ///   - fileURL: The cassette file. In ``Mode/replay`` it must exist; in the recording modes its
    ///     folder must.
    ///   - mode: How to treat the network; see ``Mode``.
    ///   - options: Scrubbing, matching and environment settings.
    /// - Throws: ``CassetteError/missingCassette(path:testName:)`` when replay has no file,
    ///   ``CassetteError/unreadable(_:)`` when the file is not a valid cassette (it is then never
    ///   overwritten, except by ``Mode/record``, which replaces it by design), and
    ///   ``CassetteError/recordingOnCI(path:mode:testName:)`` when `CI` is set and the mode would record.
    public init(fileURL: URL, mode: Mode = .replay, options: Options = Options()) throws(CassetteError) {
        self.fileURL = fileURL
        self.mode = mode
        let exists = FileManager.default.fileExists(atPath: fileURL.path)
        let effective: Mode = mode == .once ? (exists ? .replay : .record) : mode
        if effective != .replay && Cassette.isCI(options.environment) {
            throw CassetteError.recordingOnCI(path: fileURL.path, mode: mode, testName: options.testName)
        }
        var existing: [Interaction] = []
        if effective == .replay && !exists {
            throw CassetteError.missingCassette(path: fileURL.path, testName: options.testName)
        }
        if effective == .replay || (effective == .newEpisodes && exists) {
            existing = try Cassette.read(fileURL)
        }
        var resolved = options
        let project: ProjectConfigurations.Resolved
        let rules: CompiledMatchRules
        do throws(ConfigurationError) {
            project = try ProjectConfigurations.shared.configuration(forCassetteAt: fileURL)
            rules = try Cassette.compile(project.configuration.match.merging(options.matching), from: project)
        } catch {
            throw CassetteError.configuration(error)
        }
        resolved.scrubber = resolved.scrubber ?? project.scrubber
        self.options = resolved
        matcher = RequestMatcher(scrubber: resolved.scrubber ?? project.scrubber, rules: rules)
        recording = effective == .replay ? nil : RecordingSession(configuration: resolved.recordingConfiguration)
        keepsExisting = effective == .newEpisodes
        hasNothingToServe = existing.isEmpty
        configurationPath =
            project.configuration.file?.path
            ?? (PackageRoot.containing(fileURL.deletingLastPathComponent()) ?? fileURL.deletingLastPathComponent())
            .appendingPathComponent(ScrubConfiguration.fileName).path
        state = Locked(
            State(
                table: ReplayTable(
                    interactions: existing, matcher: matcher, repeatsLast: resolved.whenExhausted == .repeatLast)))
    }

    /// The project's and the code's match rules, parsed; a bad rule is a configuration error naming
    /// the file it came from (or the code).
    private static func compile(_ rules: MatchRules, from project: ProjectConfigurations.Resolved)
        throws(ConfigurationError) -> CompiledMatchRules
    {
        do throws(MatchRuleError) {
            return try CompiledMatchRules(rules)
        } catch {
            throw ConfigurationError(
                path: project.configuration.file?.path, jsonPath: "match." + JSONPathComponent.text(error.place),
                reason: .invalid(error.message))
        }
    }

    private static func read(_ fileURL: URL) throws(CassetteError) -> [Interaction] {
        do {
            return try CassetteDocument.read(from: fileURL).interactions
        } catch {
            throw CassetteError.unreadable(error)
        }
    }

    deinit {
        let classes = protocolClasses.withLock { $0 }
        ProtocolSlots.remove(classes)
    }

    /// Whether requests that the cassette cannot serve go to the real server.
    public var isRecording: Bool { recording != nil }

    /// A new session whose requests this cassette answers.
    ///
    /// - Parameter configuration: The configuration to start from (copied, not changed). Its
    ///   `httpAdditionalHeaders` are recorded and forwarded as if set on each request.
    public func session(configuration: URLSessionConfiguration = .ephemeral) -> URLSession {
        URLSession(configuration: self.configuration(from: configuration))
    }

    /// A copy of `configuration` with this cassette's protocol installed, for code that creates its
    /// own `URLSession`.
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
        return copy
    }

    /// Requests that replay could not serve so far.
    public var misses: [ReplayMiss] { state.withLock { $0.misses } }

    /// Waits for requests still being recorded, closes the cassette to further requests and, in a
    /// recording mode, writes it: scrubbed, in canonical form, atomically.
    ///
    /// - Throws: ``CassetteError/writeFailed(_:)`` when the file cannot be written; the file on disk
    ///   is then unchanged.
    public func finish() async throws(CassetteError) {
        await recording?.waitForLoads()
        let table = state.withLock { state in
            state.closed = true
            return state.table
        }
        guard let recording else {
            usage(interactionCount: table.interactions.count, served: table.servedPositions)
            return
        }
        let recorded = (keepsExisting ? table.interactions : []) + recording.close()
        let document = matcher.scrubber.scrub(CassetteDocument(interactions: matcher.inRecordingOrder(recorded)))
        do {
            try document.write(to: fileURL)
        } catch {
            throw CassetteError.writeFailed(error)
        }
        // Everything a recording run wrote counts as used.
        usage(interactionCount: document.interactions.count, served: Array(document.interactions.indices))
    }

    private func usage(interactionCount: Int, served: [Int]) {
        UsageRecorder.record(
            cassette: fileURL, interactionCount: interactionCount, served: served, environment: options.environment)
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
        // Masking is most of what matching costs; a recording with nothing to serve skips it.
        let identity = recording != nil && hasNothingToServe ? nil : matcher.identity(of: request)
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
        if let recording { return .forward(recording) }
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
