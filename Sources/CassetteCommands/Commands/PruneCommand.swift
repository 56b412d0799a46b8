import CassetteCore
import Foundation

/// `cassette prune`: removes interactions no test used, from the usage ledgers test runs write.
enum PruneCommand: Command {
    static let name = "prune"
    static let abstract = "Remove interactions no test used (run the full swift test first)."
    static let discussion = """
        Reads the usage ledgers test runs write (one file per test process in .build/cassette-usage
        of the package; $CASSETTE_USAGE_LEDGER or --ledger names another folder), and removes from
        each cassette (PATH: files, or directories searched recursively for *.json; default:
        Cassettes) the interactions no run served. Reports cassettes no test opened, without
        deleting them. A cassette whose interaction count differs from the last run's is skipped
        with a warning: it changed since. Files are rewritten atomically in canonical form.

        Refuses (exit 1) when there is no ledger, or when the newest one comes from a run that
        selected tests (--filter, --skip): run the full `swift test` first.
        """

    static let dryRun = CommandOption.flag("--dry-run", help: "Show what would be removed; change nothing.")
    static let force = CommandOption.flag("--force", help: "Prune even after a filtered run.")
    static let ledger = CommandOption.value("--ledger", valueName: "dir", help: "The ledger folder.")
    static let options = [dryRun, force, ledger]
    static let arguments = [CommandArgument.optionalPaths]

    static func run(_ parsed: ParsedArguments, in context: CommandContext) throws(UsageError) -> ExitStatus {
        let dryRun = parsed.isSet(Self.dryRun)
        let source: LedgerSource
        do throws(PruneRefusal) {
            source = try LedgerSource(option: parsed.value(of: Self.ledger), in: context)
            try check(source, force: parsed.isSet(Self.force))
        } catch {
            context.console.error("error: \(error.message)")
            return .failure
        }
        let files = try CassetteFiles(parsed.positional, relativeTo: context.currentDirectory)
        var removed = 0
        var prunedFiles = 0
        var failed = false
        for file in files.files {
            switch prune(file, source: source, dryRun: dryRun, console: context.console) {
            case .removed(let count):
                removed += count
                prunedFiles += 1
            case .kept: break
            case .failed: failed = true
            }
        }
        let total = "\(files.files.count) \(files.files.count == 1 ? "cassette" : "cassettes")"
        if removed == 0 {
            context.console.error("nothing to prune in \(total)")
        } else {
            let interactions = removed == 1 ? "interaction" : "interactions"
            context.console.error(
                "\(dryRun ? "would remove" : "removed") \(removed) \(interactions) from \(prunedFiles) of \(total)")
        }
        return failed ? .failure : .success
    }

    /// Refuses to prune without a ledger, or after a run that selected tests unless forced.
    static func check(_ source: LedgerSource, force: Bool) throws(PruneRefusal) {
        guard let newest = source.ledgers.last else {
            throw PruneRefusal(
                "no usage ledger in \(source.directory.path); run the full test suite first (swift test, without "
                    + "--filter or --skip) so prune knows which interactions the tests use")
        }
        if newest.ledger.filtered && !force {
            throw PruneRefusal(
                "the newest usage ledger, \(newest.file.lastPathComponent), comes from a run that selected tests ("
                    + newest.ledger.arguments.joined(separator: " ")
                    + "), so other tests' interactions look unused; run the full swift test first, "
                    + "or pass --force to prune anyway")
        }
    }

    enum Outcome {
        case removed(Int)
        case kept
        case failed
    }

    static func prune(_ file: CassetteFiles.File, source: LedgerSource, dryRun: Bool, console: Console) -> Outcome {
        let key = UsageLedger.key(for: file.url, packageRoot: source.packageRoot)
        let entries = source.ledgers.compactMap { $0.ledger.cassettes[key] }
        guard let latest = entries.last else {
            console.out(
                "\(file.path): no test opened this cassette in the recorded runs; delete it if no test needs it")
            return .kept
        }
        let document: CassetteDocument
        do throws(CassetteReadError) {
            document = try file.decode().document
        } catch {
            console.error("\(error.description); the file was left unchanged")
            return .failed
        }
        let count = document.interactions.count
        guard latest.interactionCount == count else {
            console.error(
                "warning: \(file.path): skipped: it holds \(count) interactions but the last test run saw "
                    + "\(latest.interactionCount), so it changed since; run swift test again before pruning")
            return .kept
        }
        // Older runs of the same file contribute what they served; runs of an older version do not.
        let used = Set(entries.filter { $0.interactionCount == count }.flatMap(\.served))
        let unused = document.interactions.indices.filter { !used.contains($0) }
        guard !unused.isEmpty else { return .kept }
        console.out("\(file.path): \(dryRun ? "would remove" : "removed") \(unused.count) of \(count) interactions:")
        for index in unused {
            console.out("  " + InteractionSummary.line(index, document.interactions[index]))
        }
        guard !dryRun else { return .removed(unused.count) }
        let pruned = CassetteDocument(
            interactions: document.interactions.indices.filter(used.contains).map {
                document.interactions[$0]
            })
        do throws(AtomicWriteError) {
            try pruned.write(to: file.url)
        } catch {
            console.error(error.description)
            return .failed
        }
        return .removed(unused.count)
    }
}
