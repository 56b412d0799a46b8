import Foundation

/// Collects which interactions this test process served and keeps the process's ledger file up to
/// date, for `cassette prune`. One ledger file per process and ledger folder.
enum UsageRecorder {
    private struct Run {
        var ledgers: [String: UsageLedger] = [:]
        let fileName: String
    }

    private static let run = Locked(Run(fileName: makeFileName()))

    private static func makeFileName() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss"
        return "run-\(formatter.string(from: Date()))-\(ProcessInfo.processInfo.processIdentifier).json"
    }

    /// Adds a finished cassette's usage to the ledger and rewrites the ledger file. Failures to
    /// write are ignored: the ledger is an aid for pruning and must never fail a test.
    static func record(cassette fileURL: URL, interactionCount: Int, served: [Int], environment: [String: String]) {
        guard let root = PackageRoot.containing(fileURL.deletingLastPathComponent()) else { return }
        let setting = environment[UsageLedger.environmentVariable] ?? ""
        if setting.lowercased() == "off" { return }
        let directory =
            setting.isEmpty ? UsageLedger.defaultDirectory(packageRoot: root) : URL(fileURLWithPath: setting)
        let key = UsageLedger.key(for: fileURL, packageRoot: root)
        let (data, file) = run.withLock { run -> (Data, URL) in
            var ledger =
                run.ledgers[directory.path]
                ?? UsageLedger(
                    filtered: UsageLedger.selectsTests(CommandLine.arguments), arguments: CommandLine.arguments)
            var usage = ledger.cassettes[key] ?? .init(interactionCount: interactionCount, served: [])
            usage.interactionCount = interactionCount
            usage.served = Array(Set(usage.served).union(served)).sorted()
            ledger.cassettes[key] = usage
            run.ledgers[directory.path] = ledger
            return (ledger.encoded(), directory.appendingPathComponent(run.fileName))
        }
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try? AtomicFile.write(data, to: file)
    }
}
