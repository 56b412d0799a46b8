import CassetteCommands
import CassetteCore
import CassetteTestSupport
import Foundation
import Testing

/// `cassette serve`'s command line: parsed and checked here, run by the CassetteServe target the
/// executable hands in.
@Suite struct ServeCommandTests {
    /// Runs the command line with a serve implementation that records what it was given.
    func run(_ arguments: [String], environment: [String: String] = [:]) -> (CommandRun, ServeInvocation?) {
        let given = Locked<ServeInvocation?>(nil)
        let output = Locked("")
        let errors = Locked("")
        var context = CommandContext(
            console: Console(
                output: { text in output.withLock { $0 += text } }, error: { text in errors.withLock { $0 += text } }),
            environment: environment, currentDirectory: URL(fileURLWithPath: "/work/project"))
        context.serve = { invocation, _ in
            given.withLock { $0 = invocation }
            return .success
        }
        let status = CassetteCommandLine.run(arguments, in: context)
        return (
            CommandRun(status: status.rawValue, stdout: output.withLock { $0 }, stderr: errors.withLock { $0 }),
            given.withLock { $0 }
        )
    }

    @Test func theOptionsReachTheImplementationChecked() {
        let (run, invocation) = run([
            "serve", "Cassettes/API.json", "--upstream", "https://api.example.com/v2/", "--mode", "newEpisodes",
            "--port", "8080", "--host", "::1", "--fail-on-miss", "--repeat-last",
        ])
        #expect(run.status == 0)
        #expect(
            invocation
                == ServeInvocation(
                    path: URL(fileURLWithPath: "/work/project/Cassettes/API.json"), displayPath: "Cassettes/API.json",
                    upstream: "https://api.example.com/v2", mode: "newEpisodes", host: "::1", port: 8080,
                    failOnMiss: true, repeatsLast: true))
    }

    @Test func theDefaultsAreAFreePortOnLoopbackAndTheModeFromTheEnvironment() {
        let (_, invocation) = run(["serve", "API.json"])
        #expect(invocation?.port == 0 && invocation?.host == "127.0.0.1" && invocation?.mode == nil)
        #expect(invocation?.upstream == nil && invocation?.failOnMiss == false && invocation?.repeatsLast == false)
    }

    @Test(arguments: [
        (["serve"], "error: missing expected argument 'CASSETTE_FILE'"),
        (
            ["serve", "a.json", "--port", "70000"],
            "error: invalid port '70000'; a port is 0...65535 (0 picks a free one)"
        ),
        (["serve", "a.json", "--port", "http"], "error: invalid port 'http'"),
        (["serve", "a.json", "--upstream", "api.example.com"], "error: invalid upstream 'api.example.com'"),
        (["serve", "a.json", "--upstream", "https://a.example/?x=1"], "a base URL has no query or fragment"),
        (["serve", "a.json", "--mode", "recrod"], "error: unknown mode 'recrod'; valid modes are replay, record"),
        (["serve", "a.json", "b.json"], "error: unexpected argument 'b.json'"),
    ])
    func badCommandLinesAreUsageErrors(arguments: [String], message: String) {
        let (run, invocation) = run(arguments)
        #expect(run.status == 64)
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(run.stderr.contains("Usage: cassette serve"))
        #expect(invocation == nil)
    }

    @Test func theHelpComesFromTheDeclaration() {
        let (run, _) = run(["help", "serve"])
        #expect(run.status == 0)
        #expect(
            run.stdout.contains(
                "USAGE: cassette serve [--upstream URL] [--mode replay|record|once|newEpisodes|verify] [--port N] "
                    + "[--host ADDRESS] [--fail-on-miss] [--repeat-last] CASSETTE_FILE"))
        for word in [
            "--upstream", "newEpisodes", "599", "Cassette-Name", "SIGTERM", "listening on http://127.0.0.1:PORT",
        ] {
            #expect(run.stdout.contains(word), "\(word)")
        }
        let (overview, _) = self.run(["--help"])
        #expect(overview.stdout.contains("serve"))
    }

    @Test func withoutAnImplementationServeSaysSo() {
        let context = CommandContext(
            console: Console(output: { _ in }, error: { _ in }), environment: [:],
            currentDirectory: URL(fileURLWithPath: "/"))
        #expect(CassetteCommandLine.run(["serve", "a.json"], in: context) == .failure)
    }
}
