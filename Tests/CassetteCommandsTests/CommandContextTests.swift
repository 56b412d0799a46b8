import CassetteCommands
import CassetteCore
import CassetteTestSupport
import Foundation
import Testing

/// Commands read paths, the environment and the working directory from their context, never from
/// the test process, so tests run them in parallel.
@Suite struct CommandContextTests {
    @Test func relativePathsResolveInTheContextDirectory() throws {
        let scratch = try ScratchPackage()
        try scratch.write("Sub/Cassettes/A.json", Fixtures.cleanCassette)
        let context = CommandContext(
            console: Console(output: { _ in }, error: { _ in }), environment: [:],
            currentDirectory: scratch.url("Sub"))
        #expect(context.currentDirectory.hasDirectoryPath)
        #expect(context.url(forPath: "Cassettes/A.json").path == scratch.url("Sub/Cassettes/A.json").path)
        #expect(context.url(forPath: "/etc/hosts").path == "/etc/hosts")
        #expect(
            CommandRun(inProcess: ["show", "Cassettes/A.json", "./Cassettes"], in: scratch.url("Sub")).stdout
                .hasPrefix("Cassettes/A.json: 3 interactions\n"))
    }

    @Test func theEnvironmentIsTheContextsOnly() throws {
        let scratch = try ScratchPackage()
        try scratch.write("Cassettes/Users.json", Fixtures.cleanCassette)
        let ledger = UsageLedger(
            filtered: false, arguments: [], cassettes: ["Cassettes/Users.json": Fixtures.usage([0])]
        )
        try scratch.write("elsewhere/run-20260101T000000-1.json", ledger.encoded())
        let dryRun = scratch.run("prune", "--dry-run", environment: ["CASSETTE_USAGE_LEDGER": "elsewhere"])
        #expect(dryRun.stderr == "would remove 2 interactions from 1 of 1 cassette\n")
        #expect(
            scratch.run("prune", environment: ["CASSETTE_USAGE_LEDGER": "off"]).stderr.hasPrefix(
                "error: no usage ledger in \(scratch.url(".build/cassette-usage").path);"))
    }
}
