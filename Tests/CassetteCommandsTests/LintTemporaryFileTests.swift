import CassetteCore
import CassetteTestSupport
import Foundation
import Testing

/// `cassette lint` reports the temporary files a killed writer left beside the cassettes.
@Suite struct LintTemporaryFileTests {
    @Test func aStrayTemporaryFileIsAFindingWithItsRule() throws {
        let scratch = try ScratchPackage()
        try scratch.write("Cassettes/Users/K.json", CassetteDocument())
        try scratch.write("Cassettes/Users/.K.json.tmp-AbC123", "{\"interactions\":[")
        // Other hidden files and folders are not looked at.
        try scratch.write("Cassettes/.build/.L.json.tmp-zzzzzz", "x")
        try scratch.write("Cassettes/.DS_Store", "x")
        let run = scratch.run("lint")
        #expect(run.status == 1)
        #expect(
            run.stdout
                == "Cassettes/Users/.K.json.tmp-AbC123:1:1: error: stray temporary file (17 bytes) of an interrupted "
                + "cassette write, not a cassette; the next write of its cassette removes it; fix: rm "
                + "Cassettes/Users/.K.json.tmp-AbC123, and keep such files out of git with the line .*.tmp-* in "
                + ".gitignore [temporary]\n")
        #expect(run.stderr == "1 cassette, no problems; 1 stray temporary file\n")
    }

    @Test func aTemporaryFileNamedOnTheCommandLineIsReportedAsOne() throws {
        let scratch = try ScratchPackage()
        try scratch.write("Cassettes/.K.json.tmp-AbC123", "{")
        let run = scratch.run("lint", "Cassettes/.K.json.tmp-AbC123")
        #expect(run.status == 1)
        #expect(run.stdout.hasSuffix("[temporary]\n"))
    }
}
