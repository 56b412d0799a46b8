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
        guard
            let (directory, packageRoot) = RunFolder.locate(
                option: option, variable: UsageLedger.environmentVariable,
                defaultDirectory: UsageLedger.defaultDirectory, in: context)
        else {
            throw PruneRefusal(
                "no Package.swift in \(context.currentDirectory.path) or above it, so there is no default ledger "
                    + "folder; run cassette prune in your package, or pass --ledger DIR")
        }
        self.directory = directory
        self.packageRoot = packageRoot
        do {
            ledgers = try UsageLedger.readAll(in: directory)
        } catch let error as CassetteReadError {
            throw PruneRefusal(LedgerSource.unreadableLedger(error))
        } catch {
            throw PruneRefusal("cannot read the usage ledgers in \(directory.path): \(error)")
        }
    }

    /// The ledgers of the newest test run: the newest ledger that did not select tests (any ledger
    /// with `includingFiltered`), and the other ledgers of its run, which the other test processes of
    /// the same `swift test` wrote. A ledger that does not say its run is a run of its own.
    func newestRun(includingFiltered: Bool) -> [UsageLedger] {
        let candidates = ledgers.map(\.ledger).filter { includingFiltered || !$0.filtered }
        guard let newest = candidates.last else { return [] }
        guard let run = newest.run else { return [newest] }
        return candidates.filter { $0.run == run }
    }

    /// What is wrong with a ledger file, said as a ledger's problem (not a cassette's), and that
    /// deleting it is safe: a ledger only records which interactions a test run served.
    static func unreadableLedger(_ error: CassetteReadError) -> String {
        let what: String
        switch error.reason {
        case .syntax(let why):
            what = "usage ledger is not valid JSON (\(why)); a test process was probably stopped while writing it"
        case .empty: what = "usage ledger is empty"
        case .invalid(let why): what = "usage ledger does not fit the ledger format: \(why)"
        case .unreadable(let why): what = "cannot read usage ledger: \(why)"
        case .newerVersion: what = "usage ledger was written by a newer version of Cassette"
        }
        var location = error.path
        if let line = error.line, let column = error.column { location += ":\(line):\(column)" }
        return "\(location): \(what); deleting it is safe (a ledger only records which interactions a test "
            + "run served, never a cassette): rm \(ShellQuoting.quoted(error.path)), then run the tests again to "
            + "record usage"
    }
}
