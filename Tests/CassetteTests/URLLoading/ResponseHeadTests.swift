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

    /// Fields of one name, in any case, reach the caller as one field, their values joined with
    /// `", "` in recorded order: for a head of a few fields and for one of many.
    @Test(arguments: [0, 40])
    func fieldsOfOneNameAreJoinedInRecordedOrder(padding: Int) async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("Joined.json")
        let url = "http://api.example.test/joined"
        let others = (0..<padding).map { HTTPHeader("X-Field-\($0)", "v\($0)") }
        let headers =
            [HTTPHeader("Vary", "Accept"), HTTPHeader("Content-Type", "text/plain")] + others
            + [HTTPHeader("vary", "Origin"), HTTPHeader("VARY", "Cookie")]
        let interaction = Interaction(
            request: RecordedRequest(method: "GET", url: url),
            outcome: .response(RecordedResponse(status: 200, headers: headers, body: Data("ok".utf8))))
        try CassetteDocument(interactions: [interaction]).write(to: file)
        let player = try Cassette(fileURL: file, mode: .replay, options: testOptions())
        let (_, response) = try await player.session().fetch(URL(string: url)!)
        #expect(response.value(forHTTPHeaderField: "Vary") == "Accept, Origin, Cookie")
        #expect(response.value(forHTTPHeaderField: "Content-Type") == "text/plain")
        #expect(response.allHeaderFields.count == 2 + padding)
        if padding > 0 { #expect(response.value(forHTTPHeaderField: "X-Field-39") == "v39") }
        #expect(player.misses.isEmpty)
    }
}
