import CassetteScrubbing
import Foundation
import Testing

/// What stands beside a secret without being one (the account it belongs to, its key's id, a
/// check value, a timestamp, a placeholder, a path that names it), and the parts of a secret that
/// travel without the rest of it.
@Suite struct ScrubIdentifierAndPartTests {
    typealias E = ScrubExpectations
    typealias F = ScrubFixtures

    static func scrubbed(_ body: String) throws -> JSONValue {
        try JSONParser.parse(Data(E.scrubbedResponseBody(E.response(body, "application/json")).utf8))
    }

    @Test func aURLKeepsItsUserNameAndLosesItsPassword() throws {
        let body = #"""
            {"DATABASE_URL":"postgres://app_rw_7q:Vm2lvg60bcug0c7he0@db.internal:5432/orders",\#
            "CLONE":"https://ghp_ZZ0123456789abcdefghijklmnopqrstuvwx@github.com/acme/app.git"}
            """#
        let text = E.expectScrubbed(
            E.response(body, "application/json"), ["Vm2lvg60bcug0c7he0", "ghp_ZZ0123456789abcdefghijklmnopqrstuvwx"])
        let scrubbed = try Self.scrubbed(body)
        guard case .string(let url) = scrubbed["DATABASE_URL"] else {
            Issue.record("no DATABASE_URL in \(text)")
            return
        }
        #expect(url.hasPrefix("postgres://app_rw_7q:SCRUBBED-"))
        #expect(url.hasSuffix("@db.internal:5432/orders"))
    }

    @Test func keyIdsCheckValuesAndPartsOfASecretAreKept() throws {
        let body = """
            {"applicationKeyId":"005d6aa5e83bc12189d881f2","applicationKey":"K005Xb3yq7Qm1Zr8VtN2pLs4Hd6Jf",\
            "hmacKey":"7F2A91C4D83E5B06A1C9E2F4B7D3A8E6","hmacKeyCheckValue":"58AB4FBB",\
            "token_last_eight":"YQmNABtC","api_key_id":"7QQQceImeIMtr1xT6rqZ"}
            """
        _ = E.expectScrubbed(
            E.response(body, "application/json"), ["K005Xb3yq7Qm1Zr8VtN2pLs4Hd6Jf", "7F2A91C4D83E5B06A1C9E2F4B7D3A8E6"])
        let scrubbed = try Self.scrubbed(body)
        #expect(scrubbed["applicationKeyId"] == .string("005d6aa5e83bc12189d881f2"))
        #expect(scrubbed["hmacKeyCheckValue"] == .string("58AB4FBB"))
        #expect(scrubbed["token_last_eight"] == .string("YQmNABtC"))
        #expect(scrubbed["api_key_id"] == .string("7QQQceImeIMtr1xT6rqZ"))
    }

    @Test func placeholdersPathsAndResourceNamesAreNoSecrets() throws {
        let body = """
            {"ARN":"arn:aws:secretsmanager:eu-west-1:443368124308:secret:prod/reporting/db-b16yfz",\
            "SecretId":"prod/reporting/db","inputs":{"password":"$encrypted$","become_password":"{{vault_pw}}"},\
            "SecretString":"{\\"password\\": \\"UO_p8^S$_8aZWZt7YTjv\\"}"}
            """
        _ = E.expectScrubbed(E.response(body, "application/json"), ["UO_p8^S$_8aZWZt7YTjv"])
        let scrubbed = try Self.scrubbed(body)
        #expect(
            scrubbed["ARN"] == .string("arn:aws:secretsmanager:eu-west-1:443368124308:secret:prod/reporting/db-b16yfz"))
        #expect(scrubbed["SecretId"] == .string("prod/reporting/db"))
        #expect(scrubbed["inputs"]?["password"] == .string("$encrypted$"))
        #expect(scrubbed["inputs"]?["become_password"] == .string("{{vault_pw}}"))
    }

    @Test func aSignatureHeaderKeepsItsTimestamp() throws {
        let signature = "t=1796001247,v1=4e34cdbe477dfcfe823d8101b7663edc10b159879e43f6815cdb7b004f0f5201"
        let document = CassetteDocument(interactions: [
            F.interaction(F.request("POST", headers: [HTTPHeader("Stripe-Signature", signature)]))
        ])
        let text = E.expectScrubbed(document, ["4e34cdbe477dfcfe823d8101b7663edc10b159879e43f6815cdb7b004f0f5201"])
        #expect(text.contains("t=1796001247,v1=SCRUBBED-"))
    }

    @Test func aHeaderNamedForAVendorsKeyCarriesIt() {
        let document = CassetteDocument(interactions: [
            F.interaction(
                F.request(headers: [
                    HTTPHeader("X-ClickHouse-Key", "XKoFwCtccYezT.CN~MOl@C31"),
                    HTTPHeader("X-Partition-Key", "tenant-42-orders-2026"),
                ]))
        ])
        let text = E.expectScrubbed(document, ["XKoFwCtccYezT.CN~MOl@C31"])
        #expect(text.contains("tenant-42-orders-2026"))
    }

    @Test func aCommandLinesPasswordAfterAUserIsScrubbed() {
        let log = """
            $ mkdir -p build/out
            $ mysql -u root -p'XF3_LpB$JFEF46' -e 'SHOW DATABASES'
            $ docker login -u acmebuild -p Zq8rT2vLm5Nw9Kx3
            """
        let text = E.expectScrubbed(E.response(log, "text/plain"), ["XF3_LpB$JFEF46", "Zq8rT2vLm5Nw9Kx3"])
        #expect(text.contains("mkdir -p build/out"))
        #expect(text.contains("mysql -u root -p'SCRUBBED-"))
    }

    @Test func aTableCellThatNamesAVariableByReference() {
        let page = """
            <table><tr><td class="e">$_SERVER['MYSQL_HOST']</td><td class="v">db-primary.internal</td></tr>
            <tr><td class="e">$_SERVER['MYSQL_PASSWORD']</td><td class="v">YDYRvU#I9H^_IJU5PU84</td></tr>
            <tr><td class="e">$_ENV['APP_KEY']</td><td class="v">base64:2bGm9OnqFArth0ekyVs/65w2JCW4kkJjQXzPwqnsmjE=</td></tr>
            </table>
            """
        let text = E.expectScrubbed(
            E.response(page, "text/html"),
            ["YDYRvU#I9H^_IJU5PU84", "base64:2bGm9OnqFArth0ekyVs/65w2JCW4kkJjQXzPwqnsmjE="])
        #expect(text.contains("db-primary.internal"))
    }

    @Test func theRandomCoreOfASecretEchoesWithoutItsTag() {
        let key = "fed16184d5ee734da1346db93cdb3f38-us21"
        let credentials = Data("anystring:\(key)".utf8).base64EncodedString()
        let document = CassetteDocument(interactions: [
            F.interaction(
                F.request(headers: [HTTPHeader("Authorization", "Basic \(credentials)")]),
                F.response(
                    401, headers: [HTTPHeader("Content-Type", "application/json")],
                    body: #"{"detail":"Your API key 'fed16184d5ee734da1346db93cdb3f38' may be invalid"}"#))
        ])
        _ = E.expectScrubbed(document, [key, "fed16184d5ee734da1346db93cdb3f38"])
    }

    @Test func theUserOfBasicCredentialsIsKeptBesideTheReplacedPassword() throws {
        // A public key or key id signs in with its secret: the user stays inside the credentials.
        let secret = "sk-lf-b3768c9a-10cf-467a-8714-9fa7926f6628"
        let credentials = Data("pk-lf-02f67dbc-4ee1-45a2-b0b9-67bb2346016d:\(secret)".utf8).base64EncodedString()
        let document = CassetteDocument(interactions: [
            F.interaction(F.request(headers: [HTTPHeader("Authorization", "Basic \(credentials)")]))
        ])
        _ = E.expectScrubbed(document, [secret, credentials])
        let header = try #require(Scrubber.default.scrub(document).interactions[0].request.headers.first?.value)
        let decoded = try #require(Data(base64Encoded: String(header.dropFirst("Basic ".count))))
        #expect(
            String(decoding: decoded, as: UTF8.self) == "pk-lf-02f67dbc-4ee1-45a2-b0b9-67bb2346016d:SCRUBBED-TOKEN-1")
        // A user that is an address, or a token of a known shape, goes with the password.
        for user in ["ann@example.com", "SK37c0fe4f7040420034e1258a6406d1bc"] {
            let pair = Data("\(user):mTfnqfweE0arSLFyPjZ9AJN02YV3oHeU".utf8).base64EncodedString()
            let scrubbed = Scrubber.default.scrub(
                CassetteDocument(interactions: [
                    F.interaction(F.request(headers: [HTTPHeader("Authorization", "Basic \(pair)")]))
                ]))
            #expect(scrubbed.interactions[0].request.headers.first?.value == "Basic SCRUBBED-TOKEN-1", "\(user)")
        }
    }

    @Test func basicCredentialsInABinaryBodyGoWholeAtTheirLength() {
        // A placeholder fitted to the length would break base64 of `user:placeholder`: the whole
        // credentials go, and a second scrub changes nothing.
        let credentials = Data("ci-bot:2VlXPWXaeGzSd3YoHRcIWVWu".utf8).base64EncodedString()
        let body = Data([0, 1, 2]) + Data("Authorization: Basic \(credentials)\n".utf8) + Data([0xFF, 0])
        let document = CassetteDocument(interactions: [
            F.interaction(
                F.request(),
                RecordedResponse(
                    status: 200, headers: [HTTPHeader("Content-Type", "application/octet-stream")], body: body))
        ])
        _ = E.expectScrubbed(document, [credentials, "2VlXPWXaeGzSd3YoHRcIWVWu"])
        #expect(Scrubber.default.scrub(document).interactions[0].response?.body?.count == body.count)
    }

    @Test func webhookSecretsInBase64AreTheirShape() {
        let body = #"{"key":"whsec_7TgUsEDsLtDULZlQVUV7YpvSvEL5k+/P"}"#
        let text = E.expectScrubbed(E.response(body, "application/json"), ["whsec_7TgUsEDsLtDULZlQVUV7YpvSvEL5k+/P"])
        #expect(text.contains("whsec_SCRUBBED-"))
    }

    @Test func aKubernetesSecretKeepsItsAccountsName() throws {
        let user = Data("orders_rw_hebu".utf8).base64EncodedString()
        let password = Data("S3cr3t-Pa55w0rd-99".utf8).base64EncodedString()
        let body = #"{"kind":"Secret","data":{"username":"\#(user)","password":"\#(password)"}}"#
        _ = E.expectScrubbed(E.response(body, "application/json"), ["S3cr3t-Pa55w0rd-99"])
        #expect(try Self.scrubbed(body)["data"]?["username"] == .string(user))
    }

    @Test func aSignatureSentInAHeaderIsScrubbedWhereTheBodyEchoesIt() {
        let digest = "5d4bd363283d7d9826dc3accd78574bb8bea8397a5af1cb75d9ce29eb75e3b81"
        let document = CassetteDocument(interactions: [
            F.interaction(
                F.request("POST", headers: [HTTPHeader("X-Signature-256", "sha256=\(digest)")]),
                F.response(
                    401, headers: [HTTPHeader("Content-Type", "application/json")],
                    body: #"{"error":"signature_mismatch","received":"sha256=\#(digest)"}"#))
        ])
        _ = E.expectScrubbed(document, [digest])
    }

    @Test func projectKeysWithoutTheLegacyMarkerAreTheirShape() {
        let key =
            "sk-proj-6vKpjG4PvnszLUfolJfHrLtg0ryN8SCURjSPnTRnbq1mbuhPup9Nq4kWlL-tmD80U2l7YwiOVoe3hoFChZ1ikC9878kLTv"
            + "cmmaGC0FF4zgFgHKDdBIwb_olElkOUEvBxDv2CP5TUKPn8Vi7fqoXY6i9Hhosx"
        let text = E.expectScrubbed(E.response(#"{"object":"key","value":"\#(key)"}"#, "application/json"), [key])
        #expect(text.contains("sk-proj-SCRUBBED-"))
    }

    /// Jellyfin's `MediaBrowser` credentials: quoted parameters with spaces, a token only once
    /// signed in. A quoted value is read whole, so a second scrub finds what the first left.
    @Test func quotedCredentialParametersAreReadWhole() {
        let client =
            #"Client="Jellyfin Web", Device="Firefox", DeviceId="TW96aWxsYS81LjAgKFgxMTsgTGludXgp", Version="10.10.3""#
        let document = CassetteDocument(interactions: [
            F.interaction(F.request("POST", headers: [HTTPHeader("Authorization", "MediaBrowser \(client)")])),
            F.interaction(
                F.request(
                    headers: [
                        HTTPHeader(
                            "Authorization", #"MediaBrowser \#(client), Token="507b76174e816daceec7ac9cd5e4a90e""#)
                    ])),
        ])
        let text = E.expectScrubbed(document, ["507b76174e816daceec7ac9cd5e4a90e"])
        #expect(text.contains(#"Client=\"Jellyfin Web\""#))
    }

    @Test func settingsMasksAndKeyIdsBesideASecretAreKept() throws {
        let body = """
            {"basic.auth.credentials.source":"USER_INFO","sasl.mechanism.password":"SCRAM-SHA-512",\
            "basic.auth.user.info":"KJ2MXQ7ZPL4V:cflt8Qw2Zr5Tn1Vx7Kb3Ld9Hs6Pm4Jy0","NPM_TOKEN":"xxxx1a2b",\
            "argo_password":"++++++++"}
            """
        _ = E.expectScrubbed(E.response(body, "application/json"), ["cflt8Qw2Zr5Tn1Vx7Kb3Ld9Hs6Pm4Jy0"])
        let scrubbed = try Self.scrubbed(body)
        #expect(scrubbed["basic.auth.credentials.source"] == .string("USER_INFO"))
        #expect(scrubbed["sasl.mechanism.password"] == .string("SCRAM-SHA-512"))
        #expect(scrubbed["NPM_TOKEN"] == .string("xxxx1a2b"))
        #expect(scrubbed["argo_password"] == .string("++++++++"))
        guard case .string(let info) = scrubbed["basic.auth.user.info"] else {
            Issue.record("no user info")
            return
        }
        #expect(info.hasPrefix("KJ2MXQ7ZPL4V:SCRUBBED-"))
    }

    @Test func aSemicolonSeparatedSignatureHeaderKeepsItsTimestamp() {
        let digest = "6f4ad0d8a0f3c2b1e9d7a5c3b1f0e8d6c4a2b0f9e7d5c3a1b9f7e5d3c1a0b8f6"
        let document = CassetteDocument(interactions: [
            F.interaction(F.request("POST", headers: [HTTPHeader("Paddle-Signature", "ts=1671552777;h1=\(digest)")]))
        ])
        let text = E.expectScrubbed(document, [digest])
        #expect(text.contains("ts=1671552777;h1=SCRUBBED-"))
    }

    @Test func secretsAssignedInCodeAreFound() {
        let code = """
            <?php
            define( 'DB_PASSWORD', 'Wp9!dbPass-77xq' );
            define('NONCE_SALT', 'k3#Lq]v9@Zt2!mR8^pW5&nY1*bX6(cJ4');
            define('WP_DEBUG', false);
            echo t('password', 'Passwort');
            os.environ['SNOWFLAKE_PASSWORD'] = 'Sn0wfl4ke-Pa55-2026'
            $_ENV["APP_KEY"] = "base64:2bGm9OnqFArth0ekyVs/65w2JCW4kkJjQXzPwqnsmjE=";
            """
        let text = E.expectScrubbed(
            E.response(code, "text/plain"),
            [
                "Wp9!dbPass-77xq", "k3#Lq]v9@Zt2!mR8^pW5&nY1*bX6(cJ4", "Sn0wfl4ke-Pa55-2026",
                "base64:2bGm9OnqFArth0ekyVs/65w2JCW4kkJjQXzPwqnsmjE=",
            ])
        #expect(text.contains("t('password', 'Passwort')"))
        #expect(text.contains("define('WP_DEBUG', false)"))
    }
}
