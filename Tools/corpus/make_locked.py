"""Held-out corpus "Locked": a blind test set for the scrubber.

Written without reading the scrubber, its tests, its documents or the other corpora' cases: every
case is written from providers' published API references, SDK test fixtures and real-world traffic
shapes as remembered, in situations that differ from the earlier splits. Every value is random
(seeded) in the shape the provider issues; nothing here is a credential.

Run from Tools/corpus:

    python3 make_locked.py

It writes Tests/CassetteScrubbingTests/Corpus/Fresh/Locked/l-*.json and manifest.json (twice gives
byte-identical files), then checks that every manifest value is findable in at least one decoded
view of its (unscrubbed) cassette, and exits 1 if not. `cassette_views(path)` is re-exported from the
Unseen corpus so every corpus is measured through the same decodings.
"""

import hashlib
import hmac
import html
import json
import os
import struct
import sys
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from cassettes import Fakes, basic, form, hop, interaction, multipart, q, request, response  # noqa: E402
from split import Split  # noqa: E402
from make_unseen import cassette_views  # noqa: E402,F401  (re-exported for the measuring script)
# The encoders that draw no random values are the earlier generators', shared; the ones that draw from
# this split's own seed are below.
from make_sealed import (  # noqa: E402
    AN, CROCK, DG, HXU, LO, LOAN, UPAN, b64, b64u, b64u_json, base62, gz, multipart_bytes, rhead, sigv4_auth, sse,
    tar_bytes, zip_bytes)
from make_unseen import grpc_frame, grpc_trailer, pb  # noqa: E402
from shapes import atlassian, discord, mapbox, npm, openai, pypi, sentry_org  # noqa: E402


# ---------------------------------------------------------------------------------------------
# Fakes and encoders
# ---------------------------------------------------------------------------------------------

F = Fakes(20261204)


def gh_token(prefix):
    body = F.pick(AN, 30)
    return prefix + body + base62(zlib.crc32(body.encode()), 6)


def jwt(claims, alg="RS256", sig=256, kid=None, typ="JWT"):
    head = {"alg": alg, "typ": typ}
    if kid:
        head["kid"] = kid
    return b64u_json(head) + "." + b64u_json(claims) + "." + b64u(F.bytes(sig))


def jwe():
    head = {"alg": "RSA-OAEP", "enc": "A256GCM", "cty": "JWT"}
    return ".".join([b64u_json(head), b64u(F.bytes(256)), b64u(F.bytes(12)), b64u(F.bytes(420)), b64u(F.bytes(16))])


def ulid():
    return "01" + F.pick(CROCK, 24)


def azure_secret():
    return F.pick(AN, 3) + F.pick(DG, 1) + "Q~" + F.pick(AN + "_-.~", 33) + F.pick(AN, 1)


def slack_bot():
    return "xoxb-" + F.digits(12) + "-" + F.digits(13) + "-" + F.alnum(24)


def email(first, last, domain):
    return f"{first}.{last}{F.digits(2)}@{domain}"


def pem_cert_line():
    """The first base64 line of a fake (public) certificate body."""
    return b64(b"0\x82\x03\x1a0\x82\x02\x02\xa0\x03\x02\x01\x02" + F.bytes(500))[:64]


# ---------------------------------------------------------------------------------------------
# Cases


def sse_named(events):
    """An SSE body from (event name, JSON payload) pairs."""
    return "".join(f"event: {name}\ndata: {json.dumps(e, separators=(',', ':'))}\n\n" for name, e in events)


def hmac_hex(key, msg, digest=hashlib.sha256):
    return hmac.new(key.encode() if isinstance(key, str) else key, msg.encode() if isinstance(msg, str) else msg, digest).hexdigest()


def hmac_b64(key, msg, digest=hashlib.sha256):
    return b64(hmac.new(key.encode() if isinstance(key, str) else key, msg.encode() if isinstance(msg, str) else msg, digest).digest())


def sha256_hex(data):
    return hashlib.sha256(data.encode() if isinstance(data, str) else data).hexdigest()


def sha1_hex(data):
    return hashlib.sha1(data.encode() if isinstance(data, str) else data).hexdigest()


def traceparent():
    return f"00-{F.hex(32)}-{F.hex(16)}-01"


def ocid(kind, region=""):
    return f"ocid1.{kind}.oc1.{region}.aaaaaaaa" + F.pick(LOAN, 52)


def snowflake():
    return str(1100000000000000000 + F.rng.randrange(10**17))


def person(first, last, domain):
    return f"{first.lower()}.{last.lower()}@{domain}"


# ---------------------------------------------------------------------------------------------
# Cases
# ---------------------------------------------------------------------------------------------

SPLIT = Split("Locked", "l-")
case = SPLIT.case
S = SPLIT.secret
O = SPLIT.ordinary

# ----- cloud SDKs --------------------------------------------------------------------------------

AMZ_DATE = "20261201T083012Z"


@case("aws-kinesis-putrecords-audit-blob", "cloud SDKs")
def _():
    sig = S(F.sigv4(), "other", "SigV4 Signature= of a Kinesis PutRecords call")
    leaked = S("sk_live_" + F.alnum(99), "encoding", "Stripe secret key inside a captured Authorization header, in the base64 Data blob of a Kinesis record")
    records, results = [], []
    for i in range(3):
        pkey = O(F.uuid(), "identifiers", f"PartitionKey of Kinesis record {i}") if i < 2 else F.uuid()
        event = {"ts": f"2026-12-01T08:30:1{i}.{F.digits(3)}Z", "method": "POST", "path": "/v1/orders",
                 "status": 201, "headers": {"content-type": "application/json", "user-agent": "checkout-web/5.12.0"}}
        if i == 1:
            event["headers"]["authorization"] = "Bearer " + leaked
        records.append({"Data": b64(json.dumps(event, separators=(",", ":"))), "PartitionKey": pkey})
        seq = O("49" + F.pick(DG, 54), "identifiers", f"SequenceNumber of Kinesis record {i}") if i < 2 else "49" + F.pick(DG, 54)
        results.append({"SequenceNumber": seq, "ShardId": "shardId-00000000000" + str(i)})
    rid = O(F.uuid(), "identifiers", "x-amzn-RequestId of PutRecords")
    h = [("Content-Type", "application/x-amz-json-1.1"), ("X-Amz-Target", "Kinesis_20131202.PutRecords"), ("X-Amz-Date", AMZ_DATE),
         ("Authorization", sigv4_auth(F.aws_key_id(), "20261201", "us-west-2", "kinesis", sig, "content-type;host;x-amz-date;x-amz-target"))]
    return [interaction(request("POST", "https://kinesis.us-west-2.amazonaws.com/", h, {"StreamName": "edge-audit", "Records": records}),
                        response(200, rhead("application/x-amz-json-1.1", [("x-amzn-RequestId", rid), ("x-amz-id-2", F.b64std(48))]),
                                 {"FailedRecordCount": 0, "Records": results, "EncryptionType": "KMS"}))]


@case("aws-cognito-identity-credentials-for-identity", "cloud SDKs")
def _():
    pool = O("us-east-1:" + F.uuid(), "identifiers", "Cognito IdentityPoolId")
    identity = O("us-east-1:" + F.uuid(), "identifiers", "Cognito IdentityId returned by GetId")
    upool = O("us-east-1_" + F.pick(AN, 9), "identifiers", "user pool id in the Logins provider name")
    mail = S(person("Ingrid", "Halvorsen", "fjordline-travel.no"), "encoding", "email claim inside the Cognito id token (JWT payload)")
    idt = S(jwt({"sub": F.uuid(), "email_verified": True, "iss": f"https://cognito-idp.us-east-1.amazonaws.com/{upool}",
                 "cognito:username": "ingrid.h", "aud": F.pick(LOAN, 26), "token_use": "id", "auth_time": 1796100000,
                 "exp": 1796103600, "iat": 1796100000, "email": mail}, kid=b64(F.bytes(32))), "other", "Cognito id token in Logins map")
    secret = S(F.aws_secret(), "structure", "Credentials.SecretKey of GetCredentialsForIdentity")
    token = S(F.aws_session_token(), "other", "Credentials.SessionToken of GetCredentialsForIdentity")
    logins = {f"cognito-idp.us-east-1.amazonaws.com/{upool}": idt}
    r1 = O(F.uuid(), "identifiers", "x-amzn-RequestId of GetId")
    r2 = F.uuid()
    h = lambda target: [("Content-Type", "application/x-amz-json-1.1"), ("X-Amz-Target", f"AWSCognitoIdentityService.{target}"),
                        ("X-Amz-User-Agent", "aws-amplify/6.6.2 auth/4 framework/1")]
    return [
        interaction(request("POST", "https://cognito-identity.us-east-1.amazonaws.com/", h("GetId"), {"IdentityPoolId": pool, "Logins": logins}),
                    response(200, rhead("application/x-amz-json-1.1", [("x-amzn-RequestId", r1)]), {"IdentityId": identity})),
        interaction(request("POST", "https://cognito-identity.us-east-1.amazonaws.com/", h("GetCredentialsForIdentity"), {"IdentityId": identity, "Logins": logins}),
                    response(200, rhead("application/x-amz-json-1.1", [("x-amzn-RequestId", r2)]),
                             {"Credentials": {"AccessKeyId": F.aws_key_id("ASIA"), "Expiration": 1796103600.0, "SecretKey": secret, "SessionToken": token},
                              "IdentityId": identity}))]


@case("aws-sqs-receive-job-with-crm-token", "cloud SDKs")
def _():
    sig = S(F.sigv4(), "other", "SigV4 Signature= of SQS ReceiveMessage (JSON protocol)")
    tok = S(F.aws_session_token(), "other", "X-Amz-Security-Token of the worker's task role")
    hub = S("pat-na1-" + F.uuid(), "encoding", "HubSpot private app token in a JSON job payload carried as an escaped string in Messages[0].Body")
    mid = O(F.uuid(), "identifiers", "SQS MessageId")
    receipt = O("AQEB" + F.b64std(270).rstrip("="), "identifiers", "SQS ReceiptHandle (opaque, long base64)")
    job = {"job": "crm.sync_contacts", "tenant": "tnt_" + F.pick(LOAN, 12), "credentials": {"provider": "hubspot", "access_token": hub}, "attempt": 2}
    body = json.dumps(job, separators=(",", ":"))
    md5 = O(hashlib.md5(body.encode()).hexdigest(), "digests", "MD5OfBody of the SQS message")
    rid = O(F.uuid(), "identifiers", "x-amzn-RequestId of ReceiveMessage")
    h = [("Content-Type", "application/x-amz-json-1.0"), ("X-Amz-Target", "AmazonSQS.ReceiveMessage"), ("X-Amz-Date", AMZ_DATE),
         ("X-Amz-Security-Token", tok), ("x-amzn-query-mode", "true"),
         ("Authorization", sigv4_auth(F.aws_key_id("ASIA"), "20261201", "eu-west-1", "sqs", sig, "content-type;host;x-amz-date;x-amz-security-token;x-amz-target"))]
    req = {"QueueUrl": "https://sqs.eu-west-1.amazonaws.com/" + F.digits(12) + "/crm-sync-jobs", "MaxNumberOfMessages": 1, "WaitTimeSeconds": 20,
           "MessageSystemAttributeNames": ["ApproximateReceiveCount"]}
    return [interaction(request("POST", "https://sqs.eu-west-1.amazonaws.com/", h, req),
                        response(200, rhead("application/x-amz-json-1.0", [("x-amzn-RequestId", rid)]),
                                 {"Messages": [{"MessageId": mid, "ReceiptHandle": receipt, "MD5OfBody": md5, "Body": body,
                                                "Attributes": {"ApproximateReceiveCount": "2"}}]}))]


@case("aws-lambda-invoke-client-context-and-log-tail", "cloud SDKs")
def _():
    sig = S(F.sigv4(), "other", "SigV4 Signature= of Lambda Invoke")
    partner = S(F.pick(AN, 40), "encoding", "custom.partnerApiKey inside the base64 JSON of the X-Amz-Client-Context header")
    dbpw = S(F.password(22), "encoding", "database password in a connection URL printed by the function, inside the base64 X-Amz-Log-Result tail")
    inst = O(F.uuid(), "identifiers", "client.installation_id in X-Amz-Client-Context")
    req_id = O(F.uuid(), "identifiers", "Lambda request id (x-amzn-RequestId and in the log tail)")
    trace = O(f"Root=1-{F.hex(8)}-{F.hex(24)};Parent={F.hex(16)};Sampled=1", "identifiers", "X-Amzn-Trace-Id of the invocation")
    ctx = {"client": {"installation_id": inst, "app_title": "Field Service", "app_version_name": "4.2.1", "app_package_name": "com.example.fieldsvc"},
           "custom": {"tenant": "north-region", "partnerApiKey": partner}, "env": {"platform": "Android", "model": "Pixel 8", "locale": "en_GB"}}
    log = (f"START RequestId: {req_id} Version: $LATEST\n"
           f"2026-12-01T08:30:12.114Z\t{req_id}\tINFO\tconnecting postgres://svc_field:{dbpw}@field-db.cluster-c9x.eu-west-1.rds.amazonaws.com:5432/field\n"
           f"END RequestId: {req_id}\nREPORT RequestId: {req_id}\tDuration: 212.41 ms\tBilled Duration: 213 ms\tMemory Size: 512 MB\tMax Memory Used: 121 MB\n")
    h = [("Content-Type", "application/json"), ("X-Amz-Invocation-Type", "RequestResponse"), ("X-Amz-Log-Type", "Tail"),
         ("X-Amz-Client-Context", b64(json.dumps(ctx, separators=(",", ":")))), ("X-Amz-Date", AMZ_DATE),
         ("Authorization", sigv4_auth(F.aws_key_id(), "20261201", "eu-west-1", "lambda", sig, "content-type;host;x-amz-client-context;x-amz-date;x-amz-invocation-type;x-amz-log-type"))]
    return [interaction(request("POST", "https://lambda.eu-west-1.amazonaws.com/2015-03-31/functions/field-sync/invocations", h, {"jobId": 4471}),
                        response(200, rhead("application/json", [("x-amzn-RequestId", req_id), ("X-Amz-Executed-Version", "$LATEST"),
                                                                 ("X-Amzn-Trace-Id", trace), ("X-Amz-Log-Result", b64(log))]), {"ok": True, "synced": 31}))]


@case("gcp-iamcredentials-impersonation-tokens", "cloud SDKs")
def _():
    caller = S("ya29.a0" + F.b64url(170), "other", "caller's OAuth access token (Authorization: Bearer)")
    minted = S("ya29.c.c0" + F.b64url(320), "structure", "accessToken minted by generateAccessToken")
    sa = "deploy-bot@billing-prod-4821.iam.gserviceaccount.com"
    uid = O(F.digits(21), "identifiers", "uniqueId of the service account")
    idt = S(jwt({"aud": "https://ledger.internal.example", "azp": uid, "email": sa, "email_verified": True, "exp": 1796103612,
                 "iat": 1796100012, "iss": "https://accounts.google.com", "sub": uid}, kid=F.hex(40)), "other", "id token returned by generateIdToken")
    etag = O(b64(F.bytes(8)), "identifiers", "etag of the service account resource")
    proj = O("billing-prod-4821", "identifiers", "GCP projectId")
    base = f"https://iamcredentials.googleapis.com/v1/projects/-/serviceAccounts/{sa}"
    h = [("Authorization", "Bearer " + caller), ("Content-Type", "application/json"), ("x-goog-api-client", "gl-python/3.12.4 grpc/1.66.1 gax/2.23.0 gapic/2.15.3")]
    return [
        interaction(request("GET", f"https://iam.googleapis.com/v1/projects/{proj}/serviceAccounts/{sa}", h[:1]),
                    response(200, rhead(), {"name": f"projects/{proj}/serviceAccounts/{sa}", "projectId": proj, "uniqueId": uid, "email": sa,
                                            "displayName": "Deploy bot", "etag": etag, "oauth2ClientId": uid})),
        interaction(request("POST", base + ":generateAccessToken", h, {"scope": ["https://www.googleapis.com/auth/cloud-platform"], "lifetime": "1800s"}),
                    response(200, rhead(), {"accessToken": minted, "expireTime": "2026-12-01T09:00:12Z"})),
        interaction(request("POST", base + ":generateIdToken", h, {"audience": "https://ledger.internal.example", "includeEmail": True}),
                    response(200, rhead(), {"token": idt}))]


@case("gcs-hmac-key-create-and-xml-api-get", "cloud SDKs")
def _():
    bearer = S("ya29.a0" + F.b64url(160), "other", "OAuth bearer of the admin creating the HMAC key")
    access = O("GOOG1E" + F.pick(UPAN, 55), "public", "HMAC accessId (the key id, sent in the clear in Credential=)")
    secret = S(F.b64std(30), "structure", "HMAC key secret returned once by hmacKeys.insert")
    sig = S(F.sigv4(), "other", "Signature= of the S3-compatible XML API request signed with the HMAC key")
    upload = O("AD-8lj" + F.b64url(90), "identifiers", "x-guploader-uploadid of the XML API response")
    content = b"ledger export 2026-11\n" + F.bytes(40)
    md5b = O(b64(hashlib.md5(content).digest()), "digests", "md5 part of x-goog-hash (base64)")
    crc = O(b64(F.bytes(4)), "digests", "crc32c part of x-goog-hash (base64)")
    meta = {"kind": "storage#hmacKeyMetadata", "id": f"billing-prod-4821/{access}", "accessId": access, "projectId": "billing-prod-4821",
            "serviceAccountEmail": "exporter@billing-prod-4821.iam.gserviceaccount.com", "state": "ACTIVE",
            "timeCreated": "2026-12-01T08:30:12.482Z", "updated": "2026-12-01T08:30:12.482Z", "etag": b64(F.bytes(6))}
    return [
        interaction(request("POST", "https://storage.googleapis.com/storage/v1/projects/billing-prod-4821/hmacKeys?serviceAccountEmail=" + q(meta["serviceAccountEmail"]),
                            [("Authorization", "Bearer " + bearer)]),
                    response(200, rhead(), {"kind": "storage#hmacKey", "metadata": meta, "secret": secret})),
        interaction(request("GET", "https://storage.googleapis.com/ledger-exports/2026-11/ledger.bin",
                            [("x-amz-date", AMZ_DATE), ("x-amz-content-sha256", "UNSIGNED-PAYLOAD"),
                             ("Authorization", f"AWS4-HMAC-SHA256 Credential={access}/20261201/auto/s3/aws4_request, SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature={sig}")]),
                    response(200, [("Content-Type", "application/octet-stream"), ("x-goog-hash", f"crc32c={crc}"), ("x-goog-hash", f"md5={md5b}"),
                                   ("x-guploader-uploadid", upload), ("x-goog-generation", F.digits(16))], content))]


@case("azure-app-configuration-hmac-kv-list", "cloud SDKs")
def _():
    cred = O(F.pick(AN, 4) + "-l0-s0:" + F.pick(AN, 20), "identifiers", "App Configuration access key id in Credential=")
    sig = S(b64(F.bytes(32)), "other", "Signature= of the App Configuration HMAC-SHA256 Authorization header")
    stripe = S("rk_live_" + F.alnum(99), "structure", "value of key Checkout:Stripe:RestrictedKey")
    sqlpw = S(F.password(20), "structure", "Password= inside the value of key Checkout:Db:ConnectionString")
    empty = O("47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=", "digests", "x-ms-content-sha256 of the empty body")
    rid = O(F.uuid(), "identifiers", "x-ms-request-id")
    etags = [O(F.pick(AN, 27), "identifiers", f"etag of key-value {i}") for i in range(2)]
    sync = O(F.pick(AN, 8) + "=NDoy" + F.pick(AN, 4) + ";sn=" + F.digits(6), "identifiers", "Sync-Token response header")
    items = [
        {"etag": etags[0], "key": "Checkout:Stripe:RestrictedKey", "label": "prod", "content_type": "", "value": stripe, "tags": {}, "locked": False,
         "last_modified": "2026-11-28T10:02:11+00:00"},
        {"etag": etags[1], "key": "Checkout:Db:ConnectionString", "label": "prod", "content_type": "",
         "value": f"Server=tcp:checkout-sql.database.windows.net,1433;Initial Catalog=checkout;User ID=checkout_app;Password={sqlpw};Encrypt=True;",
         "tags": {}, "locked": False, "last_modified": "2026-11-28T10:02:11+00:00"},
        {"etag": F.pick(AN, 27), "key": "Checkout:Feature:OneClick", "label": "prod", "content_type": "", "value": "true", "tags": {}, "locked": False,
         "last_modified": "2026-11-20T16:40:00+00:00"}]
    url = "https://contoso-checkout.azconfig.io/kv?key=Checkout%3A%2A&label=prod&api-version=2023-11-01"
    h = [("x-ms-date", "Tue, 01 Dec 2026 08:30:12 GMT"), ("x-ms-content-sha256", empty),
         ("Authorization", f"HMAC-SHA256 Credential={cred}&SignedHeaders=x-ms-date;host;x-ms-content-sha256&Signature={sig}")]
    ro = S(b64(F.bytes(32)), "structure", "value of the read-only access key (and Secret= of its connectionString) from listKeys")
    arm = "https://management.azure.com/subscriptions/" + F.uuid() + "/resourceGroups/rg-checkout/providers/Microsoft.AppConfiguration/configurationStores/contoso-checkout/listKeys?api-version=2023-03-01"
    keys = {"value": [{"id": cred, "name": "Primary Read Only", "value": ro, "readOnly": True, "lastModified": "2026-10-02T07:11:40+00:00",
                       "connectionString": f"Endpoint=https://contoso-checkout.azconfig.io;Id={cred};Secret={ro}"}]}
    return [interaction(request("POST", arm, [("Authorization", "Bearer " + S(jwt({"aud": "https://management.azure.com/", "tid": F.uuid()}, kid=F.b64url(27)), "other", "ARM bearer token of listKeys"))]),
                        response(200, rhead(), keys)),
            interaction(request("GET", url, h),
                        response(200, rhead("application/vnd.microsoft.appconfig.kvset+json; charset=utf-8", [("x-ms-request-id", rid), ("Sync-Token", sync)]),
                                 {"items": items}))]


@case("azure-service-bus-listkeys-and-sas-send", "cloud SDKs")
def _():
    arm = S(jwt({"aud": "https://management.azure.com/", "iss": "https://sts.windows.net/" + F.uuid() + "/", "appid": F.uuid(), "oid": F.uuid(),
                 "tid": F.uuid(), "ver": "1.0"}, kid=F.b64url(27)), "other", "ARM bearer token for listKeys")
    k1 = S(F.b64std(32), "structure", "primaryKey of the SAS authorization rule (also inside primaryConnectionString)")
    k2 = S(F.b64std(32), "structure", "secondaryKey of the SAS authorization rule")
    sig = F.b64std(32)
    S(sig, "other", "sig= of the SharedAccessSignature Authorization header (percent-encoded there)")
    corr = O(F.uuid(), "identifiers", "x-ms-correlation-request-id of listKeys")
    mid = O(F.hex(32), "identifiers", "BrokerProperties MessageId")
    rule = O("orders-send-only", "labels", "SAS rule name (skn=, keyName)")
    sub, rg = F.uuid(), "rg-orders-prod"
    base = f"https://management.azure.com/subscriptions/{sub}/resourceGroups/{rg}/providers/Microsoft.ServiceBus/namespaces/orders-ns"
    keys = {"primaryConnectionString": f"Endpoint=sb://orders-ns.servicebus.windows.net/;SharedAccessKeyName={rule};SharedAccessKey={k1};EntityPath=orders",
            "secondaryConnectionString": f"Endpoint=sb://orders-ns.servicebus.windows.net/;SharedAccessKeyName={rule};SharedAccessKey={k2};EntityPath=orders",
            "primaryKey": k1, "secondaryKey": k2, "keyName": rule}
    sas = f"SharedAccessSignature sr={q('https://orders-ns.servicebus.windows.net/orders')}&sig={q(sig)}&se=1796103612&skn={rule}"
    return [
        interaction(request("POST", base + f"/queues/orders/authorizationRules/{rule}/listKeys?api-version=2021-11-01", [("Authorization", "Bearer " + arm)]),
                    response(200, rhead("application/json; charset=utf-8", [("x-ms-correlation-request-id", corr), ("x-ms-ratelimit-remaining-subscription-writes", "1199")]), keys)),
        interaction(request("POST", "https://orders-ns.servicebus.windows.net/orders/messages?api-version=2017-04",
                            [("Authorization", sas), ("Content-Type", "application/json"),
                             ("BrokerProperties", json.dumps({"MessageId": mid, "Label": "order.created", "TimeToLive": 600}))],
                            {"orderId": "ord_" + F.pick(LOAN, 14), "total": 129.5, "currency": "EUR"}),
                    response(201, [("Content-Length", "0"), ("Date", "Tue, 01 Dec 2026 08:30:13 GMT")]))]


@case("oci-vault-secret-bundle-http-signature", "cloud SDKs")
def _():
    tenancy, user = ocid("tenancy"), ocid("user")
    fp = O(":".join(F.hex(2) for _ in range(16)), "public", "API signing key fingerprint in keyId")
    sig = S(b64(F.bytes(256)), "other", "signature= of the OCI HTTP Signature Authorization header")
    pw = S(F.password(24), "encoding", "ADMIN password inside base64 secretBundleContent.content (JSON)")
    sid = O(ocid("vaultsecret", "iad"), "identifiers", "secret OCID in the path and secretId")
    opc = O("/" + F.pick(HXU, 32) + "/" + F.pick(HXU, 32), "identifiers", "opc-request-id")
    etag = O(F.hex(64), "digests", "etag of the secret bundle")
    keyid = f"{tenancy}/{user}/{fp}"
    auth = (f'Signature version="1",keyId="{keyid}",algorithm="rsa-sha256",headers="date (request-target) host",signature="{sig}"')
    content = b64(json.dumps({"username": "ADMIN", "password": pw, "service": "ledgerdb_high"}))
    pub = "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA" + b64(F.bytes(300))
    publine = O(pub[64:128], "public", "second line of the API signing public key (keyValue) in ListApiKeys")
    pubpem = "-----BEGIN PUBLIC KEY-----\n" + "\n".join(pub[i:i + 64] for i in range(0, len(pub), 64)) + "\n-----END PUBLIC KEY-----"
    listing = interaction(request("GET", f"https://identity.us-ashburn-1.oci.oraclecloud.com/20160918/users/{user}/apiKeys",
                                  [("date", "Tue, 01 Dec 2026 08:30:11 GMT"), ("Authorization", auth.replace(sig, S(b64(F.bytes(256)), "other", "signature= of the ListApiKeys request")))]),
                          response(200, rhead("application/json", [("opc-request-id", "/" + F.pick(HXU, 32) + "/" + F.pick(HXU, 32))]),
                                   [{"keyId": keyid, "fingerprint": fp, "keyValue": pubpem, "userId": user, "lifecycleState": "ACTIVE",
                                     "timeCreated": "2026-03-14T10:20:30.000Z"}]))
    return [listing, interaction(request("GET", f"https://secrets.vaults.us-ashburn-1.oci.oraclecloud.com/20190301/secretbundles/{sid}?stage=CURRENT",
                                [("date", "Tue, 01 Dec 2026 08:30:12 GMT"), ("Authorization", auth), ("opc-client-info", "Oracle-PythonSDK/2.139.0")]),
                        response(200, rhead("application/json", [("opc-request-id", opc), ("etag", etag)]),
                                 {"secretId": sid, "versionNumber": 3, "versionName": None, "stages": ["CURRENT", "LATEST"],
                                  "timeCreated": "2026-11-02T09:12:44.120Z", "secretBundleContent": {"contentType": "BASE64", "content": content}}))]


@case("ibm-cloud-iam-apikey-exchange", "cloud SDKs")
def _():
    apikey = S(F.b64url(44), "other", "IBM Cloud API key in the apikey form field")
    acct = O(F.hex(32), "identifiers", "IBM Cloud account id (bss)")
    iam = O("IBMid-" + F.pick(UPAN, 10), "identifiers", "iam_id of the user")
    mail = S(person("Tomasz", "Wieczorek", "kraken-logistics.pl"), "encoding", "email claim inside the IAM access token payload")
    at = S(jwt({"iam_id": iam, "id": iam, "realmid": "IBMid", "identifier": F.pick(UPAN, 10), "given_name": "Tomasz", "family_name": "Wieczorek",
                "name": "Tomasz Wieczorek", "email": mail, "sub": mail, "account": {"valid": True, "bss": acct, "frozen": True},
                "iat": 1796100012, "exp": 1796103612, "iss": "https://iam.cloud.ibm.com/identity", "grant_type": "urn:ibm:params:oauth:grant-type:apikey",
                "scope": "ibm openid", "client_id": "default", "acr": 1, "amr": ["pwd"]}, kid="20261101"), "other", "IAM access_token")
    rt = S("OKD" + F.b64url(380), "structure", "IAM refresh_token (opaque)")
    txn = O("X-" + F.hex(24) + "-" + F.hex(8), "identifiers", "Transaction-Id response header")
    crn = O(f"crn:v1:bluemix:public:cloud-object-storage:global:a/{acct}:{F.uuid()}::", "identifiers", "resource instance crn")
    body = form([("grant_type", "urn:ibm:params:oauth:grant-type:apikey"), ("apikey", apikey)])
    return [
        interaction(request("POST", "https://iam.cloud.ibm.com/identity/token", [("Content-Type", "application/x-www-form-urlencoded"), ("Accept", "application/json")], body),
                    response(200, rhead("application/json", [("Transaction-Id", txn)]),
                             {"access_token": at, "refresh_token": rt, "ims_user_id": int(F.digits(8)), "token_type": "Bearer", "expires_in": 3600,
                              "expiration": 1796103612, "scope": "ibm openid"})),
        interaction(request("GET", "https://resource-controller.cloud.ibm.com/v2/resource_instances?type=service_instance&limit=1", [("Authorization", "Bearer " + at)]),
                    response(200, rhead(), {"rows_count": 1, "next_url": None, "resources": [{"id": crn, "crn": crn, "name": "cos-ledger", "state": "active",
                                                                                           "account_id": acct, "region_id": "global", "created_by": iam}]}))]


@case("digitalocean-managed-db-get-users", "cloud SDKs")
def _():
    tok = S("dop_v1_" + F.hex(64), "other", "DigitalOcean personal access token (Authorization: Bearer)")
    adm = S("AVNS_" + F.pick(AN + "_-", 19), "structure", "connection.password (and in the uri, private_connection, users[0])")
    rdr = S("AVNS_" + F.pick(AN + "_-", 19), "structure", "users[1].password of app_reader")
    cid = O(F.uuid(), "identifiers", "database cluster id")
    pid = O(F.uuid(), "identifiers", "project_id of the cluster")
    host = O(f"db-postgresql-fra1-{F.digits(5)}-do-user-{F.digits(8)}-0.m.db.ondigitalocean.com", "identifiers", "cluster hostname")
    xrid = O(F.uuid(), "identifiers", "x-request-id")
    conn = lambda h: {"protocol": "postgresql", "uri": f"postgresql://doadmin:{adm}@{h}:25060/defaultdb?sslmode=require", "database": "defaultdb",
                      "host": h, "port": 25060, "user": "doadmin", "password": adm, "ssl": True}
    db = {"id": cid, "name": host.split("-do-user")[0], "engine": "pg", "version": "16", "num_nodes": 1, "size": "db-s-1vcpu-2gb", "region": "fra1",
          "status": "online", "connection": conn(host), "private_connection": conn("private-" + host),
          "users": [{"name": "doadmin", "role": "primary", "password": adm}, {"name": "app_reader", "role": "normal", "password": rdr}],
          "db_names": ["defaultdb", "ledger"], "project_id": pid, "tags": ["prod"], "created_at": "2026-06-11T12:40:04Z"}
    return [interaction(request("GET", f"https://api.digitalocean.com/v2/databases/{cid}", [("Authorization", "Bearer " + tok), ("Content-Type", "application/json")]),
                        response(200, rhead("application/json; charset=utf-8", [("x-request-id", xrid), ("ratelimit-remaining", "4987")]), {"database": db}))]


@case("cloudflare-token-verify-create-and-r2-put", "cloud SDKs")
def _():
    bearer = S(F.pick(AN + "_-", 40), "other", "Cloudflare API token (Authorization: Bearer)")
    value = S(F.pick(AN + "_-", 40), "structure", "value of the API token created for R2")
    tid = O(F.hex(32), "identifiers", "id of the verified token")
    nid = O(F.hex(32), "public", "id of the new token (also the R2 access key id in Credential=)")
    acct = O(F.hex(32), "identifiers", "account id in the path")
    ray = O(F.hex(16) + "-FRA", "identifiers", "cf-ray")
    sig = S(F.sigv4(), "other", "Signature= of the R2 PutObject signed with the derived R2 secret")
    env = {"success": True, "errors": [], "messages": []}
    return [
        interaction(request("GET", "https://api.cloudflare.com/client/v4/user/tokens/verify", [("Authorization", "Bearer " + bearer)]),
                    response(200, rhead("application/json", [("cf-ray", ray)]),
                             dict(env, result={"id": tid, "status": "active", "expires_on": "2027-06-01T00:00:00Z"},
                                  messages=[{"code": 10000, "message": "This API Token is valid and active", "type": None}]))),
        interaction(request("POST", f"https://api.cloudflare.com/client/v4/accounts/{acct}/tokens", [("Authorization", "Bearer " + bearer), ("Content-Type", "application/json")],
                            {"name": "r2-ci-writer", "policies": [{"effect": "allow", "permission_groups": [{"id": F.hex(32)}],
                                                                   "resources": {f"com.cloudflare.edge.r2.bucket.{acct}_default_ci-cache": "*"}}]}),
                    response(200, rhead(), dict(env, result={"id": nid, "name": "r2-ci-writer", "status": "active", "issued_on": "2026-12-01T08:30:12Z", "value": value}))),
        interaction(request("PUT", f"https://{acct}.r2.cloudflarestorage.com/ci-cache/gradle/{F.hex(40)}.bin",
                            [("x-amz-date", AMZ_DATE), ("x-amz-content-sha256", "UNSIGNED-PAYLOAD"),
                             ("Authorization", f"AWS4-HMAC-SHA256 Credential={nid}/20261201/auto/s3/aws4_request, SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature={sig}")],
                            F.bytes(64)),
                    response(200, [("ETag", '"' + F.hex(32) + '"'), ("Content-Length", "0")]))]


@case("cloudflare-tunnel-create-with-global-key", "cloud SDKs")
def _():
    key = S(F.hex(37), "names", "Cloudflare global API key in the X-Auth-Key header")
    mail = S(person("Keanu", "Ahola", "kilohana-studio.com"), "names", "account email in the X-Auth-Email header")
    ts = S(b64(F.bytes(32)), "structure", "tunnel_secret in the create body and credentials_file.TunnelSecret")
    acct = O(F.hex(32), "identifiers", "account id / AccountTag")
    tun = O(F.uuid(), "identifiers", "tunnel id / TunnelID")
    token = S(b64(json.dumps({"a": acct, "t": tun, "s": ts}, separators=(",", ":"))), "encoding", "tunnel run token: base64 of {a,t,s}")
    ray = O(F.hex(16) + "-SJC", "identifiers", "cf-ray")
    h = [("X-Auth-Email", mail), ("X-Auth-Key", key), ("Content-Type", "application/json")]
    return [interaction(request("POST", f"https://api.cloudflare.com/client/v4/accounts/{acct}/cfd_tunnel", h,
                                {"name": "home-lab", "tunnel_secret": ts, "config_src": "cloudflare"}),
                        response(200, rhead("application/json", [("cf-ray", ray)]),
                                 {"success": True, "errors": [], "messages": [],
                                  "result": {"id": tun, "account_tag": acct, "created_at": "2026-12-01T08:30:12.511Z", "name": "home-lab",
                                             "connections": [], "conns_active_at": None, "status": "inactive", "remote_config": True,
                                             "credentials_file": {"AccountTag": acct, "TunnelID": tun, "TunnelName": "home-lab", "TunnelSecret": ts},
                                             "token": token}}))]
# ----- auth flows --------------------------------------------------------------------------------

@case("oauth-device-code-auth0-polling", "auth flows")
def _():
    client = O(F.pick(AN, 32), "public", "client_id of the CLI (public client)")
    dev = S("Ag_" + F.b64url(44), "structure", "device_code (response field, then form field of the polling requests)")
    ucode = O(F.pick("BCDFGHJKLMNPQRSTVWXZ", 4) + "-" + F.pick("BCDFGHJKLMNPQRSTVWXZ", 4), "challenges", "user_code shown to the user")
    mail = S(person("Oluwaseun", "Adeyemi", "lagos-fintech.ng"), "encoding", "email claim inside the id_token payload")
    at = S(jwt({"iss": "https://acme-cli.eu.auth0.com/", "sub": "auth0|" + F.hex(24), "aud": ["https://api.acme-cli.dev", "https://acme-cli.eu.auth0.com/userinfo"],
                "iat": 1796100012, "exp": 1796186412, "scope": "openid profile email offline_access", "azp": client}, kid=F.b64url(22)), "other", "access_token")
    idt = S(jwt({"nickname": "seun", "name": "Oluwaseun Adeyemi", "email": mail, "email_verified": True, "iss": "https://acme-cli.eu.auth0.com/",
                 "aud": client, "iat": 1796100012, "exp": 1796136012, "sub": "auth0|" + F.hex(24), "sid": F.b64url(32)}, kid=F.b64url(22)), "other", "id_token")
    rt = S("v1.M" + F.b64url(160), "structure", "refresh_token")
    url = "https://acme-cli.eu.auth0.com/oauth/token"
    poll = form([("grant_type", "urn:ietf:params:oauth:grant-type:device_code"), ("device_code", dev), ("client_id", client)])
    fh = [("Content-Type", "application/x-www-form-urlencoded"), ("Auth0-Client", b64('{"name":"acme-cli","version":"3.1.0"}'))]
    return [
        interaction(request("POST", "https://acme-cli.eu.auth0.com/oauth/device/code", fh,
                            form([("client_id", client), ("scope", "openid profile email offline_access"), ("audience", "https://api.acme-cli.dev")])),
                    response(200, rhead(), {"device_code": dev, "user_code": ucode, "verification_uri": "https://acme-cli.eu.auth0.com/activate",
                                            "expires_in": 900, "interval": 5, "verification_uri_complete": "https://acme-cli.eu.auth0.com/activate?user_code=" + ucode})),
        interaction(request("POST", url, fh, poll),
                    response(403, rhead(), {"error": "authorization_pending", "error_description": "User has yet to authorize device code."})),
        interaction(request("POST", url, fh, poll),
                    response(200, rhead(), {"access_token": at, "refresh_token": rt, "id_token": idt, "scope": "openid profile email offline_access",
                                            "expires_in": 86400, "token_type": "Bearer"}))]


@case("oidc-pkce-keycloak-code-exchange", "auth flows")
def _():
    verifier = S(F.b64url(64), "names", "PKCE code_verifier in the token request form")
    challenge = O(b64u(hashlib.sha256(verifier.encode()).digest()), "challenges", "PKCE code_challenge (S256 of the verifier) in the authorize URL")
    nonce = O(F.b64url(22), "challenges", "OIDC nonce in the authorize URL (echoed in the id token)")
    sstate = O(F.uuid(), "identifiers", "session_state in the callback redirect")
    code = S(f"{F.uuid()}.{F.uuid()}.{F.uuid()}", "other", "authorization code in the callback Location and token form")
    mail = S(person("Mei", "Tanabe", "hokuto-medical.jp"), "encoding", "email claim inside the id_token")
    at = S(jwt({"exp": 1796100312, "iat": 1796100012, "jti": F.uuid(), "iss": "https://sso.hokuto-medical.jp/realms/staff", "typ": "Bearer",
                "azp": "records-portal", "sid": sstate, "scope": "openid email profile"}, kid=F.b64url(43)), "other", "access_token")
    rt = S(jwt({"exp": 1796101812, "iat": 1796100012, "jti": F.uuid(), "iss": "https://sso.hokuto-medical.jp/realms/staff", "typ": "Refresh",
                "azp": "records-portal", "sid": sstate}, alg="HS512", sig=64, kid=F.uuid()), "other", "refresh_token (HS512 JWT)")
    idt = S(jwt({"exp": 1796100312, "iat": 1796100012, "auth_time": 1796100005, "iss": "https://sso.hokuto-medical.jp/realms/staff", "aud": "records-portal",
                 "typ": "ID", "azp": "records-portal", "nonce": nonce, "sid": sstate, "email_verified": True, "name": "Mei Tanabe", "email": mail},
                kid=F.b64url(43)), "other", "id_token")
    state = F.b64url(22)
    authz = ("https://sso.hokuto-medical.jp/realms/staff/protocol/openid-connect/auth?client_id=records-portal&response_type=code&scope=openid%20email%20profile"
             f"&redirect_uri={q('https://records.hokuto-medical.jp/callback')}&state={state}&nonce={nonce}&code_challenge={challenge}&code_challenge_method=S256")
    cb = f"https://records.hokuto-medical.jp/callback?state={state}&session_state={sstate}&iss={q('https://sso.hokuto-medical.jp/realms/staff')}&code={code}"
    tokform = form([("grant_type", "authorization_code"), ("code", code), ("redirect_uri", "https://records.hokuto-medical.jp/callback"),
                    ("client_id", "records-portal"), ("code_verifier", verifier)])
    return [
        interaction(request("GET", authz), response(200, rhead("text/html;charset=utf-8"), "<html><body>...</body></html>"),
                    redirects=[hop("GET", authz.replace("/auth?", "/auth?prompt=none&"), 302, [("Location", authz)])]),
        interaction(request("POST", "https://sso.hokuto-medical.jp/realms/staff/login-actions/authenticate?execution=" + F.uuid(), [("Content-Type", "application/x-www-form-urlencoded")],
                            form([("username", "mtanabe"), ("credentialId", "")])),
                    response(302, [("Location", cb)])),
        interaction(request("POST", "https://sso.hokuto-medical.jp/realms/staff/protocol/openid-connect/token", [("Content-Type", "application/x-www-form-urlencoded")], tokform),
                    response(200, rhead(), {"access_token": at, "expires_in": 300, "refresh_expires_in": 1800, "refresh_token": rt, "token_type": "Bearer",
                                            "id_token": idt, "not-before-policy": 0, "session_state": sstate, "scope": "openid email profile"}))]


@case("okta-refresh-token-rotation-public-client", "auth flows")
def _():
    client = O("0oa" + F.pick(AN, 17), "public", "Okta client_id of the SPA")
    old = S(F.b64url(43), "other", "refresh_token sent in the rotation request form")
    new = S(F.b64url(43), "structure", "rotated refresh_token in the response")
    at = S(jwt({"ver": 1, "jti": "AT." + F.b64url(43), "iss": "https://northwind.okta.com/oauth2/default", "aud": "api://default", "iat": 1796100012,
                "exp": 1796103612, "cid": client, "uid": "00u" + F.pick(AN, 17), "scp": ["openid", "offline_access", "orders.read"], "sub": "ops-robot"},
               kid=F.b64url(43)), "other", "access_token")
    req_ids = [O(F.b64url(27), "identifiers", f"X-Okta-Request-Id of call {i}") for i in range(2)]
    body = form([("grant_type", "refresh_token"), ("refresh_token", old), ("client_id", client), ("scope", "openid offline_access orders.read")])
    return [
        interaction(request("POST", "https://northwind.okta.com/oauth2/default/v1/token", [("Content-Type", "application/x-www-form-urlencoded"), ("Origin", "https://orders.northwind.example")], body),
                    response(200, rhead("application/json", [("X-Okta-Request-Id", req_ids[0]), ("x-rate-limit-remaining", "1998")]),
                             {"token_type": "Bearer", "expires_in": 3600, "access_token": at, "scope": "openid offline_access orders.read", "refresh_token": new})),
        interaction(request("POST", "https://northwind.okta.com/oauth2/default/v1/token", [("Content-Type", "application/x-www-form-urlencoded")], body),
                    response(400, rhead("application/json", [("X-Okta-Request-Id", req_ids[1])]),
                             {"error": "invalid_grant", "error_description": "The refresh token is invalid or expired."}))]


@case("saml-artifact-resolve-soap-backchannel", "auth flows")
def _():
    sppw = S(F.password(20), "other", "password of the SP's Basic credentials on the artifact resolution service")
    mail = S(person("Rafael", "Quintero", "uni-andes-campus.edu.co"), "structure", "NameID (emailAddress format) and mail attribute in the resolved assertion")
    rid = O("_" + F.hex(40), "identifiers", "ArtifactResolve ID (InResponseTo of the response)")
    aid = O("_" + F.hex(40), "identifiers", "Assertion ID")
    dig = O(b64(F.bytes(32)), "digests", "ds:DigestValue of the signed assertion")
    cert = O(pem_cert_line(), "public", "first base64 line of the IdP's X.509 signing certificate in KeyInfo")
    art = b64(b"\x00\x04\x00\x00" + F.bytes(40))
    soap = ('<?xml version="1.0" encoding="UTF-8"?><SOAP-ENV:Envelope xmlns:SOAP-ENV="http://schemas.xmlsoap.org/soap/envelope/"><SOAP-ENV:Body>'
            f'<samlp:ArtifactResolve xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="{rid}" Version="2.0" '
            'IssueInstant="2026-12-01T08:30:12Z"><saml:Issuer>https://library.uni-andes-campus.edu.co/shibboleth</saml:Issuer>'
            f'<samlp:Artifact>{art}</samlp:Artifact></samlp:ArtifactResolve></SOAP-ENV:Body></SOAP-ENV:Envelope>')
    certblock = cert + b64(F.bytes(600))
    reply = ('<?xml version="1.0" encoding="UTF-8"?><soap11:Envelope xmlns:soap11="http://schemas.xmlsoap.org/soap/envelope/"><soap11:Body>'
             f'<saml2p:ArtifactResponse xmlns:saml2p="urn:oasis:names:tc:SAML:2.0:protocol" ID="_{F.hex(32)}" InResponseTo="{rid}" IssueInstant="2026-12-01T08:30:12.401Z" Version="2.0">'
             '<saml2p:Status><saml2p:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></saml2p:Status>'
             f'<saml2p:Response ID="_{F.hex(32)}" Version="2.0"><saml2:Assertion xmlns:saml2="urn:oasis:names:tc:SAML:2.0:assertion" ID="{aid}" IssueInstant="2026-12-01T08:30:12.401Z" Version="2.0">'
             '<saml2:Issuer>https://idp.uni-andes-campus.edu.co/idp/shibboleth</saml2:Issuer>'
             '<ds:Signature xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:SignedInfo><ds:Reference URI="#' + aid + '">'
             f'<ds:DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/><ds:DigestValue>{dig}</ds:DigestValue></ds:Reference></ds:SignedInfo>'
             f'<ds:SignatureValue>{b64(F.bytes(256))}</ds:SignatureValue><ds:KeyInfo><ds:X509Data><ds:X509Certificate>{certblock}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></ds:Signature>'
             f'<saml2:Subject><saml2:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">{mail}</saml2:NameID></saml2:Subject>'
             '<saml2:AttributeStatement><saml2:Attribute FriendlyName="mail" Name="urn:oid:0.9.2342.19200300.100.1.3">'
             f'<saml2:AttributeValue>{mail}</saml2:AttributeValue></saml2:Attribute></saml2:AttributeStatement></saml2:Assertion></saml2p:Response>'
             '</saml2p:ArtifactResponse></soap11:Body></soap11:Envelope>')
    return [
        interaction(request("GET", "https://library.uni-andes-campus.edu.co/Shibboleth.sso/SAML2/Artifact?SAMLart=" + q(art)),
                    response(302, [("Location", "https://library.uni-andes-campus.edu.co/catalogue")])),
        interaction(request("POST", "https://idp.uni-andes-campus.edu.co:8443/idp/profile/SAML2/SOAP/ArtifactResolution",
                            [("Content-Type", "text/xml"), ("SOAPAction", "http://www.oasis-open.org/committees/security"),
                             ("Authorization", basic("library-sp", sppw))], soap),
                    response(200, rhead("text/xml;charset=utf-8"), reply))]


@case("oauth-token-exchange-rfc8693-delegation", "auth flows")
def _():
    csec = S(F.b64url(40), "other", "client secret inside the HTTP Basic client authentication of the token exchange")
    subj = S(jwt({"iss": "https://login.globex.example", "sub": "user-" + F.digits(7), "aud": "orders-api", "exp": 1796100612, "scope": "orders"}, kid=F.hex(8)),
             "other", "subject_token form field")
    actor = S(jwt({"iss": "https://spiffe.globex.example", "sub": "spiffe://globex.example/ns/prod/sa/billing-worker", "aud": "sts", "exp": 1796100312}, alg="ES256", sig=64),
              "names", "actor_token form field")
    issued = S(jwt({"iss": "https://sts.globex.example", "sub": "user-" + F.digits(7), "aud": "ledger-api", "act": {"sub": "spiffe://globex.example/ns/prod/sa/billing-worker"},
                    "exp": 1796100312, "jti": F.uuid()}, alg="ES256", sig=64), "structure", "issued access_token of the exchange")
    tp = O(traceparent(), "identifiers", "traceparent of the exchange")
    xrid = O(F.uuid(), "identifiers", "X-Request-Id of the STS response")
    body = form([("grant_type", "urn:ietf:params:oauth:grant-type:token-exchange"), ("subject_token", subj),
                 ("subject_token_type", "urn:ietf:params:oauth:token-type:access_token"), ("actor_token", actor),
                 ("actor_token_type", "urn:ietf:params:oauth:token-type:jwt"), ("audience", "ledger-api"), ("scope", "ledger.write")])
    return [interaction(request("POST", "https://sts.globex.example/oauth2/token",
                                [("Authorization", basic("billing-worker", csec)), ("Content-Type", "application/x-www-form-urlencoded"), ("traceparent", tp)], body),
                        response(200, rhead("application/json", [("X-Request-Id", xrid), ("Cache-Control", "no-store")]),
                                 {"access_token": issued, "issued_token_type": "urn:ietf:params:oauth:token-type:access_token", "token_type": "Bearer", "expires_in": 300}))]


@case("oauth-introspection-resource-server", "auth flows")
def _():
    rspw = S(F.b64url(32), "other", "resource server password in Basic auth of the introspection call")
    tok = S(F.b64url(48), "other", "opaque access token in the token= form field")
    cid = O("l238j323ds-23ij4" + F.pick(LOAN, 6), "public", "client_id in the introspection response")
    user = O("acme-payments-bot", "labels", "username of the token owner (an organisation bot)")
    sub = O(F.pick(AN, 20), "identifiers", "sub of the token owner")
    jti = O(F.uuid(), "identifiers", "jti of the introspected token")
    return [interaction(request("POST", "https://auth.acme-pay.example/oauth2/introspect",
                                [("Authorization", basic("ledger-resource-server", rspw)), ("Content-Type", "application/x-www-form-urlencoded"), ("Accept", "application/json")],
                                form([("token", tok), ("token_type_hint", "access_token")])),
                        response(200, rhead(), {"active": True, "client_id": cid, "username": user, "scope": "payments:read payments:write", "sub": sub,
                                                "aud": "https://ledger.acme-pay.example", "iss": "https://auth.acme-pay.example/", "exp": 1796103612,
                                                "iat": 1796100012, "jti": jti, "token_type": "Bearer"}))]


@case("spnego-negotiate-intranet-reports", "auth flows")
def _():
    gss = S(b64(b"\x60\x82\x06\x1a\x06\x06\x2b\x06\x01\x05\x05\x02\xa0\x82\x06\x0e" + F.bytes(1540)), "other", "Kerberos/SPNEGO token in Authorization: Negotiate")
    jsid = S(F.pick(HXU, 32), "other", "JSESSIONID session cookie set after Negotiate")
    etag = O('W/"' + F.hex(16) + '"', "identifiers", "ETag of the report list")
    xrid = O(F.uuid(), "identifiers", "X-Request-ID")
    rep = O("RPT-" + F.digits(8), "identifiers", "report id in the listing")
    url = "https://reports.corp.globex.example/api/reports?owner=me"
    return [
        interaction(request("GET", url), response(401, [("WWW-Authenticate", "Negotiate"), ("Content-Length", "0")])),
        interaction(request("GET", url, [("Authorization", "Negotiate " + gss)]),
                    response(200, rhead("application/json", [("WWW-Authenticate", "Negotiate " + b64(b"\xa1\x81\x9f\x30\x81\x9c\xa0\x03\x0a\x01\x00" + F.bytes(140))),
                                                             ("Set-Cookie", f"JSESSIONID={jsid}; Path=/; Secure; HttpOnly"), ("ETag", etag), ("X-Request-ID", xrid)]),
                             {"reports": [{"id": rep, "title": "Q4 revenue by region", "owner": "CORP\\\\hkowalczyk"}]}))]


@case("scram-sha-256-http-rfc7804", "auth flows")
def _():
    cnonce = O(F.b64url(24), "challenges", "client nonce r= in the first SCRAM message (base64 data=)")
    snonce = cnonce + F.b64url(24)
    salt = O(b64(F.bytes(16)), "challenges", "salt s= in the server-first message (base64 data=)")
    sid = O(F.pick(AN, 12), "challenges", "SCRAM sid= of the exchange")
    proof = S(b64(F.bytes(32)), "encoding", "ClientProof p= inside the base64 data= of the client-final message")
    first = b64(f"n,,n=backup-agent,r={cnonce}")
    sfirst = b64(f"r={snonce},s={salt},i=4096")
    cfinal = b64(f"c=biws,r={snonce},p={proof}")
    url = "https://vault-lite.home.example/api/v1/backup/status"
    return [
        interaction(request("GET", url, [("Authorization", f"SCRAM-SHA-256 data={first}")]),
                    response(401, [("WWW-Authenticate", f"SCRAM-SHA-256 sid={sid}, data={sfirst}"), ("Content-Length", "0")])),
        interaction(request("GET", url, [("Authorization", f"SCRAM-SHA-256 sid={sid}, data={cfinal}")]),
                    response(200, rhead("application/json", [("Authentication-Info", f"sid={sid}, data={b64('v=' + b64(F.bytes(32)))}")]),
                             {"last_backup": "2026-12-01T03:00:00Z", "state": "ok"}))]


@case("cognito-user-srp-auth-challenge", "auth flows")
def _():
    client = O(F.pick(LOAN, 26), "public", "Cognito app client id")
    srpa = O(F.hex(768), "challenges", "SRP_A public ephemeral")
    srpb = O(F.hex(768), "challenges", "SRP_B public ephemeral in the challenge")
    salt = O(F.hex(32), "challenges", "SALT in the challenge parameters")
    uid = O(F.uuid(), "identifiers", "USER_ID_FOR_SRP")
    shash = S(b64(F.bytes(32)), "names", "SECRET_HASH (HMAC with the app client secret) in AuthParameters")
    claim = S(b64(F.bytes(32)), "names", "PASSWORD_CLAIM_SIGNATURE in ChallengeResponses")
    block = b64(F.bytes(700))
    at = S(jwt({"sub": uid, "iss": "https://cognito-idp.eu-west-2.amazonaws.com/eu-west-2_" + F.pick(AN, 9), "client_id": client, "origin_jti": F.uuid(),
                "event_id": F.uuid(), "token_use": "access", "scope": "aws.cognito.signin.user.admin", "auth_time": 1796100012, "exp": 1796103612,
                "iat": 1796100012, "jti": F.uuid(), "username": uid}, kid=b64(F.bytes(32))), "other", "AuthenticationResult.AccessToken")
    rt = S(jwe(), "structure", "AuthenticationResult.RefreshToken (JWE)")
    h = lambda t: [("Content-Type", "application/x-amz-json-1.1"), ("X-Amz-Target", f"AWSCognitoIdentityProviderService.{t}")]
    url = "https://cognito-idp.eu-west-2.amazonaws.com/"
    return [
        interaction(request("POST", url, h("InitiateAuth"), {"AuthFlow": "USER_SRP_AUTH", "ClientId": client,
                                                             "AuthParameters": {"USERNAME": "ana.ferreira", "SRP_A": srpa, "SECRET_HASH": shash}}),
                    response(200, rhead("application/x-amz-json-1.1"), {"ChallengeName": "PASSWORD_VERIFIER",
                                                                        "ChallengeParameters": {"SALT": salt, "SECRET_BLOCK": block, "SRP_B": srpb, "USERNAME": uid,
                                                                                                "USER_ID_FOR_SRP": uid}})),
        interaction(request("POST", url, h("RespondToAuthChallenge"), {"ChallengeName": "PASSWORD_VERIFIER", "ClientId": client,
                                                                       "ChallengeResponses": {"USERNAME": uid, "PASSWORD_CLAIM_SECRET_BLOCK": block,
                                                                                              "TIMESTAMP": "Tue Dec 1 08:30:13 UTC 2026",
                                                                                              "PASSWORD_CLAIM_SIGNATURE": claim, "SECRET_HASH": shash}}),
                    response(200, rhead("application/x-amz-json-1.1"), {"AuthenticationResult": {"AccessToken": at, "ExpiresIn": 3600, "IdToken": S(jwt({"sub": uid, "token_use": "id", "cognito:username": "ana.ferreira"}, kid=b64(F.bytes(32))), "other", "AuthenticationResult.IdToken"),
                                                                                                 "RefreshToken": rt, "TokenType": "Bearer"}, "ChallengeParameters": {}}))]


@case("oidc-rp-logout-id-token-hint", "auth flows")
def _():
    mail = S(person("Hanna", "Lindqvist", "stockholm-arkitekter.se"), "encoding", "email claim inside the id_token_hint JWT in the logout query")
    sid = O(F.uuid(), "identifiers", "sid (also the session id in the front-channel logout URL)")
    hint = S(jwt({"iss": "https://id.stockholm-arkitekter.se", "aud": "intranet", "sub": F.uuid(), "email": mail, "sid": sid, "exp": 1796100312}, kid=F.hex(12)),
             "other", "id_token_hint query parameter")
    cookie = S(F.b64url(43), "other", "IdP session cookie (idsrv.session-like) on the end-session request")
    xrid = O(F.pick(UPAN, 13) + ":00000004", "identifiers", "request id of the end-session response")
    url = (f"https://id.stockholm-arkitekter.se/connect/endsession?id_token_hint={hint}&post_logout_redirect_uri={q('https://intranet.stockholm-arkitekter.se/signed-out')}"
           f"&state={F.b64url(16)}")
    return [interaction(request("GET", url, [("Cookie", f"idsrv.session={cookie}; .AspNetCore.Antiforgery.x1={F.b64url(60)}")]),
                        response(200, rhead("text/html; charset=utf-8", [("Set-Cookie", "idsrv.session=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/"),
                                                                         ("X-Request-Id", xrid)]),
                                 f'<html><body><p>You are now signed out.</p><iframe src="https://intranet.stockholm-arkitekter.se/signout-oidc?sid={sid}&amp;iss=https%3A%2F%2Fid.stockholm-arkitekter.se" width="0" height="0"></iframe></body></html>'))]


@case("acme-eab-credentials-and-http01", "auth flows")
def _():
    access = S(F.hex(32), "names", "ZeroSSL access_key query parameter")
    kid = O(F.b64url(22), "identifiers", "eab_kid (also in the EAB protected header)")
    hkey = S(F.b64url(86), "structure", "eab_hmac_key returned by the EAB credentials endpoint")
    mail = S(person("Dmitri", "Volkov", "riga-hosting.lv"), "encoding", "contact mailto: inside the base64url JWS payload of newAccount")
    nonce = O(F.b64url(43), "challenges", "Replay-Nonce issued by the ACME server")
    tok = O(F.b64url(43), "challenges", "http-01 challenge token (public, served at /.well-known/acme-challenge/)")
    thumb = O(F.b64url(43), "public", "JWK thumbprint half of the key authorization")
    jwk = {"kty": "EC", "crv": "P-256", "x": F.b64url(43), "y": F.b64url(43)}
    eab = {"protected": b64u_json({"alg": "HS256", "kid": kid, "url": "https://acme.zerossl.com/v2/DV90/newAccount"}), "payload": b64u_json(jwk), "signature": F.b64url(43)}
    jws = {"protected": b64u_json({"alg": "ES256", "jwk": jwk, "nonce": nonce, "url": "https://acme.zerossl.com/v2/DV90/newAccount"}),
           "payload": b64u_json({"termsOfServiceAgreed": True, "contact": ["mailto:" + mail], "externalAccountBinding": eab}), "signature": F.b64url(86)}
    acct = "https://acme.zerossl.com/v2/DV90/account/" + F.b64url(22)
    return [
        interaction(request("POST", "https://api.zerossl.com/acme/eab-credentials?access_key=" + access),
                    response(200, rhead(), {"success": True, "eab_kid": kid, "eab_hmac_key": hkey})),
        interaction(request("HEAD", "https://acme.zerossl.com/v2/DV90/newNonce"), response(200, [("Replay-Nonce", nonce), ("Cache-Control", "no-store")])),
        interaction(request("POST", "https://acme.zerossl.com/v2/DV90/newAccount", [("Content-Type", "application/jose+json")], jws),
                    response(201, rhead("application/json", [("Location", acct), ("Replay-Nonce", F.b64url(43))]), {"status": "valid", "contact": ["mailto:" + mail]})),
        interaction(request("GET", f"http://shop.riga-hosting.lv/.well-known/acme-challenge/{tok}", [("User-Agent", "Mozilla/5.0 (compatible; ZeroSSL validation)")]),
                    response(200, [("Content-Type", "text/plain")], f"{tok}.{thumb}"))]
# ----- payment APIs ------------------------------------------------------------------------------

@case("stripe-connect-oauth-token-exchange", "payment APIs")
def _():
    plat = S("sk_live_" + F.alnum(99), "other", "platform secret key as client_secret in the Connect OAuth token form")
    code = S("ac_" + F.alnum(32), "structure", "Connect authorization code (redirect query and token form)")
    at = S("sk_live_" + F.alnum(99), "other", "connected account access_token (a secret key)")
    rt = S("rt_" + F.alnum(54), "structure", "Connect refresh_token")
    pk = O("pk_live_" + F.alnum(99), "public", "stripe_publishable_key of the connected account")
    acct = O("acct_" + F.alnum(16), "identifiers", "stripe_user_id of the connected account")
    req = O("req_" + F.alnum(14), "identifiers", "Request-Id of the token exchange")
    cb = f"https://dashboard.marketly.example/stripe/connected?scope=read_write&code={code}&state={F.hex(16)}"
    return [
        interaction(request("GET", cb), response(302, [("Location", "/settings/payouts")])),
        interaction(request("POST", "https://connect.stripe.com/oauth/token", [("Content-Type", "application/x-www-form-urlencoded")],
                            form([("client_secret", plat), ("code", code), ("grant_type", "authorization_code")])),
                    response(200, rhead("application/json", [("Request-Id", req)]),
                             {"access_token": at, "livemode": True, "refresh_token": rt, "token_type": "bearer", "stripe_publishable_key": pk,
                              "stripe_user_id": acct, "scope": "read_write"}))]


@case("checkout-com-frames-token-payment-webhook", "payment APIs")
def _():
    pk = O("pk_sbox_" + F.pick(LOAN, 26), "public", "public key used by Frames to tokenize the card (Authorization of /tokens)")
    sk = S("sk_sbox_" + F.pick(LOAN, 26), "other", "secret key (Authorization: Bearer) of the payment request")
    whsig = S(F.hex(64), "other", "Cko-Signature HMAC-SHA256 of the webhook body")
    whauth = S(F.b64url(32), "names", "webhook Authorization header value configured on the workflow")
    pay = O("pay_" + F.pick(LOAN, 26), "identifiers", "payment id")
    act = O("act_" + F.pick(LOAN, 26), "identifiers", "action id")
    evt = O("evt_" + F.pick(LOAN, 26), "identifiers", "webhook event id")
    cko = O(F.uuid(), "identifiers", "Cko-Request-Id")
    tok = "tok_" + F.pick(LOAN, 26)
    return [
        interaction(request("POST", "https://api.sandbox.checkout.com/tokens", [("Authorization", pk), ("Content-Type", "application/json")],
                            {"type": "card", "number": "4242424242424242", "expiry_month": 6, "expiry_year": 2029, "cvv": "100"}),
                    response(201, rhead(), {"type": "card", "token": tok, "expires_on": "2026-12-01T08:45:12Z", "bin": "424242", "last4": "4242", "card_type": "CREDIT"})),
        interaction(request("POST", "https://api.sandbox.checkout.com/payments", [("Authorization", "Bearer " + sk), ("Content-Type", "application/json"),
                                                                                ("Cko-Idempotency-Key", F.uuid())],
                            {"source": {"type": "token", "token": tok}, "amount": 6540, "currency": "GBP", "reference": "ORD-5023-4E89", "capture": True}),
                    response(201, rhead("application/json", [("Cko-Request-Id", cko)]),
                             {"id": pay, "action_id": act, "amount": 6540, "currency": "GBP", "approved": True, "status": "Authorized", "response_code": "10000",
                              "reference": "ORD-5023-4E89", "_links": {"self": {"href": f"https://api.sandbox.checkout.com/payments/{pay}"}}})),
        interaction(request("POST", "https://shop.brightlane.example/webhooks/checkout", [("Content-Type", "application/json"), ("Cko-Signature", whsig),
                                                                                        ("Authorization", whauth)],
                            {"id": evt, "type": "payment_captured", "created_on": "2026-12-01T08:30:20Z", "data": {"id": pay, "action_id": act, "amount": 6540}}),
                    response(200, [("Content-Length", "0")]))]


@case("gocardless-customers-and-signed-webhook", "payment APIs")
def _():
    tok = S("live_" + F.b64url(40), "other", "GoCardless access token (Authorization: Bearer)")
    sig = S(F.hex(64), "other", "Webhook-Signature HMAC of the webhook body")
    mail = S(person("Siobhan", "Gallagher", "corkharbour-yoga.ie"), "structure", "customer email in the customers list")
    cu = O("CU" + F.pick(UPAN, 12), "identifiers", "customer id")
    evs = [O("EV" + F.pick(UPAN, 12), "identifiers", f"webhook event id {i}") for i in range(2)]
    pm = O("PM" + F.pick(UPAN, 12), "identifiers", "payment id in event links")
    xr = O(F.pick(AN, 26), "identifiers", "x-request-id of the customers call")
    return [
        interaction(request("GET", "https://api.gocardless.com/customers?limit=1", [("Authorization", "Bearer " + tok), ("GoCardless-Version", "2015-07-06")]),
                    response(200, rhead("application/json", [("x-request-id", xr)]),
                             {"customers": [{"id": cu, "email": mail, "given_name": "Siobhan", "family_name": "Gallagher", "country_code": "IE",
                                             "created_at": "2026-10-14T09:10:00.000Z", "metadata": {}}], "meta": {"cursors": {"before": None, "after": cu}, "limit": 1}})),
        interaction(request("POST", "https://api.corkharbour-yoga.ie/hooks/gocardless", [("Content-Type", "application/json"), ("Webhook-Signature", sig),
                                                                                         ("Origin", "https://api.gocardless.com")],
                            {"events": [{"id": evs[0], "created_at": "2026-12-01T08:30:12.000Z", "resource_type": "payments", "action": "confirmed",
                                         "links": {"payment": pm}, "details": {"origin": "gocardless", "cause": "payment_confirmed"}},
                                        {"id": evs[1], "created_at": "2026-12-01T08:30:12.000Z", "resource_type": "payments", "action": "paid_out",
                                         "links": {"payment": pm, "payout": "PO" + F.pick(UPAN, 12)}}]}),
                    response(204))]


@case("klarna-payments-session-and-order", "payment APIs")
def _():
    pw = S("klarna_live_api_" + F.b64url(40), "other", "Klarna API password in Basic auth")
    auth = S(F.uuid(), "structure", "authorization_token in the create-order path (issued to the client by Klarna after authorize)")
    sess = O(F.uuid(), "identifiers", "Klarna session_id")
    order = O(F.uuid(), "identifiers", "Klarna order_id")
    corr = O(F.uuid(), "identifiers", "Klarna-Correlation-Id")
    b = basic("K" + F.digits(6) + "_" + F.hex(12), pw)
    base = {"purchase_country": "SE", "purchase_currency": "SEK", "locale": "sv-SE", "order_amount": 49900, "order_tax_amount": 9980,
            "order_lines": [{"name": "Rain jacket", "quantity": 1, "unit_price": 49900, "tax_rate": 2500, "total_amount": 49900, "total_tax_amount": 9980}]}
    return [
        interaction(request("POST", "https://api.klarna.com/payments/v1/sessions", [("Authorization", b), ("Content-Type", "application/json")], base),
                    response(200, rhead("application/json", [("Klarna-Correlation-Id", corr)]),
                             {"session_id": sess, "client_token": jwt({"session_id": sess, "base_url": "https://js.klarna.com/eu/kp/okc", "design": "klarna"}, kid=F.uuid()),
                              "payment_method_categories": [{"identifier": "pay_later", "name": "Pay later."}]})),
        interaction(request("POST", f"https://api.klarna.com/payments/v1/authorizations/{auth}/order", [("Authorization", b), ("Content-Type", "application/json")], base),
                    response(200, rhead(), {"order_id": order, "redirect_url": f"https://payments.klarna.com/redirect/{F.b64url(40)}", "fraud_status": "ACCEPTED",
                                            "authorized_payment_method": {"type": "invoice"}}))]


@case("authorize-net-xml-create-transaction", "payment APIs")
def _():
    tkey = S(F.pick(AN, 16), "structure", "merchantAuthentication/transactionKey in the XML request")
    tid = O(F.digits(11), "identifiers", "transId of the approved transaction")
    ac = O(F.pick(UPAN, 6), "identifiers", "authCode of the approval")
    ref = O("ref" + F.digits(9), "identifiers", "refId echoed in the response")
    masked = O("XXXX" + F.digits(4), "identifiers", "masked accountNumber")
    nonce = b64(F.bytes(180))
    body = ('<?xml version="1.0" encoding="utf-8"?><createTransactionRequest xmlns="AnetApi/xml/v1/schema/AnetApiSchema.xsd">'
            f'<merchantAuthentication><name>{F.pick(AN, 10)}</name><transactionKey>{tkey}</transactionKey></merchantAuthentication><refId>{ref}</refId>'
            '<transactionRequest><transactionType>authCaptureTransaction</transactionType><amount>87.20</amount><payment><opaqueData>'
            f'<dataDescriptor>COMMON.ACCEPT.INAPP.PAYMENT</dataDescriptor><dataValue>{nonce}</dataValue></opaqueData></payment></transactionRequest></createTransactionRequest>')
    reply = ('<?xml version="1.0" encoding="utf-8"?><createTransactionResponse xmlns="AnetApi/xml/v1/schema/AnetApiSchema.xsd">'
             f'<refId>{ref}</refId><messages><resultCode>Ok</resultCode><message><code>I00001</code><text>Successful.</text></message></messages>'
             f'<transactionResponse><responseCode>1</responseCode><authCode>{ac}</authCode><avsResultCode>Y</avsResultCode><cvvResultCode>P</cvvResultCode>'
             f'<transId>{tid}</transId><refTransID /><transHashSha2>{F.pick(HXU, 128)}</transHashSha2><accountNumber>{masked}</accountNumber><accountType>Visa</accountType>'
             '<messages><message><code>1</code><description>This transaction has been approved.</description></message></messages></transactionResponse></createTransactionResponse>')
    return [interaction(request("POST", "https://api.authorize.net/xml/v1/request.api", [("Content-Type", "text/xml")], body),
                        response(200, rhead("application/xml; charset=utf-8"), reply))]


@case("coinbase-commerce-charge-and-webhook", "payment APIs")
def _():
    key = S(F.uuid(), "names", "X-CC-Api-Key header")
    sig = S(F.hex(64), "other", "X-CC-Webhook-Signature of the webhook body")
    cid = O(F.uuid(), "identifiers", "charge id")
    code = O(F.pick(UPAN, 8), "identifiers", "charge code (in hosted_url)")
    addr = O("0x" + F.hex(40), "public", "ethereum payment address")
    evt = O(F.uuid(), "identifiers", "webhook event id")
    charge = {"id": cid, "code": code, "name": "Annual plan", "pricing_type": "fixed_price", "hosted_url": f"https://commerce.coinbase.com/charges/{code}",
              "addresses": {"ethereum": addr}, "created_at": "2026-12-01T08:30:12Z", "expires_at": "2026-12-01T09:30:12Z"}
    return [
        interaction(request("POST", "https://api.commerce.coinbase.com/charges", [("X-CC-Api-Key", key), ("X-CC-Version", "2018-03-22"), ("Content-Type", "application/json")],
                            {"name": "Annual plan", "pricing_type": "fixed_price", "local_price": {"amount": "120.00", "currency": "USD"}}),
                    response(201, rhead(), {"data": charge})),
        interaction(request("POST", "https://billing.lumenly.example/hooks/coinbase", [("Content-Type", "application/json"), ("X-CC-Webhook-Signature", sig)],
                            {"id": 1, "scheduled_for": "2026-12-01T08:40:00Z", "event": {"id": evt, "type": "charge:confirmed", "api_version": "2018-03-22",
                                                                                          "data": {"id": cid, "code": code}}}),
                    response(200))]


@case("wise-transfer-sca-one-time-token", "payment APIs")
def _():
    tok = S(F.uuid(), "other", "Wise API token (Authorization: Bearer)")
    ott = O(F.uuid(), "challenges", "x-2fa-approval one-time token challenge (signed by the client, then echoed)")
    prof = O(F.digits(8), "identifiers", "profile id in the path")
    tr = O(F.digits(9), "identifiers", "transfer id in the path")
    url = f"https://api.transferwise.com/v3/profiles/{prof}/transfers/{tr}/payments"
    h = [("Authorization", "Bearer " + tok), ("Content-Type", "application/json")]
    return [
        interaction(request("POST", url, h, {"type": "BALANCE"}),
                    response(403, rhead("application/json", [("x-2fa-approval-result", "REJECTED"), ("x-2fa-approval", ott)]),
                             {"timestamp": "2026-12-01T08:30:12.412+0000", "status": 403, "error": "Forbidden", "message": "You are forbidden to send this request", "path": url[29:]})),
        interaction(request("POST", url, h + [("x-2fa-approval", ott), ("X-Signature", b64(F.bytes(256)))], {"type": "BALANCE"}),
                    response(200, rhead(), {"type": "BALANCE", "status": "COMPLETED", "errorCode": None}))]

# ----- messaging ---------------------------------------------------------------------------------

@case("twilio-api-key-and-video-access-token", "messaging")
def _():
    ac = O("AC" + F.hex(32), "identifiers", "Twilio account SID (path, JWT sub)")
    authtok = S(F.hex(32), "other", "Twilio auth token (password of Basic auth)")
    sk = O("SK" + F.hex(32), "identifiers", "API key SID (response sid, JWT iss)")
    secret = S(F.alnum(32), "structure", "API key secret returned once by Keys.json")
    access = S(b64u_json({"typ": "JWT", "alg": "HS256", "cty": "twilio-fpa;v=1"}) + "." +
               b64u_json({"jti": f"{sk}-1796100012", "iss": sk, "sub": ac, "exp": 1796103612, "grants": {"identity": "coach-maria", "video": {"room": "standup"}}})
               + "." + F.b64url(43), "other", "Twilio Access Token (JWT) returned to the browser")
    rq = O("RQ" + F.hex(32), "identifiers", "Twilio-Request-Id")
    return [
        interaction(request("POST", f"https://api.twilio.com/2010-04-01/Accounts/{ac}/Keys.json", [("Authorization", basic(ac, authtok)),
                                                                                                   ("Content-Type", "application/x-www-form-urlencoded")],
                            form([("FriendlyName", "video-backend")])),
                    response(201, rhead("application/json", [("Twilio-Request-Id", rq)]),
                             {"sid": sk, "friendly_name": "video-backend", "date_created": "Tue, 01 Dec 2026 08:30:12 +0000",
                              "date_updated": "Tue, 01 Dec 2026 08:30:12 +0000", "secret": secret})),
        interaction(request("POST", "https://coach.fitloop.example/api/video/token", [("Content-Type", "application/json"), ("Cookie", "fl_lang=en-GB")],
                            {"room": "standup"}),
                    response(200, rhead(), {"token": access, "room": "standup", "identity": "coach-maria"}))]


@case("vonage-application-keys-and-messages-jwt", "messaging")
def _():
    apisec = S(F.pick(AN, 16), "other", "Vonage api_secret (password of Basic auth)")
    pem, line = F.pem()
    S(line, "structure", "fourth line of the generated keys.private_key PEM")
    appid = O(F.uuid(), "identifiers", "Vonage application id")
    pub = "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA" + b64(F.bytes(300))
    publine = O(pub[64:128], "public", "second line of keys.public_key")
    pubpem = "-----BEGIN PUBLIC KEY-----\n" + "\n".join(pub[i:i + 64] for i in range(0, len(pub), 64)) + "\n-----END PUBLIC KEY-----\n"
    appjwt = S(jwt({"application_id": appid, "iat": 1796100012, "jti": F.uuid(), "exp": 1796100912}, typ="JWT"), "other", "application JWT (Authorization: Bearer) of the Messages API")
    inbound = S(jwt({"iat": 1796100020, "jti": F.uuid(), "iss": "Vonage", "payload_hash": F.hex(64), "api_key": F.hex(8), "application_id": appid}, alg="HS256", sig=32),
                "other", "signed inbound webhook JWT (Authorization: Bearer)")
    muuid = O(F.uuid(), "identifiers", "message_uuid")
    return [
        interaction(request("POST", "https://api.nexmo.com/v2/applications", [("Authorization", basic(F.hex(8), apisec)), ("Content-Type", "application/json")],
                            {"name": "support-whatsapp", "capabilities": {"messages": {"webhooks": {"inbound_url": {"address": "https://support.tidepool.example/vonage/inbound",
                                                                                                                 "http_method": "POST"}}}}}),
                    response(201, rhead(), {"id": appid, "name": "support-whatsapp", "keys": {"public_key": pubpem, "private_key": pem},
                                            "privacy": {"improve_ai": False}})),
        interaction(request("POST", "https://api.nexmo.com/v1/messages", [("Authorization", "Bearer " + appjwt), ("Content-Type", "application/json")],
                            {"message_type": "text", "channel": "whatsapp", "to": "447700900123", "from": "447700900000", "text": "Your ticket #4411 was updated."}),
                    response(202, rhead(), {"message_uuid": muuid})),
        interaction(request("POST", "https://support.tidepool.example/vonage/inbound", [("Authorization", "Bearer " + inbound), ("Content-Type", "application/json")],
                            {"channel": "whatsapp", "message_uuid": F.uuid(), "to": "447700900000", "from": "447700900123", "timestamp": "2026-12-01T08:30:20Z",
                             "message_type": "text", "text": "thanks!"}),
                    response(200))]


@case("slack-socket-mode-open-and-webhook-config", "messaging")
def _():
    xapp = S("xapp-1-A0" + F.pick(UPAN, 9) + "-" + F.digits(13) + "-" + F.hex(64), "other", "Slack app-level token (Authorization: Bearer)")
    ticket = S(F.uuid(), "names", "ticket= of the Socket Mode WebSocket URL")
    app = O(F.hex(64), "identifiers", "app_id= of the Socket Mode URL")
    team = O("T0" + F.pick(UPAN, 9), "identifiers", "Slack team id (config and webhook URL)")
    chan = O("B0" + F.pick(UPAN, 9), "identifiers", "incoming webhook id (config and webhook URL)")
    hook = S(F.alnum(24), "structure", "secret last path segment of the Slack incoming webhook URL in an integrations config")
    return [
        interaction(request("POST", "https://slack.com/api/apps.connections.open", [("Authorization", "Bearer " + xapp), ("Content-Type", "application/x-www-form-urlencoded")]),
                    response(200, rhead("application/json; charset=utf-8", [("x-slack-req-id", F.hex(32))]),
                             {"ok": True, "url": f"wss://wss-primary.slack.com/link/?ticket={ticket}&app_id={app}"})),
        interaction(request("GET", "https://deploybot.internal.example/admin/api/integrations", [("Accept", "application/json")]),
                    response(200, rhead(), {"slack": {"team_id": team, "webhook_id": chan, "channel": "#deploys",
                                                      "incoming_webhook_url": f"https://hooks.slack.com/services/{team}/{chan}/{hook}"},
                                            "pagerduty": {"enabled": False}}))]


@case("discord-interaction-followup-webhook", "messaging")
def _():
    bot = S(discord(F), "other", "Discord bot token (Authorization: Bot)")
    app = O(snowflake(), "identifiers", "application id (path, verify_key owner)")
    iid = O(snowflake(), "identifiers", "interaction id")
    guild = O(snowflake(), "identifiers", "guild id")
    vkey = O(F.hex(64), "public", "verify_key (Ed25519 public key) of the application")
    itok = S(b64u(f"interaction:{iid}:" + F.alnum(150)), "structure", "interaction token (body field, then path of the follow-up webhook)")
    incoming = {"type": 2, "token": itok, "id": iid, "application_id": app, "guild_id": guild, "version": 1,
                "data": {"id": snowflake(), "name": "deploy", "type": 1, "options": [{"name": "env", "type": 3, "value": "staging"}]},
                "member": {"user": {"id": snowflake(), "username": "release-captains", "global_name": "Release Captains"}, "roles": []}}
    return [
        interaction(request("GET", "https://discord.com/api/v10/applications/@me", [("Authorization", "Bot " + bot), ("User-Agent", "DiscordBot (https://github.com/discordjs/discord.js, 14.16.3)")]),
                    response(200, rhead(), {"id": app, "name": "ShipIt", "verify_key": vkey, "bot_public": False, "flags": 8953856})),
        interaction(request("POST", "https://shipit.bots.example/interactions", [("X-Signature-Ed25519", F.hex(128)), ("X-Signature-Timestamp", "1796100012"),
                                                                                ("Content-Type", "application/json")], incoming),
                    response(200, rhead(), {"type": 5})),
        interaction(request("POST", f"https://discord.com/api/v10/webhooks/{app}/{itok}?wait=true", [("Content-Type", "application/json")],
                            {"content": "Deploying to **staging**…", "flags": 64}),
                    response(200, rhead(), {"id": snowflake(), "type": 19, "channel_id": snowflake(), "webhook_id": app, "content": "Deploying to **staging**…"}))]


@case("telegram-setwebhook-secret-token-updates", "messaging")
def _():
    bot = S(F.digits(10) + ":AA" + F.b64url(33), "other", "Telegram bot token in the /bot<token>/ path")
    st = S(F.b64url(64), "names", "secret_token of setWebhook, echoed in X-Telegram-Bot-Api-Secret-Token")
    upd = O(F.digits(9), "identifiers", "update_id")
    chat = O(F.digits(10), "identifiers", "chat id")
    fid = O("AgACAgIAAxkBAAI" + F.b64url(64), "identifiers", "photo file_id")
    fuid = O("AQAD" + F.b64url(12), "identifiers", "photo file_unique_id")
    api = f"https://api.telegram.org/bot{bot}"
    return [
        interaction(request("POST", api + "/setWebhook", [("Content-Type", "application/json")],
                            {"url": "https://pantrybot.example/tg/hook", "secret_token": st, "allowed_updates": ["message", "callback_query"], "drop_pending_updates": True}),
                    response(200, rhead(), {"ok": True, "result": True, "description": "Webhook was set"})),
        interaction(request("POST", "https://pantrybot.example/tg/hook", [("Content-Type", "application/json"), ("X-Telegram-Bot-Api-Secret-Token", st)],
                            {"update_id": int(upd), "message": {"message_id": 811, "from": {"id": int(chat), "is_bot": False, "first_name": "Lior", "language_code": "he"},
                                                                "chat": {"id": int(chat), "type": "private"}, "date": 1796100012,
                                                                "photo": [{"file_id": fid, "file_unique_id": fuid, "file_size": 81233, "width": 1280, "height": 960}]}}),
                    response(200)),
        interaction(request("GET", api + f"/getFile?file_id={fid}"),
                    response(200, rhead(), {"ok": True, "result": {"file_id": fid, "file_unique_id": fuid, "file_size": 81233, "file_path": "photos/file_12.jpg"}}))]


@case("rocketchat-login-and-post-message", "messaging")
def _():
    pw = S(F.password(20), "structure", "password of the REST login body")
    tok = S(F.b64url(43), "structure", "authToken of the login response, then X-Auth-Token header")
    uid = O(F.pick(AN, 17), "identifiers", "userId, then X-User-Id header")
    mid = O(F.pick(AN, 17), "identifiers", "posted message _id")
    rid = O(F.pick(AN, 17), "identifiers", "room id rid")
    return [
        interaction(request("POST", "https://chat.harbourside.example/api/v1/login", [("Content-Type", "application/json")], {"user": "ci-notifier", "password": pw}),
                    response(200, rhead(), {"status": "success", "data": {"userId": uid, "authToken": tok, "me": {"_id": uid, "username": "ci-notifier", "status": "online",
                                                                                                                   "roles": ["bot"]}}})),
        interaction(request("POST", "https://chat.harbourside.example/api/v1/chat.postMessage", [("X-Auth-Token", tok), ("X-User-Id", uid), ("Content-Type", "application/json")],
                            {"channel": "#builds", "text": "main is green ✅"}),
                    response(200, rhead(), {"ts": 1796100013000, "channel": "#builds", "message": {"_id": mid, "rid": rid, "msg": "main is green ✅",
                                                                                                    "u": {"_id": uid, "username": "ci-notifier"}}, "success": True}))]


@case("whatsapp-cloud-webhook-verify-and-send", "messaging")
def _():
    vt = S(F.b64url(24), "names", "hub.verify_token of the webhook verification GET")
    chal = O(F.digits(10), "challenges", "hub.challenge echoed as the verification response body")
    sig = S(F.hex(64), "other", "X-Hub-Signature-256 (sha256=) of the webhook POST")
    eaa = S("EAA" + F.alnum(180), "other", "system user access token (Authorization: Bearer) of the Graph API send")
    pnid = O(F.digits(15), "identifiers", "phone_number_id (metadata and path)")
    waba = O(F.digits(15), "identifiers", "WhatsApp business account id")
    w1 = O("wamid.HBgM" + F.b64url(48) + "A==", "identifiers", "inbound message id (wamid)")
    w2 = O("wamid.HBgM" + F.b64url(48) + "A==", "identifiers", "sent message id (wamid)")
    hook = {"object": "whatsapp_business_account", "entry": [{"id": waba, "changes": [{"field": "messages", "value": {
        "messaging_product": "whatsapp", "metadata": {"display_phone_number": "15550783881", "phone_number_id": pnid},
        "contacts": [{"profile": {"name": "Aiyana"}, "wa_id": "15551234567"}],
        "messages": [{"from": "15551234567", "id": w1, "timestamp": "1796100012", "type": "text", "text": {"body": "Is my order shipped?"}}]}}]}]}
    return [
        interaction(request("GET", f"https://help.cactusmail.example/wa/webhook?hub.mode=subscribe&hub.challenge={chal}&hub.verify_token={vt}"),
                    response(200, [("Content-Type", "text/plain")], chal)),
        interaction(request("POST", "https://help.cactusmail.example/wa/webhook", [("Content-Type", "application/json"), ("X-Hub-Signature-256", "sha256=" + sig)], hook),
                    response(200)),
        interaction(request("POST", f"https://graph.facebook.com/v21.0/{pnid}/messages", [("Authorization", "Bearer " + eaa), ("Content-Type", "application/json")],
                            {"messaging_product": "whatsapp", "to": "15551234567", "type": "text", "text": {"body": "Yes - tracking 1Z999AA10123456784"}}),
                    response(200, rhead("application/json", [("x-fb-trace-id", F.b64url(11)), ("x-fb-request-id", F.b64url(24))]),
                             {"messaging_product": "whatsapp", "contacts": [{"input": "15551234567", "wa_id": "15551234567"}], "messages": [{"id": w2}]}))]


@case("teams-bot-framework-token-and-reply", "messaging")
def _():
    appid = O(F.uuid(), "public", "bot app id (client_id, aud of the connector token)")
    csec = S(azure_secret(), "other", "bot client_secret in the token form")
    at = S(jwt({"aud": "https://api.botframework.com", "iss": "https://sts.windows.net/d6d49420-f39b-4df7-a1dc-d59a935871db/", "appid": appid, "ver": "1.0",
                "idtyp": "app", "tid": "d6d49420-f39b-4df7-a1dc-d59a935871db"}, kid=F.b64url(27)), "other", "access_token for the Bot Connector")
    inbound = S(jwt({"serviceurl": "https://smba.trafficmanager.net/emea/", "nbf": 1796100000, "exp": 1796103600, "iss": "https://api.botframework.com", "aud": appid}, kid=F.b64url(27)),
                "other", "Bot Connector JWT on the inbound activity (Authorization: Bearer)")
    conv = O("a:1" + F.b64url(120), "identifiers", "Teams conversation id")
    act = O("1796100012" + F.digits(3), "identifiers", "activity id replied to")
    tid = O(F.uuid(), "identifiers", "tenant id in channelData")
    aad = O(F.uuid(), "identifiers", "aadObjectId of the sender")
    activity = {"type": "message", "id": act, "timestamp": "2026-12-01T08:30:12.345Z", "serviceUrl": "https://smba.trafficmanager.net/emea/", "channelId": "msteams",
                "from": {"id": "29:1" + F.b64url(80), "name": "Priya Raman", "aadObjectId": aad}, "conversation": {"conversationType": "personal", "tenantId": tid, "id": conv},
                "recipient": {"id": "28:" + appid, "name": "Helpdesk"}, "text": "reset my vpn", "channelData": {"tenant": {"id": tid}}}
    return [
        interaction(request("POST", "https://login.microsoftonline.com/botframework.com/oauth2/v2.0/token", [("Content-Type", "application/x-www-form-urlencoded")],
                            form([("grant_type", "client_credentials"), ("client_id", appid), ("client_secret", csec), ("scope", "https://api.botframework.com/.default")])),
                    response(200, rhead(), {"token_type": "Bearer", "expires_in": 3599, "ext_expires_in": 3599, "access_token": at})),
        interaction(request("POST", "https://helpdesk-bot.azurewebsites.net/api/messages", [("Authorization", "Bearer " + inbound), ("Content-Type", "application/json")], activity),
                    response(202)),
        interaction(request("POST", f"https://smba.trafficmanager.net/emea/v3/conversations/{q(conv)}/activities/{act}", [("Authorization", "Bearer " + at), ("Content-Type", "application/json")],
                            {"type": "message", "text": "I've opened ticket INC0048812 for you.", "replyToId": act}),
                    response(200, rhead(), {"id": "1796100014" + F.digits(3)}))]
# ----- LLM APIs ----------------------------------------------------------------------------------

@case("openai-responses-stream-echoes-db-password", "LLM APIs")
def _():
    key = S(openai(F, "sk-proj-", 74), "other", "OpenAI project key (Authorization: Bearer)")
    pw = S(F.pick(AN, 10) + "!" + F.pick(AN, 9), "streams", "database password quoted in the prompt and repeated by the model across four response.output_text.delta events")
    org = O("org-" + F.alnum(24), "identifiers", "OpenAI-Organization header")
    proj = O("proj_" + F.alnum(24), "identifiers", "OpenAI-Project header")
    rid = O("resp_" + F.hex(48), "identifiers", "response id in the stream events")
    mid = O("msg_" + F.hex(48), "identifiers", "output item id")
    xr = O("req_" + F.hex(32), "identifiers", "x-request-id")
    prompt = f"Why does this fail with 'password authentication failed'?\nDATABASE_URL=postgres://app:{pw}@db.internal:5432/app"
    pieces = ["The URL uses the password `", pw[:6], pw[6:11], pw[11:15], pw[15:], "` - if it contains `!` your shell may expand it; quote the value."]
    ev = [("response.created", {"type": "response.created", "sequence_number": 0, "response": {"id": rid, "object": "response", "status": "in_progress", "model": "gpt-4.1-2025-04-14"}}),
          ("response.output_item.added", {"type": "response.output_item.added", "sequence_number": 1, "output_index": 0,
                                          "item": {"id": mid, "type": "message", "status": "in_progress", "role": "assistant", "content": []}})]
    for i, piece in enumerate(pieces):
        ev.append(("response.output_text.delta", {"type": "response.output_text.delta", "sequence_number": 2 + i, "item_id": mid, "output_index": 0, "content_index": 0, "delta": piece}))
    ev.append(("response.completed", {"type": "response.completed", "sequence_number": 9, "response": {"id": rid, "status": "completed", "usage": {"input_tokens": 61, "output_tokens": 38}}}))
    return [interaction(request("POST", "https://api.openai.com/v1/responses", [("Authorization", "Bearer " + key), ("OpenAI-Organization", org), ("OpenAI-Project", proj),
                                                                             ("Content-Type", "application/json")],
                                {"model": "gpt-4.1", "input": prompt, "stream": True}),
                        response(200, rhead("text/event-stream; charset=utf-8", [("x-request-id", xr), ("openai-processing-ms", "184")]), sse_named(ev)))]


@case("anthropic-message-batch-results-jsonl", "LLM APIs")
def _():
    key = S("sk-ant-api03-" + F.b64url(93) + "AA", "other", "Anthropic API key (x-api-key)")
    ghp = S(gh_token("ghp_"), "other", "GitHub token pasted by a customer into a support ticket, in the batch request and quoted in the JSONL result")
    batch = O("msgbatch_01" + F.pick(AN, 22), "identifiers", "message batch id")
    ids = [O("msg_01" + F.pick(AN, 22), "identifiers", f"message id of result {i}") for i in range(2)]
    req = O("req_011C" + F.pick(AN, 20), "identifiers", "request-id of the batch create")
    tickets = [("ticket-4411", f"CI stopped cloning since yesterday. I set GIT_TOKEN={ghp} in the runner, is that wrong?"), ("ticket-4412", "How do I export invoices as CSV?")]
    reqs = [{"custom_id": cid, "params": {"model": "claude-sonnet-4-5", "max_tokens": 512, "messages": [{"role": "user", "content": text}]}} for cid, text in tickets]
    answers = [f"The token `{ghp}` looks like a classic personal access token; it may have expired. Please revoke it now since it was shared here, and create a fine-grained token.",
               "Open Billing -> Invoices and choose Export -> CSV."]
    lines = "\n".join(json.dumps({"custom_id": cid, "result": {"type": "succeeded", "message": {"id": ids[i], "type": "message", "role": "assistant", "model": "claude-sonnet-4-5",
                                                                                                "content": [{"type": "text", "text": answers[i]}], "stop_reason": "end_turn",
                                                                                                "usage": {"input_tokens": 40, "output_tokens": 60}}}}, separators=(",", ":"))
                      for i, (cid, _) in enumerate(tickets)) + "\n"
    h = [("x-api-key", key), ("anthropic-version", "2023-06-01"), ("content-type", "application/json")]
    return [
        interaction(request("POST", "https://api.anthropic.com/v1/messages/batches", h, {"requests": reqs}),
                    response(200, rhead("application/json", [("request-id", req)]),
                             {"id": batch, "type": "message_batch", "processing_status": "in_progress", "request_counts": {"processing": 2, "succeeded": 0, "errored": 0},
                              "created_at": "2026-12-01T08:30:12.000000+00:00", "results_url": None})),
        interaction(request("GET", f"https://api.anthropic.com/v1/messages/batches/{batch}/results", h[:2]),
                    response(200, [("Content-Type", "application/binary")], lines))]


@case("cohere-chat-v2-stream-split-sendgrid-key", "LLM APIs")
def _():
    key = S(F.alnum(40), "other", "Cohere API key (Authorization: Bearer)")
    sg = S("SG." + F.b64url(22) + "." + F.b64url(43), "streams", "SendGrid key extracted by the model and split across content-delta events (also in the prompt)")
    gid = O(F.uuid(), "identifiers", "generation id in message-start")
    tr = O(F.hex(32), "identifiers", "x-debug-trace-id")
    prompt = "List every credential in this snippet as JSON.\n\nmail:\n  provider: sendgrid\n  api_key: " + sg + "\n  from: noreply@parcelpoint.example\n"
    parts = ['{"credentials": [{"type": "sendgrid", "value": "', sg[:3], sg[3:14], sg[14:25], sg[25:47], sg[47:], '"}]}']
    ev = [("message-start", {"id": gid, "type": "message-start", "delta": {"message": {"role": "assistant", "content": [], "tool_plan": "", "tool_calls": [], "citations": []}}}),
          ("content-start", {"type": "content-start", "index": 0, "delta": {"message": {"content": {"type": "text", "text": ""}}}})]
    ev += [("content-delta", {"type": "content-delta", "index": 0, "delta": {"message": {"content": {"text": p}}}}) for p in parts]
    ev += [("content-end", {"type": "content-end", "index": 0}), ("message-end", {"type": "message-end", "delta": {"finish_reason": "COMPLETE", "usage": {"billed_units": {"input_tokens": 52, "output_tokens": 41}}}})]
    return [interaction(request("POST", "https://api.cohere.com/v2/chat", [("Authorization", "Bearer " + key), ("Content-Type", "application/json"), ("X-Client-Name", "ops-audit")],
                                {"model": "command-r-plus-08-2024", "stream": True, "messages": [{"role": "user", "content": prompt}]}),
                        response(200, rhead("text/event-stream", [("x-debug-trace-id", tr)]), sse_named(ev)))]


@case("openrouter-provisioning-key-and-generation", "LLM APIs")
def _():
    prov = S("sk-or-v1-" + F.hex(64), "other", "OpenRouter provisioning key (Authorization: Bearer of /keys)")
    new = S("sk-or-v1-" + F.hex(64), "structure", "key created by the provisioning API, then used for chat")
    hsh = O(F.hex(64), "identifiers", "hash (id) of the created key")
    label = O(new[:12] + "..." + new[-3:], "labels", "masked label of the key in /key")
    gen = O("gen-1796100012-" + F.alnum(20), "identifiers", "generation id")
    return [
        interaction(request("POST", "https://openrouter.ai/api/v1/keys", [("Authorization", "Bearer " + prov), ("Content-Type", "application/json")], {"name": "ci-evals", "limit": 25}),
                    response(201, rhead(), {"data": {"name": "ci-evals", "label": label, "limit": 25, "disabled": False, "created_at": "2026-12-01T08:30:12.000Z", "hash": hsh}, "key": new})),
        interaction(request("POST", "https://openrouter.ai/api/v1/chat/completions", [("Authorization", "Bearer " + new), ("HTTP-Referer", "https://evals.quillmark.example"),
                                                                                    ("X-Title", "Quillmark evals"), ("Content-Type", "application/json")],
                            {"model": "anthropic/claude-3.5-haiku", "messages": [{"role": "user", "content": "Say OK"}]}),
                    response(200, rhead(), {"id": gen, "provider": "Anthropic", "model": "anthropic/claude-3.5-haiku", "object": "chat.completion",
                                            "choices": [{"index": 0, "message": {"role": "assistant", "content": "OK"}, "finish_reason": "stop"}]})),
        interaction(request("GET", "https://openrouter.ai/api/v1/key", [("Authorization", "Bearer " + new)]),
                    response(200, rhead(), {"data": {"label": label, "usage": 0.00012, "limit": 25, "is_free_tier": False, "rate_limit": {"requests": 50, "interval": "10s"}}}))]


@case("openai-batch-jsonl-upload-with-log-token", "LLM APIs")
def _():
    key = S("sk-svcacct-" + F.b64url(74) + "T3BlbkFJ" + F.b64url(74), "other", "OpenAI service account key (Authorization: Bearer)")
    xoxb = S(slack_bot(), "encoding", "Slack bot token inside a log excerpt in the content of a JSONL line of the uploaded batch file (multipart)")
    fid = O("file-" + F.alnum(22), "identifiers", "uploaded file id")
    bid = O("batch_" + F.hex(32), "identifiers", "batch id")
    logs = ["2026-11-30T23:59:01Z worker[12] POST https://slack.com/api/chat.postMessage 200",
            f"2026-11-30T23:59:02Z worker[12] retrying with headers {{'Authorization': 'Bearer {xoxb}', 'Content-Type': 'application/json'}}"]
    lines = [{"custom_id": f"log-{i}", "method": "POST", "url": "/v1/chat/completions",
              "body": {"model": "gpt-4o-mini", "messages": [{"role": "system", "content": "Classify the log line."}, {"role": "user", "content": line}]}} for i, line in enumerate(logs)]
    jsonl = "\n".join(json.dumps(x, separators=(",", ":")) for x in lines) + "\n"
    boundary = "----formdata-undici-0" + F.digits(11)
    body = multipart(boundary, [("purpose", None, None, "batch"), ("file", "batch.jsonl", "application/jsonl", jsonl)])
    h = [("Authorization", "Bearer " + key)]
    return [
        interaction(request("POST", "https://api.openai.com/v1/files", h + [("Content-Type", f"multipart/form-data; boundary={boundary}")], body),
                    response(200, rhead(), {"object": "file", "id": fid, "purpose": "batch", "filename": "batch.jsonl", "bytes": len(jsonl), "created_at": 1796100012, "status": "processed"})),
        interaction(request("POST", "https://api.openai.com/v1/batches", h + [("Content-Type", "application/json")],
                            {"input_file_id": fid, "endpoint": "/v1/chat/completions", "completion_window": "24h"}),
                    response(200, rhead(), {"id": bid, "object": "batch", "endpoint": "/v1/chat/completions", "input_file_id": fid, "status": "validating"}))]


@case("deepseek-reasoner-stream-split-webhook-secret", "LLM APIs")
def _():
    key = S("sk-" + F.hex(32), "other", "DeepSeek API key (Authorization: Bearer)")
    whsec = S("whsec_" + F.alnum(32), "streams", "Stripe webhook secret from the prompt, repeated split across delta.reasoning_content chunks")
    cid = O(F.uuid(), "identifiers", "chat completion id of the chunks")
    fp = O("fp_" + F.hex(10) + "_prod0820_fp8_kvcache", "identifiers", "system_fingerprint")
    prompt = f"Stripe says 'No signatures found matching the expected signature'. My endpoint secret is {whsec}. I verify JSON.stringify(req.body). Why?"
    rparts = ["The user gave the secret ", whsec[:9], whsec[9:20], whsec[20:31], whsec[31:], ". The likely issue is re-serialising the body instead of using the raw bytes."]
    cparts = ["Use the raw request body (express.raw) when calling constructEvent; re-serialised JSON changes bytes."]
    chunk = lambda delta, fin=None: {"id": cid, "object": "chat.completion.chunk", "created": 1796100012, "model": "deepseek-reasoner", "system_fingerprint": fp,
                                     "choices": [{"index": 0, "delta": delta, "logprobs": None, "finish_reason": fin}]}
    events = [chunk({"role": "assistant", "content": None, "reasoning_content": ""})] + [chunk({"content": None, "reasoning_content": p}) for p in rparts]
    events += [chunk({"content": p, "reasoning_content": None}) for p in cparts] + [chunk({"content": ""}, "stop")]
    return [interaction(request("POST", "https://api.deepseek.com/chat/completions", [("Authorization", "Bearer " + key), ("Content-Type", "application/json")],
                                {"model": "deepseek-reasoner", "stream": True, "messages": [{"role": "user", "content": prompt}]}),
                        response(200, rhead("text/event-stream; charset=utf-8", [("x-ds-trace-id", F.hex(32))]), sse(events, done=True)))]


@case("replicate-prediction-and-signed-webhook", "LLM APIs")
def _():
    tok = S("r8_" + F.alnum(37), "other", "Replicate API token (Authorization: Bearer)")
    hooktok = S(F.b64url(32), "names", "token= query parameter of the webhook URL given to Replicate")
    whsig = S(b64(F.bytes(32)), "other", "webhook-signature v1, value of the delivered webhook")
    ver = O(F.hex(64), "identifiers", "model version hash")
    pid = O(F.pick(LOAN, 26), "identifiers", "prediction id")
    wid = O("msg_" + F.alnum(27), "identifiers", "webhook-id header")
    hook = f"https://studio.pixelfern.example/hooks/replicate?token={hooktok}"
    pred = {"id": pid, "model": "black-forest-labs/flux-schnell", "version": ver, "input": {"prompt": "a lighthouse at dawn, watercolor"}, "logs": "", "output": None,
            "error": None, "status": "starting", "created_at": "2026-12-01T08:30:12.118Z",
            "urls": {"cancel": f"https://api.replicate.com/v1/predictions/{pid}/cancel", "get": f"https://api.replicate.com/v1/predictions/{pid}",
                     "stream": "https://stream.replicate.com/v1/files/" + F.pick(LOAN, 40)}}
    return [
        interaction(request("POST", "https://api.replicate.com/v1/predictions", [("Authorization", "Bearer " + tok), ("Content-Type", "application/json"), ("Prefer", "wait=5")],
                            {"version": ver, "input": pred["input"], "webhook": hook, "webhook_events_filter": ["completed"]}),
                    response(201, rhead(), pred)),
        interaction(request("POST", hook, [("Content-Type", "application/json"), ("webhook-id", wid), ("webhook-timestamp", "1796100020"), ("webhook-signature", "v1," + whsig)],
                            dict(pred, status="succeeded", output=["https://replicate.delivery/xezq/" + F.b64url(40) + "/out-0.webp"])),
                    response(200))]


@case("elevenlabs-tts-user-and-convai-signed-url", "LLM APIs")
def _():
    key = S("sk_" + F.hex(48), "names", "ElevenLabs key in the xi-api-key header (and echoed by /v1/user)")
    csig = S(F.b64url(48), "names", "conversation_signature in the signed WebSocket URL")
    voice = O(F.alnum(20), "identifiers", "voice_id in the path")
    hist = O(F.alnum(20), "identifiers", "history-item-id response header")
    agent = O("agent_" + F.pick(LOAN, 26), "identifiers", "agent_id of the conversational agent")
    rid = O(F.hex(32), "identifiers", "request-id of the TTS call")
    h = [("xi-api-key", key)]
    audio = b"ID3\x04\x00\x00\x00\x00\x00#TSSE\x00\x00\x00\x0f\x00\x00\x03Lavf60.16.100\x00" + F.bytes(200)
    return [
        interaction(request("POST", f"https://api.elevenlabs.io/v1/text-to-speech/{voice}?output_format=mp3_44100_128", h + [("Content-Type", "application/json")],
                            {"text": "Your parcel arrives tomorrow.", "model_id": "eleven_multilingual_v2"}),
                    response(200, [("Content-Type", "audio/mpeg"), ("history-item-id", hist), ("request-id", rid), ("character-cost", "29")], audio)),
        interaction(request("GET", "https://api.elevenlabs.io/v1/user", h),
                    response(200, rhead(), {"subscription": {"tier": "creator", "character_count": 21877, "character_limit": 100000}, "is_new_user": False,
                                            "xi_api_key": key, "can_use_delayed_payment_methods": False, "user_id": F.alnum(28)})),
        interaction(request("GET", f"https://api.elevenlabs.io/v1/convai/conversation/get-signed-url?agent_id={agent}", h),
                    response(200, rhead(), {"signed_url": f"wss://api.elevenlabs.io/v1/convai/conversation?agent_id={agent}&conversation_signature={csig}"}))]

# ----- CI/CD -------------------------------------------------------------------------------------

def gh_reqid():
    return f"{F.pick(HXU, 4)}:{F.pick(HXU, 5)}:{F.pick(HXU, 7)}:{F.pick(HXU, 7)}:{F.pick(HXU, 8)}"


@case("github-actions-runner-registration-flow", "CI/CD")
def _():
    pat = S(gh_token("ghp_"), "other", "GitHub PAT (Authorization: Bearer) requesting a registration token")
    reg = S("A" + F.pick(UPAN, 28), "structure", "runner registration token (response token, then RemoteAuth header)")
    pipe = S(jwt({"nameid": "dddddddd-dddd-dddd-dddd-dddddddddddd", "scp": "Actions.RunnerRegistration", "iss": "vstoken.actions.githubusercontent.com", "aud": "vstoken.actions.githubusercontent.com",
                  "nbf": 1796100000, "exp": 1796103600}, kid=F.b64url(27)), "other", "pipelines token returned by runner-registration")
    rq = [O(gh_reqid(), "identifiers", f"X-GitHub-Request-Id of call {i}") for i in range(2)]
    svc = O("https://pipelinesghubeus" + F.digits(2) + ".actions.githubusercontent.com/" + F.alnum(50) + "/", "identifiers", "pipelines service URL")
    return [
        interaction(request("POST", "https://api.github.com/orgs/tidewater-labs/actions/runners/registration-token",
                            [("Authorization", "Bearer " + pat), ("Accept", "application/vnd.github+json"), ("X-GitHub-Api-Version", "2022-11-28")]),
                    response(201, rhead("application/json; charset=utf-8", [("X-GitHub-Request-Id", rq[0])]), {"token": reg, "expires_at": "2026-12-01T09:30:12.000-08:00"})),
        interaction(request("POST", "https://api.github.com/actions/runner-registration", [("Authorization", "RemoteAuth " + reg), ("Content-Type", "application/json")],
                            {"url": "https://github.com/tidewater-labs", "runner_event": "register"}),
                    response(200, rhead("application/json; charset=utf-8", [("X-GitHub-Request-Id", rq[1])]),
                             {"url": svc, "token_schema": "OAuthAccessToken", "token": pipe, "use_v2_flow": True, "use_runner_admin_flow": False}))]


@case("github-actions-cache-twirp-signed-upload", "CI/CD")
def _():
    rt = S(jwt({"Actions.Results": "c1b8f7a2-1111-4c2e-9d1a-7b1c3e3d2f10:" + F.uuid(), "ac": '[{"Scope":"refs/heads/main","Permission":3}]', "iss": "vstoken.actions.githubusercontent.com",
                "aud": "vstoken.actions.githubusercontent.com", "nbf": 1796100000, "exp": 1796121600}, kid=F.b64url(27)), "other", "ACTIONS_RUNTIME_TOKEN (Authorization: Bearer) of the cache service")
    sig = S(b64(F.bytes(32)), "other", "sig= of the Azure blob SAS in signed_upload_url (percent-encoded)")
    ver = O(F.hex(64), "digests", "cache version (sha256)")
    lock = F.hex(64)
    ckey = O(f"node-cache-Linux-x64-npm-{lock}", "identifiers", "cache key (contains the lockfile hash)")
    skoid = O(F.uuid(), "identifiers", "skoid= of the user delegation SAS")
    xms = O(F.uuid(), "identifiers", "x-ms-request-id of the blob PUT")
    blob = f"https://productionresultssa{F.digits(2)}.blob.core.windows.net/actions-cache/{F.hex(32)}"
    sas = (f"{blob}?se=2026-12-01T09%3A30%3A12Z&sig={q(sig)}&ske=2026-12-01T14%3A00%3A00Z&skoid={skoid}&sks=b&skt=2026-12-01T02%3A00%3A00Z"
           f"&sktid=398a6654-997b-47e9-b12b-9515b896b4de&skv=2024-08-04&sp=cw&spr=https&sr=b&st=2026-12-01T08%3A20%3A12Z&sv=2024-08-04")
    twirp = "https://results-receiver.actions.githubusercontent.com/twirp/github.actions.results.api.v1.CacheService/"
    return [
        interaction(request("POST", twirp + "CreateCacheEntry", [("Authorization", "Bearer " + rt), ("Content-Type", "application/json")], {"key": ckey, "version": ver}),
                    response(200, rhead(), {"ok": True, "signed_upload_url": sas})),
        interaction(request("PUT", sas, [("x-ms-blob-type", "BlockBlob"), ("Content-Type", "application/octet-stream")], gz(b"cache archive " + F.bytes(80))),
                    response(201, [("x-ms-request-id", xms), ("Content-MD5", b64(F.bytes(16))), ("x-ms-version", "2024-08-04")])),
        interaction(request("POST", twirp + "FinalizeCacheEntryUpload", [("Authorization", "Bearer " + rt), ("Content-Type", "application/json")],
                            {"key": ckey, "version": ver, "sizeBytes": "96"}),
                    response(200, rhead(), {"ok": True, "entryId": F.digits(10)}))]


@case("gitlab-pipeline-trigger-and-job-trace", "CI/CD")
def _():
    trig = S("glptt-" + F.hex(40), "structure", "trigger token in the token= form field")
    pat = S("glpat-" + F.b64url(20), "names", "PRIVATE-TOKEN header of the trace download")
    leaked = S(F.aws_secret(), "echo", "AWS secret access key printed by a job script (not a masked variable) in the job trace")
    sha = O(F.hex(40), "identifiers", "commit sha of the triggered pipeline")
    img = O("sha256:" + F.hex(64), "digests", "docker image digest in the trace")
    pipe = O(F.digits(10), "identifiers", "pipeline id")
    job = F.digits(10)
    trace = ("\x1b[0KRunning with gitlab-runner 17.5.2 (c6eae8d7)\x1b[0;m\n"
             f"\x1b[0KUsing docker image sha256:{img[7:]} for registry.gitlab.com/tidewater/deploy-tools:3.4 with digest registry.gitlab.com/tidewater/deploy-tools@{img} ...\x1b[0;m\n"
             f"Checking out {sha[:8]} as detached HEAD (ref is main)...\n"
             "$ echo \"job token: $CI_JOB_TOKEN\"\njob token: [MASKED]\n"
             "$ aws configure set aws_access_key_id AKIA" + F.pick(UPAN, 16) + "\n"
             f"$ aws configure set aws_secret_access_key {leaked}\n"
             "$ ./deploy.sh staging\nDeploying build " + sha[:12] + " to staging... done\n\x1b[32;1mJob succeeded\x1b[0;m\n")
    return [
        interaction(request("POST", "https://gitlab.com/api/v4/projects/48213377/trigger/pipeline", [("Content-Type", "application/x-www-form-urlencoded")],
                            form([("token", trig), ("ref", "main"), ("variables[DEPLOY_ENV]", "staging")])),
                    response(201, rhead(), {"id": int(pipe), "iid": 1841, "project_id": 48213377, "sha": sha, "ref": "main", "status": "created", "source": "trigger",
                                            "web_url": f"https://gitlab.com/tidewater/deploy/-/pipelines/{pipe}"})),
        interaction(request("GET", f"https://gitlab.com/api/v4/projects/48213377/jobs/{job}/trace", [("PRIVATE-TOKEN", pat)]),
                    response(200, [("Content-Type", "text/plain"), ("X-Request-Id", F.pick(AN, 26))], trace))]


@case("circleci-pipeline-trigger-and-compiled-config", "CI/CD")
def _():
    tok = S("CCIPAT_" + F.alnum(22) + "_" + F.hex(40), "names", "CircleCI token in the Circle-Token header")
    npmtok = S(npm(F), "structure", "NPM_TOKEN hard-coded under environment: in the compiled pipeline config (YAML string)")
    pid = O(F.uuid(), "identifiers", "pipeline id")
    img = O("sha256:" + F.hex(64), "digests", "pinned cimg/node image digest in the config")
    src = ("version: 2.1\norbs:\n  node: circleci/node@5.2.0\njobs:\n  publish:\n    docker:\n      - image: cimg/node@" + img + "\n"
           "    environment:\n      NODE_ENV: production\n      NPM_TOKEN: " + npmtok + "\n    steps:\n      - checkout\n      - run: npm publish\n"
           "workflows:\n  release:\n    jobs: [publish]\n")
    h = [("Circle-Token", tok), ("Content-Type", "application/json")]
    return [
        interaction(request("POST", "https://circleci.com/api/v2/project/gh/tidewater-labs/ui-kit/pipeline", h, {"branch": "main", "parameters": {"release": True}}),
                    response(201, rhead(), {"number": 1841, "state": "pending", "id": pid, "created_at": "2026-12-01T08:30:12.401Z"})),
        interaction(request("GET", f"https://circleci.com/api/v2/pipeline/{pid}/config", h[:1]),
                    response(200, rhead(), {"source": src, "compiled": src.replace("orbs:\n  node: circleci/node@5.2.0\n", ""), "setup_config": "", "compiled_setup_config": ""}))]


@case("buildkite-graphql-agent-token-create", "CI/CD")
def _():
    tok = S("bkua_" + F.hex(40), "other", "Buildkite API token (Authorization: Bearer)")
    val = S(F.hex(50), "structure", "tokenValue of agentTokenCreate")
    org_id = O(b64("Organization---" + F.uuid()), "identifiers", "GraphQL organization node id (base64)")
    tuuid = F.uuid()
    tid = O(b64("AgentToken---" + tuuid), "identifiers", "GraphQL agent token node id (base64)")
    tu = O(tuuid, "identifiers", "agent token uuid")
    query = "mutation($org: ID!, $d: String!) { agentTokenCreate(input: {organizationID: $org, description: $d}) { tokenValue agentTokenEdge { node { id uuid description } } } }"
    return [interaction(request("POST", "https://graphql.buildkite.com/v1", [("Authorization", "Bearer " + tok), ("Content-Type", "application/json")],
                                {"query": query, "variables": {"org": org_id, "d": "k8s agent stack eu-west-1"}}),
                        response(200, rhead(), {"data": {"agentTokenCreate": {"tokenValue": val, "agentTokenEdge": {"node": {"id": tid, "uuid": tu, "description": "k8s agent stack eu-west-1"}}}}}))]


@case("travis-ci-env-vars-public-and-private", "CI/CD")
def _():
    tok = S(F.b64url(22), "names", "Travis API token (Authorization: token ...)")
    cov = S(F.uuid(), "structure", "CODECOV_TOKEN value exposed because the variable was created public")
    hook = S(F.alnum(24), "structure", "secret segment of a Slack webhook URL in a new env var value")
    ids = [O(F.uuid(), "identifiers", f"env var id {i}") for i in range(3)]
    repo = O(F.digits(8), "identifiers", "Travis repository id")
    h = [("Authorization", "token " + tok), ("Travis-API-Version", "3"), ("Content-Type", "application/json")]
    return [
        interaction(request("GET", f"https://api.travis-ci.com/repo/{repo}/env_vars", h),
                    response(200, rhead(), {"@type": "env_vars", "@href": f"/repo/{repo}/env_vars", "env_vars": [
                        {"@type": "env_var", "id": ids[0], "name": "DOCKER_PASSWORD", "public": False, "branch": None},
                        {"@type": "env_var", "id": ids[1], "name": "CODECOV_TOKEN", "value": cov, "public": True, "branch": None},
                        {"@type": "env_var", "id": F.uuid(), "name": "NODE_ENV", "value": "production", "public": True, "branch": None}]})),
        interaction(request("POST", f"https://api.travis-ci.com/repo/{repo}/env_vars", h,
                            {"env_var.name": "SLACK_WEBHOOK", "env_var.value": f"https://hooks.slack.com/services/T0{F.pick(UPAN, 9)}/B0{F.pick(UPAN, 9)}/{hook}", "env_var.public": False}),
                    response(201, rhead(), {"@type": "env_var", "id": ids[2], "name": "SLACK_WEBHOOK", "public": False, "branch": None}))]


@case("terraform-cloud-workspace-vars-not-sensitive", "CI/CD")
def _():
    tok = S(F.alnum(14) + ".atlasv1." + F.alnum(67), "other", "Terraform Cloud team token (Authorization: Bearer)")
    dbpw = S(F.password(24), "structure", "value of terraform variable db_password not marked sensitive")
    ws = O("ws-" + F.alnum(16), "identifiers", "workspace id")
    vids = [O("var-" + F.alnum(16), "identifiers", f"variable id {i}") for i in range(3)]
    var = lambda i, key, value, cat, sens, hcl=False: {"id": vids[i], "type": "vars", "attributes": {"key": key, "value": value, "sensitive": sens, "category": cat, "hcl": hcl,
                                                                                                        "description": "", "version-id": F.hex(64)}}
    return [interaction(request("GET", f"https://app.terraform.io/api/v2/workspaces/{ws}/vars", [("Authorization", "Bearer " + tok), ("Content-Type", "application/vnd.api+json")]),
                        response(200, rhead("application/vnd.api+json", [("X-Request-Id", F.uuid())]),
                                 {"data": [var(0, "AWS_SECRET_ACCESS_KEY", None, "env", True), var(1, "db_password", dbpw, "terraform", False),
                                           var(2, "tags", '{ team = "payments", cost_center = "cc-4410" }', "terraform", False, True)]}))]


@case("teamcity-resulting-properties-leaked-sonar-token", "CI/CD")
def _():
    tok = S("eyJ0eXAiOiAiVENWMiJ9." + F.b64url(36) + "." + F.b64url(48), "other", "TeamCity access token (Authorization: Bearer)")
    sonar = S("sqp_" + F.hex(40), "structure", "env.SONAR_TOKEN value in resulting properties (parameter not of password type)")
    ref = O("credentialsJSON:" + F.uuid(), "identifiers", "credentialsJSON reference of a password parameter (not a secret)")
    sha = O(F.hex(40), "identifiers", "build.vcs.number commit sha")
    bid = O(F.digits(6), "identifiers", "teamcity.build.id")
    props = [{"name": "build.vcs.number", "value": sha}, {"name": "env.SONAR_TOKEN", "value": sonar}, {"name": "env.ARTIFACTORY_PASSWORD", "value": "%secure:teamcity.password.artifactory%"},
             {"name": "artifactory.deploy.password", "value": ref}, {"name": "teamcity.build.id", "value": bid}, {"name": "env.GRADLE_OPTS", "value": "-Xmx2g -Dorg.gradle.daemon=false"}]
    return [interaction(request("GET", f"https://ci.tidewater-labs.example/app/rest/builds/id:{bid}/resulting-properties", [("Authorization", "Bearer " + tok), ("Accept", "application/json")]),
                        response(200, rhead(), {"count": len(props), "property": props}))]
# ----- package registries ------------------------------------------------------------------------

@case("npm-token-create-and-list", "package registries")
def _():
    sess = S(npm(F), "other", "npm token of the CLI session (Authorization: Bearer)")
    pw = S(F.password(18), "structure", "account password re-entered in the token create body")
    new = S(npm(F), "structure", "token value returned by POST /-/npm/v1/tokens")
    k1 = O(F.hex(128), "identifiers", "key (sha512 id) of the new token")
    k2 = O(F.hex(128), "identifiers", "key of an older token in the list")
    nid = O(F.hex(16), "identifiers", "npm-notice request id")
    h = [("Authorization", "Bearer " + sess), ("npm-otp", F.digits(6)), ("Content-Type", "application/json"), ("npm-command", "token")]
    return [
        interaction(request("POST", "https://registry.npmjs.org/-/npm/v1/tokens", h, {"password": pw, "readonly": False, "automation": True, "cidr_whitelist": ["203.0.113.0/24"]}),
                    response(200, rhead("application/json", [("npm-notice", nid)]), {"token": new, "key": k1, "cidr_whitelist": ["203.0.113.0/24"], "readonly": False,
                                                                                    "automation": True, "created": "2026-12-01T08:30:12.481Z", "updated": "2026-12-01T08:30:12.481Z"})),
        interaction(request("GET", "https://registry.npmjs.org/-/npm/v1/tokens?page=0&perPage=10", h[:1]),
                    response(200, rhead(), {"objects": [{"token": new[:10], "key": k1, "readonly": False, "automation": True, "cidr_whitelist": ["203.0.113.0/24"]},
                                                        {"token": F.pick(AN, 6), "key": k2, "readonly": True, "cidr_whitelist": None}], "total": 2, "urls": {}}))]


@case("pypi-trusted-publishing-mint-and-upload", "package registries")
def _():
    reqtok = S(F.b64url(200), "other", "ACTIONS_ID_TOKEN_REQUEST_TOKEN (Authorization: Bearer) of the GitHub OIDC request")
    oidc = S(jwt({"jti": F.uuid(), "sub": "repo:tidewater-labs/tidyparse:environment:pypi", "aud": "pypi", "ref": "refs/tags/v2.4.0", "repository": "tidewater-labs/tidyparse",
                  "repository_owner": "tidewater-labs", "workflow_ref": "tidewater-labs/tidyparse/.github/workflows/release.yml@refs/tags/v2.4.0", "iss": "https://token.actions.githubusercontent.com",
                  "nbf": 1796100000, "exp": 1796100312, "iat": 1796100012}, kid=F.hex(40)), "structure", "GitHub OIDC id token (value) exchanged at mint-token")
    tok = S(pypi(F), "other", "short-lived PyPI token returned by mint-token, used as the __token__ password")
    wheel = b"PK\x03\x04" + F.bytes(300)
    sha = O(hashlib.sha256(wheel).hexdigest(), "digests", "sha256_digest form field of the upload")
    blake = O(hashlib.blake2b(wheel, digest_size=32).hexdigest(), "digests", "blake2_256_digest form field")
    boundary = "----" + F.hex(32)
    body = multipart_bytes(boundary, [(":action", None, None, "file_upload"), ("protocol_version", None, None, "1"), ("name", None, None, "tidyparse"),
                                      ("version", None, None, "2.4.0"), ("filetype", None, None, "bdist_wheel"), ("pyversion", None, None, "py3"),
                                      ("metadata_version", None, None, "2.3"), ("sha256_digest", None, None, sha), ("blake2_256_digest", None, None, blake),
                                      ("content", "tidyparse-2.4.0-py3-none-any.whl", "application/octet-stream", wheel)])
    run = F.digits(11)
    return [
        interaction(request("GET", f"https://pipelinesghubeus6.actions.githubusercontent.com/{F.alnum(40)}/00000000-0000-0000-0000-000000000000/_apis/distributedtask/hubs/Actions/plans/{F.uuid()}/jobs/{F.uuid()}/idtoken?api-version=2.0&audience=pypi",
                            [("Authorization", "Bearer " + reqtok)]),
                    response(200, rhead(), {"count": 1796, "value": oidc})),
        interaction(request("POST", "https://pypi.org/_/oidc/mint-token", [("Content-Type", "application/json")], {"token": oidc}),
                    response(200, rhead(), {"success": True, "token": tok, "expires": 1796101012})),
        interaction(request("POST", "https://upload.pypi.org/legacy/", [("Authorization", basic("__token__", tok)), ("Content-Type", f"multipart/form-data; boundary={boundary}"),
                                                                      ("User-Agent", f"twine/5.1.1 CPython/3.12.7 gha-run/{run}")], body),
                    response(200, [("Content-Type", "text/plain")], "OK"))]


@case("maven-central-portal-bundle-upload", "package registries")
def _():
    utok = F.pick(AN, 8)
    upw = S(F.pick(AN, 44), "encoding", "user-token password inside the base64 Bearer value of the Central Portal upload")
    dep = O(F.uuid(), "identifiers", "deploymentId")
    jar = b"PK\x03\x04" + F.bytes(200)
    pom = '<?xml version="1.0"?><project><modelVersion>4.0.0</modelVersion><groupId>io.tidewater</groupId><artifactId>tidyparse</artifactId><version>2.4.0</version></project>'
    s1 = O(hashlib.sha1(jar).hexdigest(), "digests", ".jar.sha1 checksum file in the bundle")
    m5 = O(hashlib.md5(jar).hexdigest(), "digests", ".jar.md5 checksum file in the bundle")
    asc = "-----BEGIN PGP SIGNATURE-----\n\n" + b64(F.bytes(300)) + "\n=" + b64(F.bytes(3)) + "\n-----END PGP SIGNATURE-----\n"
    base = "io/tidewater/tidyparse/2.4.0/tidyparse-2.4.0"
    bundle = zip_bytes([(base + ".pom", pom), (base + ".pom.sha1", sha1_hex(pom)), (base + ".jar", jar), (base + ".jar.sha1", s1), (base + ".jar.md5", m5), (base + ".jar.asc", asc)])
    boundary = "----" + F.hex(24)
    body = multipart_bytes(boundary, [("bundle", "central-bundle.zip", "application/octet-stream", bundle)])
    bearer = "Bearer " + b64(f"{utok}:{upw}")
    return [
        interaction(request("POST", "https://central.sonatype.com/api/v1/publisher/upload?name=tidyparse-2.4.0&publishingType=AUTOMATIC",
                            [("Authorization", bearer), ("Content-Type", f"multipart/form-data; boundary={boundary}")], body),
                    response(201, [("Content-Type", "text/plain")], dep)),
        interaction(request("POST", f"https://central.sonatype.com/api/v1/publisher/status?id={dep}", [("Authorization", bearer)]),
                    response(200, rhead(), {"deploymentId": dep, "deploymentName": "tidyparse-2.4.0", "deploymentState": "PUBLISHING",
                                            "purls": ["pkg:maven/io.tidewater/tidyparse@2.4.0"]}))]


@case("docker-hub-login-pat-and-registry-token", "package registries")
def _():
    pw = S(F.password(20), "structure", "Docker Hub account password in the login body")
    hub = S(jwt({"https://hub.docker.com": {"username": "tidewaterci", "session_id": F.uuid()}, "sub": F.uuid(), "iss": "https://login.docker.com/", "exp": 1796103612},
                kid=F.b64url(27)), "other", "Hub session JWT (login token, then Authorization: Bearer)")
    pat = S("dckr_pat_" + F.b64url(27), "structure", "personal access token returned by /v2/access-tokens")
    reg = S(jwt({"access": [{"type": "repository", "name": "tidewater/api", "actions": ["pull", "push"]}], "aud": "registry.docker.io", "iss": "auth.docker.io",
                 "exp": 1796100312}, kid=F.b64url(60)), "other", "registry bearer token from auth.docker.io")
    puid = O(F.uuid(), "identifiers", "uuid of the access token")
    dig = O("sha256:" + F.hex(64), "digests", "Docker-Content-Digest of the manifest")
    return [
        interaction(request("POST", "https://hub.docker.com/v2/users/login", [("Content-Type", "application/json")], {"username": "tidewaterci", "password": pw}),
                    response(200, rhead(), {"token": hub})),
        interaction(request("POST", "https://hub.docker.com/v2/access-tokens", [("Authorization", "Bearer " + hub), ("Content-Type", "application/json")],
                            {"token_label": "gha-push", "scopes": ["repo:write"]}),
                    response(201, rhead(), {"uuid": puid, "client_id": "HUB", "creator_ua": "python-requests/2.32.3", "created_at": "2026-12-01T08:30:12Z",
                                            "token_label": "gha-push", "scopes": ["repo:write"], "is_active": True, "token": pat})),
        interaction(request("GET", "https://auth.docker.io/token?service=registry.docker.io&scope=repository%3Atidewater%2Fapi%3Apull%2Cpush",
                            [("Authorization", basic("tidewaterci", pat))]),
                    response(200, rhead(), {"token": reg, "access_token": reg, "expires_in": 300, "issued_at": "2026-12-01T08:30:13.1Z"})),
        interaction(request("HEAD", "https://registry-1.docker.io/v2/tidewater/api/manifests/2.4.0", [("Authorization", "Bearer " + reg),
                                                                                                    ("Accept", "application/vnd.oci.image.index.v1+json")]),
                    response(200, [("Docker-Content-Digest", dig), ("Content-Type", "application/vnd.oci.image.index.v1+json"), ("Content-Length", "1611")]))]


@case("anaconda-channel-token-in-path", "package registries")
def _():
    ctok = S(F.pick(LO, 2) + "-" + F.uuid(), "structure", "Anaconda channel token in the /t/<token>/ path")
    utok = S(F.pick(LO, 2) + "-" + F.uuid(), "names", "Anaconda API token (Authorization: token ...)")
    sha = O(F.hex(64), "digests", "sha256 of a package in repodata")
    md5 = O(F.hex(32), "digests", "md5 of a package in repodata")
    org = O("tidewater-labs", "labels", "organisation login (user_type org)")
    repodata = {"info": {"subdir": "noarch"}, "packages": {}, "packages.conda": {"tidyparse-2.4.0-pyhd8ed1ab_0.conda": {
        "build": "pyhd8ed1ab_0", "build_number": 0, "depends": ["python >=3.9"], "license": "MIT", "md5": md5, "name": "tidyparse", "noarch": "python",
        "sha256": sha, "size": 48122, "subdir": "noarch", "timestamp": 1796000000000, "version": "2.4.0"}}, "repodata_version": 1}
    return [
        interaction(request("GET", f"https://conda.anaconda.org/t/{ctok}/{org}/noarch/repodata.json", [("User-Agent", "conda/24.9.2 requests/2.32.3 CPython/3.12.7")]),
                    response(200, rhead("application/json", [("ETag", 'W/"' + F.hex(32) + '"')]), repodata)),
        interaction(request("GET", "https://api.anaconda.org/user", [("Authorization", "token " + utok)]),
                    response(200, rhead(), {"login": org, "name": "Tidewater Labs", "user_type": "org", "created_at": "2021-04-02 10:11:12.000000+00:00"}))]

# ----- databases over HTTP -----------------------------------------------------------------------

@case("neo4j-http-tx-commit-parameters", "databases over HTTP")
def _():
    pw = S(F.password(20), "other", "neo4j user password in Basic auth")
    zkey = S(F.alnum(40), "structure", "Zendesk API key passed as a Cypher parameter $key and returned in the node row")
    eid = O(f"4:{F.uuid()}:{F.digits(4)}", "identifiers", "elementId of the returned node")
    bm = O("FB:kcwQ" + F.b64url(40) + "kA", "identifiers", "lastBookmarks entry")
    stmt = "MATCH (i:Integration {name: $name}) SET i.apiKey = $key, i.updatedAt = datetime() RETURN i"
    return [interaction(request("POST", "https://graph.tidewater.example:7473/db/neo4j/tx/commit", [("Authorization", basic("neo4j", pw)), ("Content-Type", "application/json"),
                                                                                                 ("Accept", "application/json;charset=UTF-8")],
                                {"statements": [{"statement": stmt, "parameters": {"name": "zendesk", "key": zkey}}]}),
                        response(200, rhead(), {"results": [{"columns": ["i"], "data": [{"row": [{"name": "zendesk", "apiKey": zkey, "updatedAt": "2026-12-01T08:30:12.4Z"}],
                                                                                        "meta": [{"id": 1841, "elementId": eid, "type": "node", "deleted": False}]}]}],
                                                "errors": [], "lastBookmarks": [bm]}))]


@case("astra-stargate-auth-and-document", "databases over HTTP")
def _():
    astra = S("AstraCS:" + F.alnum(24) + ":" + F.hex(64), "names", "Astra application token in X-Cassandra-Token")
    pw = S(F.password(18), "structure", "password of the legacy /v1/auth body")
    at = S(F.uuid(), "structure", "authToken returned by /v1/auth (then X-Cassandra-Token)")
    mail = S(person("Gabriel", "Moreau", "atelier-lumiere.fr"), "structure", "email field of the returned document")
    dbid = O(F.uuid(), "identifiers", "Astra database id in the host name")
    doc = O(F.uuid(), "identifiers", "documentId")
    host = f"https://{dbid}-europe-west1.apps.astra.datastax.com"
    return [
        interaction(request("POST", host + "/api/rest/v1/auth", [("Content-Type", "application/json")], {"username": "crm_app", "password": pw}),
                    response(201, rhead(), {"authToken": at})),
        interaction(request("GET", host + f"/api/rest/v2/namespaces/crm/collections/contacts/{doc}", [("X-Cassandra-Token", astra)]),
                    response(200, rhead(), {"documentId": doc, "data": {"name": "Gabriel Moreau", "email": mail, "tier": "gold", "tags": ["wholesale"]}})),
        interaction(request("GET", host + f"/api/rest/v2/namespaces/crm/collections/contacts/{doc}/tags", [("X-Cassandra-Token", at)]),
                    response(200, rhead(), {"documentId": doc, "data": ["wholesale"]}))]


@case("pinecone-index-describe-and-upsert-kb", "databases over HTTP")
def _():
    key = S("pcsk_" + F.alnum(5) + "_" + F.alnum(60), "names", "Pinecone key in the Api-Key header")
    pw = S(F.password(16), "prose", "staging admin password written in prose inside a knowledge-base chunk's metadata.text")
    host = O("support-kb-" + F.pick(LOAN, 7) + ".svc.aped-4627-b74a.pinecone.io", "identifiers", "index host")
    vids = [O(f"kb-{F.hex(12)}#chunk-{i}", "identifiers", f"vector id {i}") for i in range(2)]
    texts = ["To reach the staging admin console, sign in as admin with the password " + pw + " and rotate it after use.",
             "Refunds are processed within five business days."]
    vecs = [{"id": vids[i], "values": [round(F.rng.uniform(-1, 1), 4) for _ in range(8)], "metadata": {"text": texts[i], "source": "confluence"}} for i in range(2)]
    h = [("Api-Key", key), ("X-Pinecone-API-Version", "2025-01"), ("Content-Type", "application/json")]
    return [
        interaction(request("GET", "https://api.pinecone.io/indexes/support-kb", h[:2]),
                    response(200, rhead(), {"name": "support-kb", "dimension": 8, "metric": "cosine", "host": host, "spec": {"serverless": {"cloud": "aws", "region": "us-east-1"}},
                                            "status": {"ready": True, "state": "Ready"}, "deletion_protection": "disabled", "vector_type": "dense"})),
        interaction(request("POST", f"https://{host}/vectors/upsert", h, {"vectors": vecs, "namespace": "kb"}), response(200, rhead(), {"upsertedCount": 2}))]


@case("planetscale-branch-password-create", "databases over HTTP")
def _():
    tid = F.pick(LOAN, 12)
    svc = S("pscale_tkn_" + F.b64url(43), "other", "PlanetScale service token in the Authorization: <id>:<token> header")
    pw = S("pscale_pw_" + F.b64url(43), "structure", "plain_text password of the new branch password")
    pid = O(F.pick(LOAN, 12), "identifiers", "password id")
    user = O(F.pick(LOAN, 20), "identifiers", "generated database username")
    bid = O(F.pick(LOAN, 12), "identifiers", "branch id")
    return [interaction(request("POST", "https://api.planetscale.com/v1/organizations/tidewater/databases/orders/branches/main/passwords",
                                [("Authorization", f"{tid}:{svc}"), ("Content-Type", "application/json")], {"name": "app-prod", "role": "readwriter"}),
                        response(201, rhead(), {"id": pid, "name": "app-prod", "role": "readwriter", "username": user, "plain_text": pw, "access_host_url": "aws.connect.psdb.cloud",
                                                "database_branch": {"id": bid, "name": "main", "production": True}, "created_at": "2026-12-01T08:30:12.000Z", "expires_at": None}))]


@case("fauna-v10-query-key-create", "databases over HTTP")
def _():
    admin = S("fnAF" + F.b64url(36), "other", "Fauna admin secret (Authorization: Bearer)")
    new = S("fnAF" + F.b64url(36), "structure", "secret of the created server key in the query result")
    did = O(F.digits(18), "identifiers", "id of the key document")
    txn = O(F.digits(16), "identifiers", "txn_ts of the query")
    return [interaction(request("POST", "https://db.fauna.com/query/1", [("Authorization", "Bearer " + admin), ("Content-Type", "application/json"), ("x-format", "tagged")],
                                {"query": "Key.create({ role: 'server', data: { name: 'orders-api' } })"}),
                        response(200, rhead("application/json;charset=utf-8", [("x-txn-time", txn)]),
                                 {"data": {"@doc": {"id": did, "coll": {"@mod": "Key"}, "ts": {"@time": "2026-12-01T08:30:12.481Z"}, "role": "server",
                                                    "data": {"@object": {"name": "orders-api"}}, "secret": new}},
                                  "static_type": "Key", "summary": "", "txn_ts": int(txn), "stats": {"compute_ops": 1, "read_ops": 0, "write_ops": 1}, "schema_version": 0}))]


@case("mongodb-atlas-data-api-find-reset-token", "databases over HTTP")
def _():
    key = S(F.alnum(64), "names", "Atlas Data API key in the api-key header")
    mail = S(person("Yara", "Haddad", "cedar-coast.lb"), "structure", "email in the filter and in the returned document")
    rst = S(F.hex(40), "names", "passwordResetToken field of the returned user document")
    oid = O(F.hex(24), "identifiers", "document _id ObjectId")
    app = O("data-" + F.pick(LO, 5), "identifiers", "Data API app id in the path")
    return [interaction(request("POST", f"https://eu-west-2.aws.data.mongodb-api.com/app/{app}/endpoint/data/v1/action/findOne",
                                [("api-key", key), ("Content-Type", "application/json"), ("Accept", "application/ejson")],
                                {"dataSource": "Cluster0", "database": "app", "collection": "users", "filter": {"email": mail}}),
                        response(200, rhead("application/ejson"), {"document": {"_id": {"$oid": oid}, "email": mail, "plan": "pro", "passwordResetToken": rst,
                                                                               "passwordResetExpires": {"$date": {"$numberLong": "1796103612000"}}}}))]


@case("supabase-gotrue-signup-and-refresh", "databases over HTTP")
def _():
    ref = O(F.pick(LO, 20), "identifiers", "Supabase project ref (host)")
    mail = S(person("Kwame", "Mensah", "accra-solar.com.gh"), "structure", "email in the signup body and the returned user")
    pw = S(F.password(16), "structure", "password in the signup body")
    uid = O(F.uuid(), "identifiers", "user id")
    at1 = S(jwt({"aud": "authenticated", "exp": 1796103612, "sub": uid, "email": mail, "role": "authenticated", "session_id": F.uuid()}, alg="HS256", sig=32), "other", "access_token of the signup")
    rt1 = S(F.pick(LOAN, 12), "structure", "refresh_token of the signup, sent again to refresh")
    rt2 = S(F.pick(LOAN, 12), "structure", "rotated refresh_token")
    at2 = S(jwt({"aud": "authenticated", "exp": 1796107212, "sub": uid, "role": "authenticated"}, alg="HS256", sig=32), "other", "access_token of the refresh")
    anon = jwt({"iss": "supabase", "ref": ref, "role": "anon", "iat": 1760000000, "exp": 2075000000}, alg="HS256", sig=32)
    base = f"https://{ref}.supabase.co/auth/v1"
    h = [("apikey", anon), ("Content-Type", "application/json"), ("X-Client-Info", "supabase-js-web/2.45.4")]
    user = {"id": uid, "aud": "authenticated", "role": "authenticated", "email": mail, "email_confirmed_at": "2026-12-01T08:30:12Z", "app_metadata": {"provider": "email"}}
    return [
        interaction(request("POST", base + "/signup", h, {"email": mail, "password": pw, "data": {"locale": "en"}}),
                    response(200, rhead("application/json", [("sb-project-ref", ref)]), {"access_token": at1, "token_type": "bearer", "expires_in": 3600,
                                                                                        "expires_at": 1796103612, "refresh_token": rt1, "user": user})),
        interaction(request("POST", base + "/token?grant_type=refresh_token", h, {"refresh_token": rt1}),
                    response(200, rhead("application/json", [("sb-project-ref", ref)]), {"access_token": at2, "token_type": "bearer", "expires_in": 3600,
                                                                                        "refresh_token": rt2, "user": user}))]


@case("qdrant-cloud-collections-and-snapshot", "databases over HTTP")
def _():
    key = S(F.b64url(43) + "_" + F.b64url(10), "names", "Qdrant Cloud key in the api-key header")
    cid = O(F.uuid(), "identifiers", "Qdrant cluster id in the host")
    chk = O(F.hex(64), "digests", "snapshot checksum")
    snap = O(f"docs-{F.digits(16)}-2026-12-01-08-30-12.snapshot", "identifiers", "snapshot name")
    host = f"https://{cid}.eu-central-1-0.aws.cloud.qdrant.io:6333"
    return [
        interaction(request("GET", host + "/collections", [("api-key", key)]),
                    response(200, rhead(), {"result": {"collections": [{"name": "docs"}, {"name": "tickets"}]}, "status": "ok", "time": 0.0000121})),
        interaction(request("POST", host + "/collections/docs/snapshots?wait=true", [("api-key", key)]),
                    response(200, rhead(), {"result": {"name": snap, "creation_time": "2026-12-01T08:30:12", "size": 8831213, "checksum": chk}, "status": "ok", "time": 1.82}))]

# ----- observability -----------------------------------------------------------------------------

@case("datadog-rum-client-token-vs-api-keys", "observability")
def _():
    pub = O("pub" + F.hex(32), "public", "RUM client token (dd-api-key= of browser intake, client_token in the API)")
    api = S(F.hex(32), "names", "DD-API-KEY header")
    app = S(F.hex(40), "names", "DD-APPLICATION-KEY header")
    aid = O(F.uuid(), "identifiers", "RUM application id")
    ddr = O(F.uuid(), "identifiers", "dd-request-id of the browser intake")
    sid = O(F.uuid(), "identifiers", "RUM session id in the event batch")
    events = "\n".join(json.dumps(e, separators=(",", ":")) for e in [
        {"type": "view", "application": {"id": aid}, "session": {"id": sid, "type": "user"}, "view": {"url": "https://checkout.tidewater.example/cart", "loading_time": 812000000},
         "date": 1796100012000, "service": "checkout-web", "_dd": {"format_version": 2}}])
    return [
        interaction(request("POST", f"https://browser-intake-datadoghq.eu/api/v2/rum?ddsource=browser&ddtags=sdk_version%3A5.28.0%2Cenv%3Aprod&dd-api-key={pub}&dd-evp-origin-version=5.28.0&dd-evp-origin=browser&dd-request-id={ddr}",
                            [("Content-Type", "text/plain;charset=UTF-8")], events),
                    response(202, rhead(), {"request_id": ddr})),
        interaction(request("GET", f"https://api.datadoghq.eu/api/v2/rum/applications/{aid}", [("DD-API-KEY", api), ("DD-APPLICATION-KEY", app)]),
                    response(200, rhead(), {"data": {"id": aid, "type": "rum_application", "attributes": {"application_id": aid, "client_token": pub, "name": "checkout-web",
                                                                                                       "type": "browser", "org_id": int(F.digits(6)), "hash": None}}}))]


@case("honeycomb-batch-with-captured-auth-attribute", "observability")
def _():
    key = S("hcaik_01" + F.pick(LOAN, 24) + F.hex(32), "names", "Honeycomb ingest key in X-Honeycomb-Team")
    leak = S(jwt({"sub": "usr_" + F.alnum(14), "scope": "orders:write", "exp": 1796103612}, alg="ES256", sig=64), "structure",
             "bearer token captured in the span attribute http.request.header.authorization")
    tr = O(F.hex(32), "identifiers", "trace.trace_id")
    sp = O(F.hex(16), "identifiers", "trace.span_id")
    kid = O(F.pick(AN, 11), "identifiers", "api key id returned by /1/auth")
    batch = [{"time": "2026-12-01T08:30:12.118Z", "samplerate": 1, "data": {"trace.trace_id": tr, "trace.span_id": sp, "name": "POST /orders", "service.name": "orders-api",
                                                                         "http.request.header.authorization": "Bearer " + leak, "http.status_code": 201, "duration_ms": 48.2}}]
    return [
        interaction(request("POST", "https://api.honeycomb.io/1/batch/orders-api", [("X-Honeycomb-Team", key), ("Content-Type", "application/json")], batch),
                    response(200, rhead(), [{"status": 202}])),
        interaction(request("GET", "https://api.honeycomb.io/1/auth", [("X-Honeycomb-Team", key)]),
                    response(200, rhead(), {"id": kid, "type": "ingest", "api_key_access": {"events": True, "markers": False, "createDatasets": True},
                                            "environment": {"name": "prod", "slug": "prod"}, "team": {"name": "Tidewater", "slug": "tidewater"}}))]


@case("sentry-artifact-bundle-chunk-upload", "observability")
def _():
    tok = S(sentry_org(F), "other", "Sentry org auth token (Authorization: Bearer)")
    mbx = S(mapbox(F), "encoding", "Mapbox secret token hard-coded in sourcesContent of a gzip'd source map chunk (multipart)")
    debug = O(F.uuid(), "identifiers", "debugId of the source map")
    smap = json.dumps({"version": 3, "file": "main.4f1a.js", "debugId": debug, "sources": ["src/map.ts"],
                       "sourcesContent": [f'import mapboxgl from "mapbox-gl";\nconst ADMIN_TOKEN = "{mbx}";\nexport const style = "mapbox://styles/tidewater/clx";\n'],
                       "mappings": "AAAA,SAAS"})
    manifest = json.dumps({"org": "tidewater", "release": "web@4.12.0", "files": {"files/_/_/main.4f1a.js.map": {"url": "~/main.4f1a.js.map", "type": "source_map",
                                                                                                             "headers": {"debug-id": debug}}}})
    bundle = zip_bytes([("manifest.json", manifest), ("files/_/_/main.4f1a.js.map", smap)])
    chunk = gz(bundle)
    cs = O(hashlib.sha1(bundle).hexdigest(), "digests", "sha1 checksum of the artifact bundle (chunk name, assemble checksum)")
    boundary = "------------------------" + F.hex(16)
    body = multipart_bytes(boundary, [("file_gzip", cs, "application/octet-stream", chunk)])
    h = [("Authorization", "Bearer " + tok)]
    base = "https://sentry.io/api/0/organizations/tidewater"
    return [
        interaction(request("GET", base + "/chunk-upload/", h),
                    response(200, rhead(), {"url": base + "/chunk-upload/", "chunkSize": 8388608, "chunksPerRequest": 64, "maxRequestSize": 33554432, "concurrency": 8,
                                            "hashAlgorithm": "sha1", "compression": ["gzip"], "accept": ["debug_files", "release_files", "sources", "artifact_bundles"]})),
        interaction(request("POST", base + "/chunk-upload/", h + [("Content-Type", f"multipart/form-data; boundary={boundary}")], body), response(200)),
        interaction(request("POST", base + "/artifactbundle/assemble/", h + [("Content-Type", "application/json")], {"checksum": cs, "chunks": [cs], "projects": ["web"]}),
                    response(200, rhead(), {"state": "created", "missingChunks": []}))]


@case("opsgenie-alert-create-and-request-status", "observability")
def _():
    key = S(F.uuid(), "names", "Opsgenie API key in Authorization: GenieKey")
    rq = O(F.uuid(), "identifiers", "requestId of the alert create")
    al = O(F.uuid(), "identifiers", "alertId")
    integ = O(F.uuid(), "identifiers", "integrationId")
    h = [("Authorization", "GenieKey " + key), ("Content-Type", "application/json")]
    return [
        interaction(request("POST", "https://api.eu.opsgenie.com/v2/alerts", h, {"message": "orders-api p99 > 2s", "alias": "orders-api-latency", "priority": "P2",
                                                                               "responders": [{"name": "payments-oncall", "type": "team"}]}),
                    response(202, rhead(), {"result": "Request will be processed", "took": 0.107, "requestId": rq})),
        interaction(request("GET", f"https://api.eu.opsgenie.com/v2/alerts/requests/{rq}", h[:1]),
                    response(200, rhead(), {"data": {"success": True, "action": "Create", "processedAt": "2026-12-01T08:30:12.611Z", "integrationId": integ,
                                                     "isSuccess": True, "status": "Created alert", "alertId": al, "alias": "orders-api-latency"}, "took": 0.003, "requestId": F.uuid()}))]


@case("elastic-apm-intake-ndjson-url-leak", "observability")
def _():
    st = S(F.alnum(24), "other", "APM server secret token (Authorization: Bearer)")
    leak = S(F.hex(32), "structure", "api_key query parameter captured in context.request.url.search/full of a transaction")
    tr = O(F.hex(32), "identifiers", "trace_id of the transaction")
    txid = O(F.hex(16), "identifiers", "transaction id")
    node = O("orders-api-" + F.pick(LOAN, 10) + "-" + F.pick(LOAN, 5), "identifiers", "service.node.configured_name (pod name)")
    lines = [{"metadata": {"service": {"name": "orders-api", "environment": "prod", "node": {"configured_name": node}, "agent": {"name": "nodejs", "version": "4.8.1"}}}},
             {"transaction": {"id": txid, "trace_id": tr, "name": "GET /v2/geocode", "type": "request", "duration": 31.4, "result": "HTTP 2xx", "sampled": True,
                              "span_count": {"started": 1}, "context": {"request": {"method": "GET", "headers": {"cookie": "[REDACTED]", "authorization": "[REDACTED]"},
                                                                                   "url": {"pathname": "/v2/geocode", "search": f"?q=Main+St&api_key={leak}",
                                                                                           "full": f"https://orders.tidewater.example/v2/geocode?q=Main+St&api_key={leak}"}}}}}]
    return [interaction(request("POST", "https://apm.tidewater.example:8200/intake/v2/events", [("Authorization", "Bearer " + st), ("Content-Type", "application/x-ndjson")],
                                "\n".join(json.dumps(x, separators=(",", ":")) for x in lines) + "\n"),
                        response(202))]


@case("betterstack-logs-ingest-email-in-message", "observability")
def _():
    tok = S(F.alnum(24), "other", "Better Stack source token (Authorization: Bearer)")
    mail = S(person("Aroha", "Ngata", "kauri-outdoors.co.nz"), "prose", "email inside a free-text log message")
    rid = O(F.uuid(), "identifiers", "request_id field of the log record")
    logs = [{"dt": "2026-12-01T08:30:12.118Z", "level": "info", "message": f"login succeeded for {mail} via password", "request_id": rid, "service": "auth"},
            {"dt": "2026-12-01T08:30:12.440Z", "level": "info", "message": "session created", "request_id": rid, "service": "auth"}]
    return [interaction(request("POST", "https://in.logs.betterstack.com/", [("Authorization", "Bearer " + tok), ("Content-Type", "application/json")], logs), response(202))]
# ----- config dumps ------------------------------------------------------------------------------

@case("spring-actuator-configprops-unsanitized-names", "config dumps")
def _():
    bearer = S(F.b64url(40), "names", "app.partner.bearer value (key name not matched by the sanitizer)")
    jdbcpw = S(F.password(18), "structure", "password= query parameter inside spring.datasource.url")
    smtp = S(b64(f"mailer@tidewater.example:{F.password(16)}"), "names", "app.mail.auth-blob value: base64 user:password")
    origin = O("class path resource [application-prod.yml] - 41:17", "labels", "inputs origin of a property")
    pol = O("password-policy.min-length", "labels", "property name mentioning password (value is a number)")
    beans = {
        "spring.datasource-org.springframework.boot.autoconfigure.jdbc.DataSourceProperties": {
            "prefix": "spring.datasource",
            "properties": {"url": f"jdbc:postgresql://orders-db:5432/orders?user=orders&password={jdbcpw}&sslmode=require", "username": "******", "password": "******"},
            "inputs": {"url": {"value": "", "origin": origin}}},
        "app-com.tidewater.orders.AppProperties": {
            "prefix": "app",
            "properties": {"partner": {"baseUrl": "https://partner.example/api", "bearer": bearer, "timeout": "PT5S"},
                           "mail": {"host": "smtp.tidewater.example", "authBlob": smtp}, pol: 12}}}
    return [interaction(request("GET", "https://orders.internal.tidewater.example/actuator/configprops", [("Accept", "application/vnd.spring-boot.actuator.v3+json")]),
                        response(200, rhead("application/vnd.spring-boot.actuator.v3+json"), {"contexts": {"orders": {"beans": beans, "parentId": None}}}))]


@case("spring-cloud-config-server-yaml-decrypted", "config dumps")
def _():
    dbpw = S(F.password(22), "structure", "spring.datasource.password decrypted by the config server (YAML)")
    sk = S("sk_live_" + F.alnum(99), "structure", "stripe.secret-key in the YAML document")
    jwtkey = S(b64(F.bytes(48)), "structure", "security.jwt.signing-key (base64) in the YAML document")
    ver = O(F.hex(40), "identifiers", "git commit version of the property source")
    pk = O("pk_live_" + F.alnum(99), "public", "stripe.publishable-key beside the secret key")
    lab = O("password-reset.link-ttl", "labels", "property name mentioning password, value a duration")
    yml = (f"spring:\n  datasource:\n    url: jdbc:postgresql://orders-db:5432/orders\n    username: orders\n    password: '{dbpw}'\n"
           f"stripe:\n  publishable-key: {pk}\n  secret-key: {sk}\nsecurity:\n  jwt:\n    signing-key: {jwtkey}\n"
           f"{lab.split('.')[0]}:\n  link-ttl: PT30M\nfeature:\n  one-click: true\n")
    src = f"https://git.tidewater.example/platform/config-repo.git/orders-service-prod.yml"
    return [
        interaction(request("GET", "http://config-server:8888/orders-service/prod", [("Accept", "application/json")]),
                    response(200, rhead(), {"name": "orders-service", "profiles": ["prod"], "label": None, "version": ver, "state": None,
                                            "propertySources": [{"name": src, "source": {"spring.datasource.password": dbpw, "stripe.secret-key": sk,
                                                                                        "stripe.publishable-key": pk, lab: "PT30M"}}]})),
        interaction(request("GET", "http://config-server:8888/orders-service-prod.yml"), response(200, rhead("text/plain"), yml))]


@case("dotenv-exposed-on-static-host", "config dumps")
def _():
    appkey = S("base64:" + b64(F.bytes(32)), "structure", "APP_KEY in the .env file")
    db = S(F.password(20), "structure", "DB_PASSWORD in the .env file")
    mail = S(F.alnum(16), "structure", "MAIL_PASSWORD in the .env file")
    sk = S("sk_test_" + F.alnum(99), "structure", "STRIPE_SECRET in the .env file")
    push = S(F.hex(20), "structure", "PUSHER_APP_SECRET in the .env file")
    pk = O("pk_test_" + F.alnum(99), "public", "STRIPE_KEY (publishable) in the .env file")
    pkey = O(F.hex(20), "public", "PUSHER_APP_KEY (public app key) in the .env file")
    pid = O(F.digits(7), "identifiers", "PUSHER_APP_ID in the .env file")
    etag = O('"' + F.hex(8) + "-" + F.hex(3) + '"', "identifiers", "ETag of the static file")
    env = (f"APP_NAME=Larkspur\nAPP_ENV=staging\nAPP_KEY={appkey}\nAPP_DEBUG=true\nAPP_URL=https://staging.larkspur-shop.example\n\n"
           f"DB_CONNECTION=mysql\nDB_HOST=10.20.0.12\nDB_PORT=3306\nDB_DATABASE=larkspur\nDB_USERNAME=larkspur\nDB_PASSWORD=\"{db}\"\n\n"
           f"MAIL_MAILER=smtp\nMAIL_HOST=smtp.mailgun.org\nMAIL_USERNAME=postmaster@mg.larkspur-shop.example\nMAIL_PASSWORD={mail}\n\n"
           f"STRIPE_KEY={pk}\nSTRIPE_SECRET={sk}\n\nPUSHER_APP_ID={pid}\nPUSHER_APP_KEY={pkey}\nPUSHER_APP_SECRET={push}\nPUSHER_APP_CLUSTER=eu\n")
    return [interaction(request("GET", "https://staging.larkspur-shop.example/.env", [("User-Agent", "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36")]),
                        response(200, [("Content-Type", "application/octet-stream"), ("ETag", etag), ("Server", "nginx/1.24.0"), ("Accept-Ranges", "bytes")], env))]


@case("rclone-conf-ini-in-object-storage", "config dumps")
def _():
    acct = O(F.hex(12), "identifiers", "B2 account id in [b2-archive]")
    b2key = S("K00" + F.b64url(28), "structure", "B2 application key (key =) in the INI")
    cid = O(F.digits(12) + "-" + F.pick(LOAN, 32) + ".apps.googleusercontent.com", "public", "Google OAuth client_id in [gdrive]")
    gsec = S("GOCSPX-" + F.b64url(28), "structure", "client_secret in [gdrive]")
    ya = S("ya29.a0" + F.b64url(180), "encoding", "access_token inside the JSON token= value of [gdrive]")
    r1 = S("1//0" + F.b64url(99), "encoding", "refresh_token inside the JSON token= value of [gdrive]")
    ob1 = S(F.b64url(43), "structure", "obscured (reversible) password = of [vault] crypt remote")
    ob2 = S(F.b64url(43), "structure", "obscured password2 = of [vault] crypt remote")
    rid = O(F.pick(UPAN, 16), "identifiers", "x-amz-request-id of the GET")
    tok = json.dumps({"access_token": ya, "token_type": "Bearer", "refresh_token": r1, "expiry": "2026-12-01T09:30:12.4+01:00"}, separators=(",", ":"))
    ini = (f"[b2-archive]\ntype = b2\naccount = {acct}\nkey = {b2key}\nhard_delete = true\n\n"
           f"[gdrive]\ntype = drive\nclient_id = {cid}\nclient_secret = {gsec}\nscope = drive\ntoken = {tok}\nteam_drive = \n\n"
           f"[vault]\ntype = crypt\nremote = b2-archive:tw-vault\npassword = {ob1}\npassword2 = {ob2}\n")
    return [interaction(request("GET", "https://tw-ops-configs.s3.eu-west-1.amazonaws.com/hosts/nas01/rclone.conf"),
                        response(200, [("Content-Type", "binary/octet-stream"), ("x-amz-request-id", rid), ("ETag", '"' + F.hex(32) + '"'),
                                       ("x-amz-id-2", F.b64std(54))], ini))]


@case("influx-cli-configs-toml-from-dotfiles", "config dumps")
def _():
    t1 = S(b64(F.bytes(64)), "structure", "token of [default] in the influx CLI configs TOML")
    t2 = S(b64(F.bytes(64)), "structure", "token of [local] in the influx CLI configs TOML")
    sha = O(F.hex(40), "identifiers", "commit sha in the raw URL")
    ghr = O(gh_reqid(), "identifiers", "X-GitHub-Request-Id of the raw download")
    etag = O('W/"' + F.hex(64) + '"', "identifiers", "ETag of the raw file")
    toml = (f'[default]\n  url = "https://eu-central-1-1.aws.cloud2.influxdata.com"\n  token = "{t1}"\n  org = "tidewater-labs"\n  active = true\n\n'
            f'[local]\n  url = "http://localhost:8086"\n  token = "{t2}"\n  org = "dev"\n')
    return [interaction(request("GET", f"https://raw.githubusercontent.com/mkowalski-dev/dotfiles/{sha}/influxdbv2/configs"),
                        response(200, [("Content-Type", "text/plain; charset=utf-8"), ("ETag", etag), ("X-GitHub-Request-Id", ghr), ("Cache-Control", "max-age=300")], toml))]


@case("flower-worker-config-html-table", "config dumps")
def _():
    rpw = S(F.password(18), "structure", "password in result_backend shown in the worker config HTML table")
    bpw = S(F.password(18), "structure", "password in broker_url shown in the worker config HTML table")
    wrk = O("celery@orders-worker-" + F.pick(LOAN, 10) + "-" + F.pick(LOAN, 5), "identifiers", "worker hostname")
    rows = [("broker_url", f"redis://:{bpw}@redis-master.queues.svc:6379/0"), ("result_backend", f"db+postgresql://celery:{rpw}@orders-db:5432/celery"),
            ("task_serializer", "json"), ("worker_prefetch_multiplier", "4"), ("timezone", "Europe/Lisbon")]
    table = "".join(f"<tr><td>{html.escape(k)}</td><td>{html.escape(v)}</td></tr>" for k, v in rows)
    page = (f'<!DOCTYPE html><html><head><title>Flower</title></head><body><h2>{wrk}</h2><div class="tab-pane" id="tab-config">'
            f'<table class="table table-bordered table-striped"><tbody>{table}</tbody></table></div></body></html>')
    return [interaction(request("GET", f"https://flower.ops.tidewater.example/worker/{q(wrk)}", [("Cookie", "_xsrf=2|" + F.hex(8) + "|" + F.hex(32) + "|1796100012")]),
                        response(200, rhead("text/html; charset=UTF-8", [("Server", "TornadoServer/6.4.1")]), page))]

# ----- webhooks ----------------------------------------------------------------------------------

@case("gitea-push-webhook-legacy-secret-field", "webhooks")
def _():
    secret = S(F.b64url(32), "structure", "webhook secret echoed in the legacy 'secret' payload field")
    sig = S(F.hex(64), "other", "X-Gitea-Signature (and X-Gogs-Signature) HMAC of the body")
    dl = O(F.uuid(), "identifiers", "X-Gitea-Delivery")
    before, after = O(F.hex(40), "identifiers", "before commit sha"), O(F.hex(40), "identifiers", "after commit sha")
    body = {"secret": secret, "ref": "refs/heads/main", "before": before, "after": after, "compare_url": f"https://git.larkspur.example/shop/api/compare/{before[:10]}...{after[:10]}",
            "commits": [{"id": after, "message": "fix: checkout rounding\n", "url": f"https://git.larkspur.example/shop/api/commit/{after}",
                         "author": {"name": "Noor Bakker", "username": "noor"}, "timestamp": "2026-12-01T09:30:00+01:00"}],
            "repository": {"id": 77, "full_name": "shop/api"}, "pusher": {"id": 12, "login": "noor"}}
    return [interaction(request("POST", "https://ci.larkspur.example/hooks/gitea", [("Content-Type", "application/json"), ("X-Gitea-Event", "push"), ("X-Gitea-Delivery", dl),
                                                                                  ("X-Gitea-Signature", sig), ("X-Gogs-Signature", sig)], body),
                        response(200, rhead(), {"queued": True}))]


@case("hubspot-v3-signature-contact-change", "webhooks")
def _():
    sig = S(b64(F.bytes(32)), "other", "X-HubSpot-Signature-v3 of the webhook")
    mail = S(person("Beatriz", "Carvalho", "porto-ceramica.pt"), "structure", "propertyValue of the email propertyChange event")
    ts = O("1796100012" + F.digits(3), "identifiers", "X-HubSpot-Request-Timestamp")
    portal = O(F.digits(8), "identifiers", "portalId")
    obj = O(F.digits(11), "identifiers", "objectId of the contact")
    ev = O(F.digits(10), "identifiers", "eventId")
    body = [{"eventId": int(ev), "subscriptionId": int(F.digits(7)), "portalId": int(portal), "appId": int(F.digits(7)), "occurredAt": int(ts), "subscriptionType": "contact.propertyChange",
             "attemptNumber": 0, "objectId": int(obj), "propertyName": "email", "propertyValue": mail, "changeSource": "CRM_UI", "sourceId": "userId:" + F.digits(8)}]
    return [interaction(request("POST", "https://crm-sync.porto-ceramica.pt/hubspot/webhook", [("Content-Type", "application/json"), ("X-HubSpot-Signature-v3", sig),
                                                                                             ("X-HubSpot-Request-Timestamp", ts), ("X-HubSpot-Signature-Version", "v3")], body),
                        response(204))]


@case("twitch-eventsub-create-and-verify-callback", "webhooks")
def _():
    cid = O(F.pick(LOAN, 30), "public", "Twitch Client-Id")
    app = S(F.pick(LOAN, 30), "other", "app access token (Authorization: Bearer)")
    sec = S(F.b64url(40), "structure", "transport.secret of the EventSub subscription")
    sig = S(F.hex(64), "other", "Twitch-Eventsub-Message-Signature (sha256=) of the verification request")
    sub = O(F.uuid(), "identifiers", "subscription id")
    mid = O(F.uuid(), "identifiers", "Twitch-Eventsub-Message-Id")
    chal = O(F.b64url(43), "challenges", "challenge of webhook_callback_verification (echoed as the response body)")
    subobj = {"id": sub, "status": "webhook_callback_verification_pending", "type": "stream.online", "version": "1", "condition": {"broadcaster_user_id": F.digits(9)},
              "transport": {"method": "webhook", "callback": "https://alerts.streamdeck-fans.example/twitch"}, "created_at": "2026-12-01T08:30:12.411Z", "cost": 1}
    return [
        interaction(request("POST", "https://api.twitch.tv/helix/eventsub/subscriptions", [("Authorization", "Bearer " + app), ("Client-Id", cid), ("Content-Type", "application/json")],
                            {"type": "stream.online", "version": "1", "condition": subobj["condition"], "transport": dict(subobj["transport"], secret=sec)}),
                    response(202, rhead(), {"data": [subobj], "total": 1, "max_total_cost": 10000, "total_cost": 1})),
        interaction(request("POST", "https://alerts.streamdeck-fans.example/twitch", [("Twitch-Eventsub-Message-Id", mid), ("Twitch-Eventsub-Message-Type", "webhook_callback_verification"),
                                                                                    ("Twitch-Eventsub-Message-Timestamp", "2026-12-01T08:30:12.9Z"),
                                                                                    ("Twitch-Eventsub-Message-Signature", "sha256=" + sig), ("Content-Type", "application/json")],
                            {"challenge": chal, "subscription": subobj}),
                    response(200, [("Content-Type", "text/plain")], chal))]


@case("calendly-webhook-subscription-and-delivery", "webhooks")
def _():
    pat = S(jwt({"iss": "https://auth.calendly.com", "iat": 1796000000, "jti": F.uuid(), "user_uuid": F.uuid(), "app_uid": F.b64url(43), "exp": 1827536000}, alg="ES512", sig=132),
            "other", "Calendly personal access token (Authorization: Bearer)")
    skey = S(F.b64url(43), "structure", "signing_key of the webhook subscription")
    v1 = S(F.hex(64), "other", "v1= of the Calendly-Webhook-Signature header")
    mail = S(person("Lucas", "Oliveira", "curitiba-arquitetura.com.br"), "structure", "invitee email in the webhook payload")
    org = O(F.uuid(), "identifiers", "organization uuid")
    inv = O(F.uuid(), "identifiers", "invitee uuid")
    return [
        interaction(request("POST", "https://api.calendly.com/webhook_subscriptions", [("Authorization", "Bearer " + pat), ("Content-Type", "application/json")],
                            {"url": "https://bookings.curitiba-arquitetura.com.br/calendly", "events": ["invitee.created", "invitee.canceled"],
                             "organization": f"https://api.calendly.com/organizations/{org}", "scope": "organization", "signing_key": skey}),
                    response(201, rhead(), {"resource": {"uri": f"https://api.calendly.com/webhook_subscriptions/{F.uuid()}", "state": "active",
                                                         "organization": f"https://api.calendly.com/organizations/{org}", "scope": "organization"}})),
        interaction(request("POST", "https://bookings.curitiba-arquitetura.com.br/calendly", [("Content-Type", "application/json"),
                                                                                             ("Calendly-Webhook-Signature", f"t=1796100012,v1={v1}")],
                            {"created_at": "2026-12-01T08:30:12.000000Z", "event": "invitee.created",
                             "payload": {"uri": f"https://api.calendly.com/scheduled_events/{F.uuid()}/invitees/{inv}", "email": mail, "name": "Lucas Oliveira", "status": "active",
                                         "timezone": "America/Sao_Paulo", "rescheduled": False}}),
                    response(200))]


@case("docusign-jwt-grant-and-connect-hmac", "webhooks")
def _():
    integ = O(F.uuid(), "public", "integration key (iss of the JWT grant, client id)")
    assertion = S(jwt({"iss": integ, "sub": F.uuid(), "aud": "account-d.docusign.com", "iat": 1796100012, "exp": 1796103612, "scope": "signature impersonation"}),
                  "other", "JWT bearer assertion in the token form")
    at = S("eyJ0eXAiOiJNVCIsImFsZyI6IlJTMjU2Iiwia2lkIjoiNjgxODVmZjEtNGU1MS00Y2U5LWFmMWMtNjg5ODEyMjAzMzE3In0." + F.b64url(600) + "." + F.b64url(342),
           "other", "DocuSign access_token")
    hm = S(b64(F.bytes(32)), "other", "X-DocuSign-Signature-1 HMAC of the Connect message")
    mail = S(person("Anjali", "Deshmukh", "pune-realty.in"), "structure", "recipient email in the Connect envelope payload")
    env = O(F.uuid(), "identifiers", "envelopeId")
    acct = O(F.uuid(), "identifiers", "accountId")
    consent = (f"https://account-d.docusign.com/oauth/auth?response_type=code&scope=signature%20impersonation&client_id={integ}"
               f"&redirect_uri={q('https://leases.pune-realty.in/docusign/consented')}")
    return [
        interaction(request("GET", consent), response(302, [("Location", "https://leases.pune-realty.in/docusign/consented?code=" + S(F.b64url(40), "other", "authorization code in the consent redirect Location"))])),
        interaction(request("POST", "https://account-d.docusign.com/oauth/token", [("Content-Type", "application/x-www-form-urlencoded")],
                            form([("grant_type", "urn:ietf:params:oauth:grant-type:jwt-bearer"), ("assertion", assertion)])),
                    response(200, rhead(), {"access_token": at, "token_type": "Bearer", "expires_in": 3600})),
        interaction(request("POST", "https://leases.pune-realty.in/docusign/connect", [("Content-Type", "application/json"), ("X-DocuSign-Signature-1", hm),
                                                                                     ("X-Authorization-Digest", "HMACSHA256")],
                            {"event": "envelope-completed", "apiVersion": "v2.1", "uri": f"/restapi/v2.1/accounts/{acct}/envelopes/{env}", "retryCount": 0,
                             "configurationId": int(F.digits(8)), "generatedDateTime": "2026-12-01T08:30:12.4Z",
                             "data": {"accountId": acct, "envelopeId": env, "recipientId": "1",
                                      "envelopeSummary": {"status": "completed", "emailSubject": "Lease agreement - Flat 4B",
                                                          "recipients": {"signers": [{"name": "Anjali Deshmukh", "email": mail, "status": "completed"}]}}}}),
                    response(200))]

# ----- signed URLs -------------------------------------------------------------------------------

@case("akamai-edgeauth-token-hls-playlist", "signed URLs")
def _():
    mac = S(F.hex(64), "structure", "hmac= field of the Akamai EdgeAuth hdnts token (query, cookie and playlist URIs)")
    arid = O(F.hex(8), "identifiers", "X-Akamai-Request-ID")
    sess = O(F.hex(32), "identifiers", "playback session id (psid) in the query")
    tok = f"st=1796100012~exp=1796103612~acl=/vod/ep-4471/*~hmac={mac}"
    pl = "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:6\n" + "".join(f"#EXTINF:6.0,\nseg-{i:05d}.ts?hdnts={tok}\n" for i in range(3)) + "#EXT-X-ENDLIST\n"
    return [interaction(request("GET", f"https://vod.streamline-media.example/vod/ep-4471/index.m3u8?hdnts={tok}&psid={sess}"),
                        response(200, [("Content-Type", "application/vnd.apple.mpegurl"), ("X-Akamai-Request-ID", arid),
                                       ("Set-Cookie", f"hdnts={tok}; Path=/vod/ep-4471/; Secure")], pl))]


@case("bunny-storage-accesskey-and-token-url", "signed URLs")
def _():
    spw = S(F.uuid() + "-" + F.hex(4) + "-" + F.hex(4), "names", "storage zone password in the AccessKey header")
    tok = S(F.b64url(43), "structure", "token= of the Bunny token-authenticated URL")
    content = b"\x00\x00\x00\x20ftypisom" + F.bytes(120)
    chk = O(hashlib.sha256(content).hexdigest().upper(), "digests", "Checksum request header (SHA256 of the upload)")
    crid = O(F.hex(32), "identifiers", "CDN-RequestId")
    return [
        interaction(request("PUT", "https://storage.bunnycdn.com/larkspur-media/videos/launch.mp4", [("AccessKey", spw), ("Checksum", chk), ("Content-Type", "application/octet-stream")], content),
                    response(201, rhead("application/json", [("CDN-RequestId", crid)]), {"HttpCode": 201, "Message": "File uploaded."})),
        interaction(request("GET", f"https://media.larkspur-shop.example/videos/launch.mp4?token={tok}&expires=1796103612"),
                    response(200, [("Content-Type", "video/mp4"), ("CDN-Cache", "MISS"), ("CDN-RequestId", F.hex(32))], content[:40]))]


@case("cloudinary-signed-upload-and-userinfo-admin", "signed URLs")
def _():
    key = O(F.digits(15), "public", "Cloudinary api_key (form field and URL userinfo user)")
    secret = S(F.b64url(27), "structure", "Cloudinary api_secret in the userinfo of the Admin API URL")
    sig = S(F.hex(40), "other", "signature form field of the signed upload")
    asset = O(F.hex(32), "identifiers", "asset_id")
    img = b"\x89PNG\r\n\x1a\n" + F.bytes(90)
    etag = O(hashlib.md5(img).hexdigest(), "digests", "etag of the uploaded asset")
    boundary = "----WebKitFormBoundary" + F.alnum(16)
    body = multipart_bytes(boundary, [("api_key", None, None, key), ("timestamp", None, None, "1796100012"), ("public_id", None, None, "products/rain-jacket"),
                                      ("signature", None, None, sig), ("file", "rain-jacket.png", "image/png", img)])
    return [
        interaction(request("POST", "https://api.cloudinary.com/v1_1/larkspur/image/upload", [("Content-Type", f"multipart/form-data; boundary={boundary}")], body),
                    response(200, rhead(), {"asset_id": asset, "public_id": "products/rain-jacket", "version": 1796100012, "signature": F.hex(40), "width": 1200, "height": 1200,
                                            "format": "png", "bytes": len(img), "etag": etag, "secure_url": "https://res.cloudinary.com/larkspur/image/upload/v1796100012/products/rain-jacket.png"})),
        interaction(request("GET", f"https://{key}:{secret}@api.cloudinary.com/v1_1/larkspur/resources/image?max_results=1"),
                    response(200, rhead(), {"resources": [{"asset_id": asset, "public_id": "products/rain-jacket", "format": "png", "etag": etag}]}))]
# ----- email -------------------------------------------------------------------------------------

@case("jmap-session-and-email-get-temp-password", "email")
def _():
    tok = S("fmu1-" + F.hex(8) + "-" + F.hex(32) + "-0-" + F.hex(32), "other", "Fastmail API token (Authorization: Bearer)")
    user = S(person("Elif", "Yildirim", "fastmail.com"), "structure", "username of the JMAP session")
    sender = S(person("it-helpdesk", "istanbul", "kadikoy-lojistik.com.tr"), "structure", "from email of the retrieved message")
    temp = S(F.password(14), "prose", "temporary password written in the text body of the retrieved message")
    acct = O("u" + F.hex(8), "identifiers", "JMAP account id")
    msgid = O(f"{F.hex(16)}.{F.digits(10)}@mx.kadikoy-lojistik.com.tr", "identifiers", "Message-ID of the message (looks like an email address)")
    blob = O("G" + F.hex(40), "identifiers", "blobId of the message")
    thread = O("T" + F.hex(16), "identifiers", "threadId")
    h = [("Authorization", "Bearer " + tok), ("Content-Type", "application/json")]
    session = {"capabilities": {"urn:ietf:params:jmap:core": {"maxSizeUpload": 50000000}, "urn:ietf:params:jmap:mail": {}}, "accounts": {acct: {"name": user, "isPersonal": True}},
               "primaryAccounts": {"urn:ietf:params:jmap:mail": acct}, "username": user, "apiUrl": "https://api.fastmail.com/jmap/api/",
               "downloadUrl": "https://www.fastmailusercontent.com/jmap/download/{accountId}/{blobId}/{name}?type={type}", "state": "cyrus-" + F.digits(5)}
    text = f"Hello Elif,\n\nyour VPN account was reset. Sign in with the temporary password {temp} and choose a new one.\n\nIT Helpdesk\n"
    email_obj = {"id": "M" + F.hex(24), "blobId": blob, "threadId": thread, "messageId": [msgid], "from": [{"name": "IT Helpdesk", "email": sender}],
                 "subject": "VPN access reset", "receivedAt": "2026-12-01T08:30:12Z", "textBody": [{"partId": "1", "type": "text/plain"}],
                 "bodyValues": {"1": {"value": text, "isEncodingProblem": False, "isTruncated": False}}}
    return [
        interaction(request("GET", "https://api.fastmail.com/jmap/session", h[:1]), response(200, rhead(), session)),
        interaction(request("POST", "https://api.fastmail.com/jmap/api/", h,
                            {"using": ["urn:ietf:params:jmap:core", "urn:ietf:params:jmap:mail"],
                             "methodCalls": [["Email/get", {"accountId": acct, "ids": [email_obj["id"]], "fetchTextBodyValues": True}, "0"]]}),
                    response(200, rhead(), {"methodResponses": [["Email/get", {"accountId": acct, "state": F.digits(5), "list": [email_obj], "notFound": []}, "0"]],
                                            "sessionState": session["state"]}))]


@case("mailersend-inbound-raw-mime-qp-split", "email")
def _():
    sig = S(F.hex(64), "other", "Signature header of the inbound webhook")
    pw = S(F.pick(AN, 8) + "#" + F.pick(AN, 8), "encoding", "password in a quoted-printable body, split by a soft line break")
    to = S(person("Joao", "Pereira", "larkspur-shop.example"), "structure", "recipient email in the MIME headers and JSON")
    bh = O(b64(F.bytes(32)), "digests", "DKIM bh= body hash")
    mid = O(f"<{F.hex(24)}@mailer.partner-portal.example>", "identifiers", "Message-ID (email-looking)")
    wid = O(F.pick(LOAN, 24), "identifiers", "inbound id in the webhook JSON")
    line = "Ol=C3=A1 Jo=C3=A3o, a sua conta no portal de parceiros foi criada com a senha "
    pad = 75 - len(line)
    qpbody = line + pw[:pad].replace("#", "=23") + "=\r\n" + pw[pad:].replace("#", "=23") + " . Altere-a ap=C3=B3s o primeiro acesso.\r\n"
    assert pw not in qpbody
    mime = (f"Received: from mailer.partner-portal.example (mailer.partner-portal.example [198.51.100.20])\r\n"
            f"DKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed; d=partner-portal.example; s=s1; h=from:to:subject:date; bh={bh}; b={b64(F.bytes(256))}\r\n"
            f"From: Portal de Parceiros <noreply@partner-portal.example>\r\nTo: {to}\r\nSubject: =?UTF-8?Q?Bem-vindo_ao_portal?=\r\nMessage-ID: {mid}\r\n"
            "MIME-Version: 1.0\r\nContent-Type: text/plain; charset=UTF-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n" + qpbody)
    return [interaction(request("POST", "https://inbound.larkspur-shop.example/mailersend", [("Content-Type", "application/json"), ("Signature", sig)],
                                {"type": "inbound.message", "created_at": "2026-12-01T08:30:12.000000Z",
                                 "data": {"id": wid, "object": "message", "recipients": {"to": {"raw": to, "data": [{"email": to, "name": ""}]}},
                                          "from": {"email": "noreply@partner-portal.example", "name": "Portal de Parceiros"}, "subject": "Bem-vindo ao portal", "raw": mime}}),
                        response(200))]

# ----- GraphQL -----------------------------------------------------------------------------------

@case("graphql-multipart-upload-contacts-import", "GraphQL")
def _():
    sess = S(jwt({"sub": "usr_" + F.alnum(16), "org": "org_" + F.alnum(12), "exp": 1796103612}, alg="HS256", sig=32), "other", "session JWT (Authorization: Bearer)")
    mc = S(F.hex(32) + "-us21", "structure", "Mailchimp API key as variables.mailchimpToken in the operations JSON part")
    m1 = S(person("Chloe", "Dubois", "lyon-boulangerie.fr"), "structure", "email in row 1 of the uploaded CSV part")
    m2 = S(person("Henrik", "Nielsen", "aarhus-cykler.dk"), "structure", "email in row 2 of the uploaded CSV part")
    imp = O("imp_" + F.alnum(20), "identifiers", "import job id")
    cus = [O("cus_" + F.alnum(14), "identifiers", f"external id in CSV row {i}") for i in range(2)]
    ops = {"query": "mutation Import($file: Upload!, $mailchimpToken: String!) { importContacts(file: $file, mailchimpToken: $mailchimpToken) { id status } }",
           "variables": {"file": None, "mailchimpToken": mc}, "operationName": "Import"}
    csv = f"external_id,email,first_name\n{cus[0]},{m1},Chloe\n{cus[1]},{m2},Henrik\n"
    boundary = "----" + F.hex(20)
    body = multipart(boundary, [("operations", None, None, json.dumps(ops)), ("map", None, None, '{"0":["variables.file"]}'), ("0", "contacts.csv", "text/csv", csv)])
    return [interaction(request("POST", "https://api.mailwave.example/graphql", [("Authorization", "Bearer " + sess), ("Content-Type", f"multipart/form-data; boundary={boundary}"),
                                                                                ("apollo-require-preflight", "true")], body),
                        response(200, rhead(), {"data": {"importContacts": {"id": imp, "status": "QUEUED"}}}))]


@case("appsync-realtime-handshake-base64-header", "GraphQL")
def _():
    idt = S(jwt({"sub": F.uuid(), "iss": "https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_" + F.pick(AN, 9), "token_use": "id", "exp": 1796103612,
                 "cognito:username": "ops-dashboard"}, kid=b64(F.bytes(32))), "encoding", "Cognito id token as Authorization inside the base64 header= of the realtime URL (and the GraphQL POST)")
    whs = S("whsec_" + F.alnum(32), "structure", "input.signingSecret variable of the createEndpoint mutation")
    api = O(F.pick(LOAN, 26), "identifiers", "AppSync API id in the host")
    rid = O(F.uuid(), "identifiers", "x-amzn-RequestId")
    eid = O(F.uuid(), "identifiers", "created endpoint id")
    host = f"{api}.appsync-api.eu-west-1.amazonaws.com"
    hdr = b64(json.dumps({"host": host, "Authorization": idt}, separators=(",", ":")))
    return [
        interaction(request("GET", f"https://{api}.appsync-realtime-api.eu-west-1.amazonaws.com/graphql?header={q(hdr)}&payload=e30%3D",
                            [("Sec-WebSocket-Protocol", "graphql-ws"), ("Upgrade", "websocket"), ("Connection", "Upgrade"), ("Sec-WebSocket-Key", b64(F.bytes(16)))]),
                    response(101, [("Upgrade", "websocket"), ("Connection", "Upgrade"), ("Sec-WebSocket-Accept", b64(F.bytes(20))), ("Sec-WebSocket-Protocol", "graphql-ws")])),
        interaction(request("POST", f"https://{host}/graphql", [("Authorization", idt), ("Content-Type", "application/json")],
                            {"query": "mutation C($input: CreateEndpointInput!) { createEndpoint(input: $input) { id url } }",
                             "variables": {"input": {"url": "https://hooks.tidewater.example/orders", "signingSecret": whs}}}),
                    response(200, rhead("application/json;charset=UTF-8", [("x-amzn-RequestId", rid)]),
                             {"data": {"createEndpoint": {"id": eid, "url": "https://hooks.tidewater.example/orders"}}}))]

# ----- gRPC-web / protobuf -----------------------------------------------------------------------

@case("connect-rpc-proto-login", "gRPC-web/protobuf")
def _():
    pw = S(F.password(18), "encoding", "password field 2 of the binary protobuf LoginRequest (Connect unary, application/proto)")
    at = S(jwt({"sub": "u_" + F.digits(9), "exp": 1796101012, "scope": "app"}, alg="EdDSA", sig=64), "encoding", "access_token field 1 of the binary LoginResponse")
    rt = S("rt_" + F.b64url(48), "encoding", "refresh_token field 2 of the binary LoginResponse")
    sid = O(F.uuid(), "identifiers", "session_id field 3 of the LoginResponse")
    trace = O(F.hex(32), "identifiers", "x-trace-id")
    req = pb((1, "dana.okafor"), (2, pw), (3, pb((1, "ios"), (2, "17.6.1"))))
    resp = pb((1, at), (2, rt), (3, sid), (4, 900))
    return [interaction(request("POST", "https://api.ridepool.example/auth.v1.AuthService/Login", [("Content-Type", "application/proto"), ("Connect-Protocol-Version", "1"),
                                                                                                 ("Connect-Timeout-Ms", "10000")], req),
                        response(200, [("Content-Type", "application/proto"), ("x-trace-id", trace)], resp))]


@case("grpc-web-text-secret-access-version", "gRPC-web/protobuf")
def _():
    bearer = S("ya29.c.c0" + F.b64url(200), "other", "authorization metadata header of the grpc-web-text call")
    payload = S(F.password(24), "encoding", "secret payload data (field 2.1) inside the base64 grpc-web-text response frame")
    name = O("projects/" + F.digits(12) + "/secrets/ledger-db-password/versions/7", "identifiers", "secret version name (request and response field 1)")
    xr = O(F.hex(16), "identifiers", "x-request-id of the grpc-web proxy")
    req = grpc_frame(pb((1, name)))
    resp = grpc_frame(pb((1, name), (2, pb((1, payload), (2, int(F.digits(9))))))) + grpc_trailer()
    return [interaction(request("POST", "https://grpc-proxy.tidewater.example/google.cloud.secretmanager.v1.SecretManagerService/AccessSecretVersion",
                                [("Content-Type", "application/grpc-web-text"), ("X-Grpc-Web", "1"), ("authorization", "Bearer " + bearer)], b64(req)),
                        response(200, [("Content-Type", "application/grpc-web-text+proto"), ("x-request-id", xr)], b64(resp)))]

# ----- archives ----------------------------------------------------------------------------------

@case("vsix-extension-zip-with-env-and-config", "archives")
def _():
    ghp = S(gh_token("ghp_"), "encoding", "GITHUB_TOKEN in extension/.env inside the downloaded VSIX (zip)")
    oai = S(openai(F, "sk-proj-", 74), "encoding", "openaiKey in extension/dist/config.json inside the VSIX")
    ext = O(F.uuid(), "identifiers", "extension id in the vsixmanifest / response header")
    etag = O('"0x' + F.pick(HXU, 15) + '"', "identifiers", "ETag of the package download")
    manifest = ('<?xml version="1.0" encoding="utf-8"?><PackageManifest Version="2.0.0" xmlns="http://schemas.microsoft.com/developer/vsx-schema/2011">'
                f'<Metadata><Identity Language="en-US" Id="commit-wizard" Version="0.9.3" Publisher="tidewater" /><DisplayName>Commit Wizard</DisplayName></Metadata></PackageManifest>')
    vsix = zip_bytes([("extension.vsixmanifest", manifest), ("extension/package.json", json.dumps({"name": "commit-wizard", "version": "0.9.3", "publisher": "tidewater"})),
                      ("extension/.env", f"GITHUB_TOKEN={ghp}\nLOG_LEVEL=debug\n"),
                      ("extension/dist/config.json", json.dumps({"model": "gpt-4o-mini", "openaiKey": oai, "telemetry": False}, indent=2))])
    return [interaction(request("GET", "https://tidewater.gallery.vsassets.io/_apis/public/gallery/publisher/tidewater/extension/commit-wizard/0.9.3/assetbyname/Microsoft.VisualStudio.Services.VSIXPackage"),
                        response(200, [("Content-Type", "application/vsix; api-version=7.2-preview.1"), ("ETag", etag), ("X-VSS-ExtensionId", ext)], vsix))]


@case("home-assistant-backup-nested-tar-secrets-yaml", "archives")
def _():
    llat = S(jwt({"iss": F.hex(32), "iat": 1796000000, "exp": 2111360000}, alg="HS256", sig=32), "other", "Home Assistant long-lived access token (Authorization: Bearer)")
    wifi = S(F.password(16), "encoding", "wifi_password in secrets.yaml inside homeassistant.tar.gz inside the backup tar")
    mqtt = S(F.password(20), "encoding", "mqtt_password in secrets.yaml inside the nested tar.gz")
    owm = S(F.hex(32), "encoding", "openweathermap_api_key in secrets.yaml inside the nested tar.gz")
    slug = O(F.hex(8), "identifiers", "backup slug")
    ref = O("!secret mqtt_password", "labels", "configuration.yaml reference to a secret by name")
    secrets = f"wifi_password: \"{wifi}\"\nmqtt_password: {mqtt}\nopenweathermap_api_key: {owm}\nlatitude_home: 51.4816\n"
    config = f"homeassistant:\n  name: Home\nmqtt:\n  broker: 192.168.1.20\n  username: ha\n  password: {ref}\n"
    inner = gz(tar_bytes([("data/secrets.yaml", secrets), ("data/configuration.yaml", config)]))
    outer = tar_bytes([("./backup.json", json.dumps({"slug": slug, "name": "Automatic backup 2026.11.3", "date": "2026-12-01T03:00:00+00:00", "type": "full", "protected": False})),
                       ("./homeassistant.tar.gz", inner)])
    return [interaction(request("GET", f"http://homeassistant.local:8123/api/backup/download/{slug}", [("Authorization", "Bearer " + llat)]),
                        response(200, [("Content-Type", "application/x-tar"), ("Content-Disposition", f'attachment; filename="{slug}.tar"')], outer))]


@case("gitlab-generic-package-zip-cargo-pypirc", "archives")
def _():
    job = S("glcbt-64_" + F.b64url(20), "names", "CI job token in the JOB-TOKEN header of the package download")
    cio = S("cio" + F.alnum(32), "encoding", "crates.io token in .cargo/credentials.toml inside the release zip")
    ptok = S(pypi(F), "encoding", "PyPI token (password) in .pypirc inside the release zip")
    data = zip_bytes([(".cargo/credentials.toml", f'[registry]\ntoken = "{cio}"\n'), (".pypirc", f"[distutils]\nindex-servers = pypi\n\n[pypi]\nusername = __token__\npassword = {ptok}\n"),
                      ("README.md", "# release-tools\n\nHelper scripts for publishing.\n")])
    sha = O(hashlib.sha256(data).hexdigest(), "digests", "file_sha256 of the package file")
    pid = O(F.digits(8), "identifiers", "package id")
    return [
        interaction(request("GET", "https://gitlab.com/api/v4/projects/48213377/packages?package_name=release-tools", [("JOB-TOKEN", job)]),
                    response(200, rhead(), [{"id": int(pid), "name": "release-tools", "version": "1.4.0", "package_type": "generic", "status": "default",
                                             "_links": {"web_path": f"/tidewater/deploy/-/packages/{pid}"}, "pipeline": {"id": int(F.digits(10)), "sha": F.hex(40)}}])),
        interaction(request("GET", f"https://gitlab.com/api/v4/projects/48213377/packages/{pid}/package_files", [("JOB-TOKEN", job)]),
                    response(200, rhead(), [{"id": int(F.digits(9)), "package_id": int(pid), "file_name": "release-tools.zip", "size": len(data), "file_sha256": sha}])),
        interaction(request("GET", "https://gitlab.com/api/v4/projects/48213377/packages/generic/release-tools/1.4.0/release-tools.zip", [("JOB-TOKEN", job)]),
                    response(200, [("Content-Type", "application/octet-stream"), ("X-Checksum-Sha256", sha)], data))]

# ----- headers and cookies -----------------------------------------------------------------------

@case("aspnet-chunked-auth-cookie-and-appinsights", "headers and cookies")
def _():
    c1 = S("CfDJ8" + F.b64url(3600), "structure", "chunk C1 of the chunked .AspNetCore.Cookies authentication cookie")
    c2 = S(F.b64url(1400), "structure", "chunk C2 of the chunked .AspNetCore.Cookies authentication cookie")
    af = S("CfDJ8" + F.b64url(150), "other", "antiforgery cookie .AspNetCore.Antiforgery")
    aiu = O(F.b64url(5) + "|2026-11-30T21:04:11.482Z", "identifiers", "ai_user analytics cookie")
    ais = O(F.b64url(5) + "|1796100000000|1796100012000", "identifiers", "ai_session analytics cookie")
    rc = O("appId=cid-v1:" + F.uuid(), "identifiers", "Request-Context response header")
    rid = O("|" + F.hex(32) + "." + F.hex(16) + ".", "identifiers", "Request-Id header")
    cookie = f"ai_user={aiu}; ai_session={ais}; .AspNetCore.Antiforgery.VyLW6ORzMgk={af}; .AspNetCore.Cookies=chunks-2; .AspNetCore.CookiesC1={c1}; .AspNetCore.CookiesC2={c2}"
    return [
        interaction(request("POST", "https://portal.harbourside.example/signin-oidc", [("Content-Type", "application/x-www-form-urlencoded")],
                            form([("code", S(F.b64url(40), "other", "authorization code in the signin-oidc form post")), ("state", "CfDJ8" + F.b64url(300)), ("session_state", F.uuid())])),
                    response(302, [("Location", "/"), ("Set-Cookie", ".AspNetCore.Cookies=chunks-2; path=/; samesite=lax; httponly"),
                                   ("Set-Cookie", f".AspNetCore.CookiesC1={c1}; path=/; samesite=lax; httponly"),
                                   ("Set-Cookie", f".AspNetCore.CookiesC2={c2}; path=/; samesite=lax; httponly"), ("Request-Context", rc)])),
        interaction(request("GET", "https://portal.harbourside.example/api/me", [("Cookie", cookie), ("Request-Id", rid)]),
                    response(200, rhead("application/json; charset=utf-8", [("Request-Context", rc)]), {"name": "Marta Kowalczyk", "roles": ["dispatcher"]}))]


@case("flask-session-cookie-compressed-payload", "headers and cookies")
def _():
    gho = S(gh_token("gho_"), "encoding", "GitHub OAuth token inside the zlib-compressed, base64url itsdangerous session cookie payload")
    payload = json.dumps({"_fresh": True, "_id": F.hex(128), "_user_id": "42", "csrf_token": F.hex(40), "oauth_token": {"access_token": gho, "token_type": "bearer", "scope": "repo"}},
                         separators=(",", ":"))
    body = b64u(zlib.compress(payload.encode()))
    sig = S(F.b64url(27), "other", "itsdangerous HMAC signature part of the session cookie")
    cookie = f".{body}.{b64u(struct.pack('>I', 1796100012))}.{sig}"
    ga = O("GA1.1." + F.digits(10) + ".1796100000", "identifiers", "_ga analytics cookie")
    gid = O("GA1.1." + F.digits(10) + ".1796100000", "identifiers", "_gid analytics cookie")
    return [
        interaction(request("GET", "https://changelog-bot.example/auth/github/callback?code=" + S(F.hex(20), "other", "GitHub OAuth code in the callback query") + "&state=" + F.b64url(30)),
                    response(302, [("Location", "/dashboard"), ("Set-Cookie", f"session={cookie}; HttpOnly; Path=/; SameSite=Lax"), ("Vary", "Cookie")])),
        interaction(request("GET", "https://changelog-bot.example/dashboard", [("Cookie", f"_ga={ga}; _gid={gid}; session={cookie}")]),
                    response(200, rhead("text/html; charset=utf-8"), "<html><body><h1>Your repositories</h1></body></html>"))]


@case("oauth2-proxy-forwarded-identity-headers", "headers and cookies")
def _():
    at = S("ya29.a0" + F.b64url(170), "names", "X-Forwarded-Access-Token passed upstream by oauth2-proxy")
    mail = S(person("Sanjay", "Iyer", "harbourside.example"), "names", "X-Forwarded-Email and GAP-Auth identity headers")
    ck = S(F.b64url(300) + "|1796100012|" + F.b64url(43), "other", "_oauth2_proxy session cookie (encrypted|ts|signature)")
    user = O(F.digits(21), "identifiers", "X-Forwarded-User (Google subject id)")
    xr = O(F.hex(32), "identifiers", "X-Request-Id added by the proxy")
    return [interaction(request("GET", "http://grafana.monitoring.svc:3000/api/user", [("Cookie", f"_oauth2_proxy={ck}"), ("X-Forwarded-User", user), ("X-Forwarded-Email", mail),
                                                                                   ("X-Forwarded-Preferred-Username", "sanjay"), ("X-Forwarded-Access-Token", at), ("GAP-Auth", mail),
                                                                                   ("X-Request-Id", xr)]),
                        response(200, rhead(), {"id": 7, "login": "sanjay", "name": "Sanjay Iyer", "isGrafanaAdmin": False, "orgId": 1}))]


@case("iap-and-api-gateway-userinfo-headers", "headers and cookies")
def _():
    m1 = S(person("Nadia", "Rahman", "tidewater-labs.example"), "names", "email in x-goog-authenticated-user-email (accounts.google.com: prefix)")
    iap = S(jwt({"aud": f"/projects/{F.digits(12)}/global/backendServices/{F.digits(19)}", "email": m1, "exp": 1796100612, "iss": "https://cloud.google.com/iap"}, alg="ES256", sig=64),
            "other", "x-goog-iap-jwt-assertion header")
    m2 = S(person("Owen", "Price", "tidewater-labs.example"), "encoding", "email claim inside the base64url JSON of X-Apigateway-Api-Userinfo")
    uid = O("accounts.google.com:" + F.digits(21), "identifiers", "x-goog-authenticated-user-id")
    ctx = O(F.hex(32) + "/" + F.digits(19) + ";o=1", "identifiers", "X-Cloud-Trace-Context")
    info = b64u_json({"iss": "https://accounts.google.com", "sub": F.digits(21), "email": m2, "email_verified": True, "aud": "orders-gateway", "exp": 1796103612})
    return [
        interaction(request("GET", "https://admin.tidewater-labs.example/reports", [("x-goog-iap-jwt-assertion", iap), ("x-goog-authenticated-user-email", "accounts.google.com:" + m1),
                                                                                 ("x-goog-authenticated-user-id", uid), ("X-Cloud-Trace-Context", ctx)]),
                    response(200, rhead("text/html"), "<html><body>Reports</body></html>")),
        interaction(request("GET", "https://orders-backend-" + F.pick(LOAN, 10) + "-ew.a.run.app/v1/orders?limit=5", [("X-Apigateway-Api-Userinfo", info), ("X-Forwarded-Authorization", "Bearer [REDACTED]")]),
                    response(200, rhead(), {"orders": [], "next": None}))]

# ----- errors that echo --------------------------------------------------------------------------

@case("fastapi-422-echoes-whole-input", "errors that echo")
def _():
    sess = S(F.b64url(43), "other", "API session token (Authorization: Bearer)")
    tok = S(atlassian(F), "echo", "Atlassian API token in the request body, echoed in detail[].input of the 422")
    xr = O(F.uuid(), "identifiers", "x-request-id of the 422")
    body = {"name": "jira", "url": "https://tidewater.atlassian.net", "token": tok, "email": 1234}
    return [interaction(request("POST", "https://integrations.tidewater.example/api/v1/integrations", [("Authorization", "Bearer " + sess), ("Content-Type", "application/json")], body),
                        response(422, rhead("application/json", [("x-request-id", xr)]),
                                 {"detail": [{"type": "string_type", "loc": ["body", "email"], "msg": "Input should be a valid string", "input": 1234},
                                             {"type": "missing", "loc": ["body", "project_key"], "msg": "Field required", "input": body}]}))]


@case("smtp-auth-plain-debug-echo-to-log-api", "errors that echo")
def _():
    inp = S(F.uuid(), "structure", "Loggly customer token in the /inputs/<token>/ path")
    sg = S("SG." + F.b64url(22) + "." + F.b64url(43), "echo", "SendGrid key as SMTP password, inside the base64 AUTH PLAIN line echoed by smtplib debug output")
    rid = O(F.uuid(), "identifiers", "request id in the log event")
    plain = b64(f"\x00apikey\x00{sg}")
    trace = ("send: 'ehlo worker-7.tidewater.internal\\r\\n'\nreply: b'250-smtp.sendgrid.net'\n"
             f"send: 'AUTH PLAIN {plain}\\r\\n'\nreply: b'535 Authentication failed: Bad username / password'\n"
             "smtplib.SMTPAuthenticationError: (535, b'Authentication failed: Bad username / password')")
    return [interaction(request("POST", f"https://logs-01.loggly.com/inputs/{inp}/tag/http,worker/", [("Content-Type", "application/json")],
                                {"level": "error", "logger": "mailer", "request_id": rid, "message": "failed to send receipt", "exc_info": trace}),
                        response(200, rhead(), {"response": "ok"}))]


@case("gatekeeper-admission-denial-echoes-env-value", "errors that echo")
def _():
    satok = S(jwt({"aud": ["https://kubernetes.default.svc"], "iss": "https://kubernetes.default.svc", "sub": "system:serviceaccount:ci:deployer", "exp": 1796103612}, kid=F.b64url(43)),
              "other", "service account token (Authorization: Bearer) of kubectl apply")
    sk = S("sk_live_" + F.alnum(99), "echo", "literal STRIPE_SECRET_KEY env value in the Deployment, echoed by the admission denial message")
    audit = O(F.uuid(), "identifiers", "Audit-Id response header")
    img = O("sha256:" + F.hex(64), "digests", "image digest in the Deployment")
    dep = {"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "checkout", "namespace": "shop"},
           "spec": {"replicas": 2, "selector": {"matchLabels": {"app": "checkout"}}, "template": {"metadata": {"labels": {"app": "checkout"}}, "spec": {"containers": [
               {"name": "api", "image": f"ghcr.io/larkspur/checkout@{img}", "env": [{"name": "STRIPE_SECRET_KEY", "value": sk}, {"name": "LOG_LEVEL", "value": "info"}]}]}}}}
    msg = (f'admission webhook "validation.gatekeeper.sh" denied the request: [no-literal-secrets] container <api> sets env STRIPE_SECRET_KEY to a literal value "{sk}"; '
           "use valueFrom.secretKeyRef")
    return [interaction(request("PATCH", "https://10.96.0.1:443/apis/apps/v1/namespaces/shop/deployments/checkout?fieldManager=kubectl-client-side-apply&fieldValidation=Strict",
                                [("Authorization", "Bearer " + satok), ("Content-Type", "application/strategic-merge-patch+json")], dep),
                        response(400, rhead("application/json", [("Audit-Id", audit)]),
                                 {"kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Failure", "message": msg, "reason": "BadRequest", "code": 400}))]

# ----- public look-alikes ------------------------------------------------------------------------

@case("phrase-strings-download-password-labels", "public look-alikes")
def _():
    tok = S(F.hex(64), "names", "Phrase access token (Authorization: token ...)")
    proj = O(F.hex(32), "identifiers", "Phrase project id")
    loc = O(F.hex(32), "identifiers", "Phrase locale id")
    l1 = O("Forgot your password?", "labels", "i18n string mentioning password")
    l2 = O("Paste your API key here", "labels", "i18n string mentioning API key")
    l3 = O("Your session token has expired. Please sign in again.", "labels", "i18n string mentioning token")
    l4 = O("Passwort vergessen?", "labels", "German i18n string mentioning Passwort")
    yml = (f"en:\n  auth:\n    password_label: Password\n    forgot_password: \"{l1}\"\n    api_key_help: \"{l2}\"\n    token_expired: \"{l3}\"\n"
           f"de:\n  auth:\n    password_label: Passwort\n    forgot_password: \"{l4}\"\n")
    return [interaction(request("GET", f"https://api.phrase.com/v2/projects/{proj}/locales/{loc}/download?file_format=yml&include_empty_translations=true",
                                [("Authorization", "token " + tok), ("User-Agent", "Phrase CLI (2.33.1)")]),
                        response(200, [("Content-Type", "text/yaml; charset=utf-8"), ("ETag", 'W/"' + F.hex(32) + '"'), ("X-Request-Id", F.uuid())], yml))]


@case("public-config-endpoint-vs-admin-config", "public look-alikes")
def _():
    pk = O("pk_live_" + F.alnum(99), "public", "Stripe publishable key in the public config")
    mbx = O("pk.eyJ1IjoibGFya3NwdXIiLCJhIjoi" + F.b64url(22) + "In0." + F.b64url(22), "public", "Mapbox public token (pk.) in the public config")
    alg_app = O(F.pick(UPAN, 10), "public", "Algolia application id")
    alg_search = O(F.hex(32), "public", "Algolia search-only API key")
    site = O("6Lc" + F.b64url(37), "public", "reCAPTCHA site key")
    ph = O("phc_" + F.alnum(43), "public", "PostHog project API key (client-side)")
    sess = S(F.b64url(43), "other", "admin session cookie")
    admin = S(F.hex(32), "structure", "Algolia admin API key in the admin config")
    rsec = S("6Lc" + F.b64url(37), "structure", "reCAPTCHA secret key in the admin config (same shape as the site key)")
    pub = {"stripePublishableKey": pk, "mapboxToken": mbx, "algolia": {"appId": alg_app, "searchKey": alg_search, "index": "products_prod"},
           "recaptchaSiteKey": site, "posthog": {"key": ph, "host": "https://eu.i.posthog.com"}}
    return [
        interaction(request("GET", "https://www.larkspur-shop.example/api/public-config"), response(200, rhead("application/json", [("Cache-Control", "public, max-age=300")]), pub)),
        interaction(request("GET", "https://www.larkspur-shop.example/api/admin/config", [("Cookie", f"ls_admin={sess}")]),
                    response(200, rhead(), dict(pub, algolia=dict(pub["algolia"], adminKey=admin), recaptchaSecretKey=rsec)))]
# ----- more streams and prose --------------------------------------------------------------------

@case("litellm-proxy-key-generate-and-stream-password", "LLM APIs")
def _():
    master = S("sk-" + F.alnum(22), "other", "LiteLLM proxy master key (Authorization: Bearer of /key/generate)")
    vkey = S("sk-" + F.b64url(22), "structure", "virtual key returned by /key/generate, then used for chat")
    gen = S(F.pick(AN, 6) + "-" + F.pick(AN, 6) + "-" + F.pick(AN, 6), "streams", "password generated by the model, only present split across choices[0].delta.content chunks")
    tokhash = O(F.hex(64), "identifiers", "token (hashed key id) in the /key/generate response")
    alias = O("support-bot-prod", "labels", "key_alias")
    cid = O("chatcmpl-" + F.uuid(), "identifiers", "completion id of the chunks")
    call = O(F.uuid(), "identifiers", "x-litellm-call-id")
    parts = ["Here is a strong password: ", gen[:4], gen[4:9], gen[9:14], gen[14:], "\n\nStore it in your password manager."]
    chunk = lambda d, fin=None: {"id": cid, "created": 1796100012, "model": "gpt-4o-mini", "object": "chat.completion.chunk", "choices": [{"index": 0, "delta": d, "finish_reason": fin}]}
    events = [chunk({"role": "assistant", "content": ""})] + [chunk({"content": p}) for p in parts] + [chunk({}, "stop")]
    return [
        interaction(request("POST", "http://litellm.ai-platform.svc:4000/key/generate", [("Authorization", "Bearer " + master), ("Content-Type", "application/json")],
                            {"key_alias": alias, "models": ["gpt-4o-mini"], "max_budget": 50, "duration": "30d"}),
                    response(200, rhead(), {"key_alias": alias, "key": vkey, "token": tokhash, "models": ["gpt-4o-mini"], "max_budget": 50.0, "expires": "2026-12-31T08:30:12.000000Z"})),
        interaction(request("POST", "http://litellm.ai-platform.svc:4000/v1/chat/completions", [("Authorization", "Bearer " + vkey), ("Content-Type", "application/json")],
                            {"model": "gpt-4o-mini", "stream": True, "messages": [{"role": "user", "content": "Generate a strong password for the shared Wi-Fi, three groups of six."}]}),
                    response(200, rhead("text/event-stream; charset=utf-8", [("x-litellm-call-id", call), ("x-litellm-model-api-base", "https://api.openai.com")]), sse(events, done=True)))]


@case("vllm-completions-stream-regurgitated-key", "LLM APIs")
def _():
    key = S(F.b64url(32), "other", "vLLM server --api-key (Authorization: Bearer)")
    secret = S(F.aws_secret(), "streams", "AWS secret access key produced by a code-completion model, split across choices[0].text chunks")
    cid = O("cmpl-" + F.hex(32), "identifiers", "completion id")
    akid = F.aws_key_id()
    prompt = "import boto3\n\ns3 = boto3.client(\n    's3',\n    aws_access_key_id='"
    out = [akid[:8], akid[8:] + "',\n", "    aws_secret_access_key='", secret[:11], secret[11:23], secret[23:31], secret[31:], "',\n)\n"]
    chunk = lambda t, fin=None: {"id": cid, "object": "text_completion", "created": 1796100012, "model": "Qwen/Qwen2.5-Coder-7B", "choices": [{"index": 0, "text": t, "logprobs": None,
                                                                                                                                          "finish_reason": fin, "stop_reason": None}]}
    events = [chunk(t) for t in out] + [chunk("", "stop")]
    return [interaction(request("POST", "http://gpu-node-3.lab.internal:8000/v1/completions", [("Authorization", "Bearer " + key), ("Content-Type", "application/json")],
                                {"model": "Qwen/Qwen2.5-Coder-7B", "prompt": prompt, "max_tokens": 64, "temperature": 0.2, "stream": True}),
                        response(200, rhead("text/event-stream; charset=utf-8"), sse(events, done=True)))]


@case("docker-engine-logs-multiplexed-initial-password", "config dumps")
def _():
    pw = S(F.pick(AN, 20), "prose", "initial admin password printed by the container to stdout (multiplexed log frame)")
    dbpw = S(F.password(18), "prose", "password inside a database URL printed to stderr (multiplexed log frame)")
    cid = O(F.hex(64), "identifiers", "container id in the path")
    lines = [(1, "2026-12-01T08:30:10.1Z Initializing keystore...\n"), (1, f"2026-12-01T08:30:11.4Z *** Initial admin password: {pw} (change it after first login) ***\n"),
             (2, f"2026-12-01T08:30:11.9Z WARN could not reach postgresql://keycloak:{dbpw}@pg-primary:5432/keycloak, retrying in 5s\n"),
             (1, "2026-12-01T08:30:17.0Z Listening on 0.0.0.0:8080\n")]
    body = b"".join(bytes([stream, 0, 0, 0]) + struct.pack(">I", len(text.encode())) + text.encode() for stream, text in lines)
    return [interaction(request("GET", f"http://localhost/v1.47/containers/{cid}/logs?stdout=1&stderr=1&timestamps=1&tail=200"),
                        response(200, [("Content-Type", "application/vnd.docker.multiplexed-stream"), ("Api-Version", "1.47"), ("Docker-Experimental", "false"),
                                       ("Server", "Docker/27.3.1 (linux)")], body))]


@case("zendesk-ticket-comments-password-in-prose", "messaging")
def _():
    tok = F.alnum(40)
    S(tok, "other", "Zendesk API token (password of the email/token Basic credentials)")
    pw = S(F.password(14), "prose", "customer's password written in a ticket comment (plain_body and html_body)")
    mail = S(person("Ayesha", "Siddiqui", "karachi-textiles.pk"), "structure", "requester email in the users sideload")
    tid = O(F.digits(6), "identifiers", "ticket id")
    cids = [O(F.digits(14), "identifiers", f"comment id {i}") for i in range(2)]
    aid = O(F.digits(14), "identifiers", "audit_id of the first comment")
    text = f"Hi, I still cannot log in. My username is ayesha.s and the password I use is {pw} - please check what is wrong."
    comments = [{"id": int(cids[0]), "type": "Comment", "author_id": 9012, "body": text, "plain_body": text, "html_body": f'<div class="zd-comment"><p>{html.escape(text)}</p></div>',
                 "public": True, "audit_id": int(aid), "created_at": "2026-12-01T08:10:00Z"},
                {"id": int(cids[1]), "type": "Comment", "author_id": 4471, "body": "Thanks - please never share your password. I've sent a reset link.",
                 "plain_body": "Thanks - please never share your password. I've sent a reset link.", "public": True, "audit_id": int(F.digits(14)), "created_at": "2026-12-01T08:30:00Z"}]
    return [interaction(request("GET", f"https://karachitextiles.zendesk.com/api/v2/tickets/{tid}/comments.json?include=users",
                                [("Authorization", basic(S("support-lead@karachi-textiles.pk", "encoding", "agent email as the user part (email/token) of the Basic credentials") + "/token", tok))]),
                        response(200, rhead("application/json; charset=utf-8", [("X-Zendesk-Origin-Server", "app-server-" + F.hex(8)), ("x-request-id", F.hex(16) + "-FRA")]),
                                 {"comments": comments, "users": [{"id": 9012, "name": "Ayesha Siddiqui", "email": mail, "role": "end-user"}], "next_page": None, "count": 2}))]

# ---------------------------------------------------------------------------------------------
# Run
# ---------------------------------------------------------------------------------------------

if __name__ == "__main__":
    SPLIT.main(cassette_views)
