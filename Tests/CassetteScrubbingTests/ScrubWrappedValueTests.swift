import CassetteScrubbing
import Foundation
import Testing

/// A secret held one step away from what names it: inside a typed value under its name, in the
/// text member of an object marked secret, in the `<Value>` of an XML element named like a key, in
/// a header that signs the request, and in a document (JSON, or base64 of it) under a secret's name.
@Suite struct ScrubWrappedValueTests {
    typealias E = ScrubExpectations

    @Test func typedValuesUnderASecretNameAreScrubbedAndOrdinaryOnesKept() {
        // Firestore's REST documents and DynamoDB's items wrap every value in its type.
        let body = #"""
            {"fields":{"signingSecret":{"stringValue":"8a726fb8ff8404f15082fba225e04c8d"},\#
            "displayName":{"stringValue":"Acme billing"},"retries":{"integerValue":"3"}},\#
            "Item":{"password":{"S":"Tq9vLm2xW7rB4kZ8"},"username":{"S":"svc-ledger"}}}
            """#
        let text = E.expectScrubbed(
            E.response(body, "application/json"), ["8a726fb8ff8404f15082fba225e04c8d", "Tq9vLm2xW7rB4kZ8"])
        for kept in ["Acme billing", #""integerValue": "3""#, "svc-ledger"] {
            #expect(text.contains(kept), "\(kept) was changed in\n\(text)")
        }
    }

    @Test func theTextOfAnObjectMarkedSecretIsScrubbed() {
        let secret = "abEJyKBCwRjePaZpPxRImvZ02YAf1WYmIrF3vGSTkPW3VKavZpZFiIj9RVk9qGio"
        let body = #"""
            [{"name":"JWT_SIGNING_KEY","text":"\#(secret)","type":"secret_text"},\#
            {"name":"GREETING","text":"Welcome back","type":"plain_text"}]
            """#
        let text = E.expectScrubbed(E.request(body, "application/json"), [secret])
        #expect(text.contains("Welcome back"))
    }

    @Test func theValueOfAnXMLElementNamedLikeAKeyIsScrubbed() {
        let secret = "Mddum78cmqMg4iWkdbCyI0VINZLL1+nA6ZZYmYawM/o="
        let body = """
            <?xml version="1.0" encoding="utf-8"?><UserDelegationKey><SignedOid>fb2aa907-8c4d</SignedOid>\
            <SignedExpiry>2026-12-01T14:30:12Z</SignedExpiry><Value>\(secret)</Value></UserDelegationKey>
            """
        let text = E.expectScrubbed(E.response(body, "application/xml"), [secret])
        #expect(text.contains("<SignedExpiry>2026-12-01T14:30:12Z</SignedExpiry>"))
    }

    @Test func anS3ObjectKeyAndATagValueAreKept() {
        let body = """
            <ListBucketResult><Contents><Key>exports/2026/ledger.parquet</Key><Size>4096</Size></Contents>\
            <TagSet><Tag><Key>environment</Key><Value>production-eu-west-1</Value></Tag></TagSet></ListBucketResult>
            """
        E.expectUntouched(E.response(body, "application/xml"))
    }

    @Test func aHeaderThatSignsTheRequestIsScrubbed() {
        let signature = "2z2C9bbxm6mPGSs8SmqOKnmU3cUt5lsRNXTPojri26YAA7VJ/aDi+LcSQEzrNeAzu4mhNSBlaxeij7xMJIL+Mg=="
        let document = CassetteDocument(interactions: [
            ScrubFixtures.interaction(
                ScrubFixtures.request(
                    "POST", url: "https://api.kraken.com/0/private/Balance",
                    headers: [HTTPHeader("API-Sign", signature), HTTPHeader("Sign-Type", "HMAC-SHA512")],
                    body: "nonce=1733042412000"))
        ])
        let text = E.expectScrubbed(document, [signature])
        #expect(text.contains("HMAC-SHA512"))
    }

    @Test func whatARequestSignsIsKept() {
        // S3's SignatureDoesNotMatch shows what the client should have signed: public by design.
        let hash = "3f1c9a2b7e4d5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8"
        let body = """
            <Error><Code>SignatureDoesNotMatch</Code><StringToSign>AWS4-HMAC-SHA256\n20261201T143012Z\n\
            20261201/eu-west-1/s3/aws4_request\n\(hash)</StringToSign></Error>
            """
        E.expectUntouched(E.response(body, "application/xml"))
        E.expectUntouched(E.response(#"{"string_to_sign":"\#(hash)","bytes_to_sign":"\#(hash)"}"#, "application/json"))
    }

    @Test func aDocumentUnderASecretNameKeepsItsOrdinaryMembers() throws {
        // A Secret Manager version holding a service-account key file, base64-encoded.
        let key = "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7Vx3Jk9Lm2Qw"
        let keyFile = #"""
            {"type":"service_account","project_id":"acme-billing-prod",\#
            "private_key_id":"17dcce138f1ff7a9f5e889187a93cad1266b1a18",\#
            "private_key":"-----BEGIN PRIVATE KEY-----\n\#(key)\n-----END PRIVATE KEY-----\n",\#
            "client_id":"104771282113305544109"}
            """#
        let stored = Data(keyFile.utf8).base64EncodedString()
        let body = #"""
            {"name":"projects/458590150152/secrets/invoicer-sa-key/versions/3","payload":{"data":"\#(stored)"}}
            """#
        let text = E.expectScrubbed(E.response(body, "application/json"), [key])
        let scrubbed = try #require(
            try JSONSerialization.jsonObject(
                with: Data(E.scrubbedResponseBody(E.response(body, "application/json")).utf8))
                as? [String: Any])
        let data = try #require((scrubbed["payload"] as? [String: Any])?["data"] as? String)
        let inner = String(decoding: try #require(Data(base64Encoded: data)), as: UTF8.self)
        for kept in ["acme-billing-prod", "17dcce138f1ff7a9f5e889187a93cad1266b1a18", "104771282113305544109"] {
            #expect(inner.contains(kept), "\(kept) was changed in\n\(inner)\n\(text)")
        }
        #expect(inner.contains("-----BEGIN PRIVATE KEY-----"))
    }

    @Test func aDocumentUnderASecretNameThatNamesNoSecretStaysOneSecret() {
        // Nothing inside says which member is the secret: the name outside holds for all of it.
        let document = #"{"kid":"ops-2026","material":"Zq8vTn3LmR5wXb7Kp2Yc"}"#
        let stored = Data(document.utf8).base64EncodedString()
        let text = E.expectScrubbed(
            E.response(#"{"client_secret":"\#(stored)","client_name":"ledger"}"#, "application/json"), [stored])
        #expect(text.contains("ledger"))
        #expect(text.contains(#""client_secret": "SCRUBBED-SECRET-1""#), "\(text)")
    }
}
