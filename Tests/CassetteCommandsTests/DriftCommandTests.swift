import CassetteCommands
import CassetteCore
import CassetteTestSupport
import Foundation
import Testing

/// `cassette drift` over the reports verify runs leave in `.build/cassette-drift`.
@Suite struct DriftCommandTests {
    func write(_ ledger: DriftLedger, named name: String, in scratch: ScratchPackage) throws {
        try scratch.write(".build/cassette-drift/\(name)", ledger.encoded())
    }

    func drifted(_ cassette: String, _ index: Int, _ request: String) -> InteractionDrift {
        InteractionDrift(cassettePath: cassette, index: index, request: request)
    }

    @Test func aScheduledJobSeesWhichEndpointsDrifted() throws {
        let scratch = try ScratchPackage()
        var status = drifted("Cassettes/Users.json", 1, "GET https://staging.example.com/v1/status")
        status.status = .init(recorded: 200, live: 503)
        var users = drifted("Cassettes/Users.json", 0, "GET https://staging.example.com/v1/users?page=1")
        users.addedFields = ["$.items[*].avatar"]
        users.changedValues = ["$.items[*].updatedAt"]
        var page2 = drifted("Cassettes/Users.json", 2, "GET https://staging.example.com/v1/users?page=2")
        page2.removedFields = ["$.items[*].plan"]
        var quiet = drifted("Cassettes/Teams.json", 0, "GET https://staging.example.com/v1/teams")
        quiet.changedValues = ["$.updatedAt"]
        try write(
            DriftLedger(
                arguments: [],
                reports: [
                    "Cassettes/Users.json": DriftReport(
                        cassettePath: "Cassettes/Users.json", checked: 4, interactions: [users, status, page2]),
                    "Cassettes/Teams.json": DriftReport(
                        cassettePath: "Cassettes/Teams.json", checked: 2, interactions: [quiet]),
                ]), named: "run-20261201T080000-1.json", in: scratch)
        let run = scratch.run("drift")
        #expect(run.status == 1)
        #expect(
            run.stdout == """
                Cassettes/Users.json: interactions[0] GET https://staging.example.com/v1/users?page=1: fields added: $.items[*].avatar
                Cassettes/Users.json: interactions[1] GET https://staging.example.com/v1/status: status 200 → 503
                Cassettes/Users.json: interactions[2] GET https://staging.example.com/v1/users?page=2: fields removed: $.items[*].plan
                also changed in value, which is often expected:
                  Cassettes/Teams.json interactions[0] $.updatedAt
                  Cassettes/Users.json interactions[0] $.items[*].updatedAt

                """)
        #expect(
            run.stderr
                == "the live API drifted in 2 endpoints (3 of 6 requests, 1 of 2 cassettes); re-record with "
                + "CASSETTE_MODE=record swift test --filter <test>\n")
    }

    @Test func reportsOfSeveralProcessesAddUpAndClearRemovesThem() throws {
        let scratch = try ScratchPackage()
        for (index, name) in ["run-20261201T080000-1.json", "run-20261201T080001-2.json"].enumerated() {
            try write(
                DriftLedger(
                    arguments: [],
                    reports: [
                        "Cassettes/A.json": DriftReport(
                            cassettePath: "Cassettes/A.json", checked: index + 1, interactions: [])
                    ]),
                named: name, in: scratch)
        }
        let run = scratch.run("drift", "--clear")
        #expect(
            run == CommandRun(status: 0, stderr: "the live API matches the recordings in 3 requests of 1 cassette\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url(".build/cassette-drift").path).isEmpty)
    }

    @Test func withoutReportsItSaysHowToMakeThem() throws {
        let scratch = try ScratchPackage()
        let run = scratch.run("drift")
        #expect(run.status == 1)
        #expect(
            run.stderr.hasPrefix(
                "error: no drift reports in .build/cassette-drift; run CASSETTE_MODE=verify swift test first"))
    }
}
