import Cassette
import CassetteTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Replay builds the `HTTPURLResponse` of an answer served as recorded once and hands it to the
/// next request for the same answer: each request still sees a response that names its own URL,
/// with the recorded status and headers.
@Suite struct ResponseHeadTests {
    @Test func eachRequestGetsAResponseNamingItsOwnURL() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("Heads.json")
        let server = try TestHTTPServer()
        defer { server.stop() }
        let recorded = server.url("/echo?api_key=ak-00112233445566")
        let recorder = try openCassette(file, .record)
        let (_, live) = try await recorder.session().fetch(recorded)
        try await recorder.finish()
        server.stop()

        // The key is scrubbed on disk, so a request with another key matches the same answer.
        let player = try openCassette(file, .replay, whenExhausted: .repeatLast)
        let session = player.session()
        let other = server.url("/echo?api_key=ak-99887766554433")
        var seen: [URL?] = []
        for url in [recorded, other, recorded, other, other] {
            let (_, response) = try await session.fetch(url)
            seen.append(response.url)
            #expect(response.statusCode == live.statusCode)
            #expect(
                response.value(forHTTPHeaderField: "Content-Type") == live.value(forHTTPHeaderField: "Content-Type"))
        }
        #expect(seen == [recorded, other, recorded, other, other])
        #expect(player.misses.isEmpty)
    }

    @Test func aChangedAnswerIsNotTakenForTheRecordedOne() async throws {
        // An echo rule copies a live value into the answer: each request gets its own head.
        let directory = try TemporaryDirectory()
        let file = directory.file("Echoed.json")
        let request = RecordedRequest(
            method: "GET", url: "http://api.example.test/orders",
            headers: [HTTPHeader("X-Request-Id", "recorded-id")])
        let interaction = Interaction(
            request: request,
            outcome: .response(
                RecordedResponse(
                    status: 200, headers: [HTTPHeader("X-Request-Id", "recorded-id")], body: Data("ok".utf8))
            ))
        try CassetteDocument(interactions: [interaction]).write(to: file)
        var options = testOptions(whenExhausted: .repeatLast)
        options.matching = MatchRules(echo: [.init(request: "header:X-Request-Id", response: "header:X-Request-Id")])
        let player = try Cassette(fileURL: file, mode: .replay, options: options)
        let session = player.session()
        var ids: [String?] = []
        for id in ["first", "second", "first"] {
            let (_, response) = try await session.fetch(
                URL(string: "http://api.example.test/orders")!, headers: ["X-Request-Id": id])
            ids.append(response.value(forHTTPHeaderField: "X-Request-Id"))
        }
        #expect(ids == ["first", "second", "first"])
    }
}
