"""Held-out corpus "Unseen" for issue 20.

Written for issue 20 without reading the scrubber, its tests, its documents, the token shape
catalogue or the other corpora: every case is written from providers' published API references,
SDK test fixtures and real-world traffic shapes as remembered. Every value is random (seeded) in
the shape the provider issues; nothing here is a credential.

Run from the package root:

    python3 Tools/corpus/make_unseen.py

It writes Tests/CassetteScrubbingTests/Corpus/Fresh/Unseen/u-*.json and manifest.json (twice gives
byte-identical files), then checks that every manifest value is findable in at least one decoded
view of its (unscrubbed) cassette, and exits 1 if not. `cassette_views(path)` is importable
without side effects, for the measuring script.
"""

import base64
import binascii
import gzip
import hashlib
import hmac
import html
import io
import json
import os
import quopri
import re
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


# ---------------------------------------------------------------------------------------------
# Views of a cassette (used by the self-check here and by the measuring script on scrubbed files)
# ---------------------------------------------------------------------------------------------

_B64_RUN = re.compile(r"[A-Za-z0-9+/_-]{16,}={0,2}")
_B64_BLOCK = re.compile(r"(?:[A-Za-z0-9+/=]{16,}[ \t]*\r?\n)+[A-Za-z0-9+/=]{4,}")
_QP_HINT = re.compile(r"=\r?\n|=[0-9A-F]{2}")
_SIO_PREFIX = re.compile(r"^\d{1,3}(?:[^\[{\"]*?,)?(?=[\[{])")
_MAX_DEPTH = 8


def _b64_decode(run):
    """Bytes of a base64 or base64url run, or None."""
    core = run.rstrip("=")
    if len(core) % 4 == 1:
        core = core[:-1]
    padded = core + "=" * (-len(core) % 4)
    out = []
    if "-" in core or "_" in core:
        alt = padded.replace("-", "+").replace("_", "/")
        try:
            out.append(base64.b64decode(alt, validate=True))
        except (binascii.Error, ValueError):
            pass
    else:
        try:
            out.append(base64.b64decode(padded, validate=True))
        except (binascii.Error, ValueError):
            pass
    return out


def _json_leaves(value, path, leaves):
    if isinstance(value, dict):
        for key, item in value.items():
            leaves.append((path + "/#key", key))
            _json_leaves(item, path + "/" + key, leaves)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            _json_leaves(item, path + "/" + str(index), leaves)
    elif isinstance(value, str):
        leaves.append((path, value))
    elif value is not None and not isinstance(value, bool):
        leaves.append((path, json.dumps(value)))


def _try_json(text):
    stripped = text.strip()
    if not stripped or stripped[0] not in "[{\"":
        return None
    try:
        return (json.loads(stripped),)
    except (ValueError, RecursionError):
        return None


def _joined_stream(records):
    """Strings of a stream of JSON records joined per path, so a value split across events shows."""
    per_path = {}
    order = []
    for record in records:
        leaves = []
        _json_leaves(record, "", leaves)
        for path, text in leaves:
            if path not in per_path:
                per_path[path] = []
                order.append(path)
            per_path[path].append(text)
    return ["".join(per_path[path]) for path in order if len(per_path[path]) > 1]


class _Viewer:
    def __init__(self):
        self.views = []
        self.seen = set()

    def text(self, s, depth=0):
        if not isinstance(s, str) or s in self.seen or len(self.seen) > 200000:
            return
        self.seen.add(s)
        self.views.append(s)
        if depth >= _MAX_DEPTH or len(s) < 4:
            return
        parsed = _try_json(s)
        if parsed is not None:
            leaves = []
            _json_leaves(parsed[0], "", leaves)
            for _, leaf in leaves:
                self.text(leaf, depth + 1)
        self.lines(s, depth)
        if "%" in s or "+" in s:
            self.text(urllib.parse.unquote(s), depth + 1)
            self.text(urllib.parse.unquote_plus(s), depth + 1)
        if "&" in s:
            self.text(html.unescape(s), depth + 1)
        if _QP_HINT.search(s):
            try:
                decoded = quopri.decodestring(s.encode("utf-8")).decode("utf-8", "replace")
                self.text(decoded, depth + 1)
            except (ValueError, UnicodeError):
                pass
        for block in _B64_BLOCK.findall(s):
            joined = re.sub(r"\s+", "", block)
            for raw in _b64_decode(joined):
                self.data(raw, depth + 1)
        for run in _B64_RUN.findall(s):
            pieces = [run] + [p for p in run.split("/") if len(p) >= 16 and p != run]
            for piece in pieces:
                for raw in _b64_decode(piece):
                    if len(raw) >= 6:
                        self.data(raw, depth + 1)

    def lines(self, s, depth):
        if "\n" not in s and "\x1e" not in s:
            return
        lines = re.split(r"\r?\n|\x1e", s)
        data_payloads = []
        records = []
        for line in lines:
            if line.startswith("data:"):
                payload = line[5:]
                if payload.startswith(" "):
                    payload = payload[1:]
                data_payloads.append(payload)
                parsed = _try_json(payload)
                if parsed is not None:
                    records.append(parsed[0])
                continue
            parsed = _try_json(line)
            if parsed is None:
                match = _SIO_PREFIX.match(line)
                if match:
                    parsed = _try_json(line[match.end():])
            if parsed is not None:
                records.append(parsed[0])
        if data_payloads:
            self.text("".join(data_payloads), depth + 1)
            self.text("\n".join(data_payloads), depth + 1)
        for record in records:
            leaves = []
            _json_leaves(record, "", leaves)
            for _, leaf in leaves:
                self.text(leaf, depth + 1)
        for joined in _joined_stream(records):
            self.text(joined, depth + 1)

    def data(self, b, depth=0):
        if depth > _MAX_DEPTH + 2 or not b:
            return
        for index in _find_all(b, b"\x1f\x8b\x08"):
            try:
                out = zlib.decompressobj(wbits=31).decompress(b[index:], 50_000_000)
                if out:
                    self.data(out, depth + 1)
            except zlib.error:
                pass
        if len(b) > 2 and b[0] == 0x78 and b[1] in (0x01, 0x5E, 0x9C, 0xDA):
            try:
                self.data(zlib.decompressobj().decompress(b, 50_000_000), depth + 1)
            except zlib.error:
                pass
        for index in _find_all(b, b"PK\x03\x04"):
            end = b.find(b"PK\x05\x06", index)
            if end < 0:
                continue
            comment = struct.unpack("<H", b[end + 20:end + 22])[0] if len(b) >= end + 22 else 0
            try:
                with zipfile.ZipFile(io.BytesIO(b[index:end + 22 + comment])) as archive:
                    for member in archive.namelist():
                        self.text(member, depth + 1)
                        self.data(archive.read(member), depth + 1)
            except (zipfile.BadZipFile, ValueError, OSError, NotImplementedError, zlib.error):
                pass
            break
        if len(b) >= 512 and b[257:262] == b"ustar":
            try:
                with tarfile.open(fileobj=io.BytesIO(b), mode="r:") as archive:
                    for member in archive.getmembers():
                        self.text(member.name, depth + 1)
                        if member.isfile():
                            handle = archive.extractfile(member)
                            if handle is not None:
                                self.data(handle.read(), depth + 1)
            except (tarfile.TarError, OSError, ValueError):
                pass
        self.text(b.decode("latin-1"), depth)
        try:
            utf8 = b.decode("utf-8")
            self.text(utf8, depth)
        except UnicodeDecodeError:
            pass


def _find_all(b, needle):
    out = []
    start = b.find(needle)
    while start >= 0 and len(out) < 16:
        out.append(start)
        start = b.find(needle, start + 1)
    return out


def _walk(node, viewer, parent_key=None):
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "base64" and isinstance(value, str):
                try:
                    viewer.data(base64.b64decode(value))
                except (binascii.Error, ValueError):
                    viewer.text(value)
                continue
            _walk(value, viewer, key)
    elif isinstance(node, list):
        for value in node:
            _walk(value, viewer, parent_key)
    elif isinstance(node, str):
        viewer.text(node)


def cassette_views(path):
    """Text views of a cassette: every JSON string and its decodings (see the module docstring)."""
    with open(path, encoding="utf-8") as handle:
        document = json.load(handle)
    viewer = _Viewer()
    _walk(document, viewer)
    return viewer.views


# ---------------------------------------------------------------------------------------------
# Fakes and encoders
# ---------------------------------------------------------------------------------------------

F = Fakes(20261202)
UP = string.ascii_uppercase
LO = string.ascii_lowercase
DG = string.digits
AN = UP + LO + DG
LOAN = LO + DG
UPAN = UP + DG
HX = "0123456789abcdef"
HXU = HX.upper()
B64U = AN + "-_"
B64S = AN + "+/"
B32L = "abcdefghijklmnopqrstuvwxyz234567"
B32U = B32L.upper()
B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"


def base62(number, width):
    out = ""
    while number:
        number, rest = divmod(number, 62)
        out = (DG + UP + LO)[rest] + out
    return out.rjust(width, "0")


def gh_token(prefix):
    body = F.pick(AN, 30)
    return prefix + body + base62(zlib.crc32(body.encode()), 6)


def b64u_nopad(data):
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def b64u_json(value, pad=False):
    text = base64.urlsafe_b64encode(json.dumps(value, separators=(",", ":")).encode()).decode()
    return text if pad else text.rstrip("=")


def jwt(claims, alg="RS256", sig=256, kid=None, typ="JWT", pad=False):
    head = {"alg": alg, "typ": typ}
    if kid:
        head["kid"] = kid
    return b64u_json(head, pad) + "." + b64u_json(claims, pad) + "." + (
        base64.urlsafe_b64encode(F.bytes(sig)).decode() if pad else b64u_nopad(F.bytes(sig)))


def gz(data):
    return gzip.compress(data, compresslevel=9, mtime=0)


def zip_bytes(members):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, content in members:
            info = zipfile.ZipInfo(name, date_time=(2026, 11, 30, 9, 14, 0))
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
            info.mtime = 1796000000
            info.mode = 0o644
            info.uname = info.gname = ""
            archive.addfile(info, io.BytesIO(data))
    return buffer.getvalue()


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
    """A protobuf message from (field number, value) pairs: bytes/str as length-delimited, int as varint."""
    out = b""
    for number, value in fields:
        if isinstance(value, int):
            out += varint(number << 3) + varint(value)
        else:
            data = value.encode() if isinstance(value, str) else value
            out += varint((number << 3) | 2) + varint(len(data)) + data
    return out


def grpc_frame(message, trailer=False):
    return bytes([0x80 if trailer else 0]) + struct.pack(">I", len(message)) + message


def grpc_trailer(status=0, message=""):
    return grpc_frame(f"grpc-status:{status}\r\ngrpc-message:{message}\r\n".encode(), trailer=True)


def qp(text):
    return quopri.encodestring(text.encode("utf-8")).decode("ascii")


def rid():
    return F.uuid()


def hexid(n=32):
    return F.hex(n)


def traceparent():
    return f"00-{F.hex(32)}-{F.hex(16)}-01"


def jhead(extra=()):
    return [("Content-Type", "application/json")] + list(extra)


def rhead(ctype="application/json; charset=utf-8", extra=()):
    return [("Date", "Mon, 30 Nov 2026 09:14:07 GMT"), ("Content-Type", ctype)] + list(extra)


def email(first, last, domain):
    return f"{first}.{last}{F.digits(2)}@{domain}"


# ---------------------------------------------------------------------------------------------
# Cases
# ---------------------------------------------------------------------------------------------

SPLIT = Split("Unseen", "u-")
case = SPLIT.case
S = SPLIT.secret
O = SPLIT.ordinary

# ----- cloud SDKs --------------------------------------------------------------------------------

@case("aws-s3-putobject-sigv4", "cloud SDKs")
def _():
    secret_sig = S(F.hex(64), "other", "SigV4 Signature= in Authorization of an S3 PutObject")
    token = S(F.aws_session_token(), "other", "x-amz-security-token header (STS session token)")
    payload = b'{"report":"nightly","rows":1289}'
    body_hash = O(hashlib.sha256(payload).hexdigest(), "public", "x-amz-content-sha256: hash of the uploaded body, public")
    key_id = F.aws_key_id("ASIA")
    auth = (f"AWS4-HMAC-SHA256 Credential={key_id}/20261130/eu-west-1/s3/aws4_request, "
            f"SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date;x-amz-security-token, Signature={secret_sig}")
    req_id = O(F.pick(UPAN, 16), "identifiers", "x-amz-request-id response header")
    host_id = O(F.b64std(54), "identifiers", "x-amz-id-2 response header: base64 look-alike, not a secret")
    etag = O(hashlib.md5(payload).hexdigest(), "identifiers", "ETag of the stored object")
    version = O(F.pick(AN + "._", 32), "identifiers", "x-amz-version-id")
    return [interaction(
        request("PUT", "https://reports-eu-7f3a.s3.eu-west-1.amazonaws.com/nightly/2026-11-30/summary.json",
                [("Host", "reports-eu-7f3a.s3.eu-west-1.amazonaws.com"), ("Content-Type", "application/json"),
                 ("X-Amz-Date", "20261130T091407Z"), ("x-amz-content-sha256", body_hash),
                 ("x-amz-security-token", token), ("Authorization", auth),
                 ("amz-sdk-invocation-id", O(F.uuid(), "identifiers", "amz-sdk-invocation-id")), ("amz-sdk-request", "attempt=1; max=3"),
                 ("User-Agent", "aws-sdk-go-v2/1.32.4 os/linux lang/go#1.23.3 md/GOOS#linux api/s3#1.67.0")],
                payload),
        response(200, [("x-amz-id-2", host_id), ("x-amz-request-id", req_id), ("Date", "Mon, 30 Nov 2026 09:14:07 GMT"),
                       ("x-amz-version-id", version), ("x-amz-server-side-encryption", "AES256"), ("ETag", f'"{etag}"'),
                       ("Server", "AmazonS3"), ("Content-Length", "0")]))]


@case("aws-sts-assumerole-xml", "cloud SDKs")
def _():
    secret = S(F.aws_secret(), "other", "SecretAccessKey in STS AssumeRole XML response")
    token = S(F.aws_session_token(), "other", "SessionToken in STS AssumeRole XML response")
    role_id = O("AROA" + F.pick(UP + "234567", 17) + ":ci-deploy-" + F.digits(10), "identifiers", "AssumedRoleId: role id and session name")
    req_id = O(F.uuid(), "identifiers", "RequestId in ResponseMetadata")
    arn = O(f"arn:aws:sts::{F.digits(12)}:assumed-role/ci-deployer/ci-deploy-run-{F.digits(6)}", "identifiers", "assumed role ARN")
    body = form([("Action", "AssumeRole"), ("Version", "2011-06-15"), ("RoleArn", f"arn:aws:iam::{F.digits(12)}:role/ci-deployer"),
                 ("RoleSessionName", "ci-deploy-run"), ("DurationSeconds", "3600")])
    xml = f"""<AssumeRoleResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/">
  <AssumeRoleResult>
    <SourceIdentity>ci-runner</SourceIdentity>
    <AssumedRoleUser>
      <AssumedRoleId>{role_id}</AssumedRoleId>
      <Arn>{arn}</Arn>
    </AssumedRoleUser>
    <Credentials>
      <AccessKeyId>{F.aws_key_id("ASIA")}</AccessKeyId>
      <SecretAccessKey>{secret}</SecretAccessKey>
      <SessionToken>{token}</SessionToken>
      <Expiration>2026-11-30T10:14:07Z</Expiration>
    </Credentials>
    <PackedPolicySize>6</PackedPolicySize>
  </AssumeRoleResult>
  <ResponseMetadata>
    <RequestId>{req_id}</RequestId>
  </ResponseMetadata>
</AssumeRoleResponse>
"""
    auth = f"AWS4-HMAC-SHA256 Credential={F.aws_key_id()}/20261130/us-east-1/sts/aws4_request, SignedHeaders=content-type;host;x-amz-date, Signature={S(F.hex(64), 'other', 'SigV4 signature of the STS call')}"
    return [interaction(
        request("POST", "https://sts.amazonaws.com/", [("Content-Type", "application/x-www-form-urlencoded; charset=utf-8"),
                ("X-Amz-Date", "20261130T091407Z"), ("Authorization", auth)], body),
        response(200, rhead("text/xml", [("x-amzn-RequestId", req_id)]), xml))]


@case("aws-s3-signature-mismatch-echo", "cloud SDKs")
def _():
    sig = S(F.hex(64), "echoes", "SigV4 signature, echoed alone as <SignatureProvided> in the 403 body")
    key_id = F.aws_key_id()
    canon_hash = O(F.hex(64), "echoes", "hash of the canonical request inside <StringToSign>: public")
    req_id = O(F.pick(UPAN, 16), "identifiers", "RequestId of the error")
    host_id = O(F.b64std(57), "identifiers", "HostId of the error: base64 look-alike")
    canon_bytes = " ".join(f"{b:02x}" for b in b"GET\n/artifacts/build-5521.tgz\n\nhost:ci-cache")
    canon_hex = O(canon_bytes[:120], "echoes", "CanonicalRequestBytes hex dump: public bytes of the request")
    err = f"""<?xml version="1.0" encoding="UTF-8"?>
<Error><Code>SignatureDoesNotMatch</Code><Message>The request signature we calculated does not match the signature you provided. Check your key and signing method.</Message><AWSAccessKeyId>{key_id}</AWSAccessKeyId><StringToSign>AWS4-HMAC-SHA256
20261130T091407Z
20261130/us-west-2/s3/aws4_request
{canon_hash}</StringToSign><SignatureProvided>{sig}</SignatureProvided><StringToSignBytes>41 57 53 34</StringToSignBytes><CanonicalRequest>GET
/artifacts/build-5521.tgz

host:ci-cache-3b1.s3.us-west-2.amazonaws.com</CanonicalRequest><CanonicalRequestBytes>{canon_bytes}</CanonicalRequestBytes><RequestId>{req_id}</RequestId><HostId>{host_id}</HostId></Error>"""
    return [interaction(
        request("GET", "https://ci-cache-3b1.s3.us-west-2.amazonaws.com/artifacts/build-5521.tgz",
                [("X-Amz-Date", "20261130T091407Z"), ("x-amz-content-sha256", "UNSIGNED-PAYLOAD"),
                 ("Authorization", f"AWS4-HMAC-SHA256 Credential={key_id}/20261130/us-west-2/s3/aws4_request, SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature={sig}")]),
        response(403, rhead("application/xml", [("x-amz-request-id", req_id), ("x-amz-id-2", host_id)]), err))]


@case("azure-blob-sharedkey-echo", "cloud SDKs")
def _():
    account = O("stproddata" + F.pick(LOAN, 6), "identifiers", "storage account name in host and SharedKey header")
    sig = S(F.b64std(32), "echoes", "SharedKey signature, echoed alone in AuthenticationErrorDetail")
    req_id = O(F.uuid(), "identifiers", "x-ms-request-id")
    client_req = O(F.uuid(), "identifiers", "x-ms-client-request-id")
    detail = (f"The MAC signature found in the HTTP request '{sig}' is not the same as any computed signature. "
              f"Server used following string to sign: 'PUT\n\n\n1843\n\napplication/octet-stream\n\n\n\n\n\n\nx-ms-blob-type:BlockBlob\n"
              f"x-ms-client-request-id:{client_req}\nx-ms-date:Mon, 30 Nov 2026 09:14:07 GMT\nx-ms-version:2024-11-04\n/{account}/backups/db-2026-11-30.bak'.")
    body = (f'\ufeff<?xml version="1.0" encoding="utf-8"?><Error><Code>AuthenticationFailed</Code><Message>Server failed to authenticate the request. '
            f"Make sure the value of Authorization header is formed correctly including the signature.\nRequestId:{req_id}\nTime:2026-11-30T09:14:07.5542310Z</Message>"
            f"<AuthenticationErrorDetail>{html.escape(detail, quote=False)}</AuthenticationErrorDetail></Error>")
    return [interaction(
        request("PUT", f"https://{account}.blob.core.windows.net/backups/db-2026-11-30.bak",
                [("x-ms-blob-type", "BlockBlob"), ("x-ms-date", "Mon, 30 Nov 2026 09:14:07 GMT"), ("x-ms-version", "2024-11-04"),
                 ("x-ms-client-request-id", client_req), ("Content-Type", "application/octet-stream"),
                 ("Authorization", f"SharedKey {account}:{sig}"), ("User-Agent", "azsdk-python-storage-blob/12.24.0 Python/3.12.7")],
                F.bytes(96)),
        response(403, rhead("application/xml", [("x-ms-request-id", req_id), ("x-ms-error-code", "AuthenticationFailed"),
                                                ("x-ms-client-request-id", client_req)]), body))]


@case("azure-webapp-appsettings-list", "cloud SDKs")
def _():
    acct = "stfunc" + F.pick(LOAN, 8)
    key = S(F.b64std(64), "structure", "AccountKey= inside a connection string app setting")
    sb_key = S(F.b64std(32), "structure", "SharedAccessKey= in a Service Bus connection string")
    ikey = O(F.uuid(), "public", "APPINSIGHTS instrumentation key: shipped in browser snippets, public by design (contestable)")
    sb_ns = O("sb-orders-" + F.pick(LOAN, 5), "identifiers", "Service Bus namespace")
    sub = O(F.uuid(), "identifiers", "subscription id in resource id")
    body = {"id": f"/subscriptions/{sub}/resourceGroups/rg-orders/providers/Microsoft.Web/sites/func-orders/config/appsettings",
            "name": "appsettings", "type": "Microsoft.Web/sites/config", "location": "West Europe",
            "properties": {"AzureWebJobsStorage": f"DefaultEndpointsProtocol=https;AccountName={acct};AccountKey={key};EndpointSuffix=core.windows.net",
                           "FUNCTIONS_EXTENSION_VERSION": "~4", "FUNCTIONS_WORKER_RUNTIME": "dotnet-isolated",
                           "APPINSIGHTS_INSTRUMENTATIONKEY": ikey,
                           "ServiceBusConnection": f"Endpoint=sb://{sb_ns}.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey={sb_key}",
                           "WEBSITE_RUN_FROM_PACKAGE": "1"}}
    return [interaction(
        request("POST", f"https://management.azure.com/subscriptions/{sub}/resourceGroups/rg-orders/providers/Microsoft.Web/sites/func-orders/config/appsettings/list?api-version=2023-12-01",
                [("Authorization", "Bearer " + S(jwt({"aud": "https://management.azure.com/", "iss": f"https://sts.windows.net/{F.uuid()}/", "appid": F.uuid(), "oid": F.uuid()}, kid=F.b64url(27)), "other", "ARM bearer token")),
                 ("x-ms-client-request-id", F.uuid()), ("Content-Length", "0")]),
        response(200, rhead(extra=[("x-ms-request-id", O(F.uuid(), "identifiers", "x-ms-request-id")), ("x-ms-ratelimit-remaining-subscription-writes", "1198")]), body))]


@case("gcp-jwt-bearer-token-exchange", "cloud SDKs")
def _():
    sa = O(f"deployer-{F.pick(LOAN, 4)}@acme-prod-{F.digits(6)}.iam.gserviceaccount.com", "identifiers", "service account e-mail: an identifier, not a person (contestable)")
    kid = O(F.hex(40), "public", "private_key_id as kid in the assertion header: a key id")
    assertion = S(jwt({"iss": sa, "scope": "https://www.googleapis.com/auth/cloud-platform", "aud": "https://oauth2.googleapis.com/token",
                       "exp": 1796004847, "iat": 1796001247}, kid=kid), "other", "signed JWT assertion of the jwt-bearer grant")
    at = S("ya29.c." + F.b64url(230), "other", "access_token in the token response")
    project = sa.split("@")[1].split(".")[0]
    return [interaction(
        request("POST", "https://oauth2.googleapis.com/token", [("Content-Type", "application/x-www-form-urlencoded"),
                ("x-goog-api-client", "gl-python/3.12.7 auth/2.36.0 cred-type/sa")],
                form([("grant_type", "urn:ietf:params:oauth:grant-type:jwt-bearer"), ("assertion", assertion)])),
        response(200, rhead(extra=[("Vary", "Origin, X-Origin, Referer")]), {"access_token": at, "expires_in": 3599, "token_type": "Bearer"})),
        interaction(
        request("GET", f"https://iam.googleapis.com/v1/projects/{project}/serviceAccounts/{sa}/keys?keyTypes=USER_MANAGED", [("Authorization", f"Bearer {at}")]),
        response(200, rhead(), {"keys": [{"name": f"projects/{project}/serviceAccounts/{sa}/keys/{kid}", "validAfterTime": "2026-06-01T10:00:00Z",
                                          "validBeforeTime": "9999-12-31T23:59:59Z", "keyAlgorithm": "KEY_ALG_RSA_2048", "keyOrigin": "GOOGLE_PROVIDED", "keyType": "USER_MANAGED"}]}))]


@case("gcp-sa-key-create-privatekeydata", "cloud SDKs")
def _():
    project = "acme-analytics-" + F.digits(6)
    key_id = O(F.hex(40), "public", "private_key_id / key name: a key id")
    client_id = O(F.digits(21), "identifiers", "client_id of the service account")
    pem, line = F.pem()
    S(line, "encoding", "a line of the private key inside base64 privateKeyData JSON")
    keyfile = {"type": "service_account", "project_id": project, "private_key_id": key_id, "private_key": pem,
               "client_email": f"etl-runner@{project}.iam.gserviceaccount.com", "client_id": client_id,
               "auth_uri": "https://accounts.google.com/o/oauth2/auth", "token_uri": "https://oauth2.googleapis.com/token",
               "auth_provider_x509_cert_url": "https://www.googleapis.com/oauth2/v1/certs",
               "client_x509_cert_url": f"https://www.googleapis.com/robot/v1/metadata/x509/etl-runner%40{project}.iam.gserviceaccount.com",
               "universe_domain": "googleapis.com"}
    data = base64.b64encode(json.dumps(keyfile, indent=2).encode()).decode()
    return [interaction(
        request("POST", f"https://iam.googleapis.com/v1/projects/{project}/serviceAccounts/etl-runner@{project}.iam.gserviceaccount.com/keys",
                jhead([("Authorization", "Bearer " + S("ya29.a0" + F.b64url(180), "other", "bearer token of the IAM call"))]),
                {"privateKeyType": "TYPE_GOOGLE_CREDENTIALS_FILE", "keyAlgorithm": "KEY_ALG_RSA_2048"}),
        response(200, rhead(), {"name": f"projects/{project}/serviceAccounts/etl-runner@{project}.iam.gserviceaccount.com/keys/{key_id}",
                                "privateKeyType": "TYPE_GOOGLE_CREDENTIALS_FILE", "privateKeyData": data,
                                "validAfterTime": "2026-11-30T09:14:07Z", "validBeforeTime": "9999-12-31T23:59:59Z",
                                "keyAlgorithm": "KEY_ALG_RSA_2048", "keyOrigin": "GOOGLE_PROVIDED", "keyType": "USER_MANAGED"}))]


@case("gcs-v4-signed-url", "signed URLs")
def _():
    sig = S(F.hex(512), "encoding", "X-Goog-Signature: a long hex signature in a signed URL query")
    obj = O("exports/tenant-4471/orders-" + F.digits(8) + ".csv.gz", "identifiers", "object path of the signed URL")
    upload_id = O("AHMx-" + F.b64url(90), "identifiers", "x-guploader-uploadid: random-looking but not a secret")
    crc = O(F.b64std(4), "public", "x-goog-hash crc32c of the object")
    md5 = O(F.b64std(16), "public", "x-goog-hash md5 of the object")
    gen = O(F.digits(16), "identifiers", "x-goog-generation")
    cred = q(f"signer@acme-data.iam.gserviceaccount.com/20261130/auto/storage/goog4_request")
    url = (f"https://storage.googleapis.com/acme-exports-eu/{obj}?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Credential={cred}"
           f"&X-Goog-Date=20261130T091407Z&X-Goog-Expires=900&X-Goog-SignedHeaders=host&X-Goog-Signature={sig}")
    return [interaction(request("GET", url, [("Accept-Encoding", "gzip")]),
                        response(200, [("X-GUploader-UploadID", upload_id), ("Content-Type", "text/csv"), ("Content-Encoding", "gzip"),
                                       ("x-goog-generation", gen), ("x-goog-metageneration", "1"), ("x-goog-stored-content-encoding", "gzip"),
                                       ("x-goog-hash", f"crc32c={crc}"), ("x-goog-hash", f"md5={md5}"), ("x-goog-storage-class", "STANDARD")],
                                 gz(b"order_id,total,currency\n100231,49.90,EUR\n100232,12.00,EUR\n")))]


@case("s3-presigned-redirect-download", "signed URLs")
def _():
    sig = S(F.hex(64), "encoding", "X-Amz-Signature in the Location of a redirect hop")
    token = S(F.aws_session_token(), "encoding", "X-Amz-Security-Token, URL-encoded, in the redirect hop")
    artifact = O(F.uuid(), "identifiers", "artifact id in the API path")
    gh_rid = O(F.pick(HXU, 4) + ":" + F.pick(HXU, 6) + ":" + F.pick(HXU, 7) + ":" + F.pick(HXU, 8) + ":" + F.pick(HXU, 8), "identifiers", "X-GitHub-Request-Id")
    cred = q(f"{F.aws_key_id()}/20261130/us-east-1/s3/aws4_request")
    loc = (f"https://github-cloud.s3.amazonaws.com/releases/{F.digits(9)}/{artifact}?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential={cred}"
           f"&X-Amz-Date=20261130T091407Z&X-Amz-Expires=300&X-Amz-Security-Token={q(token)}&X-Amz-Signature={sig}&X-Amz-SignedHeaders=host"
           f"&actor_id=0&key_id=0&repo_id={F.digits(9)}&response-content-disposition=attachment%3B%20filename%3Dtool-linux-amd64.tar.gz&response-content-type=application%2Foctet-stream")
    pat = S(gh_token("ghp_"), "other", "classic PAT in Authorization")
    return [interaction(
        request("GET", loc, [("Accept", "application/octet-stream")]),
        response(200, [("Content-Type", "application/octet-stream"), ("ETag", f'"{F.hex(32)}"'), ("x-amz-request-id", F.pick(UPAN, 16))], b"\x1f\x8b" + F.bytes(40)),
        redirects=[hop("GET", f"https://api.github.com/repos/acme/tool/releases/assets/{F.digits(9)}", 302,
                       [("Location", loc), ("X-GitHub-Request-Id", gh_rid), ("X-GitHub-Api-Version-Selected", "2022-11-28")])])] + [interaction(
        request("GET", f"https://api.github.com/repos/acme/tool/actions/artifacts/{F.digits(10)}", [("Authorization", f"Bearer {pat}"), ("Accept", "application/vnd.github+json")]),
        response(200, rhead(extra=[("X-GitHub-Request-Id", gh_rid)]), {"id": 2291, "node_id": "MDg6QXJ0aWZhY3Qy", "name": "dist", "archive_download_url": f"https://api.github.com/repos/acme/tool/actions/artifacts/2291/zip", "expired": False, "workflow_run": {"head_sha": O(F.hex(40), "identifiers", "head_sha of the workflow run")}}))]


@case("azure-sas-block-upload", "signed URLs")
def _():
    sig = S(F.b64std(32), "encoding", "sig= of an account SAS, percent-encoded in the query")
    acct = O("stuploads" + F.pick(LOAN, 7), "identifiers", "storage account")
    md5 = O(F.b64std(16), "public", "Content-MD5 of the uploaded block")
    block = O(base64.b64encode(b"block-000017").decode(), "identifiers", "blockid (base64 of a block number)")
    req_id = O(F.uuid(), "identifiers", "x-ms-request-id")
    url = (f"https://{acct}.blob.core.windows.net/incoming/video-{F.digits(6)}.mp4?comp=block&blockid={q(block)}&sv=2022-11-02&ss=b&srt=co&sp=rwac"
           f"&se=2026-11-30T18:00:00Z&st=2026-11-30T08:00:00Z&spr=https&sig={q(sig)}")
    return [interaction(request("PUT", url, [("x-ms-version", "2022-11-02"), ("Content-MD5", md5), ("Content-Type", "application/octet-stream")], F.bytes(64)),
                        response(201, [("Content-MD5", md5), ("x-ms-request-id", req_id), ("x-ms-request-server-encrypted", "true"), ("x-ms-version", "2022-11-02")]))]


# ----- metadata servers -----------------------------------------------------------------------

@case("aws-imdsv2-role-credentials", "metadata servers")
def _():
    tok = S(F.b64std(42).rstrip("=") + "==", "other", "IMDSv2 session token, returned by PUT and sent as X-aws-ec2-metadata-token")
    secret = S(F.aws_secret(), "other", "SecretAccessKey from the instance role endpoint")
    stoken = S(F.aws_session_token(), "other", "Token from the instance role endpoint")
    iid = O("i-0" + F.hex(16), "identifiers", "instance id")
    upd = O("2026-11-30T08:51:12Z", "other", "LastUpdated timestamp")
    ami = O("ami-0" + F.hex(16), "identifiers", "ami-id")
    return [
        interaction(request("PUT", "http://169.254.169.254/latest/api/token", [("X-aws-ec2-metadata-token-ttl-seconds", "21600")]),
                    response(200, [("Content-Type", "text/plain"), ("X-Aws-Ec2-Metadata-Token-Ttl-Seconds", "21600"), ("Server", "EC2ws")], tok)),
        interaction(request("GET", "http://169.254.169.254/latest/meta-data/instance-id", [("X-aws-ec2-metadata-token", tok)]),
                    response(200, [("Content-Type", "text/plain")], iid)),
        interaction(request("GET", "http://169.254.169.254/latest/meta-data/ami-id", [("X-aws-ec2-metadata-token", tok)]),
                    response(200, [("Content-Type", "text/plain")], ami)),
        interaction(request("GET", "http://169.254.169.254/latest/meta-data/iam/security-credentials/app-node-role", [("X-aws-ec2-metadata-token", tok)]),
                    response(200, [("Content-Type", "text/plain")], json.dumps({"Code": "Success", "LastUpdated": upd, "Type": "AWS-HMAC",
                             "AccessKeyId": F.aws_key_id("ASIA"), "SecretAccessKey": secret, "Token": stoken, "Expiration": "2026-11-30T15:07:44Z"}, indent=2)))]


@case("gcp-metadata-token-identity", "metadata servers")
def _():
    at = S("ya29.c." + F.b64url(250), "other", "access_token from the metadata server")
    idt = S(jwt({"aud": "https://orders-api-xyz-ew.a.run.app", "azp": F.digits(21), "email": "orders@acme-prod.iam.gserviceaccount.com",
                 "email_verified": True, "exp": 1796004847, "iat": 1796001247, "iss": "https://accounts.google.com", "sub": F.digits(21)}, kid=F.hex(40)),
            "other", "identity token (audience-bound JWT) from the metadata server")
    proj = O(F.digits(12), "identifiers", "numeric project id")
    zone = O(f"projects/{proj}/zones/europe-west1-b", "identifiers", "zone path")
    return [
        interaction(request("GET", "http://metadata.google.internal/computeMetadata/v1/instance/service-accounts/default/token", [("Metadata-Flavor", "Google")]),
                    response(200, [("Metadata-Flavor", "Google"), ("Content-Type", "application/json"), ("Server", "Metadata Server for VM")],
                             {"access_token": at, "expires_in": 3284, "token_type": "Bearer"})),
        interaction(request("GET", "http://metadata.google.internal/computeMetadata/v1/instance/service-accounts/default/identity?audience=https%3A%2F%2Forders-api-xyz-ew.a.run.app&format=full", [("Metadata-Flavor", "Google")]),
                    response(200, [("Metadata-Flavor", "Google"), ("Content-Type", "text/html")], idt)),
        interaction(request("GET", "http://metadata.google.internal/computeMetadata/v1/instance/zone", [("Metadata-Flavor", "Google")]),
                    response(200, [("Metadata-Flavor", "Google"), ("Content-Type", "application/text")], zone))]


@case("azure-imds-managed-identity", "metadata servers")
def _():
    at = S(jwt({"aud": "https://vault.azure.net", "iss": f"https://sts.windows.net/{F.uuid()}/", "xms_mirid": "/subscriptions/x/resourcegroups/rg/providers/Microsoft.Compute/virtualMachines/vm-batch-01", "oid": F.uuid()}, kid=F.b64url(27)), "other", "access_token from IMDS")
    cid = O(F.uuid(), "public", "client_id of the managed identity")
    vault_req = O(F.uuid(), "identifiers", "x-ms-request-id of Key Vault")
    kv_secret = S(F.password(24), "structure", "Key Vault secret value one level below the secret name")
    kid = O(f"https://kv-batch-prod.vault.azure.net/secrets/sql-admin-password/{F.hex(32)}", "identifiers", "Key Vault secret id (versioned URL)")
    return [
        interaction(request("GET", "http://169.254.169.254/metadata/identity/oauth2/token?api-version=2018-02-01&resource=https%3A%2F%2Fvault.azure.net", [("Metadata", "true")]),
                    response(200, rhead(), {"access_token": at, "client_id": cid, "expires_in": "86399", "expires_on": "1796087647", "ext_expires_in": "86399",
                                            "not_before": "1796001247", "resource": "https://vault.azure.net", "token_type": "Bearer"})),
        interaction(request("GET", "https://kv-batch-prod.vault.azure.net/secrets/sql-admin-password?api-version=7.4", [("Authorization", "Bearer " + at)]),
                    response(200, rhead(extra=[("x-ms-request-id", vault_req), ("x-ms-keyvault-service-version", "1.9.2070.1")]),
                             {"value": kv_secret, "id": kid, "attributes": {"enabled": True, "created": 1790000000, "updated": 1790000000, "recoveryLevel": "Recoverable+Purgeable"}, "tags": {"owner": "dba-team"}}))]


@case("eks-pod-identity-credentials", "metadata servers")
def _():
    auth = S(F.b64std(120), "other", "AWS_CONTAINER_AUTHORIZATION_TOKEN sent as Authorization to the pod identity agent")
    secret = S(F.aws_secret(), "other", "SecretAccessKey of the container credentials")
    token = S(F.aws_session_token(), "other", "Token of the container credentials")
    arn = O(f"arn:aws:sts::{F.digits(12)}:assumed-role/eks-orders-sa/eks-orders-{F.hex(8)}", "identifiers", "AssumedRoleUser Arn")
    return [interaction(request("GET", "http://169.254.170.23/v1/credentials", [("Authorization", auth), ("User-Agent", "aws-sdk-java/2.29.9")]),
                        response(200, rhead(), {"AccessKeyId": F.aws_key_id("ASIA"), "SecretAccessKey": secret, "Token": token,
                                                "AccountId": F.digits(12), "Expiration": "2026-11-30T15:14:07Z", "AssumedRoleUser": {"Arn": arn}}))]

# ----- OAuth / OIDC / identity providers ---------------------------------------------------------

@case("oauth-authcode-pkce-token", "OAuth/OIDC")
def _():
    client_id = O("web-portal-" + F.pick(LOAN, 10), "public", "client_id")
    csec = S(F.b64url(43), "other", "client secret inside the Basic credential of the token request")
    code = S(F.b64url(43), "other", "authorization code in redirect Location and token form")
    verifier = S(F.b64url(64), "other", "PKCE code_verifier")
    challenge = O(b64u_nopad(hashlib.sha256(verifier.encode()).digest()), "public", "PKCE code_challenge: hash, public")
    state = O(F.b64url(22), "public", "OAuth state (CSRF binding of the redirect, not a credential; contestable)")
    nonce = O(F.b64url(22), "public", "OIDC nonce in the authorize URL and id_token")
    person = S(email("maren", "lindqvist", "gmail.com"), "encoding", "personal e-mail inside the id_token payload")
    idt = jwt({"iss": "https://login.acme-id.example", "sub": F.uuid(), "aud": client_id, "exp": 1796004847, "iat": 1796001247,
               "nonce": nonce, "email": person, "email_verified": True, "name": "Maren Lindqvist"}, kid=F.hex(16))
    S(idt, "other", "id_token in the token response")
    at = S(F.b64url(48), "other", "opaque access_token")
    rt = S(F.b64url(86), "other", "refresh_token")
    sid = O(F.hex(32), "identifiers", "session_state of the authorize response (contestable: OP session state is a hash)")
    authz = (f"https://login.acme-id.example/oauth2/authorize?response_type=code&client_id={client_id}&redirect_uri=https%3A%2F%2Fportal.acme.example%2Fcallback"
             f"&scope=openid%20email%20profile%20offline_access&state={state}&nonce={nonce}&code_challenge={challenge}&code_challenge_method=S256")
    cb = f"https://portal.acme.example/callback?code={code}&state={state}&session_state={sid}"
    return [
        interaction(request("GET", authz), response(200, rhead("text/html"), "<html><body>signed in</body></html>", url=cb),
                    redirects=[hop("GET", authz, 302, [("Location", cb), ("Cache-Control", "no-store")])]),
        interaction(request("POST", "https://login.acme-id.example/oauth2/token", [("Content-Type", "application/x-www-form-urlencoded"), ("Authorization", basic(client_id, csec))],
                            form([("grant_type", "authorization_code"), ("code", code), ("redirect_uri", "https://portal.acme.example/callback"), ("code_verifier", verifier)])),
                    response(200, rhead(extra=[("Cache-Control", "no-store"), ("Pragma", "no-cache")]),
                             {"access_token": at, "token_type": "Bearer", "expires_in": 3600, "refresh_token": rt, "id_token": idt, "scope": "openid email profile offline_access"}))]


@case("oidc-discovery-and-jwks", "OAuth/OIDC")
def _():
    kid1 = O(F.b64url(43), "public", "kid of a JWKS key")
    kid2 = O(F.hex(40), "public", "kid of a second JWKS key")
    n = O(b64u_nopad(b"\xc1" + F.bytes(255)), "public", "RSA modulus n: public key material")
    x5c = O(base64.b64encode(b"0\x82\x02\xb0" + F.bytes(680)).decode(), "public", "x5c certificate chain: public")
    x5t = O(b64u_nopad(F.bytes(20)), "public", "x5t thumbprint")
    xcrv = O(b64u_nopad(F.bytes(32)), "public", "EC public x coordinate")
    return [
        interaction(request("GET", "https://login.acme-id.example/.well-known/openid-configuration"),
                    response(200, rhead(extra=[("Cache-Control", "public, max-age=3600")]), {"issuer": "https://login.acme-id.example", "authorization_endpoint": "https://login.acme-id.example/oauth2/authorize",
                             "token_endpoint": "https://login.acme-id.example/oauth2/token", "jwks_uri": "https://login.acme-id.example/.well-known/jwks.json",
                             "response_types_supported": ["code", "id_token", "code id_token"], "token_endpoint_auth_methods_supported": ["client_secret_basic", "private_key_jwt"],
                             "id_token_signing_alg_values_supported": ["RS256", "ES256"], "code_challenge_methods_supported": ["S256"],
                             "claims_supported": ["sub", "email", "email_verified", "name"]})),
        interaction(request("GET", "https://login.acme-id.example/.well-known/jwks.json"),
                    response(200, rhead(), {"keys": [{"kty": "RSA", "use": "sig", "alg": "RS256", "kid": kid1, "n": n, "e": "AQAB", "x5c": [x5c], "x5t": x5t},
                                                     {"kty": "EC", "use": "sig", "alg": "ES256", "kid": kid2, "crv": "P-256", "x": xcrv, "y": b64u_nopad(F.bytes(32))}]}))]


@case("github-device-flow", "OAuth/OIDC")
def _():
    client_id = O("Iv1." + F.hex(16), "public", "GitHub App client_id")
    device = S(F.hex(40), "other", "device_code")
    user_code = O(F.pick("BCDFGHJKLMNPQRSTVWXZ", 4) + "-" + F.pick("BCDFGHJKLMNPQRSTVWXZ", 4), "public",
                  "user_code shown on screen and typed by the user (contestable: short-lived, useless without the device_code)")
    tok = S(gh_token("ghu_"), "other", "user-to-server access_token")
    rt = S("ghr_" + F.alnum(76), "other", "refresh_token")
    return [
        interaction(request("POST", "https://github.com/login/device/code", [("Accept", "application/json"), ("Content-Type", "application/x-www-form-urlencoded")], form([("client_id", client_id), ("scope", "repo read:org")])),
                    response(200, rhead(), {"device_code": device, "user_code": user_code, "verification_uri": "https://github.com/login/device", "expires_in": 899, "interval": 5})),
        interaction(request("POST", "https://github.com/login/oauth/access_token", [("Accept", "application/json")],
                            form([("client_id", client_id), ("device_code", device), ("grant_type", "urn:ietf:params:oauth:grant-type:device_code")])),
                    response(200, rhead(), {"access_token": tok, "expires_in": 28800, "refresh_token": rt, "refresh_token_expires_in": 15897600, "token_type": "bearer", "scope": ""}))]


@case("okta-private-key-jwt-and-users", "identity providers")
def _():
    org = "acme-" + F.pick(LOAN, 5)
    cid = O("0oa" + F.pick(AN, 17), "public", "Okta client_id")
    assertion = S(jwt({"iss": cid, "sub": cid, "aud": f"https://{org}.okta.com/oauth2/v1/token", "jti": F.uuid(), "exp": 1796001547}, kid=F.b64url(43)), "other", "client_assertion (private_key_jwt)")
    at = S(jwt({"ver": 1, "jti": "AT." + F.b64url(43), "iss": f"https://{org}.okta.com", "aud": f"https://{org}.okta.com", "cid": cid, "scp": ["okta.users.read"]}, kid=F.b64url(43)), "other", "Okta access token")
    ssws = S("00" + F.pick(B64U, 40), "other", "SSWS API token in Authorization")
    uid = O("00u" + F.pick(AN, 17), "identifiers", "Okta user id")
    person = S(email("tomas", "okafor", "outlook.com"), "other", "personal e-mail as Okta login and profile email")
    req_id = O(F.pick(AN, 20) + "AAAB" + F.pick(AN, 3), "identifiers", "X-Okta-Request-Id")
    return [
        interaction(request("POST", f"https://{org}.okta.com/oauth2/v1/token", [("Content-Type", "application/x-www-form-urlencoded")],
                            form([("grant_type", "client_credentials"), ("scope", "okta.users.read"), ("client_id", cid),
                                  ("client_assertion_type", "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"), ("client_assertion", assertion)])),
                    response(200, rhead(extra=[("X-Okta-Request-Id", req_id)]), {"token_type": "Bearer", "expires_in": 3600, "access_token": at, "scope": "okta.users.read"})),
        interaction(request("GET", f"https://{org}.okta.com/api/v1/users/{uid}", [("Authorization", f"SSWS {ssws}"), ("Accept", "application/json")]),
                    response(200, rhead(extra=[("X-Rate-Limit-Remaining", "599")]), {"id": uid, "status": "ACTIVE", "created": "2025-03-11T10:01:44.000Z",
                             "profile": {"firstName": "Tomas", "lastName": "Okafor", "login": person, "email": person, "mobilePhone": None},
                             "credentials": {"provider": {"type": "OKTA", "name": "OKTA"}}, "_links": {"self": {"href": f"https://{org}.okta.com/api/v1/users/{uid}"}}}))]


@case("google-refresh-token-grant", "OAuth/OIDC")
def _():
    cid = O(F.digits(12) + "-" + F.pick(LOAN, 32) + ".apps.googleusercontent.com", "public", "Google OAuth client_id")
    csec = S("GOCSPX-" + F.pick(B64U, 28), "other", "client_secret in the refresh form")
    rt = S("1//0" + F.pick(AN, 1) + F.b64url(98), "other", "refresh_token in the form")
    at = S("ya29.a0" + F.b64url(200), "other", "new access_token")
    return [interaction(request("POST", "https://oauth2.googleapis.com/token", [("Content-Type", "application/x-www-form-urlencoded")],
                                form([("client_id", cid), ("client_secret", csec), ("refresh_token", rt), ("grant_type", "refresh_token")])),
                        response(200, rhead(), {"access_token": at, "expires_in": 3599, "scope": "https://www.googleapis.com/auth/drive.readonly", "token_type": "Bearer"}))]


@case("keycloak-realm-partial-export", "identity providers")
def _():
    csec = S(F.alnum(32), "structure", "clients[].secret of a confidential client")
    smtp = S(F.password(20), "structure", "smtpServer.password")
    idp = S(F.b64url(40), "structure", "identityProviders[].config.clientSecret")
    pubkey = O("MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA" + F.b64std(200), "public", "realm publicKey: public key material")
    otp = O("HmacSHA256", "public", "otpPolicyAlgorithm: a policy parameter")
    cid = O("billing-backend-" + F.pick(LOAN, 4), "public", "clientId")
    ccid = O(F.uuid(), "identifiers", "client internal id")
    body = {"id": F.uuid(), "realm": "acme", "otpPolicyType": "totp", "otpPolicyAlgorithm": otp, "otpPolicyDigits": 6, "otpPolicyPeriod": 30,
            "passwordPolicy": "length(12) and notUsername and passwordHistory(5)", "publicKey": pubkey,
            "smtpServer": {"host": "smtp.eu.mailgun.org", "port": "587", "from": "no-reply@acme.example", "auth": "true", "user": "postmaster@mg.acme.example", "password": smtp, "starttls": "true"},
            "clients": [{"id": ccid, "clientId": cid, "enabled": True, "clientAuthenticatorType": "client-secret", "secret": csec, "publicClient": False,
                         "redirectUris": ["https://billing.acme.example/*"], "attributes": {"pkce.code.challenge.method": "S256"}}],
            "identityProviders": [{"alias": "github", "providerId": "github", "enabled": True, "config": {"clientId": O("Ov23li" + F.alnum(14), "public", "GitHub OAuth app client id beside its clientSecret"), "clientSecret": idp, "syncMode": "IMPORT"}}]}
    return [interaction(request("POST", "https://sso.acme.example/admin/realms/acme/partial-export?exportClients=true&exportGroupsAndRoles=false",
                                [("Authorization", "Bearer " + S(jwt({"exp": 1796001547, "iss": "https://sso.acme.example/realms/master", "azp": "admin-cli", "typ": "Bearer"}, kid=F.b64url(43)), "other", "admin bearer token"))]),
                        response(200, rhead(), body))]


@case("auth0-management-clients", "identity providers")
def _():
    mt = S(jwt({"iss": "https://acme-prod.eu.auth0.com/", "sub": F.alnum(32) + "@clients", "aud": "https://acme-prod.eu.auth0.com/api/v2/", "gty": "client-credentials", "scope": "read:clients read:client_keys"}, kid=F.b64url(22)), "other", "management API token")
    cid = O(F.alnum(32), "public", "client_id: 32 alphanumerics, same alphabet as the secret")
    csec = S(F.b64url(64), "other", "client_secret of the application")
    cert = O(base64.b64encode(b"0\x82\x03\x01" + F.bytes(500)).decode()[:120], "public", "signing key certificate (public)")
    return [interaction(request("GET", "https://acme-prod.eu.auth0.com/api/v2/clients?fields=client_id,client_secret,name,signing_keys&include_fields=true", [("Authorization", f"Bearer {mt}")]),
                        response(200, rhead(extra=[("x-ratelimit-remaining", "49"), ("ot-tracer-traceid", F.hex(16))]),
                                 [{"client_id": cid, "client_secret": csec, "name": "Orders SPA backend",
                                   "signing_keys": [{"cert": "-----BEGIN CERTIFICATE-----\r\n" + cert + "\r\n-----END CERTIFICATE-----\r\n", "pkcs7": "", "subject": "/CN=acme-prod.eu.auth0.com"}]}]))]


@case("azure-ad-msal-token", "identity providers")
def _():
    tenant = O(F.uuid(), "identifiers", "tenant id in the authority path")
    cid = O(F.uuid(), "public", "client_id of the public client")
    uid = F.uuid()
    client_info = O(b64u_json({"uid": uid, "utid": tenant}), "public", "client_info: base64url JSON of object and tenant ids")
    person = S(email("anika", "brandt", "hotmail.de"), "encoding", "preferred_username inside the id_token payload")
    idt = S(jwt({"aud": cid, "iss": f"https://login.microsoftonline.com/{tenant}/v2.0", "name": "Anika Brandt", "oid": uid, "preferred_username": person, "tid": tenant, "ver": "2.0"}, kid=F.b64url(27)), "other", "id_token")
    at = S(jwt({"aud": "00000003-0000-0000-c000-000000000000", "scp": "User.Read Mail.Read", "upn": person}, kid=F.b64url(27)), "other", "access_token")
    rt = S("1.AX" + F.b64url(30) + "." + F.b64url(500), "other", "refresh_token")
    corr = O(F.uuid(), "identifiers", "client-request-id / correlation id")
    return [interaction(request("POST", f"https://login.microsoftonline.com/{tenant}/oauth2/v2.0/token",
                                [("Content-Type", "application/x-www-form-urlencoded;charset=utf-8"), ("client-request-id", corr), ("x-client-SKU", "MSAL.Python"), ("x-client-Ver", "1.31.0")],
                                form([("client_id", cid), ("grant_type", "refresh_token"), ("refresh_token", rt), ("scope", "User.Read Mail.Read openid profile offline_access"), ("client_info", "1")])),
                        response(200, rhead(extra=[("x-ms-request-id", F.uuid()), ("client-request-id", corr)]),
                                 {"token_type": "Bearer", "scope": "User.Read Mail.Read openid profile", "expires_in": 4708, "ext_expires_in": 4708,
                                  "access_token": at, "refresh_token": rt, "id_token": idt, "client_info": client_info}))]


@case("firebase-identitytoolkit-signin", "identity providers")
def _():
    key = O("AIza" + F.pick(B64U, 35), "public", "Firebase Web API key in ?key=: public by design per Firebase docs (contestable)")
    person = S(email("leon", "fischer", "web.de"), "other", "e-mail in the sign-in body")
    pw = S(F.password(16), "other", "password in the sign-in body")
    idt = S(jwt({"iss": "https://securetoken.google.com/acme-shop-7a1", "aud": "acme-shop-7a1", "user_id": F.alnum(28), "email": person, "firebase": {"sign_in_provider": "password"}}, kid=F.hex(40)), "other", "idToken")
    rt = S("AMf-vB" + F.b64url(260), "other", "refreshToken")
    local = O(F.alnum(28), "identifiers", "localId (Firebase uid)")
    return [interaction(request("POST", f"https://identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key={key}", jhead([("X-Client-Version", "Chrome/JsCore/11.0.2/FirebaseCore-web")]),
                                {"returnSecureToken": True, "email": person, "password": pw, "clientType": "CLIENT_TYPE_WEB"}),
                        response(200, rhead(), {"kind": "identitytoolkit#VerifyPasswordResponse", "localId": local, "email": person, "displayName": "",
                                                "idToken": idt, "registered": True, "refreshToken": rt, "expiresIn": "3600"}))]


@case("saml-acs-post", "SOAP/SAML")
def _():
    person = S(email("ingrid", "solberg", "protonmail.com"), "encoding", "NameID e-mail inside base64 SAMLResponse")
    sigval = S(F.b64std(256), "encoding", "SignatureValue of the bearer assertion (contestable: a signature, but over a bearer credential)")
    cert = O(base64.b64encode(b"0\x82\x02\xd4" + F.bytes(720)).decode()[:180], "public", "X509Certificate in KeyInfo: public")
    aid = O("_" + F.hex(40), "identifiers", "Assertion ID")
    irt = O("ONELOGIN_" + F.hex(40), "identifiers", "InResponseTo request id")
    digest = O(F.b64std(32), "public", "DigestValue: hash of the signed element")
    relay = O("https://crm.acme.example/dashboard?tab=" + F.pick(LO, 8), "other", "RelayState deep link")
    xml = f"""<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_{F.hex(40)}" Version="2.0" IssueInstant="2026-11-30T09:14:07Z" Destination="https://crm.acme.example/saml/acs" InResponseTo="{irt}"><saml:Issuer>https://idp.acme-corp.example/saml2</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status><saml:Assertion ID="{aid}" Version="2.0" IssueInstant="2026-11-30T09:14:07Z"><saml:Issuer>https://idp.acme-corp.example/saml2</saml:Issuer><ds:Signature xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:SignedInfo><ds:CanonicalizationMethod Algorithm="http://www.w3.org/2001/10/xml-exc-c14n#"/><ds:SignatureMethod Algorithm="http://www.w3.org/2001/04/xmldsig-more#rsa-sha256"/><ds:Reference URI="#{aid}"><ds:DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/><ds:DigestValue>{digest}</ds:DigestValue></ds:Reference></ds:SignedInfo><ds:SignatureValue>{sigval}</ds:SignatureValue><ds:KeyInfo><ds:X509Data><ds:X509Certificate>{cert}{F.b64std(300)}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></ds:Signature><saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">{person}</saml:NameID><saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData NotOnOrAfter="2026-11-30T09:19:07Z" Recipient="https://crm.acme.example/saml/acs" InResponseTo="{irt}"/></saml:SubjectConfirmation></saml:Subject><saml:Conditions NotBefore="2026-11-30T09:13:37Z" NotOnOrAfter="2026-11-30T09:19:07Z"><saml:AudienceRestriction><saml:Audience>https://crm.acme.example/saml/metadata</saml:Audience></saml:AudienceRestriction></saml:Conditions><saml:AuthnStatement AuthnInstant="2026-11-30T09:14:06Z" SessionIndex="_{F.hex(32)}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement></saml:Assertion></samlp:Response>"""
    sess = S(F.b64url(43), "other", "session cookie set after the ACS post")
    return [interaction(request("POST", "https://crm.acme.example/saml/acs", [("Content-Type", "application/x-www-form-urlencoded"), ("Origin", "https://idp.acme-corp.example")],
                                form([("SAMLResponse", base64.b64encode(xml.encode()).decode()), ("RelayState", relay)])),
                        response(302, [("Location", relay), ("Set-Cookie", f"crm_session={sess}; Path=/; Secure; HttpOnly; SameSite=Lax")]))]


@case("soap-wsse-usernametoken", "SOAP/SAML")
def _():
    user = O("svc_claims_" + F.pick(LOAN, 5), "identifiers", "wsse:Username of a service account")
    pw = S(F.password(18), "other", "wsse:Password PasswordText")
    nonce = O(F.b64std(16), "challenges", "wsse:Nonce of a PasswordDigest token (contestable: a nonce, not secret)")
    created = "2026-11-30T09:14:07.512Z"
    digest_pw = F.password(14)
    pdigest = S(base64.b64encode(hashlib.sha1(base64.b64decode(nonce) + created.encode() + digest_pw.encode()).digest()).decode(), "other", "wsse:Password PasswordDigest (replayable until expiry)")
    claim = O("CLM-" + F.digits(9), "identifiers", "claim number in the SOAP body")
    def env(password_el):
        return f"""<?xml version="1.0" encoding="UTF-8"?>
<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:wsse="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd" xmlns:wsu="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd" xmlns:clm="urn:acme:claims:v3">
  <soapenv:Header>
    <wsse:Security soapenv:mustUnderstand="1">
      <wsse:UsernameToken wsu:Id="UsernameToken-{F.hex(32).upper()}">
        <wsse:Username>{user}</wsse:Username>
        {password_el}
        <wsu:Created>{created}</wsu:Created>
      </wsse:UsernameToken>
    </wsse:Security>
  </soapenv:Header>
  <soapenv:Body><clm:GetClaimStatus><clm:ClaimNumber>{claim}</clm:ClaimNumber></clm:GetClaimStatus></soapenv:Body>
</soapenv:Envelope>"""
    p1 = f'<wsse:Password Type="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordText">{pw}</wsse:Password>'
    p2 = (f'<wsse:Password Type="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordDigest">{pdigest}</wsse:Password>\n'
          f'        <wsse:Nonce EncodingType="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-soap-message-security-1.0#Base64Binary">{nonce}</wsse:Nonce>')
    ok = f'<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Body><GetClaimStatusResponse xmlns="urn:acme:claims:v3"><ClaimNumber>{claim}</ClaimNumber><Status>IN_REVIEW</Status></GetClaimStatusResponse></soapenv:Body></soapenv:Envelope>'
    h = [("Content-Type", "text/xml; charset=utf-8"), ("SOAPAction", '"urn:acme:claims:v3/GetClaimStatus"')]
    return [interaction(request("POST", "https://claims.insurer.example/ws/ClaimService", h, env(p1)), response(200, rhead("text/xml; charset=utf-8"), ok)),
            interaction(request("POST", "https://claims.insurer.example/ws/ClaimService", h, env(p2)), response(200, rhead("text/xml; charset=utf-8"), ok))]

# ----- GraphQL ------------------------------------------------------------------------------------

@case("graphql-github-commits", "GraphQL")
def _():
    pat = S("github_pat_" + F.alnum(22) + "_" + F.alnum(59), "other", "fine-grained PAT as lowercase 'bearer' Authorization")
    sha = O(F.hex(40), "identifiers", "commit oid")
    sha2 = O(F.hex(40), "identifiers", "second commit oid")
    cursor = O(base64.b64encode(f"{sha} 99".encode()).decode(), "public", "endCursor: base64 of a commit sha and an offset")
    node = O("R_kgDO" + F.b64url(8), "identifiers", "repository node id")
    query = "query($owner:String!,$name:String!,$after:String){repository(owner:$owner,name:$name){id defaultBranchRef{target{... on Commit{history(first:2,after:$after){pageInfo{endCursor hasNextPage} nodes{oid messageHeadline}}}}}}}"
    return [interaction(request("POST", "https://api.github.com/graphql", [("Authorization", f"bearer {pat}"), ("Content-Type", "application/json"), ("X-Github-Next-Global-ID", "1")],
                                {"query": query, "variables": {"owner": "acme", "name": "ledger", "after": None}}),
                        response(200, rhead(extra=[("X-RateLimit-Remaining", "4988"), ("X-GitHub-Request-Id", F.pick(HXU, 4) + ":" + F.pick(HXU, 7))]),
                                 {"data": {"repository": {"id": node, "defaultBranchRef": {"target": {"history": {"pageInfo": {"endCursor": cursor, "hasNextPage": True},
                                  "nodes": [{"oid": sha, "messageHeadline": "Fix rounding in VAT report"}, {"oid": sha2, "messageHeadline": "Bump pg from 8.13.0 to 8.13.1"}]}}}}}}))]


@case("graphql-login-mutation", "GraphQL")
def _():
    person = S(email("sofia", "marchetti", "libero.it"), "other", "e-mail in GraphQL variables.input")
    pw = S(F.password(15), "other", "password in GraphQL variables.input")
    tok = S(jwt({"sub": F.uuid(), "role": "customer", "exp": 1796004847}, alg="HS256", sig=32), "other", "data.login.accessToken")
    rt = S(F.hex(64), "other", "data.login.refreshToken")
    h = O(F.hex(64), "public", "persisted query sha256Hash")
    uid = O("usr_" + F.pick(LOAN, 20), "identifiers", "user id in the response")
    return [interaction(request("POST", "https://shop.acme.example/graphql", jhead([("apollographql-client-name", "storefront-web"), ("apollographql-client-version", "4.18.2")]),
                                {"operationName": "Login", "variables": {"input": {"email": person, "password": pw, "rememberMe": True}},
                                 "extensions": {"persistedQuery": {"version": 1, "sha256Hash": h}}}),
                        response(200, rhead(), {"data": {"login": {"__typename": "LoginSuccess", "accessToken": tok, "refreshToken": rt, "user": {"id": uid, "firstName": "Sofia"}}}}))]


@case("shopify-storefront-and-admin", "GraphQL")
def _():
    storefront = O(F.hex(32), "public", "X-Shopify-Storefront-Access-Token: public by design (contestable)")
    admin = S("shpat_" + F.hex(32), "other", "X-Shopify-Access-Token admin token")
    gid = O("gid://shopify/Product/" + F.digits(13), "identifiers", "product gid")
    checkout = O(f"https://acme-outdoor.myshopify.com/cart/c/{F.pick(AN, 26)}?key={F.hex(32)}", "identifiers", "checkoutUrl with cart key (contestable: a cart link, not an account credential)")
    req_id = O(F.uuid(), "identifiers", "X-Request-Id")
    return [
        interaction(request("POST", "https://acme-outdoor.myshopify.com/api/2024-10/graphql.json", jhead([("X-Shopify-Storefront-Access-Token", storefront)]),
                            {"query": "mutation { cartCreate(input:{lines:[{merchandiseId:\"gid://shopify/ProductVariant/4471\",quantity:1}]}) { cart { id checkoutUrl } } }"}),
                    response(200, rhead(extra=[("X-Request-Id", req_id)]), {"data": {"cartCreate": {"cart": {"id": "gid://shopify/Cart/" + F.pick(AN, 26), "checkoutUrl": checkout}}}})),
        interaction(request("POST", "https://acme-outdoor.myshopify.com/admin/api/2024-10/graphql.json", jhead([("X-Shopify-Access-Token", admin)]),
                            {"query": "{ product(id: \"%s\") { title totalInventory } }" % gid}),
                    response(200, rhead(extra=[("X-Request-Id", F.uuid())]), {"data": {"product": {"title": "Trail Jacket", "totalInventory": 112}},
                             "extensions": {"cost": {"requestedQueryCost": 1, "throttleStatus": {"maximumAvailable": 2000.0, "currentlyAvailable": 1999}}}}))]


@case("hasura-batched-admin-secret", "GraphQL")
def _():
    adm = S(F.password(32), "names", "x-hasura-admin-secret header")
    near = O("x-hasura-admin-secret/x-hasura-access-key required, but not found", "other", "error text naming the secret header")
    uid = O(F.uuid(), "identifiers", "x-hasura-user-id session variable")
    return [interaction(request("POST", "https://gql.acme.example/v1/graphql", jhead([("x-hasura-admin-secret", adm), ("x-hasura-role", "support_agent"), ("x-hasura-user-id", uid)]),
                                [{"query": "query { orders(limit: 2) { id total } }"}, {"query": "query { users_by_pk(id: \"%s\") { name } }" % uid}]),
                        response(200, rhead(), [{"data": {"orders": [{"id": 9001, "total": 42.5}]}}, {"errors": [{"extensions": {"path": "$", "code": "access-denied"}, "message": near}]}]))]


# ----- gRPC-web / protobuf / framing ------------------------------------------------------------

@case("grpcweb-binary-login", "gRPC-web")
def _():
    user = O("dispatcher-" + F.pick(LOAN, 6), "identifiers", "username field of a protobuf LoginRequest")
    pw = S(F.password(16), "framing", "password field of a protobuf LoginRequest in a grpc-web frame")
    tok = S(F.b64url(48), "framing", "session_token field of the LoginReply frame")
    acct = O("acct_" + F.pick(LOAN, 14), "identifiers", "account id field in the reply")
    reqb = grpc_frame(pb((1, user), (2, pw), (3, "fleet-console/7.4.1")))
    resb = grpc_frame(pb((1, tok), (2, acct), (3, 1796004847))) + grpc_trailer()
    return [interaction(request("POST", "https://fleet.acme.example/fleet.auth.v1.AuthService/Login",
                                [("Content-Type", "application/grpc-web+proto"), ("X-Grpc-Web", "1"), ("X-User-Agent", "grpc-web-javascript/0.1")], reqb),
                        response(200, [("Content-Type", "application/grpc-web+proto"), ("grpc-accept-encoding", "identity,deflate,gzip")], resb))]


@case("grpcweb-text-apikey", "gRPC-web")
def _():
    bearer = S(F.b64url(40), "other", "authorization metadata of a grpc-web-text call")
    key = S("ak_live_" + F.alnum(40), "encoding", "api_key field of a reply frame inside base64 grpc-web-text")
    key_id = O("key_" + F.pick(LOAN, 16), "public", "key id field of the same reply")
    name = O("warehouse-sync-" + F.pick(LOAN, 4), "other", "display name field of the reply")
    reqm = grpc_frame(pb((1, "proj_" + F.pick(LOAN, 12)), (2, name)))
    resm = grpc_frame(pb((1, key_id), (2, key), (3, name))) 
    text = base64.b64encode(resm).decode() + base64.b64encode(grpc_trailer()).decode()
    return [interaction(request("POST", "https://console.acme.example/acme.keys.v2.KeyService/CreateKey",
                                [("Content-Type", "application/grpc-web-text"), ("Accept", "application/grpc-web-text"), ("authorization", f"Bearer {bearer}"), ("X-Grpc-Web", "1")],
                                base64.b64encode(reqm).decode()),
                        response(200, [("Content-Type", "application/grpc-web-text")], text))]


@case("binary-pairing-length-prefixed", "IoT")
def _():
    serial = O("SN" + F.pick(UPAN, 12), "identifiers", "device serial in a length-prefixed TLV frame")
    skey = S(F.alnum(16), "framing", "16-byte session key in a u16-length-prefixed field, CRC32 trailer")
    fw = O("fw-3.14." + F.digits(4), "other", "firmware version field")
    def tlv(t, v):
        data = v.encode()
        return bytes([t]) + struct.pack(">H", len(data)) + data
    payload = tlv(1, serial) + tlv(2, skey) + tlv(3, fw)
    frame = b"PAIR" + struct.pack(">H", len(payload)) + payload
    frame += struct.pack(">I", zlib.crc32(frame))
    ack = b"PACK" + struct.pack(">H", len(serial) + 3) + tlv(1, serial)
    return [interaction(request("POST", "https://pair.hearthlink.example/v2/devices/pair", [("Content-Type", "application/octet-stream"), ("X-Device-Model", "HL-T200")], frame),
                        response(200, [("Content-Type", "application/octet-stream")], ack + struct.pack(">I", zlib.crc32(ack))))]


@case("mqtt-connect-over-websocket-bridge", "IoT")
def _():
    cid = O("thermo-" + F.hex(12), "identifiers", "MQTT client identifier (length-prefixed)")
    user = O("tenant-" + F.pick(LOAN, 6) + "/device", "identifiers", "MQTT username (length-prefixed)")
    pw = S(F.alnum(24), "framing", "MQTT password field of a CONNECT packet (length-prefixed)")
    def s(x):
        data = x.encode()
        return struct.pack(">H", len(data)) + data
    var = s("MQTT") + bytes([4, 0b11000010]) + struct.pack(">H", 60)
    pl = s(cid) + s(user) + s(pw)
    rest = var + pl
    packet = bytes([0x10]) + varint(len(rest)) + rest
    return [interaction(request("POST", "https://bridge.iot.acme.example/mqtt/raw?session=" + F.pick(LOAN, 10), [("Content-Type", "application/vnd.mqtt"), ("X-Bridge-Tenant", user.split("/")[0])], packet),
                        response(200, [("Content-Type", "application/vnd.mqtt")], bytes([0x20, 0x02, 0x00, 0x00])))]


@case("upstash-redis-rest-and-resp", "databases")
def _():
    tok = S("A" + F.pick(B64U, 3) + "A" + F.b64url(60) + "=", "other", "Upstash REST token in Authorization")
    redis_pw = S(F.alnum(32), "framing", "AUTH password inside a RESP bulk string ($32)")
    sess = S(F.hex(40), "other", "session blob value stored under a session key")
    key = O("sess:" + F.uuid(), "identifiers", "redis key name")
    resp_body = f"*2\r\n$4\r\nAUTH\r\n${len(redis_pw)}\r\n{redis_pw}\r\n*3\r\n$3\r\nGET\r\n${len(key)}\r\n{key}\r\n"
    return [
        interaction(request("POST", "https://eu1-brave-ox-" + F.digits(5) + ".upstash.io/pipeline", jhead([("Authorization", f"Bearer {tok}")]),
                            [["SET", key, sess, "EX", "86400"], ["TTL", key]]),
                    response(200, rhead(), [{"result": "OK"}, {"result": 86400}])),
        interaction(request("POST", "https://redis-debug.internal.acme.example/raw", [("Content-Type", "application/x-redis-resp")], resp_body.encode()),
                    response(200, [("Content-Type", "application/x-redis-resp")], f"+OK\r\n${len(sess)}\r\n{sess}\r\n".encode()))]


@case("confluent-kafka-rest-basic", "databases")
def _():
    key = O(F.pick(UPAN, 16), "public", "Confluent Cloud API key: the key id half of the Basic pair (contestable)")
    sec = S(F.pick(AN + "+/", 64), "other", "Confluent Cloud API secret inside Basic")
    cluster = O("lkc-" + F.pick(LOAN, 6), "identifiers", "cluster id")
    return [interaction(request("POST", f"https://pkc-{F.pick(LOAN, 5)}.eu-west-1.aws.confluent.cloud:443/kafka/v3/clusters/{cluster}/topics/orders/records",
                                jhead([("Authorization", basic(key, sec))]), {"key": {"type": "STRING", "data": "order-100233"}, "value": {"type": "JSON", "data": {"total": 18.2}}}),
                        response(200, rhead(), {"error_code": 200, "cluster_id": cluster, "topic_name": "orders", "partition_id": 3, "offset": 88121,
                                                "timestamp": "2026-11-30T09:14:07.551Z", "key": {"type": "STRING", "size": 12}, "value": {"type": "JSON", "size": 14}})),
            interaction(request("GET", f"https://api.confluent.cloud/iam/v2/api-keys/{key}", [("Authorization", basic(F.pick(UPAN, 16), S(F.pick(AN + "+/", 64), "other", "Cloud API secret of the management call")))]),
                        response(200, rhead(), {"api_version": "iam/v2", "kind": "ApiKey", "id": key, "metadata": {"created_at": "2026-10-02T11:20:41Z", "resource_name": f"crn://api.confluent.cloud/organization={F.uuid()}/user=u-{F.pick(LOAN, 6)}/api-key={key}"},
                                                "spec": {"display_name": "orders-producer", "owner": {"id": O("sa-" + F.pick(LOAN, 6), "identifiers", "service account owning the key"), "kind": "ServiceAccount"}, "resource": {"id": cluster, "kind": "Cluster"}}}))]

# ----- Kubernetes --------------------------------------------------------------------------------

def b64(text):
    return base64.b64encode(text.encode()).decode()


@case("k8s-get-secret-last-applied", "Kubernetes")
def _():
    sa = S(jwt({"aud": ["https://kubernetes.default.svc.cluster.local"], "iss": "https://oidc.eks.eu-central-1.amazonaws.com/id/" + F.hex(32).upper(),
                "kubernetes.io": {"namespace": "ops", "serviceaccount": {"name": "backup-operator", "uid": F.uuid()}}, "sub": "system:serviceaccount:ops:backup-operator"}, kid=F.b64url(43)),
           "other", "service account bearer token")
    pw = S(F.password(22), "encoding", "data.password (base64) and stringData in last-applied-configuration")
    user = O("orders_rw_" + F.pick(LOAN, 4), "encoding", "data.username, base64 encoded: an account name")
    url_pw = S(F.alnum(20), "encoding", "password inside a base64 DATABASE_URL")
    uid = O(F.uuid(), "identifiers", "metadata.uid")
    rv = O(F.digits(9), "identifiers", "resourceVersion")
    last = json.dumps({"apiVersion": "v1", "kind": "Secret", "metadata": {"annotations": {}, "name": "orders-db", "namespace": "prod"},
                       "stringData": {"password": pw, "username": user}, "type": "Opaque"}, separators=(",", ":"))
    body = {"kind": "Secret", "apiVersion": "v1", "metadata": {"name": "orders-db", "namespace": "prod", "uid": uid, "resourceVersion": rv,
            "creationTimestamp": "2026-09-14T07:20:11Z", "annotations": {"kubectl.kubernetes.io/last-applied-configuration": last + "\n"},
            "managedFields": [{"manager": "kubectl-client-side-apply", "operation": "Update", "apiVersion": "v1", "time": "2026-09-14T07:20:11Z", "fieldsType": "FieldsV1"}]},
            "data": {"password": b64(pw), "username": b64(user), "DATABASE_URL": b64(f"postgres://{user}:{url_pw}@orders-db.prod.svc:5432/orders?sslmode=require")}, "type": "Opaque"}
    return [interaction(request("GET", "https://10.100.0.1/api/v1/namespaces/prod/secrets/orders-db", [("Authorization", f"Bearer {sa}"), ("Accept", "application/json, */*"), ("User-Agent", "kubectl/v1.31.2 (linux/amd64) kubernetes/5864a46")]),
                        response(200, rhead("application/json", [("Audit-Id", O(F.uuid(), "identifiers", "Audit-Id header")), ("X-Kubernetes-Pf-Flowschema-Uid", F.uuid())]), body))]


@case("k8s-watch-secrets-ndjson", "Kubernetes")
def _():
    tok = S("eyJhbGciOiJSUzI1NiIsImtpZCI6I" + F.b64url(40) + "." + F.b64url(300) + "." + F.b64url(342), "other", "bearer token of the watch")
    a = S(F.alnum(40), "streams", "api-token value of an ADDED event (base64 in an NDJSON watch stream)")
    b = S(F.alnum(40), "streams", "api-token value of a MODIFIED event (base64 in an NDJSON watch stream)")
    rv1 = O(F.digits(8), "identifiers", "resourceVersion of the first event")
    rv2 = O(F.digits(8), "identifiers", "resourceVersion of the bookmark")
    uid = O(F.uuid(), "identifiers", "uid of the watched secret")
    def ev(t, rv, val):
        return json.dumps({"type": t, "object": {"kind": "Secret", "apiVersion": "v1", "metadata": {"name": "partner-api", "namespace": "integrations", "uid": uid, "resourceVersion": rv},
                           "data": {"api-token": b64(val), "endpoint": b64("https://partner.example/api")}, "type": "Opaque"}}, separators=(",", ":"))
    stream = ev("ADDED", rv1, a) + "\n" + ev("MODIFIED", F.digits(8), b) + "\n" + json.dumps({"type": "BOOKMARK", "object": {"kind": "Secret", "apiVersion": "v1", "metadata": {"resourceVersion": rv2, "annotations": {"k8s.io/initial-events-end": "true"}}}}, separators=(",", ":")) + "\n"
    return [interaction(request("GET", "https://kube.acme.internal:6443/api/v1/namespaces/integrations/secrets?allowWatchBookmarks=true&watch=true&resourceVersion=0", [("Authorization", f"Bearer {tok}")]),
                        response(200, rhead("application/json", [("Transfer-Encoding", "chunked")]), stream))]


@case("k8s-configmap-kubeconfig-yaml", "Kubernetes")
def _():
    pem, line = F.pem("RSA PRIVATE KEY")
    S(line, "encoding", "a line of the client key inside base64 client-key-data in YAML in a ConfigMap")
    tok = S(F.pick(LOAN, 6) + "." + F.pick(LOAN, 16), "other", "bootstrap token (id.secret) in kubeconfig users[].user.token (contestable: whole id.secret pair)")
    ca = base64.b64encode(b"-----BEGIN CERTIFICATE-----\n" + base64.encodebytes(F.bytes(600)) + b"-----END CERTIFICATE-----\n").decode()
    O(ca[:80], "public", "certificate-authority-data: a public CA certificate, base64")
    server = O("https://" + F.hex(32).upper() + ".gr7.eu-central-1.eks.amazonaws.com", "identifiers", "cluster server URL")
    client_cert = base64.b64encode(b"-----BEGIN CERTIFICATE-----\n" + base64.encodebytes(F.bytes(400)) + b"-----END CERTIFICATE-----\n").decode()
    kube = f"""apiVersion: v1
kind: Config
clusters:
- cluster:
    certificate-authority-data: {ca}
    server: {server}
  name: prod-eu
contexts:
- context:
    cluster: prod-eu
    user: ci-deployer
  name: prod-eu
current-context: prod-eu
users:
- name: ci-deployer
  user:
    client-certificate-data: {client_cert}
    client-key-data: {base64.b64encode(pem.encode()).decode()}
- name: bootstrap
  user:
    token: {tok}
"""
    return [interaction(request("GET", "https://kube.acme.internal:6443/api/v1/namespaces/ci/configmaps/deploy-kubeconfig", [("Authorization", "Bearer " + S(F.b64url(300), "other", "bearer token"))]),
                        response(200, rhead(), {"kind": "ConfigMap", "apiVersion": "v1", "metadata": {"name": "deploy-kubeconfig", "namespace": "ci", "resourceVersion": O(F.digits(9), "identifiers", "resourceVersion")},
                                                "data": {"config": kube, "cluster-name": "prod-eu"}}))]


@case("k8s-tokenreview", "Kubernetes")
def _():
    tok = S(jwt({"aud": ["vault"], "exp": 1796004847, "iss": "https://kubernetes.default.svc.cluster.local", "kubernetes.io": {"namespace": "payments", "pod": {"name": "ledger-7d9f", "uid": F.uuid()}, "serviceaccount": {"name": "ledger", "uid": F.uuid()}}, "sub": "system:serviceaccount:payments:ledger"}, kid=F.b64url(43)), "other", "spec.token of a TokenReview")
    reviewer = S(jwt({"iss": "kubernetes/serviceaccount", "sub": "system:serviceaccount:vault:vault-auth"}, kid=F.b64url(43)), "other", "reviewer bearer token")
    uid = O(F.uuid(), "identifiers", "status.user.uid")
    pod_uid = O(F.uuid(), "identifiers", "pod uid in extra")
    return [interaction(request("POST", "https://10.96.0.1/apis/authentication.k8s.io/v1/tokenreviews", jhead([("Authorization", f"Bearer {reviewer}")]),
                                {"apiVersion": "authentication.k8s.io/v1", "kind": "TokenReview", "spec": {"token": tok, "audiences": ["vault"]}}),
                        response(201, rhead(), {"kind": "TokenReview", "apiVersion": "authentication.k8s.io/v1", "metadata": {"creationTimestamp": None},
                                                "spec": {"token": tok, "audiences": ["vault"]},
                                                "status": {"authenticated": True, "user": {"username": "system:serviceaccount:payments:ledger", "uid": uid,
                                                           "groups": ["system:serviceaccounts", "system:serviceaccounts:payments", "system:authenticated"],
                                                           "extra": {"authentication.kubernetes.io/pod-name": ["ledger-7d9f"], "authentication.kubernetes.io/pod-uid": [pod_uid]}}, "audiences": ["vault"]}}))]


@case("k8s-pod-env-name-value", "Kubernetes")
def _():
    dbpw = S(F.password(20), "structure", "env[].value one level below {name: DB_PASSWORD}")
    rpw = S(F.alnum(28), "structure", "password inside REDIS_URL env value")
    sk = S("sk_live_" + F.alnum(99), "structure", "env[].value of STRIPE_API_KEY")
    lvl = O("info,sqlx=warn,tower_http=debug", "structure", "env[].value of RUST_LOG next to secrets")
    digest = O("sha256:" + F.hex(64), "identifiers", "image digest")
    cid = O("containerd://" + F.hex(64), "identifiers", "containerID")
    body = {"kind": "Pod", "apiVersion": "v1", "metadata": {"name": "checkout-6c8b9d7f4-x2kqp", "namespace": "shop", "uid": F.uuid()},
            "spec": {"containers": [{"name": "checkout", "image": f"registry.acme.example/shop/checkout@{digest}",
                     "env": [{"name": "RUST_LOG", "value": lvl}, {"name": "DB_PASSWORD", "value": dbpw},
                             {"name": "REDIS_URL", "value": f"redis://:{rpw}@redis-master.shop.svc:6379/0"},
                             {"name": "STRIPE_API_KEY", "value": sk}, {"name": "POD_IP", "valueFrom": {"fieldRef": {"fieldPath": "status.podIP"}}}]}]},
            "status": {"phase": "Running", "containerStatuses": [{"name": "checkout", "ready": True, "imageID": f"registry.acme.example/shop/checkout@{digest}", "containerID": cid}]}}
    return [interaction(request("GET", "https://kube.acme.internal:6443/api/v1/namespaces/shop/pods/checkout-6c8b9d7f4-x2kqp", [("Authorization", "Bearer " + S(F.b64url(320), "other", "bearer token"))]),
                        response(200, rhead(), body))]


@case("helm-release-secret-nested", "Kubernetes")
def _():
    pgpw = S(F.password(24), "encoding", "postgresql.auth.password in helm release: base64(base64(gzip(JSON)))")
    smtp = S(F.password(18), "encoding", "smtp.password in the same release config")
    chart = O("9.4.1-" + F.pick(LOAN, 7), "encoding", "chart version inside the release blob")
    img = O("sha256:" + F.hex(64), "encoding", "image digest in the rendered manifest")
    release = {"name": "gitea", "info": {"first_deployed": "2026-10-02T09:11:04Z", "status": "deployed"},
               "chart": {"metadata": {"name": "gitea", "version": chart, "appVersion": "1.22.3"}},
               "config": {"postgresql": {"auth": {"username": "gitea", "password": pgpw, "database": "gitea"}}, "gitea": {"config": {"mailer": {"ENABLED": True}}}, "smtp": {"host": "smtp.acme.example", "password": smtp}},
               "manifest": f"---\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: gitea\nspec:\n  template:\n    spec:\n      containers:\n      - name: gitea\n        image: gitea/gitea@{img}\n",
               "version": 7, "namespace": "devtools"}
    blob = base64.b64encode(gz(json.dumps(release).encode())).decode()
    return [interaction(request("GET", "https://kube.acme.internal:6443/api/v1/namespaces/devtools/secrets/sh.helm.release.v1.gitea.v7", [("Authorization", "Bearer " + S(F.b64url(300), "other", "bearer token"))]),
                        response(200, rhead(), {"kind": "Secret", "apiVersion": "v1", "metadata": {"name": "sh.helm.release.v1.gitea.v7", "namespace": "devtools", "labels": {"name": "gitea", "owner": "helm", "status": "deployed", "version": "7"}},
                                                "data": {"release": b64(blob)}, "type": "helm.sh/release.v1"}))]


# ----- registries ---------------------------------------------------------------------------------

@case("docker-registry-token-flow", "registries")
def _():
    user = O("acmebuild" + F.digits(3), "identifiers", "Docker Hub user name in the token URL account= parameter")
    pat = S("dckr_pat_" + F.pick(B64U, 27), "other", "Docker Hub PAT as the Basic password")
    tok = S(jwt({"access": [{"type": "repository", "name": "acme/api", "actions": ["pull", "push"]}], "aud": "registry.docker.io", "iss": "auth.docker.io", "sub": F.uuid()}, kid=F.b64url(40)), "other", "registry bearer token")
    digest = O("sha256:" + F.hex(64), "identifiers", "Docker-Content-Digest of the manifest")
    cfg = O("sha256:" + F.hex(64), "identifiers", "config blob digest")
    chal = O('Bearer realm="https://auth.docker.io/token",service="registry.docker.io",scope="repository:acme/api:pull,push"', "challenges", "WWW-Authenticate Bearer challenge")
    return [
        interaction(request("HEAD", "https://registry-1.docker.io/v2/acme/api/manifests/2026.11.30"), response(401, [("Www-Authenticate", chal), ("Docker-Distribution-Api-Version", "registry/2.0")])),
        interaction(request("GET", f"https://auth.docker.io/token?account={user}&scope=repository%3Aacme%2Fapi%3Apull%2Cpush&service=registry.docker.io", [("Authorization", basic(user, pat))]),
                    response(200, rhead(), {"token": tok, "access_token": tok, "expires_in": 300, "issued_at": "2026-11-30T09:14:07.118Z"})),
        interaction(request("GET", "https://registry-1.docker.io/v2/acme/api/manifests/2026.11.30", [("Authorization", f"Bearer {tok}"), ("Accept", "application/vnd.oci.image.manifest.v1+json")]),
                    response(200, [("Content-Type", "application/vnd.oci.image.manifest.v1+json"), ("Docker-Content-Digest", digest), ("Ratelimit-Remaining", "199;w=21600")],
                             {"schemaVersion": 2, "mediaType": "application/vnd.oci.image.manifest.v1+json", "config": {"mediaType": "application/vnd.oci.image.config.v1+json", "digest": cfg, "size": 7023},
                              "layers": [{"mediaType": "application/vnd.oci.image.layer.v1.tar+gzip", "digest": O("sha256:" + F.hex(64), "identifiers", "layer digest"), "size": 29153745}]}))]


@case("npm-publish-tarball-npmrc", "registries")
def _():
    tok = S(gh_token("npm_"), "other", "npm automation token in Authorization")
    inner = S(gh_token("npm_"), "encoding", "_authToken in a .npmrc inside the base64 .tgz attachment")
    ver = O("3.8." + F.digits(3), "encoding", "version in the tarball's package.json")
    tgz = gz(tar_bytes([("package/package.json", json.dumps({"name": "@acme/ui-kit", "version": ver, "main": "dist/index.js"})),
                        ("package/.npmrc", f"//registry.npmjs.org/:_authToken={inner}\nalways-auth=true\n"),
                        ("package/dist/index.js", "export const Button = () => null;\n")]))
    integrity = O("sha512-" + base64.b64encode(hashlib.sha512(tgz).digest()).decode(), "public", "dist.integrity of the tarball")
    shasum = O(hashlib.sha1(tgz).hexdigest(), "public", "dist.shasum")
    body = {"_id": "@acme/ui-kit", "name": "@acme/ui-kit", "dist-tags": {"latest": ver},
            "versions": {ver: {"name": "@acme/ui-kit", "version": ver, "dist": {"integrity": integrity, "shasum": shasum, "tarball": f"https://registry.npmjs.org/@acme/ui-kit/-/ui-kit-{ver}.tgz"}}},
            "_attachments": {f"@acme/ui-kit-{ver}.tgz": {"content_type": "application/octet-stream", "data": base64.b64encode(tgz).decode(), "length": len(tgz)}}}
    return [interaction(request("PUT", "https://registry.npmjs.org/@acme%2fui-kit", jhead([("Authorization", f"Bearer {tok}"), ("npm-command", "publish"), ("npm-session", O(F.hex(16), "identifiers", "npm-session id"))]), body),
                        response(200, rhead(), {"ok": True}))]


@case("pypi-legacy-upload-multipart", "registries")
def _():
    tok = S("pypi-AgEIcHlwaS5vcmc" + F.b64url(150), "other", "PyPI API token as the __token__ Basic password")
    sha = O(F.hex(64), "public", "sha256_digest form field")
    md5 = O(F.hex(32), "public", "md5_digest form field")
    blake = O(F.hex(64), "public", "blake2_256_digest form field")
    boundary = "----------------" + F.hex(16)
    body = multipart(boundary, [(":action", None, None, "file_upload"), ("protocol_version", None, None, "1"), ("name", None, None, "acme-geo"), ("version", None, None, "0.14.2"),
                                ("filetype", None, None, "bdist_wheel"), ("pyversion", None, None, "py3"), ("metadata_version", None, None, "2.3"),
                                ("md5_digest", None, None, md5), ("sha256_digest", None, None, sha), ("blake2_256_digest", None, None, blake),
                                ("content", "acme_geo-0.14.2-py3-none-any.whl", "application/octet-stream", "PK-wheel-bytes-elided")])
    return [interaction(request("POST", "https://upload.pypi.org/legacy/", [("Content-Type", f"multipart/form-data; boundary={boundary}"), ("Authorization", basic("__token__", tok)), ("User-Agent", "twine/5.1.1 CPython/3.12.7")], body),
                        response(200, rhead("text/plain"), "OK"))]


@case("ghcr-cosign-signature-manifest", "registries")
def _():
    tok = S(base64.b64encode(gh_token("ghp_").encode()).decode(), "encoding", "ghcr bearer: base64 of a GitHub PAT")
    sig = O(F.b64std(71), "public", "cosign signature annotation: signature of a public artefact")
    set_ = O(F.b64std(71), "public", "SignedEntryTimestamp of the Rekor bundle")
    log_id = O(F.hex(64), "public", "Rekor logID")
    digest = "sha256:" + O(F.hex(64), "identifiers", "hex digest of the signed image in the .sig tag")
    bundle = json.dumps({"SignedEntryTimestamp": set_, "Payload": {"body": b64(json.dumps({"kind": "hashedrekord", "apiVersion": "0.0.1"})), "integratedTime": 1796001247, "logIndex": 151239901, "logID": log_id}})
    return [interaction(request("GET", f"https://ghcr.io/v2/acme/api/manifests/{digest.replace(':', '-')}.sig", [("Authorization", f"Bearer {tok}"), ("Accept", "application/vnd.oci.image.manifest.v1+json")]),
                        response(200, [("Content-Type", "application/vnd.oci.image.manifest.v1+json"), ("Docker-Content-Digest", "sha256:" + F.hex(64))],
                                 {"schemaVersion": 2, "mediaType": "application/vnd.oci.image.manifest.v1+json", "config": {"mediaType": "application/vnd.oci.image.config.v1+json", "size": 233, "digest": "sha256:" + F.hex(64)},
                                  "layers": [{"mediaType": "application/vnd.dev.cosign.simplesigning.v1+json", "size": 249, "digest": "sha256:" + F.hex(64),
                                              "annotations": {"dev.cosignproject.cosign/signature": sig, "dev.sigstore.cosign/bundle": bundle}}]}))]


@case("artifactory-apikey-identity-token", "registries")
def _():
    key = S("AKCp" + F.pick(AN, 69), "names", "X-JFrog-Art-Api header")
    ident = S(base64.b64encode(("reftkn:01:1796001247:" + F.b64url(28)).encode()).decode().rstrip("="), "other", "identity (reference) token in a later Bearer call")
    sha1 = O(F.hex(40), "public", "checksums.sha1 of a stored artifact")
    sha256 = O(F.hex(64), "public", "checksums.sha256 of a stored artifact")
    return [
        interaction(request("GET", "https://acme.jfrog.io/artifactory/api/storage/libs-release-local/com/acme/ledger/2.7.0/ledger-2.7.0.jar", [("X-JFrog-Art-Api", key)]),
                    response(200, rhead("application/vnd.org.jfrog.artifactory.storage.FileInfo+json"), {"repo": "libs-release-local", "path": "/com/acme/ledger/2.7.0/ledger-2.7.0.jar", "created": "2026-11-02T12:01:33.144Z",
                             "checksums": {"sha1": sha1, "md5": F.hex(32), "sha256": sha256}, "size": "482101"})),
        interaction(request("GET", "https://acme.jfrog.io/artifactory/api/repositories", [("Authorization", f"Bearer {ident}")]),
                    response(200, rhead(), [{"key": "libs-release-local", "type": "LOCAL", "packageType": "Maven"}]))]

# ----- databases -------------------------------------------------------------------------------

@case("supabase-anon-vs-service-role", "databases")
def _():
    ref = F.pick(LO, 20)
    anon = O(jwt({"iss": "supabase", "ref": ref, "role": "anon", "iat": 1760000000, "exp": 2075576000}, alg="HS256", sig=32), "public", "anon key (apikey header): public by design, shipped to browsers (contestable)")
    svc = S(jwt({"iss": "supabase", "ref": ref, "role": "service_role", "iat": 1760000000, "exp": 2075576000}, alg="HS256", sig=32), "other", "service_role key in Authorization")
    e1 = S(email("yuki", "tanabe", "icloud.com"), "other", "a member's e-mail in the rows")
    e2 = S(email("pedro", "alves", "gmail.com"), "other", "a member's e-mail in the rows")
    id1 = O(F.uuid(), "identifiers", "row id")
    range_ = O("0-1/" + F.digits(4), "other", "Content-Range")
    return [
        interaction(request("GET", f"https://{ref}.supabase.co/rest/v1/profiles?select=id,display_name&limit=5", [("apikey", anon), ("Authorization", f"Bearer {anon}"), ("Accept-Profile", "public")]),
                    response(200, rhead(extra=[("Content-Range", "0-0/*")]), [{"id": F.uuid(), "display_name": "yuki_t"}])),
        interaction(request("GET", f"https://{ref}.supabase.co/rest/v1/members?select=id,email,plan", [("apikey", svc), ("Authorization", f"Bearer {svc}"), ("Prefer", "count=exact")]),
                    response(200, rhead(extra=[("Content-Range", range_), ("sb-gateway-version", "1")]), [{"id": id1, "email": e1, "plan": "pro"}, {"id": F.uuid(), "email": e2, "plan": "free"}]))]


@case("mongodb-atlas-digest-auth", "databases")
def _():
    pub = O(F.pick(LO, 8), "identifiers", "Atlas public API key: the Digest username")
    nonce = O(F.b64std(24).rstrip("=") + "/" + F.alnum(6), "challenges", "Digest nonce in WWW-Authenticate, echoed in Authorization")
    realm = O("MMS Public API", "challenges", "Digest realm")
    cnonce = S(F.hex(16), "challenges", "cnonce of the Digest credential")
    resp = S(F.hex(32), "challenges", "response= of the Digest credential")
    dbpw = S(F.password(20), "other", "password of a created database user")
    srv = O(f"mongodb+srv://orders-prod.{F.pick(LOAN, 5)}.mongodb.net", "identifiers", "standardSrv connection string without credentials")
    group = O(F.hex(24), "identifiers", "Atlas project (group) id")
    url = f"https://cloud.mongodb.com/api/atlas/v2/groups/{group}/databaseUsers"
    chal = f'Digest realm="{realm}", domain="", nonce="{nonce}", algorithm=MD5, qop="auth", stale=false'
    cred = f'Digest username="{pub}", realm="{realm}", nonce="{nonce}", uri="/api/atlas/v2/groups/{group}/databaseUsers", cnonce="{cnonce}", nc=00000001, qop=auth, response="{resp}", algorithm=MD5'
    payload = {"databaseName": "admin", "username": "orders-app", "password": dbpw, "roles": [{"databaseName": "orders", "roleName": "readWrite"}], "groupId": group}
    h = [("Content-Type", "application/json"), ("Accept", "application/vnd.atlas.2023-02-01+json")]
    return [
        interaction(request("POST", url, h, payload), response(401, rhead(extra=[("WWW-Authenticate", chal)]), {"detail": "You are not authorized for this resource.", "error": 401, "errorCode": "NOT_ORG_GROUP_CREATOR", "reason": "Unauthorized"})),
        interaction(request("POST", url, h + [("Authorization", cred)], payload),
                    response(201, rhead(), {"databaseName": "admin", "username": "orders-app", "groupId": group, "roles": payload["roles"], "scopes": [], "links": [{"href": url + "/admin/orders-app", "rel": "self"}]})),
        interaction(request("GET", f"https://cloud.mongodb.com/api/atlas/v2/groups/{group}/clusters/orders-prod", h + [("Authorization", cred.replace("nc=00000001", "nc=00000002"))]),
                    response(200, rhead(), {"name": "orders-prod", "connectionStrings": {"standardSrv": srv}, "stateName": "IDLE", "mongoDBVersion": "7.0.14"}))]


@case("paas-config-vars-database-urls", "databases")
def _():
    pgpw = S(F.pick(LOAN, 64), "structure", "password in DATABASE_URL userinfo")
    pguser = O("u" + F.pick(LOAN, 13), "identifiers", "database user in DATABASE_URL (an account name)")
    rpw = S("p" + F.hex(63), "structure", "password in REDIS_TLS_URL userinfo")
    pt = S(F.alnum(20), "names", "PAPERTRAIL_API_TOKEN")
    host = O(f"ec2-{F.digits(2)}-{F.digits(3)}-{F.digits(2)}-{F.digits(3)}.eu-west-1.compute.amazonaws.com", "identifiers", "database host")
    dbname = O("d" + F.pick(LOAN, 13), "identifiers", "database name")
    body = {"DATABASE_URL": f"postgres://{pguser}:{pgpw}@{host}:5432/{dbname}",
            "REDIS_TLS_URL": f"rediss://:{rpw}@ec2-{F.digits(2)}-{F.digits(3)}.eu-west-1.compute.amazonaws.com:18830",
            "PAPERTRAIL_API_TOKEN": pt, "WEB_CONCURRENCY": "2", "RAILS_ENV": "production", "LANG": "en_US.UTF-8"}
    return [interaction(request("GET", "https://api.heroku.com/apps/acme-invoicing/config-vars", [("Accept", "application/vnd.heroku+json; version=3"), ("Authorization", "Bearer " + S("HRKU-AA" + F.b64url(58), "other", "Heroku API token"))]),
                        response(200, rhead(extra=[("Request-Id", O(F.uuid(), "identifiers", "Request-Id")), ("Ratelimit-Remaining", "4496")]), body))]


@case("snowflake-login-request", "databases")
def _():
    acct = O(F.pick(UP, 7) + "-" + F.pick(UP, 2) + F.digits(5), "identifiers", "ACCOUNT_NAME (org-account locator)")
    login = O("ETL_SVC_" + F.pick(UP, 4), "identifiers", "LOGIN_NAME of a service user")
    pw = S(F.password(20), "other", "PASSWORD in data of the login request")
    tok = S("ver:1-hint:" + F.digits(10) + "-ETMsDgAAAZ" + F.b64std(120), "other", "session token")
    master = S("ver:1-hint:" + F.digits(10) + "-ETMsDgAAAZ" + F.b64std(150), "other", "masterToken")
    qid = O(F.uuid(), "identifiers", "request_id query parameter")
    return [interaction(request("POST", f"https://{acct.lower()}.snowflakecomputing.com/session/v1/login-request?request_id={qid}&databaseName=ANALYTICS&warehouse=ETL_WH",
                                jhead([("Accept", "application/snowflake"), ("User-Agent", "PythonConnector/3.12.3 (Linux) CPython/3.12.7")]),
                                {"data": {"CLIENT_APP_ID": "PythonConnector", "CLIENT_APP_VERSION": "3.12.3", "ACCOUNT_NAME": acct, "LOGIN_NAME": login, "PASSWORD": pw,
                                          "CLIENT_ENVIRONMENT": {"APPLICATION": "airflow", "OS": "Linux"}, "SESSION_PARAMETERS": {"CLIENT_PREFETCH_THREADS": 4}}}),
                        response(200, rhead(), {"data": {"masterToken": master, "token": tok, "validityInSeconds": 3600, "masterValidityInSeconds": 14400,
                                                         "displayUserName": login, "serverVersion": "8.44.1", "firstLogin": False, "sessionInfo": {"databaseName": "ANALYTICS", "warehouseName": "ETL_WH", "roleName": "TRANSFORMER"}},
                                                "code": None, "message": None, "success": True}))]


@case("elasticsearch-create-api-key", "search")
def _():
    basic_pw = S(F.password(20), "other", "elastic user password in Basic")
    kid = O(F.pick(B64U, 20), "public", "api key id")
    kval = S(F.pick(B64U, 22), "other", "api_key value")
    enc = S(base64.b64encode(f"{kid}:{kval}".encode()).decode(), "encoding", "encoded api key (base64 of id:api_key), used as ApiKey credential")
    doc = O(F.pick(B64U, 20), "identifiers", "_id of a search hit")
    return [
        interaction(request("POST", "https://es-prod.acme.internal:9200/_security/api_key", jhead([("Authorization", basic("elastic", basic_pw))]),
                            {"name": "ingest-orders", "expiration": "30d", "role_descriptors": {"ingest": {"indices": [{"names": ["orders-*"], "privileges": ["create_doc"]}]}}}),
                    response(200, rhead(extra=[("X-elastic-product", "Elasticsearch")]), {"id": kid, "name": "ingest-orders", "expiration": 1798593247000, "api_key": kval, "encoded": enc})),
        interaction(request("GET", "https://es-prod.acme.internal:9200/orders-2026.11/_search?q=status:failed&size=1", [("Authorization", f"ApiKey {enc}")]),
                    response(200, rhead(), {"took": 4, "timed_out": False, "hits": {"total": {"value": 1, "relation": "eq"}, "hits": [{"_index": "orders-2026.11", "_id": doc, "_score": 1.0, "_source": {"status": "failed", "api_key_id": kid}}]}}))]


@case("clickhouse-http-interface", "databases")
def _():
    key = S(F.password(24), "names", "X-ClickHouse-Key header")
    user = O("readonly_bi_" + F.pick(LOAN, 3), "identifiers", "X-ClickHouse-User")
    qid = O(F.uuid(), "identifiers", "X-ClickHouse-Query-Id")
    summary = O('{"read_rows":"18244","read_bytes":"1094640","written_rows":"0","written_bytes":"0","total_rows_to_read":"18244","result_rows":"3","result_bytes":"240","elapsed_ns":"3810021"}', "other", "X-ClickHouse-Summary JSON")
    return [interaction(request("POST", "https://ch.acme.internal:8443/?database=events&default_format=JSONCompact", [("X-ClickHouse-User", user), ("X-ClickHouse-Key", key), ("Content-Type", "text/plain")],
                                "SELECT toDate(ts) d, count() FROM page_views WHERE ts > now() - INTERVAL 3 DAY GROUP BY d ORDER BY d"),
                        response(200, rhead("application/json; charset=UTF-8", [("X-ClickHouse-Query-Id", qid), ("X-ClickHouse-Format", "JSONCompact"), ("X-ClickHouse-Summary", summary), ("X-ClickHouse-Server-Display-Name", "ch-0")]),
                                 {"meta": [{"name": "d", "type": "Date"}, {"name": "count()", "type": "UInt64"}], "data": [["2026-11-28", "6012"], ["2026-11-29", "6120"], ["2026-11-30", "6112"]], "rows": 3}))]


# ----- webhooks ----------------------------------------------------------------------------------

@case("github-push-webhook", "webhooks")
def _():
    secret = "whs-" + F.alnum(20)
    payload = {"ref": "refs/heads/main", "before": F.hex(40), "after": O(F.hex(40), "identifiers", "after sha of the push"),
               "repository": {"id": int(F.digits(9)), "full_name": "acme/ledger", "private": True},
               "pusher": {"name": "jkowalski", "email": S(email("jan", "kowalski", "gmail.com"), "other", "pusher e-mail (a person's address)")},
               "head_commit": {"id": F.hex(40), "message": "Fix VAT rounding", "author": {"name": "Jan Kowalski", "email": O(F.digits(8) + "+jkowalski@users.noreply.github.com", "identifiers", "GitHub noreply address: not a personal mailbox (contestable)")}}}
    raw = json.dumps(payload, separators=(",", ":")).encode()
    s256 = S("sha256=" + hmac.new(secret.encode(), raw, hashlib.sha256).hexdigest(), "other", "X-Hub-Signature-256")
    s1 = S("sha1=" + hmac.new(secret.encode(), raw, hashlib.sha1).hexdigest(), "other", "X-Hub-Signature")
    delivery = O(F.uuid(), "identifiers", "X-GitHub-Delivery")
    hook = O(F.digits(9), "identifiers", "X-GitHub-Hook-ID")
    return [interaction(request("POST", "https://ci.acme.example/hooks/github", [("Content-Type", "application/json"), ("X-GitHub-Event", "push"), ("X-GitHub-Delivery", delivery),
                                ("X-GitHub-Hook-ID", hook), ("X-GitHub-Hook-Installation-Target-Type", "repository"), ("X-Hub-Signature", s1), ("X-Hub-Signature-256", s256), ("User-Agent", "GitHub-Hookshot/" + F.hex(7))], raw),
                        response(202, rhead("text/plain"), "queued"))]


@case("stripe-webhook-event", "webhooks")
def _():
    t = O("1796001247", "other", "t= timestamp of Stripe-Signature")
    v1 = S(F.hex(64), "other", "v1= signature of Stripe-Signature")
    v0 = S(F.hex(64), "other", "v0= signature of Stripe-Signature")
    evt = O("evt_" + F.alnum(24), "identifiers", "event id")
    pi = "pi_" + F.alnum(24)
    O(pi, "identifiers", "PaymentIntent id")
    cs = S(pi + "_secret_" + F.alnum(25), "other", "PaymentIntent client_secret (Stripe: do not log it; contestable since it is handed to the browser)")
    person = S(email("emma", "dubois", "orange.fr"), "other", "receipt_email of a customer")
    body = {"id": evt, "object": "event", "api_version": "2024-06-20", "created": 1796001247, "type": "payment_intent.succeeded", "livemode": True,
            "data": {"object": {"id": pi, "object": "payment_intent", "amount": 4990, "currency": "eur", "client_secret": cs, "receipt_email": person, "status": "succeeded",
                                "latest_charge": O("ch_" + F.alnum(24), "identifiers", "latest_charge id")}}, "request": {"id": O("req_" + F.alnum(14), "identifiers", "request id of the event"), "idempotency_key": O(F.uuid(), "identifiers", "idempotency_key of the event")}}
    return [interaction(request("POST", "https://shop.acme.example/webhooks/stripe", [("Content-Type", "application/json; charset=utf-8"), ("Stripe-Signature", f"t={t},v1={v1},v0={v0}"), ("User-Agent", "Stripe/1.0 (+https://stripe.com/docs/webhooks)")], body),
                        response(200, rhead(), {"received": True}))]


@case("svix-webhook-and-endpoint-secret", "webhooks")
def _():
    whsec = S("whsec_" + F.b64std(24), "other", "endpoint signing secret returned by the Svix API")
    msg = O("msg_" + F.pick(AN, 27), "identifiers", "webhook-id")
    sig = S("v1," + F.b64std(32), "other", "webhook-signature")
    ts = O("1796001249", "other", "webhook-timestamp")
    app = O("app_" + F.pick(AN, 27), "identifiers", "Svix app id")
    ep = O("ep_" + F.pick(AN, 27), "identifiers", "Svix endpoint id")
    return [
        interaction(request("GET", f"https://api.eu.svix.com/api/v1/app/{app}/endpoint/{ep}/secret", [("Authorization", "Bearer " + S("testsk_" + F.b64url(32) + ".eu", "other", "Svix API token"))]),
                    response(200, rhead(), {"key": whsec})),
        interaction(request("POST", "https://hooks.acme.example/svix", [("Content-Type", "application/json"), ("webhook-id", msg), ("webhook-timestamp", ts), ("webhook-signature", sig)],
                            {"type": "invoice.paid", "data": {"invoice_id": "in_" + F.alnum(12), "amount": 12000}}),
                    response(204))]


@case("slack-events-and-response-url", "webhooks")
def _():
    sig = S("v0=" + F.hex(64), "other", "X-Slack-Signature")
    ts = O("1796001251", "other", "X-Slack-Request-Timestamp")
    challenge = O(F.alnum(48), "challenges", "url_verification challenge: echoed back by design")
    team = O("T0" + F.pick(UPAN, 9), "identifiers", "team_id")
    app = O("A0" + F.pick(UPAN, 9), "identifiers", "api_app_id")
    rurl_tok = S(F.alnum(24), "encoding", "last path segment of a response_url")
    bot = S(f"xoxb-{F.digits(13)}-{F.digits(13)}-{F.alnum(24)}", "other", "bot token in Authorization")
    vt = S(F.alnum(24), "other", "legacy verification token in the payload")
    rurl = f"https://hooks.slack.com/actions/{team}/{F.digits(13)}/{rurl_tok}"
    action = {"type": "block_actions", "team": {"id": team, "domain": "acme-ops"}, "api_app_id": app, "token": vt, "response_url": rurl, "actions": [{"action_id": "approve", "value": "deploy-8812"}]}
    return [
        interaction(request("POST", "https://bot.acme.example/slack/events", [("Content-Type", "application/json"), ("X-Slack-Signature", "v0=" + F.hex(64)), ("X-Slack-Request-Timestamp", ts)],
                            {"token": vt, "challenge": challenge, "type": "url_verification"}),
                    response(200, rhead(), {"challenge": challenge})),
        interaction(request("POST", "https://bot.acme.example/slack/interactive", [("Content-Type", "application/x-www-form-urlencoded"), ("X-Slack-Signature", sig), ("X-Slack-Request-Timestamp", ts)],
                            form([("payload", json.dumps(action))])), response(200)),
        interaction(request("POST", "https://slack.com/api/chat.postMessage", jhead([("Authorization", f"Bearer {bot}")]), {"channel": "C0" + F.pick(UPAN, 9), "text": "Deploy 8812 approved"}),
                    response(200, rhead(), {"ok": True, "ts": "1796001252.000200"}))]


@case("twilio-sms-and-status-callback", "telephony")
def _():
    sid = O("AC" + F.hex(32), "identifiers", "Account SID (URL path and callback form)")
    auth = S(F.hex(32), "other", "Auth Token as the Basic password")
    msid = O("SM" + F.hex(32), "identifiers", "MessageSid")
    sig = S(F.b64std(20), "other", "X-Twilio-Signature of the status callback")
    svc = O("MG" + F.hex(32), "identifiers", "MessagingServiceSid")
    return [
        interaction(request("POST", f"https://api.twilio.com/2010-04-01/Accounts/{sid}/Messages.json", [("Authorization", basic(sid, auth)), ("Content-Type", "application/x-www-form-urlencoded")],
                            form([("To", "+4915112345678"), ("MessagingServiceSid", svc), ("Body", "Your courier arrives between 14:00 and 16:00.")])),
                    response(201, rhead(extra=[("Twilio-Request-Id", O("RQ" + F.hex(32), "identifiers", "Twilio-Request-Id"))]), {"sid": msid, "account_sid": sid, "status": "accepted", "messaging_service_sid": svc, "uri": f"/2010-04-01/Accounts/{sid}/Messages/{msid}.json"})),
        interaction(request("POST", "https://notify.acme.example/twilio/status", [("Content-Type", "application/x-www-form-urlencoded"), ("X-Twilio-Signature", sig), ("I-Twilio-Idempotency-Token", F.uuid())],
                            form([("AccountSid", sid), ("MessageSid", msid), ("MessageStatus", "delivered"), ("ApiVersion", "2010-04-01")])), response(204))]

# ----- HTML apps ---------------------------------------------------------------------------------

@case("rails-devise-sign-in", "HTML apps")
def _():
    meta = S(F.b64std(64).rstrip("=")[:86], "other", "csrf-token meta tag (session-bound)")
    form_tok = S(F.b64url(86), "other", "authenticity_token hidden input, then in the login form")
    sess = S(F.b64std(300).replace("=", "") + "--" + F.b64std(12).rstrip("=") + "--" + F.b64std(16), "other", "_app_session cookie")
    sess2 = S(F.b64std(240).replace("=", "") + "--" + F.b64std(12).rstrip("=") + "--" + F.b64std(16), "other", "rotated _app_session cookie after login")
    person = S(email("oskar", "nilsson", "gmail.com"), "other", "user[email] in the login form")
    pw = S(F.password(14), "other", "user[password] in the login form")
    asset = O(F.hex(64), "public", "asset fingerprint in the stylesheet URL")
    csp = O(F.b64std(16), "public", "CSP script nonce (contestable: per response, not a credential)")
    rid_ = O(F.uuid(), "identifiers", "X-Request-Id")
    page = f"""<!DOCTYPE html>
<html>
<head>
  <title>Sign in | Acme Books</title>
  <meta name="csrf-param" content="authenticity_token" />
<meta name="csrf-token" content="{meta}" />
  <link rel="stylesheet" href="/assets/application-{asset}.css" data-turbo-track="reload" />
  <script nonce="{csp}" src="/assets/application-{O(F.hex(64), "public", "JS asset fingerprint")}.js"></script>
</head>
<body>
<form class="new_user" id="new_user" action="/users/sign_in" accept-charset="UTF-8" method="post"><input type="hidden" name="authenticity_token" value="{form_tok}" autocomplete="off" />
  <label for="user_email">Email</label><input autofocus="autofocus" autocomplete="email" type="email" value="" name="user[email]" id="user_email" />
  <label for="user_password">Password</label><input autocomplete="current-password" type="password" name="user[password]" id="user_password" />
  <input type="submit" name="commit" value="Log in" data-disable-with="Log in" />
</form>
</body>
</html>
"""
    return [
        interaction(request("GET", "https://books.acme.example/users/sign_in"),
                    response(200, rhead("text/html; charset=utf-8", [("Set-Cookie", f"_app_session={sess}; path=/; secure; httponly; samesite=lax"), ("X-Request-Id", rid_),
                             ("Content-Security-Policy", f"default-src 'self'; script-src 'self' 'nonce-{csp}'")]), page)),
        interaction(request("POST", "https://books.acme.example/users/sign_in", [("Content-Type", "application/x-www-form-urlencoded"), ("Cookie", f"_app_session={sess}"), ("X-CSRF-Token", meta)],
                            form([("authenticity_token", form_tok), ("user[email]", person), ("user[password]", pw), ("user[remember_me]", "0"), ("commit", "Log in")])),
                    response(303, [("Location", "https://books.acme.example/dashboard"), ("Set-Cookie", f"_app_session={sess2}; path=/; secure; httponly; samesite=lax")]))]


@case("react-props-quot-and-next-data", "HTML apps")
def _():
    tok = S("pat_" + F.alnum(40), "encoding", "apiToken inside &quot;-escaped JSON in a data-react-props attribute")
    uid = O("u_" + F.pick(LOAN, 18), "encoding", "userId in the same escaped JSON")
    build = O(F.b64url(21), "identifiers", "Next.js buildId")
    at = S(jwt({"sub": uid, "scope": "read write", "exp": 1796004847}, alg="ES256", sig=64), "encoding", "session.accessToken inside __NEXT_DATA__")
    locale = O("de-AT-x-" + F.pick(LO, 6), "other", "locale in the props")
    props = json.dumps({"apiToken": tok, "userId": uid, "locale": locale, "features": ["beta-editor"]})
    nd = json.dumps({"props": {"pageProps": {"session": {"user": {"id": uid}, "accessToken": at, "expires": "2026-12-30T09:14:07.000Z"}}}, "page": "/editor", "query": {}, "buildId": build, "isFallback": False, "gssp": True, "scriptLoader": []})
    page = (f'<!DOCTYPE html><html lang="de"><head><meta charSet="utf-8"/><title>Editor</title></head><body>'
            f'<div id="editor-root" data-react-class="EditorApp" data-react-props="{html.escape(props, quote=True)}"></div>'
            f'<script id="__NEXT_DATA__" type="application/json">{nd}</script></body></html>')
    return [interaction(request("GET", "https://write.acme.example/editor", [("Cookie", "__Secure-next-auth.session-token=" + S(F.b64url(600), "other", "next-auth session cookie"))]),
                        response(200, rhead("text/html; charset=utf-8", [("x-nextjs-cache", "MISS")]), page))]


@case("phpinfo-environment-table", "HTML apps")
def _():
    mysql = S(F.password(20), "structure", "$_SERVER['MYSQL_PASSWORD'] in a phpinfo td.e/td.v table")
    appkey = S("base64:" + F.b64std(32), "structure", "$_ENV['APP_KEY'] row")
    sess = S(F.pick(LOAN, 26), "other", "PHPSESSID in the HTTP_COOKIE row and request cookie")
    ver = O("8.3.14-" + F.pick(LOAN, 5), "other", "PHP version row")
    host = O("db-primary." + F.pick(LO, 6) + ".internal", "structure", "MYSQL_HOST row next to the password")
    def row(k, v):
        return f'<tr><td class="e">{k}</td><td class="v">{html.escape(v)}</td></tr>\n'
    page = ('<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "DTD/xhtml1-transitional.dtd">\n<html xmlns="http://www.w3.org/1999/xhtml"><head><title>PHP ' + ver + ' - phpinfo()</title></head><body><div class="center">\n'
            f'<table><tr class="h"><td><h1 class="p">PHP Version {ver}</h1></td></tr></table>\n<h2>PHP Variables</h2>\n<table>\n<tr class="h"><th>Variable</th><th>Value</th></tr>\n'
            + row("$_SERVER['MYSQL_HOST']", host) + row("$_SERVER['MYSQL_PASSWORD']", mysql) + row("$_SERVER['HTTP_COOKIE']", f"PHPSESSID={sess}; lang=de")
            + row("$_ENV['APP_KEY']", appkey) + row("$_SERVER['REQUEST_TIME_FLOAT']", "1796001247.5121") + "</table>\n</div></body></html>")
    return [interaction(request("GET", "https://legacy.acme.example/info.php", [("Cookie", f"PHPSESSID={sess}; lang=de")]), response(200, rhead("text/html; charset=UTF-8", [("X-Powered-By", f"PHP/{ver}")]), page))]


@case("jenkins-crumb-and-env-dl", "CI/CD")
def _():
    user = O("release-bot-" + F.pick(LOAN, 4), "identifiers", "Jenkins user (also in the build page)")
    api = S("11" + F.hex(32), "other", "Jenkins API token as Basic password")
    crumb = S(F.hex(64), "names", "crumb from crumbIssuer, then the Jenkins-Crumb header")
    jsid = S("node0" + F.pick(LOAN, 26) + F.digits(4) + ".node0", "other", "JSESSIONID cookie bound to the crumb")
    git_tok = S(gh_token("ghp_"), "structure", "GIT_TOKEN value in a <dt>/<dd> environment list")
    build_url = O(f"https://ci.acme.example/job/release/job/main/{F.digits(4)}/", "identifiers", "BUILD_URL in the same list")
    cookie_name = "JSESSIONID." + F.hex(8)
    env_page = (f'<html><body><h1>Environment Variables</h1><dl class="jenkins-env">'
                f'<dt>BUILD_URL</dt><dd>{build_url}</dd><dt>BUILD_USER_ID</dt><dd>{user}</dd><dt>GIT_TOKEN</dt><dd>{git_tok}</dd><dt>JAVA_HOME</dt><dd>/opt/java/openjdk</dd></dl></body></html>')
    return [
        interaction(request("GET", "https://ci.acme.example/crumbIssuer/api/json", [("Authorization", basic(user, api))]),
                    response(200, rhead(extra=[("Set-Cookie", f"{cookie_name}={jsid}; Path=/; Secure; HttpOnly"), ("X-Jenkins", "2.479.2")]),
                             {"_class": "hudson.security.csrf.DefaultCrumbIssuer", "crumb": crumb, "crumbRequestField": "Jenkins-Crumb"})),
        interaction(request("POST", "https://ci.acme.example/job/release/job/main/buildWithParameters?TAG=v4.2.0", [("Authorization", basic(user, api)), ("Jenkins-Crumb", crumb), ("Cookie", f"{cookie_name}={jsid}")]),
                    response(201, [("Location", "https://ci.acme.example/queue/item/" + F.digits(5) + "/")])),
        interaction(request("GET", build_url + "injectedEnvVars/", [("Authorization", basic(user, api))]), response(200, rhead("text/html;charset=utf-8"), env_page))]


@case("laravel-ignition-error-page", "HTML apps")
def _():
    dbpw = S(F.password(22), "structure", "DB_PASSWORD in a td/td env table of a debug page")
    mail = S(F.alnum(32), "structure", "MAIL_PASSWORD in the same table")
    appkey = S("base64:" + F.b64std(32), "structure", "APP_KEY in the same table")
    aws = S(F.aws_secret(), "structure", "AWS_SECRET_ACCESS_KEY in the same table")
    env = O("staging-" + F.pick(LO, 5), "structure", "APP_ENV value next to secrets")
    dbh = O("mysql-" + F.pick(LOAN, 6) + ".rds.amazonaws.com", "structure", "DB_HOST value")
    exc = O("SQLSTATE[HY000] [2002] Connection timed out (Connection: mysql, SQL: select * from `sessions` where `id` = " + F.pick(AN, 12) + ")", "other", "exception message")
    rows = "".join(f"<tr><td>{k}</td><td><pre>{html.escape(v)}</pre></td></tr>" for k, v in
                   [("APP_ENV", env), ("APP_KEY", appkey), ("DB_HOST", dbh), ("DB_PASSWORD", dbpw), ("MAIL_PASSWORD", mail), ("AWS_SECRET_ACCESS_KEY", aws), ("QUEUE_CONNECTION", "redis")])
    page = f'<!doctype html><html><head><title>{html.escape(exc)}</title></head><body><section class="env"><h2>Environment</h2><table class="env-table">{rows}</table></section></body></html>'
    return [interaction(request("GET", "https://staging.acme.example/orders/17"), response(500, rhead("text/html; charset=UTF-8"), page))]


@case("django-admin-change-form", "HTML apps")
def _():
    csrf_cookie = S(F.alnum(32), "other", "csrftoken cookie")
    mw = S(F.alnum(64), "other", "csrfmiddlewaretoken hidden input and form field")
    sid = S(F.pick(LOAN, 32), "other", "sessionid cookie")
    person = S(email("chiara", "romano", "yahoo.it"), "other", "user e-mail field in the admin form")
    pk = O(F.digits(6), "identifiers", "object primary key in the admin URL")
    ph = O("algorithm: pbkdf2_sha256 iterations: 870000 salt: " + F.alnum(6) + "******", "other", "read-only password summary text next to secrets (masked by Django)")
    page = (f'<form enctype="multipart/form-data" method="post" id="user_form" novalidate><input type="hidden" name="csrfmiddlewaretoken" value="{mw}">'
            f'<div class="form-row field-email"><input type="email" name="email" value="{person}" maxlength="254" id="id_email"></div>'
            f'<div class="form-row field-password"><div class="readonly">{ph} hash: **********</div></div></form>')
    return [
        interaction(request("GET", f"https://admin.acme.example/admin/auth/user/{pk}/change/", [("Cookie", f"csrftoken={csrf_cookie}; sessionid={sid}")]),
                    response(200, rhead("text/html; charset=utf-8", [("X-Frame-Options", "DENY"), ("Vary", "Cookie, Accept-Language")]), page)),
        interaction(request("POST", f"https://admin.acme.example/admin/auth/user/{pk}/change/", [("Content-Type", "application/x-www-form-urlencoded"), ("Cookie", f"csrftoken={csrf_cookie}; sessionid={sid}"), ("Referer", f"https://admin.acme.example/admin/auth/user/{pk}/change/")],
                            form([("csrfmiddlewaretoken", mw), ("email", person), ("is_active", "on"), ("_save", "Save")])),
                    response(302, [("Location", "/admin/auth/user/")]))]


@case("wordpress-rest-nonce-app-password", "HTML apps")
def _():
    app_pw = S(" ".join(F.alnum(4) for _ in range(6)), "other", "WordPress application password (space-separated groups) in Basic")
    nonce = S(F.hex(10), "other", "X-WP-Nonce: session-bound CSRF nonce (contestable)")
    cookie = S("editor%7C1796174047%7C" + F.alnum(43) + "%7C" + F.hex(64), "other", "wordpress_logged_in cookie")
    post = O(F.digits(6), "identifiers", "post id")
    guid = O(f"https://blog.acme.example/?p={post}", "identifiers", "post guid")
    return [
        interaction(request("POST", "https://blog.acme.example/wp-json/wp/v2/posts", jhead([("Authorization", basic("editor", app_pw))]), {"title": "Winter release notes", "status": "draft"}),
                    response(201, rhead(extra=[("X-WP-Total", "1")]), {"id": int(post), "guid": {"rendered": guid}, "status": "draft", "slug": "winter-release-notes"})),
        interaction(request("POST", f"https://blog.acme.example/wp-json/wp/v2/posts/{post}", jhead([("X-WP-Nonce", nonce), ("Cookie", f"wordpress_logged_in_{F.hex(32)}={cookie}")]), {"status": "publish"}),
                    response(200, rhead(), {"id": int(post), "status": "publish", "link": f"https://blog.acme.example/{F.digits(4)}/winter-release-notes/"}))]


# ----- streams ------------------------------------------------------------------------------------

def sse(events):
    return "".join(f"data: {json.dumps(e, separators=(',', ':'))}\n\n" for e in events) + "data: [DONE]\n\n"


def split_pieces(text, sizes):
    out, i = [], 0
    for n in sizes:
        out.append(text[i:i + n])
        i += n
    if i < len(text):
        out.append(text[i:])
    return out


@case("openai-sse-echo-split-key", "LLM APIs")
def _():
    key = S("sk-proj-" + F.b64url(156), "other", "OpenAI project key in Authorization")
    pasted = S("sk_live_51" + F.alnum(97), "streams", "Stripe key pasted into the prompt and echoed split across SSE delta events")
    cid = O("chatcmpl-" + F.alnum(29), "identifiers", "completion id repeated in every event")
    fp = O("fp_" + F.hex(10), "identifiers", "system_fingerprint")
    org = O("org-" + F.alnum(24), "identifiers", "openai-organization response header")
    words = ["I", " would", " rotate", " it", ":", " `"] + split_pieces(pasted, [5, 6, 9, 14, 20, 30]) + ["`", " is", " now", " public."]
    events = [{"id": cid, "object": "chat.completion.chunk", "created": 1796001247, "model": "gpt-4o-2024-08-06", "system_fingerprint": fp,
               "choices": [{"index": 0, "delta": ({"role": "assistant", "content": ""} if i == 0 else {"content": w}), "logprobs": None, "finish_reason": None}]} for i, w in enumerate([""] + words)]
    events.append({"id": cid, "object": "chat.completion.chunk", "created": 1796001247, "model": "gpt-4o-2024-08-06", "system_fingerprint": fp, "choices": [{"index": 0, "delta": {}, "logprobs": None, "finish_reason": "stop"}]})
    return [interaction(request("POST", "https://api.openai.com/v1/chat/completions", jhead([("Authorization", f"Bearer {key}"), ("OpenAI-Beta", "assistants=v2")]),
                                {"model": "gpt-4o", "stream": True, "messages": [{"role": "user", "content": f"Is this key safe to commit? {pasted}"}]}),
                        response(200, rhead("text/event-stream; charset=utf-8", [("openai-organization", org), ("openai-processing-ms", "212"), ("x-request-id", O("req_" + F.hex(32), "identifiers", "x-request-id"))]), sse(events)))]


@case("anthropic-sse-content-block-delta", "LLM APIs")
def _():
    key = S("sk-ant-api03-" + F.b64url(93) + "AA", "other", "x-api-key header")
    pw = S(F.password(20), "streams", "database password echoed split across content_block_delta events")
    mid = O("msg_01" + F.pick(AN, 22), "identifiers", "message id")
    rq = O("req_01" + F.pick(AN, 22), "identifiers", "request-id header")
    org = O(F.uuid(), "identifiers", "anthropic-organization-id header")
    parts = ["The connection string uses the password `"] + split_pieces(pw, [3, 4, 5, 8]) + ["`; move it to a secret store."]
    ev = [("message_start", {"type": "message_start", "message": {"id": mid, "type": "message", "role": "assistant", "model": "claude-sonnet-4-5", "content": [], "stop_reason": None, "usage": {"input_tokens": 41, "output_tokens": 1}}}),
          ("content_block_start", {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}})]
    ev += [("content_block_delta", {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": p}}) for p in parts]
    ev += [("content_block_stop", {"type": "content_block_stop", "index": 0}), ("message_delta", {"type": "message_delta", "delta": {"stop_reason": "end_turn", "stop_sequence": None}, "usage": {"output_tokens": 37}}), ("message_stop", {"type": "message_stop"})]
    body = "".join(f"event: {n}\ndata: {json.dumps(d, separators=(',', ':'))}\n\n" for n, d in ev)
    return [interaction(request("POST", "https://api.anthropic.com/v1/messages", jhead([("x-api-key", key), ("anthropic-version", "2023-06-01")]),
                                {"model": "claude-sonnet-4-5", "max_tokens": 512, "stream": True, "messages": [{"role": "user", "content": f"Review: postgres://app:{pw}@db:5432/app"}]}),
                        response(200, rhead("text/event-stream; charset=utf-8", [("request-id", rq), ("anthropic-organization-id", org)]), body))]


@case("ollama-ndjson-generate", "LLM APIs")
def _():
    tok = S(gh_token("ghp_"), "streams", "GitHub token echoed split across NDJSON response lines")
    digest = O(F.hex(64), "identifiers", "model digest")
    created = O("2026-11-30T09:14:07.118209Z", "other", "created_at of the first line")
    pieces = ["Found a token: "] + split_pieces(tok, [4, 7, 11, 9]) + [". Revoke it."]
    lines = [json.dumps({"model": "llama3.1:8b", "created_at": created if i == 0 else f"2026-11-30T09:14:07.{200000 + i * 31337}Z", "response": p, "done": False}) for i, p in enumerate(pieces)]
    lines.append(json.dumps({"model": "llama3.1:8b", "created_at": "2026-11-30T09:14:08.9Z", "response": "", "done": True, "done_reason": "stop", "total_duration": 1893221004, "eval_count": 23}))
    return [
        interaction(request("POST", "http://127.0.0.1:11434/api/generate", jhead(), {"model": "llama3.1:8b", "prompt": f"Scan this log line: Authorization: token {tok}", "stream": True}),
                    response(200, rhead("application/x-ndjson"), "\n".join(lines) + "\n")),
        interaction(request("GET", "http://127.0.0.1:11434/api/tags"), response(200, rhead(), {"models": [{"name": "llama3.1:8b", "digest": digest, "size": 4920753328, "details": {"quantization_level": "Q4_K_M"}}]}))]


@case("socketio-polling-auth", "streams")
def _():
    sid = S(F.b64url(20), "other", "Engine.IO sid: the session id of the polling transport (contestable: in URLs of every poll)")
    jwt_ = S(jwt({"sub": F.uuid(), "room": "support", "exp": 1796004847}, alg="HS256", sig=32), "streams", "auth token in the Socket.IO CONNECT packet and a 42 event")
    uid = O("agent_" + F.pick(LOAN, 10), "identifiers", "userId in a welcome event")
    room = O("room:ticket-" + F.digits(6), "identifiers", "room name in events")
    sid2 = O(F.b64url(20), "identifiers", "namespace socket id in the 40 reply (contestable: not the transport session)")
    t = "P" + F.alnum(6)
    return [
        interaction(request("GET", f"https://chat.acme.example/socket.io/?EIO=4&transport=polling&t={t}"),
                    response(200, rhead("text/plain; charset=UTF-8"), "0" + json.dumps({"sid": sid, "upgrades": ["websocket"], "pingInterval": 25000, "pingTimeout": 20000, "maxPayload": 1000000}, separators=(",", ":")))),
        interaction(request("POST", f"https://chat.acme.example/socket.io/?EIO=4&transport=polling&t={t}.1&sid={sid}", [("Content-Type", "text/plain;charset=UTF-8")], "40" + json.dumps({"token": jwt_}, separators=(",", ":"))),
                    response(200, rhead("text/html"), "ok")),
        interaction(request("GET", f"https://chat.acme.example/socket.io/?EIO=4&transport=polling&t={t}.2&sid={sid}"),
                    response(200, rhead("text/plain; charset=UTF-8"), "40" + json.dumps({"sid": sid2}) + "\x1e" + "42" + json.dumps(["welcome", {"userId": uid, "rooms": [room]}], separators=(",", ":"))
                             + "\x1e" + "42" + json.dumps(["reauth", {"jwt": jwt_}], separators=(",", ":"))))]


@case("openai-realtime-session-sse", "LLM APIs")
def _():
    key = S("sk-proj-" + F.b64url(156), "other", "API key in Authorization")
    ek = S("ek_" + F.hex(32), "structure", "client_secret.value: ephemeral key one level below client_secret")
    sess = O("sess_" + F.alnum(21), "identifiers", "session id")
    evt = O("event_" + F.alnum(21), "identifiers", "event id")
    body = (f'data: {{"type":"session.created","event_id":"{evt}","session":{{"id":"{sess}","object":"realtime.session","model":"gpt-4o-realtime-preview","client_secret":{{"value":"{ek}","expires_at":1796001307}}}}}}\n\n'
            'data: {"type":"rate_limits.updated","rate_limits":[{"name":"requests","limit":1000,"remaining":999}]}\n\n')
    return [interaction(request("POST", "https://relay.acme.example/realtime/session", jhead([("Authorization", f"Bearer {key}")]), {"model": "gpt-4o-realtime-preview", "voice": "verse"}),
                        response(200, rhead("text/event-stream"), body))]


@case("firebase-rtdb-streaming", "streams")
def _():
    auth = S(F.alnum(40), "other", "legacy database secret in ?auth= of a streaming REST URL")
    push = S(F.pick(B64U, 22) + ":APA91b" + F.pick(B64U, 134), "streams", "fcmToken at depth in an SSE put event (device registration token, contestable)")
    key = O("-O" + F.pick(B64U, 18), "identifiers", "push key of a child node")
    path = O("/devices/" + key + "/meta", "identifiers", "path of a patch event")
    body = (f'event: put\ndata: {{"path":"/","data":{{"devices":{{"{key}":{{"fcmToken":"{push}","platform":"android","meta":{{"app":"4.2.1"}}}}}}}}}}\n\n'
            f'event: patch\ndata: {{"path":"{path}","data":{{"app":"4.2.2"}}}}\n\nevent: keep-alive\ndata: null\n\n')
    return [interaction(request("GET", f"https://acme-shop-7a1-default-rtdb.europe-west1.firebasedatabase.app/users/ab12.json?auth={auth}", [("Accept", "text/event-stream")]),
                        response(200, rhead("text/event-stream; charset=utf-8"), body))]

# ----- config dumps ------------------------------------------------------------------------------

@case("spring-actuator-env", "config dumps")
def _():
    ds = S(F.password(20), "structure", "spring.datasource.password -> value one level below the name")
    mail = S(F.alnum(16), "structure", "\"spring.mail.password\": {\"value\": ...}")
    jwtk = S(F.b64std(48), "structure", "app.security.jwt.signing-key value")
    name = O("billing-core-" + F.pick(LOAN, 4), "structure", "spring.application.name value in the same source")
    origin = O("class path resource [application-prod.yml] - " + F.digits(2) + ":15", "other", "origin of a property")
    url = O("jdbc:postgresql://pg-billing." + F.pick(LO, 5) + ".internal:5432/billing", "structure", "spring.datasource.url value")
    body = {"activeProfiles": ["prod"], "propertySources": [
        {"name": "server.ports", "properties": {"local.server.port": {"value": 8080}}},
        {"name": "Config resource 'class path resource [application-prod.yml]' via location 'optional:classpath:/'", "properties": {
            "spring.application.name": {"value": name, "origin": origin},
            "spring.datasource.url": {"value": url, "origin": "class path resource [application-prod.yml] - 7:12"},
            "spring.datasource.password": {"value": ds, "origin": "System Environment Property \"SPRING_DATASOURCE_PASSWORD\""},
            "spring.mail.password": {"value": mail, "origin": "class path resource [application-prod.yml] - 21:17"},
            "app.security.jwt.signing-key": {"value": jwtk, "origin": "class path resource [application-prod.yml] - 30:20"}}}]}
    return [interaction(request("GET", "https://billing.acme.internal:8081/actuator/env", [("Accept", "application/vnd.spring-boot.actuator.v3+json")]), response(200, rhead("application/vnd.spring-boot.actuator.v3+json"), body))]


@case("terraform-state-outputs", "config dumps")
def _():
    out_pw = S(F.password(24), "structure", "outputs.db_password.value with sensitive: true")
    rnd = S(F.password(32), "structure", "random_password resource attributes.result")
    iam = S(F.aws_secret(), "structure", "aws_iam_access_key attributes.secret")
    pem, line = F.pem("RSA PRIVATE KEY")
    S(line, "structure", "tls_private_key private_key_pem line")
    lineage = O(F.uuid(), "identifiers", "state lineage")
    pub = O("ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQ" + F.b64std(200).rstrip("="), "public", "public_key_openssh of the tls_private_key")
    bhash = O(F.hex(64), "public", "outputs.bucket_hash.value: sha256 of a public object, beside a sensitive output")
    state = {"version": 4, "terraform_version": "1.9.8", "serial": 41, "lineage": lineage,
             "outputs": {"db_password": {"value": out_pw, "type": "string", "sensitive": True}, "bucket_hash": {"value": bhash, "type": "string"}},
             "resources": [{"mode": "managed", "type": "random_password", "name": "db", "provider": "provider[\"registry.terraform.io/hashicorp/random\"]",
                            "instances": [{"schema_version": 3, "attributes": {"id": "none", "length": 32, "result": rnd, "special": True}, "sensitive_attributes": [[{"type": "get_attr", "value": "result"}]]}]},
                           {"mode": "managed", "type": "aws_iam_access_key", "name": "ci", "instances": [{"attributes": {"id": F.aws_key_id(), "secret": iam, "status": "Active", "user": "ci-uploader"}}]},
                           {"mode": "managed", "type": "tls_private_key", "name": "deploy", "instances": [{"attributes": {"algorithm": "RSA", "private_key_pem": pem, "public_key_openssh": pub + "\n"}}]}]}
    return [interaction(request("GET", "https://app.terraform.io/api/v2/state-versions/sv-" + F.alnum(16) + "/download", [("Authorization", "Bearer " + S(F.alnum(14) + ".atlasv1." + F.alnum(67), "other", "Terraform Cloud token"))]),
                        response(200, rhead("application/json"), json.dumps(state, indent=2)))]


@case("artifact-zip-env-and-config", "config dumps")
def _():
    dbp = S(F.password(20), "encoding", "DB_PASS in a .env inside a ZIP artifact")
    stripe = S("sk_live_" + F.alnum(99), "encoding", "STRIPE_SECRET in the same .env")
    api = S(F.hex(40), "encoding", "apiKey in config.json inside the ZIP")
    region = O("eu-central-" + F.digits(1) + "-" + F.pick(LO, 4), "encoding", "region in config.json")
    readme = O("Deploy bundle " + F.pick(LOAN, 8) + " built from main", "encoding", "README.txt text inside the ZIP")
    dbh = O("DB_HOST=pg-" + F.pick(LOAN, 8) + ".internal", "encoding", "DB_HOST line of the .env")
    z = zip_bytes([(".env", f"APP_ENV=production\n{dbh}\nDB_PASS={dbp}\nSTRIPE_SECRET={stripe}\n"),
                   ("config.json", json.dumps({"apiKey": api, "region": region, "retries": 3}, indent=2)), ("README.txt", readme + "\n")])
    return [interaction(request("GET", "https://api.github.com/repos/acme/deployer/actions/artifacts/" + F.digits(10) + "/zip", [("Authorization", "Bearer " + S(gh_token("ghs_"), "other", "installation token"))]),
                        response(200, [("Content-Type", "application/zip"), ("Content-Disposition", "attachment; filename=deploy-bundle.zip")], z))]


@case("gitlab-ci-variables-masked", "CI/CD")
def _():
    tok = S("glpat-" + F.pick(B64U, 20), "names", "PRIVATE-TOKEN header")
    aws = S(F.aws_secret(), "structure", "value of a variable with masked: true")
    dtoken = S("gldt-" + F.pick(B64U, 20), "structure", "deploy token value with protected: true")
    envv = O("staging-eu-" + F.pick(LO, 4), "structure", "value of a masked: false variable")
    desc = O("Rotated by the platform team on " + F.digits(4) + "-11-02", "other", "description text next to a secret")
    return [interaction(request("GET", "https://gitlab.acme.example/api/v4/projects/" + F.digits(4) + "/variables?per_page=100", [("PRIVATE-TOKEN", tok)]),
                        response(200, rhead(extra=[("X-Total", "3"), ("X-Request-Id", O(F.pick(AN, 26).upper(), "identifiers", "X-Request-Id (ULID-like)"))]),
                                 [{"variable_type": "env_var", "key": "AWS_SECRET_ACCESS_KEY", "value": aws, "protected": True, "masked": True, "hidden": False, "raw": True, "environment_scope": "*", "description": desc},
                                  {"variable_type": "env_var", "key": "REGISTRY_PUSH", "value": dtoken, "protected": True, "masked": True, "raw": False, "environment_scope": "production", "description": None},
                                  {"variable_type": "env_var", "key": "DEPLOY_ENV", "value": envv, "protected": False, "masked": False, "raw": False, "environment_scope": "*", "description": None}]))]


@case("azure-devops-variable-group", "CI/CD")
def _():
    org = O("contoso-" + F.pick(LO, 6), "identifiers", "Azure DevOps organisation in the URL path and userinfo")
    pat = S(F.pick(B32L, 52), "other", "PAT as Basic password with an empty user")
    sql = S(F.password(22), "structure", "variables.sqlPassword.value with isSecret: true")
    cfg = O("Release-" + F.pick(UP, 4), "structure", "variables.buildConfiguration.value, not secret")
    repo = O(F.uuid(), "identifiers", "repository id")
    return [
        interaction(request("GET", f"https://dev.azure.com/{org}/Payments/_apis/distributedtask/variablegroups?groupName=payments-prod&api-version=7.1", [("Authorization", basic("", pat))]),
                    response(200, rhead(extra=[("ActivityId", O(F.uuid(), "identifiers", "ActivityId")), ("X-TFS-Session", F.uuid())]),
                             {"count": 1, "value": [{"id": 14, "type": "Vsts", "name": "payments-prod", "variables": {"sqlPassword": {"isSecret": True, "value": sql}, "buildConfiguration": {"value": cfg}}}]})),
        interaction(request("GET", f"https://{org}@dev.azure.com/{org}/Payments/_git/ledger/info/refs?service=git-upload-pack", [("Authorization", basic("", pat))]),
                    response(200, [("Content-Type", "application/x-git-upload-pack-advertisement")], f"001e# service=git-upload-pack\n0000009d{F.hex(40)} HEAD\0multi_ack side-band-64k ofs-delta\n003f{F.hex(40)} refs/heads/main\n0000".encode()),
                    redirects=[]),
        interaction(request("GET", f"https://dev.azure.com/{org}/Payments/_apis/git/repositories/ledger?api-version=7.1", [("Authorization", basic("", pat))]),
                    response(200, rhead(), {"id": repo, "name": "ledger", "remoteUrl": f"https://{org}@dev.azure.com/{org}/Payments/_git/ledger"}))]


@case("onepassword-connect-item", "config dumps")
def _():
    tok = S(jwt({"1password.com/auuid": F.pick(UPAN, 26), "1password.com/token": F.b64url(32), "1password.com/fts": ["vaultaccess"], "aud": ["com.1password.connect"], "sub": F.pick(UPAN, 26)}, alg="ES256", sig=64, kid=F.pick(LOAN, 26)), "other", "Connect token")
    pw = S(F.password(24), "structure", "field value with type: CONCEALED")
    totp = S(F.pick(B32U, 32), "structure", "TOTP seed in an otpauth:// field value")
    user = O("svc-backup-" + F.pick(LOAN, 4), "structure", "username field value (type STRING)")
    vault = O(F.pick(LOAN, 26), "identifiers", "vault id: 26 lowercase base32-like chars")
    item = O(F.pick(LOAN, 26), "identifiers", "item id")
    return [interaction(request("GET", f"http://op-connect.tools.svc:8080/v1/vaults/{vault}/items/{item}", [("Authorization", f"Bearer {tok}")]),
                        response(200, rhead(), {"id": item, "title": "Backup NAS", "vault": {"id": vault}, "category": "LOGIN", "version": 9,
                                                "fields": [{"id": "username", "type": "STRING", "purpose": "USERNAME", "label": "username", "value": user},
                                                           {"id": "password", "type": "CONCEALED", "purpose": "PASSWORD", "label": "password", "value": pw, "entropy": 130.2},
                                                           {"id": O(F.pick(LOAN, 26), "identifiers", "OTP field id"), "type": "OTP", "label": "one-time password", "value": f"otpauth://totp/Backup%20NAS:{user}?secret={totp}&issuer=Backup%20NAS", "totp": F.digits(6)}]}))]


@case("vault-approle-login-kv", "config dumps")
def _():
    role = O(F.uuid(), "public", "role_id: the AppRole's identifier (HashiCorp likens it to a username; contestable)")
    sid = S(F.uuid(), "other", "secret_id of the AppRole login")
    ct = S("hvs.CAES" + F.b64url(100), "other", "auth.client_token, then X-Vault-Token")
    acc = O(F.alnum(24), "public", "auth.accessor: not usable as a token")
    sacc = O(F.uuid(), "public", "secret_id_accessor")
    kvpw = S(F.password(22), "structure", "data.data.password of a KV v2 secret")
    reqid = O(F.uuid(), "identifiers", "request_id")
    return [
        interaction(request("POST", "https://vault.acme.internal:8200/v1/auth/approle/login", jhead(), {"role_id": role, "secret_id": sid}),
                    response(200, rhead(), {"request_id": reqid, "lease_id": "", "renewable": False, "lease_duration": 0, "data": None,
                                            "auth": {"client_token": ct, "accessor": acc, "policies": ["default", "payments-read"], "metadata": {"role_name": "payments"}, "lease_duration": 2764800, "renewable": True, "entity_id": O(F.uuid(), "identifiers", "entity_id"), "token_type": "service"},
                                            "warnings": None, "mount_type": ""})),
        interaction(request("GET", "https://vault.acme.internal:8200/v1/secret/data/payments/db", [("X-Vault-Token", ct)]),
                    response(200, rhead(), {"request_id": F.uuid(), "data": {"data": {"username": "payments_app", "password": kvpw}, "metadata": {"created_time": "2026-10-11T08:01:22.551Z", "version": 4}}})),
        interaction(request("POST", "https://vault.acme.internal:8200/v1/auth/approle/role/payments/secret-id/lookup", jhead([("X-Vault-Token", ct)]), {"secret_id": sid}),
                    response(200, rhead(), {"data": {"secret_id_accessor": sacc, "secret_id_num_uses": 0, "secret_id_ttl": 0, "creation_time": "2026-11-30T09:10:00Z"}}))]


@case("aws-secretsmanager-and-ssm", "config dumps")
def _():
    pw = S(F.password(28), "encoding", "password inside SecretString (JSON inside a JSON string)")
    user = O("reporting_ro_" + F.pick(LOAN, 3), "encoding", "username inside SecretString")
    arn = O(f"arn:aws:secretsmanager:eu-west-1:{F.digits(12)}:secret:prod/reporting/db-{F.alnum(6)}", "identifiers", "secret ARN")
    ver = O(F.uuid(), "identifiers", "VersionId")
    ssm = S("sk_live_" + F.alnum(99), "structure", "Value of a SecureString parameter (WithDecryption)")
    plain = O("https://hooks.acme.example/ingest/" + F.pick(LO, 8), "structure", "Value of a String parameter")
    ss = json.dumps({"engine": "postgres", "host": "reporting.cluster-" + F.pick(LOAN, 12) + ".eu-west-1.rds.amazonaws.com", "username": user, "password": pw, "port": 5432})
    return [
        interaction(request("POST", "https://secretsmanager.eu-west-1.amazonaws.com/", [("X-Amz-Target", "secretsmanager.GetSecretValue"), ("Content-Type", "application/x-amz-json-1.1"),
                            ("Authorization", f"AWS4-HMAC-SHA256 Credential={F.aws_key_id()}/20261130/eu-west-1/secretsmanager/aws4_request, SignedHeaders=host;x-amz-date;x-amz-target, Signature={S(F.hex(64), 'other', 'SigV4 signature')}")],
                            {"SecretId": "prod/reporting/db"}),
                    response(200, rhead("application/x-amz-json-1.1"), {"ARN": arn, "CreatedDate": 1790000000.123, "Name": "prod/reporting/db", "SecretString": ss, "VersionId": ver, "VersionStages": ["AWSCURRENT"]})),
        interaction(request("POST", "https://ssm.eu-west-1.amazonaws.com/", [("X-Amz-Target", "AmazonSSM.GetParameters"), ("Content-Type", "application/x-amz-json-1.1")],
                            {"Names": ["/prod/checkout/stripe_key", "/prod/checkout/ingest_url"], "WithDecryption": True}),
                    response(200, rhead("application/x-amz-json-1.1"), {"InvalidParameters": [], "Parameters": [
                        {"ARN": f"arn:aws:ssm:eu-west-1:{F.digits(12)}:parameter/prod/checkout/stripe_key", "DataType": "text", "Name": "/prod/checkout/stripe_key", "Type": "SecureString", "Value": ssm, "Version": 3},
                        {"Name": "/prod/checkout/ingest_url", "Type": "String", "Value": plain, "Version": 1}]}))]


# ----- payments / banking --------------------------------------------------------------------------

@case("stripe-api-keys-and-masked-error", "payments")
def _():
    sk = S("sk_live_" + F.alnum(99), "other", "secret key as Bearer")
    rk = S("rk_live_" + F.alnum(99), "other", "restricted key as Basic user")
    pk = O("pk_live_" + F.alnum(99), "public", "publishable key in the checkout config response")
    masked = O("sk_live_" + "*" * 20 + F.alnum(4), "idempotence", "masked key in Stripe's invalid-key error message")
    idem = O(F.uuid(), "identifiers", "Idempotency-Key")
    req = O("req_" + F.alnum(14), "identifiers", "Request-Id")
    cus = O("cus_" + F.alnum(14), "identifiers", "customer id")
    return [
        interaction(request("POST", "https://api.stripe.com/v1/customers", [("Authorization", f"Bearer {sk}"), ("Idempotency-Key", idem), ("Stripe-Version", "2024-06-20"), ("Content-Type", "application/x-www-form-urlencoded")],
                            form([("description", "Acme GmbH"), ("metadata[tenant]", "t-4471")])),
                    response(200, rhead(extra=[("Request-Id", req), ("Idempotency-Key", idem)]), {"id": cus, "object": "customer", "livemode": True, "description": "Acme GmbH"})),
        interaction(request("GET", "https://api.stripe.com/v1/charges?limit=1", [("Authorization", basic(rk, ""))]),
                    response(401, rhead(extra=[("Request-Id", "req_" + F.alnum(14))]), {"error": {"message": f"Invalid API Key provided: {masked}", "type": "invalid_request_error"}})),
        interaction(request("GET", "https://shop.acme.example/api/checkout/config"), response(200, rhead(), {"publishableKey": pk, "country": "DE", "currency": "eur"}))]


@case("adyen-payments-and-hmac", "payments")
def _():
    api = S("AQE" + F.pick(AN, 8) + "+" + F.b64std(60).rstrip("=") + "-" + F.b64std(32).rstrip("=") + "-" + F.pick(AN + "<>?[]", 16), "names", "X-API-Key of Adyen")
    ckey = O("live_" + F.pick(UPAN, 32), "public", "clientKey: public by design")
    hkey = S(F.hex(64).upper(), "other", "HMAC key of the webhook configuration")
    psp = O(F.pick(UPAN, 16), "identifiers", "pspReference")
    merchant = O("AcmeShopEU_" + F.pick(UP, 3), "identifiers", "merchantAccount")
    hsig = S(F.b64std(32), "other", "additionalData.hmacSignature of a notification")
    return [
        interaction(request("POST", "https://checkout-live.adyenpayments.com/checkout/v71/sessions", jhead([("X-API-Key", api), ("Idempotency-Key", F.uuid())]),
                            {"merchantAccount": merchant, "amount": {"value": 4990, "currency": "EUR"}, "reference": "ORD-" + F.digits(7), "returnUrl": "https://shop.acme.example/return"}),
                    response(201, rhead(extra=[("pspReference", psp)]), {"id": O("CS" + F.pick(UPAN, 16), "identifiers", "checkout session id"), "sessionData": F.b64std(200), "clientKey": ckey, "merchantAccount": merchant})),
        interaction(request("GET", f"https://management-live.adyen.com/v3/merchants/{merchant}/webhooks/WBHK42", [("X-API-Key", api)]),
                    response(200, rhead(), {"id": "WBHK42", "type": "standard", "url": "https://shop.acme.example/adyen", "hmacKeyCheckValue": O(F.hex(8).upper(), "public", "hmacKeyCheckValue: check digits, not the key"), "hmacKey": hkey})),
        interaction(request("POST", "https://shop.acme.example/adyen", jhead(), {"live": "true", "notificationItems": [{"NotificationRequestItem": {"pspReference": psp, "merchantAccountCode": merchant, "eventCode": "AUTHORISATION", "success": "true",
                            "additionalData": {"hmacSignature": hsig}}}]}), response(200, rhead("text/plain"), "[accepted]"))]


@case("paypal-oauth-client-credentials", "payments")
def _():
    cid = O("A" + F.pick(B64U, 79), "public", "PayPal REST client id: public (used in the JS SDK URL)")
    csec = S("E" + F.pick(B64U, 79), "other", "client secret inside Basic")
    at = S("A21AA" + F.pick(B64U, 92), "other", "access_token")
    app = O("APP-" + F.pick(UPAN, 17), "identifiers", "app_id")
    nonce = O("2026-11-30T09:14:07Z" + F.b64url(43), "challenges", "nonce field of the token response (not a secret)")
    debug = O(F.hex(13), "identifiers", "Paypal-Debug-Id")
    return [
        interaction(request("POST", "https://api-m.paypal.com/v1/oauth2/token", [("Authorization", basic(cid, csec)), ("Content-Type", "application/x-www-form-urlencoded")], "grant_type=client_credentials"),
                    response(200, rhead(extra=[("Paypal-Debug-Id", debug)]), {"scope": "https://uri.paypal.com/services/payments/payment", "access_token": at, "token_type": "Bearer", "app_id": app, "expires_in": 32400, "nonce": nonce})),
        interaction(request("GET", f"https://www.paypal.com/sdk/js?client-id={cid}&currency=EUR&intent=capture"), response(200, rhead("application/javascript"), "/* paypal-js */"))]


@case("plaid-link-exchange", "banking/open banking")
def _():
    cid = O(F.hex(24), "public", "Plaid client_id: a 24-hex account id next to the 30-hex secret")
    sec = S(F.hex(30), "other", "Plaid secret")
    pub = S("public-production-" + F.uuid(), "other", "public_token: exchangeable for an access token (contestable: short-lived, needs the secret)")
    acc = S("access-production-" + F.uuid(), "other", "access_token of the Item")
    item = O(F.pick(AN, 37), "identifiers", "item_id")
    req = O(F.pick(AN, 15), "identifiers", "request_id")
    return [interaction(request("POST", "https://production.plaid.com/item/public_token/exchange", jhead([("Plaid-Version", "2020-09-14")]), {"client_id": cid, "secret": sec, "public_token": pub}),
                        response(200, rhead(), {"access_token": acc, "item_id": item, "request_id": req}))]


@case("open-banking-uk-payment-consent", "banking/open banking")
def _():
    at = S(F.uuid(), "other", "Bearer access token (a UUID-shaped opaque token)")
    fapi = O(F.uuid(), "identifiers", "x-fapi-interaction-id: a UUID next to a UUID token")
    jws_head = b64u_json({"alg": "PS256", "kid": F.b64url(27), "b64": False, "http://openbanking.org.uk/iat": 1796001247, "http://openbanking.org.uk/iss": "0015800001041REAAY/" + F.b64url(22), "crit": ["b64", "http://openbanking.org.uk/iat", "http://openbanking.org.uk/iss"]})
    sig = S(b64u_nopad(F.bytes(256)), "other", "signature part of the detached x-jws-signature")
    consent = O("PDC_" + F.hex(32), "identifiers", "ConsentId")
    iban = O("GB33BUKB" + F.digits(14), "other", "creditor account (a business account number)")
    idem = O(F.uuid(), "identifiers", "x-idempotency-key")
    return [interaction(request("POST", "https://ob.bank.example/open-banking/v3.1/pisp/domestic-payment-consents",
                                jhead([("Authorization", f"Bearer {at}"), ("x-fapi-interaction-id", fapi), ("x-idempotency-key", idem), ("x-jws-signature", f"{jws_head}..{sig}"), ("x-fapi-financial-id", "0015800001041REAAY")]),
                                {"Data": {"Initiation": {"InstructionIdentification": O("INSTR-" + F.digits(8), "identifiers", "InstructionIdentification"), "EndToEndIdentification": "E2E-" + F.digits(8), "InstructedAmount": {"Amount": "165.88", "Currency": "GBP"},
                                          "CreditorAccount": {"SchemeName": "UK.OBIE.IBAN", "Identification": iban, "Name": "Acme Supplies Ltd"}}}, "Risk": {"PaymentContextCode": "EcommerceGoods"}}),
                        response(201, rhead(extra=[("x-fapi-interaction-id", fapi)]), {"Data": {"ConsentId": consent, "Status": "AwaitingAuthorisation", "CreationDateTime": "2026-11-30T09:14:07+00:00"}, "Links": {"Self": f"https://ob.bank.example/open-banking/v3.1/pisp/domestic-payment-consents/{consent}"}}))]


@case("vonage-sms-and-application", "telephony")
def _():
    key = O(F.hex(8), "public", "Vonage api_key: the account identifier half (contestable)")
    sec = S(F.alnum(16), "other", "api_secret in the form")
    mid = O(F.uuid(), "identifiers", "message-id")
    app = O(F.uuid(), "identifiers", "application id")
    pem, line = F.pem()
    S(line, "other", "private_key of a newly created application, JSON-escaped newlines")
    pubkey_line = O("MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA" + F.b64std(30), "public", "public_key of the application")
    return [
        interaction(request("POST", "https://rest.nexmo.com/sms/json", [("Content-Type", "application/x-www-form-urlencoded")], form([("api_key", key), ("api_secret", sec), ("from", "AcmeParcel"), ("to", "447700900123"), ("text", "Parcel 7781 is out for delivery")])),
                    response(200, rhead(), {"message-count": "1", "messages": [{"to": "447700900123", "message-id": mid, "status": "0", "remaining-balance": "14.88", "message-price": "0.0333", "network": "23410"}]})),
        interaction(request("POST", "https://api.nexmo.com/v2/applications", jhead([("Authorization", basic(key, sec))]), {"name": "ivr-prod", "capabilities": {"voice": {"webhooks": {"answer_url": {"address": "https://ivr.acme.example/answer", "http_method": "GET"}}}}}),
                    response(201, rhead(), {"id": app, "name": "ivr-prod", "keys": {"public_key": "-----BEGIN PUBLIC KEY-----\n" + pubkey_line + "\n-----END PUBLIC KEY-----\n", "private_key": pem}}))]

# ----- CI/CD -------------------------------------------------------------------------------------

@case("github-actions-oidc-and-runner", "CI/CD")
def _():
    req_tok = S(F.b64url(40) + "." + F.b64url(300) + "." + F.b64url(342), "names", "ACTIONS_ID_TOKEN_REQUEST_TOKEN as bearer")
    idt = S(jwt({"jti": F.uuid(), "sub": "repo:acme/ledger:ref:refs/heads/main", "aud": "sts.amazonaws.com", "ref": "refs/heads/main", "sha": F.hex(40), "repository": "acme/ledger", "run_id": "12839911", "iss": "https://token.actions.githubusercontent.com"}, kid=F.hex(40).upper()), "other", "OIDC id token value")
    reg = S(F.pick(UPAN, 29), "other", "runner registration token")
    run = O(F.digits(11), "identifiers", "run id in the token URL")
    pat = S(gh_token("ghp_"), "other", "PAT for the registration-token call")
    exp = O("2026-11-30T10:14:07.000+00:00", "other", "expires_at of the registration token")
    return [
        interaction(request("GET", f"https://pipelines.actions.githubusercontent.com/{F.b64url(50)}/00000000-0000-0000-0000-000000000000/_apis/distributedtask/hubs/Actions/plans/{F.uuid()}/jobs/{F.uuid()}/idtoken?api-version=2.0&audience=sts.amazonaws.com&run={run}",
                            [("Authorization", f"Bearer {req_tok}"), ("Accept", "application/json; api-version=2.0")]),
                    response(200, rhead(), {"value": idt})),
        interaction(request("POST", "https://api.github.com/repos/acme/ledger/actions/runners/registration-token", [("Authorization", f"token {pat}"), ("Accept", "application/vnd.github+json")]),
                    response(201, rhead(), {"token": reg, "expires_at": exp}))]


@case("github-app-installation-token", "CI/CD")
def _():
    app_jwt = S(jwt({"iat": 1796001187, "exp": 1796001787, "iss": "Iv23li" + F.alnum(14)}), "other", "GitHub App JWT (RS256)")
    inst = O(F.digits(8), "identifiers", "installation id")
    tok = S(gh_token("ghs_"), "other", "installation access token")
    repo_id = O(F.digits(9), "identifiers", "repository id")
    return [interaction(request("POST", f"https://api.github.com/app/installations/{inst}/access_tokens", [("Authorization", f"Bearer {app_jwt}"), ("Accept", "application/vnd.github+json"), ("X-GitHub-Api-Version", "2022-11-28")],
                                {"repository_ids": [int(repo_id)], "permissions": {"contents": "read", "checks": "write"}}),
                        response(201, rhead(), {"token": tok, "expires_at": "2026-11-30T10:14:07Z", "permissions": {"contents": "read", "checks": "write"}, "repository_selection": "selected",
                                                "repositories": [{"id": int(repo_id), "full_name": "acme/ledger"}]}))]


# ----- observability -----------------------------------------------------------------------------

@case("datadog-logs-gzip-intake", "observability")
def _():
    api = S(F.hex(32), "names", "DD-API-KEY header")
    app = S(F.hex(40), "names", "DD-APPLICATION-KEY header")
    leaked = S(F.password(18), "encoding", "password= in a log message inside a gzip request body")
    trace = O(F.digits(19), "identifiers", "dd.trace_id in the log")
    svc = O("checkout-worker-" + F.pick(LO, 3), "encoding", "service name inside the gzip body")
    logs = [{"ddsource": "python", "service": svc, "hostname": "ip-10-1-2-3", "message": f"retrying smtp login user=mailer password={leaked} attempt=2", "dd.trace_id": trace, "status": "warn"},
            {"ddsource": "python", "service": svc, "message": "queue drained", "status": "info"}]
    mon = O(F.digits(9), "identifiers", "monitor id")
    return [
        interaction(request("POST", "https://http-intake.logs.datadoghq.eu/api/v2/logs", [("DD-API-KEY", api), ("Content-Type", "application/json"), ("Content-Encoding", "gzip")], gz(json.dumps(logs).encode())),
                    response(202, rhead(), {})),
        interaction(request("GET", f"https://api.datadoghq.eu/api/v1/monitor/{mon}", [("DD-API-KEY", api), ("DD-APPLICATION-KEY", app)]),
                    response(200, rhead(extra=[("x-ratelimit-remaining", "996")]), {"id": int(mon), "name": "Checkout worker retries", "query": f"logs(\"service:{svc} status:warn\").index(\"*\").rollup(\"count\").last(\"5m\") > 50", "type": "log alert"}))]


@case("sentry-envelope-and-release", "observability")
def _():
    dsn_key = O(F.hex(32), "public", "sentry_key (DSN public key): public by design, in browser bundles")
    eid = O(F.hex(32), "identifiers", "event_id of the envelope (same shape as the DSN key)")
    person = S(email("lukas", "maier", "gmx.at"), "framing", "user.email in an envelope item whose header carries its byte length")
    crumb_tok = S(F.b64url(64), "framing", "Authorization captured in a breadcrumb, inside a length-framed envelope item")
    org_tok = S("sntrys_" + b64u_json({"iat": 1796001247.1, "url": "https://sentry.io", "region_url": "https://de.sentry.io", "org": "acme"}) + "_" + F.b64url(43), "other", "org auth token for the releases API")
    release = O("ledger@" + F.hex(12), "identifiers", "release version")
    header = json.dumps({"event_id": eid, "sent_at": "2026-11-30T09:14:07.551Z", "dsn": f"https://{dsn_key}@o{F.digits(6)}.ingest.de.sentry.io/{F.digits(7)}", "sdk": {"name": "sentry.javascript.browser", "version": "8.40.0"}})
    item = json.dumps({"event_id": eid, "level": "error", "release": release, "user": {"id": "u-1088", "email": person, "ip_address": "{{auto}}"},
                       "breadcrumbs": {"values": [{"type": "http", "category": "fetch", "data": {"method": "GET", "url": "/api/orders", "request_headers": {"Authorization": f"Bearer {crumb_tok}"}}}]},
                       "exception": {"values": [{"type": "TypeError", "value": "Cannot read properties of undefined (reading 'total')"}]}})
    env = header + "\n" + json.dumps({"type": "event", "length": len(item.encode())}) + "\n" + item + "\n"
    return [
        interaction(request("POST", f"https://o{F.digits(6)}.ingest.de.sentry.io/api/{F.digits(7)}/envelope/?sentry_key={dsn_key}&sentry_version=7&sentry_client=sentry.javascript.browser%2F8.40.0", [("Content-Type", "text/plain;charset=UTF-8")], env),
                    response(200, rhead(), {"id": eid})),
        interaction(request("POST", "https://sentry.io/api/0/organizations/acme/releases/", jhead([("Authorization", f"Bearer {org_tok}")]), {"version": release, "projects": ["ledger-web"]}),
                    response(201, rhead(), {"version": release, "dateCreated": "2026-11-30T09:14:08.001Z"}))]


@case("grafana-legacy-key-echo", "observability")
def _():
    k = F.alnum(32)
    S(k, "echoes", "the k segment of a legacy Grafana API key, echoed alone in an error body")
    legacy = S(base64.b64encode(json.dumps({"k": k, "n": "ci-annotations", "id": 1}, separators=(",", ":")).encode()).decode(), "other", "legacy API key (base64 JSON) as Bearer")
    sa = S("glsa_" + F.alnum(32) + "_" + F.hex(8), "other", "service account token")
    name = O("ci-annotations", "echoes", "key name n, echoed in the error (not secret)")
    dash = O(F.pick(B64U, 14), "identifiers", "dashboard uid")
    return [
        interaction(request("POST", "https://grafana.acme.example/api/annotations", jhead([("Authorization", f"Bearer {legacy}")]), {"dashboardUID": dash, "text": "deploy v4.2.0", "tags": ["deploy"]}),
                    response(401, rhead(), {"message": f"invalid API key: key '{k}' for name {name} has been revoked", "traceID": O(F.hex(32), "identifiers", "traceID of the error, same alphabet as the k segment")})),
        interaction(request("POST", "https://grafana.acme.example/api/annotations", jhead([("Authorization", f"Bearer {sa}")]), {"dashboardUID": dash, "text": "deploy v4.2.0", "tags": ["deploy"]}),
                    response(200, rhead(), {"id": 8812, "message": "Annotation added"}))]


@case("otlp-protobuf-traces", "observability")
def _():
    team = S(F.alnum(22), "names", "x-honeycomb-team header")
    leaked = S("Bearer " + F.b64url(48), "framing", "http.request.header.authorization attribute in an OTLP protobuf span")
    span = O("GET /api/v2/orders/{id}", "framing", "span name in the protobuf")
    svc = O("orders-api-" + F.pick(LO, 4), "framing", "service.name resource attribute")
    def kv(k, v):
        return pb((1, k), (2, pb((1, v))))
    spanmsg = pb((1, F.bytes(16)), (2, F.bytes(8)), (5, span), (6, 2), (9, kv("http.request.method", "GET")), (9, kv("http.request.header.authorization", leaked)))
    resource = pb((1, kv("service.name", svc)))
    scope_spans = pb((1, pb((1, "io.opentelemetry.http"))), (2, spanmsg))
    req = pb((1, pb((1, resource), (2, scope_spans))))
    return [interaction(request("POST", "https://api.eu1.honeycomb.io/v1/traces", [("Content-Type", "application/x-protobuf"), ("x-honeycomb-team", team), ("x-honeycomb-dataset", "orders")], req),
                        response(200, [("Content-Type", "application/x-protobuf")], b""))]


# ----- e-mail ------------------------------------------------------------------------------------

@case("mailgun-stored-message-qp-reset", "e-mail")
def _():
    key = S(F.hex(32) + "-" + F.hex(8) + "-" + F.hex(8), "other", "Mailgun private API key as Basic password")
    reset = S(F.b64url(64), "encoding", "reset token in a quoted-printable link, split by a soft line break")
    person = S(email("hannah", "berg", "posteo.de"), "other", "recipient address")
    mid = O("<" + F.digits(14) + "." + F.hex(16) + "@mg.acme.example>", "identifiers", "Message-Id with an @: not an e-mail address")
    cid = O("<logo-" + F.hex(12) + "@acme.example>", "identifiers", "Content-ID of the inline logo")
    utm = O("utm_campaign=3Dpassword-reset", "idempotence", "raw quoted-printable '=3D' text that must survive")
    html_part = (f'<p>Hallo Hannah,</p><p>setze dein Passwort hier zur=C3=BCck: <a href="https://app.acme.example/reset?token={reset}&utm_source=mail&utm_campaign=password-reset">Passwort zur=C3=BCcksetzen</a></p>'
                 f'<img src="cid:{cid[1:-1]}" alt="Acme"/>')
    encoded = qp(html_part.replace("=C3=BC", "ü")).replace("\n", "\r\n")
    bnd = "b1_" + F.hex(16)
    assert reset not in encoded and utm in encoded, "the soft break must split the token and leave the =3D text whole"
    body_mime = (f"Received: by mg.acme.example with HTTP; Mon, 30 Nov 2026 09:14:07 +0000\r\nMessage-Id: {mid}\r\nFrom: Acme <no-reply@mg.acme.example>\r\nTo: {person}\r\n"
                 f"Subject: =?utf-8?q?Passwort_zur=C3=BCcksetzen?=\r\nMime-Version: 1.0\r\nContent-Type: multipart/related; boundary=\"{bnd}\"\r\n\r\n"
                 f"--{bnd}\r\nContent-Type: text/html; charset=\"utf-8\"\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n{encoded}\r\n--{bnd}\r\nContent-Type: image/png\r\nContent-ID: {cid}\r\nContent-Transfer-Encoding: base64\r\n\r\niVBORw0KGgo=\r\n--{bnd}--\r\n")
    return [interaction(request("GET", f"https://storage-europe-west1.api.mailgun.net/v3/domains/mg.acme.example/messages/{F.b64url(40)}", [("Authorization", basic("api", key)), ("Accept", "message/rfc2822")]),
                        response(200, rhead(), {"recipients": person, "sender": "no-reply@mg.acme.example", "Message-Id": mid, "body-mime": body_mime, "subject": "Passwort zurücksetzen"}))]


@case("gmail-raw-message-ids-rfc5987", "e-mail")
def _():
    at = S("ya29.a0" + F.b64url(200), "other", "Gmail API bearer")
    sender = S(email("olga", "petrova", "yandex.ru"), "identifiers", "From: a person's address")
    mid = O("<CA+" + F.b64std(33).rstrip("=").replace("/", "_") + "@mail.gmail.com>", "identifiers", "Message-ID: not an e-mail address")
    reply = O("<" + F.uuid() + "@acme-tickets.example>", "identifiers", "In-Reply-To")
    fname = O("Kontoauszug_2026-11_" + F.digits(6) + ".pdf", "identifiers", "file name in RFC 5987 filename*= beside an address")
    dkim = O(F.b64std(128), "public", "DKIM-Signature b= value: a signature of the public message (contestable)")
    bh = O(F.b64std(32), "public", "DKIM body hash bh=")
    bnd = "000000000000" + F.hex(12)
    enc_name = "UTF-8''" + q(f"{sender.split('@')[0]}@{sender.split('@')[1]}_{fname}")
    raw = (f"DKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed; d=yandex.ru; s=mail; bh={bh}; h=from:to:subject:date:message-id; b={dkim}\r\n"
           f"From: Olga Petrova <{sender}>\r\nTo: support@acme-bank.example\r\nSubject: Statement\r\nMessage-ID: {mid}\r\nIn-Reply-To: {reply}\r\nMIME-Version: 1.0\r\n"
           f"Content-Type: multipart/mixed; boundary=\"{bnd}\"\r\n\r\n--{bnd}\r\nContent-Type: text/plain; charset=\"UTF-8\"\r\n\r\nSiehe Anhang.\r\n--{bnd}\r\n"
           f"Content-Type: application/pdf\r\nContent-Disposition: attachment; filename*={enc_name}\r\nContent-Transfer-Encoding: base64\r\n\r\nJVBERi0xLjcK\r\n--{bnd}--\r\n")
    gid = O(F.hex(16), "identifiers", "Gmail message id")
    return [interaction(request("GET", f"https://gmail.googleapis.com/gmail/v1/users/me/messages/{gid}?format=raw", [("Authorization", f"Bearer {at}")]),
                        response(200, rhead(), {"id": gid, "threadId": F.hex(16), "labelIds": ["INBOX", "UNREAD"], "sizeEstimate": len(raw), "raw": base64.urlsafe_b64encode(raw.encode()).decode()}))]


# ----- push / maps / search / flags --------------------------------------------------------------

@case("fcm-v1-and-apns-push", "push")
def _():
    at = S("ya29.c." + F.b64url(230), "other", "FCM v1 bearer")
    apns = S(jwt({"iss": F.pick(UPAN, 10), "iat": 1796001247}, alg="ES256", sig=64, kid=F.pick(UPAN, 10)), "other", "APNs provider JWT")
    apns_id = O(F.uuid().upper(), "identifiers", "apns-id")
    msg = O(f"projects/acme-shop-7a1/messages/0:{F.digits(16)}%{F.hex(16)}", "identifiers", "FCM message name")
    topic = O("com.acme.shop." + F.pick(LO, 5), "identifiers", "apns-topic bundle id")
    dev = F.hex(64)
    return [
        interaction(request("POST", "https://fcm.googleapis.com/v1/projects/acme-shop-7a1/messages:send", jhead([("Authorization", f"Bearer {at}")]),
                            {"message": {"token": F.pick(B64U, 22) + ":APA91b" + F.pick(B64U, 134), "notification": {"title": "Order shipped", "body": "Your parcel is on its way"}, "data": {"order": "100233"}}}),
                    response(200, rhead(), {"name": msg})),
        interaction(request("POST", f"https://api.push.apple.com/3/device/{dev}", jhead([("authorization", f"bearer {apns}"), ("apns-topic", topic), ("apns-push-type", "alert"), ("apns-priority", "10")]),
                            {"aps": {"alert": {"title": "Order shipped", "body": "Your parcel is on its way"}, "sound": "default"}}),
                    response(200, [("apns-id", apns_id), ("apns-unique-id", F.uuid())]))]


@case("google-maps-signed-and-mapbox", "maps")
def _():
    gkey = S("AIza" + F.pick(B64U, 35), "other", "server-side Maps API key in a signed URL (not the public Firebase case)")
    sig = S(b64u_nopad(F.bytes(20)) + "=", "other", "URL signature= of a Static Maps request")
    pk = O("pk.eyJ1IjoiYWNtZS1tYXBzIiwiYSI6I" + F.b64url(20) + "." + F.b64url(22), "public", "Mapbox public token pk.")
    sk = S("sk.eyJ1IjoiYWNtZS1tYXBzIiwiYSI6I" + F.b64url(20) + "." + F.b64url(22), "other", "Mapbox secret token sk.")
    place = O("ChIJ" + F.pick(B64U, 23), "identifiers", "place_id")
    style = O("acme-maps/cl" + F.pick(LOAN, 23), "identifiers", "style id")
    return [
        interaction(request("GET", f"https://maps.googleapis.com/maps/api/staticmap?center=place_id:{place}&zoom=15&size=600x300&key={gkey}&signature={sig}"), response(200, [("Content-Type", "image/png")], b"\x89PNG\r\n\x1a\n" + F.bytes(24))),
        interaction(request("GET", f"https://api.mapbox.com/styles/v1/{style}?access_token={pk}"), response(200, rhead(), {"version": 8, "name": "Acme Streets", "owner": "acme-maps", "id": style.split("/")[1]})),
        interaction(request("GET", f"https://api.mapbox.com/tokens/v2/acme-maps?access_token={sk}"), response(200, rhead(), [{"client": "api", "usage": "pk", "token": pk, "note": "web"}]))]


@case("algolia-search-and-admin", "search")
def _():
    app = O(F.pick(UPAN, 10), "public", "X-Algolia-Application-Id")
    search = O(F.hex(32), "public", "search-only API key: public by design (contestable)")
    admin = S(F.hex(32), "other", "admin API key on the indexing call")
    qid = O(F.hex(32), "identifiers", "queryID of the search response (same shape as the keys)")
    obj = O("sku-" + F.digits(7), "identifiers", "objectID")
    task = O(F.digits(9), "identifiers", "taskID")
    return [
        interaction(request("POST", f"https://{app.lower()}-dsn.algolia.net/1/indexes/products/query", jhead([("X-Algolia-Application-Id", app), ("X-Algolia-API-Key", search)]), {"params": "query=rain%20jacket&hitsPerPage=1&clickAnalytics=true"}),
                    response(200, rhead(), {"hits": [{"objectID": obj, "name": "Trail Jacket"}], "nbHits": 1, "queryID": qid, "processingTimeMS": 1})),
        interaction(request("POST", f"https://{app.lower()}.algolia.net/1/indexes/products/batch", jhead([("X-Algolia-Application-Id", app), ("X-Algolia-API-Key", admin)]), {"requests": [{"action": "partialUpdateObject", "body": {"objectID": obj, "stock": 11}}]}),
                    response(200, rhead(), {"taskID": int(task), "objectIDs": [obj]}))]


@case("launchdarkly-and-posthog", "feature flags")
def _():
    sdk = S("sdk-" + F.uuid(), "other", "LaunchDarkly server SDK key in Authorization")
    cside = O(F.hex(24), "public", "LaunchDarkly client-side id: public by design")
    api = S("api-" + F.uuid(), "other", "LaunchDarkly REST API token")
    phc = O("phc_" + F.alnum(43), "public", "PostHog project API key: public by design")
    phx = S("phx_" + F.alnum(43), "other", "PostHog personal API key")
    flag = O("checkout-v3-rollout-" + F.pick(LO, 4), "other", "flag key")
    return [
        interaction(request("GET", "https://sdk.launchdarkly.com/sdk/latest-all", [("Authorization", sdk), ("User-Agent", "GoClient/7.6.1")]),
                    response(200, rhead(), {"flags": {flag: {"key": flag, "version": 31, "on": True, "salt": F.hex(32), "variations": [True, False]}}, "segments": {}})),
        interaction(request("GET", f"https://clientsdk.launchdarkly.com/sdk/evalx/{cside}/contexts/" + b64u_json({"kind": "user", "key": "anon-" + F.hex(8)})), response(200, rhead(), {flag: {"value": True, "version": 31}})),
        interaction(request("PATCH", f"https://app.launchdarkly.com/api/v2/flags/default/{flag}", jhead([("Authorization", api)]), [{"op": "replace", "path": "/environments/production/on", "value": False}]), response(200, rhead(), {"key": flag})),
        interaction(request("POST", "https://eu.i.posthog.com/batch/", jhead(), {"api_key": phc, "batch": [{"event": "$pageview", "distinct_id": "anon-" + F.hex(8), "properties": {"$current_url": "https://shop.acme.example/"}}]}), response(200, rhead(), {"status": 1})),
        interaction(request("GET", "https://eu.posthog.com/api/projects/@current/feature_flags/", [("Authorization", f"Bearer {phx}")]), response(200, rhead(), {"count": 1, "results": [{"key": flag, "active": True}]}))]

# ----- IoT / video / storage / CRM / crypto / games ---------------------------------------------

@case("azure-iothub-sas-and-device-keys", "IoT")
def _():
    hub = O("iot-fleet-" + F.pick(LOAN, 5), "identifiers", "IoT Hub name")
    dev = O("thermo-" + F.digits(6), "identifiers", "device id")
    sig = S(F.b64std(32), "encoding", "sig= of a SharedAccessSignature, URL-encoded inside the header")
    pk = S(F.b64std(32), "structure", "authentication.symmetricKey.primaryKey")
    sk = S(F.b64std(32), "structure", "authentication.symmetricKey.secondaryKey")
    etag = O(F.b64std(8).rstrip("="), "identifiers", "device etag")
    gen = O(F.digits(18), "identifiers", "generationId")
    sas = f"SharedAccessSignature sr={hub}.azure-devices.net&sig={q(sig)}&se=1796004847&skn=registryReadWrite"
    return [interaction(request("PUT", f"https://{hub}.azure-devices.net/devices/{dev}?api-version=2021-04-12", jhead([("Authorization", sas), ("If-Match", "*")]),
                                {"deviceId": dev, "status": "enabled", "authentication": {"type": "sas", "symmetricKey": {"primaryKey": "", "secondaryKey": ""}}}),
                        response(200, rhead(extra=[("x-ms-request-id", F.uuid())]),
                                 {"deviceId": dev, "generationId": gen, "etag": etag, "connectionState": "Disconnected", "status": "enabled",
                                  "authentication": {"symmetricKey": {"primaryKey": pk, "secondaryKey": sk}, "x509Thumbprint": {"primaryThumbprint": None, "secondaryThumbprint": None}, "type": "sas"},
                                  "capabilities": {"iotEdge": False}}))]


@case("twitch-helix-and-stream-key", "video")
def _():
    cid = O(F.pick(LOAN, 30), "public", "Client-Id: 30 lowercase alphanumerics, same shape as the token")
    tok = S(F.pick(LOAN, 30), "other", "user access token in Authorization")
    key = S("live_" + F.digits(9) + "_" + F.alnum(30), "other", "stream_key in the Helix response")
    bid = O(F.digits(9), "identifiers", "broadcaster_id")
    mux_id = O(F.uuid(), "public", "Mux access token id (Basic user)")
    mux_sec = S(F.b64std(57).rstrip("=")[:75], "other", "Mux token secret (Basic password)")
    play = O(F.pick(AN, 44), "identifiers", "Mux playback id")
    return [
        interaction(request("GET", f"https://api.twitch.tv/helix/streams/key?broadcaster_id={bid}", [("Client-Id", cid), ("Authorization", f"Bearer {tok}")]),
                    response(200, rhead(extra=[("Ratelimit-Remaining", "799")]), {"data": [{"stream_key": key}]})),
        interaction(request("POST", "https://api.mux.com/video/v1/assets", jhead([("Authorization", basic(mux_id, mux_sec))]), {"input": [{"url": "https://storage.acme.example/raw/talk.mp4"}], "playback_policy": ["signed"]}),
                    response(201, rhead(), {"data": {"id": O(F.pick(AN, 40), "identifiers", "Mux asset id"), "status": "preparing", "playback_ids": [{"policy": "signed", "id": play}], "created_at": "1796001247"}})),
        interaction(request("GET", f"https://api.mux.com/system/v1/signing-keys/{mux_id}", [("Authorization", basic(mux_id, mux_sec))]),
                    response(200, rhead(), {"data": {"id": mux_id, "created_at": "1796001247"}}))]


@case("backblaze-b2-and-dropbox", "storage")
def _():
    kid = O("005" + F.hex(21), "public", "B2 applicationKeyId (Basic user, also in the response)")
    appkey = S("K005" + F.pick(AN + "/+", 27), "other", "B2 applicationKey (Basic password)")
    atok = S("4_005" + F.hex(21) + "_01" + F.hex(6) + "_acct_" + F.b64url(28) + "=", "other", "authorizationToken")
    acct = O(F.hex(12), "identifiers", "accountId")
    dbx = S("sl.u." + F.b64url(140), "other", "Dropbox short-lived access token")
    chash = O(F.hex(64), "public", "Dropbox content_hash")
    rev = O(F.hex(9) + "0000000" + F.hex(3), "identifiers", "file rev")
    return [
        interaction(request("GET", "https://api.backblazeb2.com/b2api/v3/b2_authorize_account", [("Authorization", basic(kid, appkey))]),
                    response(200, rhead(), {"accountId": acct, "apiInfo": {"storageApi": {"apiUrl": "https://api005.backblazeb2.com", "downloadUrl": "https://f005.backblazeb2.com", "bucketName": "acme-backups", "capabilities": ["listFiles", "readFiles"]}},
                                            "applicationKeyExpirationTimestamp": None, "authorizationToken": atok, "applicationKeyId": kid})),
        interaction(request("POST", "https://content.dropboxapi.com/2/files/upload", [("Authorization", f"Bearer {dbx}"), ("Content-Type", "application/octet-stream"), ("Dropbox-API-Arg", json.dumps({"path": "/Reports/q4-summary.csv", "mode": "overwrite", "mute": True}))], b"region,total\nEU,1200\n"),
                    response(200, rhead(), {"name": "q4-summary.csv", "path_lower": "/reports/q4-summary.csv", "id": O("id:" + F.b64url(22), "identifiers", "Dropbox file id"), "rev": rev, "size": 21, "content_hash": chash}))]


@case("salesforce-soap-login", "HR/CRM SaaS")
def _():
    user = O("integration.bot@acme-" + F.pick(LO, 4) + ".example", "identifiers", "Salesforce username: a service login in e-mail form (contestable)")
    pw = S(F.password(14), "other", "password part of the SOAP login")
    sectok = S(F.alnum(25), "other", "security token appended to the password")
    sid = S("00D" + F.pick(AN, 12) + "!AQ" + F.pick(AN + ".", 4) + "." + F.pick(AN + "._", 90), "other", "sessionId")
    org = O("00D" + F.pick(AN, 15), "identifiers", "organizationId")
    uid = O("005" + F.pick(AN, 15), "identifiers", "userId")
    server = O(f"https://acme-{F.pick(LO, 4)}.my.salesforce.com/services/Soap/u/62.0/{org}", "identifiers", "serverUrl")
    req = f"""<?xml version="1.0" encoding="utf-8"?><env:Envelope xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:env="http://schemas.xmlsoap.org/soap/envelope/"><env:Body><n1:login xmlns:n1="urn:partner.soap.sforce.com"><n1:username>{user}</n1:username><n1:password>{pw}{sectok}</n1:password></n1:login></env:Body></env:Envelope>"""
    S(pw + sectok, "other", "concatenated password+token as sent")
    resp = f"""<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns="urn:partner.soap.sforce.com"><soapenv:Body><loginResponse><result><metadataServerUrl>{server.replace('/u/', '/m/')}</metadataServerUrl><passwordExpired>false</passwordExpired><sandbox>false</sandbox><serverUrl>{server}</serverUrl><sessionId>{sid}</sessionId><userId>{uid}</userId><userInfo><organizationId>{org}</organizationId><userName>{user}</userName></userInfo></result></loginResponse></soapenv:Body></soapenv:Envelope>"""
    return [interaction(request("POST", "https://login.salesforce.com/services/Soap/u/62.0", [("Content-Type", "text/xml; charset=UTF-8"), ("SOAPAction", "login")], req),
                        response(200, rhead("text/xml;charset=UTF-8"), resp))]


@case("hubspot-contacts-csv-export", "HR/CRM SaaS")
def _():
    pat = S("pat-eu1-" + F.uuid(), "other", "HubSpot private app token")
    e1 = S(email("marta", "nowak", "wp.pl"), "other", "contact e-mail in a CSV cell")
    e2 = S(email("jonas", "weber", "t-online.de"), "other", "contact e-mail in a CSV cell")
    portal = O(F.digits(8), "identifiers", "portalId")
    c1 = O(F.digits(11), "identifiers", "hs_object_id of a contact")
    after = O(F.digits(11), "public", "paging.next.after cursor")
    exporter = S(email("katrin", "vogel", "gmx.net"), "identifiers", "exporting user's address inside an RFC 5987 filename*= (percent-encoded)")
    tail = O("_Q4-Kampagne-" + F.pick(LOAN, 6) + ".csv", "identifiers", "rest of the file name after the address, with its extension")
    disposition = "attachment; filename=\"contacts-export.csv\"; filename*=UTF-8''" + q("Export für " + exporter + tail)
    csv_body = f"Record ID,First Name,Email,Lifecycle Stage,Create Date\r\n{c1},Marta,{e1},customer,2026-04-02 10:11\r\n{F.digits(11)},Jonas,{e2},lead,2026-11-29 08:01\r\n"
    return [
        interaction(request("GET", "https://api.hubapi.com/crm/v3/objects/contacts?limit=1&properties=email", [("Authorization", f"Bearer {pat}")]),
                    response(200, rhead(extra=[("X-HubSpot-Correlation-Id", O(F.uuid(), "identifiers", "X-HubSpot-Correlation-Id"))]), {"results": [{"id": c1, "properties": {"email": e1, "hs_object_id": c1}, "archived": False}], "paging": {"next": {"after": after, "link": f"https://api.hubapi.com/crm/v3/objects/contacts?after={after}"}}})),
        interaction(request("GET", f"https://api-eu1.hubspot.com/crm-exports/v1/download/{F.digits(9)}?portalId={portal}", [("Authorization", f"Bearer {pat}")]),
                    response(200, [("Content-Type", "text/csv; charset=UTF-8"), ("Content-Disposition", disposition)], csv_body))]


@case("binance-signed-and-coinbase-jwt", "crypto exchanges")
def _():
    key = S(F.alnum(64), "names", "X-MBX-APIKEY (Binance treats the API key as private; contestable)")
    qs = f"symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTC&quantity=0.0021&price=61250.10&recvWindow=5000&timestamp=1796001247512"
    sig = S(F.hex(64), "other", "signature= of a signed Binance request")
    oid = O(F.digits(11), "identifiers", "orderId")
    coid = O("web_" + F.hex(28), "identifiers", "clientOrderId: random-looking, not a secret")
    kname = f"organizations/{F.uuid()}/apiKeys/{F.uuid()}"
    cb_jwt = S(jwt({"sub": kname, "iss": "cdp", "nbf": 1796001247, "exp": 1796001367, "uri": "POST api.coinbase.com/api/v3/brokerage/orders"}, alg="ES256", sig=64, kid=kname), "other", "Coinbase CDP JWT")
    cb_order = O(F.uuid(), "identifiers", "Coinbase order id")
    return [
        interaction(request("POST", f"https://api.binance.com/api/v3/order?{qs}&signature={sig}", [("X-MBX-APIKEY", key)]),
                    response(200, rhead(extra=[("x-mbx-used-weight-1m", "3"), ("x-mbx-order-count-10s", "1")]),
                             {"symbol": "BTCUSDT", "orderId": int(oid), "orderListId": -1, "clientOrderId": coid, "transactTime": 1796001247530, "price": "61250.10000000", "status": "NEW"})),
        interaction(request("POST", "https://api.coinbase.com/api/v3/brokerage/orders", jhead([("Authorization", f"Bearer {cb_jwt}")]),
                            {"client_order_id": F.uuid(), "product_id": "ETH-EUR", "side": "SELL", "order_configuration": {"market_market_ioc": {"base_size": "0.15"}}}),
                    response(200, rhead(), {"success": True, "success_response": {"order_id": cb_order, "product_id": "ETH-EUR", "side": "SELL"}}))]


@case("steam-and-playfab", "game backends")
def _():
    skey = S(F.hex(32).upper(), "other", "Steam Web API key in ?key=")
    steamid = O("7656119" + F.digits(10), "identifiers", "steamid")
    title = F.pick(HXU, 5)
    O(title + ".playfabapi.com", "identifiers", "PlayFab title host (TitleId)")
    secret = S(F.pick(UPAN, 52), "names", "X-SecretKey header")
    ticket = S(F.hex(16).upper() + "-" + F.hex(16).upper() + "-" + F.hex(16).upper() + "-" + title + "-" + F.hex(15).upper() + "-" + F.b64std(32), "other", "SessionTicket")
    pfid = O(F.hex(16).upper(), "identifiers", "PlayFabId")
    ent = S("NHxBQ0" + F.b64std(120), "other", "EntityToken")
    return [
        interaction(request("GET", f"https://api.steampowered.com/ISteamUser/GetPlayerSummaries/v2/?key={skey}&steamids={steamid}"),
                    response(200, rhead(), {"response": {"players": [{"steamid": steamid, "personaname": "nightowl_88", "profileurl": f"https://steamcommunity.com/profiles/{steamid}/"}]}})),
        interaction(request("POST", f"https://{title}.playfabapi.com/Server/AuthenticateSessionTicket", jhead([("X-SecretKey", secret), ("X-PlayFabSDK", "UnrealMarketplacePlugin-1.112.241108")]), {"SessionTicket": ticket}),
                    response(200, rhead(), {"code": 200, "status": "OK", "data": {"UserInfo": {"PlayFabId": pfid, "TitleInfo": {"DisplayName": "nightowl_88"}}, "IsSessionTicketExpired": False}})),
        interaction(request("POST", f"https://{title}.playfabapi.com/Authentication/GetEntityToken", jhead([("X-SecretKey", secret)]), {}),
                    response(200, rhead(), {"code": 200, "data": {"EntityToken": ent, "TokenExpiration": "2026-12-01T09:14:07.1Z", "Entity": {"Id": title, "Type": "title"}}}))]


@case("digest-proxy-and-camera", "IoT")
def _():
    realm = O("AXIS_ACCC8E" + F.hex(6).upper(), "challenges", "camera Digest realm")
    nonce = O(F.b64std(36).rstrip("="), "challenges", "Digest nonce (server challenge)")
    opaque = O(F.hex(32), "challenges", "Digest opaque")
    pnonce = O(F.hex(40), "challenges", "Proxy-Authenticate nonce")
    presp = S(F.hex(64), "challenges", "Proxy-Authorization response= (SHA-256)")
    cnonce = S(F.hex(32), "challenges", "cnonce of the camera Digest credential")
    resp = S(F.hex(64), "challenges", "Authorization response= (SHA-256-sess)")
    proxy_realm = "squid-egress-" + F.pick(LO, 3)
    www = f'Digest realm="{realm}", nonce="{nonce}", algorithm=SHA-256-sess, qop="auth", opaque="{opaque}"'
    prox = f'Digest realm="{proxy_realm}", nonce="{pnonce}", qop="auth", stale=false, algorithm=SHA-256'
    pcred = f'Digest username="cam-poller", realm="{proxy_realm}", nonce="{pnonce}", uri="cam-17.site.example:443", algorithm=SHA-256, cnonce="{F.hex(16)}", nc=00000001, qop=auth, response="{presp}"'
    cred = f'Digest username="viewer", realm="{realm}", nonce="{nonce}", uri="/axis-cgi/jpg/image.cgi?resolution=640x480", algorithm=SHA-256-sess, cnonce="{cnonce}", nc=00000001, qop=auth, response="{resp}", opaque="{opaque}"'
    url = "https://cam-17.site.example/axis-cgi/jpg/image.cgi?resolution=640x480"
    return [
        interaction(request("GET", url), response(407, [("Proxy-Authenticate", prox), ("Content-Length", "0")])),
        interaction(request("GET", url, [("Proxy-Authorization", pcred)]), response(401, [("WWW-Authenticate", www), ("Content-Type", "text/html")], f"<HTML><HEAD><TITLE>401 Unauthorized</TITLE></HEAD><BODY>Authentication to {realm} required</BODY></HTML>")),
        interaction(request("GET", url, [("Proxy-Authorization", pcred), ("Authorization", cred)]), response(200, [("Content-Type", "image/jpeg")], b"\xff\xd8\xff\xe0" + F.bytes(28) + b"\xff\xd9"))]


# ----- public, idempotence, names ----------------------------------------------------------------

@case("i18n-catalogue-password-keys", "localisation SaaS")
def _():
    tok = S(F.hex(40), "names", "X-Api-Token of the translation platform")
    t1 = O("Passwort vergessen? Link anfordern", "public", "translation whose key names a password")
    t2 = O("Ihr Zugangstoken ist abgelaufen – bitte erneut anmelden", "public", "translation whose key names a token")
    t3 = O("Geheimer Schlüssel (nur Administratoren)", "public", "translation whose key names a secret key")
    t4 = O("Mot de passe trop court : 12 caractères minimum", "public", "French translation of the password policy")
    pid = O(F.digits(9) + "." + F.hex(8), "identifiers", "project id")
    return [interaction(request("GET", f"https://api.lokalise.com/api2/projects/{pid}/keys?include_translations=1&limit=4", [("X-Api-Token", tok)]),
                        response(200, rhead(extra=[("X-Pagination-Total-Count", "4")]), {"project_id": pid, "keys": [
                            {"key_id": 1001, "key_name": {"web": "auth.password.forgot"}, "translations": [{"language_iso": "de", "translation": t1}]},
                            {"key_id": 1002, "key_name": {"web": "auth.token.expired"}, "translations": [{"language_iso": "de", "translation": t2}]},
                            {"key_id": 1003, "key_name": {"web": "settings.secret_key.label"}, "translations": [{"language_iso": "de", "translation": t3}]},
                            {"key_id": 1004, "key_name": {"web": "auth.password.policy"}, "translations": [{"language_iso": "fr", "translation": t4}]},
                            {"key": "auth.password.label", "value": "Passwort"}]}))]


@case("masked-key-hints-and-placeholders", "admin consoles")
def _():
    admin = S("sk-admin-" + F.b64url(60), "other", "admin key in Authorization")
    new_key = S("sk-proj-" + F.b64url(156), "other", "value of a newly created key (shown once)")
    hint1 = O("sk-proj-****" + F.alnum(4), "idempotence", "redacted_value of a listed key")
    hint2 = O("sk-svca...." + F.alnum(4), "idempotence", "redacted_value of a service account key")
    last8 = O(F.alnum(8), "idempotence", "token_last_eight of a GitHub token listing")
    enc = O("$encrypted$", "idempotence", "AWX placeholder for an encrypted credential input")
    vault_k = O("key_" + F.alnum(16), "public", "key id")
    ssh = F.openssh_key()
    S(ssh[1], "other", "a line of an SSH private key sent in an AWX credential create")
    bp = S(F.password(16), "other", "become_password in the AWX credential create")
    return [
        interaction(request("GET", "https://api.openai.com/v1/organization/admin_api_keys?limit=2", [("Authorization", f"Bearer {admin}")]),
                    response(200, rhead(), {"object": "list", "data": [{"object": "organization.admin_api_key", "id": vault_k, "name": "ci", "redacted_value": hint1, "created_at": 1790000000},
                                                                       {"object": "organization.admin_api_key", "id": "key_" + F.alnum(16), "name": "billing", "redacted_value": hint2, "created_at": 1790000001}]})),
        interaction(request("POST", "https://api.openai.com/v1/organization/projects/proj_" + F.alnum(24) + "/api_keys", jhead([("Authorization", f"Bearer {admin}")]), {"name": "etl"}),
                    response(200, rhead(), {"object": "organization.project.api_key", "id": "key_" + F.alnum(16), "value": new_key, "redacted_value": "sk-proj-****" + new_key[-4:]})),
        interaction(request("GET", "https://api.github.com/orgs/acme/personal-access-tokens?per_page=1", [("Authorization", "Bearer " + S(gh_token("ghp_"), "other", "PAT"))]),
                    response(200, rhead(), [{"id": 25381, "owner": {"login": "octo-ops"}, "token_id": 90211, "token_name": "deploy", "token_expired": False, "token_last_eight": last8}])),
        interaction(request("POST", "https://awx.acme.example/api/v2/credentials/", jhead([("Authorization", "Bearer " + S(F.alnum(30), "other", "AWX OAuth2 token"))]),
                            {"name": "deploy-ssh", "credential_type": 1, "organization": 1, "inputs": {"username": "deploy", "ssh_key_data": ssh[0], "become_method": "sudo", "become_password": bp}}),
                    response(201, rhead(), {"id": 41, "name": "deploy-ssh", "inputs": {"username": "deploy", "ssh_key_data": enc, "become_method": "sudo", "become_password": enc}}))]


@case("compound-secret-names-settings", "config dumps")
def _():
    a = S(F.alnum(32), "names", "read_only_rest_token: compound name ending in token")
    b = S(F.b64url(40), "names", "ciPushSecretKeyV2: camelCase compound with a version suffix")
    c = S(F.password(16), "names", "smtpAuthPw: abbreviation of password")
    d = S(F.hex(48), "names", "X-Identity-Header request header")
    e = S(F.b64url(36), "names", "x-upstream-authorization header")
    f_ = S(F.password(18), "names", "MYAPP__DATABASE__PASSWD: double-underscore nesting")
    o1 = O("Ingrid Halvorsen-" + F.pick(LO, 3), "names", "secretary_name: a name word that contains 'secret'")
    o2 = O("sentencepiece-" + F.pick(LOAN, 6), "names", "tokenizer_model: 'token' inside a longer word")
    o3 = O("de-nodeadkeys-" + F.pick(LO, 3), "names", "keyboard_layout: 'key' inside a longer word")
    o4 = O("passwordless-magic-" + F.pick(LO, 4), "names", "auth_mode value containing 'password'")
    o5 = O("2026.11." + F.digits(2) + "-tokenbucket", "names", "rate_limiter value containing 'token'")
    body = {"integrations": {"read_only_rest_token": a, "ciPushSecretKeyV2": b, "tokenizer_model": o2, "rate_limiter": o5},
            "mail": {"smtpHost": "smtp.acme.example", "smtpAuthPw": c, "secretary_name": o1},
            "ui": {"keyboard_layout": o3, "auth_mode": o4, "passwordPolicyMinLength": 12},
            "env": ["MYAPP__DATABASE__HOST=pg.internal", f"MYAPP__DATABASE__PASSWD={f_}"]}
    return [interaction(request("GET", "https://admin.acme.example/api/settings/export", [("X-Identity-Header", d), ("x-upstream-authorization", e)]), response(200, rhead(), body))]


@case("ci-log-shell-exports", "CI/CD")
def _():
    p1 = S(F.password(18), "names", "export DB_PASS='...' in a CI log")
    p2 = S(F.password(16), "names", "PGPASSWORD=... psql")
    p3 = S(F.password(14), "names", "mysql -p'...'")
    p4 = S("dckr_pat_" + F.pick(B64U, 27), "names", "docker login -p ...")
    p5 = S(F.hex(40), "names", "curl -H 'X-Api-Key: ...'")
    sha = O(F.hex(40), "identifiers", "GIT_COMMIT in the same log")
    host = O("DB_HOST=pg-ci-" + F.pick(LOAN, 5) + ".internal", "names", "export of a non-secret variable")
    job = O(F.digits(10), "identifiers", "job id")
    log = (f"\x1b[0KRunning with gitlab-runner 17.5.3 (12030cf4)\x1b[0;m\n$ export {host}\n$ export DB_PASS='{p1}'\n$ export GIT_COMMIT={sha}\n"
           f"$ PGPASSWORD={p2} psql -h pg-ci -U ci -c 'select 1'\n ?column? \n----------\n        1\n$ mysql -u root -p'{p3}' -e 'SHOW DATABASES'\n"
           f"$ docker login -u acmebuild -p {p4} registry-1.docker.io\nWARNING! Using --password via the CLI is insecure. Use --password-stdin.\nLogin Succeeded\n"
           f"$ curl -fsS -H 'X-Api-Key: {p5}' https://status.acme.example/api/deploys\n{{\"ok\":true}}\nJob succeeded\n")
    return [interaction(request("GET", f"https://gitlab.acme.example/api/v4/projects/88/jobs/{job}/trace", [("PRIVATE-TOKEN", S("glpat-" + F.pick(B64U, 20), "other", "PRIVATE-TOKEN"))]),
                        response(200, rhead("text/plain; charset=utf-8", [("X-Request-Id", F.pick(UPAN, 26))]), log))]

# ----- additions: padded JWTs, base64url JSON headers, signed path segments, echoes -------------

@case("padded-jwt-and-userinfo-headers", "identity providers")
def _():
    person = S(email("rafael", "gomez", "gmail.com"), "encoding", "email inside base64url JSON X-Apigateway-Api-Userinfo and a padded JWT payload")
    padded = jwt({"iss": "https://sso.legacy.acme.example", "sub": "u-" + F.digits(7), "email": person, "exp": 1796004847, "roles": ["billing"]}, kid=F.hex(8), pad=True)
    assert "=" in padded
    S(padded, "encoding", "JWT whose segments keep '=' padding (legacy Java SSO)")
    userinfo = b64u_json({"iss": "https://securetoken.google.com/acme-api", "sub": F.alnum(28), "email": person, "email_verified": True, "aud": "acme-api"}, pad=True)
    cf = S(jwt({"aud": [F.hex(64)], "email": person, "iss": "https://acme.cloudflareaccess.com", "type": "app", "identity_nonce": F.alnum(16)}, kid=F.hex(64)), "other", "Cf-Access-Jwt-Assertion and CF_Authorization cookie")
    ray = O(F.hex(16) + "-FRA", "identifiers", "Cf-Ray")
    trace = O(F.hex(32) + "/" + F.digits(19) + ";o=1", "identifiers", "X-Cloud-Trace-Context")
    cfg = O("acme-api-config-" + F.hex(8), "identifiers", "API Gateway config id")
    return [
        interaction(request("GET", "https://billing-backend-" + F.pick(LOAN, 10) + "-ew.a.run.app/v1/me", [("Authorization", f"Bearer {padded}"), ("X-Apigateway-Api-Userinfo", userinfo),
                            ("X-Cloud-Trace-Context", trace), ("X-Apigateway-Config", cfg), ("Forwarded", 'for="203.0.113.7";proto=https')]),
                    response(200, rhead(), {"user": {"roles": ["billing"]}, "session": {"token": padded, "expires": 1796004847}})),
        interaction(request("GET", "https://grafana.acme.example/api/user", [("Cf-Access-Jwt-Assertion", cf), ("Cookie", f"CF_Authorization={cf}"), ("Cf-Ray", ray), ("Cf-Connecting-Ip", "203.0.113.7")]),
                    response(200, rhead(extra=[("Cf-Ray", ray)]), {"id": 7, "login": "rgomez", "orgId": 1, "isGrafanaAdmin": False}))]


@case("signed-path-segments", "signed URLs")
def _():
    thumbor_sig = S(b64u_nopad(F.bytes(20)) + "=", "encoding", "Thumbor HMAC signature as the first path segment")
    akamai_hmac = S(F.hex(64), "encoding", "hmac= of an Akamai token inside a path segment")
    acl = O("exp=1796004847~acl=/hls/live/2041877/acme-tv/*", "encoding", "exp and acl fields of the same token: public parameters")
    camo = O(F.hex(40), "public", "Camo URL digest: HMAC over a public image URL, present in public HTML (contestable)")
    img = O("uploads/2026/11/cover-" + F.hex(12) + ".jpg", "identifiers", "image path after the signed segment")
    cld = S("s--" + F.pick(B64U, 8) + "--", "encoding", "Cloudinary signed delivery component")
    cld_ver = O("v17960" + F.digits(5), "identifiers", "Cloudinary version component")
    target = "https://cdn.acme.example/" + img
    return [
        interaction(request("GET", f"https://img.acme.example/{thumbor_sig}/640x360/smart/filters:format(webp)/{q(target)}"), response(200, [("Content-Type", "image/webp"), ("Cache-Control", "public, max-age=31536000")], b"RIFF" + F.bytes(24))),
        interaction(request("GET", f"https://acmetv-lh.akamaihd.net/hls/live/2041877/acme-tv/hdntl={acl}~hmac={akamai_hmac}/master.m3u8"),
                    response(200, [("Content-Type", "application/vnd.apple.mpegurl")], "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-STREAM-INF:BANDWIDTH=2149280,RESOLUTION=1280x720\nindex_720.m3u8\n")),
        interaction(request("GET", f"https://camo.githubusercontent.com/{camo}/{target.encode().hex()}"), response(200, [("Content-Type", "image/jpeg")], b"\xff\xd8\xff" + F.bytes(16))),
        interaction(request("GET", f"https://res.cloudinary.com/acme/image/authenticated/{cld}/c_fill,w_400/{cld_ver}/invoices/scan-{F.digits(6)}.png"), response(200, [("Content-Type", "image/png")], b"\x89PNG\r\n\x1a\n" + F.bytes(16)))]


@case("verification-failures-echo-parts", "webhooks")
def _():
    sent = S("sha256=" + F.hex(64), "echoes", "signature sent in X-Signature-256, echoed in the 401 body")
    expected = S("sha256=" + F.hex(64), "echoes", "the receiver's computed (valid) signature leaked in the 401 body")
    kong_key = F.alnum(32)
    S(kong_key, "echoes", "Kong key-auth key echoed alone in the error body")
    mc_key = F.hex(32)
    S(mc_key, "echoes", "Mailchimp key without its -us21 suffix, echoed alone in an error detail")
    dc = O("us21.api.mailchimp.com", "echoes", "Mailchimp data-centre host: the public suffix of the key")
    delivery = O("dlv_" + F.pick(LOAN, 22), "identifiers", "delivery id")
    inst = O(F.uuid(), "identifiers", "problem instance id")
    return [
        interaction(request("POST", "https://hooks.partner.example/inbound", [("Content-Type", "application/json"), ("X-Signature-256", sent), ("X-Delivery-Id", delivery)], {"event": "shipment.created", "id": "shp_" + F.alnum(12)}),
                    response(401, rhead(), {"error": "signature_mismatch", "received": sent, "expected": expected, "delivery": delivery})),
        interaction(request("GET", "https://gw.acme.example/orders/v2/health", [("apikey", kong_key)]),
                    response(401, rhead(extra=[("X-Kong-Response-Latency", "1"), ("X-Kong-Request-Id", F.hex(32))]), {"message": f"Invalid authentication credentials: no consumer for key '{kong_key}'"})),
        interaction(request("GET", f"https://{dc}/3.0/lists", [("Authorization", basic("anystring", f"{mc_key}-us21"))]),
                    response(401, rhead("application/problem+json"), {"type": "https://mailchimp.com/developer/marketing/docs/errors/", "title": "API Key Invalid", "status": 401,
                                                                       "detail": f"Your API key '{mc_key}' may be invalid, or you've attempted to access the wrong datacenter.", "instance": inst}))]

# ---------------------------------------------------------------------------------------------
# Run
# ---------------------------------------------------------------------------------------------

if __name__ == "__main__":
    SPLIT.main(cassette_views)
