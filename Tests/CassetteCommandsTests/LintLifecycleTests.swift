import CassetteCommands
import CassetteCore
import CassetteTestSupport
import Foundation
import Testing

/// `cassette lint` on cassettes over time: stale interactions, and match rules that match nothing
/// or make two recorded requests one.
@Suite struct LintLifecycleTests {
    static let json = [Fixtures.jsonContentType]

    func interaction(_ url: String, recorded: String?, body: String? = nil) -> Interaction {
        var interaction = Fixtures.interaction(
            url, method: body == nil ? "GET" : "POST", headers: body == nil ? [] : Self.json, requestBody: body,
            body: "{}")
        interaction.recorded = recorded
        return interaction
    }

    static func day(_ daysAgo: Int) -> String {
        RecordingDay.string(for: Date().addingTimeInterval(-Double(daysAgo) * 86_400))
    }

    @Test func maxAgeFlagsAnInteractionRecordedLongAgoAndPassesAFreshOne() throws {
        let scratch = try ScratchPackage()
        let old = Self.day(400)
        try scratch.write(
            "Cassettes/A.json",
            CassetteDocument(interactions: [
                interaction("https://api.example.com/v1/old?page=1", recorded: old),
                interaction("https://api.example.com/v1/fresh", recorded: Self.day(3)),
                interaction("https://api.example.com/v1/undated", recorded: nil),
            ]))
        let run = scratch.run("lint", "--max-age", "90")
        #expect(run.status == 1)
        #expect(
            run.stdout
                == "Cassettes/A.json:4:19: error: interaction 0 (GET https://api.example.com/v1/old?page=1) was "
                + "recorded on \(old), 400 days ago, more than the maximum age of 90 days; fix: re-record it with "
                + "CASSETTE_RERECORD='GET */v1/old*' swift test --filter <the test that uses Cassettes/A.json> [stale]\n"
        )
        #expect(scratch.run("lint", "--max-age", "500").status == 0)
        #expect(scratch.run("lint").status == 0)
    }

    /// The usage ledger knows which test uses a cassette: the stale fix names it.
    @Test func theStaleFixNamesTheTestThatUsesTheCassette() throws {
        let scratch = try ScratchPackage()
        let document = CassetteDocument(interactions: [
            interaction("https://api.example.com/v1/old", recorded: Self.day(400))
        ])
        try scratch.write("Cassettes/A.json", document)
        var usage = Fixtures.usage([0], of: document)
        usage.tests = [#"^OrdersTests\.OrderTests/createsOrder\(\)"#]
        let ledger = UsageLedger(
            filtered: false, arguments: ["xctest"], run: "1-1", cassettes: ["Cassettes/A.json": usage])
        try scratch.write(".build/cassette-usage/run-20260101T000000-1.json", ledger.encoded())
        let run = scratch.run("lint", "--max-age", "90")
        #expect(run.status == 1)
        #expect(
            run.stdout.hasSuffix(
                #"fix: re-record it with CASSETTE_RERECORD='GET */v1/old*' swift test --filter "#
                    + #"'^OrdersTests\.OrderTests/createsOrder\(\)' [stale]"# + "\n"), "\(run.stdout)")
    }

    @Test func theProjectsMaxAgeAppliesWhenTheOptionIsNotGiven() throws {
        let scratch = try ScratchPackage()
        try scratch.write(".cassette.json", #"{"maxAge": 30}"#)
        try scratch.write(
            "Cassettes/A.json",
            CassetteDocument(interactions: [interaction("https://api.example.com/v1/x", recorded: Self.day(45))]))
        let run = scratch.run("lint")
        #expect(run.status == 1)
        #expect(run.stdout.contains("more than the maximum age of 30 days"))
        #expect(run.stdout.hasSuffix("[stale]\n"))
    }

    @Test(arguments: ["0", "-3", "ten"])
    func aBadMaxAgeIsAUsageError(value: String) throws {
        let scratch = try ScratchPackage()
        let run = scratch.run("lint", "--max-age", value)
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("error: invalid value '\(value)' for '--max-age'"))
    }

    @Test func matchRulesThatMatchNothingAreWarnedAboutInTheConfigurationFile() throws {
        let scratch = try ScratchPackage()
        try scratch.write(
            ".cassette.json",
            """
            {"match": {
              "ignoreBodyPaths": ["$.clientTimestamp", "$.clientTimestmp"],
              "ignoreQueryItems": ["_", "cachebuster"],
              "headers": ["X-Tenant"],
              "echo": [{"request": "$.requestId", "response": "$.requestId"}]
            }}
            """)
        try scratch.write(
            "Cassettes/A.json",
            CassetteDocument(interactions: [
                interaction(
                    "https://api.example.com/v1/orders?_=1", recorded: nil,
                    body: #"{"clientTimestamp":"2026-12-01T00:00:00Z"}"#)
            ]))
        let run = scratch.run("lint")
        // Warnings alone do not fail the commit.
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(run.stdout)")
        #expect(
            lines.contains(
                ".cassette.json:2:44: warning: the rule ignoreBodyPaths \"$.clientTimestmp\" matches no request body "
                    + "in the 1 cassette it covers; fix: correct the path or remove the rule [match]"))
        #expect(lines.contains { $0.contains("ignoreQueryItems \"cachebuster\" matches no query item") })
        #expect(lines.contains { $0.contains("the rule headers \"X-Tenant\" names a header no recorded request has") })
        #expect(
            lines.contains { $0.contains("the echo rule from \"$.requestId\" to \"$.requestId\" finds its two places") }
        )
        #expect(run.stderr == "1 cassette, no problems; 4 warnings\n")
    }

    /// A rule that matches a cassette not named on the command line still matches: a rule is judged
    /// against every cassette its configuration covers.
    @Test func aRuleIsJudgedAgainstEveryCassetteItCoversNotOnlyTheLintedOnes() throws {
        let scratch = try ScratchPackage()
        try scratch.write(".cassette.json", #"{"match": {"ignoreQueryItems": ["page", "nowhere"]}}"#)
        try scratch.write(
            "Cassettes/Paged.json",
            CassetteDocument(interactions: [interaction("https://api.example.com/v1/feed?page=2", recorded: nil)]))
        try scratch.write(
            "Cassettes/Users.json",
            CassetteDocument(interactions: [interaction("https://api.example.com/v1/users", recorded: nil)]))
        // Not a cassette, and a cassette of a nested package the configuration does not cover.
        try scratch.write("Sources/App/settings.json", #"{"page": 1}"#)
        try scratch.write("Nested/Package.swift", "")
        try scratch.write(
            "Nested/Cassettes/Nested.json",
            CassetteDocument(interactions: [interaction("https://api.example.com/v1/x?nowhere=1", recorded: nil)]))
        let run = scratch.run("lint", "Cassettes/Users.json")
        #expect(run.status == 0)
        #expect(!run.stdout.contains(#"ignoreQueryItems "page""#), "\(run.stdout)")
        #expect(
            run.stdout.contains(
                #".cassette.json:1:41: warning: the rule ignoreQueryItems "nowhere" matches no query item in the 2 "#
                    + "cassettes it covers"), "\(run.stdout)")
    }

    /// A `.cassette.json` named on the command line is checked as a configuration, not as a cassette.
    @Test func aConfigurationFileIsLintedAsAConfiguration() throws {
        let scratch = try ScratchPackage()
        try scratch.write("Cassettes/.cassette.json", #"{"match": {"ignoreQueryItems": ["page"]}}"#)
        try scratch.write(
            "Cassettes/Paged.json",
            CassetteDocument(interactions: [interaction("https://api.example.com/v1/feed?page=2", recorded: nil)]))
        #expect(
            scratch.run("lint", "Cassettes/.cassette.json")
                == CommandRun(status: 0, stderr: "1 cassette, no problems\n"))
        try scratch.write(".cassette.json", #"{"match": {"ignoreQueryItems": ["page"]}, "scrubb": {}}"#)
        let broken = scratch.run("lint", ".cassette.json")
        #expect(broken.status == 1)
        #expect(broken.stdout.hasPrefix(".cassette.json:1:43: error: "), "\(broken)")
        #expect(broken.stdout.hasSuffix("; fix: correct the file [config]\n"), "\(broken)")
        #expect(!broken.stdout.contains("version"), "\(broken)")
    }

    @Test func aRuleThatMakesTwoRecordedRequestsOneIsWarnedAbout() throws {
        let scratch = try ScratchPackage()
        try scratch.write(".cassette.json", #"{"match": {"ignoreBodyPaths": ["$.page"]}}"#)
        try scratch.write(
            "Cassettes/Pages.json",
            CassetteDocument(interactions: [
                interaction("https://api.example.com/v1/search", recorded: nil, body: #"{"page":1,"q":"a"}"#),
                interaction("https://api.example.com/v1/search", recorded: nil, body: #"{"page":2,"q":"a"}"#),
            ]))
        let run = scratch.run("lint")
        #expect(run.status == 0)
        #expect(
            run.stdout.contains(
                "warning: the match rules make interactions[0] and interactions[1] of Cassettes/Pages.json the same "
                    + "request (POST https://api.example.com/v1/search)"))
    }
}
