import CassetteCore
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// How one cassette answers requests: the pure decision of replay (serve a recorded answer, forward
/// to the real server, or fail with an explanation) and the state it moves, with no URL loading.
///
/// ``ReplayProtocol`` asks it for a ``Decision`` and carries it out; ``Cassette`` owns it and closes
/// it on ``Cassette/finish()``. Every live request is matched once (``RequestMatcher/match(_:)``),
/// and the recorded ones were matched when the table was built, so no request is masked twice.
final class ReplaySession: Sendable {
    /// What to do with one request.
    enum Decision {
        /// Serve this recorded interaction (with restored placeholders and echoed values).
        case serve(Interaction)
        /// Forward the request to the real server through this recording session.
        case forward(RecordingSession)
        /// Fail the request with this error: no recorded match, or the cassette is closed.
        case fail(CassetteError)
    }

    /// Where a miss's explanation points: the cassette, the test and the `.cassette.json` for rules.
    struct Context: Sendable {
        var cassettePath: String
        var testName: String?
        var configurationPath: String
        /// The environment placeholders are restored from.
        var environment: [String: String]
        /// How the body of an upload task is found (``Cassette/Options/uploadBody``).
        var uploadBody: @Sendable (URLSessionTask?) -> UploadBody = UploadBody.of
        /// How a streamed response's chunks are paced in replay.
        var streamTiming: Cassette.StreamTiming = .fullSpeed
    }

    let plan: ReplayPlan
    let matcher: RequestMatcher
    /// Forwards what the cassette does not serve, in the recording modes and in verify; `nil` in
    /// replay.
    let recording: RecordingSession?
    private let context: Context
    private let state: Locked<State>
    /// How a miss's fix lines are worded (``ReplayMiss/advice``); set by `cassette serve`, `nil` for
    /// the library's own words.
    let missAdvice = Locked<MissAdvice?>(nil)

    private struct State {
        var table: ReplayTable
        var misses: [ReplayMiss] = []
        /// Requests the cassette refused to record or match (an upload whose body it cannot see).
        var refusals: [CassetteError] = []
        var closed = false
    }

    init(table: ReplayTable, plan: ReplayPlan, matcher: RequestMatcher, recording: RecordingSession?, context: Context)
    {
        self.plan = plan
        self.matcher = matcher
        self.recording = recording
        self.context = context
        state = Locked(State(table: table))
    }

    /// Requests that replay could not serve so far.
    var misses: [ReplayMiss] { state.withLock { $0.misses } }

    /// Requests refused so far, failed with these errors: requests the cassette could neither record
    /// nor match, such as an upload task whose body a `URLProtocol` cannot see.
    var refusals: [CassetteError] { state.withLock { $0.refusals } }

    /// How the protocol finds the body of an upload task.
    var uploadBody: @Sendable (URLSessionTask?) -> UploadBody { context.uploadBody }
    /// How a streamed response's chunks are paced in replay.
    var streamTiming: Cassette.StreamTiming { context.streamTiming }

    /// Refuses an upload task's request whose body cannot be seen: keeps the error for the test's
    /// report (even when the code under test catches it) and returns it, to fail the request with.
    func refusal(ofUpload request: URLRequest) -> CassetteError {
        let text = "\(request.httpMethod ?? "GET") \(request.url?.absoluteString ?? "")"
        let error = CassetteError.uploadBodyUnavailable(
            path: context.cassettePath, request: matcher.scrubber.scrubText(text))
        state.withLock { $0.refusals.append(error) }
        return error
    }

    /// The URLs of the file's recorded requests, in cassette order.
    var recordedURLs: [String] { state.withLock { $0.table.interactions.map(\.request.url) } }

    /// Closes the session to further requests and returns the table as it stands.
    func close() -> ReplayTable {
        state.withLock { state in
            state.closed = true
            return state.table
        }
    }

    /// Text with secrets replaced, for what a delivered error says.
    func scrubText(_ text: String) -> String {
        matcher.scrubber.scrubText(text)
    }

    /// Decides how to answer `request`, a request as the caller built it.
    ///
    /// Matching the request, and explaining a miss, run outside the lock; under it, only the
    /// table's cursors move.
    func decision(for request: RecordedRequest) -> Decision {
        if let recording, !plan.serves { return forwarding(recording) }
        // Matching is most of what replay costs; a recording with nothing to serve skips it.
        if let recording, plan == .newEpisodes, state.withLock({ $0.table.isEmpty }) { return forwarding(recording) }
        let live = matcher.match(request)
        if case .rerecord(let patterns) = plan, let recording,
            patterns.contains(where: { $0.matches(method: live.identity.method, url: live.identity.url) })
        {
            return forwarding(recording)
        }
        enum Taken {
            case closed
            case served(Interaction)
            case unmatched(ReplayTable)
        }
        // The predicate, if any, judges the recorded answers of this identity here, outside the lock.
        let accepted = acceptedAnswers(to: live, request)
        let taken = state.withLock { state -> Taken in
            if state.closed { return .closed }
            if let index = state.table.take(live.identity, accepting: accepted.map { set in set.contains }) {
                return .served(state.table.interactions[index])
            }
            return .unmatched(state.table)
        }
        let table: ReplayTable
        switch taken {
        case .closed: return .fail(.cassetteClosed(path: context.cassettePath))
        case .served(let interaction): return .serve(answer(interaction, to: request))
        case .unmatched(let snapshot): table = snapshot
        }
        if plan == .newEpisodes, let recording { return .forward(recording) }
        var miss = table.explainMiss(
            of: (live.identity, matcher.masked(live, of: request)), cassettePath: context.cassettePath,
            testName: context.testName,
            configurationPath: context.configurationPath)
        miss.advice = missAdvice.withLock { $0 }
        state.withLock { $0.misses.append(miss) }
        return .fail(.noMatch(miss))
    }

    /// Forwards through `recording`, unless the session is closed.
    private func forwarding(_ recording: RecordingSession) -> Decision {
        state.withLock { $0.closed } ? .fail(.cassetteClosed(path: context.cassettePath)) : .forward(recording)
    }

    /// A recorded interaction as replay serves it to `request`: placeholders restored from the
    /// environment, and the values the echo rules name copied from the live request.
    private func answer(_ interaction: Interaction, to request: RecordedRequest) -> Interaction {
        var served = matcher.scrubber.restoring(interaction, environment: context.environment)
        if !matcher.rules.echoes.isEmpty, case .response(let response) = served.outcome {
            served.outcome = .response(matcher.rules.echoing(into: response, from: request))
        }
        return served
    }

    /// The positions of the recorded answers of `live`'s identity that the match rules' predicate
    /// accepts; `nil` when there is no predicate (every answer is acceptable).
    private func acceptedAnswers(to live: MatchedRequest, _ request: RecordedRequest) -> Set<Int>? {
        guard let predicate = matcher.rules.predicate else { return nil }
        let table = state.withLock { $0.table }
        let masked = matcher.masked(live, of: request)
        return Set(table.positions(of: live.identity).filter { predicate(masked, table.maskedRequest(at: $0)) })
    }
}
