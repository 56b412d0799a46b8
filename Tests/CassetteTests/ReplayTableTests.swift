import Cassette
import CassetteCore
import CassetteTestSupport
import Foundation
import Testing

/// The replay table on its own: which recorded answer a request gets, in which order, when it runs
/// out, and what a miss says. No URLSession, no protocol, no file.
@Suite struct ReplayTableTests {
    static let base = "https://api.example.test"
    let matcher = RequestMatcher(scrubber: .default)

    func poll(_ answers: [String]) -> [Interaction] {
        answers.map { Fixtures.interaction("\(Self.base)/poll", body: #"{"state":"\#($0)"}"#) }
    }

    func identity(_ url: String, method: String = "GET") -> RequestIdentity {
        matcher.identity(of: RecordedRequest(method: method, url: url))
    }

    @Test func identicalRequestsAreServedInRecordedOrderThenRunOut() {
        var table = ReplayTable(
            interactions: poll(["pending", "running", "done"]), matcher: matcher, repeatsLast: false)
        let request = identity("\(Self.base)/poll")
        #expect([table.take(request), table.take(request), table.take(request)] == [0, 1, 2])
        #expect(table.take(request) == nil)
        #expect(table.servedCounts == [1, 1, 1])
        #expect(table.servedPositions == [0, 1, 2])
    }

    @Test func repeatingTheLastAnswerServesItAgainAndCountsIt() {
        var table = ReplayTable(interactions: poll(["pending", "done"]), matcher: matcher, repeatsLast: true)
        let request = identity("\(Self.base)/poll")
        #expect((0..<4).map { _ in table.take(request) } == [0, 1, 1, 1])
        #expect(table.servedCounts == [1, 3])
    }

    @Test func requestsMatchByNormalisedURLAndMethod() {
        let interactions = [
            Fixtures.interaction("\(Self.base)/items?b=2&a=1", body: "[]"),
            Fixtures.interaction("\(Self.base)/items?b=2&a=1", method: "DELETE", status: 204),
        ]
        var table = ReplayTable(interactions: interactions, matcher: matcher, repeatsLast: false)
        #expect(table.take(identity("HTTPS://API.example.test:443/items?a=1&b=2#top")) == 0)
        #expect(table.take(identity("\(Self.base)/items?a=1&b=2", method: "delete")) == 1)
        #expect(table.take(identity("\(Self.base)/items?a=1")) == nil)
    }

    @Test func aLiveTokenMatchesItsScrubbedRecording() {
        let recorded = Scrubber.default.scrub(
            CassetteDocument(interactions: [
                Fixtures.interaction(
                    "\(Self.base)/me", headers: [HTTPHeader("Authorization", "Bearer recorded-token-0123456789")],
                    body: "{}")
            ]))
        var table = ReplayTable(interactions: recorded.interactions, matcher: matcher, repeatsLast: false)
        let live = RecordedRequest(
            method: "GET", url: "\(Self.base)/me",
            headers: [HTTPHeader("Authorization", "Bearer another-live-token-9876543210")])
        #expect(table.take(matcher.identity(of: live)) == 0)
    }

    @Test func aMissNamesTheNearestRequestAndWhatDiffers() {
        let json = [Fixtures.jsonContentType]
        let interactions = [
            Fixtures.interaction("\(Self.base)/v1/status", body: "{}"),
            Fixtures.interaction(
                "\(Self.base)/v1/users?page=1", method: "POST", headers: json, requestBody: #"{"name":"Ada","age":36}"#,
                status: 201, body: "{}"),
        ]
        let table = ReplayTable(interactions: interactions, matcher: matcher, repeatsLast: false)
        let live = RecordedRequest(
            method: "POST", url: "\(Self.base)/v1/users?page=2", headers: json,
            body: Data(#"{"name":"Bob","age":36}"#.utf8))
        let miss = table.explainMiss(
            of: (matcher.identity(of: live), Scrubber.default.masked(live)), cassettePath: "Cassettes/Users.json",
            testName: "createsUser")
        #expect(miss.nearest?.index == 1)
        #expect(
            miss.nearest?.differences == [
                "query (only in request: page=2; only in recording: page=1)", "body (JSON differs at $.name)",
            ])
        #expect(miss.nearest?.servedCount == nil)
    }

    @Test func aMissOfARequestWhoseAnswersWereAllServedSaysSo() {
        var table = ReplayTable(interactions: poll(["pending", "done"]), matcher: matcher, repeatsLast: false)
        let request = RecordedRequest(method: "GET", url: "\(Self.base)/poll")
        _ = table.take(matcher.identity(of: request))
        _ = table.take(matcher.identity(of: request))
        let miss = table.explainMiss(
            of: (matcher.identity(of: request), Scrubber.default.masked(request)), cassettePath: "Cassettes/Poll.json",
            testName: nil)
        #expect(miss.nearest?.servedCount == 2)
        #expect(miss.nearest?.differences == [])
    }

    @Test func aMissInAnEmptyCassetteHasNoNearestRequest() {
        let table = ReplayTable(interactions: [], matcher: matcher, repeatsLast: false)
        let request = RecordedRequest(method: "GET", url: "\(Self.base)/anything")
        let miss = table.explainMiss(
            of: (matcher.identity(of: request), Scrubber.default.masked(request)), cassettePath: "Cassettes/Empty.json",
            testName: nil)
        #expect(miss.nearest == nil)
        #expect(miss.description.contains("the cassette has no interactions"))
    }
}
