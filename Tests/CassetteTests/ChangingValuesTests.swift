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
}
