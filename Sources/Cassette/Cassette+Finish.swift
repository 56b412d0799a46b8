import CassetteCore
import Foundation

extension Cassette {
    /// Writes what a recording run leaves: the file's interactions and the run's recordings, merged by
    /// ``RecordingMerge``, unless a request the file holds a response for failed.
    func write(_ live: [Interaction], over table: ReplayTable) throws(CassetteError) {
        var hooked = live
        if let beforeRecord = options.beforeRecord {
            for index in hooked.indices { beforeRecord(&hooked[index]) }
        }
        // The hook runs first, so the scrubber's guarantees hold for what it leaves.
        let recorded = matcher.scrubber.scrub(CassetteDocument(interactions: hooked)).interactions
        var merge = RecordingMerge(
            existing: Array(zip(table.interactions, table.identities)),
            recorded: recorded.map { ($0, matcher.identity(of: $0.request)) }, volatile: volatile,
            rules: matcher.rules)
        merge.keepsRequestOrder = table.strictOrder
        let mergePlan: RecordingMerge.Plan
        switch plan {
        case .newEpisodes: mergePlan = .keepAll
        case .rerecord: mergePlan = .replaceRecorded
        default: mergePlan = .replaceAll
        }
        let allowsFailures =
            options.recordTransportErrors
            || EnvironmentVariable.isTrue(options.environment[Cassette.recordErrorsVariable])
        switch merge.outcome(mergePlan, allowingFailures: allowsFailures) {
        case .refuse(let failures):
            throw CassetteError.recordingFailed(
                path: fileURL.path,
                failures: failures.map { position in
                    let request = recorded[position].request
                    let code = recorded[position].outcome.failureCode ?? URLError.Code.unknown.rawValue
                    return RecordingFailure(request: "\(request.method) \(request.url)", code: code)
                }, testName: options.testName)
        case .write(let interactions):
            // Under the folder's lock, merged with what another writer wrote since the file was read.
            let (hash, count) = try store(interactions, over: table)
            // Everything a recording run wrote counts as used.
            usage(hash: hash, count: count, served: Array(0..<count))
        }
    }

    /// Compares what the live server answered with the recording, keeps the report for `cassette
    /// drift`, and throws when the live API drifted.
    func verify(_ live: [Interaction], against table: ReplayTable) throws(CassetteError) {
        // Scrubbed first, so not even a secret-named key of the live answer reaches the report.
        let answers = matcher.scrubber.scrub(CassetteDocument(interactions: live)).interactions
        var occurrences: [RequestIdentity: Int] = [:]
        var drifts: [InteractionDrift] = []
        for answer in answers {
            let identity = matcher.identity(of: answer.request)
            let occurrence = occurrences[identity, default: 0]
            occurrences[identity] = occurrence + 1
            let positions = table.positions(of: identity)
            let request = "\(identity.method) \(identity.url)"
            guard occurrence < positions.count else {
                drifts.append(InteractionDrift(cassettePath: fileURL.path, index: nil, request: request))
                continue
            }
            let index = positions[occurrence]
            let drift = DriftCheck.compare(
                recorded: table.interactions[index], live: answer, cassettePath: fileURL.path, index: index,
                request: request, volatile: volatile)
            if drift.differs { drifts.append(drift) }
        }
        let report = DriftReport(
            cassettePath: fileURL.path, checked: answers.count, interactions: drifts, testName: options.testName)
        DriftRecorder.record(report, cassette: fileURL, environment: options.environment)
        if !report.drifted.isEmpty { throw CassetteError.drift(report) }
    }
}

extension Interaction.Outcome {
    /// The `URLError` code of a failure.
    var failureCode: Int? {
        switch self {
        case .failure(let error): error.code
        case .response(let response): response.stream?.error?.code
        }
    }
}
