import CassetteCore
import CassetteTestSupport
import Foundation
import Testing

/// `cassette prune` against ledgers written the way test runs write them.
@Suite struct PruneCommandTests {
    static let full = ["/repo/.build/debug/CassettePackageTests.xctest"]

    func writeLedger(
        _ scratch: ScratchPackage, _ name: String = "run-20260101T000000-1.json", filtered: Bool = false,
        arguments: [String] = full, run: String? = "1-100", cassettes: [String: UsageLedger.CassetteUsage]
    ) throws {
        let ledger = UsageLedger(filtered: filtered, arguments: arguments, run: run, cassettes: cassettes)
        try scratch.write(".build/cassette-usage/\(name)", ledger.encoded())
    }

    func used(_ served: [Int], of document: CassetteDocument = Fixtures.cleanCassette) -> UsageLedger.CassetteUsage {
        Fixtures.usage(served, of: document)
    }

    @Test func removesWhatNoTestServedAndTheRestStillReads() throws {
        let scratch = try ScratchPackage()
        try scratch.write("Cassettes/Users.json", Fixtures.cleanCassette)
        try scratch.write("Cassettes/Unused.json", Fixtures.cleanCassette)
        // A replay that used interactions 0 and 2 of Users.json.
        try writeLedger(scratch, cassettes: ["Cassettes/Users.json": used([0, 2])])

        let dryRun = scratch.run("prune", "--dry-run")
        #expect(
            dryRun
                == CommandRun(
                    status: 0,
                    stdout: """
                        Cassettes/Unused.json: the newest test run did not open this cassette; delete it if no test needs it (--delete-unused-files deletes such files)
                        Cassettes/Users.json: would remove 1 of 3 interactions:
                          [1] GET https://api.example.com/v1/users/2 → 200; request: no body; response: json, 23 bytes

                        """,
                    stderr: "would remove 1 interaction from 1 of 2 cassettes\n"))
        #expect(try CassetteDocument.read(from: scratch.url("Cassettes/Users.json")) == Fixtures.cleanCassette)

        let run = scratch.run("prune")
        #expect(run.status == 0)
        #expect(run.stdout == dryRun.stdout.replacingOccurrences(of: "would remove", with: "removed"))
        #expect(run.stderr == "removed 1 interaction from 1 of 2 cassettes\n")
        let pruned = try CassetteDocument.read(from: scratch.url("Cassettes/Users.json"))
        #expect(
            pruned.interactions == [Fixtures.cleanCassette.interactions[0], Fixtures.cleanCassette.interactions[2]])
        #expect(try Data(contentsOf: scratch.url("Cassettes/Users.json")) == pruned.encoded())
        #expect(try CassetteDocument.read(from: scratch.url("Cassettes/Unused.json")) == Fixtures.cleanCassette)
        #expect(scratch.run("lint") == CommandRun(status: 0, stderr: "2 cassettes, no problems\n"))
    }

    @Test func unionsServedOverTheProcessesOfTheNewestRunOnly() throws {
        let scratch = try ScratchPackage()
        try scratch.write("Cassettes/Users.json", Fixtures.cleanCassette)
        // An older run used everything; the newest run's two processes used 0 and 1 between them.
        try writeLedger(
            scratch, "run-20260101T000000-1.json", run: "7-1", cassettes: ["Cassettes/Users.json": used([0, 1, 2])])
        try writeLedger(
            scratch, "run-20260102T000000-2.json", run: "9-5", cassettes: ["Cassettes/Users.json": used([0])])
        try writeLedger(
            scratch, "run-20260102T000001-3.json", run: "9-5", cassettes: ["Cassettes/Users.json": used([1])])
        let run = scratch.run("prune", "--dry-run")
        #expect(run.stdout.contains("Cassettes/Users.json: would remove 1 of 3 interactions:\n  [2] DELETE"), "\(run)")
    }

    @Test func refusesWithoutALedger() throws {
        let scratch = try ScratchPackage()
        try scratch.write("Cassettes/Users.json", Fixtures.cleanCassette)
        let ledgers = scratch.url(".build/cassette-usage").path
        #expect(
            scratch.run("prune")
                == CommandRun(
                    status: 1,
                    stderr: "error: no usage ledger in \(ledgers); run the full test suite first (swift test, without "
                        + "--filter or --skip) so prune knows which interactions the tests use\n"))
    }

    @Test func refusesAfterAFilteredRunUnlessForced() throws {
        let scratch = try ScratchPackage()
        try scratch.write("Cassettes/Users.json", Fixtures.cleanCassette)
        try writeLedger(
            scratch, filtered: true, arguments: Self.full + ["--filter", "UserTests"],
            cassettes: ["Cassettes/Users.json": used([0])])
        #expect(
            scratch.run("prune")
                == CommandRun(
                    status: 1,
                    stderr:
                        "error: the newest usage ledger, run-20260101T000000-1.json, comes from a run that selected "
                        + "tests (/repo/.build/debug/CassettePackageTests.xctest --filter UserTests), so other tests' "
                        + "interactions look unused; run the full swift test first, or pass --force to prune anyway\n"))
        let forced = scratch.run("prune", "--force")
        #expect(forced.status == 0)
        #expect(forced.stderr == "removed 2 interactions from 1 of 1 cassette\n")
    }

    @Test func skipsCassettesThatChangedSinceTheRun() throws {
        let scratch = try ScratchPackage()
        try scratch.write("Cassettes/Users.json", Fixtures.cleanCassette)
        // The run saw other content: one header different, the same number of interactions.
        var edited = Fixtures.cleanCassette
        edited.interactions[0].request.headers = [HTTPHeader("Accept", "text/html")]
        try writeLedger(scratch, cassettes: ["Cassettes/Users.json": used([0], of: edited)])
        #expect(
            scratch.run("prune")
                == CommandRun(
                    status: 0,
                    stderr:
                        "warning: Cassettes/Users.json: skipped: it changed since the newest test run used it "
                        + "(re-recorded, edited or pruned), so what that run served says nothing of it now; run the "
                        + "full swift test again before pruning\nnothing to prune in 1 cassette\n"))
        #expect(try CassetteDocument.read(from: scratch.url("Cassettes/Users.json")) == Fixtures.cleanCassette)
    }

    @Test func ledgerFolderFromTheEnvironmentOrOption() throws {
        let scratch = try ScratchPackage()
        try scratch.write("Cassettes/Users.json", Fixtures.cleanCassette)
        let ledger = UsageLedger(
            filtered: false, arguments: Self.full,
            cassettes: ["Cassettes/Users.json": used([0, 1, 2])])
        try scratch.write("ledgers/run-20260101T000000-9.json", ledger.encoded())
        let expected = CommandRun(status: 0, stderr: "nothing to prune in 1 cassette\n")
        #expect(scratch.run("prune", "--ledger", "ledgers") == expected)
        #expect(
            scratch.run("prune", environment: ["CASSETTE_USAGE_LEDGER": scratch.url("ledgers").path]) == expected)
    }

    @Test func deleteUnusedFilesDeletesTheCassettesTheRunDidNotOpen() throws {
        let scratch = try ScratchPackage()
        try scratch.write("Cassettes/Users.json", Fixtures.cleanCassette)
        try scratch.write("Cassettes/Old/Unused.json", Fixtures.cleanCassette)
        try writeLedger(scratch, cassettes: ["Cassettes/Users.json": used([0, 1, 2])])
        let dryRun = scratch.run("prune", "--delete-unused-files", "--dry-run")
        #expect(dryRun.stdout == "Cassettes/Old/Unused.json: would delete it: the newest test run did not open it\n")
        #expect(FileManager.default.fileExists(atPath: scratch.url("Cassettes/Old/Unused.json").path))
        let run = scratch.run("prune", "--delete-unused-files")
        #expect(
            run
                == CommandRun(
                    status: 0, stdout: "Cassettes/Old/Unused.json: deleted it: the newest test run did not open it\n",
                    stderr: "nothing to prune in 2 cassettes; deleted 1 unused file\n"))
        #expect(!FileManager.default.fileExists(atPath: scratch.url("Cassettes/Old/Unused.json").path))
        #expect(FileManager.default.fileExists(atPath: scratch.url("Cassettes/Users.json").path))
    }
}
