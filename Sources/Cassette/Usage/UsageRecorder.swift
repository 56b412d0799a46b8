import CassetteCore
import Foundation

/// Collects which interactions this test process served and keeps the process's ledger file up to
/// date, for `cassette prune`. One ledger file per process and ledger folder.
enum UsageRecorder {
    private static let file = RunFile<UsageLedger> { $0.encoded() }

    /// Adds a finished cassette's usage to the ledger and rewrites the ledger file.
    ///
    /// - Parameter contentHash: The SHA-256 of the file's bytes as this run saw them; usage of other
    ///   content of the same file (an earlier recording) is replaced, not added to.
    static func record(
        cassette fileURL: URL, contentHash: String, interactionCount: Int, served: [Int],
        environment: [String: String]
    ) {
        guard
            let (directory, root) = RunFile<UsageLedger>.directory(
                for: fileURL, variable: UsageLedger.environmentVariable, environment: environment,
                defaultDirectory: UsageLedger.defaultDirectory)
        else { return }
        let key = UsageLedger.key(for: fileURL, packageRoot: root)
        file.update(in: directory) {
            UsageLedger(
                filtered: UsageLedger.selectsTests(CommandLine.arguments), arguments: CommandLine.arguments,
                run: UsageLedger.currentRun)
        } _: { ledger in
            var usage = UsageLedger.CassetteUsage(
                contentHash: contentHash, interactionCount: interactionCount, served: [])
            if let known = ledger.cassettes[key], known.contentHash == contentHash { usage = known }
            usage.served = Array(Set(usage.served).union(served)).sorted()
            ledger.cassettes[key] = usage
        }
    }
}

/// Keeps the process's drift report file up to date, for `cassette drift`.
enum DriftRecorder {
    private static let file = RunFile<DriftLedger> { $0.encoded() }

    /// Adds a verified cassette's report and rewrites the file.
    static func record(_ report: DriftReport, cassette fileURL: URL, environment: [String: String]) {
        guard
            let (directory, root) = RunFile<DriftLedger>.directory(
                for: fileURL, variable: DriftLedger.environmentVariable, environment: environment,
                defaultDirectory: DriftLedger.defaultDirectory)
        else { return }
        let key = UsageLedger.key(for: fileURL, packageRoot: root)
        file.update(in: directory) {
            DriftLedger(arguments: CommandLine.arguments)
        } _: { ledger in
            var report = report
            report.cassettePath = key
            report.interactions = report.interactions.map { drift in
                var drift = drift
                drift.cassettePath = key
                return drift
            }
            if let known = ledger.reports[key] {
                report.checked += known.checked
                report.interactions = known.interactions + report.interactions
            }
            ledger.reports[key] = report
        }
    }
}
