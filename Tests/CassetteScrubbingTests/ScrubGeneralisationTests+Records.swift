import CassetteScrubbing
import Foundation
import Testing

/// The mechanisms added after the fresh corpus's first held-out split was measured: records of
/// secret stores, pairs whose name member shares the value member's prefix, one-time links,
/// preference cookies, file names after addresses and trees of translations.
@Suite struct ScrubRecordAndContextTests {
    typealias E = ScrubExpectations
    typealias F = ScrubFixtures

    @Test func theValueOfASecretStoresRecordIsASecret() {
        // Key Vault's secret bundle, Secret Manager's version payload, Secrets Manager's answer.
        let vault =
            #"{"id":"https://kv-1.vault.azure.net/secrets/hmac/55feb985","value":"k3Yv-91QxR7aPz","attributes":{"enabled":true}}"#
        let manager =
            #"{"name":"projects/p-1/secrets/db/versions/3","payload":{"data":"c2VjcmV0LXZhbHVlLTQy","dataCrc32c":"77"}}"#
        let listing = #"{"value":[{"id":"https://kv-1.vault.azure.net/secrets/hmac","attributes":{"enabled":true}}]}"#
        E.expectScrubbed(E.response(vault, "application/json"), ["k3Yv-91QxR7aPz"])
        E.expectScrubbed(E.response(manager, "application/json"), ["c2VjcmV0LXZhbHVlLTQy"])
        // A listing names secrets but holds none of their values.
        E.expectUntouched(E.response(listing, "application/json"))
    }

    @Test func aTypeThatSaysEncryptedMarksTheValue() {
        let body =
            #"{"envs":[{"key":"NEXTAUTH_SALT","type":"encrypted","value":"hV2kq8TzL1mN0pXr"},"#
            + #"{"key":"REGION","type":"plain","value":"fra1"}]}"#
        let text = E.expectScrubbed(E.response(body, "application/json"), ["hV2kq8TzL1mN0pXr"])
        #expect(text.contains("fra1"))
    }

    @Test func aPrefixedNameMemberDecidesForItsValueMember() {
        let body =
            #"{"Parameters":[{"ParameterKey":"DBPassword","ParameterValue":"Tr0ub4dor-x9"},"#
            + #"{"ParameterKey":"InstanceType","ParameterValue":"t3.micro"}],"#
            + #""secrets":[{"secretKey":"AWS_REGION","secretValue":"eu-central-1"},"#
            + #"{"secretKey":"STRIPE_KEY","secretValue":"JehP4pAluC3UbmnNJf13cWyxIaWLXbF0UxGx"}]}"#
        // A secret store's `secretValue` stays a secret whatever its pair's name says.
        let text = E.expectScrubbed(
            E.response(body, "application/json"),
            ["Tr0ub4dor-x9", "JehP4pAluC3UbmnNJf13cWyxIaWLXbF0UxGx", "eu-central-1"])
        #expect(text.contains("t3.micro"))
    }

    @Test func aRandomQueryValueOfAOneTimeLinkIsItsToken() {
        let body =
            "Confirm: https://app.example.com/verify-email?t=NPZmJaDhobrFCL44YyCjalPFaAVp&lang=de\n"
            + "Docs: https://app.example.com/docs?page=QmFzZTY0UGFnZTI0Nzc5\n"
        let text = E.expectScrubbed(E.response(body, "text/plain"), ["NPZmJaDhobrFCL44YyCjalPFaAVp"])
        #expect(text.contains("lang=de"))
        #expect(text.contains("page=QmFzZTY0UGFnZTI0Nzc5"))
    }

    @Test func preferenceCookiesKeepTheirValues() {
        let document = CassetteDocument(interactions: [
            F.interaction(
                F.request(
                    "GET", url: "https://app.example.com/",
                    headers: [HTTPHeader("Cookie", "lang=de; theme=dark; locale=en-US; sid=ab12; _app=Zq81kLm0")]),
                F.response(200, headers: [HTTPHeader("Set-Cookie", "session=9f8e7d6c5b; Path=/; HttpOnly")]))
        ])
        let scrubbed = Scrubber.default.scrub(document)
        let cookie = scrubbed.interactions[0].request.headers.value(for: "Cookie") ?? ""
        #expect(cookie.hasPrefix("lang=de; theme=dark; locale=en-US; sid="), "\(cookie)")
        #expect(!cookie.contains("ab12") && !cookie.contains("Zq81kLm0"), "\(cookie)")
        #expect(scrubbed.interactions[0].response?.headers.value(for: "Set-Cookie")?.contains("9f8e7d6c5b") == false)
    }

    @Test func aFileExtensionAfterAnAddressIsNotPartOfIt() {
        let body = #"{"attachment":"jane.roe@mail-corp.com.vcf","export":"ada@lovelace.org.ics"}"#
        let text = E.expectScrubbed(
            E.response(body, "application/json"), ["jane.roe@mail-corp.com", "ada@lovelace.org"])
        #expect(text.contains(".vcf\""))
        #expect(text.contains(".ics\""))
    }

    @Test func aTreeOfTranslationsHoldsNoSecretEvenOneStringAlone() {
        let body =
            #"{"errors":{"session":"Sitzung abgelaufen"},"login":{"password":"Kennwort","#
            + #""password_hint":"Geben Sie Ihr Kennwort ein","username":"Benutzername"}}"#
        E.expectUntouched(E.response(body, "application/json"))
        // Settings are not translations: a number beside them, and the phrase is a passphrase.
        let settings = #"{"db":{"password":"correct horse battery"},"app":{"name":"Shop Front","port":8080}}"#
        E.expectScrubbed(E.response(settings, "application/json"), ["correct horse battery"])
    }

    @Test func pulumisSecretMarkHidesThePlaintext() {
        let body =
            #"{"dbPassword":{"4dabf18193072939515e22adb298388d":"1b47061264138c4ac30d75fd1eb44270","#
            + #""plaintext":"\"Qx9!mZ2#pL\""},"bucketName":"assets-q3jr3azm"}"#
        let text = E.expectScrubbed(E.response(body, "application/json"), ["Qx9!mZ2#pL"])
        #expect(text.contains("assets-q3jr3azm"))
    }

    @Test func secretFlagsOfACommandLineAreSecrets() {
        let log =
            "+ docker login -u ci-acme -p uxO6bNgqoHaInRSqU2Nm6mto registry.acme.example\n"
            + "+ vault login --method=userpass --password=Wq7-pL2x-9Zk username=ci\n"
            + "+ ssh -p 2222 deploy@host\n"
        let text = E.expectScrubbed(E.response(log, "text/plain"), ["uxO6bNgqoHaInRSqU2Nm6mto", "Wq7-pL2x-9Zk"])
        #expect(text.contains("-u ci-acme"))
        #expect(text.contains("--method=userpass"))
        #expect(text.contains("-p 2222"))
    }

    @Test func aVariableNamedKeyHoldsASecretWhenItsValueIsRandom() {
        let env = "export SLACK_HOOK_KEY=bkTakoYUGZ012N1C5TiG1I0L\nexport CACHE_KEY=users-v2\nSORT_KEY=created_at\n"
        let text = E.expectScrubbed(E.response(env, "text/plain"), ["bkTakoYUGZ012N1C5TiG1I0L"])
        #expect(text.contains("CACHE_KEY=users-v2"))
        #expect(text.contains("SORT_KEY=created_at"))
    }

    @Test func aConnectionURLWithoutCredentialsKeepsItsValue() {
        let body =
            #"{"data":{"DATABASE_URL":"postgres://db.internal:5432/app?sslmode=require","#
            + #""REDIS_URL":"redis://:s3cr3t-Pw-42@cache.internal:6379/0"}}"#
        let text = E.expectScrubbed(E.response(body, "application/json"), ["s3cr3t-Pw-42"])
        #expect(text.contains("postgres://db.internal:5432/app?sslmode=require"))
        #expect(text.contains("cache.internal:6379/0"))
    }

    @Test func aPasswordWithAHashInAConnectionStringIsStillItsUserInfo() {
        let text = E.expectScrubbed(
            E.response("Use postgres://app:XA6eJDQDP9I!B#ZWC10UYk16@db.internal:5432/shop today", "text/plain"),
            ["XA6eJDQDP9I!B#ZWC10UYk16"])
        #expect(text.contains("@db.internal:5432/shop"))
    }

    @Test func aResponseToARequestForTranslationsHoldsMessagesNotSecrets() {
        let body = #"[{"key":"passwordNew","value":"Nouveau mot de passe"},{"key":"password","value":"パスワード"}]"#
        let document = CassetteDocument(interactions: [
            F.interaction(
                F.request("GET", url: "https://sso.example.com/resources/x/account/messages.json?lang=fr"),
                F.response(200, headers: [HTTPHeader("Content-Type", "application/json")], body: body))
        ])
        E.expectUntouched(document)
        // The same pairs from an endpoint that is not about translations are secrets.
        E.expectScrubbed(E.response(body, "application/json"), ["Nouveau mot de passe"])
    }

    /// Which URLs ask for translations: a path segment named like translations in any case, or a
    /// `messages`/`strings` resource with a language asked for; not the host, not other items.
    @Test(arguments: [
        ("https://cdn.example.com/locales/de.json", true),
        ("https://cdn.example.com/static/I18N/fr-FR.json", true),
        ("https://id.example.com/admin/realms/x/localization/de", true),
        ("https://app.example.com/api/v2/translations?page=1", true),
        ("https://app.example.com/messages.json?lang=fr", true),
        ("https://app.example.com/Strings?Locale=de", true),
        ("https://app.example.com/messages.json?page=2&language=it", true),
        ("https://app.example.com/messages.json?page=2", false),
        ("https://app.example.com/v1/messages/42?slang=yes", false),
        ("https://locales.example.com/v1/settings", false),
        ("https://app.example.com/v1/settings?lang=de", false),
        ("https://app.example.com/v1/languagemodels", false),
    ])
    func whichRequestsAskForTranslations(url: String, asks: Bool) {
        let body = #"[{"key":"password","value":"Nouveau mot de passe"}]"#
        let document = CassetteDocument(interactions: [
            F.interaction(
                F.request("GET", url: url),
                F.response(200, headers: [HTTPHeader("Content-Type", "application/json")], body: body))
        ])
        if asks {
            E.expectUntouched(document)
        } else {
            E.expectScrubbed(document, ["Nouveau mot de passe"])
        }
    }

    @Test func aJWTWhoseSegmentsKeepTheirPaddingIsAJWT() {
        let jwt =
            "eyJhbGciOiJFUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJhNzIxYWZmZCIsImVtYWlsIjoiYUBiLmNvIn0=."
            + "gGrn9CfcwYh7vpQOjodw-E67H5SCvuPIS_d70iZw_R9tSTDgz53BQNEinWA8jPpcJL010oK3yXyD7o9bEo-GjA=="
        let document = CassetteDocument(interactions: [
            F.interaction(
                F.request(
                    "GET", url: "https://app.example.com/",
                    headers: [
                        HTTPHeader("x-amzn-oidc-data", jwt),
                        HTTPHeader("x-amzn-oidc-identity", "b5f75aa5-c54a-43ce-bddc-24ec3e157247"),
                    ]),
                F.response(200))
        ])
        E.expectScrubbed(document, [jwt])
        let headers = Scrubber.default.scrub(document).interactions[0].request.headers
        #expect(headers.value(for: "x-amzn-oidc-identity") == "b5f75aa5-c54a-43ce-bddc-24ec3e157247")
    }

    @Test func aSecretEchoedAcrossTheTextPartsOfADataStreamIsFound() {
        let stream =
            #"f:{"messageId":"msg-1"}"# + "\n" + #"0:"Your DATABASE_URL is postgres://app:XA6eJD""# + "\n"
            + #"0:"QDP9Iq0ZWC10@db.inter""# + "\n" + #"0:"nal:5432/shop""# + "\n" + #"e:{"finishReason":"stop"}"# + "\n"
        let text = E.expectScrubbed(E.response(stream, "text/plain; charset=utf-8"), ["XA6eJDQDP9Iq0ZWC10"])
        #expect(text.contains("nal:5432/shop"))
    }

    @Test func aModelsLinesJoinedAcrossEventsAreReadAsText() {
        func event(_ text: String) -> String {
            #"data: {"type":"content_block_delta","delta":{"type":"text_delta","text":"\#(text)"}}"# + "\n\n"
        }
        let stream = event("Run:\\n\\nPGPASSWORD='HJJccA^tz") + event("I8gj.-eIPtL67' psql -h db") + event(" -U app")
        E.expectScrubbed(E.response(stream, "text/event-stream"), ["HJJccA^tzI8gj.-eIPtL67"])
    }

    @Test func identifiersInsideAContainerOfSecretsStay() {
        let body =
            #"{"credentials":{"client_id":"3105606801931.8559025524051","client_secret":"9f3c1e7a2b5d4c6e8f0a1b2c3d4e5f6a"},"#
            + #""signing_keys":[{"kid":"k-2026-11","thumbprint":"89E09DFC6DE575117BE98FCDBCD6A17716685AC7","key":"Zq81-kLm0-77xv"}]}"#
        let text = E.expectScrubbed(
            E.response(body, "application/json"), ["9f3c1e7a2b5d4c6e8f0a1b2c3d4e5f6a", "Zq81-kLm0-77xv"])
        #expect(text.contains("3105606801931.8559025524051"))
        #expect(text.contains("89E09DFC6DE575117BE98FCDBCD6A17716685AC7"))
    }

    @Test func publicProjectKeysAndFirebaseWebConfigsStay() {
        let body =
            #"{"api_key":"phc_9AbjP7RJxQSvVVCNI6d9YbuA352ustcZMExP1TbV6d3","event":"$pageview"}"#
        E.expectUntouched(E.response(body, "application/json"))
        let page =
            #"<script>firebase.initializeApp({apiKey: "AIzaSybhsJ3Uds4g2wyi3kdwfCXQP8yGWDuuWSy", "#
            + #"authDomain: "shop-prod.firebaseapp.com", projectId: "shop-prod"});</script>"#
        E.expectUntouched(E.response(page, "text/html"))
        // The same key shape anywhere else is a secret.
        E.expectScrubbed(
            E.response(#"{"key":"AIzaSybhsJ3Uds4g2wyi3kdwfCXQP8yGWDuuWSy"}"#, "application/json"),
            ["AIzaSybhsJ3Uds4g2wyi3kdwfCXQP8yGWDuuWSy"])
    }

    @Test func aTranslatedMessageWithAPlaceholderIsProse() {
        let body =
            #"{"invalidPasswordMinLengthMessage":"Ungültiges Passwort: Mindestlänge {0}.","password":"Passwort"}"#
        let document = CassetteDocument(interactions: [
            F.interaction(
                F.request("GET", url: "https://sso.example.com/admin/realms/shop/localization/de"),
                F.response(200, headers: [HTTPHeader("Content-Type", "application/json")], body: body))
        ])
        E.expectUntouched(document)
    }
}
