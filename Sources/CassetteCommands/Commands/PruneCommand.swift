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
        Cassettes) the interactions the newest complete test run did not serve. Only what that run
        saw of the cassette's current content counts: a cassette that changed since (re-recorded,
        edited, pruned) is skipped with a warning until the next full run. Reports cassettes the
        run did not open, and deletes them with --delete-unused-files. A cassette of a test that
        failed in that run (it threw, an expectation failed, replay missed) is kept whole, with a
        warning naming the test: a failing test may have stopped before making its requests. Files
        are rewritten atomically in canonical form.

        Refuses (exit 1) when there is no ledger, or when the newest one comes from a run that
        selected tests (--filter, --skip): run the full `swift test` first.

        """

    static let dryRun = CommandOption.flag("--dry-run", help: "Show what would be removed; change nothing.")
    static let force = CommandOption.flag("--force", help: "Prune even after a filtered run.")
    static let ledger = CommandOption.value("--ledger", valueName: "dir", help: "The ledger folder.")
    static let deleteUnusedFiles = CommandOption.flag(
        "--delete-unused-files", help: "Delete the cassette files the run did not open.")
    static let options = [dryRun, force, deleteUnusedFiles, ledger]
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
        let run = source.newestRun(includingFiltered: parsed.isSet(Self.force))
        let deletes = parsed.isSet(Self.deleteUnusedFiles)
        var deleted = 0
        for file in files.files {
            switch prune(file, run: run, source: source, dryRun: dryRun, deletes: deletes, console: context.console) {
            case .removed(let count):
                removed += count
                prunedFiles += 1
            case .kept: break
            case .deleted: deleted += 1
            case .failed: failed = true
            }
        }
        let total = "\(files.files.count) \(files.files.count == 1 ? "cassette" : "cassettes")"
        var summary: String
        if removed == 0 {
            summary = "nothing to prune in \(total)"
        } else {
            let interactions = removed == 1 ? "interaction" : "interactions"
            summary =
                "\(dryRun ? "would remove" : "removed") \(removed) \(interactions) from \(prunedFiles) of \(total)"
        }
        if deleted > 0 {
            summary += "; \(dryRun ? "would delete" : "deleted") \(deleted) unused \(deleted == 1 ? "file" : "files")"
        }
        context.console.error(summary)
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
        case deleted
        case failed
    }

    static func prune(
        _ file: CassetteFiles.File, run: [UsageLedger], source: LedgerSource, dryRun: Bool, deletes: Bool,
        console: Console
    ) -> Outcome {
        let key = UsageLedger.key(for: file.url, packageRoot: source.packageRoot)
        let entries = run.compactMap { $0.cassettes[key] }
        guard !entries.isEmpty else {
            guard deletes else {
                console.out(
                    "\(file.path): the newest test run did not open this cassette; delete it if no test needs it "
                        + "(--delete-unused-files deletes such files)")
                return .kept
            }
            if !dryRun {
                do {
                    try FileManager.default.removeItem(at: file.url)
                } catch {
                    console.error("\(file.path): error: cannot delete it: \(error.localizedDescription)")
                    return .failed
                }
            }
            console.out("\(file.path): \(dryRun ? "would delete" : "deleted") it: the newest test run did not open it")
            return .deleted
        }
        // A failing test may have stopped before its requests: what it served is no evidence of disuse.
        if entries.contains(where: \.failed) {
            let tests = Set(entries.flatMap(\.failedTests)).sorted()
            let who: String
            switch tests.count {
            case 0: who = "a test that uses it failed in the newest test run"
            case 1:
                who = "the test that uses it failed in the newest test run (--filter \(ShellQuoting.quoted(tests[0])))"
            default:
                who =
                    "tests that use it failed in the newest test run (--filter "
                    + ShellQuoting.quoted(tests.joined(separator: "|")) + ")"
            }
            console.error(
                "warning: \(file.path): kept whole: \(who), and a failing test may stop before making its requests, "
                    + "so what that run served says nothing of what the cassette needs; make the tests pass and run "
                    + "the full swift test again before pruning")
            return .kept
        }
        let data: Data
        let document: CassetteDocument
        do throws(CassetteReadError) {
            (data, document) = try file.decode()
        } catch {
            console.error("\(error.description); the file was left unchanged")
            return .failed
        }
        // Usage counts only for the content it was seen with.
        let hash = SHA256.hexDigest(data)
        let current = entries.filter { $0.contentHash == hash }
        guard !current.isEmpty else {
            console.error(
                "warning: \(file.path): skipped: it changed since the newest test run used it (re-recorded, edited "
                    + "or pruned), so what that run served says nothing of it now; run the full swift test again "
                    + "before pruning")
            return .kept
        }
        let count = document.interactions.count
        let used = Set(current.flatMap(\.served))
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
