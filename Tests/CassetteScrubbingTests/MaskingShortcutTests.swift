import CassetteCore
import CassetteScrubbing
import Foundation
import Testing

/// `Scrubber.masked(_:)` returns a request that holds nothing to mask without running the
/// scrubber's passes. These tests hold the shortcut to the full passes: same result on every request
/// here, and taken only where the full passes change nothing.
@Suite struct MaskingShortcutTests {
    typealias F = ScrubFixtures

    /// Requests with nothing a rule finds: the shortcut must be taken for them.
    static let plainRequests: [RecordedRequest] = [
        F.request(),
        F.request(url: "https://api.example.com/v1/items/42?expand=owner&page=1"),
        F.request(url: "http://127.0.0.1:8080/search?q=swift+testing&sort=desc#results"),
        F.request(headers: [.init("Accept", "application/json"), .init("X-Request-Id", "7f3c2a")]),
        F.request("DELETE", url: "https://api.example.com/v1/items/7", headers: [.init("If-Match", "\"etag-1\"")]),
        F.request(url: "https://api.example.com/v1/users?page_token=abc&keepalive=1"),
    ]

    /// Requests with something a rule may find, or that the shortcut cannot judge: never taken.
    static let maskedRequests: [RecordedRequest] = [
        F.request(headers: [.init("Authorization", "Bearer abc123def456ghi")]),
        F.request(headers: [.init("authorization", "token")]),
        F.request(headers: [.init("Cookie", "session=s3ss10n-value")]),
        F.request(headers: [.init("X-Api-Key", "k3y-9f8e7d6c5b4a")]),
        F.request(headers: [.init("Location", "https://example.com/next")]),
        F.request(headers: [.init("X-Forwarded", "see https://user:pw@example.com/")]),
        F.request(headers: [.init("X-Note", "mail ada@example.com")]),
        F.request(headers: [.init("X-Note", "SCRUBBED-TOKEN-1")]),
        F.request(url: "https://api.example.com/v1/items?api_key=abc123"),
        F.request(url: "https://user:secret@api.example.com/v1/items"),
        F.request(url: "https://api.example.com/v1/users/ada%40example.com"),
        F.request(url: "https://api.example.com/callback#access_token=abcdef123456"),
        F.request(url: "https://api.example.com/v1/items?q=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig"),
        F.request("POST", headers: [.init("Content-Type", "application/json")], body: #"{"name":"plain"}"#),
    ]

    @Test(arguments: plainRequests)
    func requestsWithNothingToMaskTakeTheShortcutAndStayAsTheyAre(request: RecordedRequest) {
        #expect(Scrubber.default.skipsMasking(request))
        #expect(Scrubber.default.masked(request) == request)
        #expect(Scrubber.default.fullyMasked(request) == request)
    }

    @Test(arguments: maskedRequests)
    func requestsWithSomethingToMaskRunTheFullPasses(request: RecordedRequest) {
        #expect(!Scrubber.default.skipsMasking(request))
        #expect(Scrubber.default.masked(request) == Scrubber.default.fullyMasked(request))
    }

    /// Requests whose only secret is a bearer token, masked by the credentials shortcut.
    static let bearerRequests: [RecordedRequest] = [
        F.request(headers: [.init("Authorization", "Bearer live-token-0123456789abcdef")]),
        F.request(
            url: "https://api.example.com/v1/items/42?expand=owner&page=1",
            headers: [
                .init("Accept", "application/json"),
                .init("authorization", "token 16c7e42f292c6912e7710c838347ae178b4a"),
            ]),
        F.request(headers: [
            .init("Proxy-Authorization", "Bearer prx-5d4c3b2a1908"), .init("Authorization", "Bearer abc-123"),
        ]),
        // A recording's placeholders mask to the same class token.
        F.request(headers: [.init("Authorization", "Bearer SCRUBBED-TOKEN-1")]),
    ]

    /// Requests with credentials that the shortcut must leave to the passes: a shape, parts of their
    /// own, an echo elsewhere, a placeholder.
    static let credentialsForThePasses: [RecordedRequest] = [
        F.request(headers: [.init("Authorization", "Bearer \(F.jwt)")]),
        F.request(headers: [.init("Authorization", "Basic YWxpY2U6czNjcmV0LXBhc3M=")]),
        F.request(
            url: "https://api.example.com/v1/items?t=echoed-token-123456",
            headers: [.init("Authorization", "Bearer echoed-token-123456")]),
        F.request(headers: [.init("Authorization", "Bearer echo-in-header-99"), .init("X-Note", "echo-in-header-99")]),
        F.request(headers: [.init("Authorization", "Bearer SCRUBBED-TOKEN-1x")]),
        F.request(headers: [.init("Authorization", "token ghp_SCRUBBED-2")]),
        F.request(headers: [.init("Authorization", "Bearer tok/with+slash=")]),
        F.request(headers: [.init("Authorization", "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/x, Signature=abc")]
        ),
    ]

    @Test(arguments: bearerRequests)
    func aBearerTokenAloneIsMaskedByTheShortcutAsByThePasses(request: RecordedRequest) throws {
        let shortcut = try #require(Scrubber.default.shortcutMasked(request))
        #expect(shortcut == Scrubber.default.fullyMasked(request))
    }

    @Test(arguments: credentialsForThePasses)
    func credentialsTheShortcutCannotJudgeRunThePasses(request: RecordedRequest) {
        #expect(Scrubber.default.shortcutMasked(request) == nil)
        #expect(Scrubber.default.masked(request) == Scrubber.default.fullyMasked(request))
    }

    /// Every request in the scrubber's secret table, with and without its secrets' neighbours:
    /// the shortcut and the full passes agree.
    @Test func shortcutAgreesWithTheFullPassesOnEverySecretCase() {
        let requests = ScrubberTests.secretCases.flatMap { $0.document.interactions.map(\.request) }
        #expect(!requests.isEmpty)
        for request in requests + Self.plainRequests + Self.maskedRequests + Self.bearerRequests
            + Self.credentialsForThePasses
        {
            #expect(Scrubber.default.masked(request) == Scrubber.default.fullyMasked(request), "\(request)")
            if let shortcut = Scrubber.default.shortcutMasked(request) {
                #expect(shortcut == Scrubber.default.fullyMasked(request), "\(request)")
            }
            if Scrubber.default.skipsMasking(request) {
                #expect(Scrubber.default.fullyMasked(request) == request, "\(request)")
            }
        }
    }

    /// Project rules count: a header or query item the project names, and a pattern without a
    /// prefilter, turn the shortcut off where they could apply.
    @Test func projectRulesTurnTheShortcutOff() throws {
        let named = Scrubber(configuration: ScrubConfiguration(headers: ["X-Tenant"], queryItems: ["tenant"]))
        let header = F.request(headers: [.init("X-Tenant", "acme-corp-1234")])
        let query = F.request(url: "https://api.example.com/v1/items?tenant=acme-corp-1234")
        #expect(Scrubber.default.skipsMasking(header))
        #expect(Scrubber.default.skipsMasking(query))
        #expect(!named.skipsMasking(header))
        #expect(!named.skipsMasking(query))
        #expect(named.masked(header) == named.fullyMasked(header))
        #expect(named.masked(header) != header)

        let pattern = try ScrubPattern(name: "order", regex: "ORD-[0-9]{6}")
        let patterned = Scrubber(configuration: ScrubConfiguration(patterns: [pattern]))
        let order = F.request(url: "https://api.example.com/v1/orders/ORD-123456")
        #expect(!patterned.skipsMasking(order))
        #expect(patterned.masked(order) != order)
        #expect(patterned.masked(order) == patterned.fullyMasked(order))
    }
    /// `Authorization` values of every shape the token catalogue knows, a JWT, a placeholder, and
    /// values of no known shape, each alone and echoed in the URL (raw, base64, in a path), in
    /// another header, or beside a second credentials header.
    static var credentialsRequests: [RecordedRequest] {
        let tokens =
            TokenShape.catalogue.map(\.example).filter { !$0.contains(" ") } + [
                F.jwt, "SCRUBBED-TOKEN-1", "live-token-0123456789abcdef",
                "abc.ghp_0123456789abcdefABCDEF0123456789abcd",
            ]
        return tokens.flatMap { token -> [RecordedRequest] in
            let base64 = Data(token.utf8).base64EncodedString()
            let authorization = HTTPHeader("Authorization", "Bearer \(token)")
            return [
                F.request(headers: [authorization]),
                F.request(headers: [.init("Accept", "application/json"), authorization]),
                F.request(url: "https://api.example.com/v1/items?t=\(token)", headers: [authorization]),
                F.request(url: "https://api.example.com/v1/items/\(token)", headers: [authorization]),
                F.request(url: "https://api.example.com/v1/items?t=\(base64)", headers: [authorization]),
                F.request(headers: [authorization, .init("X-Note", token)]),
                F.request(headers: [authorization, .init("Proxy-Authorization", "Bearer \(token)")]),
            ]
        }
    }

    /// Matching skips masking a request whose only secrets are credentials only where the full
    /// passes change nothing else in it, so the identity it computes is the masked request's, for
    /// tokens of every known shape and with echoes that must rule it out.
    @Test func matchingSkipsMaskingOnlyWhereThePassesChangeNothingButCredentials() {
        let matcher = RequestMatcher(scrubber: .default)
        var skipped = 0
        for request in Self.credentialsRequests + Self.bearerRequests + Self.credentialsForThePasses
            + Self.plainRequests + Self.maskedRequests
        {
            let full = Scrubber.default.fullyMasked(request)
            #expect(matcher.match(request).identity == matcher.identity(ofMasked: full), "\(request)")
            guard Scrubber.default.masksOnlyCredentials(request) else { continue }
            skipped += 1
            #expect(full.url == request.url && full.body == request.body, "\(request)")
            for (header, masked) in zip(request.headers, full.headers) where masked != header {
                #expect(["authorization", "proxy-authorization"].contains(header.name.lowercased()), "\(request)")
            }
        }
        // Every catalogue shape alone in the header is skipped; the echoes are not.
        #expect(skipped >= TokenShape.catalogue.count)
    }

    /// Replay looks a live request up as it is before masking it (`literalIdentity(of:)`): wherever
    /// that key is a recorded request's (the identity of its masked form, as the table holds it),
    /// masking the live request leads to the same key. Checked for every live request here against
    /// every recording made from them (scrubbed, as a recording is written) and against the live
    /// requests themselves taken as recordings, secrets in URLs, bodies and echoes included.
    @Test func aRequestFoundAsItIsIsFoundMaskedToo() throws {
        let matcher = RequestMatcher(scrubber: .default)
        let bodies = [
            F.request(
                "POST", headers: [.init("Content-Type", "application/json")],
                body: #"{"password":"hunter2-correct-horse","name":"plain"}"#),
            F.request(
                "POST", headers: [.init("Content-Type", "application/x-www-form-urlencoded")],
                body: "client_secret=s3cr3t-v4lue-0123456789&grant_type=client_credentials"),
            F.request("POST", headers: [.init("Content-Type", "application/json")], body: #"{"name":"plain"}"#),
        ]
        let live =
            Self.credentialsRequests + Self.bearerRequests + Self.credentialsForThePasses + Self.plainRequests
            + Self.maskedRequests + bodies
        let scrubbed = Scrubber.default.scrub(
            CassetteDocument(
                interactions: live.map { Interaction(request: $0, outcome: .response(.init(status: 200))) })
        ).interactions.map(\.request)
        let recordedKeys = Set((scrubbed + live).map { matcher.match($0).identity })
        var foundAsItIs = 0
        for request in live {
            guard let literal = matcher.literalIdentity(of: request), recordedKeys.contains(literal) else { continue }
            foundAsItIs += 1
            #expect(matcher.match(request).identity == literal, "\(request)")
        }
        // The plain requests, at least, are found as they are.
        #expect(foundAsItIs >= Self.plainRequests.count)
        // A rule that makes a header part of the key turns the lookup off: headers are masked first.
        let byHeader = RequestMatcher(
            scrubber: .default, rules: try CompiledMatchRules(MatchRules(headers: ["Authorization"])))
        #expect(byHeader.literalIdentity(of: Self.plainRequests[0]) == nil)
    }
}
