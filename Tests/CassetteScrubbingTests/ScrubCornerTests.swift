import CassetteScrubbing
import Foundation
import Testing

/// Corners the expressions of the first scrubber missed.
@Suite struct ScrubCornerTests {
    typealias E = ScrubExpectations
    typealias F = ScrubFixtures

    @Test func aBearerTokenFollowedDirectlyByAQuote() {
        E.expectScrubbed(
            E.response(
                #"{"log":"sent \"Authorization: Bearer qu0te-f0llows-123456\" to upstream"}"#, "application/json"),
            ["qu0te-f0llows-123456"])
        E.expectScrubbed(
            E.response("curl -H \"Authorization: Bearer qu0te-d1rect-654321\"", "text/plain"), ["qu0te-d1rect-654321"])
    }

    @Test(arguments: ["JOHN.DOE@EXAMPLE.COM", "josé.müller@bücher.example.de", "用户@例子.广告", "Ann.Lee@Corp.Example.Org"])
    func internationalAndUpperCaseEmails(_ address: String) {
        E.expectScrubbed(E.response("contact: \(address), thanks", "text/plain"), [address])
        E.expectScrubbed(E.response(#"{"to":"\#(address)"}"#, "application/json"), [address])
    }

    @Test func anUpperCaseAddressUnderASecretNameTakesTheEmailPlaceholder() {
        let document = E.response(#"{"password":"ANN@EXAMPLE.ORG","note":"ann@example.org"}"#, "application/json")
        #expect(
            E.scrubbedResponseBody(document)
                == #"{"note":"user-1@example.invalid","password":"user-1@example.invalid"}"#)
    }

    @Test func addressesHiddenWithHTMLReferences() {
        let document = E.response("<p>Write to ann&#64;example.org or bob&#x40;example.net</p>", "text/html")
        #expect(E.scrubbedResponseBody(document) == "<p>Write to user-1@example.invalid or user-2@example.invalid</p>")
    }

    @Test func oneAddressInTwoCasesIsOneSecret() {
        let document = E.response(#"{"a":"Ann@Example.com","b":"ann@example.com"}"#, "application/json")
        #expect(E.scrubbedResponseBody(document) == #"{"a":"user-1@example.invalid","b":"user-1@example.invalid"}"#)
    }

    @Test func aSetCookieWithoutAName() {
        let document = CassetteDocument(interactions: [
            F.interaction(F.response(headers: [.init("Set-Cookie", "n0-name-c00kie-9911; Path=/; HttpOnly")]))
        ])
        E.expectScrubbed(document, ["n0-name-c00kie-9911"])
        #expect(
            Scrubber.default.scrub(document).interactions[0].response?.headers
                == [.init("Set-Cookie", "SCRUBBED-COOKIE-1; Path=/; HttpOnly")])
    }

    @Test func graphQLInlineArguments() {
        let query = #"mutation { login(email: \"gql.user@example.org\", password: \"gr4phql-pw-77\") { token } }"#
        E.expectScrubbed(
            E.request(#"{"query":"\#(query)"}"#, "application/json"), ["gql.user@example.org", "gr4phql-pw-77"])
    }

    @Test func echoesThatComeBackHTMLEncodedOrInBase64() {
        let document = CassetteDocument(interactions: [
            F.interaction(
                F.request(headers: [.init("X-Api-Key", "k&y<9f8e7d6c5b>")]),
                F.response(
                    headers: [.init("Content-Type", "text/html")],
                    body: "<p>key k&amp;y&lt;9f8e7d6c5b&gt; rejected; raw "
                        + Data("k&y<9f8e7d6c5b>".utf8).base64EncodedString() + "</p>"))
        ])
        E.expectScrubbed(document, ["k&y<9f8e7d6c5b>", "k&amp;y&lt;9f8e7d6c5b&gt;"])
    }

    @Test func aRequestSignatureEchoedAloneInAnErrorBody() {
        let signature = "fe5f80f77d5fa3beca038a248ff027d0445342fe2855ddc963176630326f1024"
        let document = CassetteDocument(interactions: [
            F.interaction(
                F.request(headers: [
                    .init(
                        "Authorization",
                        "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20240101/us-east-1/s3/aws4_request, "
                            + "SignedHeaders=host;x-amz-date, Signature=\(signature)")
                ]),
                F.response(
                    403, headers: [.init("Content-Type", "application/xml")],
                    body: "<Error><Code>SignatureDoesNotMatch</Code><SignatureProvided>\(signature)</SignatureProvided>"
                        + "<StringToSign>AWS4-HMAC-SHA256</StringToSign></Error>"))
        ])
        let text = E.expectScrubbed(document, [signature, "AKIAIOSFODNN7EXAMPLE"])
        #expect(text.contains("<Code>SignatureDoesNotMatch</Code>"))
    }

    @Test func anEchoKeepsTheShapeOfTheOriginal() throws {
        let document = CassetteDocument(interactions: [
            F.interaction(
                F.request(headers: [.init("Authorization", "Bearer sh4pe-kept-0123456789")]),
                F.response(headers: [F.json], body: #"{"headers":{"Authorization":"Bearer sh4pe-kept-0123456789"}}"#))
        ])
        let scrubbed = Scrubber.default.scrub(document).interactions[0]
        #expect(scrubbed.request.headers == [.init("Authorization", "Bearer SCRUBBED-TOKEN-1")])
        let body = String(decoding: try #require(scrubbed.response?.body), as: UTF8.self)
        #expect(body == #"{"headers":{"Authorization":"Bearer SCRUBBED-TOKEN-1"}}"#)
    }

    @Test func privateKeyBlocksOfEveryKind() {
        let pgp =
            "-----BEGIN PGP PRIVATE KEY BLOCK-----\n\nlQOYBGPfakeKEYmaterialForPGPblock0123456789abcdef\n=AbCd\n-----END PGP PRIVATE KEY BLOCK-----"
        let age = "AGE-SECRET-KEY-1QQPZRY9X8GF2TVDW0S3JN54KHCE6MUA7LQQPZRY9X8GF2TVDW0S3JN54KHCE6M"
        let truncated = "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ"
        let text = E.expectScrubbed(
            E.response("\(pgp)\n\(age)\n\(truncated)", "text/plain"),
            [
                "lQOYBGPfakeKEYmaterialForPGPblock0123456789abcdef", String(age.dropFirst(16)),
                "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ",
            ])
        #expect(text.contains("-----BEGIN PGP PRIVATE KEY BLOCK-----"))
        #expect(text.contains("AGE-SECRET-KEY-1SCRUBBED-PRIVATE-KEY-2"))
    }
}
