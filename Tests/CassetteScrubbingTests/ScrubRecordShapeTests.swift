import CassetteScrubbing
import Foundation
import Testing

/// Secrets that a record's shape names rather than their own names: a table's column, a GraphQL
/// argument a variable is bound to, a JSON:API record of a credential, an integration's key.
@Suite struct ScrubRecordShapeTests {
    typealias E = ScrubExpectations

    static let keys = ["ak_CVkl4G6LTWoIZNQ65AIPWk7qtdOpwzDV", "ak_krahNL5qVkT91fp5RqbYfGCVZqzBX24Y"]

    @Test(arguments: [("text/csv", ","), ("text/plain", ","), ("text/plain", ";"), ("text/tab-separated-values", "\t")])
    func aTablesSecretColumnIsScrubbedAndTheRestStays(contentType: String, delimiter: String) {
        let rows = [
            ["id", "role", "api_key", "password_changed_at"],
            ["usr_CJ4Wpc3MUYrp", "viewer", Self.keys[0], "2026-11-20T10:00:00Z"],
            ["usr_87oXZV2mWflF", "owner", "\"\(Self.keys[1])\"", "2026-11-21T10:00:00Z"],
        ]
        let body = rows.map { $0.joined(separator: delimiter) }.joined(separator: "\r\n") + "\r\n"
        let document = E.response(body, contentType)
        E.expectScrubbed(document, Self.keys)
        let scrubbed = E.scrubbedResponseBody(document)
        for kept in ["usr_CJ4Wpc3MUYrp", "viewer", "2026-11-20T10:00:00Z", "password_changed_at"] {
            #expect(scrubbed.contains(kept), "\(kept) lost")
        }
    }

    @Test func textWithCommasIsNoTable() {
        E.expectUntouched(
            E.response(
                "Reset your password, then sign in again.\nThe key, as before, is on the card.\n", "text/plain"))
        E.expectUntouched(E.response("name,token_count,role\nchat,1234,assistant\n", "text/csv"))
    }

    @Test func aGraphQLVariableBoundToASecretArgumentIsScrubbedWhereverItIsEchoed() {
        let password = "LLZTaADhh9ymz8^r%A94"
        let request =
            #"{"query":"mutation ($p: String!, $n: String!) { set_db_password(args: {new_password: $p, note: $n}) { ok } }","variables":{"p":"\#(password)","n":"rotated by the release job"}}"#
        let document = CassetteDocument(interactions: [
            Interaction(
                request: RecordedRequest(
                    method: "POST", url: "https://graphql.example.app/v1/graphql",
                    headers: [HTTPHeader("Content-Type", "application/json")], body: Data(request.utf8)),
                outcome: .response(
                    RecordedResponse(
                        status: 200, headers: [HTTPHeader("Content-Type", "application/json")],
                        body: Data(
                            #"{"errors":[{"extensions":{"internal":{"arguments":["(Oid 25,Just (\"\#(password)\",Binary))"]}}}]}"#
                                .utf8))))
        ])
        E.expectScrubbed(document, [password])
        let scrubbed = Scrubber.default.scrub(document)
        let body = String(decoding: scrubbed.interactions[0].request.body ?? Data(), as: UTF8.self)
        #expect(body.contains("rotated by the release job"), "an unbound variable was scrubbed: \(body)")
    }

    @Test func aJSONAPIRecordOfAKeyHoldsItInItsAttributes() {
        let key = "98fece16a38e8e46ea2bef7577fef097"
        let document = E.response(
            #"{"data":{"attributes":{"key":"\#(key)","last4":"f097","name":"ingest-2"},"id":"cc21b436-5d90-4bc4-8f1a-018dfb09e6f8","type":"api_keys"}}"#,
            "application/vnd.api+json")
        E.expectScrubbed(document, [key])
        let body = E.scrubbedResponseBody(document)
        #expect(body.contains(#""name":"ingest-2""#) && body.contains(#""last4":"f097""#))
        // The same attributes on a record of something else are not a credential.
        E.expectUntouched(
            E.response(
                #"{"data":{"attributes":{"key":"checkout-latency","value":"p95"},"type":"dashboards"}}"#,
                "application/vnd.api+json"))
    }

    @Test func anIntegrationsRoutingKeyIsASecret() {
        let key = "39c9cd724812bb963cd058b6d0b152b9"
        E.expectScrubbed(
            E.request(
                #"{"event_action":"trigger","routing_key":"\#(key)","payload":{"summary":"mail failing"}}"#,
                "application/json"), [key])
    }
}

/// A one-time code in a message (an SMS sent through an API, a mail): the digits go, the message
/// and the numbers around it that are not codes stay.
@Suite struct ScrubOneTimeCodeTests {
    typealias E = ScrubExpectations

    @Test(arguments: [
        "Your Acme verification code is 643859. It expires in 10 minutes.",
        "Login code: 5821", "Use 90417342 as your one-time passcode for Acme.",
        "Acme: your security code is 118 204? no: 118204 is your sign-in code",
    ])
    func theCodeGoes(_ message: String) throws {
        let code = try #require(message.split(whereSeparator: { !$0.isNumber }).last { $0.count >= 4 })
        let document = E.response(#"{"body":"\#(message)","to":"+15005550010"}"#, "application/json")
        E.expectScrubbed(document, [String(code)])
        #expect(E.scrubbedResponseBody(document).contains("+15005550010"))
        // Form-encoded, as Twilio's Messages API takes it.
        let form =
            "To=%2B15005550010&Body=" + (message.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
        E.expectScrubbed(E.request(form, "application/x-www-form-urlencoded"), [String(code)])
    }

    @Test(arguments: [
        "Order 48213 ships on 2026-11-30; error code 5021 means retry.",
        "Call +1 415 555 0100 or use access code routing via 0800-1234.",
        "Your verification code expires in 10 minutes; 3 attempts left.",
        "Login page v2.3412 was served in 1234ms",
    ])
    func numbersThatAreNoCodeStay(_ message: String) {
        E.expectUntouched(E.response(#"{"body":"\#(message)"}"#, "application/json"))
    }
}

/// A secret quoted in a message (a support mail, a chat message, a ticket): the value after a
/// secret's name and `is`, `was`, `: ` or `=` goes; the sentence around it stays, and so do words
/// after such a name that are no secret.
@Suite struct ScrubSecretInProseTests {
    typealias E = ScrubExpectations

    @Test(arguments: [
        (
            "I cannot log in. The temporary password you sent me was Kq8#vT2m!xLp41 but it says expired.",
            "Kq8#vT2m!xLp41"
        ),
        ("office vpn psk is 7Hd$kQ2vN9wLz_4rTq8xMb3e", "7Hd$kQ2vN9wLz_4rTq8xMb3e"),
        ("Here is my API key: 'Ab7fK29qLm3XzT8w' - please rotate it", "Ab7fK29qLm3XzT8w"),
        ("set DATABASE_PASSWORD=Wq4-zP9m_R2t then restart", "Wq4-zP9m_R2t"),
        // Right after the noun, with no verb: a value that holds letters of both cases, digits and a symbol.
        ("Sign in with the temporary password MT#%YtdP6W9x17 and choose a new one.", "MT#%YtdP6W9x17"),
    ])
    func theSecretGoes(_ message: String, _ secret: String) {
        let document = E.response(#"{"content":{"msgtype":"m.text","body":"\#(message)"}}"#, "application/json")
        E.expectScrubbed(document, [secret])
        let text = E.scrubbedResponseBody(document)
        let before = message.components(separatedBy: secret)[0]
        #expect(text.contains(before), "\(before) was changed in\n\(text)")
        E.expectScrubbed(E.response(message, "text/plain"), [secret])
    }

    @Test(arguments: [
        "Your password is required and must be at least 12 characters.",
        "The token was revoked at 2026-11-30T10:42:00Z by the admin.",
        "Password: ********", "The secret is stored in arn:aws:secretsmanager:eu-west-1:1234:secret:prod/db-b16yfz",
        "GET /v1/token:introspect returned 200", "Your token is valid until Monday.",
        "Use the password reset link; the token TTL-Policy2 applies.", "Rotate the secret Prod2026Rotation soon.",
    ])
    func wordsAfterASecretsNameStay(_ message: String) {
        E.expectUntouched(E.response(#"{"body":"\#(message)"}"#, "application/json"))
    }
}
