import CassetteScrubbing
import Foundation
import Testing

/// Names are read with their context, and a value found by its name is replaced elsewhere only when
/// it looks like a secret.
@Suite struct ScrubContextTests {
    typealias E = ScrubExpectations
    typealias F = ScrubFixtures

    @Test func aWordFoundByItsNameIsReplacedWhereItStandsOnly() throws {
        let document = CassetteDocument(interactions: [
            F.interaction(
                F.request(
                    "POST", headers: [F.json],
                    body: #"{"auth_type":"oauth","session":"google","credentials":"include"}"#),
                F.response(
                    headers: [F.json],
                    body:
                        #"{"avatar":"https://lh3.googleusercontent.com/a/x","api":"https://www.googleapis.com/oauth2/v3/userinfo","greeting":"Hello"}"#
                ))
        ])
        let scrubbed = Scrubber.default.scrub(document)
        let request = String(decoding: try #require(scrubbed.interactions[0].request.body), as: UTF8.self)
        #expect(request == #"{"auth_type":"oauth","credentials":"include","session":"SCRUBBED-SECRET-1"}"#)
        #expect(scrubbed.interactions[0].response == document.interactions[0].response)
    }

    @Test func aRandomValueFoundByItsNameIsReplacedEverywhere() {
        let document = CassetteDocument(interactions: [
            F.interaction(
                F.request("POST", headers: [F.json], body: #"{"session":"s3ss-9f8e7d6c"}"#),
                F.response(headers: [F.text], body: "your session s3ss-9f8e7d6c is active"))
        ])
        E.expectScrubbed(document, ["s3ss-9f8e7d6c"])
    }

    @Test(arguments: [
        ("x-ratelimit-remaining-tokens", "149000"), ("x-ratelimit-limit-tokens", "150000"),
        ("x-ratelimit-reset-tokens", "6m0s"), ("anthropic-ratelimit-tokens-remaining", "80000"),
        ("anthropic-ratelimit-input-tokens-reset", "2024-05-01T12:00:00Z"), ("X-Token-Expires", "3600"),
        ("Access-Control-Allow-Credentials", "true"), ("Message-ID", "<CAF00bar.1234567890abcdef@mail.gmail.com>"),
    ])
    func headersNamedWithContextStay(_ name: String, _ value: String) {
        E.expectUntouched(CassetteDocument(interactions: [F.interaction(F.response(headers: [.init(name, value)]))]))
    }

    static let benignBodies: [(String, String)] = [
        (
            "OpenID discovery",
            #"{"issuer":"https://accounts.example.com","token_endpoint":"https://oauth2.example.com/token","#
                + #""token_endpoint_auth_methods_supported":["client_secret_post","client_secret_basic"],"#
                + #""id_token_signing_alg_values_supported":["RS256"],"grant_types_supported":["authorization_code","refresh_token"],"#
                + #""code_challenge_methods_supported":["plain","S256"],"claims_supported":["sub","email"]}"#
        ),
        (
            "directory user",
            #"{"id":"87d349ed-44d7-43e1-9a83-5f2406dee5bd","displayName":"Adele Vance","passwordPolicies":"DisablePasswordExpiration","#
                + #""lastPasswordChangeDateTime":"2024-03-01T08:00:00Z","passwordProfile":null,"accountEnabled":true}"#
        ),
        (
            "fetch options and OAuth descriptions",
            #"{"credentials":"include","mode":"cors","token_type":"Bearer","expires_in":3599,"auth_provider":"google"}"#
        ),
        (
            "git remotes, scaled images and message ids",
            #"{"ssh_url":"git@github.com:octo-org/octo-repo.git","avatar":"https://cdn.example.com/u/avatar@2x.avif","#
                + #""message_id":"<20240501120000.1.ABCDEF0123456789@mg.example.com>","logo":"logo@3x.webp"}"#
        ),
        (
            "GitHub meta with public SSH keys",
            #"{"ssh_keys":["ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl"],"#
                + #""ssh_key_fingerprints":{"SHA256_ED25519":"+DiY3wvvV6TuJJhbpZisF/zLDA0zPMSvHdkr4UvCOqU"}}"#
        ),
        (
            "configuration that refers to secrets",
            #"{"body":"```yaml\nenv:\n  token: ${{ secrets.GITHUB_TOKEN }}\n  password: $DB_PASSWORD\n```\nor in code: password: process.env.DB_PASSWORD","#
                + #""template":"api_key = '{{ vault_api_key }}'","password":"${DB_PASSWORD}"}"#
        ),
        (
            "prose about secrets",
            #"{"body":"Reset your password: click the link below. The token: see the docs. Use Basic authentication."}"#
        ),
    ]

    @Test(arguments: benignBodies)
    func namesReadWithContextLeaveOrdinaryDataAlone(_ name: String, _ body: String) {
        E.expectUntouched(E.response(body, "application/json"))
        E.expectUntouched(E.response(body, "text/plain; charset=utf-8"))
    }

    @Test func findingsOfNestedPlacesSayWhereTheyAre() throws {
        let inner = Data(#"{"password":"b64-n3st3d-pw"}"#.utf8).base64EncodedString()
        let findings = Scrubber.default.findings(in: E.response(#"{"payload":"\#(inner)"}"#, "application/json"))
        #expect(
            findings == [
                ScrubFinding(
                    path: "interactions[0].response.body.json.payload", rule: "secret-field",
                    summary:
                        "value of JSON key \"password\" at password in the JSON text in base64-decoded text → SCRUBBED-SECRET-1"
                )
            ])
    }
}
