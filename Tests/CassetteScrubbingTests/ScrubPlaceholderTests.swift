import CassetteCore
import CassetteScrubbing
import Foundation
import Testing

/// Placeholders: deterministic, idempotent, shape-keeping, and masked alike for raw and scrubbed
/// requests.
@Suite struct ScrubPlaceholderTests {
    typealias F = ScrubFixtures

    @Test func sameSecretGetsSamePlaceholderAndNumbersFollowFirstAppearance() throws {
        let document = CassetteDocument(interactions: [
            F.interaction(
                F.request(url: "https://api.example.com/u?email=zed%40example.org"),
                F.response(headers: [F.json], body: #"{"a":"amy@example.org","b":"zed@example.org"}"#))
        ])
        let scrubbed = Scrubber.default.scrub(document)
        #expect(scrubbed.interactions[0].request.url == "https://api.example.com/u?email=user-1%40example.invalid")
        let body = try #require(scrubbed.interactions[0].response?.body)
        #expect(
            String(decoding: body, as: UTF8.self) == #"{"a":"user-2@example.invalid","b":"user-1@example.invalid"}"#)
        #expect(Scrubber.default.scrub(document).encoded() == scrubbed.encoded())
    }

    @Test func differentRulesNumberSeparately() {
        let document = CassetteDocument(interactions: [
            F.interaction(
                F.request(
                    url: "https://api.example.com/x?token=query-secret-1",
                    headers: [.init("Authorization", "Bearer header-secret-1"), .init("X-Api-Key", "key-secret-1")]))
        ])
        let request = Scrubber.default.scrub(document).interactions[0].request
        #expect(request.url == "https://api.example.com/x?token=SCRUBBED-QUERY-1")
        #expect(
            request.headers == [
                .init("Authorization", "Bearer SCRUBBED-TOKEN-1"), .init("X-Api-Key", "SCRUBBED-HEADER-1"),
            ])
    }

    @Test func cookiesKeepNamesAndAttributes() {
        let document = CassetteDocument(interactions: [
            F.interaction(
                // Values that look like a session's; `theme=dark` would be kept as a preference.
                F.request(headers: [.init("Cookie", "prefs=a9Zk2mQ7x1; session=abc123xyz789")]),
                F.response(headers: [
                    .init(
                        "Set-Cookie",
                        "session=abc123xyz789; Path=/; Expires=Wed, 21 Oct 2015 07:28:00 GMT, id=u83jf92kd1; Secure")
                ]))
        ])
        let scrubbed = Scrubber.default.scrub(document).interactions[0]
        #expect(scrubbed.request.headers == [.init("Cookie", "prefs=SCRUBBED-COOKIE-1; session=SCRUBBED-COOKIE-2")])
        #expect(
            scrubbed.response?.headers == [
                .init(
                    "Set-Cookie",
                    "session=SCRUBBED-COOKIE-2; Path=/; Expires=Wed, 21 Oct 2015 07:28:00 GMT, id=SCRUBBED-COOKIE-3; Secure"
                )
            ])
    }

    @Test(arguments: ScrubberTests.secretCases)
    func scrubbingIsIdempotentAndLeavesNoFindings(_ secretCase: SecretCase) {
        let once = Scrubber.default.scrub(secretCase.document)
        let twice = Scrubber.default.scrub(once)
        #expect(twice == once)
        #expect(twice.encoded() == once.encoded())
        #expect(Scrubber.default.findings(in: once).isEmpty, "\(Scrubber.default.findings(in: once))")
        #expect(!Scrubber.default.findings(in: secretCase.document).isEmpty)
    }

    @Test(arguments: ScrubberTests.secretCases)
    func findingsNeverHoldTheSecret(_ secretCase: SecretCase) {
        for finding in Scrubber.default.findings(in: secretCase.document) {
            for secret in secretCase.secrets {
                #expect(!finding.description.contains(secret))
            }
        }
    }

    @Test(arguments: ScrubberTests.secretCases.filter { !$0.crossInteraction })
    func rawAndScrubbedRequestsMaskAlike(_ secretCase: SecretCase) {
        let scrubbed = Scrubber.default.scrub(secretCase.document)
        for (raw, recorded) in zip(secretCase.document.interactions, scrubbed.interactions) {
            #expect(Scrubber.default.masked(raw.request) == Scrubber.default.masked(recorded.request))
            #expect(
                RequestMatcher(scrubber: .default).identity(of: raw.request)
                    == RequestMatcher(scrubber: .default).identity(of: recorded.request))
        }
    }

    @Test func maskingDoesNotDependOnTheSecret() {
        let first = F.request(
            url: "https://api.example.com/x?api_key=first-secret-1",
            headers: [.init("Authorization", "Bearer aaaa1111bbbb")])
        let second = F.request(
            url: "https://api.example.com/x?api_key=second-secret-2",
            headers: [.init("Authorization", "Bearer cccc2222dddd")])
        #expect(
            RequestMatcher(scrubber: .default).identity(of: first)
                == RequestMatcher(scrubber: .default).identity(of: second))
        #expect(Scrubber.default.masked(first).url == "https://api.example.com/x?api_key=SCRUBBED-QUERY")
    }

    @Test func scrubbedEmailIsStillAnEmail() throws {
        let document = CassetteDocument(interactions: [
            F.interaction(F.response(headers: [F.text], body: "write to jane@example.com"))
        ])
        let body = try #require(Scrubber.default.scrub(document).interactions[0].response?.body)
        let text = String(decoding: body, as: UTF8.self)
        #expect(text == "write to user-1@example.invalid")
        #expect(text.contains(/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/))
    }

    @Test func scrubbedJWTIsStillThreeBase64URLParts() throws {
        let document = CassetteDocument(interactions: [
            F.interaction(F.response(headers: [F.json], body: #"{"id_token":"\#(F.jwt)","other":"\#(F.jwt)"}"#))
        ])
        let body = try #require(Scrubber.default.scrub(document).interactions[0].response?.body)
        let value = try JSONParser.parse(body)
        guard case .string(let token)? = value["other"] else {
            Issue.record("expected a string")
            return
        }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        #expect(parts.count == 3)
        #expect(parts.allSatisfy { $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" } })
        var payload = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        payload += String(repeating: "=", count: (4 - payload.count % 4) % 4)
        let decoded = try #require(Data(base64Encoded: payload))
        #expect(String(decoding: decoded, as: UTF8.self) == #"{"sub":"scrubbed-1"}"#)
    }

    /// Scrubbed JWTs joined by a dot, after other base64url text (a chain inside a blob): the first
    /// one's payload and signature and the second one's header read as a JWT of their own, which a
    /// second scrub must leave alone (found by the fuzzer).
    @Test func joinedScrubbedJWTsAreNotReadAsAnotherJWT() throws {
        let header = "eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0"
        let first = header + ".eyJzdWIiOiJzY3J1YmJlZC0xIn0.scrubbed"
        let second = header + ".eyJzdWIiOiJzY3J1YmJlZC0yIn0.scrubbed"
        for text in ["AAAA" + first + "." + second, "x " + first + "." + second + " y"] {
            let document = ScrubExpectations.response(text, "text/plain")
            let once = Scrubber.default.scrub(document)
            #expect(once.interactions[0].response?.body == Data(text.utf8), "a scrubbed text changed")
            #expect(Scrubber.default.scrub(once).encoded() == once.encoded())
            #expect(Scrubber.default.findings(in: once).isEmpty)
        }
    }

    @Test func jsonBodiesStayJSON() throws {
        let document = CassetteDocument(interactions: [
            F.interaction(F.response(headers: [F.json], body: #"{ "password" : "hunter2hunter2", "n": 1 }"#))
        ])
        let encoded = Scrubber.default.scrub(document).encoded()
        let decoded = try CassetteDocument.decode(encoded, path: "x.json")
        let body = try #require(decoded.interactions[0].response?.body)
        #expect(
            StoredBody(bytes: body, contentType: "application/json")
                == .json(.object(["n": .number("1"), "password": .string("SCRUBBED-SECRET-1")])))
    }

    @Test func shortValuesAreReplacedInTheirFieldOnly() throws {
        let document = CassetteDocument(interactions: [
            F.interaction(
                F.request(url: "https://auth.example.com/cb?code=1"),
                F.response(headers: [F.json], body: #"{"items":[1,2],"label":"1"}"#))
        ])
        let scrubbed = Scrubber.default.scrub(document)
        #expect(scrubbed.interactions[0].request.url == "https://auth.example.com/cb?code=SCRUBBED-QUERY-1")
        #expect(scrubbed.interactions[0].response == document.interactions[0].response)
    }

    @Test func findingsNameThePathAndRule() {
        let document = CassetteDocument(interactions: [
            F.interaction(),
            F.interaction(
                F.request(headers: [.init("X-Api-Key", "abcdef123456")]),
                F.response(headers: [F.json], body: #"{"user":{"email":"bob@example.org"}}"#)),
        ])
        let findings = Scrubber.default.findings(in: document)
        #expect(
            findings == [
                ScrubFinding(
                    path: "interactions[1].request.headers[0].value", rule: "secret-header",
                    summary: "value of header X-Api-Key → SCRUBBED-HEADER-1"),
                ScrubFinding(
                    path: "interactions[1].response.body.json.user.email", rule: "email",
                    summary: "email address → user-1@example.invalid"),
            ])
    }

    @Test func scrubTextCleansLogLines() {
        let text = Scrubber.default.scrubText(
            "GET https://api.example.com/x?access_token=abc123abc123 failed for ann@example.com with Bearer zzz999zzz999"
        )
        #expect(
            text
                == "GET https://api.example.com/x?access_token=SCRUBBED-QUERY-1 failed for user-1@example.invalid with Bearer SCRUBBED-TOKEN-1"
        )
    }
}
