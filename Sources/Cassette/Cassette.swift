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
    let engine: CassetteEngine
    private let protocolClasses = Locked<[ObjectIdentifier]>([])

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
    ///   ``CassetteError/recordingOnCI(path:mode:)`` when `CI` is set and the mode would record.
    public init(fileURL: URL, mode: Mode = .replay, options: Options = Options()) throws(CassetteError) {
        self.fileURL = fileURL
        self.mode = mode
        let exists = FileManager.default.fileExists(atPath: fileURL.path)
        let effective: Mode
        switch mode {
        case .once: effective = exists ? .replay : .record
        default: effective = mode
        }
        if effective != .replay && Cassette.isCI(options.environment) {
            throw CassetteError.recordingOnCI(path: fileURL.path, mode: mode)
        }
        var existing: [Interaction] = []
        switch effective {
        case .replay:
            guard exists else { throw CassetteError.missingCassette(path: fileURL.path, testName: options.testName) }
            existing = try Cassette.read(fileURL)
        case .newEpisodes where exists:
            existing = try Cassette.read(fileURL)
        default:
            break
        }
        var resolved = options
        if resolved.scrubber == nil {
            do {
                resolved.scrubber = try ProjectScrubbers.shared.scrubber(forCassetteAt: fileURL)
            } catch {
                throw CassetteError.configuration(error)
            }
        }
        engine = CassetteEngine(fileURL: fileURL, mode: effective, existing: existing, options: resolved)
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
    public var isRecording: Bool { engine.records }

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
            for: SlotEntry(engine: engine, fileURL: fileURL, additionalHeaders: HTTPHeader.canonicalOrder(additional)))
        protocolClasses.withLock { $0.append(ObjectIdentifier(protocolClass)) }
        copy.protocolClasses = [protocolClass] + (configuration.protocolClasses ?? [])
        return copy
    }

    /// Requests that replay could not serve so far.
    public var misses: [ReplayMiss] { engine.misses }

    /// Waits for requests still being recorded, closes the cassette to further requests and, in a
    /// recording mode, writes it: scrubbed, in canonical form, atomically.
    ///
    /// - Throws: ``CassetteError/writeFailed(_:)`` when the file cannot be written; the file on disk
    ///   is then unchanged.
    public func finish() async throws(CassetteError) {
        await engine.waitForRecordings()
        guard let document = engine.close() else {
            let served = engine.servedCounts.enumerated().filter { $0.element > 0 }.map(\.offset)
            UsageRecorder.record(
                cassette: fileURL, interactionCount: engine.servedCounts.count, served: served,
                environment: engine.options.environment)
            return
        }
        do {
            try document.write(to: fileURL)
        } catch {
            throw CassetteError.writeFailed(error)
        }
        // Everything a recording run wrote counts as used.
        UsageRecorder.record(
            cassette: fileURL, interactionCount: document.interactions.count,
            served: Array(document.interactions.indices), environment: engine.options.environment)
    }
}
