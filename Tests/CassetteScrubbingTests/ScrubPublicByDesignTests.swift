import CassetteScrubbing
import Foundation
import Testing

/// Values that look like credentials but are public by design stay; what sits beside them and is
/// secret does not.
@Suite struct ScrubPublicByDesignTests {
    typealias E = ScrubExpectations

    static let publicKey = "f4a627b784f6bc6ed2b5c2783d1ec70f"

    /// A Sentry DSN's key ships in every browser bundle; a legacy DSN's secret part does not.
    @Test func aSentryDSNKeepsItsPublicKey() {
        let dsn = "https://\(Self.publicKey)@o149712.ingest.sentry.io/7540"
        E.expectUntouched(E.response("SENTRY_DSN=\(dsn)\nLOG_LEVEL=info\n", "text/plain"))
        E.expectUntouched(E.response(#"{"sentry":{"dsn":"\#(dsn)"}}"#, "application/json"))
        E.expectUntouched(E.response("sentry:\n  dsn: \(dsn)\n  environment: production\n", "application/yaml"))
        let secret = "9c0bd2a81e5f43d7a6b1c8e2f0d4a7b3"
        E.expectScrubbed(
            E.response("SENTRY_DSN=https://\(Self.publicKey):\(secret)@sentry.io/7540\n", "text/plain"), [secret])
        // A key as a URL user elsewhere is still a credential.
        E.expectScrubbed(
            E.response("REMOTE=https://\(Self.publicKey)@git.example.com/acme/app.git\n", "text/plain"),
            [Self.publicKey])
    }

    /// A Datadog client token (`pub` and 32 hex digits) is what browser SDKs send; an OCI resource
    /// id names a secret without being it; an app key beside its secret in a `.env` file names the
    /// app. The secrets beside each go.
    @Test func clientTokensResourceIdsAndKeysBesideTheirSecretsStay() {
        let clientToken = "pub3f0c1e9a7b2d4c6e8f0a1b2c3d4e5f60"
        E.expectUntouched(
            E.request(#"{"clientToken":"\#(clientToken)","site":"datadoghq.eu"}"#, "application/json"))
        let ocid = "ocid1.vaultsecret.oc1.iad.amaaaaaa7mjirbaa5ktg3xqnpl2q3ubdyxh6wzy4a4xzd3rlfj5yq"
        E.expectUntouched(E.response(#"{"secretId":"\#(ocid)","stage":"CURRENT"}"#, "application/json"))
        let secret = "21c7dad19d276380e748"
        let env = "PUSHER_APP_ID=7234756\nPUSHER_APP_KEY=8cd51d55e488a4bfc85c\nPUSHER_APP_SECRET=\(secret)\n"
        let text = E.expectScrubbed(E.response(env, "text/plain"), [secret])
        #expect(text.contains("PUSHER_APP_KEY=8cd51d55e488a4bfc85c"))
        // A key with no secret beside it is the secret (Laravel's `APP_KEY`).
        E.expectScrubbed(
            E.response("APP_NAME=shop\nAPP_KEY=base64:73w/EUajyViAdXk+dRwhrB5oGnejeQfIlV9JmjDmTYo=\n", "text/plain"),
            ["73w/EUajyViAdXk+dRwhrB5oGnejeQfIlV9JmjDmTYo="])
    }

    /// Cookies an analytics script sets (Application Insights, Google, Meta) identify a visitor;
    /// the session cookie beside them is a credential.
    @Test func analyticsCookiesStayAndTheSessionCookieGoes() {
        let session = "CfDJ8H9V8Xk9xCCf2A3Y5RR1o99e70QZPIWUtuEK7e8noNGrg5r54Kx"
        let cookie =
            "ai_user=KIZD5|2026-11-30T21:04:11.482Z; ai_session=4pBm5|1796100000000|1796100012000; "
            + "_gid=GA1.2.1455926151.1796100000; _fbp=fb.1.1796100000000.1234567890; .AspNetCore.Cookies=\(session)"
        let document = CassetteDocument(interactions: [
            Interaction(
                request: RecordedRequest(
                    method: "GET", url: "https://app.example.com/account", headers: [HTTPHeader("Cookie", cookie)]),
                outcome: .response(RecordedResponse(status: 200)))
        ])
        let text = E.expectScrubbed(document, [session])
        for kept in [
            "ai_user=KIZD5|2026-11-30T21:04:11.482Z", "ai_session=4pBm5|1796100000000|1796100012000", "_fbp=fb.1.",
        ] {
            #expect(text.contains(kept), "\(kept) was changed")
        }
    }

    /// A reference to a stored secret is not the secret: Home Assistant's `!secret name`, TeamCity's
    /// `credentialsJSON:<id>`.
    @Test func referencesToStoredSecretsStay() {
        E.expectUntouched(
            E.response(
                "recorder:\n  db_url: !secret recorder_db_url\n  password: !secret db_password\n", "application/yaml"))
        E.expectUntouched(
            E.response(
                #"{"property":[{"name":"deploy.password","value":"credentialsJSON:a4f64c29-2ed8-4ebb-a64d-3ba491ef9a40"}]}"#,
                "application/json"))
    }

    /// A translation file's messages under secrets' names are messages (Phrase's locale download as
    /// YAML); a file that is not a translation still loses a quoted password.
    @Test func messagesOfADownloadedTranslationFileStay() {
        let yaml =
            "en:\n  auth:\n    forgot_password: \"Forgot your password?\"\n    api_key_help: \"Paste your API key here\"\n"
        let translations = CassetteDocument(interactions: [
            Interaction(
                request: RecordedRequest(
                    method: "GET",
                    url: "https://api.phrase.com/v2/projects/7aec82f8/locales/0b412231/download?file_format=yml"),
                outcome: .response(
                    RecordedResponse(
                        status: 200, headers: [HTTPHeader("Content-Type", "application/x-yaml")], body: Data(yaml.utf8))
                ))
        ])
        E.expectUntouched(translations)
        E.expectScrubbed(E.response("db:\n  password: \"Zx9 q2Lm 44p Kw\"\n", "application/yaml"), ["Zx9 q2Lm 44p Kw"])
    }

    @Test func sentrysAuthHeaderKeepsItsKeyAndLosesItsSecret() {
        let header = "Sentry sentry_version=7, sentry_client=sentry.python/2.19.0, sentry_key=\(Self.publicKey)"
        let request = RecordedRequest(
            method: "POST", url: "https://o149712.ingest.sentry.io/api/7540/envelope/",
            headers: [HTTPHeader("X-Sentry-Auth", header)])
        let document = CassetteDocument(interactions: [
            Interaction(request: request, outcome: .failure(TransportError(code: -1)))
        ])
        #expect(
            Scrubber.default.scrub(document).interactions[0].request.headers == [HTTPHeader("X-Sentry-Auth", header)])
        let secret = "9c0bd2a81e5f43d7a6b1c8e2f0d4a7b3"
        let legacy = header + ", sentry_secret=\(secret)"
        let scrubbed = Scrubber.default.scrub(
            CassetteDocument(interactions: [
                Interaction(
                    request: RecordedRequest(
                        method: "POST", url: request.url, headers: [HTTPHeader("X-Sentry-Auth", legacy)]),
                    outcome: .failure(TransportError(code: -1)))
            ]))
        let value = scrubbed.interactions[0].request.headers.first?.value ?? ""
        #expect(!value.contains(secret))
        #expect(value.contains("sentry_key=\(Self.publicKey)"))
    }

    /// A query-signed URL's credential item names the signing key and scope; its signature is the
    /// secret. An AWS access key id in it is still found by its shape.
    @Test func aSignedURLKeepsItsCredentialScopeAndLosesItsSignature() {
        let signature = "5d3c4a1b9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b"
        let credential = "uploader%40acme-media.iam.gserviceaccount.com%2F20261130%2Fauto%2Fstorage%2Fgoog4_request"
        let url =
            "https://storage.googleapis.com/acme-media/a.jpg?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Credential="
            + credential
            + "&X-Goog-Date=20261130T080000Z&X-Goog-Expires=900&X-Goog-SignedHeaders=host&X-Goog-Signature="
            + signature
        let document = E.response(#"{"url":"\#(url)"}"#, "application/json")
        E.expectScrubbed(document, [signature])
        #expect(E.scrubbedResponseBody(document).contains("X-Goog-Credential=" + credential))
        let keyID = "AKIAIOSFODNN7EXAMPLQ"
        E.expectScrubbed(
            E.response(
                "https://s3.amazonaws.com/b/k?X-Amz-Credential=\(keyID)%2F20261130%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Signature=\(signature)",
                "text/plain"), [keyID, signature])
    }

    /// Signatures that anyone verifies: cosign's annotation on an image, a transparency-log entry's
    /// signature beside its public key. A signature without a key to verify it stays a secret.
    @Test func signaturesOfPublicArtefactsStay() {
        let signature = "jIiCSjn5beC6GzdOLOGcqHyhT1d+StO86DyXKzAIrVddxsy3YMq0wQ9zRkTnWpL2vXe4bHgC7fJ8sDmA1uIoPw=="
        E.expectUntouched(
            E.response(
                #"{"layers":[{"annotations":{"dev.cosignproject.cosign/signature":"\#(signature)"},"digest":"sha256:62c47476"}]}"#,
                "application/vnd.oci.image.manifest.v1+json"))
        E.expectUntouched(
            E.response(
                #"{"kind":"hashedrekord","spec":{"signature":{"content":"\#(signature)","publicKey":{"content":"LS0tLS1CRUdJTiBQVUJMSUMgS0VZLS0tLS0K"}}}}"#,
                "application/json"))
        E.expectScrubbed(
            E.response(
                #"{"webhook":{"signature":{"value":"\#(signature)","algorithm":"hmac-sha256"}}}"#, "application/json"),
            [signature])
    }

    /// Base64 of binary data ends in `=` padding: no `name=value` form, nothing to scrub.
    @Test func paddedBase64IsNoForm() {
        E.expectUntouched(
            E.response(
                #"{"digest":"jIiCSjn5beC6GzdOLOGcqHyhT1d+StO86DyXKzAIrVddxsy3YMq0wQ9zRkTnWpL2vXe4bHgC7fJ8sDmA1uIoPw==","n":"Y2FzcwE="}"#,
                "application/json"))
        E.expectScrubbed(E.request("password=aB3dE5fG7hJ9k==", "text/plain"), ["aB3dE5fG7hJ9k=="])
    }

    /// A value already encrypted by the tool that stores it (Jenkins' `{AQAAAB…}`, DigitalOcean's
    /// `EV[1:…]`, SOPS' `ENC[AES256_GCM,…]`, Vault transit's `vault:v1:…`) stays under a secret's
    /// name: it is what the tool shows in the secret's place. A plain value there goes.
    @Test func ciphertextsInTheirEnvelopesStay() {
        for ciphertext in [
            "{AQAAABAAAAAQJ92FBvkjYMU1QE2IN/TGMbdYiHRBYjhGDaBdS0PC6XBvS8O+H9f4+eoOFAMet/7f}",
            "EV[1:QswCeub1zjkaiCWpMyWf7GJx:2sRkXXsQUl9Zuy2twOy36UNerplKMoqw4Ko5XUId38/x1WYEaW+cKyKT26zFvI/h]",
            "ENC[AES256_GCM,data:Tr7o1kmS1lqoDw==,iv:1=,tag:2=,type:str]",
            "vault:v1:8SDd3WHDOjf7mq69CyCqYjBXAiQQAVZRkFM13ok481zoCmHnSeDX9vyf7w==",
        ] {
            E.expectUntouched(E.response(#"{"db_password":"\#(ciphertext)"}"#, "application/json"))
        }
        E.expectScrubbed(E.response(#"{"db_password":"Tr7o1kmS1lqoDwQx"}"#, "application/json"), ["Tr7o1kmS1lqoDwQx"])
    }

    /// Client keys every app holds: PubNub's publish and subscribe keys (`pub-c-`, `sub-c-`) and
    /// Statsig's client SDK key (`client-`). Their secret keys (`sec-c-`, `secret-`) go.
    @Test func clientSDKKeysStayAndTheirServerSecretsGo() {
        let publish = "pub-c-c0483332-8a80-4bd9-a423-1a70c7aa58c8"
        let subscribe = "sub-c-85d54c7a-feeb-49f8-ac41-3ad2eb152b81"
        let client = "client-S6BAIvFBApIZhHNiPDJFfO08InfCtnNFLxGHkqzbBvK"
        E.expectUntouched(
            E.response(
                #"{"publishKey":"\#(publish)","subscribeKey":"\#(subscribe)","statsigKey":"\#(client)"}"#,
                "application/json"))
        let secret = "secret-Z9yXwV8uT7sR6qP5oN4mL3kJ2iH1gF0eDcBa9876"
        let text = E.expectScrubbed(
            E.response(#"{"clientKey":"\#(client)","serverSecret":"\#(secret)"}"#, "application/json"), [secret])
        #expect(text.contains(client))
    }

    /// Names: `reset_token` holds a token (only a counted `token` follows a quantity, `max_token`);
    /// `token_id` and a secret's `digest` name and fingerprint one.
    @Test func aResetTokenGoesAndATokensIdAndDigestStay() {
        let reset = "vEVaPNMixj60KhIGYCZOrN2BTMZ-9p7nRBDwujegeFl"
        let text = E.expectScrubbed(
            E.request(#"{"substitution_data":{"first_name":"Nina","reset_token":"\#(reset)"}}"#, "application/json"),
            [reset])
        #expect(text.contains("Nina"))
        E.expectUntouched(
            E.response(
                #"{"max_token":12000,"msg":"token refreshed","secrets":[{"digest":"8565a31c1e146fb2","name":"STRIPE_SECRET_KEY"}],"token_id":"tok_EZqwNnLLDbqLBJ3A"}"#,
                "application/json"))
    }

    /// A key sent beside its secret names the pair: `Modal-Key` beside `Modal-Secret` in headers,
    /// `apiKey` beside `streamApiSecret` (the secret's name qualified once more), and a search-only
    /// key a key API creates for a browser (Typesense's `documents:search`). The secrets go.
    @Test func keysBesideTheirSecretsAndSearchOnlyKeysStay() {
        let tokenID = "ak-2B8Lqc3ithg6NwmSyL470P"
        let tokenSecret = "as-Xq81KDnOvqRd3LyPqB0Qm9"
        let document = CassetteDocument(interactions: [
            Interaction(
                request: RecordedRequest(
                    method: "POST", url: "https://api.modal.com/v1/run",
                    headers: [HTTPHeader("Modal-Key", tokenID), HTTPHeader("Modal-Secret", tokenSecret)]),
                outcome: .response(RecordedResponse(status: 200)))
        ])
        #expect(E.expectScrubbed(document, [tokenSecret]).contains(tokenID))
        let streamSecret = "u308jrjvw5ovgynmj3t96a3rnsdikj638pvdt7r92n2mpziew4gznv7a7ge5dxn8"
        let config = #"{"stream":{"apiKey":"ik5bi67p9md9","streamApiSecret":"\#(streamSecret)"}}"#
        #expect(E.expectScrubbed(E.response(config, "application/json"), [streamSecret]).contains("ik5bi67p9md9"))
        // A key beside another app's secret, which has its own key, is a secret (`APP_KEY`).
        E.expectScrubbed(
            E.response(
                "APP_KEY=base64:73w/EUajyViAdXk+dRwhrB5oGnejeQfIlV9JmjDmTYo=\nPUSHER_APP_KEY=8cd51d55e488a4bfc85c\n"
                    + "PUSHER_APP_SECRET=21c7dad19d276380e748\n", "text/plain"),
            ["73w/EUajyViAdXk+dRwhrB5oGnejeQfIlV9JmjDmTYo=", "21c7dad19d276380e748"])
        let searchOnly =
            #"{"actions":["documents:search"],"collections":["recipes"],"description":"Search-only key for the web app","value":"xexGLXpwTyHMjuJRdMSUTca6ehvzqo37"}"#
        E.expectUntouched(
            CassetteDocument(interactions: [
                Interaction(
                    request: RecordedRequest(method: "POST", url: "https://search.example.com/keys"),
                    outcome: .response(
                        RecordedResponse(
                            status: 201, headers: [HTTPHeader("Content-Type", "application/json")],
                            body: Data(searchOnly.utf8))))
            ]))
    }
}
