import Cassette
import CassetteCore
import CassetteTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Cassettes over time, against a loopback server whose `Date` and request id change on every
/// response: re-recording is byte-stable, a failed recording leaves the file alone, one request can
/// be re-recorded on its own, and a drift check names what changed in the live API.
@Suite struct LifecycleTests {
    /// How the API answers: `v1` as recorded; `v2` with a field added, one removed, one changed in
    /// type, and a status changed.
    enum Version: Sendable {
        case v1, v2
    }

    /// A server that stamps every response with a new `Date` and `X-Request-Id`, like real ones.
    final class API: Sendable {
        let version = Locked(Version.v1)
        private let counter = Locked(0)
        let server: TestHTTPServer

        init(port: Int = 0) throws {
            let version = self.version
            let counter = self.counter
            server = try TestHTTPServer(port: port) { request in
                let count = counter.withLock { value -> Int in
                    value += 1
                    return value
                }
                var response: HTTPResponseSpec
                switch (request.path, version.withLock { $0 }) {
                case ("/v1/users/1", .v1): response = .json(#"{"id":1,"name":"Ada","plan":"pro","team":7}"#)
                case ("/v1/users/1", .v2): response = .json(#"{"email_verified":true,"id":1,"name":"Ada","team":"7"}"#)
                case ("/v1/status", .v1): response = .json(#"{"ok":true}"#)
                case ("/v1/status", .v2): response = .json(#"{"ok":false}"#, status: 503)
                case ("/v1/teams", _): response = .json(#"{"teams":[{"id":7,"name":"Engines"}]}"#)
                default: response = .text("not found", status: 404)
                }
                response.headers += [
                    (
                        "Date",
                        "Tue, 01 Dec 2026 08:\(String(format: "%02d", count / 60 % 60)):\(String(format: "%02d", count % 60)) GMT"
                    ),
                    ("X-Request-Id", UUID().uuidString),
                ]
                return response
            }
        }
    }

    static let paths = ["/v1/users/1", "/v1/status", "/v1/teams"]

    func run(_ cassette: Cassette, _ api: URL, paths: [String] = paths) async throws -> [Int] {
        var statuses: [Int] = []
        for path in paths {
            let (_, response) = try await cassette.session().fetch(api.appendingPathComponent(path))
            statuses.append(response.statusCode)
        }
        return statuses
    }

    func record(_ file: URL, _ api: URL, options: Cassette.Options = testOptions()) async throws {
        let cassette = try Cassette(fileURL: file, mode: .record, options: options)
        _ = try await run(cassette, api)
        try await cassette.finish()
    }

    @Test func recordingAnUnchangedAPITwiceGivesTheSameBytes() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("Users.json")
        let api = try API()
        try await record(file, api.server.baseURL)
        let first = try Data(contentsOf: file)
        try await record(file, api.server.baseURL)
        #expect(try Data(contentsOf: file) == first)
        // The headers that change are stored all the same: replay serves what the server sent.
        let text = String(decoding: first, as: UTF8.self)
        #expect(text.contains("\"name\": \"Date\""))
        #expect(text.contains("\"name\": \"X-Request-Id\""))
        #expect(text.contains("\"recorded\": \"\(RecordingDay.string(for: Date()))\""))
    }

    @Test func aContentChangeRewritesOnlyTheInteractionThatChanged() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("Users.json")
        let api = try API()
        try await record(file, api.server.baseURL)
        let before = try CassetteDocument.read(from: file).interactions
        api.version.withLock { $0 = .v2 }
        try await record(file, api.server.baseURL)
        let after = try CassetteDocument.read(from: file).interactions
        let unchanged = after.filter { $0.request.url.hasSuffix("/v1/teams") }
        #expect(unchanged == before.filter { $0.request.url.hasSuffix("/v1/teams") })
        #expect(after.filter { $0.request.url.hasSuffix("/v1/status") }.first?.response?.status == 503)
    }

    @Test func recordingWithTheServerDownLeavesTheFileAsItWasAndSaysWhy() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("Users.json")
        let api = try API()
        let port = api.server.port
        try await record(file, api.server.baseURL)
        let good = try Data(contentsOf: file)
        api.server.stop()
        let cassette = try Cassette(fileURL: file, mode: .record, options: testOptions())
        for path in Self.paths {
            // The caller's error keeps its code and says what happened.
            await #expect {
                try await cassette.session().fetch(api.server.baseURL.appendingPathComponent(path))
            } throws: { error in
                (error as? URLError)?.code == .cannotConnectToHost
                    && (error as? URLError)?.localizedDescription.contains("127.0.0.1:\(port) was unreachable") == true
            }
        }
        await #expect {
            try await cassette.finish()
        } throws: { error in
            guard case .recordingFailed(_, let failures, _) = error as? CassetteError else { return false }
            let text = "\(error)"
            return failures.count == 3
                && text.contains("3 requests failed while recording, so the cassette was left as it was")
                && text.contains(
                    "GET http://127.0.0.1:\(port)/v1/users/1: the server at 127.0.0.1:\(port) was unreachable: "
                        + "could not connect to the server (URLError -1004)")
                && text.contains("CASSETTE_RECORD_ERRORS=1")
        }
        #expect(try Data(contentsOf: file) == good)
    }

    @Test func aTransportErrorIsRecordedIntoANewInteractionOrWhenAskedFor() async throws {
        let directory = try TemporaryDirectory()
        let port = TestHTTPServer.closedPort()
        defer { withExtendedLifetime(port) {} }
        let closed = URL(string: "http://127.0.0.1:\(port.port)")!
        let file = directory.file("Down.json")
        let cassette = try Cassette(fileURL: file, mode: .record, options: testOptions())
        await #expect(throws: URLError.self) { try await cassette.session().fetch(closed.appendingPathComponent("x")) }
        try await cassette.finish()
        #expect(
            try CassetteDocument.read(from: file).interactions.first?.outcome == .failure(TransportError(code: -1004)))
        // Over a recorded response, only when asked.
        let api = try API()
        let users = directory.file("Users.json")
        try await record(users, api.server.baseURL)
        api.server.stop()
        var options = testOptions()
        options.recordTransportErrors = true
        let again = try Cassette(fileURL: users, mode: .record, options: options)
        _ = try? await run(again, api.server.baseURL)
        try await again.finish()
        #expect(try CassetteDocument.read(from: users).interactions.allSatisfy { $0.response == nil })
    }

    @Test func aTransportErrorsWordsNeverCarryASecretOfTheURL() async throws {
        let port = TestHTTPServer.closedPort()
        defer { withExtendedLifetime(port) {} }
        let directory = try TemporaryDirectory()
        let cassette = try Cassette(fileURL: directory.file("Down.json"), mode: .record, options: testOptions())
        let url = URL(string: "http://127.0.0.1:\(port.port)/v1/me?access_token=live-secret-7f3a9c21d4")!
        await #expect {
            try await cassette.session().fetch(url)
        } throws: { error in
            let words = (error as? URLError)?.localizedDescription ?? ""
            return words.contains("was unreachable") && !words.contains("live-secret-7f3a9c21d4")
        }
        try await cassette.finish()
    }

    @Test func reRecordingOneRequestLeavesTheRestReplayedAndByteIdentical() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("Users.json")
        let api = try API()
        try await record(file, api.server.baseURL)
        let before = try CassetteDocument.read(from: file).interactions
        api.version.withLock { $0 = .v2 }
        let requestsBefore = api.server.requestCount
        var options = testOptions()
        options.environment[Cassette.rerecordVariable] = "GET */v1/status"
        let cassette = try Cassette(fileURL: file, mode: .replay, options: options)
        #expect(try await run(cassette, api.server.baseURL) == [200, 503, 200])
        try await cassette.finish()
        // Only the selected request reached the server.
        #expect(api.server.requestCount == requestsBefore + 1)
        let after = try CassetteDocument.read(from: file).interactions
        #expect(after.count == before.count)
        for (old, new) in zip(before, after) where !old.request.url.hasSuffix("/v1/status") {
            #expect(old == new)
        }
        #expect(after.first { $0.request.url.hasSuffix("/v1/status") }?.response?.status == 503)
    }

    @Test func aBadReRecordPatternIsAConfigurationError() throws {
        let directory = try TemporaryDirectory()
        var options = testOptions()
        options.environment[Cassette.rerecordVariable] = "GET * extra"
        #expect {
            try Cassette(fileURL: directory.file("X.json"), mode: .record, options: options)
        } throws: { error in
            "\(error)".contains("CASSETTE_RERECORD: error:") && "\(error)".contains("is not a request pattern")
        }
    }

    @Test func verifyingAnUnchangedAPIPassesAndWritesNothing() async throws {
        let directory = try TemporaryDirectory()
        try directory.write("Package.swift", "")
        let file = directory.file("Cassettes/Users.json")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let api = try API()
        try await record(file, api.server.baseURL)
        let recorded = try Data(contentsOf: file)
        let cassette = try Cassette(fileURL: file, mode: .verify, options: testOptions())
        #expect(try await run(cassette, api.server.baseURL) == [200, 200, 200])
        try await cassette.finish()
        #expect(try Data(contentsOf: file) == recorded)
        let reports = try DriftLedger.readAll(in: directory.file(".build/cassette-drift"))
        #expect(reports.last?.ledger.reports["Cassettes/Users.json"]?.checked == 3)
        #expect(reports.last?.ledger.reports["Cassettes/Users.json"]?.drifted.isEmpty == true)
    }

    @Test func verifyingAChangedAPINamesEveryDriftAndWritesNothing() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("Users.json")
        let api = try API()
        try await record(file, api.server.baseURL)
        let recorded = try Data(contentsOf: file)
        api.version.withLock { $0 = .v2 }
        let cassette = try Cassette(fileURL: file, mode: .verify, options: testOptions())
        // The code under test sees the live answers.
        #expect(try await run(cassette, api.server.baseURL) == [200, 503, 200])
        let error = await #expect(throws: CassetteError.self) { try await cassette.finish() }
        guard case .drift(let report) = error else {
            Issue.record("expected a drift report, got \(String(describing: error))")
            return
        }
        #expect(report.checked == 3)
        let users = try #require(report.drifted.first { $0.request.hasSuffix("/v1/users/1") })
        #expect(users.addedFields == ["$.email_verified"])
        #expect(users.removedFields == ["$.plan"])
        #expect(users.retypedFields == ["$.team (a number → a string)"])
        let status = try #require(report.drifted.first { $0.request.hasSuffix("/v1/status") })
        #expect(status.status == .init(recorded: 200, live: 503))
        #expect(status.changedValues == ["$.ok"])
        #expect(report.drifted.count == 2)
        let text = report.description
        #expect(text.contains("error: the live API drifted from the recording in 2 of 3 requests"))
        #expect(
            text.contains(
                "fields added: $.email_verified; fields removed: $.plan; changed in type: $.team (a number → a string)")
        )
        #expect(text.contains("status 200 → 503"))
        // Headers that change on every response never count.
        #expect(!text.contains("Date") && !text.contains("X-Request-Id"))
        #expect(try Data(contentsOf: file) == recorded)
    }

    /// A cassette outside any package has no default report folder, but a folder named by
    /// `CASSETTE_DRIFT_REPORTS` gets its report, under the cassette's whole path.
    @Test func aCassetteOutsideAPackageReportsDriftToTheFolderTheVariableNames() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("Users.json")
        let api = try API()
        try await record(file, api.server.baseURL)
        api.version.withLock { $0 = .v2 }
        let reports = directory.file("drift")
        let cassette = try Cassette(
            fileURL: file, mode: .verify,
            options: testOptions(environment: [DriftLedger.environmentVariable: reports.path]))
        _ = try await run(cassette, api.server.baseURL)
        await #expect(throws: CassetteError.self) { try await cassette.finish() }
        let written = try DriftLedger.readAll(in: reports)
        let report = try #require(written.last?.ledger.reports[file.standardizedFileURL.path], "\(written)")
        #expect(report.drifted.count == 2)
    }

    @Test func verifyIsRefusedOnCI() throws {
        let directory = try TemporaryDirectory()
        try directory.write("Users.json", CassetteDocument().encoded())
        #expect(
            throws: CassetteError.recordingOnCI(path: directory.file("Users.json").path, mode: .verify, testName: nil)
        ) {
            try Cassette(
                fileURL: directory.file("Users.json"), mode: .verify, options: testOptions(environment: ["CI": "true"]))
        }
    }

    @Test func theUsageLedgerKeepsEveryCassetteOfConcurrentFinishes() async throws {
        for round in 0..<10 {
            let directory = try TemporaryDirectory()
            try directory.write("Package.swift", "")
            let ledger = directory.file("ledger")
            let count = 200
            for index in 0..<count {
                try directory.write("Cassettes/C\(index).json", CassetteDocument().encoded())
            }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<count {
                    group.addTask {
                        let cassette = try Cassette(
                            fileURL: directory.file("Cassettes/C\(index).json"), mode: .replay,
                            options: testOptions(environment: ["CASSETTE_USAGE_LEDGER": ledger.path]))
                        try await cassette.finish()
                    }
                }
                try await group.waitForAll()
            }
            let written = try #require(try UsageLedger.readAll(in: ledger).last?.ledger)
            #expect(written.cassettes.count == count, "round \(round)")
        }
    }
}
