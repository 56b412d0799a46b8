"""Held-out corpus "Sealed": a blind test set for the scrubber.

Written without reading the scrubber, its tests, its documents, the token shape catalogue's users or
the other corpora: every case is written from providers' published API references, SDK test fixtures
and real-world traffic shapes as remembered, in situations and placements that differ from the
"Unseen" corpus. Every value is random (seeded) in the shape the provider issues; nothing here is a
credential.

Run from Tools/corpus:

    python3 make_sealed.py

It writes Tests/CassetteScrubbingTests/Corpus/Fresh/Sealed/s-*.json and manifest.json (twice gives
byte-identical files), then checks that every manifest value is findable in at least one decoded
view of its (unscrubbed) cassette, and exits 1 if not. `cassette_views(path)` is importable without
side effects (it is the Unseen corpus's view function, re-exported, so both corpora are measured
through the same decodings).
"""

import base64
import gzip
import hashlib
import hmac
import html
import io
import json
import os
import quopri
import string
import struct
import sys
import tarfile
import urllib.parse
import zipfile
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from cassettes import Fakes, basic, form, hop, interaction, multipart, q, request, response  # noqa: E402
from split import Split  # noqa: E402
from make_unseen import cassette_views  # noqa: E402,F401  (re-exported for the measuring script)


# ---------------------------------------------------------------------------------------------
# Fakes and encoders
# ---------------------------------------------------------------------------------------------

F = Fakes(20261219)
UP = string.ascii_uppercase
LO = string.ascii_lowercase
DG = string.digits
AN = UP + LO + DG
LOAN = LO + DG
UPAN = UP + DG
HX = "0123456789abcdef"
HXU = HX.upper()
B64U = AN + "-_"
B32U = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
CROCK = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
SALT = AN + "!@#$%^&*()-_[]{}<>~+=,.;:/?|"


def base62(number, width):
    out = ""
    while number:
        number, rest = divmod(number, 62)
        out = (DG + UP + LO)[rest] + out
    return out.rjust(width, "0")


def gh_token(prefix):
    body = F.pick(AN, 30)
    return prefix + body + base62(zlib.crc32(body.encode()), 6)


def b64(data):
    if isinstance(data, str):
        data = data.encode()
    return base64.b64encode(data).decode()


def b64u(data):
    if isinstance(data, str):
        data = data.encode()
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def b64u_json(value):
    return b64u(json.dumps(value, separators=(",", ":")))


def cf_b64(data):
    """CloudFront's URL-safe base64: + to -, = to _, / to ~."""
    return b64(data).replace("+", "-").replace("=", "_").replace("/", "~")


def jwt(claims, alg="RS256", sig=256, kid=None, typ="JWT"):
    head = {"alg": alg, "typ": typ}
    if kid:
        head["kid"] = kid
    return b64u_json(head) + "." + b64u_json(claims) + "." + b64u(F.bytes(sig))


def jwe():
    head = {"alg": "RSA-OAEP", "enc": "A256GCM", "cty": "JWT"}
    return ".".join([b64u_json(head), b64u(F.bytes(256)), b64u(F.bytes(12)), b64u(F.bytes(420)), b64u(F.bytes(16))])


def gz(data):
    if isinstance(data, str):
        data = data.encode()
    return gzip.compress(data, compresslevel=9, mtime=0)


def deflate(data):
    if isinstance(data, str):
        data = data.encode()
    return zlib.compress(data, 9)


def zip_bytes(members):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, content in members:
            info = zipfile.ZipInfo(name, date_time=(2026, 12, 1, 8, 30, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, content)
    return buffer.getvalue()


def tar_bytes(members):
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w", format=tarfile.USTAR_FORMAT) as archive:
        for name, content in members:
            data = content.encode() if isinstance(content, str) else content
            info = tarfile.TarInfo(name)
            info.size = len(data)
            info.mtime = 1796100000
            info.mode = 0o644
            info.uid = info.gid = 0
            info.uname = info.gname = ""
            archive.addfile(info, io.BytesIO(data))
    return buffer.getvalue()


def multipart_bytes(boundary, parts):
    """A multipart/form-data body as bytes, from (name, filename, content type, bytes or str) parts."""
    out = b""
    for name, filename, ctype, content in parts:
        out += f"--{boundary}\r\n".encode()
        disposition = f'form-data; name="{name}"'
        if filename:
            disposition += f'; filename="{filename}"'
        out += f"Content-Disposition: {disposition}\r\n".encode()
        if ctype:
            out += f"Content-Type: {ctype}\r\n".encode()
        out += b"\r\n" + (content.encode() if isinstance(content, str) else content) + b"\r\n"
    return out + f"--{boundary}--\r\n".encode()


def qp(text):
    return quopri.encodestring(text.encode("utf-8")).decode("ascii")


def sse(events, done=False):
    out = "".join(f"data: {json.dumps(e, separators=(',', ':'))}\n\n" for e in events)
    return out + ("data: [DONE]\n\n" if done else "")


def split_pieces(text, sizes):
    out, at = [], 0
    for size in sizes:
        out.append(text[at:at + size])
        at += size
    out.append(text[at:])
    return [piece for piece in out if piece]


def eventstream(headers, payload):
    """One message of the AWS event stream binary framing (prelude, headers, payload, CRCs)."""
    hdr = b""
    for name, value in headers:
        n, v = name.encode(), value.encode()
        hdr += bytes([len(n)]) + n + bytes([7]) + struct.pack(">H", len(v)) + v
    body = payload.encode() if isinstance(payload, str) else payload
    total = 12 + len(hdr) + len(body) + 4
    prelude = struct.pack(">II", total, len(hdr))
    prelude += struct.pack(">I", zlib.crc32(prelude))
    message = prelude + hdr + body
    return message + struct.pack(">I", zlib.crc32(message))


def ulid():
    return "01" + F.pick(CROCK, 24)


def sigv4_auth(key_id, date, region, service, signature, signed="host;x-amz-date"):
    return (f"AWS4-HMAC-SHA256 Credential={key_id}/{date}/{region}/{service}/aws4_request, "
            f"SignedHeaders={signed}, Signature={signature}")


def azure_secret():
    return F.pick(AN, 3) + F.pick(DG, 1) + "Q~" + F.pick(AN + "_-.~", 33) + F.pick(AN, 1)


def slack_bot():
    return "xoxb-" + F.digits(12) + "-" + F.digits(13) + "-" + F.alnum(24)


def rhead(ctype="application/json; charset=utf-8", extra=()):
    return [("Date", "Tue, 01 Dec 2026 08:30:12 GMT"), ("Content-Type", ctype)] + list(extra)


def jhead(extra=()):
    return [("Content-Type", "application/json")] + list(extra)


def email(first, last, domain):
    return f"{first}.{last}{F.digits(2)}@{domain}"


def pem_cert_line():
    """The first base64 line of a fake (public) certificate body."""
    return b64(b"0\x82\x03\x1a0\x82\x02\x02\xa0\x03\x02\x01\x02" + F.bytes(500))[:64]


# ---------------------------------------------------------------------------------------------
# Cases
# ---------------------------------------------------------------------------------------------

SPLIT = Split("Sealed", "s-")
case = SPLIT.case
S = SPLIT.secret
O = SPLIT.ordinary

# ----- cloud SDKs --------------------------------------------------------------------------------

@case("aws-dynamodb-getitem-attribute", "cloud SDKs")
def _():
    sig = S(F.sigv4(), "other", "SigV4 Signature= of a DynamoDB JSON 1.0 GetItem")
    tok = S(F.aws_session_token(), "other", "X-Amz-Security-Token of the calling role session")
    stored = S("whsec_" + F.alnum(32), "structure", "webhook signing secret stored as {\"S\": ...} under signing_secret")
    rid = O(F.pick(UPAN, 52), "identifiers", "x-amzn-RequestId: 52 upper-case alphanumerics")
    crc = O(str(3000000000 + F.rng.randrange(10**9)), "identifiers", "x-amz-crc32 of the response body")
    tenant = O("tnt_" + F.pick(LOAN, 18), "identifiers", "partition key value")
    endpoint = O("we_" + F.alnum(24), "identifiers", "endpoint id attribute beside the secret")
    body = {"TableName": "webhook-endpoints", "Key": {"tenant_id": {"S": tenant}}, "ConsistentRead": True}
    item = {"Item": {"tenant_id": {"S": tenant}, "endpoint_id": {"S": endpoint}, "url": {"S": "https://hooks.tenant.example/in"},
                     "signing_secret": {"S": stored}, "created_at": {"N": "1796001247"}, "version": {"N": "4"}}}
    return [interaction(
        request("POST", "https://dynamodb.eu-central-1.amazonaws.com/",
                [("Content-Type", "application/x-amz-json-1.0"), ("X-Amz-Target", "DynamoDB_20120810.GetItem"),
                 ("X-Amz-Date", "20261201T083012Z"), ("X-Amz-Security-Token", tok),
                 ("Authorization", sigv4_auth(F.aws_key_id("ASIA"), "20261201", "eu-central-1", "dynamodb", sig,
                                              "accept-encoding;content-type;host;x-amz-date;x-amz-security-token;x-amz-target")),
                 ("User-Agent", "aws-sdk-js/3.699.0 ua/2.1 os/linux#6.1 lang/js md/nodejs#20.18.1 api/dynamodb#3.699.0")], body),
        response(200, rhead("application/x-amz-json-1.0", [("x-amzn-RequestId", rid), ("x-amz-crc32", crc)]), item))]


@case("aws-lambda-getfunction-env-and-code-url", "cloud SDKs")
def _():
    sig = S(F.sigv4(), "other", "SigV4 signature of the Lambda GetFunction call")
    bot = S(slack_bot(), "structure", "Environment.Variables.SLACK_BOT_TOKEN")
    dbpw = S(F.password(22), "structure", "Environment.Variables.DB_PASSWORD")
    dsn_key = O(F.hex(32), "public", "Sentry DSN public key inside SENTRY_DSN: public by design")
    code_sha = O(b64(F.bytes(32)), "public", "CodeSha256: base64 hash of the deployment package")
    rev = O(F.uuid(), "identifiers", "RevisionId")
    layer = O(f"arn:aws:lambda:eu-west-1:{F.digits(12)}:layer:otel-collector:{F.digits(2)}", "identifiers", "layer ARN")
    url_sig = S(F.hex(64), "encoding", "X-Amz-Signature of the presigned Code.Location")
    url_tok = S(F.aws_session_token(), "encoding", "X-Amz-Security-Token, percent-encoded, in Code.Location")
    loc = (f"https://awslambda-eu-west-1-tasks.s3.eu-west-1.amazonaws.com/snapshots/{F.digits(12)}/orders-api-{F.uuid()}"
           f"?versionId={F.b64url(32)}&X-Amz-Security-Token={q(url_tok)}&X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Date=20261201T083012Z"
           f"&X-Amz-SignedHeaders=host&X-Amz-Expires=600&X-Amz-Credential={q(F.aws_key_id('ASIA') + '/20261201/eu-west-1/s3/aws4_request')}&X-Amz-Signature={url_sig}")
    env = {"LOG_LEVEL": "info", "SLACK_BOT_TOKEN": bot, "DB_HOST": "orders.cluster-c1x2.eu-west-1.rds.amazonaws.com",
           "DB_PASSWORD": dbpw, "SENTRY_DSN": f"https://{dsn_key}@o{F.digits(6)}.ingest.de.sentry.io/{F.digits(7)}"}
    body = {"Configuration": {"FunctionName": "orders-api", "Runtime": "nodejs20.x", "Handler": "index.handler", "CodeSize": 4821033,
                              "CodeSha256": code_sha, "RevisionId": rev, "Environment": {"Variables": env},
                              "Layers": [{"Arn": layer, "CodeSize": 30144}], "LastUpdateStatus": "Successful"},
            "Code": {"RepositoryType": "S3", "Location": loc}, "Tags": {"team": "orders"}}
    return [interaction(
        request("GET", "https://lambda.eu-west-1.amazonaws.com/2015-03-31/functions/orders-api",
                [("X-Amz-Date", "20261201T083012Z"), ("Authorization", sigv4_auth(F.aws_key_id(), "20261201", "eu-west-1", "lambda", sig))]),
        response(200, rhead("application/json", [("x-amzn-RequestId", O(F.uuid(), "identifiers", "x-amzn-RequestId"))]), body))]


@case("aws-ecr-authorization-token-docker-login", "registries")
def _():
    inner = b64(json.dumps({"payload": b64(F.bytes(540)), "datakey": b64(F.bytes(180)), "version": "2", "type": "DATA_KEY", "expiration": 1796044212}))
    S(inner, "encoding", "ECR registry password: base64 JSON inside base64('AWS:' + password)")
    token = S(b64("AWS:" + inner), "other", "authorizationData[].authorizationToken")
    sig = S(F.sigv4(), "other", "SigV4 signature of GetAuthorizationToken")
    account = F.digits(12)
    endpoint = O(f"https://{account}.dkr.ecr.eu-west-1.amazonaws.com", "identifiers", "proxyEndpoint")
    digest = O("sha256:" + F.hex(64), "identifiers", "Docker-Content-Digest of the pulled manifest")
    rid = O(F.uuid(), "identifiers", "x-amzn-RequestId")
    return [
        interaction(request("POST", "https://api.ecr.eu-west-1.amazonaws.com/",
                            [("Content-Type", "application/x-amz-json-1.1"), ("X-Amz-Target", "AmazonEC2ContainerRegistry_V20150921.GetAuthorizationToken"),
                             ("X-Amz-Date", "20261201T083012Z"), ("Authorization", sigv4_auth(F.aws_key_id(), "20261201", "eu-west-1", "ecr", sig))], {}),
                    response(200, rhead("application/x-amz-json-1.1", [("x-amzn-RequestId", rid)]),
                             {"authorizationData": [{"authorizationToken": token, "expiresAt": 1796044212.451, "proxyEndpoint": endpoint}]})),
        interaction(request("GET", f"{endpoint}/v2/orders-api/manifests/2026.12.01", [("Authorization", "Basic " + token), ("Accept", "application/vnd.docker.distribution.manifest.v2+json")]),
                    response(200, [("Content-Type", "application/vnd.docker.distribution.manifest.v2+json"), ("Docker-Content-Digest", digest), ("Docker-Distribution-Api-Version", "registry/2.0")],
                             {"schemaVersion": 2, "mediaType": "application/vnd.docker.distribution.manifest.v2+json",
                              "config": {"mediaType": "application/vnd.docker.container.image.v1+json", "size": 6120, "digest": "sha256:" + F.hex(64)}, "layers": []}))]


@case("vault-aws-iam-login-nested-b64", "cloud SDKs")
def _():
    sig = S(F.sigv4(), "encoding", "SigV4 signature inside base64 JSON iam_request_headers")
    tok = S(F.aws_session_token(), "encoding", "X-Amz-Security-Token inside base64 JSON iam_request_headers")
    client = S("hvs.CAESI" + F.b64url(90), "other", "auth.client_token of the Vault login response")
    accessor = O(F.pick(AN, 24), "public", "auth.accessor: not usable as a token")
    entity = O(F.uuid(), "identifiers", "auth.entity_id")
    arn = O(f"arn:aws:iam::{F.digits(12)}:role/gha-deployer", "identifiers", "canonical_arn in metadata")
    req_id = O(F.uuid(), "identifiers", "request_id of the Vault response")
    headers = {"Authorization": [sigv4_auth(F.aws_key_id("ASIA"), "20261201", "us-east-1", "sts", sig,
                                            "content-length;content-type;host;x-amz-date;x-amz-security-token;x-vault-aws-iam-server-id")],
               "Content-Type": ["application/x-www-form-urlencoded; charset=utf-8"], "X-Amz-Date": ["20261201T083012Z"],
               "X-Amz-Security-Token": [tok], "X-Vault-Aws-Iam-Server-Id": ["vault.acme.internal"]}
    body = {"role": "gha-deployer", "iam_http_request_method": "POST", "iam_request_url": b64("https://sts.amazonaws.com/"),
            "iam_request_body": b64("Action=GetCallerIdentity&Version=2011-06-15"), "iam_request_headers": b64(json.dumps(headers))}
    return [interaction(request("POST", "https://vault.acme.internal:8200/v1/auth/aws/login", jhead([("X-Vault-Request", "true")]), body),
                        response(200, rhead(extra=[("Cache-Control", "no-store")]),
                                 {"request_id": req_id, "lease_id": "", "renewable": False, "lease_duration": 0, "data": None,
                                  "auth": {"client_token": client, "accessor": accessor, "policies": ["default", "deploy"], "token_policies": ["default", "deploy"],
                                           "metadata": {"account_id": arn.split(":")[4], "auth_type": "iam", "canonical_arn": arn, "role_id": F.uuid()},
                                           "lease_duration": 2764800, "renewable": True, "entity_id": entity, "token_type": "service", "orphan": True}}))]


@case("gcp-secret-manager-access-versions", "cloud SDKs")
def _():
    at = S("ya29.c.c0" + F.b64url(220), "other", "bearer token of the Secret Manager calls")
    value = S("rk_live_51" + F.alnum(97), "encoding", "payload.data: base64 of a restricted Stripe key")
    pem, line = F.pem()
    S(line, "encoding", "a line of a service-account private key inside base64 payload.data JSON")
    proj = O(F.digits(12), "identifiers", "project number in the version name")
    crc1 = O(str(1000000000 + zlib.crc32(value.encode()) % 3000000000), "public", "payload.dataCrc32c")
    kid = O(F.hex(40), "public", "private_key_id inside the stored key file")
    keyfile = json.dumps({"type": "service_account", "project_id": "acme-billing-prod", "private_key_id": kid, "private_key": pem,
                          "client_email": "invoicer@acme-billing-prod.iam.gserviceaccount.com", "client_id": F.digits(21)}, indent=2)
    base = f"https://secretmanager.googleapis.com/v1/projects/{proj}/secrets"
    return [
        interaction(request("GET", f"{base}/stripe-restricted/versions/latest:access", [("Authorization", f"Bearer {at}"), ("x-goog-api-client", "gl-go/1.23.3 gccl/1.14.2")]),
                    response(200, rhead(), {"name": f"projects/{proj}/secrets/stripe-restricted/versions/7", "payload": {"data": b64(value), "dataCrc32c": crc1}})),
        interaction(request("GET", f"{base}/invoicer-sa-key/versions/3:access", [("Authorization", f"Bearer {at}")]),
                    response(200, rhead(), {"name": f"projects/{proj}/secrets/invoicer-sa-key/versions/3", "payload": {"data": b64(keyfile), "dataCrc32c": str(1000000000 + F.rng.randrange(10**9))}}))]


@case("gcp-cloud-run-service-env", "cloud SDKs")
def _():
    at = S("ya29.a0" + F.b64url(190), "other", "bearer token of the Cloud Run admin call")
    pw = S(F.password(24), "structure", "password in a DATABASE_URL env value (Cloud SQL socket form)")
    sg = S("SG." + F.b64url(22) + "." + F.b64url(43), "structure", "env value of SENDGRID_API_KEY")
    etag = O('"' + F.b64url(27) + '"', "identifiers", "service etag")
    uid = O(F.uuid(), "identifiers", "service uid")
    rev = O("billing-api-000" + F.digits(2) + "-" + F.pick(LO, 3), "identifiers", "latestReadyRevision")
    digest = O("sha256:" + F.hex(64), "identifiers", "container image digest")
    uri = O("https://billing-api-" + F.pick(LOAN, 10) + "-ew.a.run.app", "identifiers", "service URI")
    body = {"name": "projects/acme-billing-prod/locations/europe-west1/services/billing-api", "uid": uid, "generation": "42", "etag": etag,
            "template": {"containers": [{"image": f"europe-west1-docker.pkg.dev/acme-billing-prod/apps/billing-api@{digest}",
                                         "env": [{"name": "NODE_ENV", "value": "production"},
                                                 {"name": "DATABASE_URL", "value": f"postgresql://billing:{q(pw)}@/billing?host=/cloudsql/acme-billing-prod:europe-west1:billing-pg"},
                                                 {"name": "SENDGRID_API_KEY", "value": sg},
                                                 {"name": "STRIPE_KEY", "valueSource": {"secretKeyRef": {"secret": "stripe-restricted", "version": "latest"}}}],
                                         "resources": {"limits": {"cpu": "1000m", "memory": "512Mi"}}}],
                         "serviceAccount": "billing-api@acme-billing-prod.iam.gserviceaccount.com"},
            "latestReadyRevision": f"projects/acme-billing-prod/locations/europe-west1/services/billing-api/revisions/{rev}", "uri": uri}
    return [interaction(request("GET", "https://run.googleapis.com/v2/projects/acme-billing-prod/locations/europe-west1/services/billing-api", [("Authorization", f"Bearer {at}")]),
                        response(200, rhead(), body))]


@case("azure-functions-host-keys-and-code", "cloud SDKs")
def _():
    master = S(F.b64url(54) + "==", "names", "x-functions-key header carrying the host master key")
    k1 = S(F.b64url(54) + "==", "structure", "keys[].value of the default host key")
    k2 = S(F.b64url(54) + "==", "structure", "keys[].value of a named host key")
    app_id = O(F.uuid(), "identifiers", "Request-Context appId")
    inv = O(F.uuid(), "identifiers", "invocation id in the function response")
    site = "func-ingest-" + F.pick(LOAN, 6)
    return [
        interaction(request("GET", f"https://{site}.azurewebsites.net/admin/host/keys", [("x-functions-key", master)]),
                    response(200, rhead(extra=[("Request-Context", f"appId=cid-v1:{app_id}")]),
                             {"keys": [{"name": "default", "value": k1}, {"name": "partner-acme", "value": k2}],
                              "links": [{"rel": "self", "href": f"https://{site}.azurewebsites.net/admin/host/keys"}]})),
        interaction(request("POST", f"https://{site}.azurewebsites.net/api/ingest?code={q(k1)}", jhead(), {"source": "pos-17", "events": 12}),
                    response(202, rhead(extra=[("Request-Context", f"appId=cid-v1:{app_id}")]), {"accepted": 12, "invocationId": inv}))]


@case("cloudflare-global-key-worker-secret", "cloud SDKs")
def _():
    person = S(email("noor", "haddad", "gmail.com"), "other", "X-Auth-Email: the account owner's personal address")
    gkey = S(F.hex(37), "names", "X-Auth-Key: Cloudflare global API key")
    jwt_key = S(b64(F.bytes(48)), "structure", "text of a secret_text Worker binding in the request body")
    api_tok = S(F.b64url(40), "other", "Cloudflare API token as Bearer")
    acct = O(F.hex(32), "identifiers", "account id: 32 hex, same alphabet as the keys")
    zone = O(F.hex(32), "identifiers", "zone id")
    ray = O(F.hex(16) + "-AMS", "identifiers", "cf-ray")
    return [
        interaction(request("PUT", f"https://api.cloudflare.com/client/v4/accounts/{acct}/workers/scripts/edge-auth/secrets",
                            jhead([("X-Auth-Email", person), ("X-Auth-Key", gkey)]), {"name": "JWT_SIGNING_KEY", "text": jwt_key, "type": "secret_text"}),
                    response(200, rhead(extra=[("cf-ray", ray)]), {"success": True, "errors": [], "messages": [], "result": {"name": "JWT_SIGNING_KEY", "type": "secret_text"}})),
        interaction(request("GET", "https://api.cloudflare.com/client/v4/zones?name=acme.example", [("Authorization", f"Bearer {api_tok}")]),
                    response(200, rhead(extra=[("cf-ray", O(F.hex(16) + "-AMS", "identifiers", "cf-ray of the second call"))]),
                             {"success": True, "result": [{"id": zone, "name": "acme.example", "status": "active", "account": {"id": acct, "name": "Acme"},
                                                           "name_servers": ["kai.ns.cloudflare.com", "uma.ns.cloudflare.com"]}], "result_info": {"page": 1, "count": 1}}))]


@case("alibaba-oss-put-and-signature-echo", "cloud SDKs")
def _():
    key_id = "LTAI5t" + F.alnum(18)
    sig1 = S(b64(F.bytes(20)), "other", "OSS header signature after the access key id in Authorization")
    sts = S("CAIS" + b64(F.bytes(300)), "other", "x-oss-security-token (STS token)")
    sig2 = S(b64(F.bytes(20)), "echoes", "signature of a failed request, echoed in <SignatureProvided>")
    md5 = O(b64(F.bytes(16)), "public", "Content-MD5 of the upload")
    rid = O(F.pick(HXU, 24), "identifiers", "x-oss-request-id")
    etag = O(F.pick(HXU, 32), "identifiers", "ETag of the object")
    crc = O(F.digits(20), "public", "x-oss-hash-crc64ecma")
    rid2 = O(F.pick(HXU, 24), "identifiers", "RequestId of the error")
    host = "acme-logs-cn.oss-cn-hangzhou.aliyuncs.com"
    err = (f'<?xml version="1.0" encoding="UTF-8"?>\n<Error>\n  <Code>SignatureDoesNotMatch</Code>\n  <Message>The request signature we calculated does not match the signature you provided. Check your key and signing method.</Message>\n'
           f"  <RequestId>{rid2}</RequestId>\n  <HostId>{host}</HostId>\n  <OSSAccessKeyId>{key_id}</OSSAccessKeyId>\n  <SignatureProvided>{sig2}</SignatureProvided>\n"
           f"  <StringToSign>GET\n\n\nTue, 01 Dec 2026 08:30:12 GMT\nx-oss-security-token:{sts[:24]}...\n/acme-logs-cn/2026/12/01/app.log</StringToSign>\n  <EC>0002-00000040</EC>\n</Error>\n")
    return [
        interaction(request("PUT", f"https://{host}/2026/12/01/app.log", [("Date", "Tue, 01 Dec 2026 08:30:12 GMT"), ("Content-MD5", md5), ("Content-Type", "text/plain"),
                                                                         ("x-oss-security-token", sts), ("Authorization", f"OSS {key_id}:{sig1}")], "2026-12-01T08:30:11Z INFO started\n"),
                    response(200, [("x-oss-request-id", rid), ("ETag", f'"{etag}"'), ("x-oss-hash-crc64ecma", crc), ("Server", "AliyunOSS")])),
        interaction(request("GET", f"https://{host}/2026/12/01/app.log", [("Date", "Tue, 01 Dec 2026 08:30:12 GMT"), ("x-oss-security-token", sts), ("Authorization", f"OSS {key_id}:{sig2}")]),
                    response(403, rhead("application/xml", [("x-oss-request-id", rid2), ("x-oss-ec", "0002-00000040")]), err))]


@case("openstack-keystone-subject-token", "cloud SDKs")
def _():
    pw = S(F.password(20), "other", "password of a password-method Keystone auth")
    tok = S("gAAAAAB" + F.b64url(176), "other", "X-Subject-Token (Fernet token) and later X-Auth-Token")
    proj = O(F.hex(32), "identifiers", "project id: 32 hex")
    user = O(F.hex(32), "identifiers", "user id: 32 hex")
    ep = O(F.hex(32), "identifiers", "catalog endpoint id")
    audit = O(F.b64url(22), "identifiers", "audit_ids[] of the token")
    req = O("req-" + F.uuid(), "identifiers", "X-Openstack-Request-Id")
    body = {"auth": {"identity": {"methods": ["password"], "password": {"user": {"name": "svc-backup", "domain": {"name": "Default"}, "password": pw}}},
                     "scope": {"project": {"id": proj}}}}
    token = {"token": {"methods": ["password"], "user": {"domain": {"id": "default", "name": "Default"}, "id": user, "name": "svc-backup", "password_expires_at": None},
                       "audit_ids": [audit], "expires_at": "2026-12-01T20:30:12.000000Z", "issued_at": "2026-12-01T08:30:12.000000Z",
                       "project": {"domain": {"id": "default", "name": "Default"}, "id": proj, "name": "backups"}, "is_domain": False, "roles": [{"id": F.hex(32), "name": "member"}],
                       "catalog": [{"endpoints": [{"id": ep, "interface": "public", "region_id": "RegionOne", "url": f"https://swift.acme.cloud:8080/v1/AUTH_{proj}", "region": "RegionOne"}],
                                    "id": F.hex(32), "type": "object-store", "name": "swift"}]}}
    return [
        interaction(request("POST", "https://keystone.acme.cloud:5000/v3/auth/tokens", jhead([("User-Agent", "openstacksdk/4.1.0 keystoneauth1/5.8.0 python-requests/2.32.3 CPython/3.12.7")]), body),
                    response(201, rhead(extra=[("X-Subject-Token", tok), ("X-Openstack-Request-Id", req), ("Vary", "X-Auth-Token")]), token)),
        interaction(request("HEAD", f"https://swift.acme.cloud:8080/v1/AUTH_{proj}/db-dumps", [("X-Auth-Token", tok)]),
                    response(204, [("X-Container-Object-Count", "412"), ("X-Trans-Id", O("tx" + F.hex(21) + "-00" + F.hex(8), "identifiers", "X-Trans-Id of Swift")), ("X-Openstack-Request-Id", "tx" + F.hex(21))]))]

# ----- OAuth / OIDC / identity providers ---------------------------------------------------------

@case("cognito-user-password-auth", "identity providers")
def _():
    cid = O(F.pick(LOAN, 26), "public", "Cognito app client id")
    person = S(email("elif", "yildiz", "gmail.com"), "other", "USERNAME (a person's e-mail) in AuthParameters")
    pw = S(F.password(16), "other", "PASSWORD in AuthParameters")
    sh = S(b64(F.bytes(32)), "other", "SECRET_HASH: HMAC of username and client id under the client secret")
    pool = "eu-central-1_" + F.pick(AN, 9)
    at = S(jwt({"sub": F.uuid(), "iss": f"https://cognito-idp.eu-central-1.amazonaws.com/{pool}", "client_id": cid, "token_use": "access", "scope": "aws.cognito.signin.user.admin"}, kid=b64(F.bytes(32))), "other", "AuthenticationResult.AccessToken")
    idt = S(jwt({"sub": F.uuid(), "aud": cid, "email": person, "token_use": "id", "cognito:username": F.uuid()}, kid=b64(F.bytes(32))), "other", "AuthenticationResult.IdToken")
    rt = S(jwe(), "other", "AuthenticationResult.RefreshToken (a five-part JWE)")
    rid = O(F.uuid(), "identifiers", "x-amzn-RequestId")
    return [interaction(
        request("POST", "https://cognito-idp.eu-central-1.amazonaws.com/", [("Content-Type", "application/x-amz-json-1.1"), ("X-Amz-Target", "AWSCognitoIdentityProviderService.InitiateAuth"),
                                                                           ("X-Amz-User-Agent", "aws-amplify/6.10.0 auth/2 framework/2")],
                {"AuthFlow": "USER_PASSWORD_AUTH", "ClientId": cid, "AuthParameters": {"USERNAME": person, "PASSWORD": pw, "SECRET_HASH": sh}, "ClientMetadata": {}}),
        response(200, rhead("application/x-amz-json-1.1", [("x-amzn-RequestId", rid)]),
                 {"AuthenticationResult": {"AccessToken": at, "ExpiresIn": 3600, "IdToken": idt, "RefreshToken": rt, "TokenType": "Bearer"}, "ChallengeParameters": {}}))]


@case("gcp-workload-identity-federation-sts", "OAuth/OIDC")
def _():
    proj_num = O(F.digits(12), "identifiers", "project number in the workload identity pool audience")
    sa = O(f"deployer@acme-infra-{F.digits(6)}.iam.gserviceaccount.com", "identifiers", "service account e-mail being impersonated")
    subject = S(jwt({"iss": "https://token.actions.githubusercontent.com", "aud": f"//iam.googleapis.com/projects/{proj_num}/locations/global/workloadIdentityPools/gh/providers/gh",
                     "sub": "repo:acme/infra:ref:refs/heads/main", "repository": "acme/infra", "sha": F.hex(40), "run_id": F.digits(11)}, kid=F.hex(40).upper()),
                "other", "subjectToken: a GitHub Actions OIDC token")
    fed = S("ya29.d.c0" + F.b64url(300), "other", "federated access_token from sts.googleapis.com")
    sa_at = S("ya29.c.c0" + F.b64url(240), "other", "accessToken of generateAccessToken")
    aud = f"//iam.googleapis.com/projects/{proj_num}/locations/global/workloadIdentityPools/gh/providers/gh"
    return [
        interaction(request("POST", "https://sts.googleapis.com/v1/token", jhead(),
                            {"audience": aud, "grantType": "urn:ietf:params:oauth:grant-type:token-exchange", "requestedTokenType": "urn:ietf:params:oauth:token-type:access_token",
                             "scope": "https://www.googleapis.com/auth/cloud-platform", "subjectTokenType": "urn:ietf:params:oauth:token-type:jwt", "subjectToken": subject}),
                    response(200, rhead(), {"access_token": fed, "issued_token_type": "urn:ietf:params:oauth:token-type:access_token", "token_type": "Bearer", "expires_in": 3599})),
        interaction(request("POST", f"https://iamcredentials.googleapis.com/v1/projects/-/serviceAccounts/{sa}:generateAccessToken", jhead([("Authorization", f"Bearer {fed}")]),
                            {"scope": ["https://www.googleapis.com/auth/cloud-platform"], "lifetime": "3600s"}),
                    response(200, rhead(), {"accessToken": sa_at, "expireTime": "2026-12-01T09:30:12Z"}))]


@case("entra-client-credentials-add-password", "identity providers")
def _():
    tenant = O(F.uuid(), "identifiers", "tenant id")
    app_id = O(F.uuid(), "public", "client_id (appId) of the automation app")
    obj = O(F.uuid(), "identifiers", "application object id in the Graph path")
    csec = S(azure_secret(), "other", "client_secret in the client-credentials form")
    at = S(jwt({"aud": "https://graph.microsoft.com", "iss": f"https://sts.windows.net/{tenant}/", "appid": app_id, "roles": ["Application.ReadWrite.OwnedBy"], "tid": tenant}, kid=F.b64url(27)), "other", "Graph access_token")
    new = S(azure_secret(), "other", "secretText of a newly added password credential")
    key_id = O(F.uuid(), "identifiers", "keyId of the new password credential")
    rid = O(F.uuid(), "identifiers", "request-id of the Graph call")
    return [
        interaction(request("POST", f"https://login.microsoftonline.com/{tenant}/oauth2/v2.0/token", [("Content-Type", "application/x-www-form-urlencoded")],
                            form([("client_id", app_id), ("scope", "https://graph.microsoft.com/.default"), ("client_secret", csec), ("grant_type", "client_credentials")])),
                    response(200, rhead(extra=[("x-ms-request-id", O(F.uuid(), "identifiers", "x-ms-request-id of the token endpoint"))]), {"token_type": "Bearer", "expires_in": 3599, "ext_expires_in": 3599, "access_token": at})),
        interaction(request("POST", f"https://graph.microsoft.com/v1.0/applications/{obj}/addPassword", jhead([("Authorization", f"Bearer {at}")]),
                            {"passwordCredential": {"displayName": "rotated-2026-12", "endDateTime": "2027-06-01T00:00:00Z"}}),
                    response(200, rhead(extra=[("request-id", rid), ("client-request-id", rid)]),
                             {"@odata.context": "https://graph.microsoft.com/v1.0/$metadata#microsoft.graph.passwordCredential", "customKeyIdentifier": None,
                              "displayName": "rotated-2026-12", "endDateTime": "2027-06-01T00:00:00Z", "hint": new[:3], "keyId": key_id, "secretText": new,
                              "startDateTime": "2026-12-01T08:30:12Z"}))]


@case("oauth-par-jarm-code-flow", "OAuth/OIDC")
def _():
    cid = O("bank-portal-" + F.pick(LOAN, 8), "public", "client_id")
    csec = S(F.b64url(48), "other", "client_secret posted in the PAR body (client_secret_post)")
    verifier = S(F.b64url(64), "other", "PKCE code_verifier of the token request")
    challenge = O(b64u(hashlib.sha256(verifier.encode()).digest()), "public", "code_challenge in the PAR body")
    state = O(F.b64url(24), "public", "state of the pushed request")
    req_uri = O("urn:ietf:params:oauth:request_uri:" + F.b64url(32), "identifiers", "request_uri returned by PAR (a reference, not a credential; contestable)")
    code = S(F.b64url(43), "encoding", "authorization code inside the signed JARM response JWT")
    jarm = S(jwt({"iss": "https://as.bank.example", "aud": cid, "exp": 1796001312, "code": code, "state": state}, alg="PS256", kid=F.b64url(16)), "other", "JARM response= JWT in the callback URL")
    at = S(F.b64url(48), "other", "opaque access_token")
    rt = S(F.b64url(64), "other", "refresh_token")
    cb = f"https://portal.bank.example/cb?response={jarm}"
    authz = f"https://as.bank.example/authorize?client_id={cid}&request_uri={q(req_uri)}"
    return [
        interaction(request("POST", "https://as.bank.example/par", [("Content-Type", "application/x-www-form-urlencoded")],
                            form([("client_id", cid), ("client_secret", csec), ("response_type", "code"), ("response_mode", "query.jwt"), ("redirect_uri", "https://portal.bank.example/cb"),
                                  ("scope", "openid accounts"), ("state", state), ("code_challenge", challenge), ("code_challenge_method", "S256")])),
                    response(201, rhead(extra=[("Cache-Control", "no-store")]), {"request_uri": req_uri, "expires_in": 60})),
        interaction(request("GET", authz), response(200, rhead("text/html"), "<html><body>ok</body></html>", url=cb),
                    redirects=[hop("GET", authz, 303, [("Location", cb)])]),
        interaction(request("POST", "https://as.bank.example/token", [("Content-Type", "application/x-www-form-urlencoded")],
                            form([("grant_type", "authorization_code"), ("code", code), ("redirect_uri", "https://portal.bank.example/cb"), ("code_verifier", verifier),
                                  ("client_id", cid), ("client_secret", csec)])),
                    response(200, rhead(extra=[("Cache-Control", "no-store")]), {"access_token": at, "token_type": "Bearer", "expires_in": 300, "refresh_token": rt, "scope": "openid accounts"}))]


@case("forgerock-am-callbacks-tokenid", "identity providers")
def _():
    auth_id = S(jwt({"otk": F.b64url(26), "authIndexValue": "Login", "realm": "/alpha", "sessionId": "*AAJTSQACMDIAB" + F.b64url(40)}, alg="HS256", sig=32), "other", "authId JWT carried between callback rounds")
    person = S(email("bruno", "ferreira", "sapo.pt"), "other", "IDToken1 input value: a person's e-mail as user name")
    pw = S(F.password(17), "structure", "IDToken2 input value of a PasswordCallback")
    tid = S("AQIC5wM2LY4Sf" + F.b64url(60) + ".*AAJTSQACMDIAAlNLABQt" + F.b64url(24) + "*", "other", "tokenId (SSO token) and iPlanetDirectoryPro cookie")
    txn = O(F.uuid() + "-" + F.digits(6), "identifiers", "X-ForgeRock-TransactionId")
    url = "https://am.acme.example/am/json/realms/root/realms/alpha/authenticate"
    def callbacks(name, password):
        return [{"type": "NameCallback", "output": [{"name": "prompt", "value": "User Name"}], "input": [{"name": "IDToken1", "value": name}], "_id": 0},
                {"type": "PasswordCallback", "output": [{"name": "prompt", "value": "Password"}], "input": [{"name": "IDToken2", "value": password}], "_id": 1}]
    h = jhead([("Accept-API-Version", "resource=2.0, protocol=1.0"), ("X-ForgeRock-TransactionId", txn)])
    return [
        interaction(request("POST", url, h, {}), response(200, rhead(), {"authId": auth_id, "callbacks": callbacks("", ""), "header": "Sign In", "stage": "DataStore1"})),
        interaction(request("POST", url, h, {"authId": auth_id, "callbacks": callbacks(person, pw)}),
                    response(200, rhead(extra=[("Set-Cookie", f"iPlanetDirectoryPro={tid}; Domain=acme.example; Path=/; Secure; HttpOnly; SameSite=none")]),
                             {"tokenId": tid, "successUrl": "/enduser/?realm=/alpha", "realm": "/alpha"}))]


@case("aws-sso-oidc-device-role-credentials", "identity providers")
def _():
    client_id = O(F.b64url(22), "public", "clientId of the registered public OIDC client")
    client_secret = S("eyJraWQiOiJrZXktMTU2NDAyODA5OSIsImFsZyI6IkhTMzg0In0." + F.b64url(420) + "." + F.b64url(64), "other", "clientSecret of RegisterClient")
    device = S(F.b64url(86), "other", "deviceCode")
    user_code = O(F.pick("BCDFGHJKLMNPQRSTVWXZ", 4) + "-" + F.pick("BCDFGHJKLMNPQRSTVWXZ", 4), "public", "userCode shown to the user")
    at = S("aoa" + F.b64url(300), "other", "accessToken, later the x-amz-sso_bearer_token header")
    rt = S("aor" + F.b64url(300), "other", "refreshToken")
    secret = S(F.aws_secret(), "other", "roleCredentials.secretAccessKey")
    stok = S(F.aws_session_token(), "other", "roleCredentials.sessionToken")
    account = O(F.digits(12), "identifiers", "account_id query parameter")
    base = "https://oidc.eu-west-1.amazonaws.com"
    return [
        interaction(request("POST", f"{base}/client/register", jhead(), {"clientName": "botocore-client-acme", "clientType": "public", "scopes": ["sso:account:access"]}),
                    response(200, rhead(), {"clientId": client_id, "clientSecret": client_secret, "clientIdIssuedAt": 1796001012, "clientSecretExpiresAt": 1803777012})),
        interaction(request("POST", f"{base}/device_authorization", jhead(), {"clientId": client_id, "clientSecret": client_secret, "startUrl": "https://acme.awsapps.com/start"}),
                    response(200, rhead(), {"deviceCode": device, "expiresIn": 600, "interval": 1, "userCode": user_code,
                                            "verificationUri": "https://device.sso.eu-west-1.amazonaws.com/", "verificationUriComplete": f"https://device.sso.eu-west-1.amazonaws.com/?user_code={user_code}"})),
        interaction(request("POST", f"{base}/token", jhead(), {"clientId": client_id, "clientSecret": client_secret, "deviceCode": device, "grantType": "urn:ietf:params:oauth:grant-type:device_code"}),
                    response(200, rhead(), {"accessToken": at, "expiresIn": 28800, "refreshToken": rt, "tokenType": "Bearer"})),
        interaction(request("GET", f"https://portal.sso.eu-west-1.amazonaws.com/federation/credentials?account_id={account}&role_name=PlatformAdmin", [("x-amz-sso_bearer_token", at)]),
                    response(200, rhead(), {"roleCredentials": {"accessKeyId": F.aws_key_id("ASIA"), "secretAccessKey": secret, "sessionToken": stok, "expiration": 1796004612000}}))]


@case("apple-sign-in-form-post-and-token", "identity providers")
def _():
    cid = O("com.acme.web." + F.pick(LO, 6), "public", "Services ID used as client_id")
    team = O(F.pick(UPAN, 10), "identifiers", "Apple team id (iss of the client secret)")
    code = S("c" + F.hex(32) + ".0.s" + F.pick(LOAN, 3) + "." + F.b64url(22), "other", "authorization code in the form_post callback and token form")
    state = O(F.hex(24), "public", "state of the form_post callback")
    person = S(email("lena", "hoffmann", "icloud.com"), "other", "e-mail inside the user JSON of the first sign-in")
    csec = S(jwt({"iss": team, "iat": 1796001012, "exp": 1811553012, "aud": "https://appleid.apple.com", "sub": cid}, alg="ES256", sig=64, kid=F.pick(UPAN, 10)), "other", "client_secret: an ES256 JWT")
    at = S("a" + F.hex(32) + ".0.s" + F.pick(LOAN, 3) + "." + F.b64url(22), "other", "access_token")
    rt = S("r" + F.hex(32) + ".0.s" + F.pick(LOAN, 3) + "." + F.b64url(22), "other", "refresh_token")
    idt = S(jwt({"iss": "https://appleid.apple.com", "aud": cid, "sub": "00" + F.digits(4) + "." + F.hex(32) + "." + F.digits(4), "email": person, "email_verified": True}, kid=F.pick(UPAN, 10)), "other", "id_token")
    user = json.dumps({"name": {"firstName": "Lena", "lastName": "Hoffmann"}, "email": person})
    return [
        interaction(request("POST", "https://www.acme.example/auth/apple/callback", [("Content-Type", "application/x-www-form-urlencoded"), ("Origin", "https://appleid.apple.com")],
                            form([("state", state), ("code", code), ("user", user)])),
                    response(302, [("Location", "/welcome"), ("Set-Cookie", "apple_state=; Max-Age=0; Path=/")])),
        interaction(request("POST", "https://appleid.apple.com/auth/token", [("Content-Type", "application/x-www-form-urlencoded")],
                            form([("client_id", cid), ("client_secret", csec), ("code", code), ("grant_type", "authorization_code"), ("redirect_uri", "https://www.acme.example/auth/apple/callback")])),
                    response(200, rhead(), {"access_token": at, "token_type": "Bearer", "expires_in": 3600, "refresh_token": rt, "id_token": idt}))]


@case("slack-oauth-v2-install", "OAuth/OIDC")
def _():
    cid = O(F.digits(13) + "." + F.digits(13), "public", "Slack client_id")
    csec = S(F.hex(32), "other", "client_secret in the oauth.v2.access form")
    code = S(F.digits(13) + "." + F.digits(13) + "." + F.hex(64), "other", "temporary authorization code")
    bot = S(slack_bot(), "other", "bot access_token")
    user_tok = S("xoxp-" + F.digits(12) + "-" + F.digits(13) + "-" + F.digits(13) + "-" + F.hex(32), "other", "authed_user.access_token")
    hook = S(F.alnum(24), "encoding", "last path segment of incoming_webhook.url")
    team = O("T0" + F.pick(UPAN, 9), "identifiers", "team.id")
    app = O("A0" + F.pick(UPAN, 9), "identifiers", "app_id")
    bot_user = O("U0" + F.pick(UPAN, 9), "identifiers", "bot_user_id")
    chan = O("C0" + F.pick(UPAN, 9), "identifiers", "incoming_webhook.channel_id")
    b_id = "B0" + F.pick(UPAN, 9)
    return [interaction(request("POST", "https://slack.com/api/oauth.v2.access", [("Content-Type", "application/x-www-form-urlencoded")],
                                form([("client_id", cid), ("client_secret", csec), ("code", code), ("redirect_uri", "https://bot.acme.example/slack/oauth_redirect")])),
                        response(200, rhead(extra=[("x-slack-req-id", O(F.hex(32), "identifiers", "x-slack-req-id (32 hex, same shape as the client secret)"))]),
                                 {"ok": True, "app_id": app, "authed_user": {"id": "U0" + F.pick(UPAN, 9), "scope": "search:read", "access_token": user_tok, "token_type": "user"},
                                  "scope": "chat:write,commands,incoming-webhook", "token_type": "bot", "access_token": bot, "bot_user_id": bot_user,
                                  "team": {"id": team, "name": "Acme"}, "enterprise": None, "is_enterprise_install": False,
                                  "incoming_webhook": {"channel": "#deploys", "channel_id": chan, "configuration_url": f"https://acme.slack.com/services/{b_id}",
                                                       "url": f"https://hooks.slack.com/services/{team}/{b_id}/{hook}"}}))]


@case("webauthn-register-and-totp-enrol", "identity providers")
def _():
    sess = S(F.b64url(43), "other", "session cookie of the enrolment")
    person = S(email("aiko", "sato", "yahoo.co.jp"), "other", "user.name: a person's e-mail in the creation options")
    challenge = O(b64u(F.bytes(32)), "challenges", "WebAuthn challenge (public by design, single use)")
    uh = O(b64u(F.bytes(16)), "identifiers", "user.id handle")
    cred = O(b64u(F.bytes(64)), "identifiers", "credential id / rawId")
    cdj = O(b64u_json({"type": "webauthn.create", "challenge": challenge, "origin": "https://acme.example", "crossOrigin": False}), "public", "clientDataJSON: base64url of public JSON")
    att = O(b64u(b"\xa3cfmtdnonegattStmt\xa0hauthData" + F.bytes(200)), "public", "attestationObject (public key material)")
    seed = S(F.pick(B32U, 32), "other", "TOTP seed (base32) in the enrolment response and otpauth URI")
    rc = [S(F.pick(LOAN, 5) + "-" + F.pick(LOAN, 5), "other", "a recovery code shown once") for _ in range(3)]
    cookie = [("Cookie", f"__Host-session={sess}")]
    return [
        interaction(request("POST", "https://acme.example/api/webauthn/register/options", jhead(cookie), {}),
                    response(200, rhead(), {"challenge": challenge, "rp": {"name": "Acme", "id": "acme.example"}, "user": {"id": uh, "name": person, "displayName": "Aiko Sato"},
                                            "pubKeyCredParams": [{"type": "public-key", "alg": -7}, {"type": "public-key", "alg": -257}], "timeout": 60000, "attestation": "none"})),
        interaction(request("POST", "https://acme.example/api/webauthn/register/verify", jhead(cookie),
                            {"id": cred, "rawId": cred, "type": "public-key", "response": {"clientDataJSON": cdj, "attestationObject": att, "transports": ["internal", "hybrid"]}}),
                    response(200, rhead(), {"verified": True})),
        interaction(request("POST", "https://acme.example/api/account/2fa/totp", jhead(cookie), {}),
                    response(200, rhead(), {"secret": seed, "otpauth_url": f"otpauth://totp/Acme:{q(person)}?secret={seed}&issuer=Acme&algorithm=SHA1&digits=6&period=30",
                                            "recovery_codes": rc}))]


@case("scim-provisioning-create-user", "identity providers")
def _():
    tok = S(F.hex(64), "other", "long-lived SCIM bearer token")
    person = S(email("kwame", "mensah", "outlook.com"), "other", "userName and emails[].value")
    pw = S(F.password(20), "other", "initial password attribute sent by the provisioning client")
    ext = O(F.uuid(), "identifiers", "externalId from the directory")
    uid = O(F.uuid(), "identifiers", "id assigned by the service provider")
    ver = O('W/"' + F.hex(8) + '"', "identifiers", "meta.version")
    return [interaction(request("POST", "https://acme-hr.example/scim/v2/Users", [("Authorization", f"Bearer {tok}"), ("Content-Type", "application/scim+json")],
                                {"schemas": ["urn:ietf:params:scim:schemas:core:2.0:User", "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User"],
                                 "externalId": ext, "userName": person, "active": True, "password": pw, "name": {"givenName": "Kwame", "familyName": "Mensah"},
                                 "emails": [{"primary": True, "type": "work", "value": person}],
                                 "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User": {"department": "Finance"}}),
                        response(201, rhead("application/scim+json", [("Location", f"https://acme-hr.example/scim/v2/Users/{uid}")]),
                                 {"schemas": ["urn:ietf:params:scim:schemas:core:2.0:User"], "id": uid, "externalId": ext, "userName": person, "active": True,
                                  "meta": {"resourceType": "User", "created": "2026-12-01T08:30:12Z", "lastModified": "2026-12-01T08:30:12Z",
                                           "location": f"https://acme-hr.example/scim/v2/Users/{uid}", "version": ver}}))]

# ----- payments ----------------------------------------------------------------------------------

@case("braintree-graphql-client-token", "payments")
def _():
    pub = O(F.pick(LOAN, 16), "public", "Braintree public key: the Basic user name")
    priv = S(F.hex(32), "other", "Braintree private key: the Basic password")
    merchant = O(F.pick(LOAN, 16), "identifiers", "merchantId inside the decoded client token")
    fp = S(jwt({"iss": "https://api.braintreegateway.com", "sub": f"merchant:{merchant}", "exp": 1796087412, "scope": ["Braintree:Vault"]}, alg="ES256", sig=64, kid="2018042616-production")
           + "?customer_id=", "encoding", "authorizationFingerprint inside the base64 client token")
    ct = b64(json.dumps({"version": 2, "authorizationFingerprint": fp, "configUrl": f"https://api.braintreegateway.com:443/merchants/{merchant}/client_api/v1/configuration",
                         "graphQL": {"url": "https://payments.braintree-api.com/graphql", "date": "2018-05-10"}, "merchantId": merchant, "environment": "production"}))
    S(ct, "other", "clientToken handed to the browser (contestable: short-lived, but carries the fingerprint)")
    req_id = O(F.uuid(), "identifiers", "extensions.requestId")
    return [interaction(request("POST", "https://payments.braintree-api.com/graphql", jhead([("Authorization", basic(pub, priv)), ("Braintree-Version", "2024-08-01")]),
                                {"query": "mutation ($input: CreateClientTokenInput) { createClientToken(input: $input) { clientToken } }", "variables": {"input": {"clientToken": {"merchantAccountId": "acme_EUR"}}}}),
                        response(200, rhead(), {"data": {"createClientToken": {"clientToken": ct}}, "extensions": {"requestId": req_id}}))]


@case("square-create-payment-card-nonce", "payments")
def _():
    tok = S("EAAA" + F.b64url(60), "other", "Square access token as Bearer")
    nonce = S("cnon:" + F.b64url(24) + "-" + F.b64url(6), "other", "card nonce source_id (single-use payment credential; contestable)")
    idem = O(F.uuid(), "identifiers", "idempotency_key")
    loc = O("L" + F.pick(UPAN, 12), "identifiers", "location_id")
    pay = O(F.b64url(28), "identifiers", "payment id (same alphabet as the nonce)")
    fpr = O("sq-1-" + F.b64url(86), "identifiers", "card fingerprint: stable card identifier, not a secret")
    order = O(F.b64url(28), "identifiers", "order_id")
    return [interaction(request("POST", "https://connect.squareup.com/v2/payments", jhead([("Authorization", f"Bearer {tok}"), ("Square-Version", "2024-11-20")]),
                                {"idempotency_key": idem, "source_id": nonce, "amount_money": {"amount": 4590, "currency": "EUR"}, "location_id": loc, "autocomplete": True}),
                        response(200, rhead(extra=[("square-version", "2024-11-20")]),
                                 {"payment": {"id": pay, "created_at": "2026-12-01T08:30:12.511Z", "amount_money": {"amount": 4590, "currency": "EUR"}, "status": "COMPLETED",
                                              "source_type": "CARD", "card_details": {"status": "CAPTURED", "card": {"card_brand": "VISA", "last_4": "4242", "exp_month": 7, "exp_year": 2029,
                                                                                                                   "fingerprint": fpr, "card_type": "CREDIT", "bin": "453275"}},
                                              "location_id": loc, "order_id": order, "receipt_url": f"https://squareup.com/receipt/preview/{pay}"}}))]


@case("mollie-payment-webhook-secret-query", "payments")
def _():
    key = S("live_" + F.alnum(30), "other", "Mollie live API key as Bearer")
    hook_secret = S(F.hex(32), "encoding", "shared secret the merchant put in the webhookUrl query")
    tr = O("tr_" + F.alnum(10), "identifiers", "payment id")
    profile = O("pfl_" + F.alnum(10), "identifiers", "profileId")
    checkout = O(f"https://www.mollie.com/checkout/select-method/{tr[3:]}", "identifiers", "checkout link")
    hook = f"https://shop.acme.example/hooks/mollie?secret={hook_secret}"
    return [
        interaction(request("POST", "https://api.mollie.com/v2/payments", jhead([("Authorization", f"Bearer {key}")]),
                            {"amount": {"currency": "EUR", "value": "24.95"}, "description": "Order 100482", "redirectUrl": "https://shop.acme.example/orders/100482",
                             "webhookUrl": hook, "metadata": {"order_id": "100482"}}),
                    response(201, rhead("application/hal+json"), {"resource": "payment", "id": tr, "mode": "live", "status": "open", "amount": {"value": "24.95", "currency": "EUR"},
                                                                   "profileId": profile, "webhookUrl": hook, "_links": {"checkout": {"href": checkout, "type": "text/html"}}})),
        interaction(request("POST", hook, [("Content-Type", "application/x-www-form-urlencoded"), ("User-Agent", "Mollie HTTP Client/1.0")], form([("id", tr)])),
                    response(200, rhead("text/plain"), "ok"))]


@case("razorpay-order-and-signed-webhook", "payments")
def _():
    key_id = O("rzp_live_" + F.alnum(14), "public", "Razorpay key_id: public, used in Checkout (contestable)")
    key_secret = S(F.alnum(24), "other", "Razorpay key_secret: the Basic password")
    order = O("order_" + F.alnum(14), "identifiers", "order id")
    pay = O("pay_" + F.alnum(14), "identifiers", "payment id")
    person = S(email("ananya", "iyer", "gmail.com"), "other", "payment entity e-mail in the webhook")
    evt = O(F.alnum(14), "identifiers", "X-Razorpay-Event-Id")
    payload = {"entity": "event", "account_id": O("acc_" + F.alnum(14), "identifiers", "account_id of the webhook event"), "event": "payment.captured", "contains": ["payment"],
               "payload": {"payment": {"entity": {"id": pay, "entity": "payment", "amount": 149900, "currency": "INR", "status": "captured", "order_id": order,
                                                  "method": "upi", "email": person, "vpa": "ananya@okhdfcbank"}}}, "created_at": 1796001012}
    raw = json.dumps(payload, separators=(",", ":"))
    sig = S(hmac.new(b"whk-" + F.alnum(20).encode(), raw.encode(), hashlib.sha256).hexdigest(), "other", "X-Razorpay-Signature")
    return [
        interaction(request("POST", "https://api.razorpay.com/v1/orders", jhead([("Authorization", basic(key_id, key_secret))]), {"amount": 149900, "currency": "INR", "receipt": "rcpt_100482"}),
                    response(200, rhead(), {"id": order, "entity": "order", "amount": 149900, "currency": "INR", "receipt": "rcpt_100482", "status": "created"})),
        interaction(request("POST", "https://shop.acme.example/hooks/razorpay", jhead([("X-Razorpay-Signature", sig), ("X-Razorpay-Event-Id", evt)]), raw),
                    response(200, rhead("text/plain"), "ok"))]


@case("paddle-billing-api-and-webhook", "payments")
def _():
    key = S("pdl_live_apikey_01" + F.pick(LOAN, 24) + "_" + F.alnum(22) + "_" + F.alnum(3), "other", "Paddle API key as Bearer")
    h1 = S(F.hex(64), "other", "h1= signature of Paddle-Signature")
    ts = O("ts=1796001012", "other", "ts= part of Paddle-Signature")
    ntf = O("ntf_" + ulid().lower(), "identifiers", "notification_id")
    evt = O("evt_" + ulid().lower(), "identifiers", "event_id")
    sub = O("sub_" + ulid().lower(), "identifiers", "subscription id")
    person = S(email("mateo", "rossi", "libero.it"), "other", "customer e-mail in the webhook payload")
    ctm = O("ctm_" + ulid().lower(), "identifiers", "customer id")
    return [
        interaction(request("GET", f"https://api.paddle.com/subscriptions/{sub}", [("Authorization", f"Bearer {key}"), ("Paddle-Version", "1")]),
                    response(200, rhead(extra=[("X-Request-Id", O(F.uuid(), "identifiers", "X-Request-Id of Paddle"))]), {"data": {"id": sub, "status": "active", "customer_id": ctm, "currency_code": "EUR"}, "meta": {"request_id": F.uuid()}})),
        interaction(request("POST", "https://app.acme.example/hooks/paddle", jhead([("Paddle-Signature", f"{ts};h1={h1}")]),
                            {"event_id": evt, "event_type": "customer.updated", "occurred_at": "2026-12-01T08:30:12.055Z", "notification_id": ntf,
                             "data": {"id": ctm, "name": "Mateo Rossi", "email": person, "status": "active", "locale": "it"}}),
                    response(200, rhead("text/plain"), "ok"))]


@case("kraken-private-api-sign", "crypto exchanges")
def _():
    key = S(b64(F.bytes(42)), "names", "API-Key header (Kraken API keys are private)")
    sign = S(b64(F.bytes(64)), "other", "API-Sign: HMAC-SHA512 of the request")
    sign2 = S(b64(F.bytes(64)), "other", "API-Sign of the order call")
    nonce = O("1796001012" + F.digits(6), "challenges", "nonce form field")
    txid = O(F.pick(UPAN, 6) + "-" + F.pick(UPAN, 5) + "-" + F.pick(UPAN, 6), "identifiers", "order txid")
    return [
        interaction(request("POST", "https://api.kraken.com/0/private/Balance", [("API-Key", key), ("API-Sign", sign), ("Content-Type", "application/x-www-form-urlencoded")], form([("nonce", nonce)])),
                    response(200, rhead(), {"error": [], "result": {"ZEUR": "1520.4410", "XXBT": "0.0412000000"}})),
        interaction(request("POST", "https://api.kraken.com/0/private/AddOrder", [("API-Key", key), ("API-Sign", sign2), ("Content-Type", "application/x-www-form-urlencoded")],
                            form([("nonce", str(int(nonce) + 1)), ("ordertype", "limit"), ("type", "buy"), ("volume", "0.01"), ("pair", "XBTEUR"), ("price", "61250.0")])),
                    response(200, rhead(), {"error": [], "result": {"descr": {"order": "buy 0.01000000 XBTEUR @ limit 61250.0"}, "txid": [txid]}}))]

# ----- webhooks ----------------------------------------------------------------------------------

@case("shopify-orders-create-webhook", "webhooks")
def _():
    person = S(email("chloe", "martin", "orange.fr"), "other", "order and customer e-mail")
    hook_id = O(F.uuid(), "identifiers", "X-Shopify-Webhook-Id")
    event_id = O(F.uuid(), "identifiers", "X-Shopify-Event-Id")
    oid = F.digits(13)
    O(oid, "identifiers", "order id")
    gid = O(f"gid://shopify/Order/{oid}", "identifiers", "admin_graphql_api_id")
    conf = O(F.pick(UPAN, 9), "identifiers", "confirmation_number")
    payload = {"id": int(oid), "admin_graphql_api_id": gid, "confirmation_number": conf, "email": person, "contact_email": person, "currency": "EUR",
               "total_price": "89.00", "financial_status": "paid", "customer": {"id": int(F.digits(13)), "email": person, "first_name": "Chloé", "state": "enabled"},
               "line_items": [{"id": int(O(F.digits(14), "identifiers", "line item id")), "sku": "TRAIL-JKT-M", "quantity": 1, "price": "89.00"}]}
    raw = json.dumps(payload, separators=(",", ":"), ensure_ascii=False)
    mac = S(b64(hmac.new(F.hex(32).encode(), raw.encode(), hashlib.sha256).digest()), "other", "X-Shopify-Hmac-Sha256")
    return [interaction(request("POST", "https://sync.acme.example/webhooks/shopify/orders-create",
                                jhead([("X-Shopify-Topic", "orders/create"), ("X-Shopify-Hmac-Sha256", mac), ("X-Shopify-Shop-Domain", "acme-outdoor.myshopify.com"),
                                       ("X-Shopify-Webhook-Id", hook_id), ("X-Shopify-Event-Id", event_id), ("X-Shopify-API-Version", "2024-10"),
                                       ("X-Shopify-Triggered-At", "2026-12-01T08:30:11.904212Z")]), raw),
                        response(200, rhead("text/plain"), "ok"))]


@case("gitlab-merge-request-webhook-token", "webhooks")
def _():
    tok = S(F.b64url(32), "names", "X-Gitlab-Token shared secret")
    author = S(email("piotr", "zielinski", "wp.pl"), "other", "last_commit.author.email of a person")
    redacted = O("[REDACTED]", "idempotence", "user.email placeholder GitLab puts in webhooks")
    sha = O(F.hex(40), "identifiers", "last_commit.id")
    merge_sha = O(F.hex(40), "identifiers", "merge_commit_sha")
    ev = O(F.uuid(), "identifiers", "X-Gitlab-Event-UUID")
    wh = O(F.uuid(), "identifiers", "X-Gitlab-Webhook-UUID")
    body = {"object_kind": "merge_request", "event_type": "merge_request", "user": {"id": 4821, "name": "Piotr Zieliński", "username": "pzielinski", "email": redacted},
            "project": {"id": 88, "path_with_namespace": "acme/ledger"},
            "object_attributes": {"iid": 412, "title": "Rotate partner credentials", "state": "merged", "action": "merge", "merge_commit_sha": merge_sha,
                                  "last_commit": {"id": sha, "message": "Rotate partner credentials\n", "author": {"name": "Piotr Zieliński", "email": author}}}}
    return [interaction(request("POST", "https://ci-bridge.acme.example/gitlab", jhead([("X-Gitlab-Event", "Merge Request Hook"), ("X-Gitlab-Token", tok),
                                                                                       ("X-Gitlab-Event-UUID", ev), ("X-Gitlab-Webhook-UUID", wh), ("X-Gitlab-Instance", "https://gitlab.acme.example")]), body),
                        response(200, rhead(), {"queued": True}))]


@case("linear-webhook-and-graphql", "webhooks")
def _():
    sig = S(F.hex(64), "other", "Linear-Signature")
    key = S("lin_api_" + F.alnum(40), "other", "Linear personal API key as a raw Authorization value")
    pasted = S(F.password(19), "names", "PGPASSWORD=... pasted in an issue description")
    delivery = O(F.uuid(), "identifiers", "Linear-Delivery")
    issue = O(F.uuid(), "identifiers", "issue id")
    ident = O("ENG-" + F.digits(4), "identifiers", "issue identifier")
    org = O(F.uuid(), "identifiers", "organizationId")
    desc = f"Nightly export fails.\n\n```\n$ PGPASSWORD={pasted} pg_dump -h pg-replica.internal -U export ledger\npg_dump: error: connection timed out\n```"
    return [
        interaction(request("POST", "https://bots.acme.example/linear", jhead([("Linear-Signature", sig), ("Linear-Delivery", delivery), ("Linear-Event", "Issue")]),
                            {"action": "create", "type": "Issue", "organizationId": org, "webhookTimestamp": 1796001012551, "webhookId": F.uuid(),
                             "data": {"id": issue, "identifier": ident, "title": "Nightly export fails", "description": desc, "priority": 2}}),
                    response(200, rhead("text/plain"), "ok")),
        interaction(request("POST", "https://api.linear.app/graphql", jhead([("Authorization", key)]),
                            {"query": "mutation($id:String!,$d:String!){issueUpdate(id:$id,input:{description:$d}){success}}", "variables": {"id": issue, "d": "Nightly export fails (credentials removed)."}}),
                    response(200, rhead(), {"data": {"issueUpdate": {"success": True}}}))]


@case("zoom-webhook-validation-and-join-url", "webhooks")
def _():
    s1 = S("v0=" + F.hex(64), "other", "x-zm-signature of the validation request")
    s2 = S("v0=" + F.hex(64), "other", "x-zm-signature of the meeting event")
    plain = O(F.b64url(22), "challenges", "plainToken of endpoint.url_validation (echoed back by design)")
    pwd = S(F.b64url(32) + ".1", "encoding", "pwd= passcode in join_url")
    mid = O(F.digits(11), "identifiers", "meeting id")
    muuid = O(b64(F.bytes(16)), "identifiers", "meeting uuid (base64)")
    host = O(F.b64url(22), "identifiers", "host_id")
    return [
        interaction(request("POST", "https://meet-bot.acme.example/zoom", jhead([("x-zm-signature", s1), ("x-zm-request-timestamp", "1796001012")]),
                            {"payload": {"plainToken": plain}, "event_ts": 1796001012551, "event": "endpoint.url_validation"}),
                    response(200, rhead(), {"plainToken": plain, "encryptedToken": F.hex(64)})),
        interaction(request("POST", "https://meet-bot.acme.example/zoom", jhead([("x-zm-signature", s2), ("x-zm-request-timestamp", "1796001044")]),
                            {"event": "meeting.started", "event_ts": 1796001044012, "payload": {"account_id": O(F.b64url(22), "identifiers", "Zoom account_id"), "object": {"id": mid, "uuid": muuid, "host_id": host,
                             "topic": "Quarterly close", "join_url": f"https://us06web.zoom.us/j/{mid}?pwd={pwd}", "start_time": "2026-12-01T08:30:44Z"}}}),
                    response(200, rhead("text/plain"), "ok"))]


@case("typeform-response-webhook", "webhooks")
def _():
    sig = S("sha256=" + b64(F.bytes(32)), "other", "Typeform-Signature")
    person = S(email("olivia", "brown", "btinternet.com"), "other", "email answer")
    pasted = S("sk_test_51" + F.alnum(97), "structure", "text answer to a question asking for a staging key")
    token = O(F.pick(LOAN, 32), "identifiers", "form_response.token: a response id despite its name")
    event = O(ulid(), "identifiers", "event_id")
    field = O(F.pick(AN, 12), "identifiers", "field id")
    body = {"event_id": event, "event_type": "form_response",
            "form_response": {"form_id": O(F.pick(AN, 8), "identifiers", "form_id"), "token": token, "landed_at": "2026-12-01T08:29:02Z", "submitted_at": "2026-12-01T08:30:12Z",
                              "hidden": {"utm_source": "newsletter"},
                              "definition": {"fields": [{"id": field, "title": "Work e-mail", "type": "email"}, {"id": F.pick(AN, 12), "title": "Paste your staging secret key", "type": "short_text"}]},
                              "answers": [{"type": "email", "email": person, "field": {"id": field, "type": "email"}},
                                          {"type": "text", "text": pasted, "field": {"id": F.pick(AN, 12), "type": "short_text"}}]}}
    return [interaction(request("POST", "https://onboarding.acme.example/hooks/typeform", jhead([("Typeform-Signature", sig), ("User-Agent", "Typeform Webhooks")]), body),
                        response(200, rhead("text/plain"), "ok"))]

# ----- CI/CD -------------------------------------------------------------------------------------

@case("circleci-env-vars-masked-and-set", "CI/CD")
def _():
    tok = S("CCIPAT_" + F.alnum(22) + "_" + F.hex(40), "names", "Circle-Token header")
    m1 = O("xxxx" + F.alnum(4), "idempotence", "masked value of a listed env var")
    m2 = O("xxxx" + F.alnum(4), "idempotence", "masked value of another listed env var")
    snyk = S(F.uuid(), "names", "value of SNYK_TOKEN in a create request (a UUID-shaped token)")
    pipe = O(F.uuid(), "identifiers", "pipeline id (UUID beside a UUID-shaped token)")
    pub = O("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI" + b64(F.bytes(30))[:43], "public", "checkout key public_key")
    fpr = O("SHA256:" + b64(F.bytes(32)).rstrip("="), "public", "checkout key fingerprint")
    base = "https://circleci.com/api/v2/project/gh/acme/ledger"
    h = [("Circle-Token", tok), ("Accept", "application/json")]
    return [
        interaction(request("GET", f"{base}/envvar", h), response(200, rhead(), {"items": [{"name": "AWS_SECRET_ACCESS_KEY", "value": m1, "created_at": "2026-03-02T10:11:12Z"},
                                                                                          {"name": "NPM_TOKEN", "value": m2, "created_at": "2026-05-19T08:01:44Z"}], "next_page_token": None})),
        interaction(request("POST", f"{base}/envvar", h + [("Content-Type", "application/json")], {"name": "SNYK_TOKEN", "value": snyk}),
                    response(201, rhead(), {"name": "SNYK_TOKEN", "value": "xxxx" + snyk[-4:], "created_at": "2026-12-01T08:30:12Z"})),
        interaction(request("GET", f"{base}/checkout-key", h), response(200, rhead(), {"items": [{"public_key": pub, "type": "deploy-key", "fingerprint": fpr, "preferred": True}]})),
        interaction(request("POST", f"{base}/pipeline", h + [("Content-Type", "application/json")], {"branch": "main"}),
                    response(201, rhead(), {"number": 9182, "state": "pending", "id": pipe, "created_at": "2026-12-01T08:30:13Z"}))]


@case("buildkite-agent-register-accept-job", "CI/CD")
def _():
    reg = S(F.alnum(50), "other", "agent registration token (Authorization: Token ...)")
    agent = S(F.alnum(50), "other", "agent access_token returned by register")
    job_tok = S("bkaj_" + F.b64url(60), "structure", "BUILDKITE_AGENT_ACCESS_TOKEN in the job env")
    passph = S(F.password(20), "structure", "DEPLOY_KEY_PASSPHRASE in the job env")
    job = O(F.uuid(), "identifiers", "job id")
    build = O(F.uuid(), "identifiers", "BUILDKITE_BUILD_ID")
    sha = O(F.hex(40), "identifiers", "BUILDKITE_COMMIT")
    agent_id = O(F.uuid(), "identifiers", "agent id")
    env = {"BUILDKITE": "true", "BUILDKITE_BUILD_ID": build, "BUILDKITE_COMMIT": sha, "BUILDKITE_BRANCH": "main", "BUILDKITE_REPO": "git@github.com:acme/ledger.git",
           "BUILDKITE_AGENT_ACCESS_TOKEN": job_tok, "DEPLOY_KEY_PASSPHRASE": passph,
           "BUILDKITE_PLUGINS": json.dumps([{"github.com/buildkite-plugins/docker-login-buildkite-plugin#v3.0.0": {"username": "acmeci", "password-env": "DOCKER_LOGIN_PASSWORD"}}])}
    return [
        interaction(request("POST", "https://agent.buildkite.com/v3/register", jhead([("Authorization", f"Token {reg}"), ("User-Agent", "buildkite-agent/3.87.1.10357 (linux; amd64)")]),
                            {"name": "ci-runner-7", "hostname": "ci-runner-7", "os": "linux", "arch": "amd64", "meta_data": ["queue=deploy"]}),
                    response(200, rhead(), {"id": agent_id, "name": "ci-runner-7", "access_token": agent, "endpoint": "https://agent.buildkite.com/v3", "ping_interval": 10, "job_status_interval": 5})),
        interaction(request("PUT", f"https://agent.buildkite.com/v3/jobs/{job}/accept", jhead([("Authorization", f"Token {agent}")]), {}),
                    response(200, rhead(), {"id": job, "endpoint": "https://agent.buildkite.com/v3", "state": "accepted", "env": env,
                                            "step": {"key": "deploy", "signature": {"algorithm": "EdDSA", "signed_fields": ["command", "env", "plugins"], "value": O("eyJhbGciOiJFZERTQSJ9.." + F.b64url(86), "public", "pipeline step signature: detached JWS over public step fields, verified with a public key (contestable)")}}}))]


@case("argocd-session-and-masked-secret-diff", "CI/CD")
def _():
    pw = S(F.password(20), "other", "admin password in the session request")
    tok = S(jwt({"iss": "argocd", "sub": "admin:login", "exp": 1796087412, "nbf": 1796001012, "iat": 1796001012, "jti": F.uuid()}, alg="HS256", sig=32), "other", "session token and argocd.token cookie")
    mask = O("++++++++", "idempotence", "Argo CD's mask for Secret data in managed-resource diffs")
    helm_pw = S(F.password(18), "structure", "redis.auth.password inside inline helm values of an Application")
    uid = O(F.uuid(), "identifiers", "Application metadata.uid")
    rev = O(F.hex(40), "identifiers", "sync revision")
    live = json.dumps({"apiVersion": "v1", "kind": "Secret", "metadata": {"name": "ledger-redis", "namespace": "ledger"}, "data": {"redis-password": mask}, "type": "Opaque"})
    return [
        interaction(request("POST", "https://argocd.acme.example/api/v1/session", jhead(), {"username": "admin", "password": pw}),
                    response(200, rhead(extra=[("Set-Cookie", f"argocd.token={tok}; path=/; SameSite=lax; httpOnly; Secure")]), {"token": tok})),
        interaction(request("GET", "https://argocd.acme.example/api/v1/applications/ledger", [("Cookie", f"argocd.token={tok}")]),
                    response(200, rhead(), {"metadata": {"name": "ledger", "namespace": "argocd", "uid": uid},
                                            "spec": {"source": {"repoURL": "https://charts.bitnami.com/bitnami", "chart": "redis", "targetRevision": "20.3.0",
                                                                "helm": {"values": f"architecture: standalone\nauth:\n  enabled: true\n  password: {helm_pw}\n"}},
                                                     "destination": {"server": "https://kubernetes.default.svc", "namespace": "ledger"}},
                                            "status": {"sync": {"status": "Synced", "revision": rev}, "health": {"status": "Healthy"}}})),
        interaction(request("GET", "https://argocd.acme.example/api/v1/applications/ledger/managed-resources?kind=Secret", [("Authorization", f"Bearer {tok}")]),
                    response(200, rhead(), {"items": [{"kind": "Secret", "namespace": "ledger", "name": "ledger-redis", "liveState": live, "targetState": live, "normalizedLiveState": live}]}))]


@case("github-actions-secret-put-and-runtime-token", "CI/CD")
def _():
    inst = S(gh_token("ghs_"), "other", "installation token as Bearer")
    key_id = O(F.digits(19), "public", "repository public key_id")
    pubkey = O(b64(F.bytes(32)), "public", "repository public key (sealed-box recipient)")
    runtime = S(jwt({"Actions.GenericRead": "00000000-0000-0000-0000-000000000000", "ac": json.dumps([{"Scope": "refs/heads/main", "Permission": 3}]),
                     "iss": "vstoken.actions.githubusercontent.com", "aud": "vso:" + F.uuid(), "orchid": F.uuid() + ".build.__default"}, kid=F.hex(40).upper()),
                  "other", "ACTIONS_RUNTIME_TOKEN used for the artifact service")
    run = O(F.digits(11), "identifiers", "workflow run id")
    container = O(F.digits(9), "identifiers", "artifact containerId")
    return [
        interaction(request("GET", "https://api.github.com/repos/acme/ledger/actions/secrets/public-key", [("Authorization", f"Bearer {inst}"), ("X-GitHub-Api-Version", "2022-11-28")]),
                    response(200, rhead(), {"key_id": key_id, "key": pubkey})),
        interaction(request("PUT", "https://api.github.com/repos/acme/ledger/actions/secrets/NPM_TOKEN", jhead([("Authorization", f"Bearer {inst}")]),
                            {"encrypted_value": b64(F.bytes(88)), "key_id": key_id}),
                    response(201, rhead())),
        interaction(request("POST", f"https://pipelinesghubeus21.actions.githubusercontent.com/{F.b64url(50)}/_apis/pipelines/workflows/{run}/artifacts?api-version=6.0-preview",
                            jhead([("Authorization", f"Bearer {runtime}")]), {"Type": "actions_storage", "Name": "dist"}),
                    response(201, rhead(), {"containerId": int(container), "size": -1, "signedContent": None, "fileContainerResourceUrl": f"https://pipelinesghubeus21.actions.githubusercontent.com/_apis/resources/Containers/{container}",
                                            "type": "actions_storage", "name": "dist", "url": f"https://pipelinesghubeus21.actions.githubusercontent.com/_apis/pipelines/1/runs/{run}/artifacts?artifactName=dist"}))]


@case("gitlab-runner-job-request-variables", "CI/CD")
def _():
    runner = S("glrt-t1_" + F.b64url(20), "structure", "runner authentication token in the job request body")
    job = S("glcbt-64_" + F.b64url(20), "other", "job token: token field, CI_JOB_TOKEN, registry password and repo_url userinfo")
    passph = S(F.password(22), "structure", "value of a masked DEPLOY_SSH_PASSPHRASE variable")
    sha = O(F.hex(40), "identifiers", "git_info.sha and CI_COMMIT_SHA")
    before = O(F.hex(40), "identifiers", "git_info.before_sha")
    last = O(F.hex(32), "identifiers", "last_update of the runner request")
    pipe = O(F.digits(7), "identifiers", "CI_PIPELINE_ID")
    variables = [{"key": "CI_JOB_TOKEN", "value": job, "public": False, "masked": True}, {"key": "CI_COMMIT_SHA", "value": sha, "public": True, "masked": False},
                 {"key": "CI_PIPELINE_ID", "value": pipe, "public": True, "masked": False}, {"key": "CI_REGISTRY_PASSWORD", "value": job, "public": False, "masked": True},
                 {"key": "DEPLOY_SSH_PASSPHRASE", "value": passph, "public": False, "masked": True, "raw": True}, {"key": "CI_SERVER_URL", "value": "https://gitlab.acme.example", "public": True, "masked": False}]
    return [interaction(request("POST", "https://gitlab.acme.example/api/v4/jobs/request", jhead([("User-Agent", "gitlab-runner 17.6.0 (17-6-stable; go1.23.2; linux/amd64)")]),
                                {"token": runner, "system_id": O("s_" + F.hex(12), "identifiers", "runner system_id"), "info": {"name": "gitlab-runner", "version": "17.6.0", "executor": "docker", "features": {"variables": True, "masking": True}},
                                 "last_update": last}),
                        response(201, rhead(extra=[("X-Request-Id", O(ulid(), "identifiers", "X-Request-Id (ULID)"))]),
                                 {"id": 8841207, "token": job, "allow_git_fetch": True, "job_info": {"name": "deploy", "stage": "deploy", "project_id": 88, "project_name": "ledger"},
                                  "git_info": {"repo_url": f"https://gitlab-ci-token:{job}@gitlab.acme.example/acme/ledger.git", "ref": "main", "sha": sha, "before_sha": before, "ref_type": "branch", "depth": 20},
                                  "variables": variables, "credentials": [{"type": "registry", "url": "registry.acme.example", "username": "gitlab-ci-token", "password": job}]}))]


@case("vercel-env-decrypt-and-deploy-hook", "CI/CD")
def _():
    tok = S(F.alnum(24), "other", "Vercel access token as Bearer")
    pgpw = S(F.alnum(12), "structure", "password in a decrypted POSTGRES_URL value")
    sess = S(F.hex(64), "structure", "decrypted value of SESSION_SECRET")
    hook = S(F.alnum(10), "encoding", "deploy hook id: last path segment of the hook URL (a capability)")
    prj = O("prj_" + F.alnum(28), "identifiers", "project id")
    team = O("team_" + F.alnum(24), "identifiers", "team id")
    env_id = O(F.alnum(16), "identifiers", "env var id")
    job = O(F.alnum(20), "identifiers", "deploy hook job id")
    return [
        interaction(request("GET", f"https://api.vercel.com/v9/projects/{prj}/env?decrypt=true&teamId={team}", [("Authorization", f"Bearer {tok}")]),
                    response(200, rhead(), {"envs": [{"type": "encrypted", "value": f"postgres://default:{pgpw}@ep-rough-dew-{F.pick(LOAN, 8)}-pooler.eu-central-1.aws.neon.tech/verceldb?sslmode=require",
                                                      "target": ["production"], "key": "POSTGRES_URL", "id": env_id, "configurationId": None},
                                                     {"type": "encrypted", "value": sess, "target": ["production", "preview"], "key": "SESSION_SECRET", "id": F.alnum(16)},
                                                     {"type": "plain", "value": "https://acme.example", "target": ["production"], "key": "NEXT_PUBLIC_SITE_URL", "id": F.alnum(16)}]})),
        interaction(request("POST", f"https://api.vercel.com/v1/integrations/deploy/{prj}/{hook}"),
                    response(201, rhead(), {"job": {"id": job, "state": "PENDING", "createdAt": 1796001012551}}))]

# ----- registries --------------------------------------------------------------------------------

@case("rubygems-push-gem-with-env", "registries")
def _():
    key = S("rubygems_" + F.hex(48), "other", "RubyGems API key as a raw Authorization value")
    leaked = S(F.password(20), "encoding", "DATABASE_PASSWORD in a .env inside data.tar.gz inside the pushed .gem (tar)")
    mkey = S("key-" + F.hex(32), "encoding", "MAILGUN_KEY in the same .env")
    ver = O("0.9." + F.digits(2), "encoding", "gem version inside metadata.gz")
    data = gz(tar_bytes([("lib/acme/geo.rb", "module Acme\n  module Geo\n    VERSION = \"%s\"\n  end\nend\n" % ver),
                         (".env", f"DATABASE_PASSWORD={leaked}\nMAILGUN_KEY={mkey}\nRACK_ENV=development\n")]))
    meta = gz(f"--- !ruby/object:Gem::Specification\nname: acme-geo\nversion: !ruby/object:Gem::Version\n  version: {ver}\nplatform: ruby\nauthors:\n- Acme\nfiles:\n- \".env\"\n- lib/acme/geo.rb\n")
    sums = O(hashlib.sha256(data).hexdigest(), "public", "SHA256 of data.tar.gz in checksums.yaml.gz")
    chk = gz(f"---\nSHA256:\n  metadata.gz: {O(hashlib.sha256(meta).hexdigest(), 'public', 'SHA256 of metadata.gz in checksums.yaml.gz')}\n  data.tar.gz: {sums}\n")
    gem = tar_bytes([("metadata.gz", meta), ("data.tar.gz", data), ("checksums.yaml.gz", chk)])
    return [interaction(request("POST", "https://rubygems.org/api/v1/gems", [("Authorization", key), ("Content-Type", "application/octet-stream"), ("User-Agent", "RubyGems/3.5.22 x86_64-linux Ruby/3.3.6")], gem),
                        response(200, rhead("text/plain"), f"Successfully registered gem: acme-geo ({ver})"))]


@case("nuget-push-nupkg-appsettings", "registries")
def _():
    key = S("oy2" + F.pick(LOAN, 43), "names", "X-NuGet-ApiKey header")
    pw = S(F.password(18), "encoding", "Password= of a connection string in appsettings.json inside the .nupkg (zip) inside multipart")
    sha = O(F.hex(40), "encoding", "repository commit in the .nuspec")
    nuspec = (f'<?xml version="1.0" encoding="utf-8"?>\n<package xmlns="http://schemas.microsoft.com/packaging/2013/05/nuspec.xsd">\n  <metadata>\n    <id>Acme.Http</id>\n'
              f'    <version>4.2.17</version>\n    <authors>Acme</authors>\n    <repository type="git" url="https://github.com/acme/http" commit="{sha}" />\n  </metadata>\n</package>\n')
    settings = json.dumps({"ConnectionStrings": {"Default": f"Server=sql-dev.acme.internal;Database=Http;User Id=sa;Password={pw};TrustServerCertificate=True"},
                           "Logging": {"LogLevel": {"Default": "Information"}}}, indent=2)
    pkg = zip_bytes([("Acme.Http.nuspec", nuspec), ("lib/net8.0/appsettings.json", settings), ("lib/net8.0/Acme.Http.dll", F.bytes(64))])
    boundary = "-------" + F.hex(16)
    body = multipart_bytes(boundary, [("package", "package.nupkg", "application/octet-stream", pkg)])
    rid = O(F.uuid(), "identifiers", "Request-Id of the push response")
    return [interaction(request("PUT", "https://www.nuget.org/api/v2/package", [("X-NuGet-ApiKey", key), ("X-NuGet-Client-Version", "6.12.1"),
                                                                                ("Content-Type", f"multipart/form-data; boundary={boundary}")], body),
                        response(201, [("Content-Length", "0"), ("Request-Id", rid)]))]


@case("crates-publish-framed-body", "registries")
def _():
    tok = S("cio" + F.alnum(32), "other", "crates.io token as a raw Authorization value")
    inner = S("cio" + F.alnum(32), "encoding", "registry token in .cargo/config.toml inside the .crate (gzip tar) inside the length-framed publish body")
    cksum = O(F.hex(64), "public", "cksum of a published version in the sparse index")
    meta = json.dumps({"name": "acme-geo", "vers": "0.4.2", "deps": [], "features": {}, "authors": ["Acme"], "description": "Geo helpers", "license": "MIT",
                       "repository": "https://github.com/acme/geo", "links": None})
    crate = gz(tar_bytes([("acme-geo-0.4.2/Cargo.toml", '[package]\nname = "acme-geo"\nversion = "0.4.2"\nedition = "2021"\n'),
                          ("acme-geo-0.4.2/.cargo/config.toml", f'[registry]\ntoken = "{inner}"\n\n[net]\ngit-fetch-with-cli = true\n'),
                          ("acme-geo-0.4.2/src/lib.rs", "pub fn haversine() {}\n")]))
    body = struct.pack("<I", len(meta)) + meta.encode() + struct.pack("<I", len(crate)) + crate
    index = "\n".join(json.dumps({"name": "acme-geo", "vers": v, "deps": [], "cksum": c, "features": {}, "yanked": False}, separators=(",", ":")) for v, c in [("0.4.1", cksum), ("0.4.2", F.hex(64))]) + "\n"
    return [
        interaction(request("PUT", "https://crates.io/api/v1/crates/new", [("Authorization", tok), ("User-Agent", "cargo/1.83.0 (5ffbef321 2024-10-29)")], body),
                    response(200, rhead(), {"warnings": {"invalid_categories": [], "invalid_badges": [], "other": []}})),
        interaction(request("GET", "https://index.crates.io/ac/me/acme-geo"), response(200, rhead("text/plain", [("ETag", O('"' + F.hex(32) + '"', "identifiers", "ETag of the index file"))]), index))]


@case("huggingface-lfs-batch-signed-download", "registries")
def _():
    tok = S("hf_" + F.pick(UP + LO, 34), "encoding", "Hugging Face token as the Basic password of git LFS")
    oid = O(F.hex(64), "identifiers", "LFS object oid (sha256)")
    policy = O(cf_b64(json.dumps({"Statement": [{"Condition": {"DateLessThan": {"AWS:EpochTime": 1796004612}}, "Resource": f"https://cdn-lfs.hf.co/repos/{F.hex(2)}/{F.hex(2)}/{F.hex(64)}/{oid}*"}]}).encode()),
               "public", "CloudFront Policy parameter: base64 of a public policy")
    sig = S(cf_b64(F.bytes(256)), "encoding", "CloudFront Signature parameter of the download href")
    kp = O("K" + F.pick(UPAN, 13), "public", "Key-Pair-Id")
    href = f"https://cdn-lfs.hf.co/repos/ab/cd/{F.hex(64)}/{oid}?response-content-disposition=attachment%3B+filename%3D%22model.safetensors%22&Expires=1796004612&Policy={policy}&Signature={sig}&Key-Pair-Id={kp}"
    return [interaction(request("POST", "https://huggingface.co/acme/ner-base.git/info/lfs/objects/batch",
                                [("Authorization", basic("acme-ci", tok)), ("Accept", "application/vnd.git-lfs+json"), ("Content-Type", "application/vnd.git-lfs+json")],
                                {"operation": "download", "transfers": ["basic"], "objects": [{"oid": oid, "size": 438012288}], "hash_algo": "sha256"}),
                        response(200, rhead("application/vnd.git-lfs+json"), {"transfer": "basic", "objects": [{"oid": oid, "size": 438012288, "authenticated": True,
                                                                                                               "actions": {"download": {"href": href, "expires_at": "2026-12-01T09:30:12.000Z"}}}]}))]


@case("harbor-robot-account-and-token", "registries")
def _():
    pw = S(F.password(18), "other", "Harbor admin password in Basic")
    csrf = S(b64(F.bytes(64)), "other", "X-Harbor-CSRF-Token header and __csrf cookie value")
    robot = O("robot$ledger+ci-pusher", "identifiers", "robot account name")
    secret = S(F.alnum(32), "other", "secret of the new robot account")
    tok = S(jwt({"iss": "harbor-token-issuer", "sub": robot, "aud": "harbor-registry", "access": [{"type": "repository", "name": "ledger/api", "actions": ["pull", "push"]}]}, kid=F.b64url(32)), "other", "registry bearer token")
    rid = O(F.uuid(), "identifiers", "X-Request-Id")
    return [
        interaction(request("POST", "https://harbor.acme.example/api/v2.0/robots", jhead([("Authorization", basic("admin", pw)), ("X-Harbor-CSRF-Token", csrf), ("Cookie", f"__csrf={q(csrf)}")]),
                            {"name": "ci-pusher", "level": "project", "duration": 90, "permissions": [{"kind": "project", "namespace": "ledger", "access": [{"resource": "repository", "action": "push"}]}]}),
                    response(201, rhead(extra=[("X-Request-Id", rid), ("Location", "/api/v2.0/robots/17")]),
                             {"id": 17, "name": robot, "secret": secret, "creation_time": "2026-12-01T08:30:12.418Z", "expires_at": 1803777012})),
        interaction(request("GET", "https://harbor.acme.example/service/token?scope=repository%3Aledger%2Fapi%3Apull%2Cpush&service=harbor-registry", [("Authorization", basic(robot, secret))]),
                    response(200, rhead(), {"token": tok, "access_token": tok, "expires_in": 1800, "issued_at": "2026-12-01T08:30:13Z"}))]

# ----- databases over HTTP -----------------------------------------------------------------------

@case("couchdb-session-cookie-users-doc", "databases")
def _():
    pw = S(F.password(18), "other", "password in the _session form")
    cookie = S(b64u(b"admin:69B0F2A4:" + F.bytes(20)), "other", "AuthSession cookie")
    dk = S(F.hex(64), "structure", "derived_key of a _users document (PBKDF2 hash of a password; contestable)")
    salt = O(F.hex(32), "public", "salt of the same document (not secret)")
    rev = O("3-" + F.hex(32), "identifiers", "_rev")
    return [
        interaction(request("POST", "http://couch.acme.internal:5984/_session", [("Content-Type", "application/x-www-form-urlencoded")], form([("name", "admin"), ("password", pw)])),
                    response(200, rhead(extra=[("Set-Cookie", f"AuthSession={cookie}; Version=1; Path=/; HttpOnly"), ("Server", "CouchDB/3.4.2 (Erlang OTP/25)")]),
                             {"ok": True, "name": "admin", "roles": ["_admin"]})),
        interaction(request("GET", "http://couch.acme.internal:5984/_users/org.couchdb.user:jdoe", [("Cookie", f"AuthSession={cookie}")]),
                    response(200, rhead(extra=[("ETag", f'"{rev}"'), ("X-Couch-Request-ID", O(F.hex(10), "identifiers", "X-Couch-Request-ID"))]),
                             {"_id": "org.couchdb.user:jdoe", "_rev": rev, "name": "jdoe", "roles": ["reporting"], "type": "user", "password_scheme": "pbkdf2",
                              "pbkdf2_prf": "sha256", "iterations": 600000, "derived_key": dk, "salt": salt}))]


@case("cosmosdb-list-keys-and-master-sig", "databases")
def _():
    arm = S(jwt({"aud": "https://management.core.windows.net/", "iss": f"https://sts.windows.net/{F.uuid()}/", "oid": F.uuid()}, kid=F.b64url(27)), "other", "ARM bearer token")
    k1 = S(b64(F.bytes(64)), "structure", "primaryMasterKey")
    k2 = S(b64(F.bytes(64)), "structure", "secondaryMasterKey")
    k3 = S(b64(F.bytes(64)), "structure", "primaryReadonlyMasterKey")
    sig = S(b64(F.bytes(32)), "encoding", "sig= inside the URL-encoded master-key authorization header")
    act = O(F.uuid(), "identifiers", "x-ms-activity-id")
    rid = O(b64(F.bytes(16)), "identifiers", "_rid of the document (base64 look-alike)")
    etag = O('"' + F.hex(8) + "-0000-0d00-0000-" + F.hex(12) + '"', "identifiers", "_etag")
    sub = F.uuid()
    acct = "cosmos-orders-" + F.pick(LOAN, 5)
    return [
        interaction(request("POST", f"https://management.azure.com/subscriptions/{sub}/resourceGroups/rg-orders/providers/Microsoft.DocumentDB/databaseAccounts/{acct}/listKeys?api-version=2024-08-15",
                            [("Authorization", f"Bearer {arm}"), ("Content-Length", "0")]),
                    response(200, rhead(), {"primaryMasterKey": k1, "secondaryMasterKey": k2, "primaryReadonlyMasterKey": k3, "secondaryReadonlyMasterKey": b64(F.bytes(64))})),
        interaction(request("GET", f"https://{acct}.documents.azure.com/dbs/orders/colls/items/docs/order-100482",
                            [("authorization", q(f"type=master&ver=1.0&sig={sig}")), ("x-ms-date", "tue, 01 dec 2026 08:30:12 gmt"), ("x-ms-version", "2018-12-31"),
                             ("x-ms-documentdb-partitionkey", '["tenant-17"]')]),
                    response(200, rhead(extra=[("x-ms-activity-id", act), ("x-ms-request-charge", "1"), ("etag", etag)]),
                             {"id": "order-100482", "tenant": "tenant-17", "total": 24.95, "_rid": rid, "_self": f"dbs/{rid[:8]}/colls/{rid[:12]}/docs/{rid}/", "_etag": etag, "_ts": 1796001012}))]


@case("influxdb-write-and-authorizations", "databases")
def _():
    tok = S(b64(F.bytes(64)), "other", "InfluxDB token in 'Authorization: Token ...'")
    other = S(b64(F.bytes(64)), "structure", "token field of a listed authorization")
    org = O(F.hex(16), "identifiers", "orgID")
    auth_id = O(F.hex(16), "identifiers", "authorization id (16 hex)")
    user = O(F.hex(16), "identifiers", "userID")
    trace = O(F.hex(16), "identifiers", "trace-id response header")
    lines = "cpu,host=web-1,region=eu usage_user=12.5,usage_system=3.1 1796001012\nmem,host=web-1 used_percent=61.2 1796001012\n"
    return [
        interaction(request("POST", "https://eu-central-1-1.aws.cloud2.influxdata.com/api/v2/write?org=acme&bucket=metrics&precision=s",
                            [("Authorization", f"Token {tok}"), ("Content-Type", "text/plain; charset=utf-8"), ("User-Agent", "telegraf/1.32.3")], lines),
                    response(204, [("trace-id", trace), ("trace-sampled", "false"), ("Date", "Tue, 01 Dec 2026 08:30:12 GMT")])),
        interaction(request("GET", f"https://eu-central-1-1.aws.cloud2.influxdata.com/api/v2/authorizations?orgID={org}", [("Authorization", f"Token {tok}")]),
                    response(200, rhead(), {"links": {"self": "/api/v2/authorizations"}, "authorizations": [{"id": auth_id, "token": other, "status": "active", "description": "grafana read",
                                                                                                         "orgID": org, "org": "acme", "userID": user, "user": "ops",
                                                                                                         "permissions": [{"action": "read", "resource": {"type": "buckets", "orgID": org}}]}]}))]


@case("neon-role-password-and-connection-uri", "databases")
def _():
    key = S("napi_" + F.pick(LOAN, 60), "other", "Neon API key as Bearer")
    pw = S(F.alnum(12), "structure", "role.password of a newly created role")
    pw2 = S(F.alnum(12), "structure", "password inside connection_uri of another role")
    branch = O("br-" + F.pick(LO, 5) + "-" + F.pick(LO, 5) + "-" + F.pick(LOAN, 8), "identifiers", "branch id")
    proj = O(F.pick(LO, 5) + "-" + F.pick(LO, 5) + "-" + F.digits(8), "identifiers", "project id")
    op = O(F.uuid(), "identifiers", "operation id")
    ep = O("ep-" + F.pick(LO, 6) + "-" + F.pick(LO, 7) + "-" + F.pick(LOAN, 8), "identifiers", "endpoint host label")
    base = f"https://console.neon.tech/api/v2/projects/{proj}"
    h = [("Authorization", f"Bearer {key}"), ("Accept", "application/json")]
    return [
        interaction(request("POST", f"{base}/branches/{branch}/roles", h + [("Content-Type", "application/json")], {"role": {"name": "reporting"}}),
                    response(201, rhead(), {"role": {"branch_id": branch, "name": "reporting", "password": pw, "protected": False, "created_at": "2026-12-01T08:30:12Z"},
                                            "operations": [{"id": op, "project_id": proj, "branch_id": branch, "action": "apply_config", "status": "running"}]})),
        interaction(request("GET", f"{base}/connection_uri?branch_id={branch}&database_name=neondb&role_name=etl&pooled=true", h),
                    response(200, rhead(), {"uri": f"postgresql://etl:{pw2}@{ep}-pooler.eu-central-1.aws.neon.tech/neondb?sslmode=require"}))]


@case("turso-libsql-pipeline-rows", "databases")
def _():
    tok = S(jwt({"a": "rw", "iat": 1796001012, "id": F.uuid(), "rid": F.uuid()}, alg="EdDSA", sig=64), "other", "database auth token (EdDSA JWT)")
    rt = S("1//0" + F.pick(AN, 1) + F.b64url(98), "other", "a Google refresh token in a result row")
    uid = O("usr_" + F.pick(LOAN, 20), "identifiers", "statement argument: user id")
    acc = O("acc_" + F.pick(LOAN, 20), "identifiers", "row id")
    repl = O(F.digits(9), "identifiers", "replication_index")
    return [interaction(request("POST", "https://auth-store-acme.aws-eu-west-1.turso.io/v2/pipeline", jhead([("Authorization", f"Bearer {tok}")]),
                                {"requests": [{"type": "execute", "stmt": {"sql": "SELECT id, provider, refresh_token FROM oauth_accounts WHERE user_id = ?", "args": [{"type": "text", "value": uid}]}}, {"type": "close"}]}),
                        response(200, rhead(), {"baton": None, "base_url": None, "results": [
                            {"type": "ok", "response": {"type": "execute", "result": {"cols": [{"name": "id", "decltype": "TEXT"}, {"name": "provider", "decltype": "TEXT"}, {"name": "refresh_token", "decltype": "TEXT"}],
                                                                                       "rows": [[{"type": "text", "value": acc}, {"type": "text", "value": "google"}, {"type": "text", "value": rt}]],
                                                                                       "affected_row_count": 0, "last_insert_rowid": None, "replication_index": repl}}},
                            {"type": "ok", "response": {"type": "close"}}]}))]


@case("firestore-rest-integration-doc", "databases")
def _():
    at = S("ya29.a0" + F.b64url(180), "other", "bearer token of the Firestore call")
    bot = S(slack_bot(), "structure", "fields.botToken.stringValue")
    sign = S(F.hex(32), "structure", "fields.signingSecret.stringValue")
    person = S(email("ravi", "kumar", "rediffmail.com"), "structure", "e-mail two maps deep: fields.installedBy.mapValue.fields.email.stringValue")
    team = O("T0" + F.pick(UPAN, 9), "identifiers", "fields.teamId.stringValue")
    upd = O("2026-11-29T21:04:11." + F.digits(6) + "Z", "other", "updateTime")
    name = "projects/acme-bots/databases/(default)/documents/integrations/slack-" + team
    return [interaction(request("GET", f"https://firestore.googleapis.com/v1/{name}", [("Authorization", f"Bearer {at}")]),
                        response(200, rhead(), {"name": name, "fields": {"botToken": {"stringValue": bot}, "signingSecret": {"stringValue": sign}, "teamId": {"stringValue": team},
                                                                         "installedBy": {"mapValue": {"fields": {"email": {"stringValue": person}, "userId": {"stringValue": O("U0" + F.pick(UPAN, 9), "identifiers", "installedBy userId")}}}},
                                                                         "scopes": {"arrayValue": {"values": [{"stringValue": "chat:write"}, {"stringValue": "commands"}]}},
                                                                         "installs": {"integerValue": "3"}},
                                                "createTime": "2026-03-14T10:22:01.104551Z", "updateTime": upd}))]


@case("meilisearch-keys-search-vs-admin", "search")
def _():
    master = S(F.alnum(32), "other", "master key as Bearer")
    search = O(F.hex(64), "public", "Default Search API Key: for frontends, public by design (contestable)")
    admin = S(F.hex(64), "structure", "Default Admin API Key: same shape as the search key")
    u1 = O(F.uuid(), "identifiers", "uid of the search key")
    u2 = O(F.uuid(), "identifiers", "uid of the admin key")
    return [interaction(request("GET", "https://search.acme.example/keys?limit=20", [("Authorization", f"Bearer {master}")]),
                        response(200, rhead(), {"results": [{"name": "Default Search API Key", "description": "Use it to search from the frontend", "key": search, "uid": u1,
                                                             "actions": ["search"], "indexes": ["*"], "expiresAt": None, "createdAt": "2026-01-04T10:00:00Z", "updatedAt": "2026-01-04T10:00:00Z"},
                                                            {"name": "Default Admin API Key", "description": "Use it for anything that is not a search operation.", "key": admin, "uid": u2,
                                                             "actions": ["*"], "indexes": ["*"], "expiresAt": None, "createdAt": "2026-01-04T10:00:00Z", "updatedAt": "2026-01-04T10:00:00Z"}],
                                                "offset": 0, "limit": 20, "total": 2}))]

# ----- LLM APIs ----------------------------------------------------------------------------------

@case("azure-openai-sse-split-account-key", "LLM APIs")
def _():
    key = S(F.hex(32), "names", "api-key header of Azure OpenAI")
    acct_key = S(b64(F.bytes(64)), "streams", "storage AccountKey echoed split across SSE delta events")
    cid = O("chatcmpl-" + F.alnum(29), "identifiers", "completion id in every event")
    apim = O(F.uuid(), "identifiers", "apim-request-id")
    fp = O("fp_" + F.hex(10), "identifiers", "system_fingerprint")
    words = ["Here", " is", " the", " fixed", " string", ":", " `DefaultEndpointsProtocol=https;AccountName=stlogs", ";AccountKey="] + split_pieces(acct_key, [7, 11, 13, 19, 21]) + [";EndpointSuffix=core.windows.net`"]
    filt = {"hate": {"filtered": False, "severity": "safe"}, "self_harm": {"filtered": False, "severity": "safe"}, "sexual": {"filtered": False, "severity": "safe"}, "violence": {"filtered": False, "severity": "safe"}}
    events = [{"choices": [], "created": 0, "id": "", "model": "", "object": "", "prompt_filter_results": [{"prompt_index": 0, "content_filter_results": filt}]}]
    events += [{"choices": [{"content_filter_results": filt, "delta": {"content": w}, "finish_reason": None, "index": 0, "logprobs": None}], "created": 1796001012, "id": cid,
                "model": "gpt-4o-2024-11-20", "object": "chat.completion.chunk", "system_fingerprint": fp} for w in words]
    events.append({"choices": [{"content_filter_results": {}, "delta": {}, "finish_reason": "stop", "index": 0, "logprobs": None}], "created": 1796001012, "id": cid, "model": "gpt-4o-2024-11-20", "object": "chat.completion.chunk", "system_fingerprint": fp})
    return [interaction(request("POST", "https://acme-oai-swc.openai.azure.com/openai/deployments/gpt-4o/chat/completions?api-version=2024-10-21", jhead([("api-key", key)]),
                                {"stream": True, "messages": [{"role": "user", "content": "Fix the quoting in my storage connection string: " + "DefaultEndpointsProtocol=https;AccountName=stlogs;AccountKey=" + acct_key}]}),
                        response(200, rhead("text/event-stream; charset=utf-8", [("apim-request-id", apim), ("x-ms-region", "Sweden Central"), ("x-ratelimit-remaining-tokens", "79412")]), sse(events, done=True)))]


@case("gemini-stream-generate-sse-key-query", "LLM APIs")
def _():
    key = S("AIzaSy" + F.b64url(33), "other", "Gemini API key in ?key= of a server-side call (not the public Firebase case)")
    pat = S(gh_token("ghp_"), "streams", "GitHub token echoed split across candidates[].content.parts[].text of SSE events")
    resp_id = O(F.b64url(22), "identifiers", "responseId")
    pieces = ["You should revoke `"] + split_pieces(pat, [4, 9, 8, 12]) + ["` now, since it", " was shared in plain text."]
    events = [{"candidates": [{"content": {"parts": [{"text": p}], "role": "model"}, "index": 0}], "usageMetadata": {"promptTokenCount": 38, "totalTokenCount": 38 + i},
               "modelVersion": "gemini-2.0-flash-001", "responseId": resp_id} for i, p in enumerate(pieces)]
    events[-1]["candidates"][0]["finishReason"] = "STOP"
    return [interaction(request("POST", f"https://generativelanguage.googleapis.com/v1beta/models/gemini-2.0-flash:streamGenerateContent?alt=sse&key={key}", jhead([("x-goog-api-client", "genai-js/0.21.0")]),
                                {"contents": [{"role": "user", "parts": [{"text": f"is {pat} a valid token format?"}]}]}),
                        response(200, rhead("text/event-stream", [("Server-Timing", "gfet4t7; dur=612"), ("Vary", "Origin, X-Origin, Referer")]), sse(events)))]


@case("mistral-sse-tool-call-arguments", "LLM APIs")
def _():
    key = S(F.alnum(32), "other", "Mistral API key as Bearer")
    pw = S(F.password(20), "streams", "password inside tool_call function.arguments streamed in pieces")
    cid = O(F.hex(32), "identifiers", "completion id")
    call = O(F.alnum(9), "identifiers", "tool call id")
    args = json.dumps({"host": "pg-reporting.internal", "user": "bi_reader", "password": pw, "query": "select count(*) from invoices"})
    chunks = split_pieces(args, [12, 20, 25, 14, 9, 11, 16])
    events = [{"id": cid, "object": "chat.completion.chunk", "created": 1796001012, "model": "mistral-large-latest",
               "choices": [{"index": 0, "delta": {"role": "assistant", "content": ""}, "finish_reason": None}]}]
    events += [{"id": cid, "object": "chat.completion.chunk", "created": 1796001012, "model": "mistral-large-latest",
                "choices": [{"index": 0, "delta": {"tool_calls": [{"id": call, "type": "function", "function": {"name": "run_sql", "arguments": c}, "index": 0}]}, "finish_reason": None}]} for c in chunks]
    events.append({"id": cid, "object": "chat.completion.chunk", "created": 1796001012, "model": "mistral-large-latest", "choices": [{"index": 0, "delta": {"content": ""}, "finish_reason": "tool_calls"}],
                   "usage": {"prompt_tokens": 211, "total_tokens": 262, "completion_tokens": 51}})
    return [interaction(request("POST", "https://api.mistral.ai/v1/chat/completions", jhead([("Authorization", f"Bearer {key}")]),
                                {"model": "mistral-large-latest", "stream": True, "tools": [{"type": "function", "function": {"name": "run_sql", "parameters": {"type": "object"}}}],
                                 "messages": [{"role": "user", "content": "count invoices on the reporting db, creds are in the vault note"}]}),
                        response(200, rhead("text/event-stream", [("x-kong-request-id", O(F.hex(32), "identifiers", "x-kong-request-id")), ("mistral-correlation-id", O(F.uuid(), "identifiers", "mistral-correlation-id"))]), sse(events, done=True)))]


@case("bedrock-invoke-stream-eventstream-b64", "LLM APIs")
def _():
    sig = S(F.sigv4(), "other", "SigV4 signature of InvokeModelWithResponseStream")
    tok = S(F.aws_session_token(), "other", "X-Amz-Security-Token")
    hook = S("https://hooks.slack.com/services/T0" + F.pick(UPAN, 9) + "/B0" + F.pick(UPAN, 9) + "/" + F.alnum(24), "streams",
             "Slack webhook URL echoed in one text_delta, base64 inside {\"bytes\":...} inside binary event-stream frames")
    rid = O(F.uuid(), "identifiers", "x-amzn-RequestId")
    mid = O("msg_bdrk_01" + F.pick(AN, 22), "identifiers", "message id in the first chunk")
    chunks = [{"type": "message_start", "message": {"id": mid, "type": "message", "role": "assistant", "model": "claude-3-5-sonnet-20241022", "content": []}},
              {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
              {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "Post to this URL: "}},
              {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": hook}},
              {"type": "content_block_stop", "index": 0}, {"type": "message_stop", "amazon-bedrock-invocationMetrics": {"inputTokenCount": 90, "outputTokenCount": 44}}]
    stream = b"".join(eventstream([(":event-type", "chunk"), (":content-type", "application/json"), (":message-type", "event")],
                                  json.dumps({"bytes": b64(json.dumps(c, separators=(",", ":"))), "p": "abcdefghijklmnopqrstuvwxyzABCDEFGHIJ"[:7 + i]}, separators=(",", ":"))) for i, c in enumerate(chunks))
    model = "anthropic.claude-3-5-sonnet-20241022-v2:0"
    return [interaction(request("POST", f"https://bedrock-runtime.us-east-1.amazonaws.com/model/{q(model)}/invoke-with-response-stream",
                                jhead([("X-Amz-Date", "20261201T083012Z"), ("X-Amz-Security-Token", tok), ("Accept", "application/vnd.amazon.eventstream"),
                                       ("Authorization", sigv4_auth(F.aws_key_id("ASIA"), "20261201", "us-east-1", "bedrock", sig, "accept;content-type;host;x-amz-date;x-amz-security-token"))]),
                                {"anthropic_version": "bedrock-2023-05-31", "max_tokens": 256, "messages": [{"role": "user", "content": "Where do I post deploy notices? It's in the runbook: " + hook}]}),
                        response(200, [("Content-Type", "application/vnd.amazon.eventstream"), ("x-amzn-RequestId", rid), ("X-Amzn-Bedrock-Content-Type", "application/json")], stream))]


@case("tgi-endpoint-sse-token-events", "LLM APIs")
def _():
    tok = S("hf_" + F.pick(UP + LO, 34), "other", "Hugging Face token as Bearer to an Inference Endpoint")
    aws = S(F.aws_secret(), "streams", "AWS secret key echoed split across token.text of TGI SSE events, whole in generated_text")
    rid = O(F.uuid(), "identifiers", "x-request-id")
    ids = [O(str(F.rng.randrange(100000, 128000)), "identifiers", "a token id in the stream")]
    pieces = ["aws", "_secret", "_access", "_key", " =", " "] + split_pieces(aws, [3, 5, 4, 6, 7, 5])
    events = []
    for i, p in enumerate(pieces):
        last = i == len(pieces) - 1
        events.append({"index": i + 1, "token": {"id": int(ids[0]) if i == 0 else F.rng.randrange(100, 32000), "text": p, "logprob": -round(F.rng.random(), 4), "special": False},
                       "generated_text": "".join(pieces) if last else None, "details": {"finish_reason": "eos_token", "generated_tokens": len(pieces), "seed": None} if last else None})
    return [interaction(request("POST", "https://x7k2m9p4q1.eu-west-1.aws.endpoints.huggingface.cloud/generate_stream", jhead([("Authorization", f"Bearer {tok}")]),
                                {"inputs": "Complete the credentials file line for the key I gave you earlier:", "parameters": {"max_new_tokens": 64, "temperature": 0.2}}),
                        response(200, rhead("text/event-stream", [("x-request-id", rid), ("x-compute-type", "1-nvidia-a10g"), ("x-compute-characters", "64")]),
                                 "".join(f"data:{json.dumps(e, separators=(',', ':'))}\n\n" for e in events)))]


@case("langfuse-ingestion-batch-env-capture", "observability")
def _():
    pk = O("pk-lf-" + F.uuid(), "public", "Langfuse public key: the Basic user name")
    sk = S("sk-lf-" + F.uuid(), "other", "Langfuse secret key: the Basic password")
    oai = S("sk-proj-" + F.b64url(74) + "T3BlbkFJ" + F.b64url(74), "structure", "OPENAI_API_KEY captured in trace metadata.env")
    trace = O(F.hex(32), "identifiers", "trace id")
    e1 = O(F.uuid(), "identifiers", "ingestion event id")
    e2 = O(F.uuid(), "identifiers", "second ingestion event id")
    batch = [{"id": e1, "type": "trace-create", "timestamp": "2026-12-01T08:30:12.100Z",
              "body": {"id": trace, "name": "rag-query", "input": {"question": "what is our refund window?"}, "metadata": {"env": {"OPENAI_API_KEY": oai, "LANGFUSE_HOST": "https://cloud.langfuse.com", "APP_ENV": "prod"}}}},
             {"id": e2, "type": "generation-create", "timestamp": "2026-12-01T08:30:12.840Z",
              "body": {"id": F.uuid(), "traceId": trace, "name": "answer", "model": "gpt-4o-mini", "usage": {"input": 812, "output": 96, "unit": "TOKENS"}}}]
    return [interaction(request("POST", "https://cloud.langfuse.com/api/public/ingestion", jhead([("Authorization", basic(pk, sk)), ("X-Langfuse-Sdk-Name", "python"), ("X-Langfuse-Sdk-Version", "2.57.1")]),
                                {"batch": batch, "metadata": {"batch_size": 2, "sdk_name": "python", "sdk_version": "2.57.1"}}),
                        response(207, rhead(), {"successes": [{"id": e1, "status": 201}, {"id": e2, "status": 201}], "errors": []}))]

# ----- Kubernetes --------------------------------------------------------------------------------

def k8s_sa_jwt(ns, name):
    return jwt({"aud": ["https://kubernetes.default.svc.cluster.local"], "exp": 1796004612, "iat": 1796001012, "iss": "https://kubernetes.default.svc.cluster.local",
                "kubernetes.io": {"namespace": ns, "serviceaccount": {"name": name, "uid": F.uuid()}}, "sub": f"system:serviceaccount:{ns}:{name}"}, kid=F.b64url(43))


@case("k8s-serviceaccount-token-request", "Kubernetes")
def _():
    admin = S(k8s_sa_jwt("kube-system", "ci-admin"), "other", "caller's bearer token")
    issued = S(k8s_sa_jwt("ci", "deployer"), "other", "status.token of a TokenRequest")
    pod_uid = O(F.uuid(), "identifiers", "boundObjectRef.uid")
    audit = O(F.uuid(), "identifiers", "Audit-Id")
    return [interaction(request("POST", "https://10.96.0.1/api/v1/namespaces/ci/serviceaccounts/deployer/token", jhead([("Authorization", f"Bearer {admin}")]),
                                {"kind": "TokenRequest", "apiVersion": "authentication.k8s.io/v1", "spec": {"audiences": ["https://kubernetes.default.svc.cluster.local"], "expirationSeconds": 3600,
                                                                                                           "boundObjectRef": {"kind": "Pod", "apiVersion": "v1", "name": "runner-7d9f-x2k", "uid": pod_uid}}}),
                        response(201, rhead("application/json", [("Audit-Id", audit)]),
                                 {"kind": "TokenRequest", "apiVersion": "authentication.k8s.io/v1", "metadata": {"name": "deployer", "namespace": "ci", "creationTimestamp": None},
                                  "spec": {"audiences": ["https://kubernetes.default.svc.cluster.local"], "expirationSeconds": 3600, "boundObjectRef": {"kind": "Pod", "apiVersion": "v1", "name": "runner-7d9f-x2k", "uid": pod_uid}},
                                  "status": {"token": issued, "expirationTimestamp": "2026-12-01T09:30:12Z"}}))]


@case("k8s-bootstrap-token-and-csr", "Kubernetes")
def _():
    tid = O(F.pick(LOAN, 6), "identifiers", "bootstrap token-id (public half, shown in the secret name)")
    tsec = S(F.pick(LOAN, 16), "encoding", "data.token-secret of a bootstrap token secret (base64)")
    admin = S(F.b64url(300), "other", "admin bearer token")
    bearer = S(f"{tid}.{tsec}", "other", "bootstrap token as Bearer of the kubelet's CSR")
    csr_pem = "-----BEGIN CERTIFICATE REQUEST-----\n" + b64(b"0\x82\x01\x0c0\x81\xb3" + F.bytes(240)) + "\n-----END CERTIFICATE REQUEST-----\n"
    csr = O(b64(csr_pem), "public", "spec.request: base64 PEM certificate request (public)")
    csr_uid = O(F.uuid(), "identifiers", "CSR uid")
    data = {"token-id": b64(tid), "token-secret": b64(tsec), "usage-bootstrap-authentication": b64("true"), "usage-bootstrap-signing": b64("true"),
            "auth-extra-groups": b64("system:bootstrappers:kubeadm:default-node-token"), "expiration": b64("2026-12-02T08:30:12Z")}
    return [
        interaction(request("GET", f"https://10.96.0.1/api/v1/namespaces/kube-system/secrets/bootstrap-token-{tid}", [("Authorization", f"Bearer {admin}")]),
                    response(200, rhead(), {"kind": "Secret", "apiVersion": "v1", "metadata": {"name": f"bootstrap-token-{tid}", "namespace": "kube-system", "uid": O(F.uuid(), "identifiers", "uid of the bootstrap token secret")},
                                            "data": data, "type": "bootstrap.kubernetes.io/token"})),
        interaction(request("POST", "https://10.96.0.1/apis/certificates.k8s.io/v1/certificatesigningrequests", jhead([("Authorization", f"Bearer {bearer}"), ("User-Agent", "kubelet/v1.31.3 (linux/amd64) kubernetes/c83cbee")]),
                            {"apiVersion": "certificates.k8s.io/v1", "kind": "CertificateSigningRequest", "metadata": {"generateName": "csr-"},
                             "spec": {"request": csr, "signerName": "kubernetes.io/kube-apiserver-client-kubelet", "usages": ["digital signature", "client auth"]}}),
                    response(201, rhead(), {"kind": "CertificateSigningRequest", "metadata": {"name": "csr-" + F.pick(LOAN, 5), "uid": csr_uid}, "spec": {"signerName": "kubernetes.io/kube-apiserver-client-kubelet", "username": f"system:bootstrap:{tid}"}, "status": {}}))]


@case("k8s-dockerconfigjson-nested-auth", "Kubernetes")
def _():
    bearer = S(k8s_sa_jwt("build", "image-puller"), "other", "bearer token")
    ghp = S(gh_token("ghp_"), "encoding", "password and auth of a ghcr.io entry inside base64 .dockerconfigjson")
    ecr = S(b64(json.dumps({"payload": b64(F.bytes(400)), "datakey": b64(F.bytes(120)), "version": "2", "type": "DATA_KEY", "expiration": 1796044212})), "encoding",
            "ECR password inside base64('AWS:'+password) inside base64 .dockerconfigjson")
    uid = O(F.uuid(), "identifiers", "metadata.uid")
    rv = O(F.digits(8), "identifiers", "resourceVersion")
    cfg = {"auths": {"ghcr.io": {"username": "acme-bot", "password": ghp, "auth": b64("acme-bot:" + ghp)},
                     f"{F.digits(12)}.dkr.ecr.eu-west-1.amazonaws.com": {"auth": b64("AWS:" + ecr)}}}
    return [interaction(request("GET", "https://kube.acme.internal:6443/api/v1/namespaces/build/secrets/regcred", [("Authorization", f"Bearer {bearer}")]),
                        response(200, rhead(), {"kind": "Secret", "apiVersion": "v1", "metadata": {"name": "regcred", "namespace": "build", "uid": uid, "resourceVersion": rv},
                                                "data": {".dockerconfigjson": b64(json.dumps(cfg))}, "type": "kubernetes.io/dockerconfigjson"}))]


@case("k8s-pod-log-leaks", "Kubernetes")
def _():
    bearer = S(F.b64url(320), "other", "bearer token of the log request")
    amqp = S(F.password(18), "structure", "password in an amqp:// URL printed in a pod log")
    hdr = S(F.b64url(40), "structure", "Bearer value inside a logged Python headers dict")
    trace = O(F.hex(32), "identifiers", "trace_id in a log line")
    req = O(F.uuid(), "identifiers", "request_id in a log line")
    log = (f"2026-12-01T08:30:01.118Z INFO  worker starting, pid=7\n"
           f"2026-12-01T08:30:01.322Z INFO  connecting to amqp://orders:{amqp}@rabbitmq.web.svc:5672/orders\n"
           f"2026-12-01T08:30:02.004Z DEBUG outgoing request method=POST url=https://partner.example/api/v2/orders headers={{'Authorization': 'Bearer {hdr}', 'Content-Type': 'application/json'}}\n"
           f"2026-12-01T08:30:02.377Z WARN  partner returned 429 trace_id={trace} request_id={req}\n")
    return [interaction(request("GET", "https://kube.acme.internal:6443/api/v1/namespaces/web/pods/orders-worker-6c8b9d-q2kxp/log?container=worker&tailLines=50&timestamps=false",
                                [("Authorization", f"Bearer {bearer}"), ("Accept", "application/json, */*")]),
                        response(200, rhead("text/plain"), log))]


@case("rancher-generate-kubeconfig", "Kubernetes")
def _():
    api = S("token-" + F.pick(LOAN, 5) + ":" + F.pick(LOAN, 54), "other", "Rancher API token (name:secret) as Bearer")
    kc = S("kubeconfig-u-" + F.pick(LOAN, 12) + ":" + F.pick(LOAN, 54), "structure", "users[].user.token in the generated kubeconfig YAML")
    cluster = O("c-m-" + F.pick(LOAN, 8), "identifiers", "cluster id")
    ca = O(pem_cert_line(), "public", "certificate-authority-data (public CA), first characters")
    cfg = (f'apiVersion: v1\nkind: Config\nclusters:\n- name: "prod"\n  cluster:\n    server: "https://rancher.acme.example/k8s/clusters/{cluster}"\n'
           f'    certificate-authority-data: "{ca}{b64(F.bytes(300))}"\n\nusers:\n- name: "prod"\n  user:\n    token: "{kc}"\n\ncontexts:\n- name: "prod"\n  context:\n    user: "prod"\n    cluster: "prod"\n\ncurrent-context: "prod"\n')
    return [interaction(request("POST", f"https://rancher.acme.example/v3/clusters/{cluster}?action=generateKubeconfig", [("Authorization", f"Bearer {api}"), ("Accept", "application/json")]),
                        response(200, rhead(), {"baseType": "generateKubeconfigOutput", "config": cfg, "type": "generateKubeconfigOutput"}))]

# ----- observability -----------------------------------------------------------------------------

@case("newrelic-nerdgraph-and-log-api-gzip", "observability")
def _():
    key = S("NRAK-" + F.pick(UPAN, 27), "names", "API-Key header of NerdGraph")
    lic = S(F.hex(36) + "NRAL", "names", "X-License-Key of the Log API")
    person = S(email("sven", "larsen", "live.dk"), "encoding", "e-mail in a log message inside a gzip request body")
    guid = O(b64(f"{F.digits(7)}|APM|APPLICATION|{F.digits(9)}").rstrip("="), "identifiers", "entity guid: base64 of account|domain|type|id")
    acct = O(F.digits(7), "identifiers", "account id")
    rid = O(F.uuid(), "identifiers", "requestId of the Log API")
    logs = [{"common": {"attributes": {"service": "checkout", "host": "web-3"}}, "logs": [{"timestamp": 1796001012000, "message": f"login failed for {person}: invalid password", "level": "warn"}]}]
    return [
        interaction(request("POST", "https://api.eu.newrelic.com/graphql", jhead([("API-Key", key)]),
                            {"query": "{ actor { entity(guid: \"%s\") { name alertSeverity } account(id: %s) { nrql(query: \"SELECT count(*) FROM Transaction SINCE 1 hour ago\") { results } } } }" % (guid, acct)}),
                    response(200, rhead(extra=[("nerdgraph-request-id", O(F.uuid(), "identifiers", "nerdgraph-request-id"))]), {"data": {"actor": {"entity": {"name": "checkout", "alertSeverity": "NOT_ALERTING"},
                                                                                                  "account": {"nrql": {"results": [{"count": 48213}]}}}}})),
        interaction(request("POST", "https://log-api.eu.newrelic.com/log/v1", [("X-License-Key", lic), ("Content-Type", "application/json"), ("Content-Encoding", "gzip")], gz(json.dumps(logs))),
                    response(202, rhead(), {"requestId": rid}))]


@case("splunk-hec-uuid-token-vs-channel", "observability")
def _():
    tok = S(F.uuid(), "other", "HEC token after 'Authorization: Splunk' (UUID-shaped)")
    chan = O(F.uuid(), "identifiers", "X-Splunk-Request-Channel (UUID, same shape as the token)")
    key = S(F.hex(40), "names", "X-Api-Key value in a logged header string inside an event")
    trace = O(F.hex(32), "identifiers", "trace id in the event")
    ack = O(str(F.rng.randrange(100000, 999999)), "identifiers", "ackId")
    events = (json.dumps({"time": 1796001012.118, "host": "edge-2", "sourcetype": "_json", "source": "gateway", "event": {"msg": "upstream 401", "trace_id": trace,
                                                                                                                           "request_headers": f"Accept: */*; X-Api-Key: {key}; User-Agent: partner-sdk/2.1"}})
              + json.dumps({"time": 1796001013.004, "host": "edge-2", "sourcetype": "_json", "source": "gateway", "event": {"msg": "retry scheduled", "trace_id": trace}}))
    return [interaction(request("POST", "https://http-inputs-acme.splunkcloud.com:443/services/collector/event", jhead([("Authorization", f"Splunk {tok}"), ("X-Splunk-Request-Channel", chan)]), events),
                        response(200, rhead(), {"text": "Success", "code": 0, "ackId": int(ack)}))]


@case("grafana-loki-push-gzip-basic-in-line", "observability")
def _():
    user = O(F.digits(6), "identifiers", "Grafana Cloud Loki user (numeric instance id) in Basic")
    tok = S("glc_" + b64(json.dumps({"o": F.digits(7), "n": "stack-" + F.digits(6) + "-logs-write-" + F.pick(LO, 6), "k": F.alnum(24), "m": {"r": "prod-eu-west-0"}}, separators=(",", ":"))),
            "other", "Grafana Cloud access policy token as the Basic password")
    pw = S(F.password(16), "encoding", "password inside a Basic credential written into a log line, inside a gzip push body")
    trace = O(F.hex(32), "identifiers", "traceID in the log line")
    line = f'level=error ts=2026-12-01T08:30:12.118Z caller=proxy.go:214 msg="upstream auth failed" authorization="Basic {b64("reports:" + pw)}" traceID={trace}'
    push = {"streams": [{"stream": {"service_name": "report-proxy", "env": "prod"}, "values": [["1796001012118000000", line]]}]}
    return [interaction(request("POST", "https://logs-prod-eu-west-0.grafana.net/loki/api/v1/push", [("Authorization", basic(user, tok)), ("Content-Type", "application/json"), ("Content-Encoding", "gzip")], gz(json.dumps(push))),
                        response(204, [("Date", "Tue, 01 Dec 2026 08:30:12 GMT"), ("X-Scope-OrgID", user)]))]


@case("dynatrace-ingest-and-token-lookup", "observability")
def _():
    pub = "dt0c01." + F.pick(UPAN, 24)
    tok = S(pub + "." + F.pick(UPAN, 64), "other", "Api-Token of the metrics ingest call")
    other_pub = "dt0c01." + F.pick(UPAN, 24)
    looked = S(other_pub + "." + F.pick(UPAN, 64), "structure", "token field in a token lookup request body")
    tid = O(other_pub, "public", "token id returned by lookup: the public part of the token (contestable)")
    owner = S(email("ines", "moreau", "free.fr"), "other", "owner e-mail of the looked-up token")
    tenant = O(F.pick(LOAN, 8), "identifiers", "environment id in the host")
    base = f"https://{tenant}.live.dynatrace.com/api/v2"
    return [
        interaction(request("POST", f"{base}/metrics/ingest", [("Authorization", f"Api-Token {tok}"), ("Content-Type", "text/plain; charset=utf-8")],
                            "checkout.latency,region=eu gauge,min=12,max=480,sum=9210,count=64 1796001012000\ncheckout.errors,region=eu count,delta=3 1796001012000\n"),
                    response(202, rhead(), {"linesOk": 2, "linesInvalid": 0, "error": None, "warnings": None})),
        interaction(request("POST", f"{base}/apiTokens/lookup", jhead([("Authorization", f"Api-Token {tok}")]), {"token": looked}),
                    response(200, rhead(), {"id": tid, "name": "ci-ingest", "enabled": True, "personalAccessToken": False, "owner": owner,
                                            "creationDate": "2026-06-11T09:12:44.118Z", "scopes": ["metrics.ingest", "logs.ingest"]}))]


@case("rollbar-item-request-capture", "observability")
def _():
    tok = S(F.hex(32), "names", "X-Rollbar-Access-Token (post_server_item)")
    person = S(email("tariq", "aziz", "gmail.com"), "other", "person.email and a captured POST field")
    cookie = S(F.b64url(200) + "--" + F.hex(40), "structure", "Rails session cookie inside captured request.headers.Cookie")
    stars = O("********", "idempotence", "password field already scrubbed by the notifier")
    uuid = O(F.uuid(), "identifiers", "item uuid")
    ver = O(F.hex(40), "identifiers", "code_version (commit sha)")
    item = {"access_token": tok, "data": {"environment": "production", "code_version": ver, "uuid": uuid, "level": "error", "platform": "linux", "language": "ruby",
                                          "body": {"trace": {"frames": [{"filename": "app/controllers/sessions_controller.rb", "lineno": 41, "method": "create"}],
                                                             "exception": {"class": "PG::ConnectionBad", "message": "FATAL: password authentication failed for user \"app\""}}},
                                          "request": {"url": "https://app.acme.example/session", "method": "POST", "headers": {"Cookie": f"_app_session={cookie}", "User-Agent": "Mozilla/5.0"},
                                                      "POST": {"email": person, "password": stars}},
                                          "person": {"id": "4821", "email": person}}}
    return [interaction(request("POST", "https://api.rollbar.com/api/1/item/", jhead([("X-Rollbar-Access-Token", tok)]), item),
                        response(200, rhead(), {"err": 0, "result": {"id": None, "uuid": uuid}}))]


@case("alertmanager-status-config-placeholders", "observability")
def _():
    placeholder = O("<secret>", "idempotence", "Alertmanager's placeholder for hidden secret fields")
    pd = S(F.hex(32), "encoding", "PagerDuty integration key inside a webhook URL path in the rendered config")
    teams = S(F.hex(32), "encoding", "hex segment of a Teams incoming-webhook URL in the config")
    rev = O(F.hex(40), "identifiers", "versionInfo.revision")
    cname = O(ulid(), "identifiers", "cluster.name")
    t1, t2, t3 = F.uuid(), F.uuid(), F.uuid()
    original = (f"global:\n  resolve_timeout: 5m\n  slack_api_url: {placeholder}\n  smtp_auth_password: {placeholder}\nroute:\n  receiver: oncall\nreceivers:\n- name: oncall\n  webhook_configs:\n"
                f"  - url: https://events.pagerduty.com/integration/{pd}/enqueue\n    http_config:\n      authorization:\n        type: Bearer\n        credentials: {placeholder}\n"
                f"- name: teams\n  webhook_configs:\n  - url: https://acme.webhook.office.com/webhookb2/{t1}@{t2}/IncomingWebhook/{teams}/{t3}\n")
    return [interaction(request("GET", "http://alertmanager.monitoring.svc:9093/api/v2/status"),
                        response(200, rhead(), {"cluster": {"name": cname, "peers": [{"address": "10.42.1.17:9094", "name": cname}], "status": "ready"},
                                                "config": {"original": original}, "uptime": "2026-11-28T03:11:09.118Z",
                                                "versionInfo": {"branch": "HEAD", "buildDate": "20241106-10:21:06", "buildUser": "root@1b2c3d", "goVersion": "go1.23.2", "revision": rev, "version": "0.27.0"}}))]

# ----- admin and debug HTML pages ----------------------------------------------------------------

@case("werkzeug-debugger-traceback-page", "HTML apps")
def _():
    dbg = S(F.alnum(20), "names", "Werkzeug debugger SECRET in an inline script")
    pw = S(F.password(18), "structure", "password in a create_engine URL shown in a source line of the traceback (HTML-escaped quotes)")
    frame = O(F.digits(15), "identifiers", "frame id of a traceback frame")
    frame2 = O(F.digits(15), "identifiers", "frame id of another frame")
    src = html.escape(f'engine = create_engine("postgresql://reports:{pw}@db.internal:5432/reports", pool_pre_ping=True)')
    page = f"""<!doctype html>
<html lang=en>
  <head>
    <title>sqlalchemy.exc.OperationalError: (psycopg2.OperationalError) connection to server at "db.internal" failed // Werkzeug Debugger</title>
    <link rel="stylesheet" href="?__debugger__=yes&amp;cmd=resource&amp;f=style.css">
    <script src="?__debugger__=yes&amp;cmd=resource&amp;f=debugger.js"></script>
    <script>
      var CONSOLE_MODE = false,
          EVALEX = true,
          EVALEX_TRUSTED = false,
          SECRET = "{dbg}";
    </script>
  </head>
  <body style="background-color: #fff">
    <div class="debugger">
<h1>OperationalError</h1>
<div class="traceback">
<ul><li><div class="frame" id="frame-{frame}">
  <h4>File <cite class="filename">"/app/reports/db.py"</cite>, line <em class="line">12</em>, in <code class="function">&lt;module&gt;</code></h4>
  <div class="source "><pre class="line before"><span class="ws"></span>from sqlalchemy import create_engine</pre>
<pre class="line current"><span class="ws"></span>{src}</pre></div>
</div>
<li><div class="frame" id="frame-{frame2}">
  <h4>File <cite class="filename">"/usr/local/lib/python3.12/site-packages/sqlalchemy/engine/base.py"</cite>, line <em class="line">146</em>, in <code class="function">__init__</code></h4>
</div>
</ul>
</div>
</div></body></html>
"""
    return [interaction(request("GET", "https://reports-staging.acme.example/api/reports/monthly", [("Accept", "text/html")]),
                        response(500, rhead("text/html; charset=utf-8", [("Server", "Werkzeug/3.1.3 Python/3.12.7")]), page))]


@case("phpmyadmin-login-token-and-cookies", "HTML apps")
def _():
    token = S(F.pick("!#$%&()*+,-./:;<=>?@[]^_{|}~" + AN, 32).replace("&", "x").replace("<", "y").replace(">", "z").replace('"', "w"), "other", "hidden token input (CSRF) and token form field")
    sess = S(F.pick(LOAN, 26), "other", "phpMyAdmin session cookie and set_session field")
    pw = S(F.password(16), "other", "pma_password form field")
    auth = S(b64(F.bytes(64)), "other", "pmaAuth-1 cookie: the encrypted password")
    ver = O("phpMyAdmin 5.2.1", "other", "version string in the page")
    page = (f'<!DOCTYPE HTML><html lang="en" dir="ltr"><head><meta charset="utf-8"><title>{ver}</title></head><body class="loginform">'
            f'<form method="post" id="login_form" action="index.php?route=/" name="login_form" class="disableAjax hide js-show">'
            f'<input type="hidden" name="set_session" value="{sess}"><input type="hidden" name="token" value="{html.escape(token)}">'
            f'<input type="text" name="pma_username" id="input_username" value="" size="24" class="form-control" autocomplete="username">'
            f'<input type="password" name="pma_password" id="input_password" value="" size="24" class="form-control" autocomplete="current-password">'
            f'<input type="hidden" name="server" value="1"></form></body></html>')
    return [
        interaction(request("GET", "https://db-admin.acme.example/index.php"),
                    response(200, rhead("text/html; charset=utf-8", [("Set-Cookie", f"phpMyAdmin={sess}; path=/; secure; HttpOnly; SameSite=Strict"), ("Set-Cookie", "pma_lang=en; expires=Thu, 31 Dec 2026 08:30:12 GMT; path=/; secure; HttpOnly")]), page)),
        interaction(request("POST", "https://db-admin.acme.example/index.php?route=/", [("Content-Type", "application/x-www-form-urlencoded"), ("Cookie", f"phpMyAdmin={sess}; pma_lang=en")],
                            form([("set_session", sess), ("pma_username", "root"), ("pma_password", pw), ("server", "1"), ("route", "/"), ("token", token)])),
                    response(302, [("Location", "index.php?route=/&server=1"), ("Set-Cookie", f"pmaUser-1={q(b64(F.bytes(48)))}; path=/; secure; HttpOnly"),
                                   ("Set-Cookie", f"pmaAuth-1={q(auth)}; path=/; secure; HttpOnly"), ("Set-Cookie", f"phpMyAdmin={F.pick(LOAN, 26)}; path=/; secure; HttpOnly")]))]


@case("jupyter-token-kernels-notebook", "HTML apps")
def _():
    tok = S(F.hex(48), "encoding", "Jupyter server token in ?token= and 'Authorization: token ...'")
    xsrf = S("2|" + F.hex(8) + "|" + F.hex(32) + "|1796001012", "other", "_xsrf cookie")
    user_cookie = S("2|1:0|10:1796001012|24:username-nb-acme-example|" + b64(json.dumps({"username": F.hex(32), "name": "Anonymous", "display_name": "Anonymous"})) + "|" + F.hex(64),
                    "other", "signed user cookie set after token login")
    nbpw = S(F.password(20), "names", "os.environ['SNOWFLAKE_PASSWORD'] = ... in a notebook cell")
    k = O(F.uuid(), "identifiers", "kernel id")
    s = O(F.uuid(), "identifiers", "session id")
    png = O(b64(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + F.bytes(90))[:80], "public", "base64 PNG of a plot output, first characters")
    nb = {"cells": [{"cell_type": "code", "execution_count": 3, "id": O(F.hex(8), "identifiers", "notebook cell id"), "metadata": {}, "source": ["import os\n", f"os.environ['SNOWFLAKE_PASSWORD'] = '{nbpw}'\n", "df = load_orders()\n"],
                     "outputs": [{"output_type": "display_data", "data": {"image/png": png + b64(F.bytes(150)), "text/plain": ["<Figure size 640x480 with 1 Axes>"]}, "metadata": {}}]}],
          "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3"}}, "nbformat": 4, "nbformat_minor": 5}
    return [
        interaction(request("GET", f"https://nb.acme.example/lab?token={tok}"),
                    response(200, rhead("text/html"), "<!doctype html><html><head><title>JupyterLab</title></head><body></body></html>", url="https://nb.acme.example/lab"),
                    redirects=[hop("GET", f"https://nb.acme.example/lab?token={tok}", 302, [("Location", "/lab"), ("Set-Cookie", f"_xsrf={xsrf}; expires=Thu, 31 Dec 2026 08:30:12 GMT; Path=/"),
                                                                                          ("Set-Cookie", f'username-nb-acme-example="{user_cookie}"; expires=Thu, 31 Dec 2026 08:30:12 GMT; HttpOnly; Path=/')])]),
        interaction(request("GET", "https://nb.acme.example/api/kernels", [("Authorization", f"token {tok}")]),
                    response(200, rhead(), [{"id": k, "name": "python3", "last_activity": "2026-12-01T08:30:11.904212Z", "execution_state": "idle", "connections": 1}])),
        interaction(request("GET", "https://nb.acme.example/api/sessions", [("Authorization", f"token {tok}")]),
                    response(200, rhead(), [{"id": s, "path": "notebooks/orders.ipynb", "name": "orders.ipynb", "type": "notebook", "kernel": {"id": k, "name": "python3"}}])),
        interaction(request("GET", "https://nb.acme.example/api/contents/notebooks/orders.ipynb?content=1&type=notebook", [("Authorization", f"token {tok}"), ("X-XSRFToken", xsrf)]),
                    response(200, rhead(), {"name": "orders.ipynb", "path": "notebooks/orders.ipynb", "type": "notebook", "format": "json", "content": nb}))]


@case("airflow-configuration-page-table", "HTML apps")
def _():
    fernet = S(b64u(F.bytes(32)) + "=", "structure", "core.fernet_key value cell")
    pw = S(F.password(18), "structure", "password in database.sql_alchemy_conn value cell")
    skey = S(F.b64url(32), "structure", "webserver.secret_key value cell")
    hidden = O("< hidden >", "idempotence", "Airflow's placeholder for a sensitive value (HTML-escaped in the page)")
    dags = O("/opt/airflow/dags", "structure", "core.dags_folder value cell next to secrets")
    sess = S(b64u(b'{"_fresh":true,"_id":"' + F.hex(64).encode() + b'"}') + "." + F.b64url(6) + "." + F.b64url(27), "other", "Flask session cookie")
    rows = [("core", "dags_folder", dags), ("core", "fernet_key", fernet), ("database", "sql_alchemy_conn", f"postgresql+psycopg2://airflow:{pw}@pg.airflow.svc:5432/airflow"),
            ("webserver", "secret_key", skey), ("smtp", "smtp_password", hidden), ("core", "default_timezone", "utc")]
    table = "".join(f"<tr><td>{html.escape(a)}</td><td>{html.escape(b)}</td><td>{html.escape(c)}</td><td>airflow.cfg</td></tr>" for a, b, c in rows)
    page = f'<!DOCTYPE html><html><head><title>Airflow Configuration</title></head><body><h2>airflow.cfg</h2><table class="table table-striped table-bordered"><tr><th>Section</th><th>Key</th><th>Value</th><th>Source</th></tr>{table}</table></body></html>'
    return [interaction(request("GET", "https://airflow.acme.example/configuration", [("Cookie", f"session={sess}")]),
                        response(200, rhead("text/html; charset=utf-8", [("X-Robots-Tag", "noindex, nofollow")]), page))]


@case("laravel-sanctum-spa-xsrf-login", "HTML apps")
def _():
    xs = S(b64(json.dumps({"iv": b64(F.bytes(16)), "value": b64(F.bytes(48)), "mac": F.hex(64), "tag": ""}, separators=(",", ":"))), "other", "XSRF-TOKEN cookie (URL-encoded) and X-XSRF-TOKEN header")
    s1 = S(b64(json.dumps({"iv": b64(F.bytes(16)), "value": b64(F.bytes(48)), "mac": F.hex(64), "tag": ""}, separators=(",", ":"))), "other", "laravel_session cookie before login")
    s2 = S(b64(json.dumps({"iv": b64(F.bytes(16)), "value": b64(F.bytes(48)), "mac": F.hex(64), "tag": ""}, separators=(",", ":"))), "other", "rotated laravel_session cookie after login")
    person = S(email("sara", "nilsson", "telia.se"), "other", "e-mail in the login body")
    pw = S(F.password(15), "other", "password in the login body")
    rid = O(F.uuid(), "identifiers", "X-Request-Id of the login response")
    return [
        interaction(request("GET", "https://app.acme.example/sanctum/csrf-cookie", [("Origin", "https://spa.acme.example"), ("Accept", "application/json")]),
                    response(204, [("Set-Cookie", f"XSRF-TOKEN={q(xs)}; expires=Tue, 01 Dec 2026 10:30:12 GMT; Max-Age=7200; path=/; domain=.acme.example; secure; samesite=lax"),
                                   ("Set-Cookie", f"laravel_session={q(s1)}; expires=Tue, 01 Dec 2026 10:30:12 GMT; Max-Age=7200; path=/; domain=.acme.example; secure; httponly; samesite=lax")])),
        interaction(request("POST", "https://app.acme.example/login", jhead([("X-XSRF-TOKEN", xs), ("Cookie", f"XSRF-TOKEN={q(xs)}; laravel_session={q(s1)}"), ("Referer", "https://spa.acme.example/")]),
                            {"email": person, "password": pw, "remember": False}),
                    response(204, [("X-Request-Id", rid), ("Set-Cookie", f"laravel_session={q(s2)}; expires=Tue, 01 Dec 2026 10:30:12 GMT; Max-Age=7200; path=/; domain=.acme.example; secure; httponly; samesite=lax")]))]

# ----- config dumps ------------------------------------------------------------------------------

@case("rabbitmq-definitions-export", "config dumps")
def _():
    admin = S(F.password(18), "other", "management admin password in Basic")
    h = S(b64(F.bytes(36)), "structure", "users[].password_hash (salted SHA-256; contestable)")
    shovel = S(F.password(20), "structure", "password in a shovel src-uri amqps:// URL")
    cid = O("rabbitmq-cluster-id-" + F.b64url(22), "identifiers", "internal_cluster_id global parameter")
    ver = O("3.13.7", "other", "rabbit_version")
    body = {"rabbit_version": ver, "rabbitmq_version": ver, "product_name": "RabbitMQ", "users": [{"name": "orders", "password_hash": h, "hashing_algorithm": "rabbit_password_hashing_sha256", "tags": [], "limits": {}}],
            "vhosts": [{"name": "/", "metadata": {"description": "Default virtual host", "tags": []}}], "permissions": [{"user": "orders", "vhost": "/", "configure": ".*", "write": ".*", "read": ".*"}],
            "parameters": [{"value": {"src-uri": f"amqps://shovel:{q(shovel)}@rabbit-dr.acme.internal:5671/%2F", "src-queue": "orders", "dest-uri": "amqp://", "dest-queue": "orders-dr", "ack-mode": "on-confirm"},
                            "vhost": "/", "component": "shovel", "name": "dr-sync"}],
            "global_parameters": [{"name": "cluster_name", "value": "rabbit@rmq-0.rmq-headless.mq.svc"}, {"name": "internal_cluster_id", "value": cid}], "policies": [], "queues": [], "exchanges": [], "bindings": []}
    return [interaction(request("GET", "https://rabbit.acme.internal:15672/api/definitions", [("Authorization", basic("admin", admin))]),
                        response(200, rhead(extra=[("content-disposition", "attachment; filename=rabbit_rmq-0_2026-12-1.json")]), body))]


@case("envoy-admin-config-dump-redacted", "config dumps")
def _():
    redacted = O("[redacted]", "idempotence", "Envoy's redaction of private keys and SDS secrets in config_dump")
    hdr = S(F.b64url(40), "structure", "request_headers_to_add value of x-upstream-token (not redacted by Envoy)")
    jwks = O(b64u(b"\xc3" + F.bytes(255)), "public", "RSA modulus n in an inline local_jwks (public key)")
    ver = O(F.hex(40) + "/1.32.2/Clean/RELEASE/BoringSSL", "other", "Envoy version string")
    dump = {"configs": [
        {"@type": "type.googleapis.com/envoy.admin.v3.BootstrapConfigDump", "bootstrap": {"node": {"id": "ingress-7c9d", "cluster": "ingress"}}},
        {"@type": "type.googleapis.com/envoy.admin.v3.ClustersConfigDump", "static_clusters": [{"cluster": {"name": "partner", "type": "LOGICAL_DNS",
            "transport_socket": {"name": "envoy.transport_sockets.tls", "typed_config": {"@type": "type.googleapis.com/envoy.extensions.transport_sockets.tls.v3.UpstreamTlsContext",
                "common_tls_context": {"tls_certificates": [{"certificate_chain": {"filename": "/etc/envoy/tls/client.crt"}, "private_key": {"inline_string": redacted}}]}}}}}]},
        {"@type": "type.googleapis.com/envoy.admin.v3.RoutesConfigDump", "static_route_configs": [{"route_config": {"name": "local", "virtual_hosts": [{"name": "partner", "domains": ["*"],
            "routes": [{"match": {"prefix": "/partner/"}, "route": {"cluster": "partner"}, "request_headers_to_add": [{"header": {"key": "x-upstream-token", "value": hdr}, "append_action": "OVERWRITE_IF_EXISTS_OR_ADD"}]}]}]}}]},
        {"@type": "type.googleapis.com/envoy.admin.v3.ListenersConfigDump", "static_listeners": [{"listener": {"name": "https", "filter_chains": [{"filters": [{"name": "envoy.filters.network.http_connection_manager",
            "typed_config": {"http_filters": [{"name": "envoy.filters.http.jwt_authn", "typed_config": {"providers": {"idp": {"issuer": "https://login.acme.example", "local_jwks": {"inline_string": json.dumps({"keys": [{"kty": "RSA", "n": jwks, "e": "AQAB", "kid": "k1"}]})}}}}}]}}]}]}}]},
        {"@type": "type.googleapis.com/envoy.admin.v3.SecretsConfigDump", "dynamic_active_secrets": [{"name": "hmac-key", "version_info": "3", "secret": {"name": "hmac-key", "generic_secret": {"secret": {"inline_bytes": redacted}}}}]}]}
    return [interaction(request("GET", "http://127.0.0.1:9901/config_dump?include_eds"),
                        response(200, rhead("application/json", [("x-envoy-upstream-service-time", "0"), ("server", "envoy")]), json.dumps(dump, indent=1))),
            interaction(request("GET", "http://127.0.0.1:9901/server_info"), response(200, rhead(), {"version": ver, "state": "LIVE", "uptime_current_epoch": "86211s"}))]


@case("go-expvar-cmdline-flags", "config dumps")
def _():
    pw = S(F.password(18), "structure", "password in a --db-dsn= flag in expvar cmdline")
    js = S(F.hex(64), "names", "--jwt-secret= flag in expvar cmdline")
    sha = O(F.hex(40), "identifiers", "vcs.revision in build info")
    body = {"cmdline": ["/usr/local/bin/ledgerd", "--listen=:8443", f"--db-dsn=postgres://ledger:{pw}@pg.internal:5432/ledger?sslmode=verify-full", f"--jwt-secret={js}", "--log-level=info"],
            "memstats": {"Alloc": 18244032, "TotalAlloc": 9182044032, "Sys": 52110344, "NumGC": 4821, "PauseTotalNs": 118203344},
            "ledger_build": {"vcs.revision": sha, "vcs.time": "2026-11-30T17:02:11Z", "go.version": "go1.23.3"}, "requests_total": 9182231}
    return [interaction(request("GET", "http://10.0.3.12:6060/debug/vars"), response(200, rhead(), json.dumps(body, indent=1)))]


@case("wp-config-backup-served-as-text", "config dumps")
def _():
    pw = S(F.password(20), "names", "DB_PASSWORD define() of a served wp-config backup")
    salts = [S(F.pick(SALT, 64), "names", f"{name} define() (WordPress salt)") for name in ("AUTH_KEY", "SECURE_AUTH_KEY", "NONCE_SALT")]
    user = O("wp_" + F.pick(LOAN, 8), "identifiers", "DB_USER")
    prefix = O("wp_" + F.pick(LOAN, 4) + "_", "names", "$table_prefix value")
    text = f"""<?php
/** The name of the database for WordPress */
define( 'DB_NAME', 'blog_prod' );
define( 'DB_USER', '{user}' );
define( 'DB_PASSWORD', '{pw}' );
define( 'DB_HOST', 'mysql.internal:3306' );
define( 'DB_CHARSET', 'utf8mb4' );

define( 'AUTH_KEY',         '{salts[0]}' );
define( 'SECURE_AUTH_KEY',  '{salts[1]}' );
define( 'NONCE_SALT',       '{salts[2]}' );

$table_prefix = '{prefix}';
define( 'WP_DEBUG', false );
"""
    return [interaction(request("GET", "https://blog.acme.example/wp-config.php.bak"), response(200, rhead("text/plain; charset=UTF-8", [("Last-Modified", "Mon, 12 Oct 2026 11:02:44 GMT"), ("Accept-Ranges", "bytes")]), text))]


@case("gitea-app-ini-exposed", "config dumps")
def _():
    internal = S(jwt({"nbf": 1760000000}, alg="HS256", sig=32), "names", "INTERNAL_TOKEN in [security]")
    skey = S(F.alnum(64), "names", "SECRET_KEY in [security]")
    jwts = S(F.b64url(43), "names", "JWT_SECRET in [oauth2]")
    lfs = S(F.b64url(43), "names", "LFS_JWT_SECRET in [server]")
    dbpw = S(F.password(18), "names", "PASSWD in [database], in backticks")
    mailpw = S(F.password(16), "names", "PASSWD in [mailer]")
    app = O("Acme Git " + F.pick(UP, 3), "other", "APP_NAME")
    ini = f"""APP_NAME = {app}
RUN_USER = git
RUN_MODE = prod

[server]
DOMAIN = git.acme.example
ROOT_URL = https://git.acme.example/
LFS_START_SERVER = true
LFS_JWT_SECRET = {lfs}

[database]
DB_TYPE = postgres
HOST = pg.internal:5432
NAME = gitea
USER = gitea
PASSWD = `{dbpw}`

[security]
INSTALL_LOCK = true
SECRET_KEY = {skey}
INTERNAL_TOKEN = {internal}

[oauth2]
JWT_SECRET = {jwts}

[mailer]
ENABLED = true
SMTP_ADDR = smtp.acme.example
USER = gitea@acme.example
PASSWD = {mailpw}
"""
    return [interaction(request("GET", "https://git.acme.example/assets/../custom/conf/app.ini"), response(200, rhead("text/plain; charset=utf-8"), ini))]


@case("consul-kv-recurse-and-acl-token", "config dumps")
def _():
    mgmt = S(F.uuid(), "names", "X-Consul-Token header (UUID-shaped)")
    pw = S(F.password(20), "encoding", "password line in a YAML value, base64 in the KV Value field")
    acc = O(F.uuid(), "public", "AccessorID of a created ACL token: not usable as a token")
    sec = S(F.uuid(), "structure", "SecretID of the created ACL token (same shape as AccessorID)")
    idx = O(F.digits(6), "identifiers", "X-Consul-Index")
    h = O(b64(F.bytes(32)), "identifiers", "Hash of the ACL token")
    kv = [{"LockIndex": 0, "Key": "config/payments/db.yaml", "Flags": 0, "Value": b64(f"host: pg.internal\nport: 5432\nuser: payments\npassword: {pw}\n"), "CreateIndex": 1204, "ModifyIndex": int(idx)},
          {"LockIndex": 0, "Key": "config/payments/flags.json", "Flags": 0, "Value": b64(json.dumps({"new_checkout": True})), "CreateIndex": 1310, "ModifyIndex": 1310}]
    return [
        interaction(request("GET", "http://consul.service.dc1.consul:8500/v1/kv/config/payments?recurse=true", [("X-Consul-Token", mgmt)]),
                    response(200, rhead(extra=[("X-Consul-Index", idx), ("X-Consul-Knownleader", "true"), ("X-Consul-Lastcontact", "0")]), kv)),
        interaction(request("PUT", "http://consul.service.dc1.consul:8500/v1/acl/token", jhead([("X-Consul-Token", mgmt)]), {"Description": "payments deploy", "Policies": [{"Name": "payments-kv-read"}]}),
                    response(200, rhead(), {"AccessorID": acc, "SecretID": sec, "Description": "payments deploy", "Policies": [{"ID": F.uuid(), "Name": "payments-kv-read"}],
                                            "Local": False, "CreateTime": "2026-12-01T08:30:12.118Z", "Hash": h, "CreateIndex": int(idx) + 3, "ModifyIndex": int(idx) + 3}))]


@case("docker-engine-container-inspect-env", "config dumps")
def _():
    pg = S(F.password(20), "names", "POSTGRES_PASSWORD=... in Config.Env")
    minio = S(F.password(24), "names", "MINIO_ROOT_PASSWORD=... in Config.Env")
    cid = O(F.hex(64), "identifiers", "container Id")
    img = O("sha256:" + F.hex(64), "identifiers", "Image id")
    net = O(F.hex(64), "identifiers", "NetworkID")
    ch = O(F.hex(64), "identifiers", "compose config-hash label")
    body = {"Id": cid, "Created": "2026-11-30T17:11:02.118Z", "Path": "docker-entrypoint.sh", "Args": ["postgres"], "State": {"Status": "running", "Running": True, "Pid": 18244},
            "Image": img, "Name": "/ledger-db-1", "Config": {"Hostname": cid[:12], "Env": ["PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin", f"POSTGRES_PASSWORD={pg}",
                                                                                          f"MINIO_ROOT_PASSWORD={minio}", "TZ=UTC", "PG_MAJOR=17"],
                                                             "Image": "postgres:17.2", "Labels": {"com.docker.compose.config-hash": ch, "com.docker.compose.project": "ledger", "com.docker.compose.service": "db"}},
            "NetworkSettings": {"Networks": {"ledger_default": {"NetworkID": net, "EndpointID": O(F.hex(64), "identifiers", "EndpointID"), "IPAddress": "172.18.0.3", "MacAddress": "02:42:ac:12:00:03"}}}}
    return [interaction(request("GET", f"http://localhost/v1.47/containers/{cid[:12]}/json", [("User-Agent", "Docker-Client/27.3.1 (linux)")]),
                        response(200, rhead("application/json", [("Api-Version", "1.47"), ("Docker-Experimental", "false"), ("Server", "Docker/27.3.1 (linux)")]), body))]


@case("kafka-connect-connector-config", "config dumps")
def _():
    dbpw = S(F.password(20), "structure", "database.password of a Debezium connector config")
    api_key = O(F.pick(UPAN, 16), "public", "Confluent API key inside sasl.jaas.config: the key id half (contestable)")
    api_secret = S(F.pick(AN + "+/", 64), "structure", "password=\"...\" inside sasl.jaas.config")
    sr_secret = S(F.pick(AN + "+/", 64), "structure", "secret half of schema.registry basic.auth.user.info")
    sr_key = O(F.pick(UPAN, 16), "public", "schema registry API key (key id half)")
    cfg = {"connector.class": "io.debezium.connector.postgresql.PostgresConnector", "database.hostname": "pg.internal", "database.port": "5432", "database.user": "debezium",
           "database.password": dbpw, "database.dbname": "orders", "topic.prefix": "orders", "plugin.name": "pgoutput",
           "producer.override.sasl.jaas.config": f'org.apache.kafka.common.security.plain.PlainLoginModule required username="{api_key}" password="{api_secret}";',
           "value.converter.schema.registry.basic.auth.user.info": f"{sr_key}:{sr_secret}", "value.converter.basic.auth.credentials.source": "USER_INFO", "name": "pg-orders-cdc"}
    return [interaction(request("GET", "http://connect.acme.internal:8083/connectors/pg-orders-cdc/config"), response(200, rhead(), cfg))]

# ----- e-mail ------------------------------------------------------------------------------------

@case("postmark-send-magic-link", "e-mail")
def _():
    tok = S(F.uuid(), "names", "X-Postmark-Server-Token (UUID-shaped)")
    person = S(email("daniel", "cohen", "walla.co.il"), "other", "To: a person's address")
    link = S(F.b64url(43), "encoding", "sign-in token inside a link in HtmlBody and TextBody")
    mid = O(F.uuid(), "identifiers", "MessageID (UUID beside a UUID-shaped token)")
    return [interaction(request("POST", "https://api.postmarkapp.com/email", jhead([("Accept", "application/json"), ("X-Postmark-Server-Token", tok)]),
                                {"From": "Acme <login@acme.example>", "To": person, "Subject": "Your sign-in link", "MessageStream": "outbound", "Tag": "magic-link",
                                 "HtmlBody": f'<p>Click to sign in:</p><p><a href="https://app.acme.example/auth/magic?t={link}&amp;r=%2Fdashboard">Sign in</a></p>',
                                 "TextBody": f"Sign in: https://app.acme.example/auth/magic?t={link}&r=%2Fdashboard"}),
                        response(200, rhead(), {"To": person, "SubmittedAt": "2026-12-01T08:30:12.1183002Z", "MessageID": mid, "ErrorCode": 0, "Message": "OK"}))]


@case("ses-v2-raw-mime-qp-and-b64-parts", "e-mail")
def _():
    sig = S(F.sigv4(), "other", "SigV4 signature of SendEmail")
    person = S(email("marta", "kowalczyk", "onet.pl"), "other", "recipient address in the raw MIME and Destination")
    t1 = S(F.b64url(72), "encoding", "invite token in a quoted-printable text part, split by a soft line break, inside base64 Raw.Data")
    t2 = S(F.b64url(40), "encoding", "second-factor reset token inside a base64 text/html part inside base64 Raw.Data")
    mid = O("0102019" + F.hex(9) + "-" + F.uuid() + "-000000", "identifiers", "SES MessageId")
    mime_id = O("<" + F.hex(24) + "@acme.example>", "identifiers", "Message-ID header of the raw message")
    bnd = "=_" + F.hex(20)
    text = f"Hi Marta,\n\nyou were invited to the Acme workspace. Accept here (the link expires in 48 hours): https://app.acme.example/invite/accept?token={t1}&utm_source=invite\n"
    encoded = qp(text).replace("\n", "\r\n")
    assert t1 not in encoded
    html_part = b64(f'<p>Reset your second factor: <a href="https://app.acme.example/2fa/reset/{t2}">reset</a></p>')
    html_lines = "\r\n".join(html_part[i:i + 76] for i in range(0, len(html_part), 76))
    raw = (f"From: Acme <invites@acme.example>\r\nTo: {person}\r\nSubject: You're invited\r\nMessage-ID: {mime_id}\r\nMIME-Version: 1.0\r\n"
           f'Content-Type: multipart/alternative; boundary="{bnd}"\r\n\r\n--{bnd}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n{encoded}\r\n'
           f"--{bnd}\r\nContent-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n{html_lines}\r\n--{bnd}--\r\n")
    return [interaction(request("POST", "https://email.eu-west-1.amazonaws.com/v2/email/outbound-emails",
                                jhead([("X-Amz-Date", "20261201T083012Z"), ("Authorization", sigv4_auth(F.aws_key_id(), "20261201", "eu-west-1", "ses", sig, "content-type;host;x-amz-date"))]),
                                {"FromEmailAddress": "invites@acme.example", "Destination": {"ToAddresses": [person]}, "Content": {"Raw": {"Data": b64(raw)}}, "ConfigurationSetName": "transactional"}),
                        response(200, rhead(extra=[("x-amzn-RequestId", O(F.uuid(), "identifiers", "x-amzn-RequestId of SES"))]), {"MessageId": mid}))]


@case("sendgrid-inbound-parse-raw-mime", "e-mail")
def _():
    sender = S(email("pavel", "novak", "seznam.cz"), "other", "From address of an inbound support mail")
    temp = S(F.password(14), "other", "temporary password the customer quotes in the mail text")
    png = O(b64(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + F.bytes(200))[:76], "public", "first line of a base64 PNG attachment")
    mid = O("<CAF" + F.b64url(30) + "@mail.seznam.cz>", "identifiers", "Message-ID of the inbound mail")
    bnd = "000000000000" + F.hex(16)
    body_txt = f"Hello,\r\nI cannot log in. The temporary password you sent me was {temp} but it says expired.\r\nPavel\r\n"
    png_b64 = b64(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + F.bytes(200))
    png_b64 = png + png_b64[76:]
    att = "\r\n".join(png_b64[i:i + 76] for i in range(0, len(png_b64), 76))
    raw = (f"Received: from mail.seznam.cz by mx.sendgrid.net with ESMTPS id {O(F.b64url(22), 'identifiers', 'ESMTPS id in a Received header')}\r\nFrom: Pavel Novak <{sender}>\r\nTo: support@acme.example\r\nSubject: login problem\r\n"
           f"Message-ID: {mid}\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=\"{bnd}\"\r\n\r\n--{bnd}\r\nContent-Type: text/plain; charset=\"UTF-8\"\r\n\r\n{body_txt}\r\n"
           f"--{bnd}\r\nContent-Type: image/png; name=\"screenshot.png\"\r\nContent-Disposition: attachment; filename=\"screenshot.png\"\r\nContent-Transfer-Encoding: base64\r\n\r\n{att}\r\n--{bnd}--\r\n")
    boundary = "xYzZY"
    body = multipart(boundary, [("dkim", None, None, "{@seznam.cz : pass}"), ("email", None, None, raw), ("to", None, None, "support@acme.example"),
                                ("from", None, None, f"Pavel Novak <{sender}>"), ("subject", None, None, "login problem"), ("SPF", None, None, "pass"),
                                ("envelope", None, None, json.dumps({"to": ["support@acme.example"], "from": sender})), ("charsets", None, None, json.dumps({"to": "UTF-8", "subject": "UTF-8", "from": "UTF-8"}))])
    return [interaction(request("POST", "https://support.acme.example/inbound/sendgrid", [("Content-Type", f"multipart/form-data; boundary={boundary}"), ("User-Agent", "Sendlib/1.0 mx.sendgrid.net")], body),
                        response(200, rhead("text/plain"), "ok"))]


@case("graph-sendmail-attachment-ssh-key", "e-mail")
def _():
    at = S(jwt({"aud": "00000003-0000-0000-c000-000000000000", "iss": f"https://sts.windows.net/{F.uuid()}/", "scp": "Mail.Send", "upn": "ops-bot@acme.example"}, kid=F.b64url(27)), "other", "Graph bearer token")
    person = S(email("jonas", "weber", "gmx.de"), "other", "toRecipients address")
    key, line = F.openssh_key()
    S(line, "encoding", "a line of an OpenSSH private key in a base64 fileAttachment.contentBytes")
    uid = O(F.uuid(), "identifiers", "user id in the sendMail path")
    rid = O(F.uuid(), "identifiers", "request-id")
    return [interaction(request("POST", f"https://graph.microsoft.com/v1.0/users/{uid}/sendMail", jhead([("Authorization", f"Bearer {at}")]),
                                {"message": {"subject": "deploy key for the new box", "body": {"contentType": "Text", "content": "see attachment"},
                                             "toRecipients": [{"emailAddress": {"address": person}}],
                                             "attachments": [{"@odata.type": "#microsoft.graph.fileAttachment", "name": "id_ed25519", "contentType": "application/octet-stream", "contentBytes": b64(key)}]},
                                 "saveToSentItems": False}),
                        response(202, [("request-id", rid), ("client-request-id", rid), ("x-ms-ags-diagnostic", '{"ServerInfo":{"DataCenter":"West Europe","Slice":"E","Ring":"5","ScaleUnit":"003"}}')]))]

# ----- archives and encodings in bodies ----------------------------------------------------------

@case("oci-layer-blob-redirect-tar-gz", "archives")
def _():
    bearer = S(jwt({"iss": "registry-token-issuer", "sub": "ci", "access": [{"type": "repository", "name": "ledger/api", "actions": ["pull"]}]}, kid=F.b64url(32)), "other", "registry bearer token")
    sig = S(F.hex(64), "encoding", "X-Amz-Signature of the blob redirect Location")
    envpw = S(F.password(20), "encoding", "DB_PASSWORD in app/.env inside a gzip tar layer")
    dpw = S(F.password(16), "encoding", "password inside base64 auth of root/.docker/config.json inside the layer")
    digest = O("sha256:" + F.hex(64), "identifiers", "layer digest")
    ver = O("2.14." + F.digits(2), "encoding", "version in app/package.json inside the layer")
    layer = gz(tar_bytes([("app/package.json", json.dumps({"name": "ledger-api", "version": ver})), ("app/.env", f"NODE_ENV=production\nDB_PASSWORD={envpw}\n"),
                          ("root/.docker/config.json", json.dumps({"auths": {"registry.acme.example": {"auth": b64("ci-builder:" + dpw)}}}))]))
    loc = (f"https://acme-registry-blobs.s3.eu-west-1.amazonaws.com/docker/registry/v2/blobs/sha256/{digest[7:9]}/{digest[7:]}/data?X-Amz-Algorithm=AWS4-HMAC-SHA256"
           f"&X-Amz-Credential={q(F.aws_key_id() + '/20261201/eu-west-1/s3/aws4_request')}&X-Amz-Date=20261201T083012Z&X-Amz-Expires=1200&X-Amz-SignedHeaders=host&X-Amz-Signature={sig}")
    url = f"https://registry.acme.example/v2/ledger/api/blobs/{digest}"
    return [interaction(request("GET", loc), response(200, [("Content-Type", "application/octet-stream"), ("ETag", O(f'"{F.hex(32)}"', "identifiers", "ETag of the layer object")), ("x-amz-request-id", O(F.pick(UPAN, 16), "identifiers", "x-amz-request-id of the blob store"))], layer, url=loc),
                        redirects=[hop("GET", url, 307, [("Location", loc), ("Docker-Distribution-Api-Version", "registry/2.0")])]),
            interaction(request("HEAD", url, [("Authorization", f"Bearer {bearer}")]), response(200, [("Docker-Content-Digest", digest), ("Content-Length", str(len(layer)))]))]


@case("bitbucket-downloads-zip-credentials", "archives")
def _():
    app_pw = S("ATBB" + F.alnum(24) + F.pick(HXU, 8), "encoding", "Bitbucket app password in Basic")
    sig = S(F.hex(64), "encoding", "X-Amz-Signature of the bbuseruploads redirect")
    glpat = S("glpat-" + F.b64url(20), "encoding", "token in https userinfo of a .git-credentials line inside the ZIP")
    vault = S(F.password(22), "encoding", "vault_db_password in an unencrypted group_vars file inside the ZIP")
    readme = O("Infra bootstrap bundle " + F.pick(UPAN, 6), "encoding", "README.md text inside the ZIP")
    zipped = zip_bytes([("README.md", readme + "\n"), (".git-credentials", f"https://deploy:{glpat}@gitlab.acme.example\n"),
                        ("ansible/group_vars/all/vault.yml", f"---\nvault_db_user: app\nvault_db_password: {vault}\n")])
    loc = f"https://bbuseruploads.s3.amazonaws.com/{F.uuid()}/downloads/{F.uuid()}/infra-bundle.zip?response-content-disposition=attachment%3B%20filename%3D%22infra-bundle.zip%22&AWSAccessKeyId={F.aws_key_id()}&Signature={sig}&Expires=1796001912"
    api = "https://api.bitbucket.org/2.0/repositories/acme/infra/downloads/infra-bundle.zip"
    return [interaction(request("GET", api, [("Authorization", basic("acme-ops", app_pw))]),
                        response(200, [("Content-Type", "application/zip"), ("ETag", O(f'"{F.hex(32)}"', "identifiers", "ETag of the ZIP"))], zipped, url=loc),
                        redirects=[hop("GET", api, 302, [("Location", loc), ("X-Request-Id", O(F.hex(32), "identifiers", "X-Request-Id of the Bitbucket API"))])])]


@case("deflate-encoded-credential-rotation", "archives")
def _():
    tok = S(F.hex(40), "other", "API token in 'Authorization: Token token=...'")
    sec = S(F.alnum(48), "encoding", "client_secret inside a zlib-deflated JSON response")
    cid = O("cli_" + F.pick(LOAN, 20), "public", "client_id beside the rotated secret")
    rid = O(F.uuid(), "identifiers", "X-Request-Id")
    hint = O("..." + F.alnum(4), "idempotence", "previous_secret_hint: last characters only")
    body = deflate(json.dumps({"client_id": cid, "client_secret": sec, "rotated_at": "2026-12-01T08:30:12Z", "previous_secret_hint": hint, "grace_period_seconds": 86400}))
    return [interaction(request("POST", f"https://api.partner.example/v2/clients/{cid}/rotate-secret", [("Authorization", f"Token token={tok}"), ("Accept-Encoding", "deflate")]),
                        response(200, rhead("application/json", [("Content-Encoding", "deflate"), ("X-Request-Id", rid)]), body))]


@case("backup-tar-multipart-upload", "archives")
def _():
    bearer = S(F.b64url(40), "other", "backup service bearer token")
    pem, line = F.pem()
    S(line, "encoding", "a line of a TLS private key in a tar member inside a multipart upload")
    ht = S("$2y$05$" + F.pick(AN + "./", 53), "encoding", "bcrypt hash line in etc/nginx/.htpasswd inside the tar (contestable)")
    host = O("edge-" + F.pick(LOAN, 6) + ".acme.internal", "encoding", "etc/hostname inside the tar")
    snap = O("snap_" + F.pick(LOAN, 20), "identifiers", "snapshot id")
    tar = tar_bytes([("etc/hostname", host + "\n"), ("etc/ssl/private/edge.key", pem), ("etc/nginx/.htpasswd", f"admin:{ht}\n")])
    boundary = "----WebKitFormBoundary" + F.pick(AN, 16)
    body = multipart_bytes(boundary, [("manifest", None, "application/json", json.dumps({"host": host, "paths": ["/etc"], "compression": "none"})),
                                      ("archive", "etc.tar", "application/x-tar", tar)])
    return [interaction(request("POST", "https://backup.acme.example/api/v1/snapshots", [("Authorization", f"Bearer {bearer}"), ("Content-Type", f"multipart/form-data; boundary={boundary}")], body),
                        response(201, rhead(), {"id": snap, "status": "stored", "bytes": len(tar)}))]

# ----- GraphQL -----------------------------------------------------------------------------------

@case("apollo-graph-key-and-apq-get", "GraphQL")
def _():
    gkey = S("service:acme-supergraph:" + F.b64url(22), "names", "x-api-key: Apollo graph API key")
    bearer = S(jwt({"sub": F.uuid(), "scope": "orders:read", "iss": "https://auth.acme.example"}, kid=F.hex(16)), "other", "bearer token of the APQ GET")
    h = O(F.hex(64), "public", "persisted query sha256Hash in the URL-encoded extensions parameter")
    graph_id = O("acme-supergraph@" + F.pick(LO, 6), "identifiers", "graph ref variant")
    trace = O(F.hex(32), "identifiers", "apollo trace id response header")
    ext = json.dumps({"persistedQuery": {"version": 1, "sha256Hash": h}}, separators=(",", ":"))
    return [
        interaction(request("POST", "https://api.apollographql.com/api/graphql", jhead([("x-api-key", gkey), ("apollographql-client-name", "rover"), ("apollographql-client-version", "0.26.3")]),
                            {"query": "query GraphRef($ref: ID!) { variant(ref: $ref) { ... on GraphVariant { id latestPublication { publishedAt } } } }", "variables": {"ref": graph_id}}),
                    response(200, rhead(), {"data": {"variant": {"id": graph_id, "latestPublication": {"publishedAt": "2026-11-30T16:01:02.118Z"}}}})),
        interaction(request("GET", f"https://gql.acme.example/graphql?operationName=OrderSummary&variables={q(json.dumps({'id': 'ord_100482'}))}&extensions={q(ext)}",
                            [("Authorization", f"Bearer {bearer}"), ("apollo-require-preflight", "true")]),
                    response(200, rhead(extra=[("x-apollo-trace-id", trace)]), {"data": {"order": {"id": "ord_100482", "total": 24.95, "status": "PAID"}}}))]


@case("contentful-delivery-preview-management", "GraphQL")
def _():
    space = O(F.pick(LOAN, 12), "identifiers", "space id")
    cda = O(F.b64url(43), "public", "Content Delivery API token: published content only, shipped in websites (contestable)")
    cpa = S(F.b64url(43), "other", "Content Preview API token (unpublished drafts)")
    cma = S("CFPAT-" + F.b64url(43), "other", "Content Management personal access token")
    entry = O(F.b64url(22), "identifiers", "entry sys.id")
    rid = O(F.uuid(), "identifiers", "x-contentful-request-id")
    q_ = "query { blogPostCollection(limit: 1, preview: %s) { items { sys { id } title } } }"
    return [
        interaction(request("POST", f"https://graphql.contentful.com/content/v1/spaces/{space}/environments/master", jhead([("Authorization", f"Bearer {cda}")]), {"query": q_ % "false"}),
                    response(200, rhead(extra=[("x-contentful-request-id", rid)]), {"data": {"blogPostCollection": {"items": [{"sys": {"id": entry}, "title": "Winter sale"}]}}})),
        interaction(request("POST", f"https://graphql.contentful.com/content/v1/spaces/{space}/environments/master", jhead([("Authorization", f"Bearer {cpa}")]), {"query": q_ % "true"}),
                    response(200, rhead(extra=[("x-contentful-request-id", O(F.uuid(), "identifiers", "x-contentful-request-id of the preview call"))]), {"data": {"blogPostCollection": {"items": [{"sys": {"id": F.b64url(22)}, "title": "Draft: price changes"}]}}})),
        interaction(request("PUT", f"https://api.contentful.com/spaces/{space}/environments/master/entries/{entry}/published", [("Authorization", f"Bearer {cma}"), ("X-Contentful-Version", "7")]),
                    response(200, rhead("application/vnd.contentful.management.v1+json"), {"sys": {"id": entry, "type": "Entry", "version": 8, "publishedVersion": 7}}))]


@case("github-graphql-create-commit-env-file", "GraphQL")
def _():
    tok = S(gh_token("ghs_"), "other", "installation token as Bearer")
    sk = S("sk_live_51" + F.alnum(97), "encoding", "STRIPE_SECRET_KEY in a base64 fileChanges.additions[].contents")
    sess = S(F.hex(64), "encoding", "SESSION_SECRET in the same base64 file")
    head = O(F.hex(40), "identifiers", "expectedHeadOid")
    oid = O(F.hex(40), "identifiers", "new commit oid")
    env = f"NODE_ENV=production\nSTRIPE_SECRET_KEY={sk}\nSESSION_SECRET={sess}\nPUBLIC_URL=https://acme.example\n"
    mutation = "mutation($input: CreateCommitOnBranchInput!) { createCommitOnBranch(input: $input) { commit { oid url } } }"
    return [interaction(request("POST", "https://api.github.com/graphql", jhead([("Authorization", f"Bearer {tok}")]),
                                {"query": mutation, "variables": {"input": {"branch": {"repositoryNameWithOwner": "acme/storefront", "branchName": "main"}, "message": {"headline": "Add production env"},
                                                                            "expectedHeadOid": head, "fileChanges": {"additions": [{"path": ".env.production", "contents": b64(env)}]}}}}),
                        response(200, rhead(extra=[("X-GitHub-Request-Id", O(F.pick(HXU, 4) + ":" + F.pick(HXU, 6) + ":" + F.pick(HXU, 7) + ":" + F.pick(HXU, 8), "identifiers", "X-GitHub-Request-Id"))]),
                                 {"data": {"createCommitOnBranch": {"commit": {"oid": oid, "url": f"https://github.com/acme/storefront/commit/{oid}"}}}}))]


@case("magento-graphql-customer-token", "GraphQL")
def _():
    person = S(email("giulia", "bianchi", "tiscali.it"), "other", "email argument of generateCustomerToken")
    pw = S(F.password(16), "other", "password argument inlined in the mutation text")
    tok = S(F.pick(LOAN, 32), "other", "customer token returned by the mutation")
    cart = O(F.pick(AN, 32), "identifiers", "cart id: 32 characters, same shape as the token")
    store = O("default", "other", "Store header value")
    mutation = 'mutation { generateCustomerToken(email: "%s", password: "%s") { token } }' % (person, pw)
    return [
        interaction(request("POST", "https://shop.acme.example/graphql", jhead([("Store", store)]), {"query": mutation}),
                    response(200, rhead(extra=[("X-Magento-Cache-Debug", "MISS")]), {"data": {"generateCustomerToken": {"token": tok}}})),
        interaction(request("POST", "https://shop.acme.example/graphql", jhead([("Authorization", f"Bearer {tok}"), ("Store", store)]), {"query": "{ customerCart { id items { quantity } } }"}),
                    response(200, rhead(), {"data": {"customerCart": {"id": cart, "items": []}}}))]

# ----- productivity SaaS -------------------------------------------------------------------------

@case("jira-basic-api-token-and-adf-comment", "productivity SaaS")
def _():
    person = S(email("hannah", "schmidt", "gmail.com"), "encoding", "e-mail as the Basic user name (inside base64)")
    tok = S("ATATT3" + F.b64url(177) + "=" + F.pick(HXU, 8), "encoding", "Atlassian API token as the Basic password (inside base64)")
    pasted = S(F.password(16), "names", "'password: ...' typed into an ADF comment")
    acct = O("712020:" + F.uuid(), "identifiers", "accountId")
    key = O("OPS-" + F.digits(4), "identifiers", "issue key")
    cid = O(F.digits(6), "identifiers", "comment id")
    auth = basic(person, tok)
    adf = {"type": "doc", "version": 1, "content": [{"type": "paragraph", "content": [{"type": "text", "text": "Temporary creds for the SFTP drop, user acme-drop, "},
                                                                                     {"type": "text", "text": f"password: {pasted}", "marks": [{"type": "code"}]}]}]}
    return [
        interaction(request("GET", "https://acme.atlassian.net/rest/api/3/myself", [("Authorization", auth), ("Accept", "application/json")]),
                    response(200, rhead(extra=[("X-AREQUESTID", F.uuid()), ("atl-traceid", F.hex(32))]), {"self": f"https://acme.atlassian.net/rest/api/3/user?accountId={acct}", "accountId": acct,
                                                                                                       "accountType": "atlassian", "displayName": "Hannah Schmidt", "active": True, "timeZone": "Europe/Berlin"})),
        interaction(request("POST", f"https://acme.atlassian.net/rest/api/3/issue/{key}/comment", jhead([("Authorization", auth)]), {"body": adf}),
                    response(201, rhead(), {"id": cid, "self": f"https://acme.atlassian.net/rest/api/3/issue/10482/comment/{cid}", "author": {"accountId": acct}, "created": "2026-12-01T08:30:12.118+0000"}))]


@case("nextcloud-app-password-and-webdav", "productivity SaaS")
def _():
    login = S(F.password(18), "other", "login password in Basic of getapppassword")
    app = S(F.alnum(72), "other", "apppassword in the OCS XML response, then the Basic password of WebDAV")
    fid = O("00000" + F.digits(4) + "oc" + F.pick(LOAN, 10), "identifiers", "oc:id of a file")
    etag = O('"' + F.hex(32) + '"', "identifiers", "getetag")
    sha = O("SHA1:" + F.hex(40), "public", "oc:checksums of a file")
    xml = f"""<?xml version="1.0"?>
<ocs>
 <meta>
  <status>ok</status>
  <statuscode>200</statuscode>
  <message>OK</message>
 </meta>
 <data>
  <apppassword>{app}</apppassword>
 </data>
</ocs>
"""
    dav = f"""<?xml version="1.0"?>
<d:multistatus xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns" xmlns:nc="http://nextcloud.org/ns"><d:response><d:href>/remote.php/dav/files/mweiss/Finance/Q4.xlsx</d:href><d:propstat><d:prop><d:getetag>{etag}</d:getetag><oc:id>{fid}</oc:id><oc:checksums><oc:checksum>{sha}</oc:checksum></oc:checksums><d:getcontentlength>48211</d:getcontentlength></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response></d:multistatus>
"""
    return [
        interaction(request("GET", "https://cloud.acme.example/ocs/v2.php/core/getapppassword", [("Authorization", basic("mweiss", login)), ("OCS-APIRequest", "true")]),
                    response(200, rhead("text/xml; charset=UTF-8"), xml)),
        interaction(request("PROPFIND", "https://cloud.acme.example/remote.php/dav/files/mweiss/Finance/Q4.xlsx", [("Authorization", basic("mweiss", app)), ("Depth", "0"), ("Content-Type", "application/xml")],
                            '<?xml version="1.0"?><d:propfind xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns"><d:prop><d:getetag/><oc:id/><oc:checksums/></d:prop></d:propfind>'),
                    response(207, rhead("application/xml; charset=utf-8"), dav))]


@case("trello-key-and-token-query", "productivity SaaS")
def _():
    key = O(F.hex(32), "public", "Trello API key: identifies the app, public in Power-Up code (contestable)")
    tok = S("ATTA" + F.hex(64) + F.pick(HXU, 8), "encoding", "Trello user token in the token= query parameter")
    board = O(F.hex(24), "identifiers", "board id")
    short = O(F.alnum(8), "identifiers", "board shortLink")
    return [interaction(request("GET", f"https://api.trello.com/1/members/me/boards?fields=name,shortLink,url&key={key}&token={tok}"),
                        response(200, rhead(extra=[("X-Trello-Version", "1.2360.0"), ("X-Trello-Environment", "Production")]),
                                 [{"id": board, "name": "Ops", "shortLink": short, "url": f"https://trello.com/b/{short}/ops"}]))]


@case("box-jwt-grant-and-app-config-file", "productivity SaaS")
def _():
    cid = O(F.pick(LOAN, 32), "public", "Box clientID")
    csec = S(F.alnum(32), "other", "Box client secret in the token form and the config file")
    assertion = S(jwt({"iss": cid, "sub": F.digits(9), "box_sub_type": "enterprise", "aud": "https://api.box.com/oauth2/token", "jti": F.b64url(32), "exp": 1796001072}, alg="RS512", kid=F.pick(LOAN, 8)),
                  "other", "JWT assertion")
    at = S(F.alnum(32), "other", "Box access_token")
    kid = O(F.pick(LOAN, 8), "public", "publicKeyID in the app config")
    passph = S(F.hex(32), "structure", "appAuth.passphrase next to an encrypted private key")
    enc = b64(b"0\x82\x05\x0e0@\x06\t*\x86H\x86\xf7\r\x01\x05\r03" + F.bytes(1200))
    enc_lines = [enc[i:i + 64] for i in range(0, len(enc), 64)]
    S(enc_lines[3], "structure", "a line of the encrypted private key (its passphrase sits beside it)")
    ent = O(F.digits(9), "identifiers", "enterpriseID")
    cfg = {"boxAppSettings": {"clientID": cid, "clientSecret": csec, "appAuth": {"publicKeyID": kid, "privateKey": "-----BEGIN ENCRYPTED PRIVATE KEY-----\n" + "\n".join(enc_lines) + "\n-----END ENCRYPTED PRIVATE KEY-----\n",
                                                                               "passphrase": passph}}, "enterpriseID": ent}
    return [
        interaction(request("POST", "https://api.box.com/oauth2/token", [("Content-Type", "application/x-www-form-urlencoded")],
                            form([("grant_type", "urn:ietf:params:oauth:grant-type:jwt-bearer"), ("assertion", assertion), ("client_id", cid), ("client_secret", csec)])),
                    response(200, rhead(), {"access_token": at, "expires_in": 4169, "restricted_to": [], "token_type": "bearer"})),
        interaction(request("GET", f"https://api.box.com/2.0/files/{F.digits(13)}/content", [("Authorization", f"Bearer {at}")]),
                    response(200, rhead("application/json", [("Content-Disposition", 'attachment;filename="1234_config.json"')]), json.dumps(cfg, indent=2)))]

# ----- signed URLs -------------------------------------------------------------------------------

@case("cloudfront-signed-cookies-and-canned-url", "signed URLs")
def _():
    policy = O(cf_b64(json.dumps({"Statement": [{"Resource": "https://media.acme.example/courses/intro/*", "Condition": {"DateLessThan": {"AWS:EpochTime": 1796004612}}}]}, separators=(",", ":")).encode()),
               "public", "CloudFront-Policy cookie: base64 of a public policy")
    csig = S(cf_b64(F.bytes(128)), "other", "CloudFront-Signature cookie")
    kp = O("K" + F.pick(UPAN, 13), "public", "CloudFront-Key-Pair-Id")
    usig = S(cf_b64(F.bytes(128)), "encoding", "Signature= of a canned-policy signed URL")
    cfid = O(b64(F.bytes(42)), "identifiers", "X-Amz-Cf-Id (base64 look-alike)")
    pop = O("FRA56-P" + F.digits(1), "identifiers", "X-Amz-Cf-Pop")
    m3u8 = "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:6\n#EXTINF:6.0,\nseg-00001.ts\n#EXTINF:6.0,\nseg-00002.ts\n#EXT-X-ENDLIST\n"
    return [
        interaction(request("GET", "https://media.acme.example/courses/intro/index.m3u8", [("Cookie", f"CloudFront-Policy={policy}; CloudFront-Signature={csig}; CloudFront-Key-Pair-Id={kp}")]),
                    response(200, [("Content-Type", "application/vnd.apple.mpegurl"), ("X-Cache", "Miss from cloudfront"), ("X-Amz-Cf-Pop", pop), ("X-Amz-Cf-Id", cfid)], m3u8)),
        interaction(request("GET", f"https://d1x2y3z4w5v6u7.cloudfront.net/reports/2026-q3.pdf?Expires=1796004612&Signature={usig}&Key-Pair-Id={kp}"),
                    response(200, [("Content-Type", "application/pdf"), ("X-Amz-Cf-Id", O(b64(F.bytes(42)), "identifiers", "X-Amz-Cf-Id of the signed-URL response"))], b"%PDF-1.7\n" + F.bytes(40)))]


@case("azure-user-delegation-key-and-sas", "signed URLs")
def _():
    at = S(jwt({"aud": "https://storage.azure.com", "iss": f"https://sts.windows.net/{F.uuid()}/", "oid": F.uuid(), "scp": "user_impersonation"}, kid=F.b64url(27)), "other", "storage bearer token")
    val = S(b64(F.bytes(32)), "structure", "UserDelegationKey <Value>")
    sig = S(b64(F.bytes(32)), "encoding", "sig= of a user delegation SAS, percent-encoded")
    oid = O(F.uuid(), "identifiers", "SignedOid / skoid")
    tid = O(F.uuid(), "identifiers", "SignedTid / sktid")
    rid = O(F.uuid(), "identifiers", "x-ms-request-id")
    acct = "stdata" + F.pick(LOAN, 8)
    xml = (f'<?xml version="1.0" encoding="utf-8"?><UserDelegationKey><SignedOid>{oid}</SignedOid><SignedTid>{tid}</SignedTid><SignedStart>2026-12-01T08:30:12Z</SignedStart>'
           f"<SignedExpiry>2026-12-01T14:30:12Z</SignedExpiry><SignedService>b</SignedService><SignedVersion>2024-11-04</SignedVersion><Value>{val}</Value></UserDelegationKey>")
    sas = (f"skoid={oid}&sktid={tid}&skt=2026-12-01T08%3A30%3A12Z&ske=2026-12-01T14%3A30%3A12Z&sks=b&skv=2024-11-04&sv=2024-11-04&st=2026-12-01T08%3A25%3A12Z"
           f"&se=2026-12-01T09%3A30%3A12Z&sr=b&sp=r&sig={q(sig)}")
    return [
        interaction(request("POST", f"https://{acct}.blob.core.windows.net/?restype=service&comp=userdelegationkey", [("Authorization", f"Bearer {at}"), ("x-ms-version", "2024-11-04"), ("Content-Type", "application/xml")],
                            "<?xml version=\"1.0\" encoding=\"utf-8\"?><KeyInfo><Start>2026-12-01T08:30:12Z</Start><Expiry>2026-12-01T14:30:12Z</Expiry></KeyInfo>"),
                    response(200, rhead("application/xml", [("x-ms-request-id", rid), ("x-ms-version", "2024-11-04")]), xml)),
        interaction(request("GET", f"https://{acct}.blob.core.windows.net/exports/ledger-2026-11.parquet?{sas}"),
                    response(200, [("Content-Type", "application/octet-stream"), ("x-ms-request-id", F.uuid()), ("ETag", O('"0x8DD' + F.pick(HXU, 11) + '"', "identifiers", "blob ETag"))], b"PAR1" + F.bytes(32)))]


@case("minio-presigned-post-policy-form", "signed URLs")
def _():
    pol = O(b64(json.dumps({"expiration": "2026-12-01T09:30:12.000Z", "conditions": [{"bucket": "uploads"}, ["starts-with", "$key", "avatars/"], {"x-amz-algorithm": "AWS4-HMAC-SHA256"},
                                                                                    ["content-length-range", 0, 2097152]]})), "public", "policy form field: base64 JSON of public conditions")
    sig = S(F.hex(64), "other", "x-amz-signature form field")
    etag = O(F.hex(32), "identifiers", "ETag of the stored object")
    rid = O(F.pick(HXU, 16), "identifiers", "x-amz-request-id")
    boundary = "----formdata-undici-0" + F.digits(11)
    body = multipart(boundary, [("key", None, None, "avatars/u-4821.png"), ("Content-Type", None, None, "image/png"), ("x-amz-algorithm", None, None, "AWS4-HMAC-SHA256"),
                                ("x-amz-credential", None, None, "uploader/20261201/us-east-1/s3/aws4_request"), ("x-amz-date", None, None, "20261201T083012Z"),
                                ("policy", None, None, pol), ("x-amz-signature", None, None, sig), ("file", "avatar.png", "image/png", "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==")])
    return [interaction(request("POST", "https://minio.acme.internal:9000/uploads", [("Content-Type", f"multipart/form-data; boundary={boundary}")], body),
                        response(204, [("ETag", f'"{etag}"'), ("Location", "https://minio.acme.internal:9000/uploads/avatars/u-4821.png"), ("x-amz-request-id", rid), ("Server", "MinIO")]))]

# ----- error bodies that echo credentials --------------------------------------------------------

@case("apigateway-invalid-key-value-hash-echo", "error echoes")
def _():
    bearer = S(F.b64url(48), "other", "opaque token sent in Authorization to a SigV4-protected API")
    h = O(b64(hashlib.sha256(("Bearer " + bearer).encode()).digest()), "echoes", "SHA-256 of the Authorization header, echoed in the 403 message: not reversible")
    key = S(F.alnum(40), "names", "x-api-key of a usage-plan API")
    rid = O(F.uuid(), "identifiers", "x-amzn-RequestId")
    apigw = O(F.b64url(14) + "=", "identifiers", "x-amz-apigw-id")
    host = f"https://{F.pick(LOAN, 10)}.execute-api.eu-west-1.amazonaws.com/prod/orders"
    return [
        interaction(request("GET", host, [("Authorization", f"Bearer {bearer}")]),
                    response(403, rhead("application/json", [("x-amzn-RequestId", rid), ("x-amzn-ErrorType", "IncompleteSignatureException"), ("x-amz-apigw-id", apigw)]),
                             {"message": f"Invalid key=value pair (missing equal-sign) in Authorization header (hashed with SHA-256 and encoded with Base64): '{h}'."})),
        interaction(request("GET", host, [("x-api-key", key)]),
                    response(200, rhead("application/json", [("x-amzn-RequestId", O(F.uuid(), "identifiers", "x-amzn-RequestId of the keyed call")), ("x-amz-apigw-id", O(F.b64url(14) + "=", "identifiers", "x-amz-apigw-id of the keyed call"))]), {"orders": [], "next": None}))]


@case("migration-dsn-validation-error-echo", "error echoes")
def _():
    key = S("dbm_" + F.alnum(40), "other", "service API key as Bearer")
    pw = S(F.password(18), "echoes", "password of a submitted DSN, echoed inside the 422 detail")
    rid = O("req_" + F.pick(LOAN, 24), "identifiers", "request_id of the error")
    dsn = f"postgres://import:{pw}@10.0.4.7:5432/legacy"
    return [interaction(request("POST", "https://api.dbmigrate.example/v1/migrations/validate", jhead([("Authorization", f"Bearer {key}")]), {"source_url": dsn, "target": "pg-main"}),
                        response(422, rhead("application/problem+json"), {"type": "https://dbmigrate.example/errors/invalid-dsn", "title": "invalid_dsn", "status": 422,
                                                                          "detail": f'cannot parse `{dsn}`: failed to connect to `user=import database=legacy`: 10.0.4.7:5432 (10.0.4.7): dial error: timeout',
                                                                          "request_id": rid}))]


@case("spring-error-trace-downstream-basic", "error echoes")
def _():
    bearer = S(jwt({"sub": "svc-web", "scope": "orders.read", "iss": "https://auth.acme.example"}, kid=F.hex(16)), "other", "bearer token of the failing call")
    pw = S(F.password(18), "echoes", "downstream Basic password, base64 inside a header dump echoed in a stack trace")
    rid = O(F.uuid(), "identifiers", "X-Request-Id in the header dump")
    trace_id = O(F.hex(32), "identifiers", "traceId of the error")
    trace = (f"org.springframework.web.client.HttpClientErrorException$Unauthorized: 401 Unauthorized on POST request for \"https://partner.example/api/stock\": \"{{\"error\":\"invalid_client\"}}\"\n"
             f"\tat org.springframework.web.client.HttpClientErrorException.create(HttpClientErrorException.java:106)\n"
             f"\tat com.acme.orders.PartnerClient.reserve(PartnerClient.java:88)\n"
             f"Caused by request headers: [Accept:\"application/json\", Authorization:\"Basic {b64('orders-client:' + pw)}\", X-Request-Id:\"{rid}\"]\n")
    return [interaction(request("GET", "https://orders.acme.internal/api/orders/100482/reserve", [("Authorization", f"Bearer {bearer}")]),
                        response(500, rhead(), {"timestamp": "2026-12-01T08:30:12.118+00:00", "status": 500, "error": "Internal Server Error", "trace": trace,
                                                "message": "401 Unauthorized", "path": "/api/orders/100482/reserve", "traceId": trace_id}))]


@case("graphql-bad-input-echoes-variables", "error echoes")
def _():
    tok = S(F.b64url(43), "other", "session bearer token")
    key = S("whk_live_" + F.alnum(32), "echoes", "apiKey of the input, echoed in a BAD_USER_INPUT message")
    trace = O(F.hex(32), "identifiers", "extensions.traceId")
    return [interaction(request("POST", "https://api.acme.example/graphql", jhead([("Authorization", f"Bearer {tok}")]),
                                {"query": "mutation($input: IntegrationInput!) { updateIntegration(input: $input) { id } }", "variables": {"input": {"apiKey": key, "webhookUrl": "htps://hooks.example/in"}}}),
                        response(200, rhead(), {"errors": [{"message": f'Variable "$input" got invalid value {{ apiKey: "{key}", webhookUrl: "htps://hooks.example/in" }}; Expected type "URL" at value.webhookUrl.',
                                                            "locations": [{"line": 1, "column": 10}], "extensions": {"code": "BAD_USER_INPUT", "traceId": trace}}]}))]

# ----- realtime, social, media, home devices -----------------------------------------------------

@case("websocket-upgrade-token-and-pusher-auth", "streams")
def _():
    tok = S(jwt({"sub": "u_4821", "aud": "realtime", "exp": 1796001912}, alg="HS256", sig=32), "encoding", "token= query of a WebSocket upgrade URL")
    wskey = O(b64(F.bytes(16)), "public", "Sec-WebSocket-Key: a public nonce")
    accept = O(b64(hashlib.sha1((wskey + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").encode()).digest()), "public", "Sec-WebSocket-Accept")
    app_key = O(F.hex(20), "public", "Pusher app key (public, in the browser bundle)")
    psig = S(F.hex(64), "other", "HMAC half of a Pusher private-channel auth")
    sess = S(F.b64url(43), "other", "session cookie of the auth endpoint")
    sock = O(F.digits(6) + "." + F.digits(7), "identifiers", "socket_id")
    url = f"https://realtime.acme.example/socket/websocket?vsn=2.0.0&token={tok}"
    return [
        interaction(request("GET", url, [("Connection", "Upgrade"), ("Upgrade", "websocket"), ("Sec-WebSocket-Version", "13"), ("Sec-WebSocket-Key", wskey)]),
                    response(101, [("Upgrade", "websocket"), ("Connection", "Upgrade"), ("Sec-WebSocket-Accept", accept)])),
        interaction(request("POST", "https://app.acme.example/pusher/auth", [("Content-Type", "application/x-www-form-urlencoded"), ("Cookie", f"_acme_session={sess}")],
                            form([("socket_id", sock), ("channel_name", "private-orders-4821")])),
                    response(200, rhead(), {"auth": f"{app_key}:{psig}"}))]


@case("hawk-tokenserver-and-sync-request", "streams")
def _():
    oauth = S(F.hex(64), "other", "FxA OAuth bearer sent to the token server")
    hkey = S(F.b64url(43), "other", "Hawk key returned by the token server")
    mac = S(b64(F.bytes(32)), "other", "mac= of a Hawk Authorization header")
    hid = F.b64url(180)
    nonce = O(F.b64url(8), "challenges", "Hawk nonce")
    fxa = O(F.hex(32), "identifiers", "hashed_fxa_uid")
    uid = O(F.digits(9), "identifiers", "uid")
    return [
        interaction(request("GET", "https://token.services.mozilla.com/1.0/sync/1.5", [("Authorization", f"Bearer {oauth}"), ("X-KeyID", O("1796000000000-" + F.b64url(22), "identifiers", "X-KeyID: key generation and client-state hash, not a key (contestable)"))]),
                    response(200, rhead(), {"id": hid, "key": hkey, "uid": int(uid), "api_endpoint": f"https://sync-1-us-west1-g.sync.services.mozilla.com/1.5/{uid}",
                                            "duration": 3600, "hashalg": "sha256", "hashed_fxa_uid": fxa, "node_type": "spanner"})),
        interaction(request("GET", f"https://sync-1-us-west1-g.sync.services.mozilla.com/1.5/{uid}/info/collections",
                            [("Authorization", f'Hawk id="{hid}", ts="1796001012", nonce="{nonce}", mac="{mac}"')]),
                    response(200, rhead(extra=[("X-Last-Modified", "1796000911.12"), ("X-Weave-Timestamp", "1796001012.31")]), {"bookmarks": 1796000911.12, "tabs": 1796000002.55}))]


@case("activitypub-signed-inbox-delivery", "social APIs")
def _():
    sig = S(b64(F.bytes(256)), "other", "signature= of a draft-cavage HTTP Signature on an inbox delivery (contestable)")
    body = json.dumps({"@context": "https://www.w3.org/ns/activitystreams", "id": f"https://mastodon.acme.example/users/bob/statuses/{O(F.digits(18), 'identifiers', 'status id in the activity id')}/activity", "type": "Create",
                       "actor": "https://mastodon.acme.example/users/bob", "object": {"type": "Note", "content": "<p>hello fediverse</p>", "to": ["https://www.w3.org/ns/activitystreams#Public"]}})
    digest = O(b64(hashlib.sha256(body.encode()).digest()), "public", "Digest: SHA-256 of the public activity")
    tok = S(F.b64url(43), "other", "Mastodon OAuth access token")
    acct = O(F.digits(18), "identifiers", "account id")
    pub = O(pem_cert_line(), "public", "publicKeyPem of the actor, first line")
    return [
        interaction(request("POST", "https://social.example/users/alice/inbox",
                            [("Content-Type", "application/activity+json"), ("Date", "Tue, 01 Dec 2026 08:30:12 GMT"), ("Digest", f"SHA-256={digest}"),
                             ("Signature", f'keyId="https://mastodon.acme.example/users/bob#main-key",algorithm="rsa-sha256",headers="(request-target) host date digest content-type",signature="{sig}"')], body),
                    response(202, rhead("text/plain"), "")),
        interaction(request("GET", "https://mastodon.acme.example/users/bob", [("Accept", "application/activity+json")]),
                    response(200, rhead("application/activity+json"), {"id": "https://mastodon.acme.example/users/bob", "type": "Person", "preferredUsername": "bob",
                                                                        "publicKey": {"id": "https://mastodon.acme.example/users/bob#main-key", "owner": "https://mastodon.acme.example/users/bob",
                                                                                      "publicKeyPem": "-----BEGIN PUBLIC KEY-----\n" + pub + "\n-----END PUBLIC KEY-----\n"}})),
        interaction(request("GET", "https://mastodon.acme.example/api/v1/accounts/verify_credentials", [("Authorization", f"Bearer {tok}")]),
                    response(200, rhead(extra=[("X-Request-Id", O(F.uuid(), "identifiers", "X-Request-Id of Mastodon"))]), {"id": acct, "username": "bob", "acct": "bob", "locked": False, "followers_count": 211}))]


@case("philips-hue-bridge-username-path", "IoT")
def _():
    user = S(F.b64url(40), "encoding", "bridge 'username' (the API key) in the URL path and the pairing response")
    ckey = S(F.pick(HXU, 32), "other", "clientkey of the pairing response")
    other = S(F.b64url(40), "structure", "another app's username as a key of the whitelist object")
    bridge = O("001788FFFE" + F.pick(HXU, 6), "identifiers", "bridgeid")
    swv = O("19670540" + F.digits(2), "identifiers", "swversion")
    mac = O("00:17:88:" + ":".join(F.pick(HX, 2) for _ in range(3)), "identifiers", "bridge mac")
    return [
        interaction(request("POST", "http://192.168.1.20/api", jhead(), {"devicetype": "acme_app#iphone", "generateclientkey": True}),
                    response(200, rhead(), [{"success": {"username": user, "clientkey": ckey}}])),
        interaction(request("GET", f"http://192.168.1.20/api/{user}/config"),
                    response(200, rhead(), {"name": "Hue Bridge", "bridgeid": bridge, "mac": mac, "swversion": swv, "apiversion": "1.67.0", "modelid": "BSB002",
                                            "whitelist": {user: {"last use date": "2026-12-01T08:30:12", "create date": "2026-12-01T08:30:02", "name": "acme_app#iphone"},
                                                          other: {"last use date": "2026-11-30T21:11:09", "create date": "2025-02-14T18:00:00", "name": "Hue#Samsung SM-S921B"}}}))]


@case("plex-token-and-jellyfin-auth-header", "media servers")
def _():
    plex = S(F.pick(AN + "-_", 20), "encoding", "X-Plex-Token query parameter")
    client = O(F.uuid(), "identifiers", "X-Plex-Client-Identifier")
    machine = O(F.hex(40), "identifiers", "machineIdentifier")
    pw = S(F.password(14), "other", "Pw of Jellyfin AuthenticateByName")
    jtok = S(F.hex(32), "other", "Jellyfin AccessToken, then Token= in the MediaBrowser header")
    server = O(F.hex(32), "identifiers", "Jellyfin ServerId (32 hex, same shape as the token)")
    juid = O(F.hex(32), "identifiers", "Jellyfin user Id")
    dev = O(b64("Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0|1796001012118"), "identifiers", "DeviceId: base64 of a user agent and a timestamp")
    section = O(F.uuid(), "identifiers", "library section uuid")
    mb = f'MediaBrowser Client="Jellyfin Web", Device="Firefox", DeviceId="{dev}", Version="10.10.3"'
    return [
        interaction(request("GET", f"https://plex.acme.home:32400/library/sections?X-Plex-Token={plex}", [("X-Plex-Client-Identifier", client), ("X-Plex-Product", "Plex Web"), ("Accept", "application/xml")]),
                    response(200, rhead("text/xml;charset=utf-8"), f'<?xml version="1.0" encoding="UTF-8"?>\n<MediaContainer size="1" allowSync="0" identifier="com.plexapp.plugins.library" machineIdentifier="{machine}" title1="Plex Library">\n'
                                                                     f'<Directory key="1" type="movie" title="Movies" agent="tv.plex.agents.movie" uuid="{section}" />\n</MediaContainer>\n')),
        interaction(request("POST", "https://jf.acme.home/Users/AuthenticateByName", jhead([("Authorization", mb)]), {"Username": "family", "Pw": pw}),
                    response(200, rhead(), {"User": {"Name": "family", "ServerId": server, "Id": juid, "HasPassword": True}, "AccessToken": jtok, "ServerId": server})),
        interaction(request("GET", f"https://jf.acme.home/Users/{juid}/Items/Resume?Limit=12", [("Authorization", mb + f', Token="{jtok}"')]),
                    response(200, rhead(), {"Items": [], "TotalRecordCount": 0, "StartIndex": 0}))]


@case("telegram-bot-token-in-path", "messaging")
def _():
    tok = S(F.digits(10) + ":AA" + F.b64url(33), "encoding", "bot token in the /bot<token>/ path segment")
    start = S(F.b64url(32), "other", "/start deep-link payload used as a one-time login token (contestable)")
    upd = O(F.digits(9), "identifiers", "update_id")
    uid = O(F.digits(10), "identifiers", "from.id")
    fid = O("AgACAgIAAxkBAAI" + F.b64url(60), "identifiers", "photo file_id (long base64url, not a secret)")
    fu = O("AQAD" + F.b64url(12), "identifiers", "file_unique_id")
    return [
        interaction(request("POST", f"https://api.telegram.org/bot{tok}/getUpdates", jhead(), {"offset": 0, "timeout": 30}),
                    response(200, rhead(), {"ok": True, "result": [{"update_id": int(upd), "message": {"message_id": 88, "from": {"id": int(uid), "is_bot": False, "first_name": "Ayşe", "language_code": "tr"},
                                                                                                    "chat": {"id": int(uid), "type": "private"}, "date": 1796001012, "text": f"/start {start}",
                                                                                                    "entities": [{"offset": 0, "length": 6, "type": "bot_command"}]}},
                                                                   {"update_id": int(upd) + 1, "message": {"message_id": 89, "from": {"id": int(uid), "is_bot": False}, "chat": {"id": int(uid), "type": "private"}, "date": 1796001040,
                                                                                                        "photo": [{"file_id": fid, "file_unique_id": fu, "file_size": 18211, "width": 320, "height": 240}]}}]})),
        interaction(request("GET", f"https://api.telegram.org/file/bot{tok}/photos/file_12.jpg"), response(200, [("Content-Type", "image/jpeg")], b"\xff\xd8\xff\xe0" + F.bytes(32)))]


@case("matrix-login-and-sync", "messaging")
def _():
    pw = S(F.password(18), "other", "password of m.login.password")
    at = S("syt_" + b64u(b"jdoe") + "_" + F.alnum(20) + "_" + F.alnum(6), "other", "access_token (syt_)")
    rt = S("syr_" + b64u(b"jdoe") + "_" + F.alnum(20) + "_" + F.alnum(6), "other", "refresh_token (syr_)")
    psk = S(F.password(24), "other", "a VPN pre-shared key pasted into a room message body")
    dev = O(F.pick(UP, 10), "identifiers", "device_id")
    room = O("!" + F.alnum(18) + ":acme.example", "identifiers", "room id")
    ev = O("$" + F.b64url(43), "identifiers", "event_id")
    nb = O("s" + F.digits(6) + "_" + F.digits(5) + "_" + F.digits(4) + "_" + F.digits(5), "identifiers", "next_batch")
    return [
        interaction(request("POST", "https://matrix.acme.example/_matrix/client/v3/login", jhead(),
                            {"type": "m.login.password", "identifier": {"type": "m.id.user", "user": "jdoe"}, "password": pw, "initial_device_display_name": "Element Desktop", "refresh_token": True}),
                    response(200, rhead(), {"user_id": "@jdoe:acme.example", "access_token": at, "refresh_token": rt, "expires_in_ms": 300000, "device_id": dev, "home_server": "acme.example"})),
        interaction(request("GET", "https://matrix.acme.example/_matrix/client/v3/sync?timeout=30000&since=s182044_88121_4821_1204", [("Authorization", f"Bearer {at}")]),
                    response(200, rhead(), {"next_batch": nb, "rooms": {"join": {room: {"timeline": {"events": [{"type": "m.room.message", "event_id": ev, "sender": "@ops:acme.example",
                                                                                                                 "origin_server_ts": 1796001012118, "content": {"msgtype": "m.text", "body": f"office vpn psk is {psk}"}}],
                                                                                                   "limited": False}}}}}))]


# ----- binary framing and challenge/response -----------------------------------------------------

def varint(n):
    out = b""
    while True:
        byte = n & 0x7F
        n >>= 7
        if n:
            out += bytes([byte | 0x80])
        else:
            return out + bytes([byte])


def pb(*fields):
    """A protobuf message from (field number, value) pairs: bytes/str length-delimited, int varint."""
    out = b""
    for number, value in fields:
        if isinstance(value, int):
            out += varint(number << 3) + varint(value)
        else:
            data = value.encode() if isinstance(value, str) else value
            out += varint((number << 3) | 2) + varint(len(data)) + data
    return out


def grpc(message):
    return b"\x00" + struct.pack(">I", len(message)) + message


@case("etcd-grpc-authenticate-and-range", "databases")
def _():
    pw = S(F.password(18), "framing", "password field of an etcd AuthenticateRequest in a gRPC frame")
    tok = S(F.alnum(16) + "." + F.digits(3), "framing", "simple token in the AuthenticateResponse frame, then the token metadata header")
    stored = S(F.password(22), "framing", "password inside a JSON value of a Range response kv (length-prefixed bytes)")
    key = O("/config/payments/" + F.pick(LOAN, 10), "framing", "key of the returned kv")
    member = O(F.pick(LOAN, 12), "identifiers", "etcd member name in a response header")
    header = pb((1, int(F.digits(18))), (2, int(F.digits(18))), (3, 88412), (4, 7))
    h = [("Content-Type", "application/grpc"), ("TE", "trailers"), ("User-Agent", "grpc-go/1.68.1")]
    value = json.dumps({"host": "pg.internal", "user": "payments", "password": stored})
    return [
        interaction(request("POST", "https://etcd-0.etcd.internal:2379/etcdserverpb.Auth/Authenticate", h, grpc(pb((1, "payments-reader"), (2, pw)))),
                    response(200, [("Content-Type", "application/grpc"), ("grpc-status", "0"), ("x-etcd-member", member)], grpc(pb((1, header), (2, tok))))),
        interaction(request("POST", "https://etcd-0.etcd.internal:2379/etcdserverpb.KV/Range", h + [("token", tok)], grpc(pb((1, key)))),
                    response(200, [("Content-Type", "application/grpc"), ("grpc-status", "0"), ("x-etcd-member", member)],
                             grpc(pb((1, header), (2, pb((1, key), (2, 1204), (3, 88410), (4, 3), (5, value))), (3, 1)))))]


def thrift_string(field_id, text):
    data = text.encode() if isinstance(text, str) else text
    return bytes([11]) + struct.pack(">h", field_id) + struct.pack(">i", len(data)) + data


@case("databricks-thrift-execute-statement", "databases")
def _():
    pat = S("dapi" + F.hex(32), "other", "Databricks PAT as Bearer of a Thrift-over-HTTP call")
    aws = S(F.aws_secret(), "framing", "AWS_SECRET_KEY inside a SQL statement, a length-prefixed Thrift string")
    stok = S(F.aws_session_token(), "framing", "AWS_SESSION_TOKEN inside the same Thrift string")
    wh = O(F.hex(16), "identifiers", "SQL warehouse id in the path")
    org = O(F.digits(16), "identifiers", "x-databricks-org-id")
    rid = O(F.uuid(), "identifiers", "x-request-id")
    stmt = (f"COPY INTO raw.events FROM 's3://acme-raw/events/2026/12/01/' WITH (CREDENTIAL (AWS_ACCESS_KEY = '{F.aws_key_id('ASIA')}', AWS_SECRET_KEY = '{aws}', "
            f"AWS_SESSION_TOKEN = '{stok}')) FILEFORMAT = JSON")
    handle = bytes([12]) + struct.pack(">h", 1) + bytes([12]) + struct.pack(">h", 1) + thrift_string(1, F.bytes(16)) + thrift_string(2, F.bytes(16)) + b"\x00\x00"
    body = struct.pack(">I", 0x80010001) + struct.pack(">i", 16) + b"ExecuteStatement" + struct.pack(">i", 7) + bytes([12]) + struct.pack(">h", 1) + handle + thrift_string(2, stmt) + b"\x00\x00"
    reply = struct.pack(">I", 0x80010002) + struct.pack(">i", 16) + b"ExecuteStatement" + struct.pack(">i", 7) + bytes([12]) + struct.pack(">h", 0) + bytes([12]) + struct.pack(">h", 1) + bytes([8]) + struct.pack(">hi", 1, 0) + b"\x00\x00\x00"
    return [interaction(request("POST", f"https://adb-{org}.2.azuredatabricks.net/sql/protocolv1/o/{org}/{wh}",
                                [("Authorization", f"Bearer {pat}"), ("Content-Type", "application/x-thrift"), ("User-Agent", "PyDatabricksSqlConnector/3.6.0")], body),
                        response(200, [("Content-Type", "application/x-thrift"), ("x-databricks-org-id", org), ("x-request-id", rid)], reply))]


@case("ews-ntlm-handshake-and-getitem", "e-mail")
def _():
    t1 = O(b64(b"NTLMSSP\x00\x01\x00\x00\x00\x97\x82\x08\xe2" + b"\x00" * 16 + b"\x0a\x00\x61\x4a\x00\x00\x00\x0f"), "challenges", "NTLM negotiate (type 1) message")
    t2 = O(b64(b"NTLMSSP\x00\x02\x00\x00\x00\x08\x00\x08\x008\x00\x00\x00\x15\x82\x89\xe2" + F.bytes(8) + b"\x00" * 8 + b"\x5a\x00\x5a\x00\x40\x00\x00\x00"
               + b"\x0a\x00\x61\x4a\x00\x00\x00\x0f" + "ACME".encode("utf-16-le") + F.bytes(90)), "challenges", "NTLM challenge (type 2) with the server challenge")
    t3 = S(b64(b"NTLMSSP\x00\x03\x00\x00\x00" + F.bytes(52) + "ACME".encode("utf-16-le") + "svc-mailsync".encode("utf-16-le") + "SYNC01".encode("utf-16-le") + F.bytes(180)),
           "challenges", "NTLM authenticate (type 3) message: NTLMv2 response to the challenge")
    person = S(email("fatima", "elamrani", "hotmail.fr"), "other", "From mailbox address in a GetItem response")
    item = O("AAMkA" + F.b64url(40) + "AAA=", "identifiers", "EWS ItemId (long base64 look-alike)")
    ck = O("CQAAABYAAA" + F.b64url(30), "identifiers", "EWS ChangeKey")
    url = "https://mail.acme.example/EWS/Exchange.asmx"
    soap = ('<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:t="http://schemas.microsoft.com/exchange/services/2006/types">'
            f'<soap:Body><GetItem xmlns="http://schemas.microsoft.com/exchange/services/2006/messages"><ItemShape><t:BaseShape>Default</t:BaseShape></ItemShape><ItemIds><t:ItemId Id="{item}"/></ItemIds></GetItem></soap:Body></soap:Envelope>')
    reply = ('<?xml version="1.0" encoding="utf-8"?><s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body><m:GetItemResponse xmlns:m="http://schemas.microsoft.com/exchange/services/2006/messages" '
             'xmlns:t="http://schemas.microsoft.com/exchange/services/2006/types"><m:ResponseMessages><m:GetItemResponseMessage ResponseClass="Success"><m:ResponseCode>NoError</m:ResponseCode><m:Items><t:Message>'
             f'<t:ItemId Id="{item}" ChangeKey="{ck}"/><t:Subject>Invoice query</t:Subject><t:From><t:Mailbox><t:Name>Fatima El Amrani</t:Name><t:EmailAddress>{person}</t:EmailAddress></t:Mailbox></t:From>'
             '</t:Message></m:Items></m:GetItemResponseMessage></m:ResponseMessages></m:GetItemResponse></s:Body></s:Envelope>')
    h = [("Content-Type", "text/xml; charset=utf-8"), ("SOAPAction", '"http://schemas.microsoft.com/exchange/services/2006/messages/GetItem"')]
    return [
        interaction(request("POST", url, h), response(401, [("WWW-Authenticate", "Negotiate"), ("WWW-Authenticate", "NTLM"), ("Content-Length", "0")])),
        interaction(request("POST", url, h + [("Authorization", f"NTLM {t1}")]), response(401, [("WWW-Authenticate", f"NTLM {t2}"), ("Content-Length", "0")])),
        interaction(request("POST", url, h + [("Authorization", f"NTLM {t3}")], soap),
                    response(200, rhead("text/xml; charset=utf-8", [("request-id", O(F.uuid(), "identifiers", "request-id of EWS")), ("X-BackEndHttpStatus", "200")]), reply))]

# ---------------------------------------------------------------------------------------------
# Run
# ---------------------------------------------------------------------------------------------

if __name__ == "__main__":
    SPLIT.main(cassette_views)
