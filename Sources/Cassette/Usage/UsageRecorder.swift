import CassetteCore
import Foundation

/// Collects which interactions this test process served and keeps the process's ledger file up to
/// date, for `cassette prune`. One ledger file per process and ledger folder; the first write to a
/// folder removes the ledgers prune no longer needs (``UsageLedger/removeStale(in:currentRun:keepingFrom:)``).
enum UsageRecorder {
    private static let file = RunFile<UsageLedger> { $0.encoded() }

    /// Adds a finished cassette's usage to the ledger and rewrites the ledger file.
    ///
    /// - Parameters:
    ///   - contentHash: The SHA-256 of the file's bytes as this run saw them; usage of other content
    ///     of the same file (an earlier recording) is replaced, not added to.
    ///   - test: The `--filter` pattern of the test that used it, when known.
    static func record(
        cassette fileURL: URL, contentHash: String, interactionCount: Int, served: [Int], test: String?,
        environment: [String: String]
    ) {
        update(cassette: fileURL, environment: environment) { known in
            var usage = UsageLedger.CassetteUsage(
                contentHash: contentHash, interactionCount: interactionCount, served: [])
            if let known, known.contentHash == contentHash {
                usage = known
            } else if let known {
                // A failure seen with the earlier content still counts: the run failed with it.
                (usage.failed, usage.failedTests, usage.tests) = (known.failed, known.failedTests, known.tests)
            }
            usage.served = Array(Set(usage.served).union(served)).sorted()
            if let test { usage.tests = Array(Set(usage.tests).union([test])).sorted() }
            return usage
        }
    }

    /// Notes that a test failed while it used the cassette, so that prune keeps the cassette whole.
    static func recordFailure(cassette fileURL: URL, test: String?, environment: [String: String]) {
        update(cassette: fileURL, environment: environment) { known in
            var usage = known ?? UsageLedger.CassetteUsage(interactionCount: 0, served: [])
            usage.failed = true
            if let test {
                usage.failedTests = Array(Set(usage.failedTests).union([test])).sorted()
                usage.tests = Array(Set(usage.tests).union([test])).sorted()
            }
            return usage
        }
    }

    private static func update(
        cassette fileURL: URL, environment: [String: String],
        _ change: (UsageLedger.CassetteUsage?) -> UsageLedger.CassetteUsage
    ) {
        guard
            let (directory, root) = RunFile<UsageLedger>.directory(
                for: fileURL, variable: UsageLedger.environmentVariable, environment: environment,
                defaultDirectory: UsageLedger.defaultDirectory)
        else { return }
        let key = UsageLedger.key(for: fileURL, packageRoot: root)
        file.update(in: directory) {
            let run = UsageLedger.currentRun
            UsageLedger.removeStale(in: directory, currentRun: run, keepingFrom: file.fileName)
            return UsageLedger(
                filtered: UsageLedger.selectsTests(CommandLine.arguments), arguments: CommandLine.arguments, run: run)
        } _: { ledger in
            ledger.cassettes[key] = change(ledger.cassettes[key])
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
