import Cassette
import CassetteTestSupport
import Foundation
import Testing

/// Cassette names stay inside the package's `Cassettes/` folder.
@Suite struct CassetteNameTests {
    @Test(arguments: [
        ("../../escaped/Evil", "has a \"..\" segment"), ("Users/../../Evil", "has a \"..\" segment"),
        ("..", "has a \"..\" segment"), ("/tmp/Evil", "is an absolute path"), ("", "is empty"),
    ])
    func aNameThatLeavesTheCassettesFolderIsRefused(name template: String, reason: String) throws {
        let package = try ScratchPackage()
        // A folder of its own above the package, so that what another run left there cannot count.
        let escaped = "escaped-\(UUID().uuidString)"
        let name = template.replacingOccurrences(of: "escaped", with: escaped)
        #expect {
            try Cassette(
                named: name, mode: .record, options: testOptions(), filePath: package.url("Tests/T.swift").path)
        } throws: { error in
            guard case .invalidName(let refused, let why) = error as? CassetteError else { return false }
            return refused == name && why == reason
                && "\(error)".hasPrefix("error: cassette name \"\(name)\" \(reason), so it would be written outside")
        }
        // Nothing was created above the package.
        #expect(
            !FileManager.default.fileExists(
                atPath: package.root.deletingLastPathComponent().appendingPathComponent(escaped).path))
    }

    @Test func namesWithFoldersAndDotsInsideStayAllowed() throws {
        let package = try ScratchPackage()
        for name in ["Users/Create", "v1.2/List", "a..b", ".hidden/K"] {
            let url = try Cassette.fileURL(named: name, filePath: package.url("Tests/T.swift").path)
            #expect(url.path.hasPrefix(package.url("Cassettes").path + "/"))
        }
    }
}
