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
        let text = E.expectScrubbed(
            E.response(body, "application/json"), ["Tr0ub4dor-x9", "JehP4pAluC3UbmnNJf13cWyxIaWLXbF0UxGx"])
        #expect(text.contains("t3.micro"))
        #expect(text.contains("eu-central-1"))
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
}
