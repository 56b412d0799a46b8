import CassetteScrubbing
import Foundation
import Testing

/// The mechanisms of issue 20, one example each (the fresh corpus measures them as classes): the
/// structure around a secret's name, names weighed by their words, parameter credentials, streams
/// joined across events, and values that are public by design.
@Suite struct ScrubGeneralisationTests {
    typealias E = ScrubExpectations
    typealias F = ScrubFixtures

    @Test func aSecretNameHoldsForTheValueOneLevelBelow() {
        let body =
            #"{"outputs":{"db_password":{"sensitive":true,"value":"Qm9-pw-77a1XcV"},"region":{"value":"eu-west-1"}}}"#
        let text = E.expectScrubbed(E.response(body, "application/json"), ["Qm9-pw-77a1XcV"])
        #expect(text.contains("eu-west-1"))
    }

    @Test func aSiblingMarkerMakesTheValueASecret() {
        let body =
            #"[{"key":"UPLOAD_HANDLE","value":"glcbt-9Xq2LmP0aZ7kT4vB1nR8","masked":true},"#
            + #"{"key":"IMAGE","value":"registry.example.com/app","masked":false},"#
            + #"{"type":"CONCEALED","label":"db","value":"p4ss-W0rd-8812"}]"#
        let text = E.expectScrubbed(
            E.response(body, "application/json"), ["glcbt-9Xq2LmP0aZ7kT4vB1nR8", "p4ss-W0rd-8812"])
        #expect(text.contains("registry.example.com/app"))
    }

    @Test func aTableCellAfterASecretNameIsASecret() {
        let body =
            "<table><tr><td>DB_HOST</td><td>10.0.3.15</td></tr><tr><td>DB_PASSWORD</td><td>Zx9!q2Lm#44p</td></tr></table>"
        let text = E.expectScrubbed(E.response(body, "text/html"), ["Zx9!q2Lm#44p"])
        #expect(text.contains("10.0.3.15"))
    }

    @Test func aNumberedSecretNameIsNamedByItsWord() {
        // rclone's crypt remote (`password`, `password2`), a rotated client secret, a second token.
        let ini =
            "[vault]\ntype = crypt\nremote = b2:vault\npassword = z-12ZEUCjnLGD4xY2Jb0sKX4l\n"
            + "password2 = wfFDqw_dP2m-UCIQblCc6Gxp\n"
        let text = E.expectScrubbed(
            E.response(ini, "text/plain"), ["z-12ZEUCjnLGD4xY2Jb0sKX4l", "wfFDqw_dP2m-UCIQblCc6Gxp"])
        #expect(text.contains("remote = b2:vault"))
        E.expectScrubbed(
            E.response(#"{"CLIENT_SECRET_2":"Qz81-vKd02mLx7RtPq","token_01":"tk9Lm2Xq81VbNc4Rz"}"#, "application/json"),
            ["Qz81-vKd02mLx7RtPq", "tk9Lm2Xq81VbNc4Rz"])
        // A bare `key` of a settings file holds one when its value mixes cases with digits.
        let remote = "[b2-archive]\ntype = b2\naccount = 6218fc29fce8\nkey = K00_XrLgz_g8knA33vO_1gYeURcie4u\n"
        let scrubbedRemote = E.expectScrubbed(E.response(remote, "text/plain"), ["K00_XrLgz_g8knA33vO_1gYeURcie4u"])
        #expect(scrubbedRemote.contains("account = 6218fc29fce8"))
        E.expectUntouched(E.response("[cache]\nkey = user_profile_2024_cache_v1\nttl = 300\n", "text/plain"))
        // Other words keep their digits: a digest and a protocol version are not secrets.
        E.expectUntouched(
            E.response(#"{"sha256":"3f9a2b","oauth2":"enabled","page_2":"Qz81vKd02mLx"}"#, "application/json"))
    }

    /// A command that sets a value under a secret's name, in a CI job's trace or a Redis session;
    /// a setting that is no secret stays.
    @Test func aValueSetUnderASecretsNameInACommandGoes() {
        let secret = "TyqdfjHabb+Liugi9hqk8clr9+efZcdfJmFHFY8T"
        let trace =
            "\u{1B}[0KRunning with gitlab-runner 17.5.2\u{1B}[0;m\n$ aws configure set region eu-west-1\n"
            + "$ aws configure set aws_secret_access_key \(secret)\n$ redis-cli CONFIG SET requirepass 'Qm8!vT2pLx9zR4'\n"
            + "$ ./deploy.sh staging\n"
        let document = E.response(trace, "text/plain")
        E.expectScrubbed(document, [secret, "Qm8!vT2pLx9zR4"])
        // The ANSI escapes make the body binary on disk: read what it became.
        let body = E.scrubbedResponseBody(document)
        #expect(body.contains("aws configure set region eu-west-1"))
        #expect(!body.contains(secret) && !body.contains("Qm8!vT2pLx9zR4"))
        #expect(body.contains("requirepass 'SCRUBBED"), "the quotes around the password were lost")
        E.expectUntouched(E.response("$ git config --global set theme dark\n$ tmux set status off\n", "text/plain"))
        // Authorize.net's merchant credential in its XML request.
        E.expectScrubbed(
            E.request(
                "<merchantAuthentication><name>5KP3u95bQpv</name><transactionKey>346HZ32z3fP4hTG2</transactionKey>"
                    + "</merchantAuthentication>", "text/xml"), ["346HZ32z3fP4hTG2"])
    }

    /// SASL `PLAIN` credentials inline in a log (smtplib's debug output of `AUTH PLAIN`, an IMAP
    /// `AUTHENTICATE PLAIN`): base64 of the user and password, as readable as `Basic` credentials.
    @Test func inlineSASLPlainCredentialsInALogGoWhole() {
        let password = "Wp4-rTz9Lm2qXv8s"
        let credentials = Data("\u{0}apikey\u{0}\(password)".utf8).base64EncodedString()
        let log =
            "send: 'ehlo worker-7.internal\\r\\n'\nreply: b'250-smtp.example.net'\n"
            + "send: 'AUTH PLAIN \(credentials)\\r\\n'\nreply: b'535 Authentication failed'\n"
            + "a001 AUTHENTICATE PLAIN \(credentials)\n"
        let body = #"{"level":"error","exc_info":"\#(log)"}"#
        let text = E.expectScrubbed(E.request(body, "application/json"), [credentials, password])
        #expect(text.contains("535 Authentication failed"))
        // Base64 that is not `user NUL password` stays (a challenge, a nonce).
        E.expectUntouched(
            E.request(#"{"line":"AUTH PLAIN dGhpcyBpcyBub3QgY3JlZGVudGlhbHM="}"#, "application/json"))
    }

    @Test func aKeyNamedForItsCipherIsASecret() {
        // Airflow's configuration page, and the keys of other ciphers in a settings document.
        let fernet = "8qciCQX14oWdvC6mFuhLk-ZxoAuRn07qnMoyyyuin2U="
        let body =
            "<table><tr><td>core</td><td>dags_folder</td><td>/opt/airflow/dags</td></tr>"
            + "<tr><td>core</td><td>fernet_key</td><td>\(fernet)</td></tr></table>"
        let text = E.expectScrubbed(E.response(body, "text/html"), [fernet])
        #expect(text.contains("/opt/airflow/dags"))
        E.expectScrubbed(
            E.response(#"{"aes_key":"3q2+7w0Kd9Xy1LmN4pQ8sT2v","cipherKey":"Wm9yVnR4S2p3cQ"}"#, "application/json"),
            ["3q2+7w0Kd9Xy1LmN4pQ8sT2v", "Wm9yVnR4S2p3cQ"])
    }

    @Test func aSymmetricKeyBesideItsAlgorithmAndAHawkMACAreSecrets() throws {
        // A token server hands out Hawk credentials; the client then signs with them.
        let key = "Xq3vL9mK2pR7tW4zB8nC1dF6gH0jS5aE-yU_iO2wQ"
        let mac = "E0wChEFXyLFxi/lijBzYwtw0aLtI32FBlQ5t+dW5YlM="
        let credentials = #"{"id":"hawk-id-7","key":"\#(key)","hashalg":"sha256","duration":3600}"#
        let header = #"Hawk id="hawk-id-7", ts="1796001012", nonce="4BflzNKw", mac="\#(mac)""#
        let document = CassetteDocument(interactions: [
            ScrubFixtures.interaction(
                ScrubFixtures.request("GET", url: "https://token.example/1.0/sync/1.5"),
                ScrubFixtures.response(body: credentials)),
            ScrubFixtures.interaction(
                ScrubFixtures.request(
                    "GET", url: "https://sync.example/1.5/7/info/collections",
                    headers: [HTTPHeader("Authorization", header)])),
        ])
        let text = E.expectScrubbed(document, [key, mac])
        for kept in ["sha256", #"nonce=\"4BflzNKw\""#, "hawk-id-7"] {
            #expect(text.contains(kept), "\(kept) was changed in\n\(text)")
        }
        // A key with no algorithm beside it says nothing: an S3 object's key, a sort key.
        E.expectUntouched(E.response(#"{"key":"exports/2026/ledger-7f3a9c.parquet","size":4096}"#, "application/json"))
    }

    @Test func aCookieThatHoldsAnIdentifierIsKeptAndASessionIsNot() throws {
        let session = "s%3A9fK2mQ7vLx4TzR8wB3nC6dH1jP5aE0yU"
        let signature = "hYeoIo4MZlJ~02mcPxTZ9gfSb25EMiO-4SQ5tKYgcteu0bmEDYT5xvphip9gqife"
        let cookie =
            "CloudFront-Signature=\(signature); CloudFront-Key-Pair-Id=KYHVA0PC35500W; "
            + "_ga=GA1.1.1834417726.1796001012; ajs_anonymous_id=3f0c6a1e-77b2-4c55-9a4d-0e8f6b2d1c9a; "
            + "connect.sid=\(session); session_id=Zq8vTn3LmR5wXb7Kp2Yc"
        let document = CassetteDocument(interactions: [
            ScrubFixtures.interaction(
                ScrubFixtures.request(
                    "GET", url: "https://media.acme.example/courses/intro/index.m3u8",
                    headers: [HTTPHeader("Cookie", cookie)]))
        ])
        let text = E.expectScrubbed(document, [signature, session, "Zq8vTn3LmR5wXb7Kp2Yc"])
        for kept in [
            "CloudFront-Key-Pair-Id=KYHVA0PC35500W", "_ga=GA1.1.1834417726.1796001012",
            "ajs_anonymous_id=3f0c6a1e-77b2-4c55-9a4d-0e8f6b2d1c9a",
        ] {
            #expect(text.contains(kept), "\(kept) was changed in\n\(text)")
        }
    }

    @Test func aCookieThatIsAPublicDocumentIsKeptAndOneHoldingASessionIsNot() {
        // CloudFront's policy cookie (base64 of JSON in its `-_~` alphabet) and a preferences
        // cookie hold nothing secret; a JSON cookie with a random session id does.
        let policy =
            "eyJTdGF0ZW1lbnQiOlt7IlJlc291cmNlIjoiaHR0cHM6Ly9tZWRpYS5hY21lLmV4YW1wbGUvY291cnNlcy9pbnRyby8qIiwiQ29uZGl0aW9uIjp7IkRhdGVMZXNzVGhhbiI6eyJBV1M6RXBvY2hUaW1lIjoxNzk2MDA0NjEyfX19XX0_"
        let preferences = "eyJ0aGVtZSI6ImRhcmsiLCJsYW5nIjoiZGUifQ=="
        let session = "eyJ1c2VyIjoiYWRhIiwic2lkIjoiWnE4dlRuM0xtUjV3WGI3S3AyWWM5MXhRIn0="
        let document = CassetteDocument(interactions: [
            ScrubFixtures.interaction(
                ScrubFixtures.request(
                    "GET", url: "https://media.acme.example/courses/intro/index.m3u8",
                    headers: [
                        HTTPHeader("Cookie", "CloudFront-Policy=\(policy); prefs=\(preferences); state=\(session)")
                    ]))
        ])
        let text = E.expectScrubbed(document, [session])
        #expect(text.contains(policy))
        #expect(text.contains(preferences))
    }

    @Test func aKeyForTheAnonymousRoleIsPublicWhereverItIsSent() {
        // Supabase's anon key is shipped to every browser; its service_role key and a token that
        // names a user (`sub`) are secrets, in the same headers.
        let anon =
            "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZSIsInJlZiI6Inhjc3Z6dWZmaHJpZ3VoeWx1bGRmIiwicm9sZSI6ImFub24iLCJpYXQiOjE3NjAwMDAwMDAsImV4cCI6MjA3NTU3NjAwMH0.Qm9sZF9zaWduYXR1cmVfYW5vbl9rZXlfMDAx"
        let service =
            "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZSIsInJlZiI6Inhjc3Z6dWZmaHJpZ3VoeWx1bGRmIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImlhdCI6MTc2MDAwMDAwMCwiZXhwIjoyMDc1NTc2MDAwfQ.U2VydmljZV9yb2xlX3NpZ25hdHVyZV8wMDI"
        let session =
            "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIwYjFjMmQzZS00ZjUwLTYxNzItODM5NC1hNWI2YzdkOGU5ZjAiLCJyb2xlIjoiYW5vbiIsImFhbCI6ImFhbDEifQ.VXNlcl9zZXNzaW9uX3NpZ25hdHVyZV8wMDM"
        let url = "https://xcsvzuffhriguhyluldf.supabase.co/rest/v1/members?select=*"
        let document = CassetteDocument(interactions: [
            F.interaction(
                F.request(
                    "GET", url: url,
                    headers: [HTTPHeader("apikey", anon), HTTPHeader("Authorization", "Bearer " + anon)]),
                F.response(200, body: #"{"env":{"SUPABASE_ANON_KEY":"\#(anon)"}}"#)),
            F.interaction(
                F.request(
                    "GET", url: url,
                    headers: [HTTPHeader("apikey", service), HTTPHeader("Authorization", "Bearer " + session)]),
                F.response(200)),
        ])
        let text = E.expectScrubbed(document, [service, session])
        #expect(text.components(separatedBy: anon).count == 4, "the anon key was changed in\n\(text)")
    }

    @Test func theKeyOfARecordInAnAnswerAboutKeysIsASecret() {
        func answer(_ url: String, _ body: String) -> CassetteDocument {
            CassetteDocument(interactions: [
                ScrubFixtures.interaction(
                    ScrubFixtures.request("GET", url: url), ScrubFixtures.response(body: body))
            ])
        }
        let admin = "f48e1ed2e60cbb0211680d2e51050c7ae502a0b34a22aec67137c98ba7e6b879"
        let search = "5a5779b98727a4d394ccecd5fd1ea9257a7ba6f69b92b025dac623c0ca78e060"
        let listing = #"""
            {"results":[{"actions":["search"],"key":"\#(search)","name":"Default Search API Key"},\#
            {"actions":["*"],"description":"Use it for anything that is not a search operation.",\#
            "key":"\#(admin)","name":"Default Admin API Key"}]}
            """#
        let text = E.expectScrubbed(answer("https://search.acme.example/keys?limit=20", listing), [admin])
        #expect(text.contains(search), "the search-only key was changed in\n\(text)")
        E.expectScrubbed(
            answer(
                "https://acme.algolia.net/1/keys",
                #"{"createdAt":"2026-11-30","key":"1866860f153c2d59777ef679bd96576b"}"#),
            ["1866860f153c2d59777ef679bd96576b"])
        // A public SSH key, a translation's key, and a `key` elsewhere stay.
        for (url, body) in [
            (
                "https://api.github.com/user/keys",
                #"[{"id":7,"key":"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOk2mQ7vLx4TzR8wB3nC6dH1jP5aE0yU9s","title":"laptop"}]"#
            ),
            ("https://app.example.de/api/i18n/keys?ns=auth", #"[{"key":"auth.password.label","value":"Passwort"}]"#),
            ("https://api.example.com/v1/objects", #"{"key":"f48e1ed2e60cbb0211680d2e51050c7a","size":4096}"#),
        ] {
            E.expectUntouched(answer(url, body))
        }
    }

    /// A token or key record whose secret is its `value` (Cloudflare's created token, a key of
    /// Azure's `listKeys`); a token list's `key`, an id there (npm), stays.
    @Test func theValueOfARecordInAnAnswerAboutTokensIsASecret() {
        func answer(_ url: String, _ body: String) -> CassetteDocument {
            CassetteDocument(interactions: [
                ScrubFixtures.interaction(ScrubFixtures.request("POST", url: url), ScrubFixtures.response(body: body))
            ])
        }
        let token = "TKUYcKeNhbMGza2xfp1pSvSTPJXdgoIhW7w5KPB1"
        let text = E.expectScrubbed(
            answer(
                "https://api.cloudflare.com/client/v4/user/tokens",
                #"{"result":{"id":"8264e20dab94ac98c7bee0efafea1d59","name":"r2-ci-writer","status":"active","value":"\#(token)"}}"#
            ), [token])
        #expect(text.contains("8264e20dab94ac98c7bee0efafea1d59") && text.contains("r2-ci-writer"))
        let key = "TLmueP3FA98RGcdioNNtrnh096fOMrMCxgZoRJP9nCI="
        E.expectScrubbed(
            answer(
                "https://management.azure.com/subscriptions/1/providers/Microsoft.AppConfiguration/configurationStores/shop/listKeys?api-version=2023-03-01",
                #"{"value":[{"id":"ZE78-l0-s0","name":"Primary Read Only","readOnly":true,"value":"\#(key)"}]}"#),
            [key])
        let npmKey = "b0f1e8c3a2d4f6e8b0f1e8c3a2d4f6e8b0f1e8c3a2d4f6e8b0f1e8c3a2d4f6e8"
        let listing = answer(
            "https://registry.npmjs.org/-/npm/v1/tokens",
            #"{"objects":[{"created":"2026-11-30","key":"\#(npmKey)","readonly":false,"token":"npm_SCRUBBED"}]}"#)
        #expect(E.scrubbedResponseBody(listing).contains(npmKey))
    }

    @Test func namesAreWeighedByTheirWords() {
        let body =
            #"{"read_only_rest_token":"r7Tq0aZ9xK2mB4nV8cL1","replicaDbPass":"W3ak-Pa55-q9","max_output_tokens":4096,"#
            + #""otpPolicyDigits":6}"#
        let document = E.response(body, "application/json")
        E.expectScrubbed(document, ["r7Tq0aZ9xK2mB4nV8cL1", "W3ak-Pa55-q9"])
        let text = E.scrubbedResponseBody(document)
        #expect(text.contains(#""otpPolicyDigits":6"#))
        #expect(text.contains("4096"))
    }

    @Test func aQualifiedKeyRunTogetherAndAnAbbreviatedPasswordAreSecrets() {
        // A Hue bridge's pairing answer and Jellyfin's AuthenticateByName.
        let body =
            #"{"clientkey":"9C1F0A5E3B7D42E8A6F0C4B2D8E1F3A5","Username":"ada","Pw":"kettle-Ribbon-42","#
            + #""monkey":"banana-42","hotkey":"ctrl-shift-k","consumerkey":"xvz1evFS4wEEPTGEFPHBog"}"#
        let text = E.expectScrubbed(
            E.request(body, "application/json"), ["9C1F0A5E3B7D42E8A6F0C4B2D8E1F3A5", "kettle-Ribbon-42"])
        for kept in ["ada", "banana-42", "ctrl-shift-k", "xvz1evFS4wEEPTGEFPHBog"] {
            #expect(text.contains(kept), "\(kept) was changed in\n\(text)")
        }
    }

    @Test func onlyTheSecretParametersOfADigestCredentialAreReplaced() {
        let challenge =
            #"Digest realm="ops@db.example.com", nonce="bm9uY2UtMTIzNDU2Nzg5MA==", algorithm=SHA-256, qop="auth""#
        let credential =
            #"Digest username="atlas", realm="ops@db.example.com", nonce="bm9uY2UtMTIzNDU2Nzg5MA==", uri="/v1", "#
            + #"algorithm=SHA-256, response="6629fae49393a05397450978507c4ef16629fae49393a05397450978507c4ef1", "#
            + #"qop=auth, nc=00000001, cnonce="0a4f113b9c2d7e81""#
        let document = CassetteDocument(interactions: [
            F.interaction(
                F.request("GET", url: "https://db.example.com/v1", headers: [HTTPHeader("Authorization", credential)]),
                F.response(200, headers: [HTTPHeader("WWW-Authenticate", challenge)]))
        ])
        let text = E.expectScrubbed(
            document, ["6629fae49393a05397450978507c4ef16629fae49393a05397450978507c4ef1", "0a4f113b9c2d7e81"])
        #expect(text.contains("bm9uY2UtMTIzNDU2Nzg5MA=="))
        #expect(text.contains("ops@db.example.com"))
    }

    @Test func aKeyIDBeforeItsSecretStaysInTextPairs() {
        // A kubeconfig's `token: "<token name>:<secret>"`, as YAML and as a shell line.
        let secret = "viamddlp81bqlinsx2squ8kg5emm9fim5t6el6to"
        let yaml = "users:\n- name: prod\n  user:\n    token: \"kubeconfig-user-8l3s3a2rad:\(secret)\"\n"
        let text = E.expectScrubbed(E.response(yaml, "application/yaml"), [secret])
        #expect(text.contains("kubeconfig-user-8l3s3a2rad:"))
        let shell = E.expectScrubbed(
            E.response("export API_TOKEN=kubeconfig-user-8l3s3a2rad:\(secret)\n", "text/plain"), [secret])
        #expect(shell.contains("kubeconfig-user-8l3s3a2rad:"))
    }

    @Test func aMaskOrAPlaceholderInACredentialsPlaceIsLeftAlone() {
        // A CI runner's mask and a documentation placeholder stand for credentials; neither is one.
        let log =
            "+ curl -H 'Authorization: ***' https://deploy.example.com/api\n"
            + "+ curl -H \"Authorization: Bearer <your-token>\" https://deploy.example.com/api\n"
        E.expectUntouched(E.response(log, "text/plain"))
    }

    @Test func aKeySentBesideItsSecretNamesTheAccount() {
        // Vonage's form and an OAuth 1.0a app's settings: the key names the account or app, the
        // secret beside it proves it. A key with no secret beside it stays a secret.
        let form = E.expectScrubbed(
            E.request(
                "api_key=2f947102&api_secret=CVMCxbGjtzKwORQK&to=4915112345678", "application/x-www-form-urlencoded"),
            ["CVMCxbGjtzKwORQK"])
        #expect(form.contains("api_key=2f947102"))
        let settings = E.expectScrubbed(
            E.response(
                #"{"consumerKey":"xvz1evFS4wEEPTGEFPHBog","consumerSecret":"kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw"}"#,
                "application/json"),
            ["kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw"])
        #expect(settings.contains("xvz1evFS4wEEPTGEFPHBog"))
        _ = E.expectScrubbed(
            E.response(#"{"api_key":"9f3Kq2LmX7vB1nR8tZ4w","region":"eu"}"#, "application/json"),
            ["9f3Kq2LmX7vB1nR8tZ4w"])
    }

    @Test func aQuotedPrintableMailKeepsTheLinesAScrubDidNotTouch() {
        // The encoded subject's `=` starts escapes, not a password's value; the unchanged body line
        // keeps its soft break; the changed line breaks after `&`, so `utm_source=3Dmail` stays whole.
        let token = "sKjcLowG7NEPHymsKBP7l9iYuQmfudhTeTqOqB3xGOpdZ72oam7X4cmtVzksZOyT"
        let kept = "Wir haben eine Anfrage zum Zur=C3=BCcksetzen deines Passworts f=C3=BCr dein=\r\nKonto erhalten."
        let mail =
            "Subject: =?UTF-8?Q?Passwort_zur=C3=BCcksetzen?=\r\nMIME-Version: 1.0\r\n"
            + "Content-Type: text/plain; charset=\"utf-8\"\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n"
            + kept + "\r\n"
            + "https://example.org/password/reset?token=3D\(token.prefix(30))=\r\n\(token.dropFirst(30))&utm_source=3Dmail\r\n"
        let text = E.expectScrubbed(E.response(mail, "message/rfc822"), [token])
        for part in ["=?UTF-8?Q?Passwort_zur=C3=BCcksetzen?=", kept, "&=\r\nutm_source=3Dmail\r\n"] {
            #expect(
                text.contains(part.replacingOccurrences(of: "\r\n", with: "\\r\\n")), "\(part) was changed in\n\(text)")
        }
    }

    @Test func whatAVerificationFailureComparedWithASecretIsOneToo() {
        // The receiver shows the signature it computed beside the one the request sent: the valid one.
        let sent = "sha256=5d4bd363283d7d9826dc3accd78574bb8bea8397a5af1cb75d9ce29eb75e3b81"
        let computed = "sha256=424fd0a8cab69b95e02b7570fad07a5b42fc1446d9b1fc899f4428e5f2b16310"
        let document = CassetteDocument(interactions: [
            F.interaction(
                F.request(
                    "POST", url: "https://hooks.example.com/in", headers: [HTTPHeader("X-Signature-256", sent)],
                    body: #"{"event":"ping"}"#),
                F.response(
                    401, headers: [HTTPHeader("Content-Type", "application/json")],
                    body: #"{"error":"signature_mismatch","expected":"\#(computed)","received":"\#(sent)"}"#))
        ])
        _ = E.expectScrubbed(document, [sent, computed])
        // A comparison of ordinary values (versions, digests of public files) stays.
        E.expectUntouched(
            E.response(
                #"{"expected":"sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08","#
                    + #""actual":"sha256:60303ae22b998861bce3b28f33eec1be758a213c86c93c076dbe9f558c11c752"}"#,
                "application/json"))
    }

    /// `text` in lines of `width` characters, the last one shorter, as MIME wraps base64.
    static func lines(of text: String, _ width: Int) -> String {
        var lines: [Substring] = []
        var rest = Substring(text)
        while !rest.isEmpty {
            lines.append(rest.prefix(width))
            rest = rest.dropFirst(width)
        }
        return lines.joined(separator: "\r\n")
    }

    @Test func aRawMailIsReadPartByPartInEachPartsEncoding() throws {
        // A multipart mail (SES's raw message): its headers as lines, a quoted-printable part and a
        // base64 HTML part, each decoded, scrubbed and encoded again.
        let invite = "fOZnCWTd4K8HAm-07f9FMcnb87NJhxM9L6fwjfUNY1tH_7z1ORCOGacBrXVSytOrY2Obu1a0"
        let reset = "h3tVOGReLyO6zJ7QWEU9LI4UNMEDd2wWIy5ljb-L"
        let html = #"<p>Reset your second factor: <a href="https://app.acme.example/2fa/reset/\#(reset)">reset</a></p>"#
        let encoded = Data(html.utf8).base64EncodedString()
        let mail =
            [
                "From: Acme <invites@acme.example>", "To: marta.kowalczyk33@onet.pl", "MIME-Version: 1.0",
                #"Content-Type: multipart/alternative; boundary="=_e01f""#, "", "--=_e01f",
                "Content-Type: text/plain; charset=utf-8", "Content-Transfer-Encoding: quoted-printable", "",
                "Accept here: https://app.acme.example/invite/accept?token=3D\(invite.prefix(40))=",
                "\(invite.dropFirst(40))&utm_source=3Dinvite", "", "--=_e01f", "Content-Type: text/html; charset=utf-8",
                "Content-Transfer-Encoding: base64", "",
            ].joined(separator: "\r\n") + "\r\n" + Self.lines(of: encoded, 76) + "\r\n--=_e01f--\r\n"
        let text = E.expectScrubbed(E.response(mail, "message/rfc822"), [invite, reset, "marta.kowalczyk33@onet.pl"])
        #expect(text.contains("utm_source=3Dinvite"))
        let scrubbed = try #require(
            Scrubber.default.scrub(E.response(mail, "message/rfc822")).interactions[0].response?.body)
        let part = try #require(
            String(decoding: scrubbed, as: UTF8.self).components(separatedBy: "base64\r\n\r\n").last?
                .components(separatedBy: "\r\n--").first)
        let decoded = try #require(Data(base64Encoded: part.replacingOccurrences(of: "\r\n", with: "")))
        #expect(String(decoding: decoded, as: UTF8.self).contains("/2fa/reset/SCRUBBED-PATH-1"))
    }

    @Test func anNTLMNegotiateMessageStaysAndItsAuthenticateMessageGoes() {
        // Type 1 holds flags only; type 3 holds the answer to the server's challenge.
        let negotiate = "TlRMTVNTUAABAAAAl4II4gAAAAAAAAAAAAAAAAAAAAA="
        let authenticate =
            "TlRMTVNTUAADAAAABwgJCgsMDQ4PEBESExQVFhcYGRobHB0eHyAhIiMkJSYnKCkqKywtLi8wMTIzNDU2Nzg5Ojs8PT4="
        let url = "https://mail.example.com/EWS/Exchange.asmx"
        let document = CassetteDocument(interactions: [
            F.interaction(
                F.request("POST", url: url, headers: [HTTPHeader("Authorization", "NTLM " + negotiate)]),
                F.response(401, headers: [HTTPHeader("WWW-Authenticate", "NTLM")])),
            F.interaction(
                F.request("POST", url: url, headers: [HTTPHeader("Authorization", "Negotiate " + authenticate)]),
                F.response(200)),
        ])
        let text = E.expectScrubbed(document, [authenticate])
        #expect(text.contains(negotiate))
    }

    @Test func aSecretSplitAcrossStreamEventsIsReplacedInEveryPiece() throws {
        let token = "ghp_" + String(repeating: "aB3dE5", count: 6)
        let answer = "Revoke \(token) today."
        var events = ""
        var rest = Substring(answer)
        while !rest.isEmpty {
            let piece = rest.prefix(7)
            rest = rest.dropFirst(7)
            let json = String(decoding: try JSONEncoder().encode(["delta": ["content": String(piece)]]), as: UTF8.self)
            events += "data: \(json)\n\n"
        }
        let scrubbed = E.scrubbedResponseBody(E.response(events, "text/event-stream"))
        var joined = ""
        for line in scrubbed.split(separator: "\n") where line.hasPrefix("data: ") {
            let event = try JSONDecoder().decode([String: [String: String]].self, from: Data(line.dropFirst(6).utf8))
            joined += event["delta"]?["content"] ?? ""
        }
        #expect(joined == "Revoke ghp_SCRUBBED-1 today.")
    }

    @Test func publicByDesignValuesStay() {
        let body =
            #"{"publishableKey":"pk_live_51Hx7aQ2eZvKYlo2C0m3JkLq","clientKey":"live_ABCDEFGHIJKLMNOPQRSTUVWXYZ012345","#
            + #""secret_id_accessor":"84896a0c-1347-aa90-a4f6-aca8b7558780"}"#
        E.expectUntouched(E.response(body, "application/json"))
    }

    @Test func aURLUserNameThatThePathNamesIsAnOrganisation() {
        let url = "https://contoso-platform@dev.azure.com/contoso-platform/_apis/projects"
        let document = CassetteDocument(interactions: [F.interaction(F.request("GET", url: url), F.response())])
        E.expectUntouched(document)
    }
}
