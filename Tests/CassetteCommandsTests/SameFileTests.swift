import CassetteCore
import CassetteTestSupport
import Foundation
import Testing

/// `cassette export` and `cassette import` never write their output over their input, however the
/// two paths spell the one file.
@Suite struct SameFileTests {
    static let spellings: [(String, String)] = [
        ("A.json", "A.json"), ("A.json", "./A.json"), ("A.json", "Cassettes/../A.json"), ("A.json", "Link.json"),
        ("A.json", "Hard.json"),
    ]

    static func scratchWithInput(_ name: String, _ data: Data) throws -> ScratchPackage {
        let scratch = try ScratchPackage()
        try scratch.write(name, data)
        try FileManager.default.createSymbolicLink(atPath: scratch.url("Link.json").path, withDestinationPath: name)
        try FileManager.default.linkItem(at: scratch.url(name), to: scratch.url("Hard.json"))
        return scratch
    }

    @Test(arguments: spellings)
    func exportRefusesToWriteOverItsCassette(input: String, output: String) throws {
        let source = try ScratchPackage()
        try source.write("chrome.har", try Data(contentsOf: HARFixtures.url("chrome.har")))
        #expect(source.run("import", "chrome.har", "Cassettes/C.json").status == 0)
        let bytes = try Data(contentsOf: source.url("Cassettes/C.json"))
        let scratch = try Self.scratchWithInput(input, bytes)
        let run = scratch.run("export", input, output)
        #expect(run.status == 64)
        #expect(
            run.stderr.hasPrefix(
                "error: HAR_FILE '\(output)' is CASSETTE_FILE '\(input)'; writing it would replace the cassette with HAR"
            ))
        #expect(try Data(contentsOf: scratch.url(input)) == bytes)
    }

    @Test(arguments: spellings)
    func importRefusesToWriteOverItsCapture(input: String, output: String) throws {
        let har = try Data(contentsOf: HARFixtures.url("chrome.har"))
        let scratch = try Self.scratchWithInput(input, har)
        let run = scratch.run("import", input, output)
        #expect(run.status == 64)
        #expect(
            run.stderr.hasPrefix(
                "error: CASSETTE_FILE '\(output)' is HAR_FILE '\(input)'; writing it would replace the capture"))
        #expect(try Data(contentsOf: scratch.url(input)) == har)
    }

    @Test func differentFilesAreNotTheSame() throws {
        let scratch = try Self.scratchWithInput("chrome.har", try Data(contentsOf: HARFixtures.url("chrome.har")))
        #expect(!FileIdentity.isSameFile(scratch.url("chrome.har"), scratch.url("Cassettes/New.json")))
        #expect(scratch.run("import", "chrome.har", "Cassettes/New.json").status == 0)
    }
}
