"""Writes Tests/CassetteScrubbingTests/Corpus/Fresh/Blind/b-*.json and Fresh/Blind/manifest.json.

A held-out corpus ("Blind"), written for issue 20 without reading the scrubber, its tests, the other
corpora or the documents that say what the scrubber catches: every case is written anew from
providers' published API references and SDK fixtures as remembered, with seeded random values.
It is measured once, at the end, by someone else.

`S(value, klass, where)` records a secret (must not survive scrubbing in any spelling) and
`O(value, klass, where)` an ordinary value that must come through byte-identical. `klass` is the class
of issue 20. `cassette_views(path)` returns the decoded text views of a cassette (JSON strings, JSON
in strings, percent, HTML entities, quoted-printable, base64/base64url runs, gzip/zip/tar members,
binary as latin-1), for this script's self-check and for a measuring script to reuse.

Nothing here is a credential: every value is random (seeded) in the shape its provider issues.
Run: python3 Tools/corpus/make_blind.py (twice gives byte-identical files).
"""

import base64
import binascii
import gzip
import html
import io
import json
import os
import quopri
import re
import struct
import sys
import tarfile
import urllib.parse
import zipfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from cassettes import CORPUS, Fakes, basic, form, hop, interaction, multipart, q, request, response  # noqa: E402
from shapes import ALNUM, B64URL, DIGITS, HEX, LOWER, UPPER, github, mapbox, npm, openai  # noqa: E402

FOLDER = os.path.join("Fresh", "Blind")
f = Fakes(20261203)
FILES = []
MANIFEST = {"secrets": [], "ordinary": []}
CURRENT = {"name": None, "domain": None}

JSON = ("Content-Type", "application/json")
JSONU = ("Content-Type", "application/json; charset=utf-8")
FORM = ("Content-Type", "application/x-www-form-urlencoded")
HTML = ("Content-Type", "text/html; charset=utf-8")
XML = ("Content-Type", "application/xml")
TEXT = ("Content-Type", "text/plain; charset=utf-8")
SSE = ("Content-Type", "text/event-stream; charset=utf-8")
UA = ("User-Agent", "Cassette-Recorder/1.0 (Darwin; arm64)")
ACCEPT = ("Accept", "application/json")


def case(name, domain):
    CURRENT.update(name="b-" + name + ".json", domain=domain)


def _record(kind, value, klass, where):
    assert isinstance(value, str) and value, (CURRENT["name"], value)
    entry = {"class": klass, "domain": CURRENT["domain"], "file": CURRENT["name"], "value": value, "where": where}
    MANIFEST[kind].append(entry)
    return value


def S(value, klass, where):
    return _record("secrets", value, klass, where)


def O(value, klass, where):
    return _record("ordinary", value, klass, where)


def write(interactions):
    assert CURRENT["name"] not in FILES, CURRENT["name"]
    from cassettes import write_cassette
    write_cassette(FOLDER, CURRENT["name"], interactions)
    FILES.append(CURRENT["name"])


def ix(method, url, headers=(), body=None, status=200, rheaders=(JSON,), rbody=None, redirects=()):
    return interaction(request(method, url, list(headers), body), response(status, list(rheaders), rbody),
                       redirects=redirects)


def pw(n=20):
    return f.password(n)


def email():
    first = f.rng.choice(["anna", "jonas", "priya", "mateo", "li", "fatima", "oskar", "chloe", "emeka", "yuki"])
    last = f.rng.choice(["schmidt", "okafor", "tanaka", "garcia", "nowak", "haddad", "larsen", "moreau"])
    dom = f.rng.choice(["gmail.com", "outlook.com", "proton.me", "web.de", "yahoo.co.jp", "icloud.com"])
    return f"{first}.{last}{f.digits(2)}@{dom}"


def b64(data, url=False, pad=True):
    return f.b64(data if isinstance(data, bytes) else data.encode(), url=url, pad=pad)


def jwt(claims, alg="RS256", sig=256, pad=False, kid=None):
    head = {"alg": alg, "kid": kid or f.hex(16), "typ": "JWT"}

    def enc(v):
        t = base64.urlsafe_b64encode(json.dumps(v, separators=(",", ":")).encode()).decode()
        return t if pad else t.rstrip("=")

    s = base64.urlsafe_b64encode(f.bytes(sig)).decode()
    return enc(head) + "." + enc(claims) + "." + (s if pad else s.rstrip("="))


def now(i=0):
    return 1796000000 + i * 37


def rid():
    return f.uuid()


# Binary framings -------------------------------------------------------------------------------

def varint(n):
    out = b""
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out += bytes([b | 0x80])
        else:
            return out + bytes([b])


def pb_str(field, value):
    data = value if isinstance(value, bytes) else value.encode()
    return varint(field << 3 | 2) + varint(len(data)) + data


def pb_int(field, value):
    return varint(field << 3) + varint(value)


def grpc_frame(message, trailer=False):
    return bytes([0x80 if trailer else 0]) + struct.pack(">I", len(message)) + message


def thrift_str(fid, value):
    data = value.encode()
    return b"\x0b" + struct.pack(">h", fid) + struct.pack(">i", len(data)) + data


def msgpack_str(value):
    data = value.encode()
    if len(data) < 32:
        return bytes([0xA0 | len(data)]) + data
    return b"\xd9" + bytes([len(data)]) + data


def msgpack_map(pairs):
    out = bytes([0x80 | len(pairs)])
    for k, v in pairs:
        out += msgpack_str(k) + (msgpack_str(v) if isinstance(v, str) else v)
    return out


def zip_bytes(members):
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name, text in members:
            info = zipfile.ZipInfo(name, date_time=(2026, 11, 30, 9, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, text)
    return buf.getvalue()


def tgz_bytes(members):
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w", format=tarfile.USTAR_FORMAT) as t:
        for name, text in members:
            data = text.encode()
            info = tarfile.TarInfo(name)
            info.size, info.mtime, info.mode, info.uname, info.gname = len(data), 1796000000, 0o644, "root", "root"
            t.addfile(info, io.BytesIO(data))
    return gzip.compress(buf.getvalue(), mtime=0)


# Views -----------------------------------------------------------------------------------------

B64RUN = re.compile(r"[A-Za-z0-9+/_\-]{12,}={0,2}")


def _b64decode(run):
    text = run.rstrip("=")
    text = text.replace("-", "+").replace("_", "/")
    text += "=" * (-len(text) % 4)
    try:
        return base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError):
        return None


def _bytes_views(data, depth, out):
    if data[:2] == b"\x1f\x8b":
        try:
            _bytes_views(gzip.decompress(data), depth, out)
        except (OSError, EOFError):
            pass
    if data[:4] == b"PK\x03\x04":
        try:
            with zipfile.ZipFile(io.BytesIO(data)) as z:
                for name in z.namelist():
                    out.add(name)
                    _bytes_views(z.read(name), depth, out)
        except zipfile.BadZipFile:
            pass
    if len(data) >= 512 and data[257:262] == b"ustar":
        try:
            with tarfile.open(fileobj=io.BytesIO(data)) as t:
                for member in t.getmembers():
                    out.add(member.name)
                    handle = t.extractfile(member)
                    if handle:
                        _bytes_views(handle.read(), depth, out)
        except tarfile.TarError:
            pass
    latin = data.decode("latin-1")
    _text_views(latin, depth, out)
    try:
        _text_views(data.decode("utf-8"), depth, out)
    except UnicodeDecodeError:
        _text_views(data.decode("utf-8", "replace"), depth, out)


def _json_strings(value, acc):
    if isinstance(value, str):
        acc.append(value)
    elif isinstance(value, dict):
        for k, v in value.items():
            acc.append(k)
            _json_strings(v, acc)
    elif isinstance(value, list):
        for v in value:
            _json_strings(v, acc)
    elif value is not None and not isinstance(value, bool):
        acc.append(json.dumps(value))


def _text_views(text, depth, out):
    if text in out or depth > 4:
        return
    out.add(text)
    derived = []
    stripped = text.strip()
    if stripped[:1] in "{[\"":
        try:
            strings = []
            _json_strings(json.loads(stripped), strings)
            derived += strings
        except ValueError:
            pass
    for line in text.splitlines():  # NDJSON and framed lines
        s = line.strip()
        s = s[5:].strip() if s.startswith("data:") else s
        s = s.lstrip("0123456789:")
        if s[:1] in "{[" and s != stripped:
            try:
                strings = []
                _json_strings(json.loads(s), strings)
                derived += strings
            except ValueError:
                pass
    if "%" in text or "+" in text:
        derived += [urllib.parse.unquote(text), urllib.parse.unquote_plus(text)]
    if "&" in text:
        derived.append(html.unescape(text))
    if "=" in text:
        soft = text.replace("=\r\n", "").replace("=\n", "")
        try:
            derived.append(quopri.decodestring(soft.encode("latin-1", "replace")).decode("utf-8", "replace"))
        except ValueError:
            pass
    for sep in ("\x1e", "\\n"):
        if sep in text:
            derived += text.split(sep)
    for d in derived:
        if d != text:
            _text_views(d, depth + 1, out)
    if depth < 4:
        for run in B64RUN.findall(text):
            data = _b64decode(run)
            if data and len(data) >= 6:
                _bytes_views(data, depth + 1, out)


def cassette_views(path):
    """Decoded text views of one cassette file (a list of strings, the raw text first)."""
    with open(path, encoding="utf-8") as handle:
        raw = handle.read()
    out = set()
    _text_views(raw, 0, out)
    doc = json.loads(raw)
    for item in doc.get("interactions", []):
        for side in ("request", "response"):
            part = item.get(side) or {}
            body = part.get("body") or {}
            if "base64" in body:
                _bytes_views(base64.b64decode(body["base64"]), 1, out)
    views = sorted(out - {raw})
    return [raw] + views


def presence(folder, manifest):
    """For each manifest entry, whether its value stands in some view of its cassette under `folder`.

    Returns (secrets present, ordinary values absent) as lists of entries: on the corpus as written both
    must be (all, none); run on a scrubbed copy of the folder, the first list is what leaked and the
    second what was damaged.
    """
    cache = {}

    def found(entry):
        path = os.path.join(folder, entry["file"])
        if path not in cache:
            cache[path] = cassette_views(path)
        return any(entry["value"] in view for view in cache[path])

    return [e for e in manifest["secrets"] if found(e)], [e for e in manifest["ordinary"] if not found(e)]


def self_check():
    problems = []
    present, absent = presence(os.path.join(CORPUS, FOLDER), MANIFEST)
    ids = {id(e) for e in present}
    for entry in MANIFEST["secrets"]:
        if id(entry) not in ids:
            problems.append(f"secret not in {entry['file']}: {entry['value'][:60]!r} ({entry['where']})")
    for entry in absent:
        problems.append(f"ordinary not in {entry['file']}: {entry['value'][:60]!r} ({entry['where']})")
    for secret in MANIFEST["secrets"]:
        for ordinary in MANIFEST["ordinary"]:
            if secret["file"] != ordinary["file"]:
                continue
            if secret["value"] in ordinary["value"] or (len(ordinary["value"]) >= 4 and ordinary["value"] in secret["value"]):
                problems.append(f"secret and ordinary overlap in {secret['file']}: {secret['value'][:40]!r} / {ordinary['value'][:40]!r}")
    return problems


# =============================================================================================
# Structure around a secret name
# =============================================================================================

def vault_kv2():
    case("structure-vault-kv2-and-wrap", "config dumps")
    token = S("hvs." + f.alnum(24), "structure", "X-Vault-Token request header")
    dbp = S(pw(22), "structure", "data.data.db_password of a KV v2 read")
    apik = S(f.b64url(40), "structure", "data.data.payments_api_key")
    host = O("pg-primary.internal.example.net", "structure", "data.data.db_host beside the password")
    user = O("svc_billing", "structure", "data.data.db_user")
    reqid = O(rid(), "identifiers", "request_id of the Vault response")
    created = O("2026-11-29T17:04:11.203918Z", "structure", "metadata.created_time")
    wrapped = S("hvs.CAESI" + f.b64url(60), "structure", "wrap_info.token of a response-wrapped secret")
    accessor = O(f.alnum(24), "public", "wrap_info.accessor (an accessor is not a credential)")
    secret_id = S(f.uuid(), "structure", "data.secret_id of an AppRole secret-id response")
    sid_acc = O(f.uuid(), "public", "data.secret_id_accessor beside the secret_id")
    hdr = [("X-Vault-Token", token), ("X-Vault-Request", "true"), UA]
    write([
        ix("GET", "https://vault.example.net:8200/v1/kv/data/billing/prod", hdr, rheaders=[JSON, ("Cache-Control", "no-store")],
           rbody={"request_id": reqid, "lease_id": "", "renewable": False, "lease_duration": 0,
                  "data": {"data": {"db_host": host, "db_user": user, "db_password": dbp, "payments_api_key": apik},
                           "metadata": {"created_time": created, "custom_metadata": None, "deletion_time": "",
                                        "destroyed": False, "version": 7}}, "wrap_info": None, "warnings": None,
                  "auth": None, "mount_type": "kv"}),
        ix("POST", "https://vault.example.net:8200/v1/auth/approle/role/billing/secret-id",
           hdr + [("X-Vault-Wrap-TTL", "120s")], body={"metadata": "{\"team\":\"billing\"}"},
           rbody={"request_id": rid(), "lease_id": "", "renewable": False, "lease_duration": 0, "data": None,
                  "wrap_info": {"token": wrapped, "accessor": accessor, "ttl": 120, "creation_time": "2026-11-30T08:01:02Z",
                                "creation_path": "auth/approle/role/billing/secret-id", "wrapped_accessor": ""},
                  "warnings": None, "auth": None}),
        ix("POST", "https://vault.example.net:8200/v1/sys/wrapping/unwrap", [("X-Vault-Token", wrapped), UA],
           rbody={"request_id": rid(), "data": {"secret_id": secret_id, "secret_id_accessor": sid_acc, "secret_id_ttl": 0,
                                                 "secret_id_num_uses": 0}, "wrap_info": None}),
    ])


def azure_keyvault():
    case("structure-azure-keyvault-secret", "cloud SDKs")
    bearer = S(jwt({"aud": "https://vault.azure.net", "iss": "https://sts.windows.net/" + f.uuid() + "/",
                    "appid": f.uuid(), "oid": f.uuid(), "exp": now(9)}), "plain", "Authorization bearer of Key Vault")
    value = S(pw(26), "structure", "value of a Key Vault secret bundle")
    conn = S("DefaultEndpointsProtocol=https;AccountName=stinvoices" + f.pick(LOWER, 4) + ";AccountKey=" + f.b64std(64)
             + ";EndpointSuffix=core.windows.net", "structure", "value of a second secret (a storage connection string)")
    sid = O("https://kv-billing-weu.vault.azure.net/secrets/sql-admin-password/" + f.hex(32), "identifiers",
            "id of the secret (the URL names the secret, holds no value)")
    kid = O("https://kv-billing-weu.vault.azure.net/keys/cmk-invoices/" + f.hex(32), "public", "kid of a key")
    ctype = O("application/x-password", "structure", "contentType beside value")
    hdr = [("Authorization", "Bearer " + bearer), ("x-ms-client-request-id", rid()), UA]
    write([
        ix("GET", sid + "?api-version=7.4", hdr, rheaders=[JSONU, ("x-ms-keyvault-region", "westeurope"),
                                                         ("x-ms-request-id", rid())],
           rbody={"value": value, "contentType": ctype, "id": sid, "attributes": {"enabled": True, "created": now(1),
                  "updated": now(2), "recoveryLevel": "Recoverable+Purgeable", "recoverableDays": 90},
                  "tags": {"owner": "billing", "rotation": "90d"}}),
        ix("GET", "https://kv-billing-weu.vault.azure.net/secrets/storage-conn?api-version=7.4", hdr,
           rbody={"value": conn, "id": "https://kv-billing-weu.vault.azure.net/secrets/storage-conn/" + f.hex(32),
                  "attributes": {"enabled": True}, "kid": kid, "managed": False}),
    ])


def gcp_secret_manager():
    case("structure-gcp-secretmanager-access", "cloud SDKs")
    token = S("ya29.c." + f.b64url(180), "plain", "Authorization bearer of the Secret Manager call")
    payload = S(json.dumps({"smtp_user": "mailer", "smtp_pass": pw(18)}), "structure",
                "payload.data (base64) of accessSecretVersion, decoded")
    crc = O(str(f.rng.randrange(10**9, 4 * 10**9)), "identifiers", "payload.dataCrc32c")
    name = O("projects/" + f.digits(12) + "/secrets/smtp-credentials/versions/4", "identifiers", "name of the version")
    etag = O('"' + f.b64url(14) + '"', "identifiers", "etag of the secret version list")
    hdr = [("Authorization", "Bearer " + token), ("x-goog-api-client", "gl-python/3.12.4 grpc/1.66.1 gax/2.19.2 gapic/2.20.2"),
           ("x-goog-request-params", "name=" + q(name)), UA]
    write([
        ix("GET", "https://secretmanager.googleapis.com/v1/" + name + ":access", hdr,
           rbody={"name": name, "payload": {"data": b64(payload), "dataCrc32c": crc}}),
        ix("GET", "https://secretmanager.googleapis.com/v1/projects/" + name.split("/")[1] + "/secrets/smtp-credentials/versions",
           hdr, rbody={"versions": [{"name": name, "createTime": "2026-11-02T10:11:12.123456Z", "state": "ENABLED",
                                     "etag": etag, "replicationStatus": {"automatic": {}}}], "totalSize": 1}),
    ])


def heroku_config():
    case("structure-heroku-config-vars", "config dumps")
    token = S("HRKU-AA" + f.b64url(58), "plain", "Authorization bearer of the Platform API")
    dbpw = S(f.pick(LOWER + DIGITS, 64), "structure", "password inside DATABASE_URL")
    redis = S("p" + f.hex(63), "structure", "password inside REDIS_URL")
    secret_key = S(f.hex(128), "structure", "SECRET_KEY_BASE config var")
    lang = O("en_US.UTF-8", "structure", "LANG config var")
    web_conc = "2"
    app = O("billing-api-" + f.pick(LOWER, 5), "identifiers", "app name in the URL")
    dburl = "postgres://u" + f.pick(LOWER + DIGITS, 13) + ":" + dbpw + "@ec2-34-250-1-2.eu-west-1.compute.amazonaws.com:5432/d" + f.pick(LOWER + DIGITS, 13)
    hdr = [("Authorization", "Bearer " + token), ("Accept", "application/vnd.heroku+json; version=3"), UA]
    write([ix("GET", "https://api.heroku.com/apps/" + app + "/config-vars", hdr,
              rheaders=[JSON, ("RateLimit-Remaining", "4499"), ("Request-Id", rid())],
              rbody={"DATABASE_URL": dburl, "REDIS_URL": "rediss://:" + redis + "@ec2-52-1-2-3.compute-1.amazonaws.com:12330",
                     "SECRET_KEY_BASE": secret_key, "LANG": lang, "RACK_ENV": "production", "WEB_CONCURRENCY": web_conc,
                     "PASSWORD_RESET_TTL": O("PT30M", "names", "a config var whose name holds PASSWORD, value a duration")})])


def html_debug_tables():
    case("structure-html-debug-env-tables", "HTML apps")
    dbp = S(pw(20), "structure", "<td>DB_PASSWORD</td><td>value</td> of a framework debug page")
    mailp = S(pw(16), "structure", "<dt>MAIL_PASSWORD</dt><dd>value</dd>")
    appkey = S("base64:" + f.b64std(32), "structure", "APP_KEY row of the table")
    pusher = S(f.hex(20), "structure", "PUSHER_APP_SECRET row")
    pusher_key = O(f.hex(20), "public", "PUSHER_APP_KEY row (the key is public, used by browsers)")
    host = O("mysql-8.internal", "structure", "DB_HOST row")
    timeout = O("10800", "names", "PASSWORD_TIMEOUT row, a number of seconds")
    route = O("/admin/users/{user}/password", "names", "a route in the stack trace that names a password")
    rows = [("APP_ENV", "production"), ("APP_KEY", appkey), ("DB_HOST", host), ("DB_PASSWORD", dbp),
            ("PUSHER_APP_KEY", pusher_key), ("PUSHER_APP_SECRET", pusher), ("PASSWORD_TIMEOUT", timeout)]
    table = "".join(f'<tr><td class="key">{k}</td><td class="value"><pre class="sf-dump">{html.escape(v)}</pre></td></tr>\n' for k, v in rows)
    page = ("<!DOCTYPE html>\n<html lang=\"en\"><head><title>Server Error</title></head><body>\n"
            "<h1>ErrorException</h1><p>Undefined array key \"token\" in " + route + "</p>\n"
            "<pre class=\"trace\">#0 /var/www/app/Http/Controllers/PasswordController.php(42): handleError()\n"
            "#1 /var/www/vendor/laravel/framework/src/Illuminate/Routing/Controller.php(54): update()</pre>\n"
            "<h2>Environment Variables</h2><table class=\"data-table\">\n" + table + "</table>\n"
            "<h2>Mail</h2><dl><dt>MAIL_MAILER</dt><dd>smtp</dd><dt>MAIL_USERNAME</dt><dd>postmaster@mg.example.org</dd>"
            "<dt>MAIL_PASSWORD</dt><dd>" + html.escape(mailp) + "</dd></dl></body></html>\n")
    write([ix("PUT", "https://admin.example.org/admin/users/8812/password", [UA, FORM, ("Cookie", "laravel_session=" + S(f.b64url(40), "plain", "laravel_session cookie"))],
              body=form([("_token", S(f.alnum(40), "names", "_token form field (CSRF)"))]), status=500, rheaders=[HTML], rbody=page)])


def onepassword_connect():
    case("structure-1password-connect-item", "config dumps")
    token = S(jwt({"aud": ["c4pb" + f.pick(LOWER + DIGITS, 22)], "sub": f.pick(UPPER + DIGITS, 26), "iss": "com.1password.connect",
                   "1password.com/auuid": f.pick(UPPER + DIGITS, 26), "1password.com/fts": ["vaultaccess"]}, alg="ES256", sig=64),
              "plain", "Authorization bearer of 1Password Connect")
    secret = S(pw(24), "structure", "value of a field with type CONCEALED, purpose PASSWORD")
    totp = S(f.pick("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 32), "structure", "secret= of an otpauth URI in a field with type OTP")
    api = S(f.alnum(36), "structure", "value of a CONCEALED field labelled credential")
    username = O("deploy-bot", "structure", "value of a STRING field labelled username")
    vault = O(f.pick(LOWER + DIGITS, 26), "identifiers", "vault id in the path")
    item = O(f.pick(LOWER + DIGITS, 26), "identifiers", "item id")
    concealed = O("CONCEALED", "structure", "the type marker itself")
    body = {"id": item, "title": "Registry deploy", "vault": {"id": vault}, "category": "LOGIN", "version": 4,
            "fields": [{"id": "username", "type": "STRING", "purpose": "USERNAME", "label": "username", "value": username},
                       {"id": "password", "type": concealed, "purpose": "PASSWORD", "label": "password", "value": secret,
                        "entropy": 129.4, "passwordDetails": {"strength": "FANTASTIC"}},
                       {"id": f.pick(LOWER + DIGITS, 26), "type": "OTP", "label": "one-time password",
                        "value": "otpauth://totp/Registry:deploy-bot?secret=" + totp + "&issuer=Registry", "totp": f.digits(6)},
                       {"id": f.pick(LOWER + DIGITS, 26), "section": {"id": "add more"}, "type": "CONCEALED", "label": "credential",
                        "value": api}],
            "createdAt": "2026-10-01T12:00:00Z", "updatedAt": "2026-11-28T09:30:00Z"}
    write([ix("GET", f"http://op-connect.internal:8080/v1/vaults/{vault}/items/{item}", [("Authorization", "Bearer " + token), UA], rbody=body)])


def gitlab_ci_variables():
    case("structure-gitlab-ci-variables", "CI systems")
    pat = S("glpat-" + f.b64url(20), "plain", "PRIVATE-TOKEN request header")
    deploy = S(f.b64url(32), "structure", "value of a variable with masked: true")
    auth = S(pw(20), "encoding", "password inside the base64 auth of a DOCKER_AUTH_CONFIG variable value")
    url = O("https://staging.example.dev", "structure", "value of a variable with masked: false")
    proj = O("platform%2Fcheckout-service", "identifiers", "project path in the URL")
    docker = json.dumps({"auths": {"registry.example.dev": {"auth": b64("ci-pusher:" + auth)}}})
    write([ix("GET", f"https://gitlab.example.dev/api/v4/projects/{proj}/variables?per_page=100",
              [("PRIVATE-TOKEN", pat), UA], rheaders=[JSON, ("X-Total", "3"), ("X-Next-Page", "")],
              rbody=[{"variable_type": "env_var", "key": "DEPLOY_SIGNING_KEY", "value": deploy, "protected": True, "masked": True,
                      "hidden": False, "raw": False, "environment_scope": "*", "description": None},
                     {"variable_type": "env_var", "key": "DOCKER_AUTH_CONFIG", "value": docker, "protected": False,
                      "masked": False, "raw": True, "environment_scope": "production"},
                     {"variable_type": "env_var", "key": "REVIEW_APP_URL", "value": url, "protected": False, "masked": False,
                      "raw": False, "environment_scope": "review/*"}])])


def spring_actuator():
    case("structure-spring-actuator-env", "config dumps")
    dsp = S(pw(19), "structure", "propertySources[].properties[\"spring.datasource.password\"].value")
    cs = S(f.b64url(40), "structure", "spring.security.oauth2.client.registration.okta.client-secret .value")
    dd = S(f.hex(32), "structure", "management.datadog.metrics.export.api-key .value")
    ddapp = O("checkout", "structure", "spring.application.name .value")
    url = O("jdbc:postgresql://orders-db:5432/orders?sslmode=require", "structure", "spring.datasource.url .value")
    origin = O("class path resource [application-prod.yml] - 12:17", "structure", "origin beside a password value")
    cid = O("0oa" + f.alnum(17), "public", "okta client-id .value")
    props = {"spring.application.name": {"value": ddapp}, "spring.datasource.url": {"value": url, "origin": "class path resource [application-prod.yml] - 10:12"},
             "spring.datasource.password": {"value": dsp, "origin": origin},
             "spring.security.oauth2.client.registration.okta.client-id": {"value": cid},
             "spring.security.oauth2.client.registration.okta.client-secret": {"value": cs, "origin": "System Environment Property \"OKTA_CLIENT_SECRET\""},
             "management.datadog.metrics.export.api-key": {"value": dd}}
    write([ix("GET", "https://orders.internal:8081/actuator/env", [("Accept", "application/vnd.spring-boot.actuator.v3+json"), UA],
              rheaders=[("Content-Type", "application/vnd.spring-boot.actuator.v3+json")],
              rbody={"activeProfiles": ["prod"], "propertySources": [{"name": "server.ports", "properties": {"local.server.port": {"value": 8081}}},
                     {"name": "Config resource 'class path resource [application-prod.yml]' via location 'optional:classpath:/'", "properties": props}]})])


def consul_kv():
    case("structure-consul-kv-recurse", "config dumps")
    token = S(f.uuid(), "names", "X-Consul-Token header")
    dbp = S(pw(21), "structure", "Value (base64) of key app/checkout/db/password, decoded")
    jw = S(f.b64url(48), "structure", "Value (base64) of key app/checkout/jwt_signing_secret, decoded")
    host = O("orders-db.service.consul", "structure", "Value of key app/checkout/db/host, decoded")
    pol = O("min_length=12,require_symbol=true", "names", "Value of key app/checkout/password_policy")
    kv = [("app/checkout/db/host", host), ("app/checkout/db/password", dbp), ("app/checkout/jwt_signing_secret", jw),
          ("app/checkout/password_policy", pol)]
    write([ix("GET", "http://127.0.0.1:8500/v1/kv/app/checkout?recurse=true", [("X-Consul-Token", token), UA],
              rheaders=[JSON, ("X-Consul-Index", "48121"), ("X-Consul-Knownleader", "true")],
              rbody=[{"LockIndex": 0, "Key": k, "Flags": 0, "Value": b64(v), "CreateIndex": 100 + i, "ModifyIndex": 48000 + i}
                     for i, (k, v) in enumerate(kv)])])


def doppler():
    case("structure-doppler-secrets-download", "config dumps")
    token = S("dp.st.prd." + f.alnum(40), "plain", "Authorization bearer (a Doppler service token)")
    stripe = S("sk_live_51" + f.alnum(97), "structure", "secrets.STRIPE_SECRET_KEY.raw")
    stripe_c = stripe
    sentry = S("sntryu_" + f.hex(64), "structure", "secrets.SENTRY_AUTH_TOKEN.computed")
    level = "info"
    O('"LOG_LEVEL":{"raw":"info"', "structure", "secrets.LOG_LEVEL.raw, a Doppler 'secret' that is just config (JSON spelling in the body)")
    pk = O("pk_live_51" + f.alnum(97), "public", "secrets.STRIPE_PUBLISHABLE_KEY.raw (publishable by design)")
    write([ix("GET", "https://api.doppler.com/v3/configs/config/secrets?project=checkout&config=prd&include_dynamic_secrets=false",
              [("Authorization", "Bearer " + token), ACCEPT, UA],
              rbody={"success": True, "secrets": {
                  "STRIPE_SECRET_KEY": {"raw": stripe, "computed": stripe_c, "note": "", "rawVisibility": "masked", "computedVisibility": "masked"},
                  "STRIPE_PUBLISHABLE_KEY": {"raw": pk, "computed": pk, "rawVisibility": "unmasked", "computedVisibility": "unmasked"},
                  "SENTRY_AUTH_TOKEN": {"raw": "${shared.SENTRY_AUTH_TOKEN}", "computed": sentry, "rawVisibility": "restricted"},
                  "LOG_LEVEL": {"raw": level, "computed": level, "rawVisibility": "unmasked"}}})])


def k8s_secrets():
    case("structure-kubernetes-secret-list", "Kubernetes")
    sa = S(jwt({"aud": ["https://kubernetes.default.svc.cluster.local"], "exp": now(30), "iss": "https://kubernetes.default.svc.cluster.local",
                "kubernetes.io": {"namespace": "payments", "serviceaccount": {"name": "ci-deployer", "uid": f.uuid()}}, "sub": "system:serviceaccount:payments:ci-deployer"}),
           "plain", "Authorization bearer (a service account token)")
    redis = S(pw(24), "structure", "data.redis-password (base64) of an Opaque secret")
    reg = S(f.b64url(40), "encoding", "password in auth of .dockerconfigjson (base64 in base64)")
    applied = S(pw(18), "structure", "stringData.api-token in the last-applied-configuration annotation")
    uid = O(f.uuid(), "identifiers", "metadata.uid of the secret")
    rv = O(f.digits(8), "identifiers", "metadata.resourceVersion")
    cm = O("redis-master.payments.svc.cluster.local:6379", "structure", "data.redis-host (base64) beside the password")
    dcj = json.dumps({"auths": {"ghcr.io": {"username": "payments-bot", "password": reg, "auth": b64("payments-bot:" + reg)}}})
    last = json.dumps({"apiVersion": "v1", "kind": "Secret", "metadata": {"name": "api", "namespace": "payments"}, "stringData": {"api-token": applied}, "type": "Opaque"}) + "\n"
    items = [{"metadata": {"name": "redis", "namespace": "payments", "uid": uid, "resourceVersion": rv, "creationTimestamp": "2026-10-20T11:12:13Z"},
              "data": {"redis-password": b64(redis), "redis-host": b64(cm)}, "type": "Opaque"},
             {"metadata": {"name": "ghcr-pull", "namespace": "payments", "uid": f.uuid(), "resourceVersion": f.digits(8)},
              "data": {".dockerconfigjson": b64(dcj)}, "type": "kubernetes.io/dockerconfigjson"},
             {"metadata": {"name": "api", "namespace": "payments", "uid": f.uuid(), "resourceVersion": f.digits(8),
                           "annotations": {"kubectl.kubernetes.io/last-applied-configuration": last}},
              "data": {"api-token": b64(applied)}, "type": "Opaque"}]
    write([ix("GET", "https://10.96.0.1:443/api/v1/namespaces/payments/secrets?limit=500", [("Authorization", "Bearer " + sa), ACCEPT, ("User-Agent", "kubectl/v1.31.2 (darwin/arm64) kubernetes/5864a46")],
              rheaders=[JSON, ("Audit-Id", rid()), ("X-Kubernetes-Pf-Flowschema-Uid", f.uuid())],
              rbody={"kind": "SecretList", "apiVersion": "v1", "metadata": {"resourceVersion": f.digits(8)}, "items": items})])


def onepassword_like_masked():
    case("structure-sibling-markers-admin-api", "CI systems")
    # A CI server's settings API: which values are secret is said by a sibling, not by the name.
    tok = S(f.b64url(40), "plain", "Authorization bearer of the settings API")
    v1 = S(f.alnum(32), "structure", "value beside isSecret: true (name is neutral: artifact_bucket_creds)")
    v2 = S(pw(18), "structure", "value beside sensitive: true (name is neutral: notify_target)")
    v3 = S(f.hex(40), "structure", "value beside type: secret (name: sonar)")
    n1 = O("s3://ci-artifacts-eu/builds", "structure", "value beside isSecret: false")
    n2 = O("#builds-" + f.pick(LOWER, 5), "structure", "value beside sensitive: false")
    write([ix("GET", "https://ci.example.io/api/v2/settings/variables", [("Authorization", "Bearer " + tok), UA],
              rbody={"variables": [{"name": "artifact_bucket", "value": n1, "isSecret": False},
                                   {"name": "artifact_bucket_creds", "value": v1, "isSecret": True},
                                   {"name": "notify_channel", "value": n2, "sensitive": False},
                                   {"name": "notify_target", "value": v2, "sensitive": True},
                                   {"name": "sonar", "type": "secret", "value": v3}]})])


# =============================================================================================
# Names
# =============================================================================================

def jenkins_crumb():
    case("names-jenkins-crumb", "CI systems")
    user = O("release-bot", "identifiers", "Jenkins user in Basic auth and in the API JSON")
    apitok = S("11" + f.hex(32), "plain", "Jenkins API token in Basic auth")
    crumb = S(f.hex(64), "names", "crumb of crumbIssuer and the Jenkins-Crumb header")
    jsess = S("node0" + f.pick(LOWER + DIGITS, 26) + ".node0", "plain", "JSESSIONID cookie")
    field = O("Jenkins-Crumb", "names", "crumbRequestField value")
    queue = O("https://ci.example.org/queue/item/" + f.digits(5) + "/", "identifiers", "Location of the queued build")
    basic_h = ("Authorization", basic(user, apitok))
    cookie_name = "JSESSIONID." + f.hex(8)
    write([
        ix("GET", "https://ci.example.org/crumbIssuer/api/json", [basic_h, UA],
           rheaders=[JSONU, ("Set-Cookie", f"{cookie_name}={jsess}; Path=/; Secure; HttpOnly"), ("X-Jenkins", "2.479.2")],
           rbody={"_class": "hudson.security.csrf.DefaultCrumbIssuer", "crumb": crumb, "crumbRequestField": field}),
        ix("POST", "https://ci.example.org/job/checkout/job/main/buildWithParameters?DEPLOY_ENV=staging",
           [basic_h, (field, crumb), ("Cookie", f"{cookie_name}={jsess}"), UA], status=201,
           rheaders=[("Location", queue), ("X-Content-Type-Options", "nosniff")]),
        ix("GET", queue + "api/json", [basic_h, UA], rbody={"_class": "hudson.model.Queue$WaitingItem", "id": int(queue.rstrip("/").rsplit("/", 1)[1]),
                                                           "why": "In the quiet period. Expires in 4.9 sec", "actions": [{"causes": [{"userId": user, "shortDescription": "Started by user release-bot"}]}]}),
    ])


def shell_export_log():
    case("names-shell-export-ci-log", "CI systems")
    tok = S("CCIPAT_" + f.alnum(22) + "_" + f.hex(40), "plain", "Circle-Token header")
    dbpass = S(pw(18), "names", "export DB_PASS='...' in a job log")
    aws = S(f.aws_secret(), "names", "export AWS_SECRET_ACCESS_KEY=... in a job log")
    pgpw = S(pw(16), "names", "PGPASSWORD=... psql in a job log")
    npmrc = S(npm(f), "names", "//registry.npmjs.org/:_authToken=... echoed into .npmrc")
    envname = O("export NODE_ENV=production", "names", "an export line with no secret")
    minlen = O("PASSWORD_MIN_LENGTH=12", "names", "a variable named PASSWORD_* holding a policy number")
    sha = O(f.hex(40), "identifiers", "commit sha in the log")
    log = ("#!/bin/bash -eo pipefail\n" + envname + "\n" + f"export DB_PASS='{dbpass}'\n" + f"export AWS_SECRET_ACCESS_KEY={aws}\n"
           + "export " + minlen + "\n" + f"echo \"//registry.npmjs.org/:_authToken={npmrc}\" > ~/.npmrc\n"
           + f"PGPASSWORD={pgpw} psql -h db -U ci -c 'select 1'\n ?column? \n----------\n        1\n(1 row)\n\n"
           + f"git checkout -q {sha}\nCircleCI received exit code 0\n")
    write([
        ix("GET", "https://circleci.com/api/v2/project/gh/acme/checkout/job/4812", [("Circle-Token", tok), UA],
           rbody={"web_url": "https://app.circleci.com/pipelines/github/acme/checkout/1201/workflows/" + f.uuid() + "/jobs/4812",
                  "number": 4812, "status": "success", "latest_workflow": {"id": f.uuid(), "name": "build"}}),
        ix("GET", "https://circle-production-action-output.s3.amazonaws.com/" + f.hex(24) + "?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Signature="
           + S(f.sigv4(), "plain", "X-Amz-Signature of the presigned log URL"), [UA], rheaders=[TEXT], rbody=log),
    ])


def compound_names():
    case("names-compound-settings", "config dumps")
    tok = S(f.alnum(40), "plain", "X-Auth-Token of an admin API")
    ro = S(f.hex(32), "names", "read_only_rest_token (a compound name)")
    smtp = S(pw(16), "names", "smtp_auth_passwd")
    repl = S(pw(20), "names", "replicaReadPass (camelCase)")
    hook = S(f.alnum(24), "names", "last path segment of slack_incoming_webhook_url")
    sig = S(f.b64url(43), "names", "webhookSigningKey")
    pl = "true"
    O('"passwordlessEnabled":true', "names", "passwordlessEnabled, a flag (JSON spelling in the body)")
    meth = O("client_secret_basic", "names", "tokenEndpointAuthMethod")
    tt = O("Bearer", "names", "token_type")
    ml = "14"
    O('"password_min_length":14', "names", "password_min_length and its number (JSON spelling in the body)")
    team = O("T0" + f.pick(UPPER + DIGITS, 9), "identifiers", "team id in the Slack webhook URL")
    body = {"org": "acme", "read_only_rest_token": ro, "smtp_auth_passwd": smtp, "replicaReadPass": repl,
            "slack_incoming_webhook_url": f"https://hooks.slack.com/services/{team}/B0{f.pick(UPPER + DIGITS, 9)}/{hook}",
            "webhookSigningKey": sig, "passwordlessEnabled": pl == "true", "tokenEndpointAuthMethod": meth,
            "token_type": tt, "password_min_length": int(ml), "tokenLifetimeSeconds": 3600}
    write([ix("GET", "https://admin.example.com/api/settings/export", [("X-Auth-Token", tok), UA], rbody=body)])


def cloudflare_headers():
    case("names-cloudflare-auth-headers", "cloud SDKs")
    mail = S(email(), "names", "X-Auth-Email header (a personal email)")
    key = S(f.hex(37), "names", "X-Auth-Key header (global API key)")
    zone = O(f.hex(32), "identifiers", "zone id (32 hex) in URL and body")
    ray = O(f.hex(16) + "-FRA", "identifiers", "CF-Ray response header")
    rec = O(f.hex(32), "identifiers", "dns record id")
    tokv = S(f.b64url(40), "plain", "Authorization bearer of the token verify call")
    tokid = O(f.hex(32), "public", "result.id of tokens/verify (the token's id)")
    write([
        ix("GET", f"https://api.cloudflare.com/client/v4/zones/{zone}/dns_records?type=A", [("X-Auth-Email", mail), ("X-Auth-Key", key), UA],
           rheaders=[JSON, ("CF-Ray", ray), ("cf-cache-status", "DYNAMIC")],
           rbody={"result": [{"id": rec, "zone_id": zone, "zone_name": "example.com", "name": "api.example.com", "type": "A", "content": "203.0.113.7",
                              "proxied": True, "ttl": 1}], "success": True, "errors": [], "messages": [], "result_info": {"page": 1, "per_page": 100, "count": 1, "total_count": 1}}),
        ix("GET", "https://api.cloudflare.com/client/v4/user/tokens/verify", [("Authorization", "Bearer " + tokv), UA],
           rbody={"result": {"id": tokid, "status": "active"}, "success": True, "errors": [], "messages": [{"code": 10000, "message": "This API Token is valid and active", "type": None}]}),
    ])


def algolia():
    case("names-algolia-keys", "search")
    app = O(f.pick(UPPER + DIGITS, 10), "public", "X-Algolia-Application-Id")
    admin = S(f.hex(32), "names", "X-Algolia-API-Key of the admin key")
    search_key = O(f.hex(32), "public", "search-only API key returned by GET /1/keys (meant for browsers)")
    secured = O(b64(f.hex(64) + "filters=tenant%3A" + f.digits(4) + "&validUntil=" + str(now(5))), "public",
                "a secured search key (derived, sent to browsers)")
    qid = O(f.hex(32), "identifiers", "queryID of a search response")
    new = S(f.hex(32), "plain", "key of a newly created write key (POST /1/keys response)")
    hdr = [("X-Algolia-Application-Id", app), ("X-Algolia-API-Key", admin), UA]
    write([
        ix("GET", f"https://{app.lower()}.algolia.net/1/keys", hdr,
           rbody={"keys": [{"value": search_key, "createdAt": now(1), "acl": ["search"], "validity": 0, "description": "Search-only API Key"}]}),
        ix("POST", f"https://{app.lower()}.algolia.net/1/keys", hdr, body={"acl": ["addObject", "deleteObject"], "indexes": ["products"]},
           rbody={"key": new, "createdAt": "2026-11-30T08:00:00.000Z"}),
        ix("POST", f"https://{app.lower()}-dsn.algolia.net/1/indexes/products/query", [("X-Algolia-Application-Id", app), ("X-Algolia-API-Key", secured), UA],
           body={"params": "query=wireless&hitsPerPage=2&clickAnalytics=true"},
           rbody={"hits": [{"objectID": "sku-" + f.digits(6), "name": "Wireless charger"}], "nbHits": 1, "page": 0, "queryID": qid, "processingTimeMS": 1}),
    ])


def csrf_login_html():
    case("names-csrf-login-forms", "HTML apps")
    meta = S(f.b64url(86), "names", "<meta name=\"csrf-token\" content> and the authenticity_token field")
    pw1 = S(pw(15), "plain", "user[password] form field")
    who = S(email(), "plain", "user[email] form field (a personal email)")
    sess = S(f.b64url(120) + "--" + f.b64url(22) + "--" + f.b64url(22) + "%3D%3D", "plain", "_shop_session cookie (Rails encrypted)")
    remember = S(f.b64url(60) + "--" + f.hex(40), "plain", "remember_user_token cookie")
    label = O("Forgot your password?", "names", "link text about passwords")
    ph = O("Password (min. 12 characters)", "names", "placeholder of the password input")
    act = O("/users/sign_in", "identifiers", "form action")
    page = ("<!DOCTYPE html><html><head><meta name=\"csrf-param\" content=\"authenticity_token\" />\n"
            f"<meta name=\"csrf-token\" content=\"{meta}\" /></head><body>\n"
            f"<form class=\"new_user\" action=\"{act}\" accept-charset=\"UTF-8\" method=\"post\">"
            f"<input type=\"hidden\" name=\"authenticity_token\" value=\"{meta}\" autocomplete=\"off\" />\n"
            "<input autofocus=\"autofocus\" autocomplete=\"email\" type=\"email\" value=\"\" name=\"user[email]\" id=\"user_email\" />\n"
            f"<input autocomplete=\"current-password\" placeholder=\"{ph}\" type=\"password\" name=\"user[password]\" id=\"user_password\" />\n"
            f"<a href=\"/users/password/new\">{label}</a></form></body></html>\n")
    write([
        ix("GET", "https://shop.example.com" + act, [UA], rheaders=[HTML, ("Set-Cookie", "_shop_session=" + S(f.b64url(80), "plain", "_shop_session cookie before login") + "; path=/; secure; HttpOnly; SameSite=Lax")], rbody=page),
        ix("POST", "https://shop.example.com" + act, [UA, FORM], body=form([("authenticity_token", meta), ("user[email]", who), ("user[password]", pw1), ("user[remember_me]", "1"), ("commit", "Log in")]),
           status=303, rheaders=[("Location", "https://shop.example.com/account"),
                                 ("Set-Cookie", f"remember_user_token={remember}; path=/; expires=Wed, 16 Dec 2026 08:00:00 GMT; secure; HttpOnly"),
                                 ("Set-Cookie", f"_shop_session={sess}; path=/; secure; HttpOnly; SameSite=Lax")]),
    ])


def azure_identity_header():
    case("names-app-service-identity-header", "metadata servers")
    ih = S(f.uuid(), "names", "X-IDENTITY-HEADER of the App Service managed identity endpoint")
    at = S(jwt({"aud": "https://database.windows.net/", "iss": "https://sts.windows.net/" + f.uuid() + "/", "oid": f.uuid(), "exp": now(40)}),
           "plain", "access_token of the identity endpoint")
    cid = O(f.uuid(), "public", "client_id of the managed identity")
    res = O("https://database.windows.net/", "identifiers", "resource parameter and field")
    exp = O(str(now(40)), "identifiers", "expires_on")
    write([ix("GET", "http://169.254.129.3:8081/msi/token?api-version=2019-08-01&resource=" + q(res) + "&client_id=" + cid,
              [("X-IDENTITY-HEADER", ih), ("Metadata", "true"), UA],
              rbody={"access_token": at, "expires_on": exp, "resource": res, "token_type": "Bearer", "client_id": cid})])


def vercel_env():
    case("names-vercel-env-decrypt", "config dumps")
    tok = S(f.alnum(24), "plain", "Authorization bearer of the Vercel API")
    ref = f.pick(LOWER, 20)
    anon = O(jwt({"iss": "supabase", "ref": ref, "role": "anon", "iat": now(0), "exp": now(0) + 315360000}, alg="HS256", sig=32),
             "public", "NEXT_PUBLIC_SUPABASE_ANON_KEY value (public by design)")
    service = S(jwt({"iss": "supabase", "ref": ref, "role": "service_role", "iat": now(0), "exp": now(0) + 315360000}, alg="HS256", sig=32),
                "names", "SUPABASE_SERVICE_ROLE_KEY value")
    sk = S("sk_test_51" + f.alnum(97), "names", "STRIPE_SECRET_KEY value (type encrypted, decrypted)")
    pk = O("pk_test_51" + f.alnum(97), "public", "NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY value")
    envid = O(f.alnum(16), "identifiers", "id of an env entry")
    write([ix("GET", "https://api.vercel.com/v9/projects/prj_" + f.alnum(28) + "/env?decrypt=true&teamId=team_" + f.alnum(24),
              [("Authorization", "Bearer " + tok), UA],
              rbody={"envs": [{"type": "plain", "value": anon, "target": ["production", "preview"], "key": "NEXT_PUBLIC_SUPABASE_ANON_KEY", "id": envid},
                              {"type": "encrypted", "value": service, "target": ["production"], "key": "SUPABASE_SERVICE_ROLE_KEY", "id": f.alnum(16), "decrypted": True},
                              {"type": "encrypted", "value": sk, "target": ["preview"], "key": "STRIPE_SECRET_KEY", "id": f.alnum(16), "decrypted": True},
                              {"type": "plain", "value": pk, "target": ["preview"], "key": "NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY", "id": f.alnum(16)}]})])

# =============================================================================================
# Echoes of part of a credential
# =============================================================================================

def azure_sharedkey_echo():
    case("echo-azure-sharedkey-403", "cloud SDKs")
    acct = O("stmedia" + f.pick(LOWER + DIGITS, 8), "identifiers", "storage account name (host and SharedKey prefix)")
    sig = S(f.b64std(32), "echo", "SharedKey signature, in Authorization and echoed alone in AuthenticationErrorDetail")
    reqid = O(rid(), "identifiers", "x-ms-request-id")
    ver = O("2023-11-03", "identifiers", "x-ms-version")
    date = "Mon, 30 Nov 2026 08:00:00 GMT"
    sts = f"PUT\n\n\n1024\n\napplication/octet-stream\n\n\n\n\n\n\nx-ms-blob-type:BlockBlob\nx-ms-date:{date}\nx-ms-version:{ver}\n/{acct}/uploads/report.pdf"
    err = ("\ufeff<?xml version=\"1.0\" encoding=\"utf-8\"?><Error><Code>AuthenticationFailed</Code><Message>Server failed to authenticate the request. "
           "Make sure the value of Authorization header is formed correctly including the signature.\nRequestId:" + reqid + "\nTime:2026-11-30T08:00:00.4412345Z</Message>"
           f"<AuthenticationErrorDetail>The MAC signature found in the HTTP request '{sig}' is not the same as any computed signature. "
           f"Server used following string to sign: '{sts}'.</AuthenticationErrorDetail></Error>")
    write([ix("PUT", f"https://{acct}.blob.core.windows.net/uploads/report.pdf",
              [("Authorization", f"SharedKey {acct}:{sig}"), ("x-ms-date", date), ("x-ms-version", ver), ("x-ms-blob-type", "BlockBlob"),
               ("Content-Type", "application/octet-stream"), UA], body="%PDF-1.7 placeholder",
              status=403, rheaders=[XML, ("x-ms-request-id", reqid), ("x-ms-error-code", "AuthenticationFailed")], rbody=err)])


def aws_signature_mismatch():
    case("echo-s3-signature-does-not-match", "cloud SDKs")
    secret_sig = S(f.sigv4(), "echo", "Signature= of the request, echoed in SignatureProvided")
    token = S(f.aws_session_token(), "plain", "X-Amz-Security-Token")
    canon = O(f.hex(64), "identifiers", "hash of the canonical request in StringToSign")
    reqid = O(f.pick(UPPER + DIGITS, 16), "identifiers", "RequestId of the error")
    hostid = O(f.b64std(54), "identifiers", "HostId of the error (base64)")
    kid = "ASIA" + f.pick(UPPER + "234567", 16)
    sts = f"AWS4-HMAC-SHA256\n20261130T080000Z\n20261130/eu-west-1/s3/aws4_request\n{canon}"
    err = ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Error><Code>SignatureDoesNotMatch</Code><Message>The request signature we calculated does not match the signature you provided. Check your key and signing method.</Message>"
           f"<AWSAccessKeyId>{kid}</AWSAccessKeyId><StringToSign>{sts}</StringToSign><SignatureProvided>{secret_sig}</SignatureProvided>"
           f"<StringToSignBytes>{' '.join('%02x' % c for c in sts.encode()[:48])}</StringToSignBytes><RequestId>{reqid}</RequestId><HostId>{hostid}</HostId></Error>")
    auth = f"AWS4-HMAC-SHA256 Credential={kid}/20261130/eu-west-1/s3/aws4_request, SignedHeaders=host;x-amz-content-sha256;x-amz-date;x-amz-security-token, Signature={secret_sig}"
    write([ix("GET", "https://invoices-archive.s3.eu-west-1.amazonaws.com/2026/11/inv-1001.pdf",
              [("Authorization", auth), ("X-Amz-Date", "20261130T080000Z"), ("X-Amz-Security-Token", token),
               ("X-Amz-Content-Sha256", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"), ("User-Agent", "aws-sdk-swift/1.0.40")],
              status=403, rheaders=[XML, ("x-amz-request-id", reqid), ("x-amz-id-2", hostid)], rbody=err)])


def grafana_legacy_echo():
    case("echo-grafana-legacy-key-part", "observability")
    k = S(f.alnum(32), "echo", "the k part of a legacy Grafana API key, echoed alone in an error")
    legacy = S(b64(json.dumps({"k": k, "n": "ci-dashboards", "id": 1}, separators=(",", ":"))), "plain", "legacy Grafana API key (eyJr...)")
    name = O("ci-dashboards", "identifiers", "the n part (key name)")
    trace = O(f.hex(32), "identifiers", "traceID of the error")
    uid = O(f.pick(ALNUM, 9), "identifiers", "dashboard uid")
    write([
        ix("GET", f"https://grafana.example.net/api/dashboards/uid/{uid}", [("Authorization", "Bearer " + legacy), UA], status=401,
           rheaders=[JSON], rbody={"message": "invalid API key", "traceID": trace}),
        ix("GET", "https://grafana.example.net/api/admin/logs?limit=2", [("Authorization", basic("admin", S(pw(14), "plain", "admin password in Basic auth"))), UA],
           rbody={"lines": [f"logger=context userId=0 orgId=0 uname= t=2026-11-30T08:00:01Z level=warn msg=\"API key lookup failed\" keyName={name} key={k} error=\"api key not found\" traceID={trace}",
                            "logger=http.server t=2026-11-30T08:00:01Z level=info msg=\"Request Completed\" method=GET path=/api/dashboards/uid/" + uid + " status=401"]}),
    ])


def traceback_dsn_echo():
    case("echo-traceback-dsn-in-500", "databases")
    pwd = S(pw(20), "echo", "password inside a DSN echoed in a stack trace's locals")
    auth = S(f.b64url(32), "plain", "X-Api-Key of the request")
    user = O("orders_app", "identifiers", "the database user in the DSN and the error message")
    host = O("orders-db.cluster-c" + f.pick(LOWER + DIGITS, 11) + ".eu-west-1.rds.amazonaws.com", "identifiers", "database host")
    msg = O('FATAL:  password authentication failed for user "orders_app"', "names", "the server message, with no secret in it")
    body = ("Traceback (most recent call last):\n  File \"/srv/app/db.py\", line 41, in connect\n    return psycopg.connect(dsn, connect_timeout=5)\n"
            f"           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n    dsn = 'postgresql://{user}:{pwd}@{host}:5432/orders?sslmode=verify-full'\n"
            f"psycopg.OperationalError: connection failed: connection to server at \"10.0.4.17\", port 5432 failed: {msg}\n")
    write([ix("GET", "https://orders.internal.example.net/debug/health?deep=1", [("X-Api-Key", auth), UA], status=500, rheaders=[TEXT], rbody=body)])


def docker_registry_token_echo():
    case("echo-docker-registry-token", "registries")
    pat = S("dckr_pat_" + f.b64url(27), "plain", "password in Basic auth of the token request (a Docker PAT)")
    user = O("acmebuild", "identifiers", "Docker Hub user")
    tok = S(jwt({"access": [{"type": "repository", "name": "acme/api", "actions": ["pull", "push"]}], "aud": "registry.docker.io",
                 "exp": now(20), "iss": "auth.docker.io", "sub": f.uuid()}, alg="RS256"), "echo", "token of the token response, echoed as access_token and used as bearer")
    realm = O('Bearer realm="https://auth.docker.io/token",service="registry.docker.io",scope="repository:acme/api:pull,push"', "challenge", "WWW-Authenticate challenge")
    digest = O("sha256:" + f.hex(64), "identifiers", "Docker-Content-Digest")
    issued = O("2026-11-30T08:00:00.118203941Z", "identifiers", "issued_at")
    write([
        ix("GET", "https://registry-1.docker.io/v2/", [UA], status=401, rheaders=[JSON, ("Www-Authenticate", realm), ("Docker-Distribution-Api-Version", "registry/2.0")],
           rbody={"errors": [{"code": "UNAUTHORIZED", "message": "authentication required", "detail": None}]}),
        ix("GET", "https://auth.docker.io/token?account=" + user + "&scope=" + q("repository:acme/api:pull,push") + "&service=registry.docker.io",
           [("Authorization", basic(user, pat)), UA], rbody={"token": tok, "access_token": tok, "expires_in": 300, "issued_at": issued}),
        ix("HEAD", "https://registry-1.docker.io/v2/acme/api/manifests/1.42.0", [("Authorization", "Bearer " + tok), ("Accept", "application/vnd.oci.image.index.v1+json"), UA],
           rheaders=[("Content-Type", "application/vnd.oci.image.index.v1+json"), ("Docker-Content-Digest", digest), ("Etag", '"' + digest + '"')]),
    ])


def graphql_errors_echo():
    case("echo-graphql-errors-variables", "GraphQL")
    sf = O(f.hex(32), "public", "X-Shopify-Storefront-Access-Token (public by design)")
    pwd = S(pw(16), "echo", "customer password in variables, echoed in a GraphQL error message")
    mail = S(email(), "plain", "customer email in variables")
    tok = S(f.hex(32), "plain", "customerAccessToken.accessToken of the success response")
    hashv = O(f.hex(64), "identifiers", "persisted query sha256Hash")
    reqid = O(f.uuid(), "identifiers", "x-request-id")
    q1 = "mutation customerAccessTokenCreate($input: CustomerAccessTokenCreateInput!) { customerAccessTokenCreate(input: $input) { customerAccessToken { accessToken expiresAt } customerUserErrors { code field message } } }"
    hdr = [("X-Shopify-Storefront-Access-Token", sf), JSON, UA]
    write([
        ix("POST", "https://acme-store.myshopify.com/api/2024-10/graphql.json", hdr, body={"query": q1, "variables": {"input": {"email": mail, "password": int(f.digits(6))}}},
           rheaders=[JSON, ("x-request-id", reqid)],
           rbody={"errors": [{"message": "Variable $input of type CustomerAccessTokenCreateInput! was provided invalid value for password (Could not coerce value " + json.dumps(pwd) + " to String)",
                              "locations": [{"line": 1, "column": 33}], "extensions": {"value": {"email": mail, "password": pwd}, "problems": [{"path": ["password"], "explanation": "Could not coerce value " + json.dumps(pwd) + " to String"}]}}]}),
        ix("POST", "https://acme-store.myshopify.com/api/2024-10/graphql.json", hdr,
           body={"operationName": "customerAccessTokenCreate", "variables": {"input": {"email": mail, "password": pwd}},
                 "extensions": {"persistedQuery": {"version": 1, "sha256Hash": hashv}}},
           rbody={"data": {"customerAccessTokenCreate": {"customerAccessToken": {"accessToken": tok, "expiresAt": "2026-12-30T08:00:00Z"}, "customerUserErrors": []}}}),
    ])


# =============================================================================================
# Nested and framed encodings
# =============================================================================================

def grpcweb_text():
    case("encoding-grpc-web-text", "gRPC-web")
    key = S("rk_" + f.alnum(40), "encoding", "api_key field of a protobuf request inside a base64 gRPC-web-text frame")
    sess = S(f.b64url(43), "encoding", "session_token field of the protobuf response (base64 frame)")
    name = O("projects/acme/locations/eu/agents/support-bot", "encoding", "resource name field in the request frame")
    msgid = O(f.uuid(), "encoding", "message id field of the response")
    req = grpc_frame(pb_str(1, name) + pb_str(2, key) + pb_int(3, 1))
    resp = grpc_frame(pb_str(1, msgid) + pb_str(4, sess) + pb_int(5, 3600))
    trailer = grpc_frame(b"grpc-status:0\r\ngrpc-message:\r\n", trailer=True)
    write([ix("POST", "https://grpc.example.ai/acme.agents.v1.SessionService/Open",
              [("Content-Type", "application/grpc-web-text"), ("Accept", "application/grpc-web-text"), ("X-Grpc-Web", "1"), ("X-User-Agent", "grpc-web-javascript/0.1")],
              body=base64.b64encode(req).decode(), rheaders=[("Content-Type", "application/grpc-web-text+proto")],
              rbody=base64.b64encode(resp).decode() + base64.b64encode(trailer).decode())])


def artifact_zip():
    case("encoding-actions-artifact-zip", "CI systems")
    pat = S("github_pat_11" + f.pick(UPPER + DIGITS, 20) + "_" + f.alnum(59), "plain", "Authorization bearer (fine-grained PAT)")
    envp = S(pw(22), "encoding", "DATABASE_PASSWORD in .env inside a ZIP artifact")
    jwtsec = S(f.b64url(48), "encoding", "JWT_SECRET in .env inside the ZIP")
    cfgtok = S("xoxb-" + f.digits(12) + "-" + f.digits(13) + "-" + f.alnum(24), "encoding", "slack.botToken in config.json inside the ZIP")
    region = O("AWS_REGION=eu-north-1", "encoding", "a plain line of .env inside the ZIP")
    chan = O("C0" + f.pick(UPPER + DIGITS, 9), "identifiers", "slack.channel in config.json inside the ZIP")
    fname = O("coverage-summary.txt", "encoding", "a member file name of the ZIP")
    sig = S(f.sigv4(), "plain", "sig= of the redirect's signed blob URL")
    art = f.digits(10)
    env = f"APP_ENV=ci\n{region}\nDATABASE_PASSWORD={envp}\nJWT_SECRET={jwtsec}\n"
    cfg = json.dumps({"slack": {"botToken": cfgtok, "channel": chan}, "retries": 3}, indent=2)
    z = zip_bytes([(".env", env), ("config.json", cfg), (fname, "Statements   : 91.2% ( 2044/2241 )\n")])
    loc = f"https://productionresultssa7.blob.core.windows.net/actions-results/{f.uuid()}/workflow-job-run-{f.uuid()}/artifacts/{f.hex(64)}.zip?rscd=attachment%3B+filename%3D%22test-env.zip%22&se=2026-11-30T08%3A10%3A00Z&sig={q(sig)}&ske=2026-11-30T14%3A00%3A00Z&sp=r&sr=b&st=2026-11-30T07%3A59%3A00Z&sv=2021-12-02"
    write([interaction(request("GET", f"https://api.github.com/repos/acme/checkout/actions/artifacts/{art}/zip", [("Authorization", "Bearer " + pat), ("Accept", "application/vnd.github+json"), ("X-GitHub-Api-Version", "2022-11-28")]),
                       response(200, [("Content-Type", "application/zip"), ("Content-Length", str(len(z)))], z, url=loc),
                       redirects=[hop("GET", f"https://api.github.com/repos/acme/checkout/actions/artifacts/{art}/zip", 302, [("Location", loc)])])])


def helm_chart_tgz():
    case("encoding-helm-chart-tgz", "registries")
    tok = S(f.b64url(64), "plain", "Authorization bearer of the chart registry")
    pgp = S(pw(20), "encoding", "postgresql.auth.password in values.yaml inside a .tgz chart")
    adm = S(pw(24), "encoding", "auth.adminPassword in values.yaml inside the .tgz")
    ver = O("version: 4.2.1", "encoding", "Chart.yaml line inside the .tgz")
    img = O("repository: ghcr.io/acme/ledger", "encoding", "image repository line in values.yaml")
    dig = "sha256:" + O(f.hex(64), "identifiers", "chart digest in index.yaml")
    values = (f"image:\n  {img}\n  tag: 4.2.1\nauth:\n  adminUser: admin\n  adminPassword: \"{adm}\"\n"
              f"postgresql:\n  enabled: true\n  auth:\n    username: ledger\n    password: {pgp}\n    database: ledger\n")
    tgz = tgz_bytes([("ledger/Chart.yaml", "apiVersion: v2\nname: ledger\n" + ver + "\nappVersion: \"4.2.1\"\n"), ("ledger/values.yaml", values)])
    index = f"apiVersion: v1\nentries:\n  ledger:\n  - name: ledger\n    version: 4.2.1\n    digest: {dig.split(':')[1]}\n    urls:\n    - charts/ledger-4.2.1.tgz\n"
    hdr = [("Authorization", "Bearer " + tok), ("User-Agent", "Helm/3.16.3")]
    write([ix("GET", "https://charts.example.dev/index.yaml", hdr, rheaders=[("Content-Type", "application/x-yaml")], rbody=index),
           ix("GET", "https://charts.example.dev/charts/ledger-4.2.1.tgz", hdr, rheaders=[("Content-Type", "application/gzip")], rbody=tgz)])


def alb_oidc_headers():
    case("encoding-alb-oidc-headers", "OAuth/OIDC")
    mail = S(email(), "encoding", "email claim inside the padded base64url payload of x-amzn-oidc-data")
    data = S(jwt({"sub": f.uuid(), "email": mail, "name": "A. User", "exp": now(50), "iss": "https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_" + f.alnum(9)},
                 alg="ES256", sig=64, pad=True, kid=f.uuid()), "encoding", "x-amzn-oidc-data (an ALB JWT that keeps = padding)")
    at = S(jwt({"sub": f.uuid(), "token_use": "access", "scope": "openid email", "client_id": f.pick(LOWER + DIGITS, 26)}), "plain", "x-amzn-oidc-accesstoken")
    ident = O(f.uuid(), "identifiers", "x-amzn-oidc-identity (the sub)")
    info = S(email(), "encoding", "email inside the base64url JSON X-Endpoint-API-UserInfo header")
    ui = base64.urlsafe_b64encode(json.dumps({"issuer": "https://accounts.google.com", "id": f.digits(21), "email": info, "audiences": ["acme-api"]}).encode()).decode()
    trace = O("Root=1-" + f.hex(8) + "-" + f.hex(24), "identifiers", "X-Amzn-Trace-Id")
    write([ix("GET", "http://10.0.12.4:8080/api/me", [("x-amzn-oidc-data", data), ("x-amzn-oidc-accesstoken", at), ("x-amzn-oidc-identity", ident),
                                                     ("X-Amzn-Trace-Id", trace), ("X-Endpoint-API-UserInfo", ui), ("X-Forwarded-Proto", "https")],
              rbody={"sub": ident, "roles": ["viewer"]})])


def html_quot_json():
    case("encoding-html-quot-json-props", "HTML apps")
    tok = S(f.b64url(40), "encoding", "apiToken inside &quot;-escaped JSON in a data-props attribute")
    ws = S(f.hex(48), "encoding", "realtime.signature inside the same attribute")
    loc = O("de-CH", "encoding", "locale inside the attribute")
    csrf_param = O("authenticity_token", "names", "csrfParam inside the attribute (a name, not a token)")
    uid = O(str(f.digits(7)), "identifiers", "currentUser.id inside the attribute")
    sess = S(f.b64url(64), "plain", "session cookie of the page request")
    props = json.dumps({"apiToken": tok, "realtime": {"url": "wss://rt.example.app/cable", "signature": ws}, "locale": loc,
                        "csrfParam": csrf_param, "currentUser": {"id": int(uid), "name": "Jo"}}, separators=(",", ":"))
    page = ("<!DOCTYPE html><html><body><div id=\"dashboard\" data-react-class=\"Dashboard\" data-react-props=\"" + html.escape(props, quote=True)
            + "\"></div><script src=\"/packs/dashboard-" + f.hex(20) + ".js\"></script></body></html>\n")
    write([ix("GET", "https://app.example.app/dashboard", [("Cookie", "_app_session=" + sess + "; theme=dark"), UA], rheaders=[HTML], rbody=page)])


def rfc5987_filenames():
    case("encoding-rfc5987-filenames", "file storage")
    tok = S("sl.u.AF" + f.b64url(180), "plain", "Authorization bearer (Dropbox short-lived token)")
    name1 = O("Passwort-Richtlinie_2026.pdf", "encoding", "RFC 5987 filename* (percent-encoded UTF-8) that names a password")
    mail = S(email(), "encoding", "a personal email inside a filename* (the .csv extension must stay)")
    ext = O("_Kontoauszug_11.csv", "encoding", "the rest of the file name after the email")
    rev = O(f.hex(9) + "0" + f.hex(5), "identifiers", "rev of the file")
    cd1 = "attachment; filename=\"Passwort-Richtlinie_2026.pdf\"; filename*=UTF-8''" + q(name1)
    cd2 = "attachment; filename*=UTF-8''" + q(mail + ext)
    arg = json.dumps({"path": "/Shared/" + name1})
    write([
        ix("POST", "https://content.dropboxapi.com/2/files/download", [("Authorization", "Bearer " + tok), ("Dropbox-API-Arg", arg), UA],
           rheaders=[("Content-Type", "application/octet-stream"), ("Content-Disposition", cd1), ("Dropbox-Api-Result", json.dumps({"name": name1, "rev": rev, "size": 18}))],
           rbody="%PDF-1.4 stub"),
        ix("GET", "https://exports.example.com/statements/latest", [("Authorization", "Bearer " + tok), UA],
           rheaders=[("Content-Type", "text/csv"), ("Content-Disposition", cd2)], rbody="date,amount\n2026-11-01,-12.40\n"),
    ])


def qp_mail():
    case("encoding-quoted-printable-mailbox", "e-mail APIs")
    key = S(f.hex(32) + "-" + f.hex(8) + "-" + f.hex(8), "plain", "Mailgun API key in Basic auth")
    reset = S(f.b64url(64), "encoding", "reset token in a quoted-printable link, split by a soft line break")
    mid = O("<" + f.hex(16) + "." + f.digits(6) + "@mg.example.org>", "identifiers", "Message-Id header (looks like an email)")
    to = S(email(), "plain", "recipient address (a personal email)")
    eq = O("utm_source=3Dmail", "encoding", "a =3D-encoded query parameter that must survive in the QP text")
    url = f"https://example.org/password/reset?token={reset}&utm_source=mail"
    # Written by hand so that a soft line break falls inside the token (RFC 2045 lines of at most 76).
    qp = ("Hallo,\n\nsetze dein Passwort zur=C3=BCck:\nhttps://example.org/password/reset?token=3D" + reset[:30] + "=\n"
          + reset[30:] + "&" + eq + "\n\nDein Team\n")
    assert url in quopri.decodestring(qp.encode()).decode() and reset not in qp
    mime = (f"Message-Id: {mid}\r\nFrom: Example <no-reply@example.org>\r\nTo: {to}\r\nSubject: =?UTF-8?Q?Passwort_zur=C3=BCcksetzen?=\r\n"
            "MIME-Version: 1.0\r\nContent-Type: text/plain; charset=\"utf-8\"\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n" + qp.replace("\n", "\r\n"))
    skey = O("eyJwIjpmYWxzZSwiayI6I" + f.b64url(40), "identifiers", "storage key of the stored message (an id, base64-ish)")
    write([ix("GET", f"https://storage-europe-west1.api.mailgun.net/v3/domains/mg.example.org/messages/{skey}", [("Authorization", basic("api", key)), ("Accept", "message/rfc2822")],
              rbody={"recipients": to, "sender": "no-reply@example.org", "Message-Id": mid, "subject": "Passwort zurücksetzen", "body-mime": mime})])


def saml_post():
    case("encoding-saml-response-post", "SOAP/SAML")
    nameid = S(email(), "encoding", "NameID (a personal email) inside the base64 SAMLResponse")
    sigv = S(f.b64std(256), "encoding", "SignatureValue of the assertion inside the base64 SAMLResponse")
    digest = O(f.b64std(32), "identifiers", "DigestValue (a hash, not a credential)")
    cert = O(f.b64std(600), "public", "X509Certificate of the IdP (public)")
    issuer = O("http://www.okta.com/exk" + f.alnum(17), "identifiers", "Issuer")
    irt = O("_" + f.hex(32), "identifiers", "InResponseTo id")
    relay = O("/dashboard?tab=billing", "identifiers", "RelayState")
    sess = S(f.hex(64), "plain", "session cookie set by the ACS")
    xml = (f"<samlp:Response xmlns:samlp=\"urn:oasis:names:tc:SAML:2.0:protocol\" ID=\"id{f.digits(20)}\" InResponseTo=\"{irt}\" Version=\"2.0\">"
           f"<saml2:Issuer xmlns:saml2=\"urn:oasis:names:tc:SAML:2.0:assertion\">{issuer}</saml2:Issuer><saml2:Assertion xmlns:saml2=\"urn:oasis:names:tc:SAML:2.0:assertion\">"
           f"<ds:Signature xmlns:ds=\"http://www.w3.org/2000/09/xmldsig#\"><ds:SignedInfo><ds:Reference><ds:DigestValue>{digest}</ds:DigestValue></ds:Reference></ds:SignedInfo>"
           f"<ds:SignatureValue>{sigv}</ds:SignatureValue><ds:KeyInfo><ds:X509Data><ds:X509Certificate>{cert}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></ds:Signature>"
           f"<saml2:Subject><saml2:NameID Format=\"urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress\">{nameid}</saml2:NameID></saml2:Subject></saml2:Assertion></samlp:Response>")
    write([ix("POST", "https://app.example.com/saml/acs", [FORM, UA], body=form([("SAMLResponse", b64(xml)), ("RelayState", relay)]), status=302,
              rheaders=[("Location", "https://app.example.com" + relay), ("Set-Cookie", f"app_sid={sess}; Path=/; Secure; HttpOnly; SameSite=None")])])


def soap_wsse():
    case("encoding-soap-wsse-usernametoken", "SOAP/SAML")
    pwd = S(pw(18), "plain", "wsse:Password (PasswordText) of a WS-Security UsernameToken")
    nonce = O(f.b64std(16), "challenge", "wsse:Nonce of the UsernameToken")
    created = O("2026-11-30T08:00:00.000Z", "identifiers", "wsu:Created")
    user = O("ACME_B2B_GATEWAY", "identifiers", "wsse:Username (a system account name)")
    sess = S(f.hex(32).upper(), "plain", "SessionId returned by the login operation")
    ship = O("1Z" + f.pick(UPPER + DIGITS, 16), "identifiers", "tracking number in the second call")
    env = ("<?xml version=\"1.0\" encoding=\"UTF-8\"?><soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\" xmlns:wsse=\"http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd\" xmlns:wsu=\"http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd\">"
           f"<soapenv:Header><wsse:Security><wsse:UsernameToken wsu:Id=\"UsernameToken-1\"><wsse:Username>{user}</wsse:Username>"
           f"<wsse:Password Type=\"http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordText\">{pwd}</wsse:Password>"
           f"<wsse:Nonce EncodingType=\"http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-soap-message-security-1.0#Base64Binary\">{nonce}</wsse:Nonce><wsu:Created>{created}</wsu:Created></wsse:UsernameToken></wsse:Security></soapenv:Header>"
           "<soapenv:Body><ns:Login xmlns:ns=\"urn:acme:shipping:v2\"/></soapenv:Body></soapenv:Envelope>")
    resp = f"<?xml version=\"1.0\"?><soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body><LoginResponse xmlns=\"urn:acme:shipping:v2\"><SessionId>{sess}</SessionId><ExpiresIn>1800</ExpiresIn></LoginResponse></soap:Body></soap:Envelope>"
    env2 = f"<?xml version=\"1.0\"?><soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Header><SessionHeader xmlns=\"urn:acme:shipping:v2\"><SessionId>{sess}</SessionId></SessionHeader></soap:Header><soap:Body><Track xmlns=\"urn:acme:shipping:v2\"><Number>{ship}</Number></Track></soap:Body></soap:Envelope>"
    fault = "<?xml version=\"1.0\"?><soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body><soap:Fault><faultcode>soap:Client</faultcode><faultstring>Shipment not found</faultstring></soap:Fault></soap:Body></soap:Envelope>"
    sx = ("Content-Type", "text/xml; charset=utf-8")
    write([ix("POST", "https://b2b.example-shipping.com/ws/v2/Session", [sx, ("SOAPAction", "\"urn:acme:shipping:v2#Login\"")], body=env, rheaders=[sx], rbody=resp),
           ix("POST", "https://b2b.example-shipping.com/ws/v2/Tracking", [sx, ("SOAPAction", "\"urn:acme:shipping:v2#Track\"")], body=env2, status=500, rheaders=[sx], rbody=fault)])


def drive_multipart():
    case("encoding-multipart-related-upload", "cloud SDKs")
    tok = S("ya29.a0" + f.b64url(160), "plain", "Authorization bearer of the Drive upload")
    pem, line = f.pem()
    S(line, "encoding", "a line of private_key in a service account JSON uploaded as a multipart/related part")
    pkid = O(f.hex(40), "public", "private_key_id (a key id)")
    cmail = O("ci-uploader@acme-data-" + f.digits(6) + ".iam.gserviceaccount.com", "identifiers", "client_email (a service account, not a person)")
    cid = O(f.digits(21), "public", "client_id of the service account")
    fid = O(f.b64url(33), "identifiers", "id of the created file")
    boundary = "===============" + f.digits(19) + "=="
    sa = json.dumps({"type": "service_account", "project_id": "acme-data", "private_key_id": pkid, "private_key": pem, "client_email": cmail, "client_id": cid,
                     "auth_uri": "https://accounts.google.com/o/oauth2/auth", "token_uri": "https://oauth2.googleapis.com/token"}, indent=2)
    body = (f"--{boundary}\r\nContent-Type: application/json; charset=UTF-8\r\n\r\n" + json.dumps({"name": "ci-uploader-key.json", "parents": ["root"]})
            + f"\r\n--{boundary}\r\nContent-Type: application/json\r\n\r\n{sa}\r\n--{boundary}--\r\n")
    write([ix("POST", "https://www.googleapis.com/upload/drive/v3/files?uploadType=multipart&fields=id%2Cname", [("Authorization", "Bearer " + tok),
              ("Content-Type", f"multipart/related; boundary=\"{boundary}\""), UA], body=body, rbody={"id": fid, "name": "ci-uploader-key.json"})])


def snowflake_gzip():
    case("encoding-gzip-snowflake-login", "databases")
    pwd = S(pw(20), "plain", "PASSWORD in the login-request body (gzip)")
    tok = S("ver:1-hint:" + f.digits(10) + "-ETMsDgAAAY" + f.b64std(120).rstrip("="), "encoding", "data.token of the gzip response")
    master = S("ver:1-hint:" + f.digits(10) + "-ETMsDgAAAY" + f.b64std(160).rstrip("="), "encoding", "data.masterToken of the gzip response")
    acct = O("XY" + f.digits(5), "identifiers", "ACCOUNT_NAME")
    sid = O(f.digits(16), "identifiers", "data.sessionId (a number)")
    rq = O(f.uuid(), "identifiers", "requestId query parameter")
    reqb = gzip.compress(json.dumps({"data": {"CLIENT_APP_ID": "Go", "CLIENT_APP_VERSION": "1.12.0", "ACCOUNT_NAME": acct, "LOGIN_NAME": "ETL_SVC", "PASSWORD": pwd}}).encode(), mtime=0)
    respb = gzip.compress(json.dumps({"data": {"masterToken": master, "token": tok, "validityInSeconds": 3600, "masterValidityInSeconds": 14400,
                                              "sessionId": int(sid), "sessionInfo": {"databaseName": "ANALYTICS", "warehouseName": "ETL_WH", "roleName": "ETL"}},
                                     "code": None, "message": None, "success": True}).encode(), mtime=0)
    write([ix("POST", f"https://{acct.lower()}.eu-central-1.snowflakecomputing.com/session/v1/login-request?requestId={rq}&request_guid={f.uuid()}&databaseName=ANALYTICS",
              [("Content-Type", "application/json"), ("Content-Encoding", "gzip"), ("Accept", "application/snowflake"), ("User-Agent", "Go/1.12.0 (darwin-arm64) gc/go1.23.3")],
              body=reqb, rheaders=[("Content-Type", "application/json"), ("Content-Encoding", "gzip")], rbody=respb)])

# =============================================================================================
# Streams
# =============================================================================================

def sse_events(events):
    return "".join(f"event: {name}\ndata: {json.dumps(data, separators=(',', ':'))}\n\n" for name, data in events)


def split_pieces(text, n):
    step = max(1, len(text) // n)
    return [text[i:i + step] for i in range(0, len(text), step)]


def anthropic_stream():
    case("stream-anthropic-tool-use-deltas", "LLM APIs")
    key = S("sk-ant-api03-" + f.b64url(93) + "AA", "plain", "x-api-key request header")
    pasted = S("rk_live_51" + f.alnum(97), "stream", "a restricted key pasted in the prompt, echoed split across input_json_delta events")
    msgid = O("msg_01" + f.alnum(22), "identifiers", "message id")
    tool = O("toolu_01" + f.alnum(22), "identifiers", "tool_use id")
    reqid = O("req_011C" + f.alnum(20), "identifiers", "request-id header")
    model = O("claude-sonnet-4-5-20250929", "identifiers", "model name")
    args = json.dumps({"api_key": pasted, "endpoint": "https://api.stripe.com/v1/balance"})
    events = [("message_start", {"type": "message_start", "message": {"id": msgid, "type": "message", "role": "assistant", "model": model, "content": [],
                                                                     "stop_reason": None, "usage": {"input_tokens": 412, "output_tokens": 1}}}),
              ("content_block_start", {"type": "content_block_start", "index": 0, "content_block": {"type": "tool_use", "id": tool, "name": "check_balance", "input": {}}})]
    events += [("content_block_delta", {"type": "content_block_delta", "index": 0, "delta": {"type": "input_json_delta", "partial_json": p}}) for p in split_pieces(args, 7)]
    events += [("content_block_stop", {"type": "content_block_stop", "index": 0}),
               ("message_delta", {"type": "message_delta", "delta": {"stop_reason": "tool_use", "stop_sequence": None}, "usage": {"output_tokens": 88}}),
               ("message_stop", {"type": "message_stop"})]
    body = {"model": model, "max_tokens": 1024, "stream": True, "tools": [{"name": "check_balance", "description": "Check a Stripe balance", "input_schema": {"type": "object", "properties": {"api_key": {"type": "string"}, "endpoint": {"type": "string"}}}}],
            "messages": [{"role": "user", "content": f"Can you check my balance? my key is {pasted}"}]}
    write([ix("POST", "https://api.anthropic.com/v1/messages", [("x-api-key", key), ("anthropic-version", "2023-06-01"), JSON, UA], body=body,
              rheaders=[SSE, ("request-id", reqid), ("anthropic-organization-id", O(f.uuid(), "identifiers", "anthropic-organization-id header"))], rbody=sse_events(events))])


def openai_stream():
    case("stream-openai-tool-call-arguments", "LLM APIs")
    key = S(openai(f, "sk-proj-", 74), "plain", "Authorization bearer")
    dbpw = S(pw(18), "stream", "a password in tool call arguments, split across chunks")
    org = O("org-" + f.alnum(24), "public", "OpenAI-Organization header (an id)")
    cid = O("chatcmpl-" + f.alnum(29), "identifiers", "chat completion id")
    call = O("call_" + f.alnum(24), "identifiers", "tool call id")
    fp = O("fp_" + f.hex(10), "identifiers", "system_fingerprint")
    args = json.dumps({"host": "db.internal", "user": "report", "password": dbpw})
    chunks = [{"id": cid, "object": "chat.completion.chunk", "created": now(3), "model": "gpt-4o-2024-08-06", "system_fingerprint": fp,
               "choices": [{"index": 0, "delta": {"role": "assistant", "content": None, "tool_calls": [{"index": 0, "id": call, "type": "function", "function": {"name": "run_sql", "arguments": ""}}]}, "finish_reason": None}]}]
    for p in split_pieces(args, 9):
        chunks.append({"id": cid, "object": "chat.completion.chunk", "created": now(3), "model": "gpt-4o-2024-08-06", "system_fingerprint": fp,
                       "choices": [{"index": 0, "delta": {"tool_calls": [{"index": 0, "function": {"arguments": p}}]}, "finish_reason": None}]})
    chunks.append({"id": cid, "object": "chat.completion.chunk", "created": now(3), "model": "gpt-4o-2024-08-06", "choices": [{"index": 0, "delta": {}, "finish_reason": "tool_calls"}]})
    stream = "".join("data: " + json.dumps(c, separators=(",", ":")) + "\n\n" for c in chunks) + "data: [DONE]\n\n"
    write([ix("POST", "https://api.openai.com/v1/chat/completions", [("Authorization", "Bearer " + key), ("OpenAI-Organization", org), JSON, UA],
              body={"model": "gpt-4o", "stream": True, "messages": [{"role": "system", "content": "The reporting DB password is " + dbpw}, {"role": "user", "content": "How many orders today?"}],
                    "tools": [{"type": "function", "function": {"name": "run_sql", "parameters": {"type": "object"}}}]},
              rheaders=[SSE, ("openai-processing-ms", "312"), ("x-request-id", "req_" + f.hex(32))], rbody=stream)])


def k8s_watch():
    case("stream-kubernetes-watch-ndjson", "Kubernetes")
    tok = S(jwt({"iss": "kubernetes/serviceaccount", "sub": "system:serviceaccount:ops:watcher"}), "plain", "Authorization bearer")
    a = S(pw(22), "stream", "data.password (base64) of an ADDED Secret event in a watch stream")
    b = S(f.b64url(40), "stream", "data.token (base64) of a MODIFIED Secret event")
    c = O("https://hooks.internal/alert", "stream", "data.webhook_url of a ConfigMap event in the same stream")
    rv = O(f.digits(9), "identifiers", "resourceVersion of a BOOKMARK event")
    ev = [{"type": "ADDED", "object": {"kind": "Secret", "apiVersion": "v1", "metadata": {"name": "smtp", "namespace": "ops", "resourceVersion": f.digits(9)}, "data": {"password": b64(a), "username": b64("mailer")}, "type": "Opaque"}},
          {"type": "MODIFIED", "object": {"kind": "Secret", "apiVersion": "v1", "metadata": {"name": "pager", "namespace": "ops", "resourceVersion": f.digits(9)}, "data": {"token": b64(b)}, "type": "Opaque"}},
          {"type": "ADDED", "object": {"kind": "ConfigMap", "apiVersion": "v1", "metadata": {"name": "alerts", "namespace": "ops"}, "data": {"webhook_url": c, "password_rotation_days": "90"}}},
          {"type": "BOOKMARK", "object": {"kind": "Secret", "apiVersion": "v1", "metadata": {"resourceVersion": rv}}}]
    write([ix("GET", "https://10.96.0.1/api/v1/namespaces/ops/secrets?watch=1&allowWatchBookmarks=true&resourceVersion=0", [("Authorization", "Bearer " + tok), UA],
              rheaders=[("Content-Type", "application/json"), ("Transfer-Encoding", "chunked")], rbody="".join(json.dumps(e, separators=(",", ":")) + "\n" for e in ev))])


def socketio():
    case("stream-socketio-polling", "streams")
    sid = S(f.b64url(20), "stream", "Engine.IO sid (a session id) in the open packet and the URLs")
    jwt1 = S(jwt({"sub": f.digits(8), "room": "support"}, alg="HS256", sig=32), "stream", "token in the Socket.IO CONNECT packet (40{...})")
    ping = O("25000", "stream", "pingInterval of the open packet")
    room = O("support-" + f.digits(4), "stream", "room name in a 42 event")
    text = O("Ihr Passwort wurde geändert.", "stream", "message text about a password (i18n)")
    nsid = O(f.b64url(20), "identifiers", "sid of the Socket.IO CONNECT ack (a per-namespace client id, not the Engine.IO session)")
    base = "https://chat.example.net/socket.io/?EIO=4&transport=polling"
    open_pkt = "0" + json.dumps({"sid": sid, "upgrades": ["websocket"], "pingInterval": int(ping), "pingTimeout": 20000, "maxPayload": 1000000}, separators=(",", ":"))
    write([
        ix("GET", base + "&t=P" + f.alnum(6), [UA], rheaders=[TEXT], rbody=open_pkt),
        ix("POST", base + "&t=P" + f.alnum(6) + "&sid=" + sid, [UA, ("Content-Type", "text/plain;charset=UTF-8")], body="40" + json.dumps({"token": jwt1}, separators=(",", ":")), rheaders=[("Content-Type", "text/html")], rbody="ok"),
        ix("GET", base + "&t=P" + f.alnum(6) + "&sid=" + sid, [UA], rheaders=[TEXT],
           rbody="40" + json.dumps({"sid": nsid}) + "\x1e" + "42" + json.dumps(["message", {"room": room, "text": text}], ensure_ascii=False) + "\x1e2"),
    ])


def docker_build_stream():
    case("stream-docker-build-jsonmessages", "registries")
    npmt = S(npm(f), "stream", "npm token echoed in a RUN step of a docker build stream")
    ghp = S(github(f, "ghp_"), "stream", "a GitHub token in a build-arg echoed in the stream")
    imgid = O("sha256:" + f.hex(64), "identifiers", "aux.ID of the built image")
    layer = O(f.hex(12), "identifiers", "intermediate container id")
    lines = [{"stream": "Step 1/6 : FROM node:22-alpine"}, {"stream": "\n"}, {"stream": " ---> " + f.hex(12) + "\n"},
             {"stream": "Step 4/6 : RUN echo \"//registry.npmjs.org/:_authToken=" + npmt + "\" > .npmrc && npm ci"}, {"stream": "\n"},
             {"stream": " ---> Running in " + layer + "\n"}, {"stream": "added 412 packages in 9s\n"},
             {"stream": "Step 5/6 : RUN git clone https://x-access-token:" + ghp + "@github.com/acme/private-lib.git"}, {"stream": "\n"},
             {"aux": {"ID": imgid}}, {"stream": "Successfully built " + imgid[7:19] + "\n"}]
    write([ix("POST", "http://localhost/v1.47/build?t=acme%2Fweb%3Adev&buildargs=" + q(json.dumps({"GH_TOKEN": ghp})), [("Content-Type", "application/x-tar"), ("User-Agent", "Docker-Client/27.3.1 (darwin)")],
              rheaders=[("Content-Type", "application/json"), ("Api-Version", "1.47")], rbody="".join(json.dumps(l) + "\r\n" for l in lines))])


def ollama_ndjson():
    case("stream-ollama-chat-ndjson", "LLM APIs")
    secret = S(f.hex(40), "stream", "a token the model repeats, split across NDJSON message chunks")
    model = O("llama3.1:8b-instruct-q4_K_M", "identifiers", "model tag")
    reply = "Sure. Your deploy token is " + secret + ". Keep it safe."
    chunks = [{"model": model, "created_at": "2026-11-30T08:00:0%d.%06dZ" % (i // 10, i), "message": {"role": "assistant", "content": p}, "done": False}
              for i, p in enumerate(split_pieces(reply, 12))]
    chunks.append({"model": model, "created_at": "2026-11-30T08:00:02Z", "message": {"role": "assistant", "content": ""}, "done": True, "done_reason": "stop", "total_duration": 1840012345, "eval_count": 31})
    write([ix("POST", "http://127.0.0.1:11434/api/chat", [JSON, UA], body={"model": model, "messages": [{"role": "user", "content": "Repeat my deploy token " + secret}]},
              rheaders=[("Content-Type", "application/x-ndjson")], rbody="".join(json.dumps(c) + "\n" for c in chunks))])


def sentry_envelope():
    case("stream-sentry-envelope", "observability")
    pub = O(f.hex(32), "public", "sentry_key of X-Sentry-Auth and the DSN (public by design)")
    leaked = S(jwt({"sub": f.digits(6), "scope": "orders:write"}), "plain", "request.headers.Authorization captured in the event")
    mail = S(email(), "plain", "user.email captured in the event")
    cookie = S(f.b64url(48), "plain", "request.cookies session value captured in the event")
    evid = O(f.hex(32), "identifiers", "event_id")
    trace = O(f.hex(32), "identifiers", "trace_id in the envelope header")
    hdr = json.dumps({"event_id": evid, "sent_at": "2026-11-30T08:00:00.000Z", "dsn": f"https://{pub}@o{f.digits(6)}.ingest.de.sentry.io/{f.digits(16)}", "trace": {"trace_id": trace, "public_key": pub}})
    ev = json.dumps({"event_id": evid, "level": "error", "platform": "python", "exception": {"values": [{"type": "KeyError", "value": "'password_confirmation'"}]},
                     "request": {"url": "https://shop.example.com/account/password", "method": "POST", "headers": {"Authorization": "Bearer " + leaked, "Accept-Language": "de-DE"},
                                 "cookies": {"sessionid": cookie, "django_language": "de"}}, "user": {"id": "4412", "email": mail, "ip_address": "{{auto}}"}})
    body = hdr + "\n" + json.dumps({"type": "event", "length": len(ev.encode())}) + "\n" + ev + "\n"
    write([ix("POST", f"https://o{f.digits(6)}.ingest.de.sentry.io/api/{f.digits(16)}/envelope/",
              [("Content-Type", "application/x-sentry-envelope"), ("X-Sentry-Auth", f"Sentry sentry_version=7, sentry_client=sentry.python/2.18.0, sentry_key={pub}")], body=body, rbody={"id": evid})])


# =============================================================================================
# Framing (length-prefixed binary)
# =============================================================================================

def grpcweb_binary():
    case("framing-grpc-web-binary-session", "gRPC-web")
    sess = S(f.alnum(16), "framing", "a 16-byte session token in a protobuf string inside a length-prefixed gRPC-web frame")
    refresh = S(f.b64url(32), "framing", "refresh token field in the same frame")
    user = O("user-" + f.digits(8), "framing", "user id field in the frame")
    region = O("eu-west-3", "framing", "region field")
    pwd = S(pw(16), "framing", "password field of the request frame")
    req = grpc_frame(pb_str(1, "operator@example-bank.test") + pb_str(2, pwd))
    resp = grpc_frame(pb_str(1, user) + pb_str(2, sess) + pb_str(3, refresh) + pb_str(4, region) + pb_int(5, 900))
    trailer = grpc_frame(b"grpc-status: 0\r\ngrpc-message: \r\n", trailer=True)
    write([ix("POST", "https://api.example-bank.test/bank.auth.v1.AuthService/Login", [("Content-Type", "application/grpc-web+proto"), ("X-Grpc-Web", "1"), ("Accept", "application/grpc-web+proto")],
              body=req, rheaders=[("Content-Type", "application/grpc-web+proto"), ("grpc-status", "0")], rbody=resp + trailer)])


def evernote_thrift():
    case("framing-thrift-binary-auth-token", "productivity")
    tok = S("S=s" + f.digits(3) + ":U=" + f.hex(6) + ":E=" + f.hex(11) + ":C=" + f.hex(11) + ":P=1cd:A=en-devtoken:V=2:H=" + f.hex(32), "framing",
            "authenticationToken, a Thrift binary string (i32 length prefix)")
    guid = O(f.uuid(), "framing", "notebook guid in the response struct")
    name = O("Passwörter & Zugänge", "framing", "notebook name (i18n, names passwords) in the Thrift response")
    shard = O("s" + f.digits(3), "identifiers", "shard id")

    def call(method, seq, fields):
        return struct.pack(">I", 0x80010001) + struct.pack(">i", len(method)) + method.encode() + struct.pack(">i", seq) + fields + b"\x00"

    req = call("listNotebooks", 1, thrift_str(1, tok))
    nb = b"\x0b\x00\x01" + struct.pack(">i", len(guid)) + guid.encode() + b"\x0b\x00\x02" + struct.pack(">i", len(name.encode())) + name.encode() + b"\x00"
    resp = struct.pack(">I", 0x80010002) + struct.pack(">i", 13) + b"listNotebooks" + struct.pack(">i", 1) + b"\x0f\x00\x00\x0c" + struct.pack(">i", 1) + nb + b"\x00"
    write([ix("POST", f"https://www.evernote.com/shard/{shard}/notestore", [("Content-Type", "application/x-thrift"), ("User-Agent", "evernote-sdk-swift/4.2")], body=req,
              rheaders=[("Content-Type", "application/x-thrift")], rbody=resp)])


def otlp_protobuf():
    case("framing-otlp-protobuf-export", "observability")
    team = S(f.alnum(22), "plain", "x-honeycomb-team header")
    leaked = S("Basic " + b64("svc:" + pw(14)), "framing", "http.request.header.authorization span attribute in the protobuf (length-prefixed)")
    stmt = O("SELECT * FROM users WHERE password_reset_token = $1", "framing", "db.statement attribute naming a token column")
    svc = O("checkout-api", "framing", "service.name resource attribute")
    traceid = f.bytes(16)
    O(traceid.hex(), "identifiers", "trace id (bytes in the protobuf; hex in the response)")

    def kv(k, v):
        return pb_str(1, k) + pb_str(2, pb_str(1, v))

    span = pb_str(1, traceid) + pb_str(2, f.bytes(8)) + pb_str(5, "POST /checkout") + pb_str(9, kv("http.request.header.authorization", leaked)) + pb_str(9, kv("db.statement", stmt))
    resource = pb_str(1, pb_str(1, kv("service.name", svc)))
    msg = pb_str(1, resource + pb_str(2, pb_str(2, span)))
    write([ix("POST", "https://api.eu1.honeycomb.io/v1/traces", [("Content-Type", "application/x-protobuf"), ("x-honeycomb-team", team), ("User-Agent", "OTel-OTLP-Exporter-Go/1.31.0")],
              body=msg, rheaders=[("Content-Type", "application/json")], rbody={"partialSuccess": {}, "traceId": traceid.hex()})])


def fluent_msgpack():
    case("framing-msgpack-log-forward", "observability")
    secret = S(pw(18), "framing", "password in a msgpack log record (str8 length prefix)")
    key = S(f.hex(32), "plain", "DD-API-KEY header")
    tag = O("app.checkout.audit", "framing", "tag of the forward record")
    host = O("ip-10-0-3-41.eu-west-1.compute.internal", "framing", "host field in the record")
    msg = O("password change requested", "framing", "message field naming a password")
    rec = msgpack_map([("tag", tag), ("host", host), ("message", msg), ("password", secret), ("level", "info")])
    body = b"\x92" + rec + msgpack_map([("count", "1")])
    write([ix("POST", "https://http-intake.logs.datadoghq.eu/api/v2/logs", [("Content-Type", "application/msgpack"), ("DD-API-KEY", key)], body=body, status=202, rbody={})])


# =============================================================================================
# Identifiers
# =============================================================================================

def azure_devops_org():
    case("identifiers-azure-devops-org", "CI systems")
    pat = S(f.pick(LOWER + "234567", 52), "plain", "PAT in Basic auth (empty user)")
    org = O("fabrikam-payments", "identifiers", "organisation in dev.azure.com/{org} URLs")
    proj = O(f.uuid(), "identifiers", "project id")
    mail = S(email(), "plain", "uniqueName of an identity (a personal email)")
    desc = O("aad." + f.b64url(44), "identifiers", "identity descriptor")
    repo = O(f.uuid(), "identifiers", "repository id")
    h = [("Authorization", basic("", pat)), ACCEPT, UA]
    write([
        ix("GET", f"https://dev.azure.com/{org}/_apis/projects?api-version=7.1", h, rbody={"count": 1, "value": [{"id": proj, "name": "Checkout", "url": f"https://dev.azure.com/{org}/_apis/projects/{proj}", "state": "wellFormed"}]}),
        ix("GET", f"https://dev.azure.com/{org}/{proj}/_apis/git/repositories/{repo}/pullrequests?api-version=7.1", h,
           rbody={"value": [{"pullRequestId": 812, "createdBy": {"displayName": "Yuki T.", "uniqueName": mail, "descriptor": desc, "url": f"https://spsprodweu5.vssps.visualstudio.com/{f.uuid()}/_apis/Identities/{f.uuid()}"},
                             "sourceRefName": "refs/heads/feature/password-reset", "lastMergeSourceCommit": {"commitId": O(f.hex(40), "identifiers", "commit id")}}], "count": 1}),
    ])


def sendgrid_ids():
    case("identifiers-sendgrid-message-ids", "e-mail APIs")
    key = S("SG." + f.b64url(22) + "." + f.b64url(43), "plain", "Authorization bearer (SendGrid key)")
    to = S(email(), "plain", "recipient email in the send request and the event webhook")
    xmid = O(f.b64url(22), "identifiers", "X-Message-Id response header")
    smtp = O("<" + f.b64url(22) + "@geopod-ismtpd-" + f.digits(1) + ">", "identifiers", "smtp-id (a Message-ID that looks like an email)")
    sgid = O(xmid + ".recvd-" + f.alnum(10) + "-1-" + f.hex(8) + "-" + f.digits(2) + ".0", "identifiers", "sg_message_id")
    cidv = O("logo@acme.example", "identifiers", "content_id of an inline attachment (cid:, looks like an email)")
    evid = O(f.b64url(22), "identifiers", "sg_event_id")
    vk = O("MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE" + f.b64std(48)[:64] + "==", "public", "the event webhook's verification public key")
    sig = S(f.b64std(70), "plain", "X-Twilio-Email-Event-Webhook-Signature")
    write([
        ix("POST", "https://api.sendgrid.com/v3/mail/send", [("Authorization", "Bearer " + key), JSON, UA],
           body={"personalizations": [{"to": [{"email": to}]}], "from": {"email": "billing@acme.example"}, "subject": "Ihre Rechnung",
                 "content": [{"type": "text/html", "value": f"<img src=\"cid:{cidv}\"> Rechnung anbei"}],
                 "attachments": [{"content": b64("PNGDATA"), "filename": "logo.png", "type": "image/png", "disposition": "inline", "content_id": cidv}]},
           status=202, rheaders=[("X-Message-Id", xmid)]),
        ix("GET", "https://api.sendgrid.com/v3/user/webhooks/event/settings", [("Authorization", "Bearer " + key)], rbody={"enabled": True, "url": "https://hooks.acme.example/sendgrid", "public_key": vk}),
        ix("POST", "https://hooks.acme.example/sendgrid", [JSON, ("X-Twilio-Email-Event-Webhook-Signature", sig), ("X-Twilio-Email-Event-Webhook-Timestamp", str(now(9)))],
           body=[{"email": to, "timestamp": now(8), "smtp-id": smtp, "event": "delivered", "sg_event_id": evid, "sg_message_id": sgid, "response": "250 2.0.0 OK"}], rheaders=[TEXT], rbody="ok"),
    ])


def stripe_ids():
    case("identifiers-stripe-objects", "payments")
    sk = S("sk_test_51" + f.alnum(97), "plain", "secret key as the Basic user")
    cus = O("cus_" + f.alnum(14), "identifiers", "customer id")
    pi = "pi_3" + f.alnum(23)  # the id is a prefix of client_secret, so it is not recorded as ordinary
    cs = S(pi + "_secret_" + f.alnum(25), "identifiers", "client_secret of the payment intent (authorises confirming it)")
    idem = O(f.uuid(), "identifiers", "Idempotency-Key header")
    req = O("req_" + f.alnum(14), "identifiers", "Request-Id header")
    pm = O("pm_1" + f.alnum(23), "identifiers", "payment method id")
    fp = O(f.alnum(16), "identifiers", "card.fingerprint (a hash)")
    write([ix("POST", "https://api.stripe.com/v1/payment_intents", [("Authorization", basic(sk, "")), FORM, ("Idempotency-Key", idem), ("Stripe-Version", "2024-06-20")],
              body=form([("amount", "4200"), ("currency", "eur"), ("customer", cus), ("payment_method", pm), ("confirm", "true")]),
              rheaders=[JSON, ("Request-Id", req), ("Idempotency-Key", idem)],
              rbody={"id": pi, "object": "payment_intent", "amount": 4200, "client_secret": cs, "customer": cus, "payment_method": pm, "status": "succeeded",
                     "latest_charge": O("ch_3" + f.alnum(23), "identifiers", "charge id"), "payment_method_details": {"card": {"brand": "visa", "last4": "4242", "fingerprint": fp}}})])


def github_hashes():
    case("identifiers-github-app-hashes", "CI systems")
    appjwt = S(jwt({"iat": now(0), "exp": now(0) + 600, "iss": f.digits(6)}, alg="RS256"), "plain", "app JWT bearer")
    inst = S(github(f, "ghs_"), "plain", "installation access token (response token and later Authorization)")
    sha = O(f.hex(40), "identifiers", "commit sha")
    tree = O(f.hex(40), "identifiers", "tree sha")
    node = O("C_kwDO" + f.b64url(24), "identifiers", "node_id")
    etag = O('W/"' + f.hex(64) + '"', "identifiers", "ETag")
    ghreq = O(f.pick(UPPER + HEX.upper(), 4) + ":" + f.pick(UPPER + DIGITS, 5) + ":" + f.pick(UPPER + DIGITS, 7) + ":" + f.pick(UPPER + DIGITS, 7) + ":" + f.pick(UPPER + DIGITS, 8), "identifiers", "X-GitHub-Request-Id")
    write([
        ix("POST", "https://api.github.com/app/installations/" + f.digits(8) + "/access_tokens", [("Authorization", "Bearer " + appjwt), ("Accept", "application/vnd.github+json")], status=201,
           rbody={"token": inst, "expires_at": "2026-11-30T09:00:00Z", "permissions": {"contents": "read", "statuses": "write"}, "repository_selection": "selected"}),
        ix("GET", f"https://api.github.com/repos/acme/checkout/commits/{sha}", [("Authorization", "token " + inst), ("Accept", "application/vnd.github+json")],
           rheaders=[JSONU, ("ETag", etag), ("X-GitHub-Request-Id", ghreq)],
           rbody={"sha": sha, "node_id": node, "commit": {"tree": {"sha": tree, "url": f"https://api.github.com/repos/acme/checkout/git/trees/{tree}"}, "message": "Rotate password hashing cost", "verification": {"verified": True, "reason": "valid"}},
                  "author": {"login": "octo-dev", "gravatar_id": ""}}),
    ])


def twilio_sids():
    case("identifiers-twilio-sids", "telephony")
    acc = O("AC" + f.hex(32), "identifiers", "Account SID (Basic user, URL path)")
    tok = S(f.hex(32), "plain", "auth token (Basic password)")
    sm = O("SM" + f.hex(32), "identifiers", "Message SID")
    mg = O("MG" + f.hex(32), "identifiers", "Messaging Service SID")
    sig = S(f.b64std(20), "plain", "X-Twilio-Signature of the status callback")
    keysid = O("SK" + f.hex(32), "public", "API key SID of a created key")
    ksecret = S(f.alnum(32), "plain", "secret of the created API key")
    write([
        ix("POST", f"https://api.twilio.com/2010-04-01/Accounts/{acc}/Messages.json", [("Authorization", basic(acc, tok)), FORM], status=201,
           body=form([("To", "+4915112345678"), ("MessagingServiceSid", mg), ("Body", "Ihr Code: 481516")]),
           rbody={"sid": sm, "account_sid": acc, "messaging_service_sid": mg, "status": "accepted", "uri": f"/2010-04-01/Accounts/{acc}/Messages/{sm}.json"}),
        ix("POST", "https://hooks.acme.example/twilio/status", [FORM, ("X-Twilio-Signature", sig), ("I-Twilio-Idempotency-Token", f.uuid())],
           body=form([("MessageSid", sm), ("MessageStatus", "delivered"), ("AccountSid", acc)]), rheaders=[TEXT], rbody=""),
        ix("POST", f"https://api.twilio.com/2010-04-01/Accounts/{acc}/Keys.json", [("Authorization", basic(acc, tok)), FORM], status=201, body=form([("FriendlyName", "ci")]),
           rbody={"sid": keysid, "friendly_name": "ci", "secret": ksecret, "date_created": "Mon, 30 Nov 2026 08:00:00 +0000"}),
    ])


def slack_cursors():
    case("identifiers-slack-cursors", "messaging")
    bot = S("xoxb-" + f.digits(13) + "-" + f.digits(13) + "-" + f.alnum(24), "plain", "Authorization bearer (bot token)")
    cur = O(b64("user:U0" + f.pick(UPPER + DIGITS, 9)), "identifiers", "response_metadata.next_cursor (base64)")
    team = O("T0" + f.pick(UPPER + DIGITS, 9), "identifiers", "team id")
    botid = O("B0" + f.pick(UPPER + DIGITS, 9), "identifiers", "bot_id")
    ts = O(f"{now(3)}.{f.digits(6)}", "identifiers", "message ts")
    mail = S(email(), "plain", "profile.email of a member")
    write([
        ix("GET", "https://slack.com/api/users.list?limit=1", [("Authorization", "Bearer " + bot)],
           rbody={"ok": True, "members": [{"id": "U0" + f.pick(UPPER + DIGITS, 9), "team_id": team, "profile": {"email": mail, "real_name": "Fatima H."}}], "response_metadata": {"next_cursor": cur}}),
        ix("POST", "https://slack.com/api/chat.postMessage", [("Authorization", "Bearer " + bot), JSONU], body={"channel": "C0" + f.pick(UPPER + DIGITS, 9), "text": "Password reset requested"},
           rbody={"ok": True, "ts": ts, "message": {"bot_id": botid, "text": "Password reset requested", "team": team}}),
    ])


# =============================================================================================
# Challenges
# =============================================================================================

def digest_challenge(realm, nonce, opaque, alg, qop="auth", header="WWW-Authenticate"):
    return (header, f'Digest realm="{realm}", qop="{qop}", nonce="{nonce}", opaque="{opaque}", algorithm={alg}, stale=FALSE')


def atlas_digest():
    case("challenge-digest-mongodb-atlas", "databases")
    pub = O(f.pick(LOWER, 8), "public", "Atlas public API key (the Digest username)")
    realm = O("MMS Public API", "challenge", "Digest realm")
    nonce = O(f.b64url(32), "challenge", "Digest nonce")
    opaque = O(f.hex(32), "challenge", "Digest opaque")
    resp = S(f.hex(32), "challenge", "Digest response of the Authorization header")
    cnonce = S(f.hex(16), "challenge", "cnonce of the Digest credential")
    grp = O(f.hex(24), "identifiers", "project (group) id")
    cpw = S(pw(20), "plain", "password of a created database user (request body)")
    uri = f"/api/atlas/v2/groups/{grp}/databaseUsers"
    auth = f'Digest username="{pub}", realm="{realm}", nonce="{nonce}", uri="{uri}", cnonce="{cnonce}", nc=00000001, qop=auth, response="{resp}", opaque="{opaque}", algorithm=MD5'
    write([
        ix("POST", "https://cloud.mongodb.com" + uri, [("Accept", "application/vnd.atlas.2023-01-01+json"), JSON], status=401,
           rheaders=[JSON, digest_challenge(realm, nonce, opaque, "MD5")], rbody={"detail": "You are not authorized for this resource.", "error": 401, "errorCode": "NOT_ORG_GROUP_CREATOR", "reason": "Unauthorized"}),
        ix("POST", "https://cloud.mongodb.com" + uri, [("Accept", "application/vnd.atlas.2023-01-01+json"), JSON, ("Authorization", auth)],
           body={"databaseName": "admin", "username": "etl-reader", "password": cpw, "roles": [{"databaseName": "analytics", "roleName": "read"}]}, status=201,
           rbody={"databaseName": "admin", "groupId": grp, "username": "etl-reader", "roles": [{"databaseName": "analytics", "roleName": "read"}], "links": [{"href": "https://cloud.mongodb.com" + uri + "/admin/etl-reader", "rel": "self"}]}),
    ])


def proxy_digest():
    case("challenge-digest-proxy-sha256", "telephony")
    realm = O("pbx.example-voice.net", "challenge", "Proxy-Authenticate realm")
    nonce = O(f.hex(40), "challenge", "Proxy-Authenticate nonce")
    opaque = O(f.b64std(24), "challenge", "opaque")
    user = O("ext-2041", "identifiers", "Digest username (an extension)")
    resp = S(f.hex(64), "challenge", "response of the SHA-256 Proxy-Authorization")
    cn = S(f.b64url(22), "challenge", "cnonce")
    alg = O("SHA-256", "challenge", "algorithm")
    uri = "/api/v2/calls"
    write([
        ix("POST", "http://pbx.example-voice.net" + uri, [JSON], body={"from": "2041", "to": "+3225550100"}, status=407,
           rheaders=[TEXT, digest_challenge(realm, nonce, opaque, alg, header="Proxy-Authenticate")], rbody="Proxy Authentication Required\n"),
        ix("POST", "http://pbx.example-voice.net" + uri, [JSON, ("Proxy-Authorization", f'Digest username="{user}", realm="{realm}", nonce="{nonce}", uri="{uri}", algorithm={alg}, qop=auth, nc=00000001, cnonce="{cn}", response="{resp}", opaque="{opaque}"')],
           body={"from": "2041", "to": "+3225550100"}, status=201, rbody={"call_id": O(f.uuid(), "identifiers", "call id"), "state": "ringing"}),
    ])


def device_flow():
    case("challenge-oauth-device-flow", "OAuth/OIDC")
    cid = O("Iv1." + f.hex(16), "public", "client_id of the device flow")
    dc = S(f.hex(40), "challenge", "device_code (kept by the client, exchanged for tokens)")
    uc = O(f.pick("BCDFGHJKLMNPQRSTVWXZ", 4) + "-" + f.pick("BCDFGHJKLMNPQRSTVWXZ", 4), "challenge", "user_code shown to the user")
    vu = O("https://github.com/login/device", "challenge", "verification_uri")
    at = S(github(f, "ghu_"), "plain", "access_token of the device flow")
    rt = S("ghr_" + f.alnum(76), "plain", "refresh_token of the device flow")
    write([
        ix("POST", "https://github.com/login/device/code", [ACCEPT, FORM], body=form([("client_id", cid), ("scope", "repo read:org")]),
           rbody={"device_code": dc, "user_code": uc, "verification_uri": vu, "expires_in": 899, "interval": 5}),
        ix("POST", "https://github.com/login/oauth/access_token", [ACCEPT, FORM], body=form([("client_id", cid), ("device_code", dc), ("grant_type", "urn:ietf:params:oauth:grant-type:device_code")]),
           rbody={"error": "authorization_pending", "error_description": "The authorization request is still pending.", "error_uri": "https://docs.github.com/developers/apps/authorizing-oauth-apps#error-codes-for-the-device-flow"}),
        ix("POST", "https://github.com/login/oauth/access_token", [ACCEPT, FORM], body=form([("client_id", cid), ("device_code", dc), ("grant_type", "urn:ietf:params:oauth:grant-type:device_code")]),
           rbody={"access_token": at, "expires_in": 28800, "refresh_token": rt, "refresh_token_expires_in": 15811200, "token_type": "bearer", "scope": ""}),
    ])


def webauthn():
    case("challenge-webauthn-assertion", "identity")
    ch = O(f.b64url(43), "challenge", "WebAuthn challenge of the options")
    rp = O("login.example.com", "challenge", "rpId")
    cred = O(f.b64url(86), "identifiers", "credential id (allowCredentials and the assertion)")
    sigv = S(f.b64url(96), "challenge", "assertion signature (response.signature)")
    sess = S(f.b64url(43), "plain", "session cookie set after the assertion")
    cdj = base64.urlsafe_b64encode(json.dumps({"type": "webauthn.get", "challenge": ch, "origin": "https://" + rp, "crossOrigin": False}, separators=(",", ":")).encode()).decode().rstrip("=")
    adata = O(f.b64url(49), "challenge", "authenticatorData (public, not a credential)")
    write([
        ix("POST", f"https://{rp}/webauthn/authenticate/options", [JSON, UA], body={"username": "priya"},
           rbody={"challenge": ch, "timeout": 60000, "rpId": rp, "allowCredentials": [{"id": cred, "type": "public-key", "transports": ["internal", "hybrid"]}], "userVerification": "preferred"}),
        ix("POST", f"https://{rp}/webauthn/authenticate/verify", [JSON, UA],
           body={"id": cred, "rawId": cred, "type": "public-key", "response": {"clientDataJSON": cdj, "authenticatorData": adata, "signature": sigv, "userHandle": f.b64url(22)}},
           rheaders=[JSON, ("Set-Cookie", f"__Host-sid={sess}; Path=/; Secure; HttpOnly; SameSite=Strict"), ("Set-Cookie", "ui_lang=en; Path=/; Max-Age=31536000")], rbody={"verified": True}),
    ])

# =============================================================================================
# Public by design, i18n
# =============================================================================================

def checkout_page_public():
    case("public-checkout-page-client-keys", "payments")
    pk = O("pk_live_51" + f.alnum(97), "public", "Stripe publishable key in a checkout page")
    adyen = O("live_" + f.pick(UPPER + DIGITS, 32), "public", "Adyen clientKey")
    paypal = O("A" + f.b64url(79), "public", "PayPal client-id in the SDK script URL")
    mapbox_pk = O("pk.eyJ1IjoiYWNtZS1tYXBzIiwiYSI6I" + f.b64url(24) + "." + f.b64url(22), "public", "Mapbox public token (pk.)")
    recaptcha = O("6L" + f.b64url(38), "public", "reCAPTCHA site key")
    sess = S(f.hex(64), "plain", "session cookie of the checkout page")
    csrf = S(f.b64url(43), "names", "csrf token in a hidden input named _csrf")
    page = ("<!doctype html><html><head>\n<script src=\"https://js.stripe.com/v3/\"></script>\n"
            f"<script src=\"https://www.paypal.com/sdk/js?client-id={paypal}&currency=EUR&intent=capture\" data-partner-attribution-id=\"ACME_SP\"></script>\n"
            f"<script src=\"https://www.google.com/recaptcha/api.js?render={recaptcha}\"></script>\n</head><body>\n"
            f"<form id=\"pay\" method=\"post\" action=\"/checkout\"><input type=\"hidden\" name=\"_csrf\" value=\"{csrf}\"></form>\n"
            "<script>\nconst stripe = Stripe('" + pk + "');\n"
            "const checkout = await AdyenCheckout({ environment: 'live', clientKey: '" + adyen + "', locale: 'nl-NL' });\n"
            "mapboxgl.accessToken = '" + mapbox_pk + "';\n</script></body></html>\n")
    write([ix("GET", "https://shop.example.nl/checkout", [("Cookie", "connect.sid=" + sess + "; cookie_consent=analytics%3Afalse"), UA], rheaders=[HTML], rbody=page)])


def actions_public_key():
    case("public-actions-secrets-public-key", "CI systems")
    pat = S(github(f, "ghp_"), "plain", "Authorization token")
    kid = O(f.digits(20), "public", "key_id of the repository public key")
    key = O(f.b64std(32), "public", "key (a libsodium public key)")
    enc = f.b64std(80)
    write([
        ix("GET", "https://api.github.com/repos/acme/checkout/actions/secrets/public-key", [("Authorization", "token " + pat), ("Accept", "application/vnd.github+json")], rbody={"key_id": kid, "key": key}),
        ix("PUT", "https://api.github.com/repos/acme/checkout/actions/secrets/DEPLOY_TOKEN", [("Authorization", "token " + pat), ("Accept", "application/vnd.github+json")],
           body={"encrypted_value": enc, "key_id": kid}, status=201, rheaders=[("Content-Length", "0")]),
    ])


def auth0_jwks():
    case("public-auth0-discovery-jwks", "identity")
    n = O(f.b64url(342), "public", "JWK modulus n")
    kid = O(f.b64url(22), "public", "JWK kid")
    x5t = O(f.b64url(27), "public", "x5t thumbprint")
    x5c = O(f.b64std(700), "public", "x5c certificate")
    cid = O(f.alnum(32), "public", "client_id of the client-credentials grant")
    csec = S(f.b64url(64), "plain", "client_secret in the token request")
    at = S(jwt({"iss": "https://acme.eu.auth0.com/", "sub": cid + "@clients", "aud": "https://api.acme.example", "gty": "client-credentials", "azp": cid}, kid=kid), "plain", "access_token of the client-credentials grant")
    write([
        ix("GET", "https://acme.eu.auth0.com/.well-known/openid-configuration", [UA],
           rbody={"issuer": "https://acme.eu.auth0.com/", "authorization_endpoint": "https://acme.eu.auth0.com/authorize", "token_endpoint": "https://acme.eu.auth0.com/oauth/token",
                  "device_authorization_endpoint": "https://acme.eu.auth0.com/oauth/device/code", "jwks_uri": "https://acme.eu.auth0.com/.well-known/jwks.json",
                  "token_endpoint_auth_methods_supported": ["client_secret_basic", "client_secret_post", "private_key_jwt"], "code_challenge_methods_supported": ["S256", "plain"]}),
        ix("GET", "https://acme.eu.auth0.com/.well-known/jwks.json", [UA], rbody={"keys": [{"kty": "RSA", "use": "sig", "n": n, "e": "AQAB", "kid": kid, "x5t": x5t, "x5c": [x5c], "alg": "RS256"}]}),
        ix("POST", "https://acme.eu.auth0.com/oauth/token", [JSON, UA], body={"client_id": cid, "client_secret": csec, "audience": "https://api.acme.example", "grant_type": "client_credentials"},
           rbody={"access_token": at, "scope": "read:orders", "expires_in": 86400, "token_type": "Bearer"}),
    ])


def i18n_catalogue():
    case("public-i18n-password-catalogue", "HTML apps")
    entries = [("auth.password.label", "Passwort"), ("auth.password.forgot", "Passwort vergessen?"), ("auth.token.expired", "Dein Token ist abgelaufen."),
               ("auth.secret.hint", "Geheimnis nie weitergeben"), ("auth.password.label.ja", "パスワード"), ("auth.password.label.es", "Contraseña"),
               ("auth.apiKey.title", "API-Schlüssel"), ("auth.password.rules", "Mindestens 12 Zeichen, eine Ziffer")]
    for k, v in entries:
        O(v, "public", f"i18n: value of catalogue key {k}")
    O("auth.password.label", "public", "i18n: a catalogue key naming a password")
    etag = O('"' + f.hex(32) + '"', "identifiers", "ETag of the catalogue")
    write([
        ix("GET", "https://app.example.de/locales/de/auth.json", [("Accept-Language", "de-DE,de;q=0.9"), UA], rheaders=[JSONU, ("ETag", etag), ("Cache-Control", "public, max-age=300")],
           rbody={k: v for k, v in entries}),
        ix("GET", "https://app.example.de/api/i18n/keys?ns=auth", [UA], rbody=[{"key": k, "value": v, "locale": "de"} for k, v in entries[:4]]),
    ])


def keycloak_realm():
    case("public-keycloak-realm-export", "identity")
    adm = S(jwt({"iss": "https://sso.example.org/realms/master", "azp": "admin-cli", "preferred_username": "admin"}), "plain", "Authorization bearer of the admin API")
    csec = S(f.alnum(32), "structure", "clients[].secret of a confidential client")
    smtp = S(pw(16), "structure", "smtpServer.password")
    digits = "6"
    O('"otpPolicyDigits":6', "public", "otpPolicyDigits and its number (JSON spelling in the body)")
    pol = O("length(12) and digits(1) and notUsername(undefined) and passwordHistory(3)", "public", "passwordPolicy")
    algo = O("HmacSHA1", "public", "otpPolicyAlgorithm")
    cid = O("billing-portal", "public", "clientId")
    rid_ = O(f.uuid(), "identifiers", "client id (uuid)")
    write([ix("POST", "https://sso.example.org/admin/realms/acme/partial-export?exportClients=true&exportGroupsAndRoles=false", [("Authorization", "Bearer " + adm), UA],
              rbody={"id": f.uuid(), "realm": "acme", "otpPolicyType": "totp", "otpPolicyAlgorithm": algo, "otpPolicyDigits": int(digits), "otpPolicyPeriod": 30,
                     "passwordPolicy": pol, "bruteForceProtected": True, "smtpServer": {"host": "smtp.example.org", "port": "587", "auth": "true", "user": "sso@example.org", "password": smtp},
                     "clients": [{"id": rid_, "clientId": cid, "publicClient": False, "clientAuthenticatorType": "client-secret", "secret": csec, "redirectUris": ["https://billing.example.org/*"]},
                                 {"id": f.uuid(), "clientId": "account-console", "publicClient": True, "attributes": {"pkce.code.challenge.method": "S256"}}]})])


def cosign_signature():
    case("public-cosign-signature-manifest", "registries")
    tok = S(jwt({"iss": "ghcr.io", "sub": "acme", "access": [{"type": "repository", "name": "acme/api", "actions": ["pull"]}]}, alg="ES256", sig=64), "plain", "registry bearer token")
    sig = O(f.b64std(70), "public", "dev.cosignproject.cosign/signature annotation (signature of a public artefact)")
    cert = O(b64("-----BEGIN CERTIFICATE-----\n" + f.b64std(500) + "\n-----END CERTIFICATE-----\n"), "public", "dev.sigstore.cosign/certificate (base64 PEM)")
    bundle = O(json.dumps({"SignedEntryTimestamp": f.b64std(70), "Payload": {"logIndex": int(f.digits(9)), "logID": f.hex(64)}}), "public", "dev.sigstore.cosign/bundle")
    dig = O("sha256:" + f.hex(64), "identifiers", "layer digest")
    write([ix("GET", "https://ghcr.io/v2/acme/api/manifests/sha256-" + f.hex(64) + ".sig", [("Authorization", "Bearer " + tok), ("Accept", "application/vnd.oci.image.manifest.v1+json")],
              rheaders=[("Content-Type", "application/vnd.oci.image.manifest.v1+json")],
              rbody={"schemaVersion": 2, "mediaType": "application/vnd.oci.image.manifest.v1+json", "config": {"mediaType": "application/vnd.oci.image.config.v1+json", "size": 233, "digest": "sha256:" + f.hex(64)},
                     "layers": [{"mediaType": "application/vnd.dev.cosign.simplesigning.v1+json", "size": 255, "digest": dig,
                                 "annotations": {"dev.cosignproject.cosign/signature": sig, "dev.sigstore.cosign/certificate": cert, "dev.sigstore.cosign/bundle": bundle}}]})])


def firebase_push():
    case("public-firebase-config-and-fcm-send", "mobile push")
    api = O("AIzaSy" + f.b64url(33), "public", "firebaseConfig.apiKey (a Firebase web API key, not a secret per Firebase)")
    app = O("1:" + f.digits(12) + ":web:" + f.hex(22), "public", "firebaseConfig.appId")
    sender = O(f.digits(12), "public", "messagingSenderId")
    vapid = O("B" + f.b64url(86), "public", "VAPID public key for web push")
    oauth = S("ya29.c." + f.b64url(160), "plain", "Authorization bearer of FCM HTTP v1")
    name = O("projects/acme-app/messages/0:" + f.digits(16) + "%" + f.hex(16), "identifiers", "name of the sent message")
    write([
        ix("GET", "https://app.example.com/__/firebase/init.json", [UA], rbody={"apiKey": api, "authDomain": "acme-app.firebaseapp.com", "projectId": "acme-app", "storageBucket": "acme-app.appspot.com",
                                                                                "messagingSenderId": sender, "appId": app, "vapidKey": vapid}),
        ix("POST", "https://fcm.googleapis.com/v1/projects/acme-app/messages:send", [("Authorization", "Bearer " + oauth), JSON],
           body={"message": {"token": "f" + f.b64url(21) + ":APA91b" + f.b64url(134), "notification": {"title": "Passwort geändert", "body": "Warst du das?"}}}, rbody={"name": name}),
    ])


# =============================================================================================
# Plain secrets in traffic of other domains
# =============================================================================================

def datadog_keys():
    case("plain-datadog-monitors", "observability")
    api = S(f.hex(32), "plain", "DD-API-KEY header")
    appk = S(f.hex(40), "plain", "DD-APPLICATION-KEY header")
    mid = O(f.digits(8), "identifiers", "monitor id")
    last4 = O(f.hex(4), "public", "last4 of a listed API key")
    keyid = O(f.uuid(), "identifiers", "id of a listed API key")
    created = S(f.hex(32), "plain", "data.attributes.key of a newly created API key")
    h = [("DD-API-KEY", api), ("DD-APPLICATION-KEY", appk), ACCEPT]
    write([
        ix("GET", "https://api.datadoghq.eu/api/v1/monitor/" + mid, h, rbody={"id": int(mid), "name": "p95 latency checkout", "query": "avg(last_5m):p95:trace.http.request{service:checkout} > 0.8", "type": "query alert"}),
        ix("GET", "https://api.datadoghq.eu/api/v2/api_keys?page[size]=1", h, rbody={"data": [{"type": "api_keys", "id": keyid, "attributes": {"name": "ci", "last4": last4, "created_at": "2026-09-01T10:00:00.000Z"}}]}),
        ix("POST", "https://api.datadoghq.eu/api/v2/api_keys", h + [JSON], body={"data": {"type": "api_keys", "attributes": {"name": "ingest-2"}}}, status=201,
           rbody={"data": {"type": "api_keys", "id": f.uuid(), "attributes": {"name": "ingest-2", "key": created, "last4": created[-4:]}}}),
    ])


def maps_geocoding():
    case("plain-maps-geocoding-and-upload-creds", "maps")
    key = S("AIzaSy" + f.b64url(33), "plain", "key= query parameter of a server-side Geocoding call")
    place = O("ChIJ" + f.b64url(23), "identifiers", "place_id")
    plus = O("9F4MGC" + f.pick("23456789CFGHJMPQRVWX", 2) + "+" + f.pick("23456789CFGHJMPQRVWX", 2), "identifiers", "plus_code.global_code")
    sk = S(mapbox(f), "plain", "Mapbox secret token (sk.) in access_token=")
    ak = S(f.aws_secret(), "plain", "secretAccessKey of Mapbox upload credentials")
    st = S(f.aws_session_token(), "plain", "sessionToken of Mapbox upload credentials")
    bucket = O("tilestream-tilesets-production", "identifiers", "bucket of the upload credentials")
    write([
        ix("GET", "https://maps.googleapis.com/maps/api/geocode/json?address=" + q("Unter den Linden 77, Berlin") + "&key=" + key, [UA],
           rbody={"results": [{"formatted_address": "Unter den Linden 77, 10117 Berlin, Germany", "place_id": place, "plus_code": {"global_code": plus}, "geometry": {"location": {"lat": 52.516, "lng": 13.3777}}}], "status": "OK"}),
        ix("POST", "https://api.mapbox.com/uploads/v1/acme-maps/credentials?access_token=" + sk, [UA],
           rbody={"accessKeyId": "ASIA" + f.pick(UPPER + "234567", 16), "bucket": bucket, "key": "_pending/acme-maps/" + f.alnum(20), "secretAccessKey": ak, "sessionToken": st,
                  "url": "https://" + bucket + ".s3.amazonaws.com/_pending/acme-maps/x"}),
    ])


def elastic_api_key():
    case("plain-elasticsearch-api-keys", "search")
    cur = S(b64(f.b64url(20) + ":" + f.b64url(22)), "plain", "Authorization ApiKey (base64 id:key)")
    kid = O(f.b64url(20), "public", "id of the created API key")
    key = S(f.b64url(22), "plain", "api_key of the created key")
    enc = S(b64(kid + ":" + key), "plain", "encoded (base64 id:api_key) of the created key")
    cluster = O(f.b64url(22), "identifiers", "cluster_uuid")
    scroll = O("FGluY2x1ZGVfY29udGV4dF91dWlkDXF1ZXJ5QW5kRmV0Y2gBFk" + f.b64url(40), "identifiers", "_scroll_id (base64-ish cursor)")
    h = [("Authorization", "ApiKey " + cur), JSON]
    write([
        ix("GET", "https://acme.es.europe-west3.gcp.cloud.es.io/", h, rbody={"name": "instance-0000000003", "cluster_name": f.hex(32), "cluster_uuid": cluster, "version": {"number": "8.15.3"}, "tagline": "You Know, for Search"}),
        ix("POST", "https://acme.es.europe-west3.gcp.cloud.es.io/_security/api_key", h, body={"name": "ingest-logs", "expiration": "30d", "role_descriptors": {}},
           rbody={"id": kid, "name": "ingest-logs", "expiration": now(99) * 1000, "api_key": key, "encoded": enc}),
        ix("POST", "https://acme.es.europe-west3.gcp.cloud.es.io/logs-*/_search?scroll=1m", h, body={"size": 1, "query": {"match": {"message": "password reset"}}},
           rbody={"_scroll_id": scroll, "took": 4, "hits": {"total": {"value": 3, "relation": "eq"}, "hits": [{"_index": ".ds-logs-2026.11.30-000001", "_id": O(f.b64url(20), "identifiers", "document _id"), "_source": {"message": "password reset mail sent"}}]}}),
    ])


def scim_okta():
    case("plain-scim-users-provisioning", "identity")
    tok = S(f.b64url(48), "plain", "SCIM bearer token")
    mail = S(email(), "plain", "userName / emails[].value (a personal email)")
    pwd = S(pw(16), "plain", "password of the SCIM create request")
    ext = O("00u" + f.alnum(17), "identifiers", "externalId (an Okta user id)")
    uid = O(f.uuid(), "identifiers", "id of the SCIM user")
    ver = O('W/"' + f.hex(8) + '"', "identifiers", "meta.version")
    schema = O("urn:ietf:params:scim:schemas:core:2.0:User", "identifiers", "schema URN")
    h = [("Authorization", "Bearer " + tok), ("Content-Type", "application/scim+json"), ("User-Agent", "Okta SCIM Client 1.0.0")]
    write([
        ix("POST", "https://app.example.com/scim/v2/Users", h, body={"schemas": [schema], "userName": mail, "name": {"givenName": "Chloe", "familyName": "Moreau"}, "emails": [{"primary": True, "value": mail, "type": "work"}],
                                                                  "password": pwd, "active": True, "externalId": ext}, status=201, rheaders=[("Content-Type", "application/scim+json"), ("ETag", ver)],
           rbody={"schemas": [schema], "id": uid, "externalId": ext, "userName": mail, "active": True, "meta": {"resourceType": "User", "created": "2026-11-30T08:00:00Z", "version": ver, "location": "https://app.example.com/scim/v2/Users/" + uid}}),
        ix("PATCH", "https://app.example.com/scim/v2/Users/" + uid, h, body={"schemas": ["urn:ietf:params:scim:api:messages:2.0:PatchOp"], "Operations": [{"op": "replace", "value": {"active": False}}]},
           rheaders=[("Content-Type", "application/scim+json")], rbody={"schemas": [schema], "id": uid, "active": False}),
    ])


def ldap_json():
    case("plain-ldap-entries-json", "identity")
    bindpw = S(pw(18), "plain", "bind password in the request body")
    ssha = S("{SSHA}" + f.b64std(24), "structure", "userPassword attribute ({SSHA} hash)")
    nt = S(f.hex(32).upper(), "structure", "sambaNTPassword attribute")
    dn = O("uid=oskar.larsen,ou=people,dc=example,dc=org", "identifiers", "dn")
    oc = O("inetOrgPerson", "identifiers", "objectClass value")
    uidn = O("10472", "identifiers", "uidNumber")
    ppol = O("cn=default,ou=policies,dc=example,dc=org", "names", "pwdPolicySubentry (names a password policy)")
    write([ix("POST", "https://directory.example.org/api/v1/search", [JSON, UA], body={"bindDN": "cn=reader,dc=example,dc=org", "bindPassword": bindpw, "base": "ou=people,dc=example,dc=org", "filter": "(uid=oskar.larsen)", "attributes": ["*", "+"]},
              rbody={"entries": [{"dn": dn, "attributes": {"objectClass": ["top", "person", oc, "sambaSamAccount"], "uid": ["oskar.larsen"], "uidNumber": [uidn], "userPassword": [ssha], "sambaNTPassword": [nt],
                                                          "pwdPolicySubentry": [ppol], "pwdChangedTime": ["20261101090000Z"]}}], "resultCode": 0})])


def csv_export():
    case("plain-admin-csv-export", "HTML apps")
    sess = S(f.b64url(43), "plain", "admin session cookie")
    rows = []
    for i in range(3):
        key = S("ak_" + f.alnum(32), "plain", f"api_key column of CSV row {i + 1}")
        ident = O("usr_" + f.alnum(12), "identifiers", f"id column of CSV row {i + 1}")
        rows.append(f"{ident},{f.rng.choice(['owner', 'member', 'viewer'])},{key},2026-11-2{i}T10:00:00Z")
    O("id,role,api_key,password_changed_at", "names", "CSV header line naming api_key and password")
    csv = "id,role,api_key,password_changed_at\r\n" + "\r\n".join(rows) + "\r\n"
    write([ix("GET", "https://admin.example.io/admin/users.csv?include=api_key", [("Cookie", "admin_session=" + sess + "; tz=Europe%2FBerlin"), UA],
              rheaders=[("Content-Type", "text/csv; charset=utf-8"), ("Content-Disposition", "attachment; filename=\"users-2026-11-30.csv\"")], rbody=csv)])


def redirects_location():
    case("plain-oauth-redirects-location", "OAuth/OIDC")
    code = S(f.b64url(43), "plain", "code= of an authorization-code redirect Location")
    state = O(f.b64url(22), "challenge", "state parameter")
    verifier = S(f.b64url(43), "plain", "code_verifier of the token request (PKCE)")
    chal = O(f.b64url(43), "challenge", "code_challenge (S256 of the verifier, public)")
    at = S(f.b64url(43), "plain", "access_token in the fragment of an implicit redirect")
    idt = S(jwt({"iss": "https://login.example.com", "sub": f.uuid(), "aud": "spa", "nonce": "n-" + f.alnum(10)}), "plain", "id_token of the token response")
    rt = S(f.b64url(64), "plain", "refresh_token of the token response")
    cid = O("spa-" + f.hex(8), "public", "client_id")
    cb = "https://app.example.com/callback"
    auth_url = f"https://login.example.com/authorize?response_type=code&client_id={cid}&redirect_uri={q(cb)}&state={state}&code_challenge={chal}&code_challenge_method=S256"
    loc = f"{cb}?code={code}&state={state}"
    loc2 = f"{cb}#access_token={at}&token_type=Bearer&expires_in=3600&state={state}"
    write([
        interaction(request("GET", auth_url, [UA]), response(200, [HTML], "<html>signed in</html>", url=loc),
                    redirects=[hop("GET", auth_url, 302, [("Location", "https://login.example.com/u/login?state=" + state)]), hop("GET", "https://login.example.com/u/login?state=" + state, 302, [("Location", loc)])]),
        ix("POST", "https://login.example.com/oauth/token", [FORM], body=form([("grant_type", "authorization_code"), ("code", code), ("code_verifier", verifier), ("client_id", cid), ("redirect_uri", cb)]),
           rbody={"access_token": at, "id_token": idt, "refresh_token": rt, "token_type": "Bearer", "expires_in": 3600}),
        ix("GET", "https://login.example.com/authorize?response_type=token&client_id=" + cid + "&state=" + state, [UA], status=302, rheaders=[("Location", loc2)]),
    ])


def cookies_mixed():
    case("plain-cookies-preferences-and-sessions", "HTML apps")
    conn = S("s%3A" + f.b64url(32) + "." + f.b64url(43), "plain", "connect.sid (signed express session)")
    php = S(f.pick(LOWER + DIGITS, 26), "plain", "PHPSESSID")
    rem = S(f.hex(64), "plain", "remember_web_ cookie")
    xsrf = S(q(b64(json.dumps({"iv": f.b64std(16), "value": f.b64std(48), "mac": f.hex(64), "tag": ""}))), "names", "XSRF-TOKEN cookie (Laravel, percent-encoded base64 JSON)")
    theme = O("theme=dark", "public", "a preference cookie")
    loc = O("locale=pt-BR", "public", "a locale cookie")
    consent = O("cookieconsent_status=dismiss", "public", "a consent cookie")
    ga = O("_ga=GA1.1." + f.digits(10) + "." + str(now(0)), "identifiers", "Google Analytics client id cookie")
    token_pref = O("show_password_strength=1", "names", "a preference cookie whose name mentions password")
    write([
        ix("GET", "https://portal.example.com.br/", [UA, ("Cookie", f"{theme}; {loc}; {consent}; {ga}; {token_pref}")], rheaders=[HTML,
            ("Set-Cookie", f"connect.sid={conn}; Path=/; Expires=Tue, 01 Dec 2026 08:00:00 GMT; HttpOnly; Secure"),
            ("Set-Cookie", f"PHPSESSID={php}; path=/; secure; HttpOnly; SameSite=Lax"),
            ("Set-Cookie", f"XSRF-TOKEN={xsrf}; expires=Mon, 30 Nov 2026 10:00:00 GMT; Max-Age=7200; path=/; secure; samesite=lax"),
            ("Set-Cookie", f"remember_web_59ba36addc2b2f9401580f014c7f58ea4e30989d={rem}; expires=Sat, 30 Nov 2031 08:00:00 GMT; path=/; secure; httponly"),
            ("Set-Cookie", theme + "; Path=/; Max-Age=31536000")], rbody="<html><body>Olá</body></html>"),
        ix("GET", "https://portal.example.com.br/conta", [UA, ("Cookie", f"{theme}; {loc}; connect.sid={conn}; PHPSESSID={php}; XSRF-TOKEN={xsrf}")], rheaders=[HTML], rbody="<html><body>Minha conta</body></html>"),
    ])


def rancher_kubeconfig():
    case("plain-rancher-generate-kubeconfig", "Kubernetes")
    api = S("token-" + f.pick(LOWER + DIGITS, 5) + ":" + f.pick(LOWER + DIGITS, 54), "plain", "Authorization bearer (a Rancher API token)")
    tokname = O("kubeconfig-user-" + f.pick(LOWER + DIGITS, 5) + f.pick(LOWER + DIGITS, 5), "identifiers", "token name before the colon in the kubeconfig token")
    secret = S(f.pick(LOWER + DIGITS, 54), "plain", "secret part of the kubeconfig token")
    ca = O(f.b64std(700), "public", "certificate-authority-data (public CA)")
    cluster = O("c-m-" + f.pick(LOWER + DIGITS, 8), "identifiers", "cluster id")
    cfg = (f"apiVersion: v1\nkind: Config\nclusters:\n- name: \"prod-eu\"\n  cluster:\n    server: \"https://rancher.example.net/k8s/clusters/{cluster}\"\n    certificate-authority-data: \"{ca}\"\n"
           f"users:\n- name: \"prod-eu\"\n  user:\n    token: \"{tokname}:{secret}\"\ncontexts:\n- name: \"prod-eu\"\n  context:\n    user: \"prod-eu\"\n    cluster: \"prod-eu\"\ncurrent-context: \"prod-eu\"\n")
    write([ix("POST", f"https://rancher.example.net/v3/clusters/{cluster}?action=generateKubeconfig", [("Authorization", "Bearer " + api), ACCEPT], rbody={"baseType": "generateKubeConfigOutput", "config": cfg, "type": "generateKubeConfigOutput"})])


def actions_log_text():
    case("plain-actions-job-log-text", "CI systems")
    tok = S(github(f, "ghs_"), "plain", "Authorization token")
    derived = S(b64("deploy:" + pw(16)), "plain", "a base64-derived secret the runner did not mask (*** masks only the original)")
    masked = O("***", "public", "the runner's mask")
    run = O(f.digits(11), "identifiers", "job id")
    sha = O(f.hex(40), "identifiers", "commit sha in the log")
    log = (f"2026-11-30T08:00:00.1000000Z ##[group]Run actions/checkout@v4\n2026-11-30T08:00:00.2000000Z   ref: {sha}\n2026-11-30T08:00:00.3000000Z ##[endgroup]\n"
           f"2026-11-30T08:00:01.0000000Z + curl -H 'Authorization: {masked}' https://deploy.example.com/api\n"
           f"2026-11-30T08:00:01.1000000Z + echo AUTH={derived}\n2026-11-30T08:00:01.2000000Z AUTH={derived}\n2026-11-30T08:00:02.0000000Z ##[error]Process completed with exit code 22.\n")
    write([ix("GET", f"https://api.github.com/repos/acme/checkout/actions/jobs/{run}/logs", [("Authorization", "token " + tok)], rheaders=[TEXT], rbody=log)])


def stripe_webhook():
    case("plain-stripe-webhook-and-endpoint", "webhooks")
    sk = S("rk_test_51" + f.alnum(97), "plain", "restricted key bearer")
    whsec = S("whsec_" + f.alnum(32), "plain", "secret of the created webhook endpoint")
    sig = S(f.hex(64), "plain", "v1= of the Stripe-Signature header")
    ts = O(str(now(4)), "identifiers", "t= of the Stripe-Signature header")
    evt = O("evt_1" + f.alnum(23), "identifiers", "event id")
    we = O("we_1" + f.alnum(23), "identifiers", "webhook endpoint id")
    write([
        ix("POST", "https://api.stripe.com/v1/webhook_endpoints", [("Authorization", "Bearer " + sk), FORM], body=form([("url", "https://hooks.acme.example/stripe"), ("enabled_events[]", "charge.succeeded")]),
           rbody={"id": we, "object": "webhook_endpoint", "secret": whsec, "status": "enabled", "url": "https://hooks.acme.example/stripe"}),
        ix("POST", "https://hooks.acme.example/stripe", [JSONU, ("Stripe-Signature", f"t={ts},v1={sig},v0={f.hex(64)}"), ("User-Agent", "Stripe/1.0 (+https://stripe.com/docs/webhooks)")],
           body={"id": evt, "object": "event", "api_version": "2024-06-20", "type": "charge.succeeded", "data": {"object": {"id": "ch_3" + f.alnum(23), "amount": 4200}}}, rheaders=[TEXT], rbody="ok"),
    ])


def adyen_paypal_webhooks():
    case("plain-adyen-paypal-notifications", "payments")
    hmac_sig = S(f.b64std(32), "plain", "additionalData.hmacSignature of an Adyen notification")
    psp = O(f.pick(UPPER + DIGITS, 16), "identifiers", "pspReference")
    merch = O("AcmeShopNL", "identifiers", "merchantAccountCode")
    ppsig = S(f.b64std(256), "plain", "PAYPAL-TRANSMISSION-SIG header")
    ppid = O(f.uuid(), "identifiers", "PAYPAL-TRANSMISSION-ID header")
    certurl = O("https://api.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-" + f.hex(8), "public", "PAYPAL-CERT-URL header")
    basicpw = S(pw(18), "plain", "Basic auth password Adyen sends to the notification endpoint")
    write([
        ix("POST", "https://hooks.acme.example/adyen", [JSON, ("Authorization", basic("adyen-notify", basicpw))],
           body={"live": "false", "notificationItems": [{"NotificationRequestItem": {"additionalData": {"hmacSignature": hmac_sig}, "amount": {"currency": "EUR", "value": 1000}, "eventCode": "AUTHORISATION",
                 "eventDate": "2026-11-30T08:00:00+01:00", "merchantAccountCode": merch, "merchantReference": "order-" + f.digits(6), "pspReference": psp, "success": "true"}}]}, rheaders=[TEXT], rbody="[accepted]"),
        ix("POST", "https://hooks.acme.example/paypal", [JSON, ("PAYPAL-TRANSMISSION-ID", ppid), ("PAYPAL-TRANSMISSION-TIME", "2026-11-30T08:00:00Z"), ("PAYPAL-TRANSMISSION-SIG", ppsig),
                                                         ("PAYPAL-CERT-URL", certurl), ("PAYPAL-AUTH-ALGO", "SHA256withRSA")],
           body={"id": "WH-" + f.pick(UPPER + DIGITS, 17) + "-" + f.pick(UPPER + DIGITS, 17), "event_type": "PAYMENT.CAPTURE.COMPLETED", "resource": {"id": f.pick(UPPER + DIGITS, 17), "status": "COMPLETED"}}, rheaders=[TEXT], rbody=""),
    ])


def neon_connection():
    case("plain-neon-connection-uris", "databases")
    key = S("napi_" + f.pick(LOWER + DIGITS, 64), "plain", "Authorization bearer (Neon API key)")
    pwd = S("npg_" + f.alnum(12), "plain", "password inside connection_uri and password field")
    role = O("neondb_owner", "identifiers", "role name")
    host = O("ep-" + f.pick(LOWER, 6) + "-" + f.pick(LOWER, 6) + "-" + f.pick(LOWER + DIGITS, 8) + ".eu-central-1.aws.neon.tech", "identifiers", "endpoint host")
    proj = O(f.pick(LOWER, 5) + "-" + f.pick(LOWER, 5) + "-" + f.digits(8), "identifiers", "project id")
    write([ix("GET", f"https://console.neon.tech/api/v2/projects/{proj}/connection_uri?database_name=neondb&role_name={role}", [("Authorization", "Bearer " + key), ACCEPT],
              rbody={"uri": f"postgresql://{role}:{pwd}@{host}/neondb?sslmode=require"}),
           ix("GET", f"https://console.neon.tech/api/v2/projects/{proj}/branches/br-{f.pick(LOWER, 10)}/roles/{role}/reveal_password", [("Authorization", "Bearer " + key), ACCEPT], rbody={"password": pwd})])


def alibaba_metadata():
    case("plain-alibaba-ecs-ram-credentials", "metadata servers")
    tok = S(f.b64url(56) + "==", "plain", "X-aliyun-ecs-metadata-token (IMDS session token)")
    sec = S(f.alnum(44), "plain", "AccessKeySecret of the RAM role credentials")
    sts = S("CAIS" + f.b64std(400), "plain", "SecurityToken of the RAM role credentials")
    role = O("EcsRamRoleDocs", "identifiers", "role name in the path")
    exp = O("2026-11-30T14:00:00Z", "identifiers", "Expiration")
    write([
        ix("PUT", "http://100.100.100.200/latest/api/token", [("X-aliyun-ecs-metadata-token-ttl-seconds", "21600")], rheaders=[TEXT], rbody=tok),
        ix("GET", "http://100.100.100.200/latest/meta-data/ram/security-credentials/" + role, [("X-aliyun-ecs-metadata-token", tok)], rheaders=[TEXT],
           rbody=json.dumps({"AccessKeyId": "STS." + f.alnum(25), "AccessKeySecret": sec, "Expiration": exp, "SecurityToken": sts, "LastUpdated": "2026-11-30T08:00:00Z", "Code": "Success"}, indent=2)),
    ])


def cognito_auth():
    case("plain-cognito-initiate-auth", "identity")
    cid = O(f.pick(LOWER + DIGITS, 26), "public", "ClientId of the app client")
    mail = S(email(), "plain", "USERNAME (a personal email)")
    pwd = S(pw(14), "plain", "PASSWORD of USER_PASSWORD_AUTH")
    sh = S(f.b64std(32), "plain", "SECRET_HASH (HMAC with the client secret)")
    srpa = O(f.hex(768), "challenge", "SRP_A of USER_SRP_AUTH (a public ephemeral)")
    salt = O(f.hex(32), "challenge", "SALT of the PASSWORD_VERIFIER challenge")
    sessn = S(f.b64url(300), "challenge", "Session of the challenge response")
    at = S(jwt({"sub": f.uuid(), "token_use": "access", "client_id": cid, "username": mail}), "plain", "AccessToken")
    rt = S(f.b64url(40) + "." + f.b64url(300) + "." + f.b64url(22), "plain", "RefreshToken (a JWE)")
    t = ("Content-Type", "application/x-amz-json-1.1")
    write([
        ix("POST", "https://cognito-idp.eu-west-1.amazonaws.com/", [t, ("X-Amz-Target", "AWSCognitoIdentityProviderService.InitiateAuth")],
           body=json.dumps({"AuthFlow": "USER_SRP_AUTH", "ClientId": cid, "AuthParameters": {"USERNAME": mail, "SRP_A": srpa, "SECRET_HASH": sh}}), rheaders=[t],
           rbody={"ChallengeName": "PASSWORD_VERIFIER", "ChallengeParameters": {"SALT": salt, "SRP_B": f.hex(768), "USERNAME": f.uuid(), "SECRET_BLOCK": S(f.b64std(600), "challenge", "SECRET_BLOCK of the PASSWORD_VERIFIER challenge"), "USER_ID_FOR_SRP": f.uuid()}, "Session": sessn}),
        ix("POST", "https://cognito-idp.eu-west-1.amazonaws.com/", [t, ("X-Amz-Target", "AWSCognitoIdentityProviderService.InitiateAuth")],
           body=json.dumps({"AuthFlow": "USER_PASSWORD_AUTH", "ClientId": cid, "AuthParameters": {"USERNAME": mail, "PASSWORD": pwd, "SECRET_HASH": sh}}), rheaders=[t],
           rbody={"AuthenticationResult": {"AccessToken": at, "ExpiresIn": 3600, "IdToken": S(jwt({"email": mail, "token_use": "id"}), "plain", "IdToken"), "RefreshToken": rt, "TokenType": "Bearer"}, "ChallengeParameters": {}}),
    ])


def okta_authn():
    case("plain-okta-authn-session-token", "identity")
    ssws = S("00" + f.b64url(40), "plain", "Authorization SSWS token")
    pwd = S(pw(15), "plain", "password of /api/v1/authn")
    st = S("00" + f.b64url(40), "plain", "stateToken of the MFA_REQUIRED response")
    sess = S("20111" + f.b64url(55), "plain", "sessionToken, then sessionToken= of the authorize redirect")
    fid = O("opf" + f.alnum(17), "identifiers", "factor id")
    uid = O("00u" + f.alnum(17), "identifiers", "user id")
    passcode = S(f.digits(6), "plain", "passCode of a TOTP verify (a one-time password)")
    write([
        ix("POST", "https://acme.okta.com/api/v1/authn", [JSON, ACCEPT], body={"username": "priya.nowak", "password": pwd},
           rbody={"stateToken": st, "expiresAt": "2026-11-30T08:05:00.000Z", "status": "MFA_REQUIRED", "_embedded": {"user": {"id": uid}, "factors": [{"id": fid, "factorType": "token:software:totp", "provider": "OKTA"}]}}),
        ix("POST", f"https://acme.okta.com/api/v1/authn/factors/{fid}/verify", [JSON], body={"stateToken": st, "passCode": passcode},
           rbody={"status": "SUCCESS", "sessionToken": sess, "_embedded": {"user": {"id": uid}}}),
        ix("GET", f"https://acme.okta.com/oauth2/default/v1/authorize?client_id=0oa{f.alnum(17)}&response_type=code&scope=openid&redirect_uri=https%3A%2F%2Fapp.example.com%2Fcb&state=s1&sessionToken={sess}", [UA], status=302,
           rheaders=[("Location", "https://app.example.com/cb?code=" + S(f.b64url(43), "plain", "code of the authorize redirect") + "&state=s1")]),
        ix("GET", f"https://acme.okta.com/api/v1/users/{uid}", [("Authorization", "SSWS " + ssws), ACCEPT], rbody={"id": uid, "status": "ACTIVE", "profile": {"login": "priya.nowak"}}),
    ])


def apns_push():
    case("plain-apns-provider-token", "mobile push")
    tok = S(jwt({"iss": f.pick(UPPER + DIGITS, 10), "iat": now(0)}, alg="ES256", sig=64, kid=f.pick(UPPER + DIGITS, 10)), "plain", "authorization bearer (APNs provider JWT)")
    topic = O("com.acme.shop", "identifiers", "apns-topic")
    apid = O(f.uuid().upper(), "identifiers", "apns-id")
    dev = f.hex(64)
    write([ix("POST", f"https://api.push.apple.com/3/device/{dev}", [("authorization", "bearer " + tok), ("apns-topic", topic), ("apns-push-type", "alert"), ("apns-id", apid), ("apns-priority", "10")],
              body={"aps": {"alert": {"title": "Neues Passwort", "body": "Dein Passwort wurde geändert."}, "sound": "default"}}, rheaders=[("apns-id", apid), ("apns-unique-id", O(f.uuid(), "identifiers", "apns-unique-id"))])])


def vonage_sms():
    case("plain-vonage-sms-and-voice", "telephony")
    key = O(f.hex(8), "public", "api_key (an account id, sent beside the secret)")
    secret = S(f.alnum(16), "plain", "api_secret")
    msgid = O(f.uuid(), "identifiers", "message-id")
    appjwt = S(jwt({"application_id": f.uuid(), "iat": now(0), "jti": f.uuid()}), "plain", "Voice API JWT bearer")
    cuuid = O(f.uuid(), "identifiers", "call uuid")
    write([
        ix("POST", "https://rest.nexmo.com/sms/json", [FORM], body=form([("api_key", key), ("api_secret", secret), ("from", "ACME"), ("to", "447700900000"), ("text", "Your code is 4815")]),
           rbody={"message-count": "1", "messages": [{"to": "447700900000", "message-id": msgid, "status": "0", "remaining-balance": "14.92", "message-price": "0.0333", "network": "23410"}]}),
        ix("POST", "https://api.nexmo.com/v1/calls", [("Authorization", "Bearer " + appjwt), JSON], body={"to": [{"type": "phone", "number": "447700900001"}], "from": {"type": "phone", "number": "447700900002"}, "answer_url": ["https://acme.example/answer"]},
           status=201, rbody={"uuid": cuuid, "status": "started", "direction": "outbound", "conversation_uuid": "CON-" + f.uuid()}),
    ])


def npm_login():
    case("plain-npm-adduser-otp", "registries")
    pwd = S(pw(18), "plain", "password in the CouchDB user document")
    mail = S(email(), "plain", "email in the user document (personal)")
    otp = S(f.digits(6), "plain", "npm-otp header (a one-time password)")
    tok = S(npm(f), "plain", "token of the login response")
    rev = O("1-" + f.hex(32), "identifiers", "rev of the user document")
    write([ix("PUT", "https://registry.npmjs.org/-/user/org.couchdb.user:acme-release", [JSON, ("npm-otp", otp), ("npm-auth-type", "legacy"), ("User-Agent", "npm/10.9.0 node/v22.11.0 darwin arm64 workspaces/false")],
              body={"_id": "org.couchdb.user:acme-release", "name": "acme-release", "password": pwd, "email": mail, "type": "user", "roles": [], "date": "2026-11-30T08:00:00.000Z"},
              status=201, rbody={"ok": True, "id": "org.couchdb.user:acme-release", "rev": rev, "token": tok})])


def mailchimp():
    case("plain-mailchimp-list-members", "e-mail APIs")
    key = S(f.hex(32) + "-us21", "plain", "API key in Basic auth")
    mail = S(email(), "plain", "email_address of a member")
    ueid = O(f.hex(10), "identifiers", "unique_email_id")
    webid = O(f.digits(9), "identifiers", "web_id")
    sub = O(f.hex(32), "identifiers", "member id (MD5 of the lower-case email)")
    write([ix("GET", f"https://us21.api.mailchimp.com/3.0/lists/{f.hex(10)}/members/{sub}", [("Authorization", basic("anystring", key)), ACCEPT],
              rbody={"id": sub, "email_address": mail, "unique_email_id": ueid, "web_id": int(webid), "status": "subscribed", "merge_fields": {"FNAME": "Emeka"}, "language": "en"})])


def gemini_tools():
    case("plain-gemini-function-call", "LLM APIs")
    key = S("AIzaSy" + f.b64url(33), "plain", "x-goog-api-key header (Gemini API key)")
    dbpw = S(pw(18), "echo", "a password from a tool result, echoed in functionCall args")
    resp_id = O(f.b64url(22), "identifiers", "responseId")
    write([ix("POST", "https://generativelanguage.googleapis.com/v1beta/models/gemini-2.0-flash:generateContent", [("x-goog-api-key", key), JSON],
              body={"contents": [{"role": "user", "parts": [{"text": "rotate the reporting db password"}]},
                                 {"role": "model", "parts": [{"functionCall": {"name": "get_secret", "args": {"name": "reporting-db"}}}]},
                                 {"role": "user", "parts": [{"functionResponse": {"name": "get_secret", "response": {"value": dbpw}}}]}]},
              rbody={"candidates": [{"content": {"role": "model", "parts": [{"functionCall": {"name": "alter_role", "args": {"role": "reporting", "old_password": dbpw, "new_password_length": 24}}}]}, "finishReason": "STOP"}],
                     "usageMetadata": {"promptTokenCount": 88, "candidatesTokenCount": 21}, "modelVersion": "gemini-2.0-flash", "responseId": resp_id})])


def pagerduty_events():
    case("plain-pagerduty-events-integration", "observability")
    rk = S(f.hex(32), "plain", "routing_key of an Events API v2 request")
    api = S("u+" + f.b64url(18), "plain", "Authorization Token token= of the REST API")
    dk = O(f.hex(32), "identifiers", "dedup_key of the response")
    inc = O("Q" + f.pick(UPPER + DIGITS, 13), "identifiers", "incident id")
    write([
        ix("POST", "https://events.eu.pagerduty.com/v2/enqueue", [JSON], body={"routing_key": rk, "event_action": "trigger", "payload": {"summary": "Password reset mails failing", "severity": "error", "source": "mailer-1"}},
           status=202, rbody={"status": "success", "message": "Event processed", "dedup_key": dk}),
        ix("GET", "https://api.eu.pagerduty.com/incidents/" + inc, [("Authorization", "Token token=" + api), ("Accept", "application/vnd.pagerduty+json;version=2")],
           rbody={"incident": {"id": inc, "incident_key": dk, "status": "triggered", "title": "Password reset mails failing"}}),
    ])


def signed_urls():
    case("plain-signed-urls-gcs-cloudfront-imgproxy", "signed URLs")
    gsig = S(f.hex(512), "plain", "X-Goog-Signature of a V4 signed GCS URL")
    gcred = O("uploader@acme-media.iam.gserviceaccount.com/20261130/auto/storage/goog4_request", "public", "X-Goog-Credential (service account and scope, no secret)")
    cfsig = S(f.b64url(342).replace("-", "~"), "plain", "Signature of a CloudFront signed URL")
    kpid = O("K" + f.pick(UPPER + DIGITS, 13), "public", "Key-Pair-Id of the CloudFront URL")
    policy = O(b64(json.dumps({"Statement": [{"Resource": "https://media.example.com/videos/*", "Condition": {"DateLessThan": {"AWS:EpochTime": now(80)}}}]}), url=True, pad=False).replace("-", "~"), "public", "Policy of the CloudFront URL (base64 JSON, public)")
    imsig = S(f.b64url(43), "plain", "imgproxy signature, a long path segment that authenticates the URL")
    clsig = S("s--" + f.b64url(8) + "--", "plain", "Cloudinary URL signature path segment")
    src = O("plain/s3://acme-media/uploads/" + f.uuid() + ".jpg", "identifiers", "the imgproxy source after the signature")
    gurl = (f"https://storage.googleapis.com/acme-media/uploads/report.pdf?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Credential={q(gcred)}"
            f"&X-Goog-Date=20261130T080000Z&X-Goog-Expires=900&X-Goog-SignedHeaders=content-type%3Bhost&X-Goog-Signature={gsig}")
    write([
        ix("PUT", gurl, [("Content-Type", "application/pdf")], body="%PDF-1.7 stub", rheaders=[("ETag", '"' + O(f.hex(32), "identifiers", "ETag of the upload") + '"'), ("x-goog-generation", f.digits(16))]),
        ix("GET", f"https://media.example.com/videos/intro.m3u8?Policy={policy}&Signature={cfsig}&Key-Pair-Id={kpid}", [UA], rheaders=[("Content-Type", "application/vnd.apple.mpegurl")], rbody="#EXTM3U\n#EXT-X-VERSION:3\nintro-0.ts\n"),
        ix("GET", f"https://img.example.com/{imsig}/rs:fill:300:400:0/g:sm/{src}", [UA], rheaders=[("Content-Type", "image/webp")], rbody=b"RIFF\x10\x00\x00\x00WEBPVP8 "),
        ix("GET", f"https://res.cloudinary.com/acme/image/upload/{clsig}/c_fill,w_200/v1796000000/avatars/u81.jpg", [UA], rheaders=[("Content-Type", "image/jpeg")], rbody=b"\xff\xd8\xff\xe0\x00\x10JFIF"),
    ])


def hasura_graphql():
    case("echo-hasura-graphql-admin-secret", "GraphQL")
    adm = S(f.alnum(48), "names", "x-hasura-admin-secret header")
    role = O("x-hasura-role", "names", "a header name with no secret")
    cursor = O(b64(json.dumps({"id": int(f.digits(6))})), "identifiers", "pageInfo.endCursor (base64 JSON)")
    op = O("UsersWithPasswordResetPending", "names", "operationName naming a password")
    leaked = S(pw(20), "echo", "password in the variables, echoed in an error's internal.arguments")
    q1 = "query UsersWithPasswordResetPending($first: Int, $after: String) { users(first: $first, after: $after) { edges { node { id email_verified } } pageInfo { endCursor hasNextPage } } }"
    write([
        ix("POST", "https://graphql.example.app/v1/graphql", [("x-hasura-admin-secret", adm), (role, "admin"), JSON], body={"operationName": op, "query": q1, "variables": {"first": 2}},
           rbody={"data": {"users": {"edges": [{"node": {"id": int(f.digits(6)), "email_verified": False}}], "pageInfo": {"endCursor": cursor, "hasNextPage": True}}}}),
        ix("POST", "https://graphql.example.app/v1/graphql", [("x-hasura-admin-secret", adm), JSON],
           body={"query": "mutation ($p: String!) { set_db_password(args: {new_password: $p}) { ok } }", "variables": {"p": leaked}},
           rbody={"errors": [{"message": "database query error", "extensions": {"path": "$", "code": "unexpected", "internal": {"statement": "SELECT set_db_password($1)", "prepared": True,
                  "arguments": ["(Oid 25,Just (\"" + leaked + "\",Binary))"], "error": {"exec_status": "FatalError", "message": "permission denied for function set_db_password", "status_code": "42501"}}}}]}),
    ])


def multipart_signing_upload():
    case("encoding-multipart-code-signing-upload", "CI systems")
    tok = S(f.b64url(64), "plain", "Authorization bearer of the CI API")
    kpw = S(pw(16), "encoding", "keystore_password field of a multipart/form-data upload")
    keypw = S(pw(16), "encoding", "key_password field of the same upload")
    alias = O("upload-" + f.pick(LOWER, 6), "encoding", "key_alias field")
    fname = O("release-upload.jks", "encoding", "filename of the keystore part")
    kid = O(f.uuid(), "identifiers", "id of the stored keystore")
    boundary = "----WebKitFormBoundary" + f.alnum(16)
    body = multipart(boundary, [("keystore", fname, "application/octet-stream", f.b64std(180)), ("keystore_password", None, None, kpw),
                                ("key_alias", None, None, alias), ("key_password", None, None, keypw), ("reference_name", None, None, "android_release")])
    write([ix("POST", "https://api.ci.example.io/v3/code-signing/android-keystores", [("Authorization", "Bearer " + tok), ("Content-Type", "multipart/form-data; boundary=" + boundary)],
              body=body, status=201, rbody={"id": kid, "file_name": fname, "key_alias": alias, "reference_name": "android_release"})])


CASES = [
    vault_kv2, azure_keyvault, gcp_secret_manager, heroku_config, html_debug_tables, onepassword_connect, gitlab_ci_variables,
    spring_actuator, consul_kv, doppler, k8s_secrets, onepassword_like_masked,
    jenkins_crumb, shell_export_log, compound_names, cloudflare_headers, algolia, csrf_login_html, azure_identity_header, vercel_env,
    azure_sharedkey_echo, aws_signature_mismatch, grafana_legacy_echo, traceback_dsn_echo, docker_registry_token_echo, graphql_errors_echo,
    grpcweb_text, artifact_zip, helm_chart_tgz, alb_oidc_headers, html_quot_json, rfc5987_filenames, qp_mail, saml_post, soap_wsse,
    drive_multipart, snowflake_gzip,
    anthropic_stream, openai_stream, k8s_watch, socketio, docker_build_stream, ollama_ndjson, sentry_envelope,
    grpcweb_binary, evernote_thrift, otlp_protobuf, fluent_msgpack,
    azure_devops_org, sendgrid_ids, stripe_ids, github_hashes, twilio_sids, slack_cursors,
    atlas_digest, proxy_digest, device_flow, webauthn,
    checkout_page_public, actions_public_key, auth0_jwks, i18n_catalogue, keycloak_realm, cosign_signature, firebase_push,
    datadog_keys, maps_geocoding, elastic_api_key, scim_okta, ldap_json, csv_export, redirects_location, cookies_mixed,
    rancher_kubeconfig, actions_log_text, stripe_webhook, adyen_paypal_webhooks, neon_connection, alibaba_metadata, cognito_auth,
    okta_authn, apns_push, vonage_sms, npm_login, mailchimp, gemini_tools, pagerduty_events,
    signed_urls, hasura_graphql, multipart_signing_upload,
]


def main():
    folder = os.path.join(CORPUS, FOLDER)
    os.makedirs(folder, exist_ok=True)
    for name in os.listdir(folder):
        if name.startswith("b-") and name.endswith(".json"):
            os.remove(os.path.join(folder, name))
    for make in CASES:
        make()
    manifest = {"files": sorted(FILES), "ordinary": MANIFEST["ordinary"], "secrets": MANIFEST["secrets"], "split": "Blind"}
    with open(os.path.join(folder, "manifest.json"), "w") as handle:
        json.dump(manifest, handle, indent=1, sort_keys=True, ensure_ascii=False)
        handle.write("\n")
    problems = self_check()
    for problem in problems:
        print("SELF-CHECK:", problem, file=sys.stderr)
    counts = {}
    for kind in ("secrets", "ordinary"):
        for entry in MANIFEST[kind]:
            counts.setdefault(kind, 0)
            counts[kind] += 1
    print(f"{len(FILES)} cassettes, {counts['secrets']} secrets, {counts['ordinary']} ordinary")
    if problems:
        sys.exit(1)


if __name__ == "__main__":
    main()
