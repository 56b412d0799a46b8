import Cassette
import CassetteTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Heavier concurrency than `ConcurrencyTests`: run with `CASSETTE_LOAD_TESTS=1` (CI sets it).
@Suite(.enabled(if: ProcessInfo.processInfo.environment["CASSETTE_LOAD_TESTS"] == "1"))
struct LoadTests {
    /// 200 cassettes record 20 requests each at the same time (64 at a time) through one server, then
    /// replay them at the same time with the server stopped, in another order: every cassette holds
    /// and serves exactly its own 20 requests.
    @Test func twoHundredCassettesWithTwentyRequestsEachNeitherLoseNorCross() async throws {
        try await recordAndReplayConcurrently(cassettes: 200, requestsEach: 20)
    }

    /// 50 requests at once through one recording cassette: all 50 are recorded, each with its own
    /// response, and replaying them at once gives every request its own answer.
    @Test func fiftyConcurrentRequestsRecordedIntoOneCassetteNeitherLoseNorCross() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("Fifty.json")
        let server = try TestHTTPServer()
        let count = 50
        let recording = try openCassette(file, .record)
        let session = recording.session()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<count {
                group.addTask {
                    let body = Data(#"{"n":\#(index)}"#.utf8)
                    let (data, _) = try await session.fetch(
                        server.url("/echo?n=\(index)"), method: "POST", body: body,
                        headers: ["Content-Type": "application/json"])
                    #expect(String(decoding: data, as: UTF8.self).contains(#"\"n\":\#(index)}"#))
                }
            }
            try await group.waitForAll()
        }
        try await recording.finish()
        server.stop()

        let interactions = try CassetteDocument.read(from: file).interactions
        #expect(interactions.count == count)
        var seen: Set<Int> = []
        for interaction in interactions {
            let number = try #require(interaction.request.url.split(separator: "=").last.flatMap { Int($0) })
            let request = String(decoding: interaction.request.body ?? Data(), as: UTF8.self)
            let response = String(decoding: interaction.response?.body ?? Data(), as: UTF8.self)
            #expect(request == #"{"n":\#(number)}"#)
            #expect(response.contains("n=\(number)\""), "request \(number) got \(response)")
            seen.insert(number)
        }
        #expect(seen == Set(0..<count))

        let replay = try openCassette(file, .replay)
        let replaySession = replay.session()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in (0..<count).reversed() {
                group.addTask {
                    let (data, _) = try await replaySession.fetch(
                        server.url("/echo?n=\(index)"), method: "POST", body: Data(#"{"n":\#(index)}"#.utf8),
                        headers: ["Content-Type": "application/json"])
                    #expect(String(decoding: data, as: UTF8.self).contains("n=\(index)\""))
                }
            }
            try await group.waitForAll()
        }
        #expect(replay.misses.isEmpty)
        try await replay.finish()
    }
}
