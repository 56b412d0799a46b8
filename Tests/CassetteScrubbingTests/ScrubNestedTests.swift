import CassetteCore
import CassetteScrubbing
import Foundation
import Testing

/// Nested encodings are opened, and what is replaced inside them is encoded back the same way.
@Suite struct ScrubNestedTests {
    typealias E = ScrubExpectations
    typealias F = ScrubFixtures

    static func base64(_ text: String) -> String { Data(text.utf8).base64EncodedString() }

    @Test func jsonInsideAJSONString() throws {
        let inner =
            #"{"type":"user.created","data":{"email":"queue.user@corp.example.org","api_token":"q-t0k3n-998877"}}"#
        let body = String(
            decoding: JSONWriter.bytes(of: .object(["Message": .string(inner)]), style: .compact), as: UTF8.self)
        let document = E.response(body, "application/json")
        E.expectScrubbed(document, ["queue.user@corp.example.org", "q-t0k3n-998877"])
        let scrubbed = try JSONParser.parse(
            try #require(Scrubber.default.scrub(document).interactions[0].response?.body))
        guard case .string(let message)? = scrubbed["Message"] else {
            Issue.record("Message is no longer a string")
            return
        }
        let decoded = try JSONParser.parse(Data(message.utf8))
        #expect(decoded["data"]?["api_token"] == .string("SCRUBBED-SECRET-1"))
        #expect(decoded["data"]?["email"] == .string("user-1@example.invalid"))
    }

    /// Lambda's `X-Amz-Log-Result` is base64 of the function's log tail: its lines are read (a
    /// connection URL's password goes), and the header stays base64 of the rest of the log.
    @Test func aLogTailInBase64InAHeaderIsReadAsText() throws {
        let password = "ZKxgYT~%Rb_TjyqAy^1e81"
        let log =
            "START RequestId: 2a10c7d5 Version: $LATEST\n2026-12-01T08:30:12.114Z\t2a10c7d5\tINFO\tconnecting "
            + "postgres://svc_field:\(password)@field-db.example.com:5432/field\nEND RequestId: 2a10c7d5\n"
        let header = HTTPHeader("X-Amz-Log-Result", Data(log.utf8).base64EncodedString())
        let document = E.response(#"{"ok":true}"#, "application/json", headers: [header])
        E.expectScrubbed(document, [password])
        let scrubbed = Scrubber.default.scrub(document)
        let value = try #require(scrubbed.interactions[0].response?.headers.value(for: "X-Amz-Log-Result"))
        let decoded = String(decoding: try #require(Data(base64Encoded: value)), as: UTF8.self)
        #expect(decoded.contains("connecting postgres://svc_field:") && decoded.contains("@field-db.example.com"))
        #expect(!decoded.contains(password))
    }

    @Test func aURLPercentEncodedInAQueryValue() {
        let url =
            "https://auth.example.com/login?return_to=https%3A%2F%2Fapp.example.com%2Fcb%3Faccess_token%3Dnest3d-at-5566"
            + "%26state%3Dxyz&client_id=app"
        let document = CassetteDocument(interactions: [F.interaction(F.request(url: url))])
        E.expectScrubbed(document, ["nest3d-at-5566"])
        #expect(
            Scrubber.default.scrub(document).interactions[0].request.url
                == "https://auth.example.com/login?return_to=https%3A%2F%2Fapp.example.com%2Fcb%3Faccess_token%3DSCRUBBED-QUERY-1"
                + "%26state%3Dxyz&client_id=app")
        let finding = Scrubber.default.findings(in: document).first
        #expect(
            finding?.summary
                == "value of query item \"access_token\" in the value of query item \"return_to\" → SCRUBBED-QUERY-1")
    }

    @Test func aNestedURLIsMaskedAndMatchesItsRecording() {
        let live = F.request(
            url: "https://auth.example.com/cb?next=https%3A%2F%2Fx.example.com%2F%3Faccess_token%3Dlive-nest-123456")
        let recorded = Scrubber.default.scrub(CassetteDocument(interactions: [F.interaction(live)])).interactions[0]
            .request
        #expect(!Scrubber.default.masked(live).url.contains("live-nest-123456"))
        #expect(
            RequestMatcher(scrubber: .default).identity(of: live)
                == RequestMatcher(scrubber: .default).identity(of: recorded))
        #expect(!Scrubber.default.scrubText(live.url).contains("live-nest-123456"))
    }

    @Test func unicodeEscapesInJSONKeptAsText() {
        // Not parseable as a whole (a trailing comma), so read as text: `\u0040` and `\u0026` escapes.
        let body =
            #"{"contact":"esc.user\u0040mail.example.com","link":"https://x.example.com/?a=1\u0026token=esc-t0k-4455",}"#
        E.expectScrubbed(E.response(body, "application/json"), ["esc.user@mail.example.com", "esc-t0k-4455"])
    }

    @Test func htmlEntitiesInAttributes() {
        let body =
            #"<meta name="csrf-token" content="ab&amp;cd&#x2F;ef123456789"><p>echo: ab&amp;cd&#x2F;ef123456789</p>"#
        let text = E.expectScrubbed(E.response(body, "text/html"), ["ab&cd/ef123456789", "ab&amp;cd&#x2F;ef123456789"])
        #expect(text.contains("content=\\\"SCRUBBED-SECRET-1\\\""))
    }

    @Test func kubernetesSecretDataIsOpenedAndEncodedBack() throws {
        let dockerConfig =
            #"{"auths":{"registry.example.com":{"username":"bot","password":"k8s-r3g-pw-7788","auth":"Ym90Oms4cy1yM2ctcHctNzc4OA=="}}}"#
        let body =
            #"{"apiVersion":"v1","kind":"Secret","metadata":{"name":"regcred"},"type":"kubernetes.io/dockerconfigjson","#
            + #""data":{".dockerconfigjson":"\#(Self.base64(dockerConfig))","note.txt":"\#(Self.base64("plain words here"))"}}"#
        let document = E.response(body, "application/json")
        E.expectScrubbed(document, ["k8s-r3g-pw-7788", "Ym90Oms4cy1yM2ctcHctNzc4OA==", Self.base64(dockerConfig)])
        let scrubbed = try JSONParser.parse(
            try #require(Scrubber.default.scrub(document).interactions[0].response?.body))
        guard case .string(let encoded)? = scrubbed["data"]?[".dockerconfigjson"],
            let data = Data(base64Encoded: encoded)
        else {
            Issue.record("the secret's data is no longer base64")
            return
        }
        let config = try JSONParser.parse(data)
        #expect(config["auths"]?["registry.example.com"]?["password"] == .string("SCRUBBED-SECRET-1"))
        #expect(scrubbed["data"]?["note.txt"] == .string(Self.base64("plain words here")))
    }

    @Test func kubeconfigClientKeyData() {
        let key =
            "-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEAkubeconfigFAKEkeyMATERIAL0123456789abcdefghij\n-----END RSA PRIVATE KEY-----\n"
        let body = "apiVersion: v1\nusers:\n- name: admin\n  user:\n    client-key-data: \(Self.base64(key))\n"
        E.expectScrubbed(
            E.response(body, "application/yaml"),
            [Self.base64(key), "MIIEpAIBAAKCAQEAkubeconfigFAKEkeyMATERIAL0123456789abcdefghij"])
    }

    @Test func samlResponseInAForm() {
        let assertion = """
            <samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol"><saml:Assertion>\
            <saml:Subject><saml:NameID>saml.person@idp.example.com</saml:NameID></saml:Subject>\
            <ds:SignatureValue>c2FtbC1zaWduYXR1cmUtdmFsdWUtMTIzNDU2</ds:SignatureValue></saml:Assertion></samlp:Response>
            """
        let form = "SAMLResponse=" + ScrubFixtures.percentEncoded(Self.base64(assertion)) + "&RelayState=%2Fhome"
        E.expectScrubbed(
            E.request(form, "application/x-www-form-urlencoded"),
            ["saml.person@idp.example.com", "c2FtbC1zaWduYXR1cmUtdmFsdWUtMTIzNDU2"])
    }

    @Test(arguments: [
        (
            "DefaultEndpointsProtocol=https;AccountName=stacct;AccountKey=Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MA==;EndpointSuffix=core.windows.net",
            "Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MA=="
        ),
        (
            "Endpoint=sb://ns.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey=c2FzLWtleS0xMjM0NTY3ODkw=",
            "c2FzLWtleS0xMjM0NTY3ODkw="
        ),
        ("Server=tcp:db.example.net,1433;Database=app;User Id=sa;Password=c0nn-str-pw;Encrypt=True", "c0nn-str-pw"),
    ])
    func connectionStrings(_ connection: String, _ secret: String) {
        E.expectScrubbed(E.response(#"{"connection":"\#(connection)"}"#, "application/json"), [secret])
        E.expectScrubbed(E.response("ConnectionStrings__Main=\"\(connection)\"\n", "text/plain"), [secret])
    }

    @Test func aURLPercentEncodedTwiceInAQueryValue() {
        let inner = "https%3A%2F%2Fshop.example.com%2Fcb%3Ftoken%3Dtw1ce-enc0ded-7788"
        let url = "https://sso.example.com/logout?return_to=" + inner.replacingOccurrences(of: "%", with: "%25")
        let document = CassetteDocument(interactions: [F.interaction(F.request(url: url))])
        E.expectScrubbed(document, ["tw1ce-enc0ded-7788"])
        #expect(
            Scrubber.default.scrub(document).interactions[0].request.url
                == "https://sso.example.com/logout?return_to=https%253A%252F%252Fshop.example.com%252Fcb%253Ftoken%253D"
                + "SCRUBBED-QUERY-1")
    }

    @Test func aTokenThatIsBase64ByItsFormatIsReplacedWhole() {
        // Intercom's access tokens are base64 of `tok:…`: the shape rule replaces them, not the text inside.
        let token = Self.base64("tok:6e27649e_332b_48c4_bea1_211856eaebea:1:0")
        let text = E.expectScrubbed(E.response(#"{"note":"\#(token)"}"#, "application/json"), [token])
        #expect(text.contains("SCRUBBED-INTERCOM-TOKEN-1"))
    }
}
