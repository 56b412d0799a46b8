import CassetteCore
import Foundation

/// The tests that use a cassette, as the usage ledgers of its package's test runs name them (the
/// ledger folder `$CASSETTE_USAGE_LEDGER` names, else `.build/cassette-usage` of the cassette's
/// package), so that a fix can say which test to run. Each folder is read once.
final class LedgerTests {
    private let environment: [String: String]
    private var ledgers: [String: [UsageLedger]] = [:]

    init(environment: [String: String]) {
        self.environment = environment
    }

    /// The `swift test --filter` patterns of the tests the newest ledger that knows the cassette
    /// names; empty when no ledger does.
    func tests(using cassette: URL) -> [String] {
        let root = PackageRoot.containing(cassette.deletingLastPathComponent())
        let setting = environment[UsageLedger.environmentVariable] ?? ""
        guard setting.lowercased() != "off" else { return [] }
        let folder: URL
        if !setting.isEmpty {
            folder = URL(fileURLWithPath: setting)
        } else if let root {
            folder = UsageLedger.defaultDirectory(packageRoot: root)
        } else {
            return []
        }
        if ledgers[folder.path] == nil {
            ledgers[folder.path] = ((try? UsageLedger.readAll(in: folder)) ?? []).map(\.ledger)
        }
        return UsageLedger.tests(using: UsageLedger.key(for: cassette, packageRoot: root), in: ledgers[folder.path]!)
    }
}
