import CassetteModel
import CassetteTestSupport
import Foundation
import Testing

@Suite struct UsageLedgerPathTests {
    @Test func findsTheNearestPackageRootAndKeysCassettesRelativeToIt() throws {
        let directory = try TemporaryDirectory()
        let root = directory.url
        let cassettes = root.appendingPathComponent("Cassettes/Users")
        try FileManager.default.createDirectory(at: cassettes, withIntermediateDirectories: true)
        try directory.write("Package.swift", "")

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
