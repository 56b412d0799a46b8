import CassetteCore
import Foundation
import Testing

@Suite struct UsageLedgerPathTests {
    @Test func findsTheNearestPackageRootAndKeysCassettesRelativeToIt() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ledger-paths-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let cassettes = root.appendingPathComponent("Cassettes/Users")
        try FileManager.default.createDirectory(at: cassettes, withIntermediateDirectories: true)
        try Data().write(to: root.appendingPathComponent("Package.swift"))

        let found = try #require(PackageRoot.containing(cassettes))
        #expect(found.path == root.standardizedFileURL.path)
        let file = cassettes.appendingPathComponent("Fetch.json")
        #expect(UsageLedger.key(for: file, packageRoot: found) == "Cassettes/Users/Fetch.json")
        #expect(
            UsageLedger.key(for: URL(fileURLWithPath: "/elsewhere/A.json"), packageRoot: found) == "/elsewhere/A.json")
    }

    @Test func noPackageRootOutsideAPackage() {
        #expect(PackageRoot.containing(URL(fileURLWithPath: "/")) == nil)
    }
}
