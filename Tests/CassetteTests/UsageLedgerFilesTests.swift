import Cassette
import CassetteCore
import CassetteTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The ledger folder does not fill up: a test process that writes its ledger removes the ones
/// `cassette prune` no longer needs, and keeps what it does need.
@Suite struct UsageLedgerFilesTests {
    func ledger(filtered: Bool, run: String) -> Data {
        UsageLedger(
            filtered: filtered, arguments: ["xctest"], run: run,
            cassettes: ["Cassettes/Users.json": Fixtures.usage([0], of: Fixtures.cleanCassette)]
        ).encoded()
    }

    @Test func writingALedgerRemovesTheOnesPruneNoLongerNeeds() async throws {
        let package = try ScratchPackage()
        try package.write("Cassettes/Users.json", Fixtures.cleanCassette)
        let folder = ".build/cassette-usage/"
        // Two older complete runs (the second of two processes), and a filtered run since.
        try package.write(folder + "run-20200101T000000-11.json", ledger(filtered: false, run: "1-1"))
        try package.write(folder + "run-20200102T000000-21.json", ledger(filtered: false, run: "2-2"))
        try package.write(folder + "run-20200102T000001-22.json", ledger(filtered: false, run: "2-2"))
        try package.write(folder + "run-20200103T000000-31.json", ledger(filtered: true, run: "3-3"))
        try package.write(folder + "notes.txt", "not a ledger")
        let options = Cassette.Options(environment: [UsageLedger.environmentVariable: package.url(folder).path])
        let cassette = try Cassette(fileURL: package.url("Cassettes/Users.json"), mode: .replay, options: options)
        _ = try await cassette.session()
            .data(for: URLRequest(url: URL(string: "https://api.example.com/v1/users/1")!))
        try await cassette.finish()
        let names = try FileManager.default.contentsOfDirectory(atPath: package.url(folder).path).sorted()
        // The newest complete run stays (both its processes), with this process's own ledger.
        #expect(names.count == 4, "\(names)")
        #expect(Array(names.prefix(2)) == ["notes.txt", "run-20200102T000000-21.json"], "\(names)")
        #expect(names[2] == "run-20200102T000001-22.json")
        #expect(names[3].hasPrefix("run-") && names[3] > "run-2021", "\(names)")
    }
}
