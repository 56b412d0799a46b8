import CassetteCore
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Forwards the requests a cassette records to the real server through one inner `URLSession`,
/// and keeps what each one got, by the order the requests started in.
///
/// It knows nothing of `URLProtocol`: a forwarded request's outcome goes to the closure the caller
/// gave, on the queue the caller gave.
final class RecordingSession: Sendable {
    /// What a forwarded request came to, as the caller is to hand it on.
    enum Outcome: Sendable {
        /// The server answered (or the transport failed, as a recorded failure): deliver it.
        case recorded(Interaction)
        /// The inner request was cancelled by something other than the caller: fail with this.
        case failed(URLError)
        /// The caller cancelled the request (`stopLoading()`): deliver nothing.
        case cancelledByCaller
    }

    private struct State {
        /// Recorded interactions by the order their requests started in.
        var recordings: [Int: Interaction] = [:]
        var nextSequence = 0
        var loads: [ObjectIdentifier: Load] = [:]
        var waiters: [CheckedContinuation<Void, Never>] = []
        var closed = false
        /// Requests whose body passed the size limit, with the size, by the order they started in.
        var oversized: [Int: BodyTooLarge] = [:]
    }

    /// A request or response body larger than the limit: it is not recorded, and the cassette is
    /// not written.
    struct BodyTooLarge: Sendable, Equatable {
        /// `GET http://...` (not scrubbed).
        var request: String
        /// The body's size, or how much of it had arrived when it passed the limit.
        var bytes: Int
    }

    /// A forwarded request in flight.
    private struct Load {
        var task: UncheckedBox<URLSessionDataTask>?
        var cancelled = false
        /// Whether the request's own timeout passed first (``forward(_:outgoing:loadID:clientQueue:deliver:)``).
        var timedOut = false
        /// The order the request started in: a late timer of an earlier load with the same id finds another.
        var sequence = 0
    }

    private let state = Locked(State())
    /// Where tasks of the inner session are started and cancelled, off URLSession's work queue: a
    /// queue of its own, which always gets a thread (a private serial queue overcommits), not the
    /// global concurrent queue, whose few threads other work that blocks (a test's slow handler,
    /// URLSession's own `workQueue.sync`) can hold long enough to delay a cancellation past the
    /// answer it was to stop.
    private let hop = DispatchQueue(label: "org.cassette.recording-session")
    private let recorder: Locked<Recorder?> = Locked(nil)
    private let configuration: @Sendable () -> URLSessionConfiguration
    private let today: @Sendable () -> String
    /// The largest body, request or response, a recording keeps.
    let maxBodyBytes: Int
    /// Whether streamed responses keep the gaps before their chunks (`"record": {"streamTiming": true}`).
    let streamTiming: Bool

    /// - Parameters:
    ///   - configuration: Makes the inner session's configuration, when the first request is forwarded.
    ///   - maxBodyBytes: The largest body a recording keeps; a larger response is cut off as it arrives.
    ///   - today: The day recordings are stamped with (`YYYY-MM-DD`, UTC).
    init(
        configuration: @escaping @Sendable () -> URLSessionConfiguration,
        maxBodyBytes: Int = Cassette.defaultMaxBodyBytes, streamTiming: Bool = false,
        today: @escaping @Sendable () -> String = { RecordingDay.string(for: Date()) }
    ) {
        self.configuration = configuration
        self.maxBodyBytes = maxBodyBytes
        self.streamTiming = streamTiming
        self.today = today
    }

    /// Sends `request` to the real server as `outgoing`, records what comes back, and calls
    /// `deliver` with the outcome on `clientQueue`.
    ///
    /// - Parameter loadID: The load, for ``cancel(_:)``.
    /// - Returns: `false`, without sending anything, when the session is closed.
    func forward(
        _ request: RecordedRequest, outgoing: URLRequest, loadID: ObjectIdentifier, clientQueue: ClientQueue,
        deliver: @escaping @Sendable (Outcome) -> Void
    ) -> Bool {
        let sequence = state.withLock { state -> Int? in
            guard !state.closed else { return nil }
            state.nextSequence += 1
            state.loads[loadID] = Load(sequence: state.nextSequence)
            return state.nextSequence
        }
        guard let sequence else { return false }
        let stored = InteractionStorage.request(request)
        let day = today()
        // On Linux the real session keeps only the whole seconds of a timeout (0.5 s times out at
        // once, 1.5 s after 1 s): a fractional one is sent rounded up and enforced here.
        let timeout = outgoing.timeoutInterval
        let fractional = timeout > 0 && timeout.rounded(.down) != timeout
        let sent = RecordingSession.rounded(outgoing)
        if fractional {
            hop.asyncAfter(deadline: .now() + timeout) { [self] in timeOut(loadID, sequence: sequence) }
        }
        // Off URLSession's work queue: on Linux all sessions share it, and starting the inner task
        // from startLoading() deadlocks.
        hop.async { [self] in
            let task = recorderInstance().start(sent) { [self] finished in
                let result = timedOut(loadID, finished)
                let oversized = oversizedBody(of: request, result)
                if let bytes = oversized {
                    // Not recorded: finish() says which request it was and writes nothing.
                    state.withLock {
                        $0.oversized[sequence] = BodyTooLarge(request: "\(request.method) \(request.url)", bytes: bytes)
                    }
                }
                let interaction =
                    oversized == nil
                    ? RecordingSession.interaction(stored, result, day: day, streamTiming: streamTiming) : nil
                // On the caller's task queue, as stopLoading() is: a cancellation either came first
                // and nothing is recorded or delivered, or it comes after the delivery.
                clientQueue.async { [self] in
                    let (cancelled, waiters) = finishLoad(loadID, sequence: sequence, interaction: interaction)
                    if !cancelled {
                        let failure = oversized.map { tooLargeError(bytes: $0, result) } ?? URLError(.cancelled)
                        deliver(interaction.map(Outcome.recorded) ?? .failed(failure))
                    } else {
                        deliver(.cancelledByCaller)
                    }
                    for waiter in waiters { waiter.resume() }
                }
            }
            let cancelled = state.withLock { state -> Bool in
                state.loads[loadID]?.task = UncheckedBox(value: task)
                return state.loads[loadID].map { $0.cancelled || $0.timedOut } ?? false
            }
            if cancelled { task.cancel() }
        }
        return true
    }

    /// `request` with a fractional timeout rounded up to whole seconds.
    private static func rounded(_ request: URLRequest) -> URLRequest {
        var sent = request
        if sent.timeoutInterval > 0 { sent.timeoutInterval = sent.timeoutInterval.rounded(.up) }
        return sent
    }

    /// `result`, or a timeout when the load's timeout passed and cancelled it.
    private func timedOut(_ loadID: ObjectIdentifier, _ result: RecorderResult) -> RecorderResult {
        guard case .failure(let error) = result, error.code == .cancelled,
            state.withLock({ $0.loads[loadID]?.timedOut == true })
        else { return result }
        return .failure(URLError(.timedOut, userInfo: error.userInfo))
    }

    /// Cancels a load whose timeout passed before its answer came.
    private func timeOut(_ loadID: ObjectIdentifier, sequence: Int) {
        let task = state.withLock { state -> URLSessionDataTask? in
            guard let load = state.loads[loadID], load.sequence == sequence, !load.cancelled else { return nil }
            state.loads[loadID]?.timedOut = true
            return state.loads[loadID]?.task?.value
        }
        task?.cancel()
    }

    /// The size of the request's or the response's body when it is over the limit.
    private func oversizedBody(of request: RecordedRequest, _ result: RecorderResult) -> Int? {
        if case .tooLarge(let bytes) = result { return bytes }
        if let body = request.body, body.count > maxBodyBytes { return body.count }
        if case .response(_, let body, _) = result, body.byteCount > maxBodyBytes { return body.byteCount }
        return nil
    }

    /// The error a caller gets for a request whose body (`bytes`, or as much as arrived) passed the limit.
    private func tooLargeError(bytes: Int, _ result: RecorderResult) -> URLError {
        let which: String
        if case .tooLarge = result {
            which = "the response body passed the recording limit of \(maxBodyBytes) bytes (\(bytes) bytes had arrived)"
        } else {
            which = "a body of \(bytes) bytes is more than the recording limit of \(maxBodyBytes) bytes"
        }
        return URLError(
            .dataLengthExceedsMaximum,
            userInfo: [
                NSLocalizedDescriptionKey: which
                    + ", so it is not recorded; Cassette.Options(maxBodyBytes:) or \"record\": {\"maxBodyBytes\": N} "
                    + "in .cassette.json raises the limit"
            ])
    }

    /// The bodies over the limit, in the order their requests started in.
    var oversizedBodies: [BodyTooLarge] {
        state.withLock { $0.oversized.sorted { $0.key < $1.key }.map(\.value) }
    }

    /// The interaction a forwarded request records, in stored form: `nil` when it was cancelled.
    private static func interaction(
        _ request: RecordedRequest, _ result: RecorderResult, day: String, streamTiming: Bool
    ) -> Interaction? {
        func stored(_ response: HTTPURLResponse, _ body: ReceivedChunks, _ hops: [RedirectHop], cut: URLError?)
            -> Interaction
        {
            let received = URLLoadingBridge.received(response, body: body.body)
            var storedResponse = InteractionStorage.response(received, requestURL: request.url)
            // A stream keeps its chunks as they came (and the error that cut it); the headers are
            // those the stack gave (`Transfer-Encoding` says whether the body came in HTTP chunks).
            if ResponseStream.keepsChunks(body.chunks, cut: cut != nil, headers: received.headers) {
                storedResponse.setStream(
                    ResponseStream(
                        chunks: ResponseStream.storedChunks(
                            body.chunks, contentType: storedResponse.headers.value(for: "Content-Type")),
                        error: cut.map { TransportError(code: $0.code.rawValue) },
                        gaps: streamTiming ? body.gaps.map(ResponseStream.roundedGap(milliseconds:)) : nil))
                storedResponse.headers.fitContentLength(to: storedResponse.body)
            }
            return Interaction(
                request: request, redirects: hops.map(InteractionStorage.redirect),
                outcome: .response(storedResponse), recorded: day)
        }
        switch result {
        case .response(let response, let body, let hops):
            return stored(response, body, hops, cut: nil)
        case .cut(let response, let body, let hops, let error):
            return stored(response, body, hops, cut: error)
        case .failure(let error):
            guard error.code != .cancelled else { return nil }
            return Interaction(
                request: request, outcome: .failure(TransportError(code: error.code.rawValue)), recorded: day)
        case .tooLarge:
            return nil
        }
    }

    /// Ends a load: keeps its interaction unless the caller cancelled it, and returns whether it was
    /// cancelled and, when it was the last load in flight, the waiters to resume.
    private func finishLoad(_ loadID: ObjectIdentifier, sequence: Int, interaction: Interaction?)
        -> (cancelled: Bool, waiters: [CheckedContinuation<Void, Never>])
    {
        state.withLock { state in
            let cancelled = state.loads.removeValue(forKey: loadID)?.cancelled ?? true
            if !cancelled, let interaction { state.recordings[sequence] = interaction }
            guard state.loads.isEmpty else { return (cancelled, []) }
            defer { state.waiters = [] }
            return (cancelled, state.waiters)
        }
    }

    private func recorderInstance() -> Recorder {
        recorder.withLock { recorder in
            if let recorder { return recorder }
            let created = Recorder(configuration: configuration(), maxBodyBytes: maxBodyBytes)
            recorder = created
            return created
        }
    }

    /// Cancels a forwarded request the caller stopped; nothing of it is recorded or delivered.
    func cancel(_ loadID: ObjectIdentifier) {
        let task = state.withLock { state -> URLSessionDataTask? in
            guard state.loads[loadID] != nil else { return nil }
            state.loads[loadID]?.cancelled = true
            return state.loads[loadID]?.task?.value
        }
        // stopLoading() runs on URLSession's shared work queue; cancelling the inner task there
        // would wait on that same queue on Linux.
        if let task {
            let box = UncheckedBox(value: task)
            hop.async { box.value.cancel() }
        }
    }

    /// Waits until every forwarded request has completed.
    func waitForLoads() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state in
                if state.loads.isEmpty { return true }
                state.waiters.append(continuation)
                return false
            }
            if ready { continuation.resume() }
        }
    }

    /// Closes the session to further requests, releases the inner session, and returns what was
    /// recorded, in the order the requests started in.
    func close() -> [Interaction] {
        let recordings = state.withLock { state in
            state.closed = true
            return state.recordings.sorted { $0.key < $1.key }.map(\.value)
        }
        recorder.withLock { $0?.invalidate() }
        return recordings
    }
}
