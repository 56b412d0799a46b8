import CassetteScrubbing
import Foundation
import Testing

/// JSON rules that read the structure around a value, not only its key.
@Suite struct ScrubJSONStructureTests {
    typealias E = ScrubExpectations

    static func scrubbedJSON(_ body: String) throws -> JSONValue {
        try JSONParser.parse(Data(E.scrubbedResponseBody(E.response(body, "application/json")).utf8))
    }

    @Test func nameValuePairsOfEnvironmentListsAndKeyListings() throws {
        let body = """
            {"env":[{"name":"DATABASE_PASSWORD","value":"pa1r-db-pw-1"},{"name":"LOG_LEVEL","value":"debug"},\
            {"key":"STRIPE_API_KEY","value":"pa1r-str-k3y-2","type":"encrypted"}],\
            "Parameters":[{"Name":"/prod/db/password","Value":"pa1r-ssm-pw-3","Type":"SecureString"}],\
            "headers":[{"name":"Authorization","value":"Bearer pa1r-bearer-4x4x4x"}]}
            """
        E.expectScrubbed(
            E.response(body, "application/json"),
            ["pa1r-db-pw-1", "pa1r-str-k3y-2", "pa1r-ssm-pw-3", "pa1r-bearer-4x4x4x"])
        let scrubbed = try Self.scrubbedJSON(body)
        #expect(scrubbed["env"]?[1]?["value"] == .string("debug"))
        #expect(scrubbed["env"]?[2]?["type"] == .string("encrypted"))
        #expect(scrubbed["headers"]?[0]?["value"] == .string("Bearer SCRUBBED-TOKEN-1"))
    }

    @Test func everyStringUnderAContainerOfSecrets() throws {
        let body = """
            {"credentials":{"username":"svc-deploy","secretAccessKey":"c0nta1ner-sak","sessionToken":"c0nta1ner-st",\
            "provider":{"type":"OKTA","name":"OKTA"},"created_at":"2024-01-01T00:00:00Z"},\
            "keys":{"primary":"c0nta1ner-pr1mary==","secondary":"c0nta1ner-sec0ndary=="}}
            """
        E.expectScrubbed(
            E.response(body, "application/json"),
            ["c0nta1ner-sak", "c0nta1ner-st", "c0nta1ner-pr1mary==", "c0nta1ner-sec0ndary=="])
        let scrubbed = try Self.scrubbedJSON(body)
        // The account the secrets belong to is named, not kept secret.
        #expect(scrubbed["credentials"]?["username"] == .string("svc-deploy"))
        #expect(scrubbed["credentials"]?["provider"]?["type"] == .string("OKTA"))
        #expect(scrubbed["credentials"]?["created_at"] == .string("2024-01-01T00:00:00Z"))
    }

    @Test func jsonWebKeySetsKeepPublicMembersAndLosePrivateOnes() throws {
        let publicKey =
            #"{"kty":"RSA","kid":"2024-key","use":"sig","alg":"RS256","n":"0vx7agoebGcQSuuPiLJXZptN9nndrQmbXEps2aiAFbWhM78LhWx4cbbfAAtVT86zwu1RK7aPFFxuhDR1L6tSoc_BJECPebWKRXjBZCiFV4n3oknjhMstn64tZ_2W-5JsGY4Hc5n9yBXArwl93lqt7_RN5w6Cf0h4QyQ5v-65YGjQR0_FDW2QvzqY368QQMicAtaSqzs8KJZgnYb9c7d0zgdAZHzu6qMQvRL5hajrn1n91CbOpbISD08qNLyrdkt-bFTWhAI4vMQFh6WeZu0fM4lFd2NcRwr3XPksINHaQ-G_xBniIqbw0Ls1jF44-csFCur-kEgU8awapJzKnqDKgw","e":"AQAB"}"#
        let privateKey = #"{"kty":"oct","kid":"hmac","k":"c3ltbWV0cmljLWp3ay1zZWNyZXQtMTIz","alg":"HS256"}"#
        let rsaPrivate =
            #"{"kty":"RSA","kid":"r","n":"abc","e":"AQAB","d":"cHJpdmF0ZS1leHBvbmVudC1kLTk4NzY1","p":"cHJpbWUtcC0xMjM0NQ","q":"cHJpbWUtcS02Nzg5MA"}"#
        E.expectUntouched(E.response(#"{"keys":[\#(publicKey)]}"#, "application/json"))
        E.expectScrubbed(
            E.response(#"{"keys":[\#(privateKey),\#(rsaPrivate)]}"#, "application/json"),
            ["c3ltbWV0cmljLWp3ay1zZWNyZXQtMTIz", "cHJpdmF0ZS1leHBvbmVudC1kLTk4NzY1", "cHJpbWUtcC0xMjM0NQ"])
    }

    @Test func aPrivateKeyUnderItsNameKeepsItsMarkers() throws {
        let body =
            #"{"type":"service_account","private_key":"-----BEGIN PRIVATE KEY-----\nMIIEvgIBADANBgkqhkiG9w0BAQEFAASCsaKEY\n-----END PRIVATE KEY-----\n"}"#
        E.expectScrubbed(E.response(body, "application/json"), ["MIIEvgIBADANBgkqhkiG9w0BAQEFAASCsaKEY"])
        let scrubbed = try Self.scrubbedJSON(body)
        #expect(
            scrubbed["private_key"]
                == .string("-----BEGIN PRIVATE KEY-----\nSCRUBBED-PRIVATE-KEY-1\n-----END PRIVATE KEY-----\n"))
    }

    @Test func yamlNameValuePairs() {
        let body = "env:\n  - name: API_TOKEN\n    value: yaml-l1st-t0k3n\n  - name: MODE\n    value: fast\n"
        #expect(
            E.scrubbedResponseBody(E.response(body, "application/yaml"))
                == "env:\n  - name: API_TOKEN\n    value: SCRUBBED-SECRET-1\n  - name: MODE\n    value: fast\n")
    }

    @Test func objectKeysThatAreEmailsOrTokens() throws {
        let token = "ghp_" + "K3yAsT0kenR7bX2kQ9vLm4Tz8Wc1Ny6Hd3Jf"
        let body = #"{"members":{"key.user@corp.example.com":{"role":"admin"},"\#(token)":{"scopes":["repo"]}}}"#
        E.expectScrubbed(E.response(body, "application/json"), ["key.user@corp.example.com", token])
        let scrubbed = try Self.scrubbedJSON(body)
        #expect(scrubbed["members"]?["user-1@example.invalid"]?["role"] == .string("admin"))
    }

    @Test func numbersUnderPINAndOneTimeCodeNames() throws {
        let body =
            #"{"pin":4821,"otp_code":123456,"verification_code":778899,"code":404,"max_tokens":1024,"pin_length":4}"#
        E.expectScrubbed(E.response(body, "application/json"), [])
        let scrubbed = try Self.scrubbedJSON(body)
        #expect(scrubbed["pin"] == .number("0"))
        #expect(scrubbed["otp_code"] == .number("0"))
        #expect(scrubbed["verification_code"] == .number("0"))
        #expect(scrubbed["code"] == .number("404"))
        #expect(scrubbed["max_tokens"] == .number("1024"))
        #expect(scrubbed["pin_length"] == .number("4"))
        let finding = Scrubber.default.findings(in: E.response(body, "application/json")).first
        #expect(
            finding
                == ScrubFinding(
                    path: "interactions[0].response.body.json.otp_code", rule: "secret-field",
                    summary: "number under JSON key \"otp_code\" → 0"))
    }

    @Test func numbersInJSONKeptAsTextAreReplacedWhereTheyStand() {
        // `\/` makes the cassette keep the text as it is.
        let body = #"{"pin" : 4821, "path" : "a\/b"}"#
        #expect(E.scrubbedResponseBody(E.response(body, "application/json")) == #"{"pin" : 0, "path" : "a\/b"}"#)
    }

    @Test func modelTokensBesideLogProbabilitiesAreNoSecrets() {
        let body = """
            {"choices":[{"message":{"role":"assistant","content":"Hello there"},"logprobs":{"content":[\
            {"token":"Hello","logprob":-0.31,"bytes":[72,101,108,108,111],"top_logprobs":[{"token":"Hello","logprob":-0.31}]},\
            {"token":" there","logprob":-1.2,"bytes":[32],"top_logprobs":[]}]}}],\
            "usage":{"prompt_tokens":9,"completion_tokens":2,"total_tokens":11}}
            """
        E.expectUntouched(E.response(body, "application/json"))
        let legacy = #"{"choices":[{"text":"Hi","logprobs":{"tokens":["Hi"," there"],"token_logprobs":[-0.1,-0.2]}}]}"#
        E.expectUntouched(E.response(legacy, "application/json"))
    }

    @Test func validationMessagesUnderASecretNameStay() {
        E.expectUntouched(
            E.response(#"{"errors":{"password":["is too short (minimum is 8 characters)"]}}"#, "application/json"))
    }

    @Test func aPairWhoseValuesAreObjects() throws {
        // Netlify's environment variables: `key` names the secret, each of `values` holds it.
        let body =
            #"[{"key":"PAYMENTS_TOKEN","scopes":["builds"],"values":[{"context":"production","value":"pr0d-v4lue-1122"}]}]"#
        let document = E.response(body, "application/json")
        E.expectScrubbed(document, ["pr0d-v4lue-1122"])
        let scrubbed = try JSONParser.parse(
            try #require(Scrubber.default.scrub(document).interactions[0].response?.body))
        #expect(scrubbed[0]?["values"]?[0]?["context"] == .string("production"))
        #expect(scrubbed[0]?["scopes"]?[0] == .string("builds"))
    }

    @Test func theCodeOfATokenRequestInJSON() throws {
        let body = #"{"client_id":"app-1","code":"sq0cgp-AbCdEf123456","grant_type":"authorization_code"}"#
        let document = E.request(body, "application/json")
        E.expectScrubbed(document, ["sq0cgp-AbCdEf123456"])
        // Without a grant, `code` is an error code or a country code.
        E.expectUntouched(E.response(#"{"code":"invalid_request_body","country":{"code":"DE"}}"#, "application/json"))
    }
}
