import CassetteCore
import CassetteTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Messages say what is wrong with the file they name: a ledger is not a cassette, a FIFO is not a
/// file that cannot be read for lack of permission, and scrubbing says what it changed.
@Suite struct MisleadingMessageTests {
    @Test func aTruncatedUsageLedgerIsReportedAsALedgerThatIsSafeToDelete() throws {
        let scratch = try ScratchPackage()
        try scratch.write("Cassettes/K.json", CassetteDocument())
        let ledger = UsageLedger(filtered: false, arguments: [], run: "r", cassettes: [:]).encoded()
        try scratch.write(".build/cassette-usage/run-20260101T000000-1.json", ledger.prefix(ledger.count / 2))
        let run = scratch.run("prune", "--dry-run")
        #expect(run.status == 1)
        #expect(!run.stderr.contains("cassette is not valid JSON"), "\(run.stderr)")
        let path = scratch.url(".build/cassette-usage/run-20260101T000000-1.json").path
        #expect(run.stderr.hasPrefix("error: \(path):"), "\(run.stderr)")
        #expect(run.stderr.contains(": usage ledger is not valid JSON ("), "\(run.stderr)")
        #expect(run.stderr.contains("deleting it is safe"), "\(run.stderr)")
    }

    @Test func aFIFOIsNotARegularFileAndIsNotOpened() throws {
        let scratch = try ScratchPackage()
        let fifo = scratch.url("Cassettes/Pipe.json")
        try #require(mkfifo(fifo.path, 0o644) == 0)
        // Opening a FIFO for reading would wait for a writer: this returns only because it is not opened.
        let run = scratch.run("lint", "Cassettes/Pipe.json")
        #expect(run.status == 1)
        #expect(
            run.stdout
                == "Cassettes/Pipe.json:1:1: error: cannot read cassette: it is not a regular file but a FIFO (named "
                + "pipe) [format]\n")
        #expect(
            throws: CassetteReadError(
                path: fifo.path, reason: .unreadable("it is not a regular file but a FIFO (named pipe)"))
        ) { try CassetteDocument.read(from: fifo) }
    }

    @Test func scrubSaysItOnlyRewroteTheCanonicalFormWhenThatIsAllItDid() throws {
        let scratch = try ScratchPackage()
        try scratch.write("Cassettes/Compact.json", Fixtures.compactCleanCassette)
        try scratch.write("Cassettes/Token.json", Fixtures.tokenCassette)
        let run = scratch.run("scrub")
        #expect(run.stdout.contains("Cassettes/Compact.json: rewrote it in canonical form\n"))
        #expect(run.stdout.contains("Cassettes/Token.json: replaced 1 secret\n"))
    }
}
