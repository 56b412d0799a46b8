import CassetteScrubbing
import Foundation
import Testing

/// Every body is read by what it holds, whatever its `Content-Type` claims.
@Suite struct ScrubSniffingTests {
    typealias E = ScrubExpectations
    typealias F = ScrubFixtures

    struct BodyCase: Sendable, CustomTestStringConvertible {
        var name: String
        var body: String
        var contentType: String?
        var secrets: [String]
        var testDescription: String { name }
    }

    static let cases: [BodyCase] = [
        BodyCase(
            name: "JSON sent as text/plain", body: #"{"user":"ann","password":"pl41n-t3xt-pw"}"#,
            contentType: "text/plain", secrets: ["pl41n-t3xt-pw"]),
        BodyCase(
            name: "JSON as application/x-amz-json-1.1",
            body:
                #"{"Credentials":{"AccessKeyId":"ASIAQ3EXAMPLE4KEY7ZZ","SecretKey":"wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLEKEY","SessionToken":"IQoJb3JpZ2luX2VjEXAMPLEsessionTOKEN12345"}}"#,
            contentType: "application/x-amz-json-1.1",
            secrets: [
                "ASIAQ3EXAMPLE4KEY7ZZ", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLEKEY",
                "IQoJb3JpZ2luX2VjEXAMPLEsessionTOKEN12345",
            ]),
        BodyCase(
            name: "JSON without a content type", body: #"{"client_secret":"cs-9f8e7d6c5b4a"}"#, contentType: nil,
            secrets: ["cs-9f8e7d6c5b4a"]),
        BodyCase(
            name: "NDJSON",
            body:
                "{\"event\":\"login\",\"token\":\"nd-t0k-111aaa\"}\n{\"event\":\"x\",\"api_key\":\"nd-k3y-222bbb\"}\n",
            contentType: "application/x-ndjson", secrets: ["nd-t0k-111aaa", "nd-k3y-222bbb"]),
        BodyCase(
            name: "server-sent events",
            body: "event: session\ndata: {\"session_token\":\"sse-s3ss-ion-777\"}\n\nevent: ping\ndata: ok\n\n",
            contentType: "text/event-stream", secrets: ["sse-s3ss-ion-777"]),
        BodyCase(
            name: "form body without the form type", body: "username=ann&password=f0rm-n0-typ3&remember=1",
            contentType: "text/plain", secrets: ["f0rm-n0-typ3"]),
        BodyCase(
            name: "XML element names",
            body: """
                <?xml version="1.0"?><GetSessionTokenResponse><GetSessionTokenResult><Credentials>\
                <SessionToken>FwoGZXIvYXdzEXAMPLEtoken987</SessionToken>\
                <SecretAccessKey>wJalrXUtnFEMI/K7MDENG/bPxRfiCYxEXAMPLEKEY</SecretAccessKey>\
                <AccessKeyId>ASIAZ7EXAMPLE2KEY3QQ</AccessKeyId></Credentials></GetSessionTokenResult></GetSessionTokenResponse>
                """,
            contentType: "text/xml",
            secrets: [
                "FwoGZXIvYXdzEXAMPLEtoken987", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYxEXAMPLEKEY", "ASIAZ7EXAMPLE2KEY3QQ",
            ]),
        BodyCase(
            name: "SOAP password element",
            body: """
                <soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Header><wsse:Security>\
                <wsse:UsernameToken><wsse:Username>svc</wsse:Username>\
                <wsse:Password Type="PasswordText">s0ap-pa55w0rd</wsse:Password></wsse:UsernameToken>\
                </wsse:Security></soap:Header><soap:Body/></soap:Envelope>
                """,
            contentType: "application/soap+xml", secrets: ["s0ap-pa55w0rd"]),
        BodyCase(
            name: "HTML csrf meta, hidden input and inline config",
            body: """
                <html><head><meta name="csrf-token" content="Zk9x3Lq2Vb8Nc4Md7Pw1Rt6Ys0Ha5Je"></head><body>
                <form><input type="hidden" name="authenticity_token" value="hid-auth-tok-55aa66bb77"></form>
                <script>window.__CONFIG__ = {"apiKey": "inl1ne-c0nf1g-k3y", env: "prod"};</script></body></html>
                """,
            contentType: "text/html; charset=utf-8",
            secrets: ["Zk9x3Lq2Vb8Nc4Md7Pw1Rt6Ys0Ha5Je", "hid-auth-tok-55aa66bb77", "inl1ne-c0nf1g-k3y"]),
        BodyCase(
            name: "YAML config",
            body:
                "database:\n  host: db.internal\n  password: yaml-db-pw-4411\nservice:\n  api_key: \"yaml-k3y-8822\"\n",
            contentType: "application/x-yaml", secrets: ["yaml-db-pw-4411", "yaml-k3y-8822"]),
        BodyCase(
            name: ".env file",
            body: "export DATABASE_PASSWORD=env-db-pw-0099\nSTRIPE_API_KEY='env-str1pe-k3y'\nDEBUG=true\n",
            contentType: "text/plain", secrets: ["env-db-pw-0099", "env-str1pe-k3y"]),
        BodyCase(
            name: "multipart upload of a config file",
            body: "--XyZ\r\nContent-Disposition: form-data; name=\"file\"; filename=\"settings.env\"\r\n"
                + "Content-Type: text/plain\r\n\r\nAPI_TOKEN=mp-f1le-t0ken-31\nREGION=eu\r\n--XyZ--\r\n",
            contentType: "multipart/form-data; boundary=XyZ", secrets: ["mp-f1le-t0ken-31"]),
        BodyCase(
            name: "multipart without its content type",
            body:
                "--B0undary\r\nContent-Disposition: form-data; name=\"secret\"\r\n\r\nmp-n0-type-5ecret\r\n--B0undary--\r\n",
            contentType: "text/plain", secrets: ["mp-n0-type-5ecret"]),
        BodyCase(
            name: ".netrc",
            body:
                "machine api.heroku.com\n  login ann\n  password n3trc-pw-1122\nmachine x.example.com login bob password n3trc-pw-3344\n",
            contentType: "text/plain", secrets: ["n3trc-pw-1122", "n3trc-pw-3344"]),
        BodyCase(
            name: ".npmrc",
            body: "registry=https://registry.npmjs.org/\n//registry.npmjs.org/:_authToken=npmrc-t0ken-5566aabb\n",
            contentType: "text/plain", secrets: ["npmrc-t0ken-5566aabb"]),
        BodyCase(
            name: "git credential helper output",
            body: "protocol=https\nhost=github.com\nusername=ann\npassword=g1t-cred-pw-77\n",
            contentType: nil, secrets: ["g1t-cred-pw-77"]),
        BodyCase(
            name: "TOML and INI",
            body: "[database]\nuser = \"app\"\npassword = \"t0ml-db-pw-88\"\n[api]\nsecret_key=1n1-s3cret-99\n",
            contentType: "application/toml", secrets: ["t0ml-db-pw-88", "1n1-s3cret-99"]),
        BodyCase(
            name: "JavaScript and Python sources",
            body: "const API_KEY = \"js-c0nst-k3y-10\";\nconfig = {'password': 'py-d1ct-pw-20', 'debug': True}\n",
            contentType: "application/javascript", secrets: ["js-c0nst-k3y-10", "py-d1ct-pw-20"]),
        BodyCase(
            name: "database URLs",
            body:
                "DATABASE_URL=postgres://app:pg-url-pw-30@db.internal:5432/app\nREDIS_URL=redis://:r3dis-pw-40@cache:6379/0\n"
                + "MONGO=mongodb+srv://svc:m0ngo-pw-50@cluster0.example.net/db\n",
            contentType: "text/plain", secrets: ["pg-url-pw-30", "r3dis-pw-40", "m0ngo-pw-50"]),
        BodyCase(
            name: "raw HTTP request in a body",
            body:
                "GET /v1/me HTTP/1.1\r\nHost: api.example.com\r\nAuthorization: Basic \(Data("ann:raw-http-pw-60".utf8).base64EncodedString())\r\nX-Api-Key: raw-http-k3y-70\r\n\r\n",
            contentType: "message/http",
            secrets: [Data("ann:raw-http-pw-60".utf8).base64EncodedString(), "raw-http-k3y-70"]),
    ]

    @Test(arguments: cases)
    func aBodyIsReadByWhatItHolds(_ bodyCase: BodyCase) {
        E.expectScrubbed(E.response(bodyCase.body, bodyCase.contentType), bodyCase.secrets)
        E.expectScrubbed(E.request(bodyCase.body, bodyCase.contentType), bodyCase.secrets)
    }

    @Test func jsonKeptAsTextIsChangedOnlyWhereASecretStands() {
        // `\/` makes the cassette keep the exact text; scrubbing keeps it too, but for the secret.
        let body = #"{ "next" : "a\/b", "password" : "hunter2hunter2", "n" : 1.50 }"#
        let scrubbed = E.scrubbedResponseBody(E.response(body, "application/json"))
        #expect(scrubbed == #"{ "next" : "a\/b", "password" : "SCRUBBED-SECRET-1", "n" : 1.50 }"#)
    }

    @Test func latin1HTMLIsDecodedByItsCharsetAndStaysLatin1() throws {
        var bytes = Array("<html><p>Caf".utf8) + [0xE9] + Array(" - ".utf8)
        bytes += Array("<input type=\"hidden\" name=\"csrf_token\" value=\"l4t1n-csrf-0a1b2c\"></p></html>".utf8)
        let document = CassetteDocument(interactions: [
            Interaction(
                request: F.request(),
                outcome: .response(
                    RecordedResponse(
                        status: 200, headers: [.init("Content-Type", "text/html; charset=ISO-8859-1")],
                        body: Data(bytes))))
        ])
        let text = E.expectScrubbed(document, ["l4t1n-csrf-0a1b2c"])
        #expect(text.contains("\"base64\""))
        let body = try #require(Scrubber.default.scrub(document).interactions[0].response?.body)
        #expect(body.contains(0xE9))
        #expect(String(data: body, encoding: .isoLatin1)?.contains("value=\"SCRUBBED-SECRET-1\"") == true)
    }

    @Test func binaryBodiesAreSearchedInPrintableRunsWithoutChangingTheirLength() throws {
        let token = "ghp_" + "R7bX2kQ9vLm4Tz8Wc1Ny6Hd3Jf5Gs0Ap2EoK"
        let bytes: [UInt8] = [0x0A, 0x28] + Array(token.utf8) + [0x12, 0x00, 0xFF, 0x01] + Array("tail-bytes".utf8)
        let document = CassetteDocument(interactions: [
            Interaction(
                request: F.request(),
                outcome: .response(
                    RecordedResponse(
                        status: 200, headers: [.init("Content-Type", "application/x-protobuf")], body: Data(bytes))))
        ])
        E.expectScrubbed(document, [token])
        let body = try #require(Scrubber.default.scrub(document).interactions[0].response?.body)
        #expect(body.count == bytes.count)
        #expect(Array(body.prefix(2)) == [0x0A, 0x28])
        #expect(
            String(decoding: body.dropFirst(2).prefix(token.utf8.count), as: UTF8.self).hasPrefix("ghp_SCRUBBED-1*"))
        let finding = try #require(Scrubber.default.findings(in: document).first)
        #expect(finding.path == "interactions[0].response.body.base64")
        #expect(finding.summary.contains("in the printable text at bytes 0..<42 of the binary body"))
    }

    @Test func textInABinaryContentTypeIsReadAsText() {
        E.expectScrubbed(
            E.response(#"{"refresh_token":"oct3t-str3am-rt-88"}"#, "application/octet-stream"), ["oct3t-str3am-rt-88"])
    }
}
