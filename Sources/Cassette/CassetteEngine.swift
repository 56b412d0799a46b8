import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The state of one open cassette: what it can serve, what it has recorded, and the requests in
/// flight. Every session the cassette hands out routes here through its protocol class.
final class CassetteEngine: Sendable {
    let fileURL: URL
    /// The effective mode: ``Cassette/Mode/once`` is resolved to replay or record when opened.
    let mode: Cassette.Mode
    let options: Cassette.Options
    let scrubber: Scrubber
    private let state: Locked<State>
    private let recorder: Locked<Recorder?>
    /// Whether the file had nothing to serve: recording then needs no request's identity.
    private let hasNothingToServe: Bool

    private struct State {
        /// The interactions read from the file, scrubbed as written.
        var existing: [Interaction]
        var existingIdentities: [RequestIdentity]
        /// For each request identity, the positions of its recorded answers in `existing`, in order.
        var queues: [RequestIdentity: [Int]]
        var cursors: [RequestIdentity: Int] = [:]
        var servedCounts: [Int]
        /// New recordings by the order their requests started in.
        var recordings: [Int: Interaction] = [:]
        var nextSequence = 0
        var loads: [ObjectIdentifier: Load] = [:]
        var waiters: [CheckedContinuation<Void, Never>] = []
        var misses: [ReplayMiss] = []
        var closed = false
    }

    /// A forwarded request in flight.
    private struct Load {
        var task: UncheckedBox<URLSessionDataTask>?
        var cancelled = false
    }

    var records: Bool { mode == .record || mode == .newEpisodes }

    init(fileURL: URL, mode: Cassette.Mode, existing: [Interaction], options: Cassette.Options) {
        self.fileURL = fileURL
        self.mode = mode
        self.options = options
        let scrubber = options.scrubber ?? .default
        self.scrubber = scrubber
        let identities = existing.map { scrubber.matchingIdentity(of: $0.request) }
        var queues: [RequestIdentity: [Int]] = [:]
        for (index, identity) in identities.enumerated() { queues[identity, default: []].append(index) }
        state = Locked(
            State(
                existing: existing, existingIdentities: identities, queues: queues,
                servedCounts: Array(repeating: 0, count: existing.count)))
        recorder = Locked(nil)
        hasNothingToServe = existing.isEmpty
    }

    var misses: [ReplayMiss] { state.withLock { $0.misses } }

    /// How many times each recorded interaction was served, by position in the file.
    var servedCounts: [Int] { state.withLock { $0.servedCounts } }

    // MARK: Loading

    private enum Decision {
        case serve(Interaction)
        case forward(sequence: Int)
        case miss
        case closed
    }

    func start(_ loader: ReplayProtocol, additionalHeaders: [HTTPHeader]) {
        let request = CassetteEngine.capture(loader.request, additionalHeaders: additionalHeaders)
        // Masking is most of what matching costs; a recording with nothing to serve skips it.
        let identity = records && hasNothingToServe ? nil : scrubber.matchingIdentity(of: request)
        let loadID = ObjectIdentifier(loader)
        let decision = state.withLock { state -> Decision in
            if state.closed { return .closed }
            if let identity, let index = take(identity, from: &state) {
                state.servedCounts[index] += 1
                return .serve(state.existing[index])
            }
            guard records else { return .miss }
            state.nextSequence += 1
            state.loads[loadID] = Load()
            return .forward(sequence: state.nextSequence)
        }
        switch decision {
        case .serve(let interaction):
            let restored = scrubber.restoring(interaction, environment: options.environment)
            CassetteEngine.deliver(restored, to: loader)
        case .forward(let sequence):
            forward(request, sequence: sequence, loader: loader)
        case .miss:
            let miss = state.withLock { state in
                let recorded = zip(state.existing, state.existingIdentities).map {
                    (request: scrubber.masked($0.request), identity: $1)
                }
                let miss = ReplayMiss.explain(
                    request: scrubber.masked(request), identity: identity ?? scrubber.matchingIdentity(of: request),
                    cassettePath: fileURL.path, testName: options.testName,
                    recorded: recorded, servedCounts: state.servedCounts)
                state.misses.append(miss)
                return miss
            }
            loader.client?.urlProtocol(loader, didFailWithError: CassetteError.noMatch(miss))
        case .closed:
            loader.client?.urlProtocol(loader, didFailWithError: CassetteError.cassetteClosed(path: fileURL.path))
        }
    }

    private func take(_ identity: RequestIdentity, from state: inout State) -> Int? {
        guard let queue = state.queues[identity], !queue.isEmpty else { return nil }
        let cursor = state.cursors[identity, default: 0]
        if cursor < queue.count {
            state.cursors[identity] = cursor + 1
            return queue[cursor]
        }
        return options.whenExhausted == .repeatLast ? queue[queue.count - 1] : nil
    }

    func stop(_ loader: ReplayProtocol) {
        let task = state.withLock { state -> URLSessionDataTask? in
            guard state.loads[ObjectIdentifier(loader)] != nil else { return nil }
            state.loads[ObjectIdentifier(loader)]?.cancelled = true
            return state.loads[ObjectIdentifier(loader)]?.task?.value
        }
        // stopLoading() runs on URLSession's shared work queue; cancelling the inner task there
        // would wait on that same queue on Linux.
        if let task {
            let box = UncheckedBox(value: task)
            DispatchQueue.global().async { box.value.cancel() }
        }
    }

    // MARK: Recording

    private func forward(_ request: RecordedRequest, sequence: Int, loader: ReplayProtocol) {
        var outgoing = loader.request
        outgoing.httpBodyStream = nil
        outgoing.httpBody = request.body
        for header in request.headers where outgoing.value(forHTTPHeaderField: header.name) == nil {
            outgoing.setValue(header.value, forHTTPHeaderField: header.name)
        }
        let box = UncheckedBox(value: loader)
        let loadID = ObjectIdentifier(loader)
        let outgoingRequest = outgoing
        // Taken here, in startLoading(), where the caller's task runs: its client is called there.
        let clientQueue = ClientQueue()
        // Off URLSession's work queue: on Linux all sessions share it, and starting the inner task
        // from startLoading() deadlocks.
        DispatchQueue.global().async { [self] in
            let task = recorderInstance().start(outgoingRequest) { [self] result in
                complete(
                    result, request: request, sequence: sequence, loader: box, loadID: loadID, clientQueue: clientQueue)
            }
            let cancelled = state.withLock { state -> Bool in
                state.loads[loadID]?.task = UncheckedBox(value: task)
                return state.loads[loadID]?.cancelled ?? false
            }
            if cancelled { task.cancel() }
        }
    }

    private func recorderInstance() -> Recorder {
        recorder.withLock { recorder in
            if let recorder { return recorder }
            let created = Recorder(configuration: options.recordingConfiguration())
            recorder = created
            return created
        }
    }

    private func complete(
        _ result: RecorderResult, request: RecordedRequest, sequence: Int, loader: UncheckedBox<ReplayProtocol>,
        loadID: ObjectIdentifier, clientQueue: ClientQueue
    ) {
        let interaction: Interaction?
        switch result {
        case .response(let response, let body, let hops):
            var recordedResponse = CassetteEngine.recordedResponse(response, body: body, requestURL: request.url)
            recordedResponse.url = recordedResponse.url.map(RequestIdentity.sortingQueryItems)
            let storedHops = hops.map { hop in
                var hop = hop
                hop.url = RequestIdentity.sortingQueryItems(hop.url)
                return hop
            }
            interaction = Interaction(
                request: request.canonicalizedForStorage(), redirects: storedHops, outcome: .response(recordedResponse))
        case .failure(let error):
            interaction =
                error.code == .cancelled
                ? nil
                : Interaction(
                    request: request.canonicalizedForStorage(),
                    outcome: .failure(TransportError(code: error.code.rawValue)))
        }
        // On the caller's task queue, as stopLoading() is: a cancellation either came first and
        // nothing is recorded or delivered, or it comes after the delivery.
        clientQueue.async { [self] in
            let (cancelled, waiters) = state.withLock { state in
                let cancelled = state.loads.removeValue(forKey: loadID)?.cancelled ?? true
                if !cancelled, let interaction { state.recordings[sequence] = interaction }
                guard state.loads.isEmpty else { return (cancelled, [CheckedContinuation<Void, Never>]()) }
                defer { state.waiters = [] }
                return (cancelled, state.waiters)
            }
            if !cancelled {
                if let interaction {
                    CassetteEngine.deliver(interaction, to: loader.value)
                } else {
                    loader.value.client?.urlProtocol(loader.value, didFailWithError: URLError(.cancelled))
                }
            }
            for waiter in waiters { waiter.resume() }
        }
    }

    /// Waits until every forwarded request has completed.
    func waitForRecordings() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state in
                if state.loads.isEmpty { return true }
                state.waiters.append(continuation)
                return false
            }
            if ready { continuation.resume() }
        }
    }

    /// Closes the cassette to further requests and, in a recording mode, returns the document to
    /// write: scrubbed, with interactions in a deterministic order.
    func close() -> CassetteDocument? {
        let (existing, recordings) = state.withLock { state -> ([Interaction], [Interaction]) in
            state.closed = true
            let recordings = state.recordings.sorted { $0.key < $1.key }.map(\.value)
            return (state.existing, recordings)
        }
        recorder.withLock { $0?.invalidate() }
        guard records else { return nil }
        let all = (mode == .newEpisodes ? existing : []) + recordings
        return scrubber.scrub(CassetteDocument(interactions: orderedForWriting(all)))
    }

    /// Interactions sorted by their request's masked identity (URL, then method, then body hash),
    /// keeping the order of requests with the same identity. Concurrent requests start in an
    /// unpredictable order; sorting makes the file the same on every recording, while identical
    /// requests, whose order replay depends on, stay in the order they were made.
    private func orderedForWriting(_ interactions: [Interaction]) -> [Interaction] {
        let keyed = interactions.enumerated().map { position, interaction in
            (
                identity: scrubber.matchingIdentity(of: interaction.request), position: position,
                interaction: interaction
            )
        }
        return keyed.sorted { lhs, rhs in
            let left = lhs.identity
            let right = rhs.identity
            if left.url != right.url { return left.url.utf8.lexicographicallyPrecedes(right.url.utf8) }
            if left.method != right.method { return left.method < right.method }
            if left.bodyHash != right.bodyHash { return left.bodyHash < right.bodyHash }
            return lhs.position < rhs.position
        }.map(\.interaction)
    }
}
