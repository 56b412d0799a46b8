import CassetteCore
import CassetteTestSupport
import Foundation
import Testing

/// `cassette import` and `cassette export`, run in the test process: summaries, exit statuses, and
/// no output file when the input cannot be used.
@Suite struct ImportExportCommandTests {
    func copyFixture(_ name: String, to scratch: ScratchPackage) throws {
        try scratch.write(name, try Data(contentsOf: HARFixtures.url(name)))
    }

    @Test func importWritesTheCassetteAndSummarisesWhatItSkipped() throws {
        let scratch = try ScratchPackage()
        try copyFixture("chrome.har", to: scratch)
        let run = scratch.run("import", "chrome.har", "Cassettes/Chrome.json")
        #expect(
            run
                == CommandRun(
                    status: 0,
                    stderr: """
                        chrome.har: 4 interactions from 13 entries written to Cassettes/Chrome.json (2 entries merged \
                        as redirect hops)
                        skipped 7 entries: 1 without a response, 1 served from the browser's cache, 1 304 Not Modified \
                        (the body is in a cache, not in the file), 1 data: URL, 1 WebSocket, 1 CONNECT tunnel, 1 CORS \
                        preflight

                        """))
        #expect(scratch.run("lint", "Cassettes/Chrome.json").status == 0)
        #expect(!(try scratch.read("Cassettes/Chrome.json")).contains("chrome-session-cookie"))
    }

    /// Recording creates the folders a cassette's name has; import and export do too.
    @Test func importAndExportCreateTheFoldersOfTheirOutput() throws {
        let scratch = try ScratchPackage()
        try copyFixture("chrome.har", to: scratch)
        let imported = scratch.run("import", "chrome.har", "Cassettes/New/Sub/imported.json")
        #expect(imported.status == 0, "\(imported)")
        #expect(
            imported.stderr.hasPrefix(
                "chrome.har: 4 interactions from 13 entries written to Cassettes/New/Sub/imported.json"))
        #expect(scratch.run("lint", "Cassettes/New/Sub/imported.json").status == 0)
        let exported = scratch.run("export", "Cassettes/New/Sub/imported.json", "exports/2026/chrome.har")
        #expect(exported.status == 0, "\(exported)")
        #expect(FileManager.default.fileExists(atPath: scratch.url("exports/2026/chrome.har").path))
    }

    @Test func filtersAndAppendAreOptions() throws {
        let scratch = try ScratchPackage()
        try copyFixture("chrome.har", to: scratch)
        try copyFixture("firefox.har", to: scratch)
        let first = scratch.run(
            "import", "chrome.har", "Cassettes/Mixed.json", "--method", "GET", "--url-pattern", "https://api.*")
        #expect(first.status == 0)
        #expect(first.stderr.contains("chrome.har: 2 interactions from 13 entries written to Cassettes/Mixed.json\n"))
        #expect(first.stderr.contains("left out 2 requests not matching --method/--url-pattern\n"))
        let second = scratch.run("import", "firefox.har", "Cassettes/Mixed.json", "--append", "--url-pattern=/api/")
        #expect(second.status == 0)
        #expect(
            second.stderr.hasPrefix(
                "firefox.har: 3 interactions from 8 entries added to the 2 already in Cassettes/Mixed.json (1 entry merged as redirect hops)\n"
            ))
        let urls = try CassetteDocument.read(from: scratch.url("Cassettes/Mixed.json")).interactions.map(\.request.url)
        // The first import's interactions, then the second's.
        #expect(urls.prefix(2).allSatisfy { $0.hasPrefix("https://api.") }, "\(urls)")
        #expect(urls.count == 5)
    }

    @Test func exportThenImportGivesBackTheCassetteByteForByte() throws {
        let scratch = try ScratchPackage()
        let golden = HARFixtures.packageRoot.appendingPathComponent("Tests/CassetteModelTests/Golden/example.json")
        try scratch.write("Cassettes/Example.json", try Data(contentsOf: golden))
        #expect(
            scratch.run("export", "Cassettes/Example.json", "example.har")
                == CommandRun(
                    status: 0, stderr: "example.har: 7 HAR entries from 6 interactions of Cassettes/Example.json\n"))
        let exported = try scratch.read("example.har")
        #expect(scratch.run("export", "Cassettes/Example.json", "again.har").status == 0)
        #expect(try scratch.read("again.har") == exported)
        #expect(scratch.run("import", "example.har", "Cassettes/Back.json").status == 0)
        #expect(try scratch.read("Cassettes/Back.json") == scratch.read("Cassettes/Example.json"))
    }

    @Test func badInputExits1AndWritesNothing() throws {
        let scratch = try ScratchPackage()
        try scratch.write("truncated.har", #"{"log": {"version": "1.2", "entries": ["#)
        try scratch.write("package.json", #"{"name": "web"}"#)
        let cases: [([String], String)] = [
            (
                ["import", "truncated.har", "Cassettes/Out.json"],
                "truncated.har:1:40: error: HAR file is not valid JSON: unexpected end of file, expected a JSON value\n"
            ),
            (
                ["import", "package.json", "Cassettes/Out.json"],
                "package.json:1:1: error: not a HAR file: missing required key \"log\"\n"
            ),
            (
                ["import", "missing.har", "Cassettes/Out.json"],
                "missing.har: error: cannot read HAR file: no such file\n"
            ),
            (
                ["export", "Cassettes/Missing.json", "out.har"],
                "Cassettes/Missing.json: error: cannot read cassette: no such file; the cassette was left unchanged\n"
            ),
        ]
        for (arguments, stderr) in cases {
            #expect(CommandRun(inProcess: arguments, in: scratch.root) == CommandRun(status: 1, stderr: stderr))
        }
        #expect(!FileManager.default.fileExists(atPath: scratch.url("Cassettes/Out.json").path))
        #expect(!FileManager.default.fileExists(atPath: scratch.url("out.har").path))
    }

    @Test(arguments: ["import", "export"]) func helpDescribesTheCommand(_ command: String) throws {
        let scratch = try ScratchPackage()
        let help = scratch.run("help", command)
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE: cassette \(command) "))
        #expect(scratch.run(command, "--help") == help)
        #expect(scratch.run("--help").stdout.contains("\n  \(command) "))
    }
}
