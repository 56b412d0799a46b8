import CassetteScrubbing
import Foundation
import Testing

/// Secrets that a pasted session, another language or an encryption service names, key names that
/// carry a version or a pre-shared key, a seed block, and the placeholders, ciphertexts and client
/// keys that stay.
@Suite struct ScrubSessionsLanguagesAndEnvelopesTests {
    typealias E = ScrubExpectations

    /// A pasted shell session: the line a command that prints one secret wrote (`vault kv get
    /// -field=password …`, `op read …`, `gcloud secrets versions access …`) is the secret; the
    /// command, the prompt after it and a short field (`768h`) stay.
    @Test func theOutputOfACommandThatReadsASecretGoes() {
        let redis = "aJU8Lna1euO5YNhR0PsNLuYp"
        let database = "Wq2tZ9-rPx41LmNd0ae7"
        let session = """
            $ vault kv get -field=password secret/prod/redis
            \(redis)
            $ gcloud secrets versions access latest --secret=db-password
            \(database)
            $ vault kv get -field=ttl secret/prod/redis
            768h
            $ echo done
            """
        let text = E.expectScrubbed(E.request(session, "text/plain"), [redis, database])
        #expect(text.contains("vault kv get -field=password secret/prod/redis") && text.contains("768h"))
        E.expectUntouched(E.request("$ ls -la /srv/app\nREADME.md\n$ git status\nOn branch main\n", "text/plain"))
    }

    /// A password quoted after its noun in Japanese, German or Spanish (`パスワードは … です`,
    /// `初期パスワード：…`, `Das Passwort ist …`): the value goes, the prose around it stays; a
    /// sentence about a password with no value (`パスワードを変更してください`) stays.
    @Test func aPasswordQuotedInAnotherLanguageGoes() {
        let portal = "HQU9VN~D__6*82"
        let wifi = "zokXdrjYiqB3"
        let german = "Xq7!kLm2pZ"
        let message = """
            社内ポータルの初期パスワード：\(portal)
            来客用Wi-Fiのパスワードは \(wifi) です。
            Das Passwort ist \(german) (bitte ändern).
            """
        let text = E.expectScrubbed(E.request(message, "text/plain"), [portal, wifi, german])
        #expect(text.contains("です") && text.contains("bitte ändern"))
        E.expectUntouched(
            E.request("初回ログイン後にパスワードを変更してください。\nDas Passwort ist abgelaufen.\n", "text/plain"))
    }

    /// A form value written back keeps the escapes it had: raw `:`, `/` and non-ASCII characters
    /// stay raw, `%20` stays `%20`, and only the secret changes.
    @Test func aFormValueIsWrittenBackEscapedAsItWas() {
        let password = "Xq7!kLm2pZ"
        let text = E.expectScrubbed(
            E.request(
                "a=1&note=Das%20Passwort%20ist%20\(password)%20f%C3%BCr%20jdbc:x//h&b=2",
                "application/x-www-form-urlencoded"),
            ["Xq7%21kLm2pZ"])
        #expect(text.contains("note=Das%20Passwort%20ist%20SCRUBBED-SECRET-1%20f%C3%BCr%20jdbc:x//h&b=2"))
    }

    /// The plaintext sent to an encryption service (GoCD's `/api/admin/encrypt`, Vault transit,
    /// Cloud KMS's `:encrypt`) and the plaintext its decrypt answers with are secrets; the same
    /// `value` sent elsewhere is not.
    @Test func thePlaintextOfAnEncryptionServiceGoes() {
        let value = "TX4lR2Lz%_NWbX5~56"
        E.expectScrubbed(
            E.request(
                #"{"value":"\#(value)"}"#, "application/json", url: "https://gocd.example.com/go/api/admin/encrypt"),
            [value])
        let plaintext = "c2VjcmV0LXJvdGF0aW9uLWtleS0yMDI2"
        E.expectScrubbed(
            E.request(
                #"{"plaintext":"\#(plaintext)"}"#, "application/json",
                url: "https://cloudkms.googleapis.com/v1/projects/p/locations/global/keyRings/r/cryptoKeys/k:encrypt"),
            [plaintext])
        E.expectUntouched(
            E.request(#"{"value":"blue-green-2026"}"#, "application/json", url: "https://api.example.com/v1/settings"))
    }

    /// `apiV3Key` (a qualifier, an API version, `key`) and WireGuard's `PresharedKey` name secrets;
    /// the `PublicKey` beside them stays.
    @Test func aVersionedKeyAndAPresharedKeyAreSecrets() {
        let apiKey = "9KqCcAIICAUq4FXHRjXw8wiDVynfv4Ub"
        E.expectScrubbed(
            E.request(#"{"wechatpay":{"apiV3Key":"\#(apiKey)","mchId":"1969189770"}}"#, "application/json"), [apiKey])
        let psk = "wwv1HDrktJkxVZWfTGV/ywuaauSzwJ1bBO/KyF++uqE="
        let publicKey = "t/v3JYMSgev4zqmm5rMptxYNiQCyi5Em/udu11jJOgA="
        let text = E.expectScrubbed(
            E.response(
                "[Peer]\nPublicKey = \(publicKey)\nPresharedKey = \(psk)\nAllowedIPs = 0.0.0.0/0\n", "text/plain"),
            [psk])
        #expect(text.contains(publicKey))
    }

    /// A NATS creds file's seed block (`-----BEGIN USER NKEY SEED-----`, its END line with six
    /// dashes) loses its seed and keeps its marker lines as they were.
    @Test func aSeedBlockLosesItsSeed() {
        let seed = "SUWO7G2LFRAJNOY27GC25GS7QWY3HSVJ5SGZSTKPLQMVAZTAX3C2QZYSRL"
        let text = E.expectScrubbed(
            E.response("-----BEGIN USER NKEY SEED-----\n\(seed)\n------END USER NKEY SEED------\n", "text/plain"),
            [seed])
        #expect(text.contains(#"\n------END USER NKEY SEED------\n"#))
    }

    /// Placeholders a tool writes in a secret's place (Concourse's `((registry-password))`,
    /// Metabase's `**MetabasePass**`), GoCD's `AES:…:…` ciphertext, the client keys that SDKs ship
    /// (Midtrans `Mid-client-`, DevCycle `dvc_client_`) and a signature's id stay; a password
    /// between single stars goes.
    @Test func placeholdersCiphertextsClientKeysAndSignatureIdsStay() {
        for value in [
            "((registry-password))", "**MetabasePass**",
            "AES:2pKqgjhoormVVadOWaQSRw==:e2yhFQ03JQYDjja8KYf3JfylQReV0VlYjqhPojIxzfU=",
        ] {
            E.expectUntouched(E.response(#"{"password":"\#(value)"}"#, "application/json"))
        }
        for key in ["SB-Mid-client-0T0CTQoyQLnubLu1", "dvc_client_e230db99-b3ae-4c62-90c2-2f62b27cb3f2_4bcf826"] {
            E.expectUntouched(E.response(#"{"client_key":"\#(key)"}"#, "application/json"))
        }
        E.expectUntouched(
            E.response(
                #"{"signature_request_id":"f67f64a37700a10c1fd4f137a5950ceb4588ea7f","signature_id":"1022e9d950480c30d101c9364d690a59"}"#,
                "application/json"))
        E.expectScrubbed(E.response(#"{"password":"*Tr7o1kmS1*"}"#, "application/json"), ["*Tr7o1kmS1*"])
    }

    /// A token after a kind of webhook in the path (Grafana OnCall's `/formatted_webhook/<token>/`).
    @Test func aTokenAfterAKindOfWebhookGoes() {
        let token = "WYIZ0gdbptw7Pf3YTY1D3E4To"
        let document = CassetteDocument(interactions: [
            ScrubFixtures.interaction(
                ScrubFixtures.request(
                    "POST", url: "https://oncall.example.net/oncall/integrations/v1/formatted_webhook/\(token)/"))
        ])
        let text = E.expectScrubbed(document, [token])
        #expect(text.contains("/formatted_webhook/"))
    }

    /// `auth` before a thing it qualifies names that thing (`auth_method_id`, `--auth-server`,
    /// `auth_type`), and a certificate's pin is a digest (`--ca-pin=sha256:…`); the join token
    /// beside them goes, and `auth`, `auth_token` and a PIN stay secrets.
    @Test func anAuthServerAndACertificatePinAreNoSecrets() {
        let token = "51b840387ab9a5c22d329fb058faddcf"
        let pin = "sha256:83ee7b906252322734f2eb8fef68860f13582c0523deab2977815f8fcb6caea9"
        let command = "teleport start --roles=node --token=\(token) --ca-pin=\(pin) --auth-server=tp.example:443\n"
        let text = E.expectScrubbed(E.request(command, "text/plain"), [token])
        #expect(text.contains(pin) && text.contains("--auth-server=tp.example:443"))
        E.expectUntouched(
            E.response(
                #"{"auth_method_id":"ampw_BF0DgMVg0c","auth_type":"password","auth_url":"https://id.example/x"}"#,
                "application/json"))
        E.expectScrubbed(
            E.response(
                #"{"auth":"dXNlcjpodW50ZXIy","auth_token":"Zq81mW0xK2vB7nP4","pin":"4921"}"#, "application/json"),
            ["dXNlcjpodW50ZXIy", "Zq81mW0xK2vB7nP4", "4921"])
    }
}
