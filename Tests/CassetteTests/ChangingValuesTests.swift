import Cassette
import CassetteTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A client whose requests carry a fresh timestamp and UUID on every run, recorded against the
/// loopback server and replayed with other values and another token: declared rules make it
/// replay; without them the miss says which values change and which rule tolerates them.
@Suite struct ChangingValuesTests {
    /// An order API that echoes the client's request id, as many APIs do.
    static let orders: @Sendable (HTTPRequestHead) -> HTTPResponseSpec = { request in
        let sent = (try? JSONSerialization.jsonObject(with: Data(request.body))) as? [String: Any] ?? [:]
        let requestID = sent["requestId"] as? String ?? ""
        return .json(#"{"orderId":7,"requestId":"\#(requestID)","status":"created"}"#, status: 201)
    }

    /// The time now, to the millisecond, as clients send it.
    static func timestamp() -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: Date())
    }

    /// What the client sends: an item, the time it was sent and a new id, with a bearer token.
    func createOrder(_ session: URLSession, baseURL: URL, token: String) async throws -> (Data, HTTPURLResponse) {
        let body: [String: String] = [
            "clientTimestamp": Self.timestamp(), "item": "book",
            "requestId": UUID().uuidString,
        ]
        var request = URLRequest(url: baseURL.appendingPathComponent("v1/orders"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        request.httpBody = try JSONSerialization.data(withJSONObject: body)
        let (data, response) = try await session.data(for: request)
        let sentID = body["requestId"]!
        let answer = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        #expect(answer?["requestId"] as? String == sentID, "the server echoes the request id")
        return (data, try #require(response as? HTTPURLResponse))
    }

    static let rules = #"""
        { "match": {
            "ignoreBodyPaths": ["$.clientTimestamp", "$.requestId"],
            "headers": ["Authorization"],
            "echo": [{"request": "$.requestId", "response": "$.requestId"}] } }
        """#

    /// Records one order into `Orders.json` of a folder holding `configuration` as `.cassette.json`;
    /// returns the folder and the server's URL, which replay is then asked for with the server gone.
    func record(configuration: String?) async throws -> (directory: TemporaryDirectory, baseURL: URL) {
        let directory = try TemporaryDirectory()
        if let configuration { try directory.write(".cassette.json", configuration) }
        let server = try TestHTTPServer(handler: Self.orders)
        let cassette = try Cassette(fileURL: directory.file("Orders.json"), mode: .record, options: testOptions())
        _ = try await createOrder(cassette.session(), baseURL: server.baseURL, token: "recording-token-0123456789")
        try await cassette.finish()
        server.stop()
        return (directory, server.baseURL)
    }

    @Test func declaredRulesReplayRequestsWithOtherTimestampsIDsAndTokens() async throws {
        let (directory, baseURL) = try await record(configuration: Self.rules)
        let cassette = try Cassette(fileURL: directory.file("Orders.json"), mode: .replay, options: testOptions())
        // The server is gone: replay answers, with the live request id echoed back.
        let (_, response) = try await createOrder(
            cassette.session(), baseURL: baseURL, token: "another-token-9876543210")
        #expect(response.statusCode == 201)
        #expect(cassette.misses.isEmpty)
        try await cassette.finish()
    }

    @Test func theHeaderRuleStillCatchesAClientThatDropsItsToken() async throws {
        let (directory, baseURL) = try await record(configuration: Self.rules)
        let cassette = try Cassette(fileURL: directory.file("Orders.json"), mode: .replay, options: testOptions())
        var request = URLRequest(url: baseURL.appendingPathComponent("v1/orders"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(#"{"clientTimestamp":"2026-12-01T00:00:00Z","item":"book","requestId":"x"}"#.utf8)
        await #expect(throws: CassetteError.self) { try await cassette.session().data(for: request) }
        let miss = try #require(cassette.misses.first)
        #expect(
            miss.description.contains("differs in: headers (none vs recorded authorization: Bearer SCRUBBED-TOKEN)"))
    }

    @Test func withoutRulesTheMissNamesTheChangingValuesAndTheRuleToAdd() async throws {
        let (directory, baseURL) = try await record(configuration: nil)
        let cassette = try Cassette(fileURL: directory.file("Orders.json"), mode: .replay, options: testOptions())
        await #expect(throws: CassetteError.self) {
            try await createOrder(cassette.session(), baseURL: baseURL, token: "t-0123456789abc")
        }
        let miss = try #require(cassette.misses.first).description
        #expect(miss.contains("body (JSON differs at $.clientTimestamp, $.requestId)"), "\(miss)")
        #expect(
            miss.contains(
                "$.clientTimestamp (a timestamp), $.requestId (a UUID) look like values that change on every run"))
        #expect(miss.contains("inject fixed values in the test (a clock, a UUID source)"))
        #expect(miss.contains(#""match": {"ignoreBodyPaths": ["$.clientTimestamp", "$.requestId"]}"#))
        #expect(miss.contains(directory.file(".cassette.json").path) || miss.contains(".cassette.json"))
        // Recording again would not help, so the miss does not suggest it.
        #expect(!miss.contains("newEpisodes"))
    }

    @Test func aPredicateInCodeDecidesAfterTheLookup() async throws {
        let (directory, baseURL) = try await record(configuration: Self.rules)
        let onlyBooks = MatchRules(predicate: { live, _ in
            String(decoding: live.body ?? Data(), as: UTF8.self).contains(#""item":"book""#)
        })
        let cassette = try Cassette(
            fileURL: directory.file("Orders.json"), mode: .replay,
            options: Cassette.Options(matching: onlyBooks, environment: [:]))
        let (_, response) = try await createOrder(
            cassette.session(), baseURL: baseURL, token: "another-token-9876543210")
        #expect(response.statusCode == 201)
        let rejecting = try Cassette(
            fileURL: directory.file("Orders.json"), mode: .replay,
            options: Cassette.Options(matching: MatchRules(predicate: { _, _ in false }), environment: [:]))
        await #expect(throws: CassetteError.self) {
            try await createOrder(rejecting.session(), baseURL: baseURL, token: "t-0123456789ab")
        }
    }

    /// The order API, stamping each response with a new `Date` and `X-Request-Id` as real servers do.
    static let stampedOrders: @Sendable (HTTPRequestHead) -> HTTPResponseSpec = { request in
        var response = orders(request)
        response.headers += [("Date", Date().description), ("X-Request-Id", UUID().uuidString)]
        return response
    }

    /// Records one order with `body` (JSON text in the order given) and cache-buster `query`.
    func recordOrder(into file: URL, server: TestHTTPServer, body: String, query: String) async throws {
        let cassette = try Cassette(fileURL: file, mode: .record, options: testOptions())
        var request = URLRequest(url: server.url("/v1/orders?_=\(query)"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("Bearer recording-token-\(query)", forHTTPHeaderField: "Authorization")
        request.httpBody = Data(body.utf8)
        _ = try await cassette.session().data(for: request)
        try await cassette.finish()
    }

    /// Re-recording an exchange that changed only where the rules say values change (ignored body
    /// fields and query items, the echoed id), in the volatile headers, and in the JSON body's key
    /// order, keeps the file byte for byte.
    @Test func reRecordingWithOtherDeclaredValuesKeepsTheFileByteForByte() async throws {
        let directory = try TemporaryDirectory()
        try directory.write(
            ".cassette.json",
            #"""
            { "match": {
                "ignoreBodyPaths": ["$.clientTimestamp", "$.requestId"], "ignoreQueryItems": ["_"],
                "headers": ["Authorization"],
                "echo": [{"request": "$.requestId", "response": "$.requestId"}] } }
            """#)
        let file = directory.file("Orders.json")
        let server = try TestHTTPServer(handler: Self.stampedOrders)
        try await recordOrder(
            into: file, server: server,
            body: #"{"clientTimestamp":"\#(Self.timestamp())","item":"book","requestId":"\#(UUID())"}"#, query: "1")
        let first = try Data(contentsOf: file)
        try await recordOrder(
            into: file, server: server,
            body: #"{"requestId":"\#(UUID())","item":"book","clientTimestamp":"\#(Self.timestamp())x"}"#,
            query: "22")
        #expect(String(decoding: try Data(contentsOf: file), as: UTF8.self) == String(decoding: first, as: UTF8.self))
        // A value the rules do not cover is a change.
        try await recordOrder(
            into: file, server: server, body: #"{"clientTimestamp":"t","item":"pen","requestId":"r"}"#, query: "3")
        #expect(try Data(contentsOf: file) != first)
    }

    /// Without any rules, a JSON body sent in another key order is the same request: re-recording
    /// keeps the stored bytes (the `Date` and `X-Request-Id` of the new response do not count).
    @Test func reRecordingAJSONBodyInAnotherKeyOrderKeepsTheFileByteForByte() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("Orders.json")
        let server = try TestHTTPServer(handler: Self.stampedOrders)
        try await recordOrder(into: file, server: server, body: #"{"a":1,"item":"book","requestId":"r1"}"#, query: "1")
        let first = try Data(contentsOf: file)
        try await recordOrder(
            into: file, server: server, body: #"{"requestId":"r1","item":"book","a":1.0}"#, query: "1")
        #expect(String(decoding: try Data(contentsOf: file), as: UTF8.self) == String(decoding: first, as: UTF8.self))
    }
}
