import CassetteCore
import Foundation

/// The usage ledgers `cassette prune` reads: every ledger file of the ledger folder, and the
/// package root their cassette keys are relative to.
struct LedgerSource {
    var directory: URL
    var packageRoot: URL
    var ledgers: [(file: URL, ledger: UsageLedger)]

    /// Finds the folder (`--ledger`, else `$CASSETTE_USAGE_LEDGER`, else `.build/cassette-usage` of
    /// the package around the current directory, all from `context`) and reads it.
    ///
    /// - Throws: A message for the user when there is no package, or a ledger cannot be read.
    init(option: String?, in context: CommandContext) throws(PruneRefusal) {
        let currentDirectory = context.currentDirectory
        let root = PackageRoot.containing(currentDirectory)
        packageRoot = root ?? currentDirectory
        let setting = context.environment[UsageLedger.environmentVariable] ?? ""
        if let option {
            directory = context.url(forPath: option)
        } else if !setting.isEmpty && setting.lowercased() != "off" {
            directory = context.url(forPath: setting)
        } else if let root {
            directory = UsageLedger.defaultDirectory(packageRoot: root)
        } else {
            throw PruneRefusal(
                "no Package.swift in \(currentDirectory.path) or above it, so there is no default ledger folder; "
                    + "run cassette prune in your package, or pass --ledger DIR")
        }
        do {
            ledgers = try UsageLedger.readAll(in: directory)
        } catch {
            throw PruneRefusal("cannot read the usage ledgers in \(directory.path): \(error)")
        }
    }
}
