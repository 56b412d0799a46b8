import CassetteScrubbing
import Foundation
import Testing

/// Which addresses are a person's: an address names someone unless it is a role mailbox, a cloud
/// service account or a MIME part; a person's address is scrubbed in every spelling and context
/// where those are kept.
@Suite struct ScrubAddressTests {
    typealias E = ScrubExpectations

    @Test(arguments: [
        "billing@shop.example.com", "no-reply@accounts.example.org", "NOREPLY@MAIL.EXAMPLE.NET",
        "ops+alerts@acme-widgets.example", "customer.service@bank.example.de", "postmaster@mx.example.io",
        "orders@shop-prod.iam.gserviceaccount.com", "668321687018-compute@developer.gserviceaccount.com",
        "ci-uploader@acme-data-366867.iam.gserviceaccount.com",
    ])
    func rolesAndServiceAccountsAreKept(_ address: String) {
        E.expectUntouched(E.response(#"{"from":"\#(address)","client_email":"\#(address)"}"#, "application/json"))
        E.expectUntouched(E.response("Reply-To: \(address)\nsent by \(address)\n", "text/plain"))
    }

    @Test func aMIMEPartsContentIDIsKept() {
        E.expectUntouched(
            E.response(#"<img src="cid:logo@acme.example"> <img src="CID:banner.2x@mail.acme.example">"#, "text/html"))
    }

    @Test(arguments: [
        "anna.okafor72@proton.me", "JONAS.BRANDT93@YAHOO.CO.UK", "dana.okoro+alerts@shop-example.org",
        "billing.anna@shop.example.com", "ops.jane@acme.example", "svc@gserviceaccount.com.evil.example",
    ])
    func aPersonsAddressIsScrubbed(_ address: String) {
        E.expectScrubbed(E.response(#"{"from":"\#(address)"}"#, "application/json"), [address])
        E.expectScrubbed(E.response("sent by \(address) today\n", "text/plain"), [address])
    }

    /// An address found on its own (`o-platform@dev.azure.com` after a comma) is not replaced
    /// where it is the end of a longer one (`contoso-platform@dev.azure.com`): that would make a new
    /// address of the rest, and a second scrub would change it. Its escaped spellings still go.
    @Test func anAddressInsideALongerOneIsLeftToIt() {
        let text =
            "seen: ],o-platform@dev.azure.com/x\n"
            + "remote: https://contoso-platform@dev.azure.com/contoso-platform/_apis\n"
            + "link: mailto%3Ao-platform%40dev.azure.com and \\u003co-platform@dev.azure.com\n"
        let document = E.response(text, "text/plain")
        let scrubbed = Scrubber.default.scrub(document)
        let body = E.scrubbedResponseBody(document)
        #expect(body.contains("https://contoso-platform@dev.azure.com/contoso-platform/_apis"), "\(body)")
        #expect(!body.contains("],o-platform@dev.azure.com"))
        #expect(!body.contains("%3Ao-platform%40dev.azure.com"))
        #expect(!body.contains("u003co-platform@dev.azure.com"))
        #expect(Scrubber.default.scrub(scrubbed).encoded() == scrubbed.encoded(), "scrubbing twice changed it")
    }

    /// A SAML response is opened, not replaced whole: its signature and subject go, its issuer, ids,
    /// digest and certificate (all public, and what a reviewer reads) stay.
    @Test func aSAMLResponseKeepsWhatIsPublic() throws {
        let signature = "DYFppHxUTAEcoWJ48w+qGtK7GFUNdDWMzKecjqlu1ps1LStPNSvNINlhn1V+vSVfsA6wKPIvE+2rv2L1MCm8Bi=="
        let xml = """
            <samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" ID="id97969285556723653176" \
            InResponseTo="_03c849c15820ae2e1f5acd161349a90f" Version="2.0"><saml2:Issuer>http://www.okta.com/exkJHgCMCpsRZWShqnk8</saml2:Issuer>\
            <saml2:Assertion><ds:Signature><ds:SignedInfo><ds:Reference><ds:DigestValue>POAgazh/eqlM5KXvGysT/PjTGoTwKcPyLDgFV1MjWew=</ds:DigestValue>\
            </ds:Reference></ds:SignedInfo><ds:SignatureValue>\(signature)</ds:SignatureValue><ds:KeyInfo><ds:X509Data>\
            <ds:X509Certificate>MIIC1DncTL8kndCk7kKfBN3gLn3gFjlOrvw1AtvTqQ3w9xYz</ds:X509Certificate></ds:X509Data></ds:KeyInfo></ds:Signature>\
            <saml2:Subject><saml2:NameID>anna.okafor72@proton.me</saml2:NameID></saml2:Subject></saml2:Assertion></samlp:Response>
            """
        let value = Data(xml.utf8).base64EncodedString()
        let form = "SAMLResponse=" + ScrubFixtures.percentEncoded(value) + "&RelayState=%2Fdashboard%3Ftab%3Dbilling"
        let document = E.request(form, "application/x-www-form-urlencoded")
        E.expectScrubbed(document, [signature, "anna.okafor72@proton.me"])
        let body = try #require(Scrubber.default.scrub(document).interactions[0].request.body)
        let scrubbedForm = String(decoding: body, as: UTF8.self)
        let encoded = try #require(
            scrubbedForm.split(separator: "&").first { $0.hasPrefix("SAMLResponse=") }?.dropFirst(13)
                .removingPercentEncoding)
        let opened = String(decoding: try #require(Data(base64Encoded: encoded)), as: UTF8.self)
        for kept in [
            "http://www.okta.com/exkJHgCMCpsRZWShqnk8", "_03c849c15820ae2e1f5acd161349a90f",
            "POAgazh/eqlM5KXvGysT/PjTGoTwKcPyLDgFV1MjWew=", "MIIC1DncTL8kndCk7kKfBN3gLn3gFjlOrvw1AtvTqQ3w9xYz",
        ] {
            #expect(opened.contains(kept), "\(kept) was lost from the SAML response")
        }
        #expect(scrubbedForm.contains("RelayState=%2Fdashboard%3Ftab%3Dbilling"))
    }

    /// A device flow's `user_code` is shown on screen for the user to type; its `device_code` is
    /// what the client polls with.
    @Test func aDeviceFlowKeepsTheCodeTheUserTypes() {
        let deviceCode = "GmRhmhcxhwAzkoEqiMEg_DnyEysNkuNhszIySk9eS"
        let document = E.response(
            #"{"device_code":"\#(deviceCode)","user_code":"WDJB-MJHT","verification_uri":"https://example.com/device","interval":5}"#,
            "application/json")
        E.expectScrubbed(document, [deviceCode])
        #expect(E.scrubbedResponseBody(document).contains(#""user_code":"WDJB-MJHT""#))
    }
}
