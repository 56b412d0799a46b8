import CassetteCore
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// How one cassette answers requests: the pure decision of replay (serve a recorded answer, forward
/// to the real server, or fail with an explanation) and the state it moves, with no URL loading.
///
/// ``ReplayProtocol`` asks it for a ``Decision`` and carries it out; ``Cassette`` owns it and closes
/// it on ``Cassette/finish()``. A live request is looked up as it is first
/// (``RequestMatcher/literalIdentity(of:)``) and masked only when that finds nothing
/// (``RequestMatcher/match(_:)``); the recorded ones were matched when the table was built, so no
/// request is masked twice.
final class ReplaySession: Sendable {
    /// What to do with one request.
    enum Decision {
        /// Play this: a recorded interaction (with restored placeholders and echoed values), or an
        /// injected fault, after the replay latency.
        case serve(Playback)
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
        /// The fixed delay before each served answer, in milliseconds.
        var latencyMilliseconds = 0
        /// Faults injected on top of the recordings.
        var faults: [FaultRule] = []
        /// Hosts whose requests bypass the cassette.
        var passthrough: [HostPattern] = []
        /// Changes each recorded interaction before it is served.
        var beforePlayback: (@Sendable (inout Interaction) -> Void)?
        /// Whether the journal keeps every request (``Cassette/requests``).
        var keepsJournal = true
        /// How a streamed response's chunks are paced in replay.
        var streamTiming: Cassette.StreamTiming = .fullSpeed
    }

    let plan: ReplayPlan
    let matcher: RequestMatcher
    /// The table's interactions (which never change), read outside the lock: taking an answer under
    /// the lock moves a cursor and names a position, and the interaction there is copied after.
    private let interactions: [Interaction]
    /// Forwards what the cassette does not serve, in the recording modes and in verify; `nil` in
    /// replay.
    let recording: RecordingSession?
    /// Sends the requests to `"passthrough"` hosts to the network, recording nothing; `nil` when no
    /// host is listed.
    let passthrough: RecordingSession?
    private let context: Context
    /// Whether every recorded interaction is served exactly as it was read: no placeholder is
    /// restored from the environment, no echo rule copies a live value in, and no
    /// `beforePlayback` changes it. Its playback then names its position (``Playback/position``).
    private let servesAsRecorded: Bool
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
        /// Every request asked, in order, with how it was answered.
        var journal: [Cassette.JournalEntry] = []
        /// How many requests each fault rule's pattern selected so far, by rule.
        var faultCalls: [Int] = []
    }

    init(
        table: ReplayTable, plan: ReplayPlan, matcher: RequestMatcher, recording: RecordingSession?,
        passthrough: RecordingSession? = nil, context: Context
    ) {
        self.plan = plan
        self.matcher = matcher
        self.recording = recording
        self.passthrough = passthrough
        self.context = context
        servesAsRecorded =
            !matcher.scrubber.restoresAnything(from: context.environment) && matcher.rules.echoes.isEmpty
            && context.beforePlayback == nil
        interactions = table.interactions
        var state = State(table: table)
        state.faultCalls = Array(repeating: 0, count: context.faults.count)
        self.state = Locked(state)
    }

    /// Every request asked so far, in order, with how it was answered.
    var journal: [Cassette.JournalEntry] { state.withLock { $0.journal } }

    /// Notes a request in the journal.
    private func note(_ request: RecordedRequest, _ answer: Cassette.JournalEntry.Answer) {
        guard context.keepsJournal else { return }
        state.withLock {
            $0.journal.append(Cassette.JournalEntry(method: request.method, url: request.url, answer: answer))
        }
    }

    /// The fault rule that applies to this call of `request`, counting the call for every rule whose
    /// pattern selects it.
    private func fault(for request: RecordedRequest) -> FaultRule? {
        guard !context.faults.isEmpty else { return nil }
        return state.withLock { state -> FaultRule? in
            var firing: FaultRule?
            for (index, rule) in context.faults.enumerated()
            where rule.request.matches(method: request.method, url: request.url) {
                state.faultCalls[index] += 1
                if firing == nil, rule.on == nil || rule.on == state.faultCalls[index] { firing = rule }
            }
            return firing
        }
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
        state.withLock {
            $0.refusals.append(error)
            guard context.keepsJournal else { return }
            $0.journal.append(
                Cassette.JournalEntry(
                    method: request.httpMethod ?? "GET", url: request.url?.absoluteString ?? "", answer: .failed))
        }
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
        if let passthrough, context.passthrough.contains(where: { $0.matches(url: request.url) }) {
            note(request, .passedThrough)
            return forwarding(passthrough)
        }
        // Faults go on top of a recording: a request forwarded to be recorded gets none.
        let fault = plan.serves ? fault(for: request) : nil
        if let fault, fault.replacesAnswer {
            if state.withLock({ $0.closed }) { return .fail(.cassetteClosed(path: context.cassettePath)) }
            note(request, .fault(fault))
            return .serve(faultPlayback(fault, request))
        }
        let decision = answering(request, fault: fault)
        switch decision {
        case .serve: break
        case .forward: note(request, .forwarded)
        case .fail: note(request, .failed)
        }
        return decision
    }

    /// The playback of a fault that answers in place of the cassette: its status with an empty body,
    /// or its error.
    private func faultPlayback(_ fault: FaultRule, _ request: RecordedRequest) -> Playback {
        let url = URL(string: request.url) ?? URL(fileURLWithPath: "/")
        var playback = Playback(
            delayMilliseconds: context.latencyMilliseconds + (fault.delayMilliseconds ?? 0))
        if let status = fault.status {
            playback.interaction = Interaction(
                request: request, outcome: .response(RecordedResponse(status: status, headers: [])))
        }
        if let code = fault.error { playback.error = Playback.faultError(code, url: url, rule: fault) }
        return playback
    }

    /// The decision for a request no passthrough host or answering fault took; a `fault` that
    /// changes the recorded answer (a truncated body, a delay) applies to what is served.
    private func answering(_ request: RecordedRequest, fault: FaultRule?) -> Decision {
        if let recording, !plan.serves { return forwarding(recording) }
        // Matching is most of what replay costs; a recording with nothing to serve skips it.
        if let recording, plan == .newEpisodes, state.withLock({ $0.table.isEmpty }) { return forwarding(recording) }
        // First the request as it is: one that is, in what its key is made of, a recorded request
        // (masked when it was read) masks to itself there, so masking it would find the same
        // answer. Most requests are served here, unmasked; the rest are masked and looked up again.
        // Spelled as a masked recording is, it needs no identity either.
        if !plan.rerecords, matcher.looksUpLiteralRequests {
            for key in [TableKey.spelling, .literal] {
                switch take(key, request, fault: fault) {
                case .closed: return .fail(.cassetteClosed(path: context.cassettePath))
                case .served(let position): return serving(at: position, request, fault: fault)
                case .unmatched: continue
                }
            }
        }
        let live = matcher.match(request)
        if case .rerecord(let patterns) = plan, let recording,
            patterns.contains(where: { $0.matches(method: live.identity.method, url: live.identity.url) })
        {
            return forwarding(recording)
        }
        // The predicate, if any, judges the recorded answers of this identity here, outside the lock.
        let accepted = acceptedAnswers(to: live, request)
        let table: ReplayTable
        switch take(.identity(live.identity, accepting: accepted), request, fault: fault) {
        case .closed: return .fail(.cassetteClosed(path: context.cassettePath))
        case .served(let position): return serving(at: position, request, fault: fault)
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

    /// What taking an answer from the table gave.
    private enum Taken {
        case closed
        /// The recorded interaction at this position of the table.
        case served(position: Int)
        case unmatched(ReplayTable)
    }

    /// How a request is looked up in the table.
    private enum TableKey {
        /// By its spelling (``ReplayTable/take(spelledAs:)``).
        case spelling
        /// By its identity as it is (``RequestMatcher/literalIdentity(of:)``).
        case literal
        /// By the identity of its masked form, taking only the answers at the positions `accepting`
        /// holds, when it is not `nil`.
        case identity(RequestIdentity, accepting: Set<Int>?)
    }

    /// Takes the next answer to `request` by `key`, under the lock, and journals it.
    private func take(_ key: TableKey, _ request: RecordedRequest, fault: FaultRule?) -> Taken {
        // The identity is computed before the lock is taken.
        var identity: RequestIdentity?
        if case .literal = key { identity = matcher.literalIdentity(of: request) }
        return state.withLock { state -> Taken in
            if state.closed { return .closed }
            let taken: Int?
            switch key {
            case .spelling: taken = state.table.take(spelledAs: request)
            case .literal: taken = identity.flatMap { state.table.take($0) }
            case .identity(let identity, let accepted):
                taken = state.table.take(identity, accepting: accepted.map { set in set.contains })
            }
            guard let index = taken else { return .unmatched(state.table) }
            if context.keepsJournal {
                state.journal.append(
                    Cassette.JournalEntry(
                        method: request.method, url: request.url,
                        answer: fault.map { .fault($0) } ?? .served(interaction: index)))
            }
            return .served(position: index)
        }
    }

    /// The playback of the recorded interaction at `position` in the table, taken for `request`,
    /// with `fault`'s changes.
    private func serving(at position: Int, _ request: RecordedRequest, fault: FaultRule?) -> Decision {
        if fault == nil, servesAsRecorded {
            return .serve(
                Playback(
                    interaction: interactions[position], delayMilliseconds: context.latencyMilliseconds,
                    position: position))
        }
        var served = answer(interactions[position], to: request)
        if let keep = fault?.truncate, case .response(var response) = served.outcome, let body = response.body,
            body.count > keep
        {
            response.body = body.prefix(keep)
            served.outcome = .response(response)
        }
        return .serve(
            Playback(
                interaction: served,
                delayMilliseconds: context.latencyMilliseconds + (fault?.delayMilliseconds ?? 0)))
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
        context.beforePlayback?(&served)
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
