"""Writes Tests/CassetteScrubbingTests/Corpus/Fresh/{Tuning,HeldOut}/*.json and each split's manifest.json.

The fresh corpus is built apart from Secrets/ and Benign/: every case is written from a provider's
published API reference or an SDK's test fixtures (read, then written anew with random values), one
cassette per case. Each case says which split it belongs to, `T` (tuning) or `H` (held out), in its
`case(...)` call: the split is fixed here, before any scrubbing is measured, and `ScrubFreshCorpusTests`
reports the two splits apart.

In every case, `S(value, klass, where)` records a secret that must not survive scrubbing in any spelling,
and `O(value, klass, where)` an ordinary value (often a look-alike of a secret) that must come through
unchanged everywhere it stands. `klass` is the class of the issue the value stands for.

Nothing here is a credential: every value is random (seeded), in the shape the provider issues.
"""

import base64
import io
import json
import os
import quopri
import struct
import tarfile
import zipfile
import zlib

from cassettes import CORPUS, Fakes, basic, form, interaction, multipart, q, request, response
from shapes import ALNUM, B64URL, DIGITS, HEX, LOWER, UPPER

f = Fakes(20270214)
CASES = {"T": [], "H": []}
MANIFEST = {"T": {"secrets": [], "ordinary": []}, "H": {"secrets": [], "ordinary": []}}
CURRENT = {"name": None, "split": None, "domain": None}

JSON = ("Content-Type", "application/json")
FORM = ("Content-Type", "application/x-www-form-urlencoded")
HTML = ("Content-Type", "text/html; charset=utf-8")
XML = ("Content-Type", "text/xml; charset=utf-8")
TEXT = ("Content-Type", "text/plain; charset=utf-8")
SSE = ("Content-Type", "text/event-stream")


def case(name, split, domain):
    assert split in ("T", "H")
    CURRENT.update(name=name + ".json", split=split, domain=domain)


def _record(kind, value, klass, where):
    entry = {"value": value, "file": CURRENT["name"], "class": klass, "domain": CURRENT["domain"], "where": where}
    MANIFEST[CURRENT["split"]][kind].append(entry)
    return value


def S(value, klass, where):
    return _record("secrets", value, klass, where)


def O(value, klass, where):
    return _record("ordinary", value, klass, where)


def write(interactions):
    folder = "Tuning" if CURRENT["split"] == "T" else "HeldOut"
    path = os.path.join(CORPUS, "Fresh", folder, CURRENT["name"])
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as handle:
        json.dump({"interactions": interactions, "version": 1}, handle, indent=2, ensure_ascii=False)
        handle.write("\n")
    CASES[CURRENT["split"]].append(CURRENT["name"])


def pw(n=20):
    return f.password(n)


def b64(data, url=False, pad=True):
    return f.b64(data if isinstance(data, bytes) else data.encode(), url=url, pad=pad)


def ex(path, method="GET", headers=(), body=None, status=200, rheaders=(JSON,), rbody=None, url=None):
    u = url or ("https://api.example.com" + path)
    return interaction(request(method, u, list(headers), body), response(status, list(rheaders), rbody))


def get(url, rbody, rheaders=(JSON,), headers=(), status=200):
    return interaction(request("GET", url, list(headers)), response(status, list(rheaders), rbody))


# ---------------------------------------------------------------------------------------------
# Structure around a secret name
# ---------------------------------------------------------------------------------------------

def terraform_outputs(split, tool):
    case("structure-terraform-outputs-" + tool, split, "config dumps")
    db = S(pw(24), "structure", "outputs.db_password.value of a terraform output -json")
    key = S(f.alnum(40), "structure", "outputs.api_signing_secret.value")
    region = O("eu-central-1", "structure", "outputs.region.value, not sensitive")
    vpc = O("vpc-" + f.hex(17), "structure", "outputs.vpc_id.value")
    arn = O("arn:aws:iam::" + f.digits(12) + ":role/deployer-" + f.pick(LOWER, 6), "structure", "outputs.role_arn.value")
    body = {"format_version": "1.0", "terraform_version": "1.9.5", "outputs": {
        "db_password": {"sensitive": True, "value": db, "type": "string"},
        "api_signing_secret": {"sensitive": True, "value": key, "type": "string"},
        "region": {"sensitive": False, "value": region, "type": "string"},
        "vpc_id": {"sensitive": False, "value": vpc, "type": "string"},
        "role_arn": {"sensitive": False, "value": arn, "type": "string"}}}
    write([ex("/v1/runs/run-" + f.alnum(16) + "/outputs", rbody=body)])


def terraform_state(split):
    case("structure-terraform-state-random-password", split, "config dumps")
    result = S(f.pick(ALNUM + "!#$%&*()-_=+[]{}<>:?", 32), "structure", "random_password instance attributes.result")
    special = O("special", "structure", "a key name beside result")
    ident = O("none", "structure", "random_password id, the literal none")
    bucket = O("tfstate-" + f.pick(LOWER + DIGITS, 10), "structure", "a bucket name in an aws_s3_bucket resource")
    lineage = O(f.uuid(), "structure", "lineage of the state")
    state = {"version": 4, "terraform_version": "1.9.5", "serial": 17, "lineage": lineage, "outputs": {},
             "resources": [
                 {"mode": "managed", "type": "random_password", "name": "db", "provider":
                  "provider[\"registry.terraform.io/hashicorp/random\"]", "instances": [
                      {"schema_version": 3, "attributes": {"id": ident, "keepers": None, "length": 32, "lower": True,
                                                           "min_lower": 0, "numeric": True, special: True,
                                                           "result": result, "upper": True},
                       "sensitive_attributes": []}]},
                 {"mode": "managed", "type": "aws_s3_bucket", "name": "state", "instances": [
                     {"schema_version": 0, "attributes": {"bucket": bucket, "id": bucket, "region": "us-east-2"}}]}]}
    write([ex("/api/v2/state-versions/sv-" + f.alnum(16) + "/download", rheaders=[("Content-Type", "application/json")],
              rbody=state)])


def gitlab_variables(split):
    case("structure-gitlab-ci-variables", split, "config dumps")
    masked = S("glcbt-" + f.alnum(20), "structure", "value of a variable marked masked: true (no secret word in its key)")
    deploy = S(f.alnum(32), "structure", "value of DEPLOY_TARGET_AUTH marked masked: true")
    plain = O("registry.gitlab.example.com/group/app", "structure", "value of an unmasked variable")
    env = O("production", "structure", "environment_scope")
    region = O("us-west-2", "structure", "AWS_DEFAULT_REGION value")
    body = [
        {"variable_type": "env_var", "key": "UPLOAD_HANDLE", "value": masked, "protected": True, "masked": True,
         "raw": False, "environment_scope": env, "description": None},
        {"variable_type": "env_var", "key": "DEPLOY_TARGET", "value": deploy, "protected": False, "masked": True,
         "raw": True, "environment_scope": "*", "description": "ssh target"},
        {"variable_type": "env_var", "key": "IMAGE_REPOSITORY", "value": plain, "protected": False, "masked": False,
         "raw": False, "environment_scope": "*", "description": None},
        {"variable_type": "env_var", "key": "AWS_DEFAULT_REGION", "value": region, "protected": False,
         "masked": False, "raw": False, "environment_scope": "*", "description": None}]
    write([ex("/api/v4/projects/" + f.digits(8) + "/variables", headers=[("PRIVATE-TOKEN", S("glpat-" + f.b64url(20), "structure", "PRIVATE-TOKEN header"))], rbody=body)])


def azure_devops_vargroup(split):
    case("structure-azure-devops-variable-group", split, "config dumps")
    sec = S(f.alnum(28), "structure", "variables.storageConn.value beside isSecret: true")
    sec2 = S(f.password(16), "structure", "variables.adminLogin.value beside isSecret: true")
    plain = O("Standard_LRS", "structure", "variables.sku.value, isSecret false")
    name = O("shared-release-vars", "structure", "variable group name")
    body = {"count": 1, "value": [{"id": 14, "type": "Vsts", "name": name, "variables": {
        "storageConn": {"isSecret": True, "value": sec},
        "adminLogin": {"isSecret": True, "value": sec2},
        "sku": {"isSecret": False, "value": plain},
        "location": {"value": O("westeurope", "structure", "variables.location.value")}}}]}
    write([ex("/org/project/_apis/distributedtask/variablegroups?api-version=7.1", rbody=body)])


def onepassword_connect(split):
    case("structure-1password-connect-item", split, "cloud SDKs")
    concealed = S(f.password(22), "structure", "field of type CONCEALED labelled 'db'")
    concealed2 = S(f.alnum(36), "structure", "field of type CONCEALED labelled 'hmac'")
    user = O("svc-reporting", "structure", "STRING field username")
    host = O("db-7.internal.example.net", "structure", "STRING field hostname")
    body = {"id": f.pick(LOWER + DIGITS, 26), "title": "Reporting DB", "category": "DATABASE",
            "vault": {"id": f.pick(LOWER + DIGITS, 26)}, "fields": [
                {"id": "username", "type": "STRING", "label": "username", "value": user},
                {"id": f.pick(LOWER + DIGITS, 26), "type": "CONCEALED", "label": "db", "value": concealed},
                {"id": f.pick(LOWER + DIGITS, 26), "type": "CONCEALED", "label": "hmac", "value": concealed2},
                {"id": "hostname", "type": "STRING", "label": "server", "value": host}]}
    write([ex("/v1/vaults/" + f.pick(LOWER + DIGITS, 26) + "/items/" + f.pick(LOWER + DIGITS, 26),
              headers=[("Authorization", "Bearer " + S(f.jwt({"sub": f.pick(LOWER, 26), "aud": ["com.1password.connect"]}, alg="ES256", signature_bytes=64), "structure", "Connect bearer JWT"))],
              rbody=body)])


def spring_env(split):
    case("structure-spring-actuator-env", split, "config dumps")
    mail = S(f.password(18), "structure", "spring.mail.password {value} one level below the name")
    client = S(f.alnum(34), "structure", "spring.security.oauth2.client.registration.app.client-secret {value}")
    port = O("8443", "structure", "server.port value")
    url = O("jdbc:postgresql://pg.internal.example.net:5432/orders", "structure", "spring.datasource.url value")
    origin = O("class path resource [application.yml] - 12:15", "structure", "origin of a property")
    body = {"activeProfiles": ["prod"], "propertySources": [{"name": "Config resource 'class path resource [application.yml]'",
            "properties": {
                "spring.mail.password": {"value": mail, "origin": origin},
                "spring.security.oauth2.client.registration.app.client-secret": {"value": client, "origin": "class path resource [application.yml] - 30:24"},
                "server.port": {"value": port, "origin": "class path resource [application.yml] - 2:9"},
                "spring.datasource.url": {"value": url, "origin": "class path resource [application.yml] - 8:10"}}}]}
    write([ex("/actuator/env", rbody=body, url="https://orders.example.com/actuator/env")])


def html_tables(split, layout):
    case("structure-html-" + layout, split, "HTML apps")
    a = S(pw(20), "structure", layout + ": row DB_PASSWORD")
    b = S("rk_" + f.alnum(30), "structure", layout + ": row PAYMENT_API_KEY")
    c = O("orders_prod", "structure", layout + ": row DB_NAME")
    d = O("10.0.3.15", "structure", layout + ": row DB_HOST")
    e = O("Europe/Berlin", "structure", layout + ": row TZ")
    rows = [("DB_NAME", c), ("DB_HOST", d), ("DB_PASSWORD", a), ("PAYMENT_API_KEY", b), ("TZ", e)]
    if layout == "td":
        inner = "".join(f"<tr><td>{k}</td><td>{v}</td></tr>" for k, v in rows)
        html = f"<html><body><h2>Environment</h2><table class=\"env\">{inner}</table></body></html>"
    elif layout == "dl":
        inner = "".join(f"<dt>{k}</dt>\n<dd>{v}</dd>\n" for k, v in rows)
        html = f"<!doctype html><html><body><dl class=\"settings\">\n{inner}</dl></body></html>"
    else:
        inner = "".join(f"<div class=\"row\"><div class=\"key\">{k}</div><div class=\"value\"><code>{v}</code></div></div>" for k, v in rows)
        html = f"<html><body><section class=\"grid\">{inner}</section></body></html>"
    write([get("https://admin.example.com/debug/env", html, rheaders=[HTML])])


def k8s_secret_list(split):
    case("structure-kubernetes-secret-stringdata", split, "Kubernetes")
    a = S(f.password(20), "structure", "stringData.admin-pass of a Secret")
    b = S(f.b64std(32), "structure", "data.tls-session-ticket of a Secret (base64)")
    ns = O("payments", "structure", "namespace")
    ver = O(f.digits(8), "structure", "resourceVersion")
    body = {"apiVersion": "v1", "kind": "Secret", "metadata": {"name": "app-creds", "namespace": ns,
            "resourceVersion": ver, "uid": O(f.uuid(), "structure", "uid")}, "type": "Opaque",
            "stringData": {"admin-pass": a}, "data": {"tls-session-ticket": b}}
    write([ex("/api/v1/namespaces/payments/secrets", method="POST", headers=[JSON], body=body,
              status=201, rbody=body, url="https://k8s.example.com:6443/api/v1/namespaces/payments/secrets")])


# ---------------------------------------------------------------------------------------------
# Names
# ---------------------------------------------------------------------------------------------

def compound_names(split):
    case("names-compound-json", split, "databases")
    a = S(f.alnum(32), "names", "read_only_rest_token")
    b = S(f.alnum(28), "names", "adminApiSecretValue")
    c = S(pw(18), "names", "replicaDbPass")
    d = S(f.alnum(40), "names", "x_upload_signing_secret_v2")
    max_tok = O("4096", "names", "max_output_tokens")
    body = {"cluster": "analytics-7", "read_only_rest_token": a, "adminApiSecretValue": b, "replicaDbPass": c,
            "x_upload_signing_secret_v2": d, "max_output_tokens": int(max_tok), "token_count": 17,
            "passwordMinLength": 12}
    write([ex("/v2/clusters/analytics-7/credentials", rbody=body)])


def shell_exports(split):
    case("names-shell-exports", split, "config dumps")
    a = S(pw(18), "names", "export DB_PASS='…'")
    b = S(f.alnum(36), "names", "export STRIPE_SK=\"…\"")
    c = S(f.hex(40), "names", "set -x trace line + GH_TOKEN=…")
    d = S(pw(16), "names", "setenv MYSQL_PWD …")
    host = O("db.internal.example.net", "names", "export DB_HOST=")
    user = O("orders_app", "names", "export DB_USER=")
    path = O("/opt/app/bin:/usr/local/bin:/usr/bin", "names", "export PATH=")
    text = (f"#!/bin/sh\nexport DB_HOST={host}\nexport DB_USER={user}\nexport DB_PASS='{a}'\n"
            f"export STRIPE_SK=\"{b}\"\nexport PATH={path}\n+ GH_TOKEN={c} gh release list\nsetenv MYSQL_PWD {d}\n")
    write([get("https://ci.example.com/job/deploy/42/artifact/env.sh", text, rheaders=[TEXT])])


def identity_headers(split):
    case("names-identity-headers", split, "webhooks")
    ident = S(b64(json.dumps({"identity": {"account_number": f.digits(7), "type": "User", "internal": {"org_id": f.digits(8)}}})), "names", "X-Identity-Header")
    crumb = S(f.hex(64), "names", "Jenkins-Crumb header and crumb JSON value")
    csrf = S(f.b64url(43), "names", "X-CSRFToken header")
    req_id = O(f.uuid(), "names", "X-Request-Id")
    field = O("Jenkins-Crumb", "names", "crumbRequestField value")
    klass = O("hudson.security.csrf.DefaultCrumbIssuer", "names", "_class")
    first = interaction(request("GET", "https://jenkins.example.com/crumbIssuer/api/json",
                                [("Authorization", basic("deployer", S(f.hex(34), "names", "Jenkins API token in Basic")))]),
                        response(200, [JSON], {"_class": klass, "crumb": crumb, "crumbRequestField": field}))
    second = interaction(request("POST", "https://jenkins.example.com/job/deploy/build",
                                 [("Jenkins-Crumb", crumb), ("X-Identity-Header", ident), ("X-CSRFToken", csrf),
                                  ("X-Request-Id", req_id)]),
                         response(201, [("Location", "https://jenkins.example.com/queue/item/" + f.digits(4) + "/")]))
    write([first, second])


def prefixed_query(split):
    case("names-prefixed-query-and-form", split, "OAuth/OIDC")
    a = S(f.alnum(30), "names", "form field partner_api_secret")
    b = S(f.b64url(40), "names", "query item sessionKey")
    c = S(f.alnum(24), "names", "query item private_token")
    d = S(pw(14), "names", "form field new_pass")
    ok = O("en-GB", "names", "query locale")
    ok2 = O("pass_through", "names", "form field mode=pass_through")
    url = f"https://partner.example.com/v1/sync?sessionKey={b}&private_token={c}&locale={ok}"
    body = form([("partner_api_secret", a), ("new_pass", d), ("mode", ok2), ("page_size", "50")])
    write([interaction(request("POST", url, [FORM], body), response(204))])


def names_yaml_ini(split):
    case("names-yaml-ini", split, "config dumps")
    a = S(pw(20), "names", "YAML smtp.pass")
    b = S(f.alnum(32), "names", "INI [redis] auth_pass")
    c = S(f.alnum(44), "names", "YAML webhook.signingKey")
    d = O("587", "names", "YAML smtp.port")
    e = O("mail.example.net", "names", "YAML smtp.host")
    g = O("redis-0.cache.svc", "names", "INI redis host")
    text = (f"smtp:\n  host: {e}\n  port: {d}\n  user: notifier\n  pass: {a}\nwebhook:\n  url: https://hooks.example.com/in\n  signingKey: {c}\n"
            f"---\n[redis]\nhost = {g}\nauth_pass = {b}\n")
    write([get("https://config.example.com/v1/apps/notifier/raw", text, rheaders=[("Content-Type", "application/x-yaml")])])


# ---------------------------------------------------------------------------------------------
# Echoes of part of a credential
# ---------------------------------------------------------------------------------------------

def azure_sharedkey(split):
    case("echo-azure-sharedkey", split, "cloud SDKs")
    sig = S(b64(f.bytes(32)), "echo", "SharedKey signature, echoed alone in AuthenticationErrorDetail")
    account = O("stprod" + f.pick(LOWER + DIGITS, 8), "echo", "storage account name before the colon")
    req_id = O(f.uuid(), "echo", "x-ms-request-id")
    date = "Sun, 14 Feb 2027 10:15:00 GMT"
    err = ('\ufeff<?xml version="1.0" encoding="utf-8"?><Error><Code>AuthenticationFailed</Code><Message>Server failed to '
           "authenticate the request. Make sure the value of Authorization header is formed correctly including the signature.\n"
           f"RequestId:{req_id}\nTime:2027-02-14T10:15:00.1234567Z</Message><AuthenticationErrorDetail>The MAC signature found in "
           f"the HTTP request '{sig}' is not the same as any computed signature. Server used following string to sign: "
           f"'GET\n\n\n\n\n\n\n\n\n\n\n\nx-ms-date:{date}\nx-ms-version:2021-08-06\n/{account}/reports\nrestype:container'.</AuthenticationErrorDetail></Error>")
    write([interaction(request("GET", f"https://{account}.blob.core.windows.net/reports?restype=container",
                               [("Authorization", f"SharedKey {account}:{sig}"), ("x-ms-date", date), ("x-ms-version", "2021-08-06")]),
                       response(403, [("Content-Type", "application/xml"), ("x-ms-request-id", req_id)], err))])


def grafana_legacy(split):
    case("echo-grafana-legacy-key", split, "webhooks")
    k = f.alnum(32)
    key = S(b64(json.dumps({"k": k, "n": "ci-exporter", "id": 1}, separators=(",", ":"))), "echo", "legacy Grafana API key in Bearer")
    S(k, "echo", "the k segment of the legacy key echoed alone in an error body")
    org = O("ci-exporter", "echo", "the key's name, n, shown in the key listing")
    write([interaction(request("GET", "https://grafana.example.com/api/search?type=dash-db", [("Authorization", "Bearer " + key)]),
                       response(401, [JSON], {"message": "invalid API key", "traceID": "",
                                              "error": f"api key {k} not found or expired"})),
           get("https://grafana.example.com/api/auth/keys", [{"id": 1, "name": org, "role": "Viewer", "expiration": None}],
               headers=[("Authorization", basic("admin", S(pw(16), "echo", "admin password in Basic")))])])


def basic_password_echo(split):
    case("echo-basic-and-hmac-parts", split, "registries")
    p = S(f.alnum(24), "echo", "password of Basic credentials, echoed alone in a log line")
    hmac = S(f.hex(64), "echo", "HMAC of a Signature header echoed alone")
    user = O("ci-bot", "echo", "the Basic user name")
    keyid = O("hmac-key-" + f.digits(4), "echo", "keyId of the Signature header")
    log = f"authentication failed for user {user} with password {p}\nsignature mismatch: got {hmac}\n"
    sig = f'keyId="{keyid}",algorithm="hmac-sha256",headers="(request-target) host date",signature="{hmac}"'
    write([interaction(request("GET", "https://registry.example.com/v2/_catalog",
                               [("Authorization", basic(user, p)), ("Signature", sig)]),
                       response(401, [TEXT], log))])


# ---------------------------------------------------------------------------------------------
# Nested and framed encodings
# ---------------------------------------------------------------------------------------------

def varint(n):
    out = b""
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out += bytes([b | 0x80])
        else:
            return out + bytes([b])


def pb_string(field, text):
    data = text.encode()
    return varint((field << 3) | 2) + varint(len(data)) + data


def grpc_frame(message, flag=0):
    return bytes([flag]) + struct.pack(">I", len(message)) + message


def grpc_web(split, text_mode):
    case("encoding-grpc-web-" + ("text" if text_mode else "binary"), split, "gRPC-web")
    token = S("sess_" + f.alnum(32), "encoding", "protobuf field 3 (session_token) in a gRPC-web frame")
    refresh = S(f.b64url(48), "encoding", "protobuf field 4 (refresh_token) in a gRPC-web frame")
    user = O("user-" + f.digits(6), "encoding", "protobuf field 1 (user id)")
    region = O("europe-west4", "encoding", "protobuf field 2 (region)")
    msg = pb_string(1, user) + pb_string(2, region) + pb_string(3, token) + pb_string(4, refresh)
    trailer = b"grpc-status:0\r\ngrpc-message:OK\r\n"
    body = grpc_frame(msg) + grpc_frame(trailer, 0x80)
    req = grpc_frame(pb_string(1, user) + pb_string(2, S(pw(18), "encoding", "protobuf password in the request frame")))
    ctype = "application/grpc-web-text" if text_mode else "application/grpc-web+proto"
    if text_mode:
        body = base64.b64encode(grpc_frame(msg)).decode() + base64.b64encode(grpc_frame(trailer, 0x80)).decode()
        req = base64.b64encode(req).decode()
    write([interaction(request("POST", "https://api.example.com/auth.v1.AuthService/Login",
                               [("Content-Type", ctype), ("X-Grpc-Web", "1")], req),
                       response(200, [("Content-Type", ctype)], body))])


def archive(split, kind):
    case("encoding-archive-" + kind, split, "registries")
    env_pw = S(pw(20), "encoding", kind + ": DB_PASSWORD in .env inside the archive")
    cfg = S("sk_live_" + f.alnum(24), "encoding", kind + ": apiKey in config.json inside the archive")
    name = O("orders-service", "encoding", kind + ": name in package.json inside the archive")
    version = O("3.14.2", "encoding", kind + ": version in package.json")
    files = [(".env", f"DB_HOST=pg.internal\nDB_PASSWORD={env_pw}\nLOG_LEVEL=info\n"),
             ("config.json", json.dumps({"apiKey": cfg, "retries": 3})),
             ("package.json", json.dumps({"name": name, "version": version}))]
    out = io.BytesIO()
    if kind == "zip":
        with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_STORED) as z:
            for n, c in files:
                info = zipfile.ZipInfo(n, date_time=(2027, 2, 14, 10, 0, 0))
                z.writestr(info, c)
    else:
        with tarfile.open(fileobj=out, mode="w", format=tarfile.USTAR_FORMAT) as t:
            for n, c in files:
                data = c.encode()
                info = tarfile.TarInfo(n)
                info.size = len(data)
                info.mtime = 1802426400
                t.addfile(info, io.BytesIO(data))
    ctype = "application/zip" if kind == "zip" else "application/x-tar"
    write([get("https://artifacts.example.com/builds/812/bundle." + kind, out.getvalue(), rheaders=[("Content-Type", ctype)])])


def base64url_header_json(split):
    case("encoding-base64url-json-header", split, "cloud SDKs")
    tok = S(f.alnum(40), "encoding", "access_token inside base64url JSON of X-Client-Context")
    mail = S(f.pick(LOWER, 6) + "." + f.pick(LOWER, 7) + "@customer-mail.example.org", "encoding", "email in base64url JSON of a header")
    app = O("reports-ios", "encoding", "app id in the same header JSON")
    ctx = b64(json.dumps({"client": {"app_id": app, "access_token": tok}, "custom": {"email": mail}}), url=True, pad=False)
    write([interaction(request("POST", "https://lambda.example.com/2015-03-31/functions/report/invocations",
                               [("X-Amz-Client-Context", ctx), JSON], {"run": True}), response(200, [JSON], {"ok": True, "app": app}))])


def html_attr_json(split):
    case("encoding-html-attribute-json", split, "HTML apps")
    tok = S(f.alnum(40), "encoding", "apiToken in &quot;-escaped JSON of a data attribute")
    mail = S(f.pick(LOWER, 5) + "@shop-owner.example.net", "encoding", "email in &quot;-escaped JSON of a data attribute")
    title = O("Winter sale", "encoding", "title in the same attribute")
    color = O("#1f6feb", "encoding", "theme colour in the attribute")
    data = json.dumps({"apiToken": tok, "owner": mail, "title": title, "theme": color})
    attr = data.replace("&", "&amp;").replace('"', "&quot;")
    html = f'<!doctype html><html><body><div id="app" data-props="{attr}"></div><script src="/app.js"></script></body></html>'
    write([get("https://shop.example.com/admin", html, rheaders=[HTML])])


def rfc5987(split):
    case("encoding-rfc5987-filename", split, "HTML apps")
    mail = S(f.pick(LOWER, 6) + "@clients.example.de", "encoding", "email in filename*= of Content-Disposition")
    ext = O(".pdf", "encoding", "file extension after the address")
    disp = f"attachment; filename=\"invoice.pdf\"; filename*=UTF-8''invoice-{q(mail)}{ext}"
    write([get("https://billing.example.com/invoices/INV-" + f.digits(6) + "/download", b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n",
               rheaders=[("Content-Type", "application/pdf"), ("Content-Disposition", disp)])])


def padded_jwt(split):
    case("encoding-padded-jwt", split, "OAuth/OIDC")
    mail = S(f.pick(LOWER, 7) + "@tenant-users.example.com", "encoding", "email inside a padded JWT payload")
    head = b64(json.dumps({"alg": "RS256", "typ": "JWT", "kid": f.hex(8)}), url=True)
    payload = b64(json.dumps({"sub": f.uuid(), "email": mail, "iat": 1802426400, "x": "y"}), url=True)
    sig = b64(f.bytes(256), url=True)
    jwt = S(head + "." + payload + "." + sig, "encoding", "a JWT whose segments keep = padding")
    aud = O("api://reports-" + f.digits(4), "encoding", "audience in the token response")
    write([interaction(request("POST", "https://login.example.com/oauth2/token", [FORM],
                               form([("grant_type", "client_credentials"), ("client_id", aud)])),
                       response(200, [JSON], {"access_token": jwt, "token_type": "Bearer", "resource": aud}))])


def signed_path(split):
    case("encoding-signed-url-path", split, "signed URLs")
    seg = S(f.b64url(96), "encoding", "long signed segment in a CDN URL path")
    seg2 = S(f.hex(64), "encoding", "hex signature segment in an image proxy URL path")
    sha = O(f.hex(40), "encoding", "a git commit sha in a download path")
    img = O("photo-" + f.digits(8) + ".jpg", "encoding", "file name after the signature")
    first = get(f"https://cdn.example.com/s/{seg}/videos/intro.mp4", None, rheaders=[("Content-Type", "video/mp4")])
    second = get(f"https://img.example.com/{seg2}/rs:fit:300:200/{img}", None, rheaders=[("Content-Type", "image/jpeg")])
    third = get(f"https://codeload.example.com/org/app/tar.gz/{sha}", None, rheaders=[("Content-Type", "application/x-gzip")])
    body = {"links": [f"https://cdn.example.com/s/{seg}/videos/intro.mp4"]}
    write([first, second, third, get("https://api.example.com/v1/media/intro", body)])


def quoted_printable(split):
    case("encoding-quoted-printable-mail", split, "webhooks")
    token = S(f.b64url(64), "encoding", "reset token split by a quoted-printable soft line break")
    mail = S(f.pick(LOWER, 6) + "@inbox.example.org", "encoding", "recipient address in the mail")
    eq = O("=3D", "encoding", "an encoded = elsewhere in the part must survive")
    link = f"https://app.example.com/reset?token={token}&lang=de"
    html = f'<p>Hello,</p><p><a href="{link}" style="color:#333">Reset your password</a></p>'
    qp = quopri.encodestring(html.encode()).decode()
    assert "=\n" in qp and "=3D" in qp
    mime = (f"From: noreply@app.example.com\r\nTo: {mail}\r\nSubject: Reset\r\nMIME-Version: 1.0\r\n"
            f"Content-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n{qp}")
    write([interaction(request("POST", "https://mail.example.com/v3/messages.mime", [("Content-Type", "message/rfc822")], mime),
                       response(200, [JSON], {"id": "<" + f.digits(14) + ".1@mail.example.com>", "message": "Queued. Thank you."}))])


def soap_saml(split):
    case("encoding-saml-response", split, "SOAP/SAML")
    mail = S(f.pick(LOWER, 6) + "." + f.pick(LOWER, 5) + "@corp-idp.example.com", "encoding", "NameID email inside a base64 SAMLResponse")
    session = S("_" + f.hex(40), "encoding", "SessionIndex inside the SAMLResponse")
    issuer = O("https://idp.example.com/saml/metadata", "encoding", "Issuer")
    relay = O("/dashboard", "encoding", "RelayState")
    xml = (f'<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" ID="_{f.hex(20)}" Version="2.0">'
           f'<saml:Issuer xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion">{issuer}</saml:Issuer><saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion">'
           f'<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">{mail}</saml:NameID></saml:Subject>'
           f'<saml:AuthnStatement SessionIndex="{session}"/></saml:Assertion></samlp:Response>')
    body = form([("SAMLResponse", base64.b64encode(xml.encode()).decode()), ("RelayState", relay)])
    write([interaction(request("POST", "https://sp.example.com/saml/acs", [FORM], body), response(302, [("Location", relay)]))])


# ---------------------------------------------------------------------------------------------
# Streams
# ---------------------------------------------------------------------------------------------

def sse_split(split, provider):
    case("stream-sse-split-" + provider, split, "streams")
    key = "sk-proj-" + f.b64url(40) + "T3BlbkFJ" + f.b64url(40)
    S(key, "stream", "a pasted key echoed across several SSE delta events")
    other = S("ghp_" + f.alnum(36), "stream", "a GitHub token split across delta events")
    words = O("rotate", "stream", "a word of the streamed answer")
    answer = f"You pasted {key} — {words} it now. Also revoke {other} please."
    pieces = []
    i = 0
    step = [7, 11, 5, 13, 9, 6]
    n = 0
    while i < len(answer):
        pieces.append(answer[i:i + step[n % len(step)]])
        i += step[n % len(step)]
        n += 1
    if provider == "openai":
        events = "".join("data: " + json.dumps({"id": "chatcmpl-1", "object": "chat.completion.chunk", "choices": [
            {"index": 0, "delta": {"content": p}, "finish_reason": None}]}, separators=(",", ":")) + "\n\n" for p in pieces)
        events += "data: [DONE]\n\n"
        url = "https://api.openai.example.com/v1/chat/completions"
        req = {"model": "gpt-x", "stream": True, "messages": [{"role": "user", "content": f"is this key ok? {key} and {other}"}]}
    else:
        events = "".join("event: content_block_delta\ndata: " + json.dumps({"type": "content_block_delta", "index": 0, "delta": {
            "type": "text_delta", "text": p}}, separators=(",", ":")) + "\n\n" for p in pieces)
        events += 'event: message_stop\ndata: {"type":"message_stop"}\n\n'
        url = "https://api.anthropic.example.com/v1/messages"
        req = {"model": "claude-x", "stream": True, "max_tokens": 512, "messages": [{"role": "user", "content": f"check {key} and {other}"}]}
    write([interaction(request("POST", url, [JSON], req), response(200, [SSE], events))])


def sse_oneline(split):
    case("stream-oneline-data-events", split, "streams")
    tok = S(f.alnum(40), "stream", "session_secret in a one-line data: event")
    mail = S(f.pick(LOWER, 6) + "@members.example.net", "stream", "email in a data: event without event lines")
    chan = O("presence-room-" + f.digits(4), "stream", "channel name")
    text = (f'data:{{"type":"hello","channel":"{chan}","session_secret":"{tok}"}}\n'
            f'data:{{"type":"member_added","user":{{"email":"{mail}","name":"Kim"}}}}\n'
            'data:{"type":"ping"}\n')
    write([get("https://push.example.com/v1/stream?channel=" + chan, text, rheaders=[("Content-Type", "text/event-stream; charset=utf-8")])])


def socketio(split):
    case("stream-socketio-polling", split, "streams")
    tok = S(f.alnum(36), "stream", "authToken in a Socket.IO event packet")
    mail = S(f.pick(LOWER, 5) + "." + f.pick(LOWER, 4) + "@chat-users.example.com", "stream", "email in a Socket.IO event")
    sid = O(f.b64url(20), "stream", "Engine.IO sid (a connection id)")
    room = O("support-" + f.digits(3), "stream", "room name")
    payload = ("0{\"sid\":\"" + sid + "\",\"upgrades\":[\"websocket\"],\"pingInterval\":25000,\"pingTimeout\":20000,\"maxPayload\":1000000}"
               "\x1e40{\"sid\":\"" + f.b64url(20) + "\"}"
               "\x1e42[\"auth\",{\"authToken\":\"" + tok + "\",\"room\":\"" + room + "\"}]"
               "\x1e42[\"joined\",{\"email\":\"" + mail + "\"}]")
    write([get("https://chat.example.com/socket.io/?EIO=4&transport=polling&t=" + f.alnum(7), payload,
               rheaders=[("Content-Type", "text/plain; charset=UTF-8")])])


# ---------------------------------------------------------------------------------------------
# Damage: framing, identifiers, challenges, public values
# ---------------------------------------------------------------------------------------------

def framing_binary(split):
    case("framing-length-prefixed-binary", split, "gRPC-web")
    short = S("sk_" + f.alnum(13), "framing", "16-byte secret in a length-prefixed protobuf string")
    npm = "npm_" + f.alnum(36)
    S(npm, "framing", "npm token in a binary frame")
    name = O("inventory-sync", "framing", "protobuf string beside the secrets")
    msg = pb_string(1, name) + pb_string(2, short) + pb_string(3, npm) + struct.pack(">I", 0xDEADBEEF)
    body = grpc_frame(msg) + grpc_frame(b"grpc-status:0\r\n", 0x80)
    write([interaction(request("POST", "https://api.example.com/sync.v1.Sync/Push", [("Content-Type", "application/grpc-web+proto")], body),
                       response(200, [("Content-Type", "application/grpc-web+proto")], grpc_frame(b"\x08\x01") + grpc_frame(b"grpc-status:0\r\n", 0x80)))])


def azure_devops_org(split):
    case("identifiers-azure-devops-org", split, "registries")
    org = O("contoso-platform", "identifiers", "the URL user name is the organisation")
    pat = S(f.pick(LOWER + DIGITS, 52), "identifiers", "PAT in Basic credentials")
    u1 = f"https://{org}@dev.azure.com/{org}/Platform/_git/infra/info/refs?service=git-upload-pack"
    write([interaction(request("GET", u1, [("Authorization", basic("", pat))]), response(200, [("Content-Type", "application/x-git-upload-pack-advertisement")], "001e# service=git-upload-pack\n0000")),
           get(f"https://{org}@dev.azure.com/{org}/_apis/projects?api-version=7.1", {"count": 1, "value": [{"name": "Platform"}]})])


def message_ids(split):
    case("identifiers-message-and-content-ids", split, "webhooks")
    mid = O("<" + f.hex(16) + "." + f.digits(6) + "@mta-3.example.com>", "identifiers", "Message-ID in a MIME body")
    cid = O("image001.png@01DA5E2C.4B3F8A10", "identifiers", "Content-ID of an inline image")
    fname = O("statement-2027-02.pdf", "identifiers", "a file name after an address")
    who = S(f.pick(LOWER, 6) + "@bank-clients.example.com", "identifiers", "the recipient address")
    attached = O(".pdf", "identifiers", "extension of a file named after an address")
    boundary = "b1_" + f.hex(16)
    mime = (f"Message-ID: {mid}\r\nTo: {who}\r\nContent-Type: multipart/related; boundary=\"{boundary}\"\r\n\r\n"
            f"--{boundary}\r\nContent-Type: text/html\r\n\r\n<img src=\"cid:{cid}\"><p>Your {fname}</p>\r\n"
            f"--{boundary}\r\nContent-Type: image/png\r\nContent-ID: <{cid}>\r\n\r\nPNG\r\n"
            f"--{boundary}\r\nContent-Type: application/pdf\r\nContent-Disposition: attachment; filename=\"{who}{attached}\"\r\n\r\n%PDF\r\n--{boundary}--\r\n")
    write([interaction(request("POST", "https://mail.example.com/v3/mime", [("Content-Type", "message/rfc822")], mime),
                       response(200, [JSON], {"id": mid}))])


def digest(split, header):
    case("challenge-digest-" + header.lower(), split, "databases")
    nonce = O(b64(f.bytes(24)), "challenge", "nonce of the Digest challenge")
    realm = O("replica-set@mongo.example.com", "challenge", "realm")
    opaque = O(f.hex(32), "challenge", "opaque")
    alg = O("SHA-256", "challenge", "algorithm")
    resp = S(f.hex(64), "challenge", "response of the Digest credential")
    cnonce = S(f.hex(16), "challenge", "cnonce of the Digest credential")
    user = O("atlas-admin", "challenge", "username of the Digest credential")
    chal = f'Digest realm="{realm}", domain="/", nonce="{nonce}", opaque="{opaque}", algorithm={alg}, qop="auth"'
    cred = (f'Digest username="{user}", realm="{realm}", nonce="{nonce}", uri="/api/atlas/v2/groups", algorithm={alg}, '
            f'response="{resp}", opaque="{opaque}", qop=auth, nc=00000001, cnonce="{cnonce}"')
    ch_name = "WWW-Authenticate" if header == "WWW" else "Proxy-Authenticate"
    cr_name = "Authorization" if header == "WWW" else "Proxy-Authorization"
    status = 401 if header == "WWW" else 407
    write([interaction(request("GET", "https://cloud.example.com/api/atlas/v2/groups"), response(status, [(ch_name, chal), JSON], {"error": status, "reason": "Unauthorized"})),
           interaction(request("GET", "https://cloud.example.com/api/atlas/v2/groups", [(cr_name, cred)]),
                       response(200, [JSON], {"results": [{"id": f.hex(24), "name": "prod"}], "totalCount": 1}))])


def publishable(split, which):
    case("public-" + which, split, "webhooks" if which == "payments" else "HTML apps")
    if which == "payments":
        pk = O("pk_live_" + f.alnum(99), "public", "Stripe publishable key under publishableKey")
        pkt = O("pk_test_" + f.alnum(99), "public", "Stripe test publishable key in a script config")
        adyen = O("live_" + f.pick(UPPER + DIGITS, 32), "public", "Adyen client key under clientKey")
        paypal = O("A" + f.pick(ALNUM + "-_", 79), "public", "PayPal client-id in the SDK script URL")
        sk = S("sk_live_" + f.alnum(99), "public", "the Stripe secret key, beside the publishable one")
        html = (f'<html><head><script src="https://www.paypal.example.com/sdk/js?client-id={paypal}&currency=EUR"></script></head><body>'
                f'<script>window.config = {{"publishableKey": "{pk}", "testKey": "{pkt}", "clientKey": "{adyen}", "environment": "live"}};</script></body></html>')
        write([get("https://checkout.example.com/pay", html, rheaders=[HTML]),
               interaction(request("POST", "https://api.stripe.example.com/v1/payment_intents", [("Authorization", "Bearer " + sk), FORM], form([("amount", "2000"), ("currency", "eur")])),
                           response(200, [JSON], {"id": "pi_" + f.alnum(24), "client_secret": S("pi_" + f.alnum(24) + "_secret_" + f.alnum(25), "public", "PaymentIntent client_secret"), "publishable_key": pk}))])
    else:
        mapbox = O("pk." + b64(json.dumps({"u": f.pick(LOWER, 8), "a": f.b64url(25)}), url=True, pad=False) + "." + f.b64url(22), "public", "Mapbox public token in access_token")
        style = O("mapbox://styles/mapbox/streets-v12", "public", "style")
        write([get(f"https://api.mapbox.example.com/styles/v1/mapbox/streets-v12?access_token={mapbox}", {"version": 8, "name": "Streets", "sprite": style}),
               get("https://maps.example.com/", f'<html><body><div id="map" data-token="{mapbox}"></div><script>mapboxgl.accessToken = "{mapbox}";</script></body></html>', rheaders=[HTML])])


def key_ids(split):
    case("public-key-ids-and-accessors", split, "cloud SDKs")
    accessor = O(f.uuid(), "public", "secret_id_accessor of a Vault AppRole secret id")
    secret_id = S(f.uuid(), "public", "the secret_id itself")
    keyid = O("projects/p/locations/global/keyRings/ring/cryptoKeys/app/cryptoKeyVersions/3", "public", "keyId of a KMS key version")
    consumer = O(f.alnum(25), "public", "oauth_consumer_key of OAuth 1.0a")
    sig = S(b64(f.bytes(20)), "public", "oauth_signature of OAuth 1.0a")
    otok = S(f.digits(19) + "-" + f.alnum(30), "public", "oauth_token of OAuth 1.0a")
    client_id = O(f.digits(12) + "-" + f.pick(LOWER + DIGITS, 32) + ".apps.googleusercontent.com", "public", "client_id")
    token_accessor = O(f.alnum(24), "public", "accessor of a Vault token")
    auth = (f'OAuth oauth_consumer_key="{consumer}", oauth_nonce="{f.alnum(32)}", oauth_signature="{q(sig)}", '
            f'oauth_signature_method="HMAC-SHA1", oauth_timestamp="1802426400", oauth_token="{otok}", oauth_version="1.0"')
    write([interaction(request("POST", "https://vault.example.com/v1/auth/approle/role/ci/secret-id", [("X-Vault-Token", S("hvs." + f.alnum(24), "public", "Vault token header"))]),
                       response(200, [JSON], {"data": {"secret_id": secret_id, "secret_id_accessor": accessor, "secret_id_ttl": 600},
                                              "auth": None, "wrap_info": None, "lease_id": ""})),
           interaction(request("GET", "https://vault.example.com/v1/auth/token/lookup-self", [("X-Vault-Token", "hvs." + f.alnum(24))]),
                       response(200, [JSON], {"data": {"accessor": token_accessor, "display_name": "approle", "policies": ["default"], "ttl": 3599}})),
           interaction(request("POST", "https://api.example.com/1.1/statuses/update.json", [("Authorization", auth), FORM], form([("status", "hello")])),
                       response(200, [JSON], {"id": 1, "keyId": keyid, "client_id": client_id}))])


def continuation(split):
    case("public-continuation-tokens", split, "cloud SDKs")
    c1 = O(b64(json.dumps({"token": "+RID:~" + f.b64url(12) + "#RT:1#TRC:10", "range": {"min": "", "max": "FF"}})), "public", "x-ms-continuation header")
    c2 = O(f.b64url(60), "public", "$skiptoken in nextLink")
    c3 = O("eyJ" + f.b64url(50), "public", "NextToken of a list call (base64 JSON)")
    c4 = O(f.b64url(40), "public", "pageToken of a list call")
    sk = S(f.alnum(88) + "==", "public", "Cosmos master key in Authorization (type=master)")
    write([interaction(request("GET", "https://acct.documents.example.com/dbs/app/colls/orders/docs",
                               [("Authorization", q(f"type=master&ver=1.0&sig={sk}")), ("x-ms-continuation", c1)]),
                       response(200, [JSON, ("x-ms-continuation", c1)], {"Documents": [], "_count": 0})),
           get(f"https://graph.example.com/v1.0/users?$top=10&$skiptoken={c2}",
               {"value": [], "@odata.nextLink": f"https://graph.example.com/v1.0/users?$top=10&$skiptoken={c2}"}),
           get(f"https://logs.example.com/v1/entries?pageToken={c4}", {"entries": [], "NextToken": c3, "nextPageToken": c4})])


def policy_numbers(split):
    case("public-policy-numbers-and-labels", split, "OAuth/OIDC")
    d = O("6", "public", "otpPolicyDigits")
    p = O("30", "public", "otpPolicyPeriod")
    alg = O("HmacSHA1", "public", "otpPolicyAlgorithm")
    pol = O("length(12) and digits(1) and notUsername(undefined)", "public", "passwordPolicy")
    body = {"realm": "staff", "enabled": True, "otpPolicyType": "totp", "otpPolicyAlgorithm": alg, "otpPolicyDigits": int(d),
            "otpPolicyLookAheadWindow": 1, "otpPolicyPeriod": int(p), "otpPolicyCodeReusable": False, "passwordPolicy": pol,
            "smtpServer": {"host": "smtp.example.com", "password": S(pw(18), "public", "smtpServer.password of the realm")}}
    write([ex("/admin/realms/staff", rbody=body, url="https://sso.example.com/admin/realms/staff")])


def i18n(split):
    case("public-i18n-catalogue", split, "HTML apps")
    a = O("Passwort", "public", "translation of auth.password")
    b = O("Passwort vergessen?", "public", "translation of auth.password.forgot")
    c = O("Mot de passe", "public", "value of a key/value catalogue entry auth.password.label")
    d = O("Geheimer Schlüssel", "public", "translation of settings.secretKey")
    e = O("Zugangstoken", "public", "translation of settings.accessToken")
    write([get("https://app.example.com/locales/de/common.json", {"auth.password": a, "auth.password.forgot": b,
                "settings.secretKey": d, "settings.accessToken": e, "auth.username": "Benutzername"}),
           get("https://app.example.com/api/i18n?lang=fr", {"entries": [{"key": "auth.password.label", "value": c},
                {"key": "auth.token", "value": O("Jeton d'accès", "public", "translation of auth.token")}]})])


def cosign(split):
    case("public-cosign-signature", split, "registries")
    der = bytes([0x30, 0x45, 0x02, 0x21, 0x00]) + f.bytes(32) + bytes([0x02, 0x20]) + f.bytes(32)
    sig = O(base64.b64encode(der).decode(), "public", "cosign signature annotation of a public image")
    digest_ = O("sha256:" + f.hex(64), "public", "image digest")
    payload = O(b64(json.dumps({"critical": {"identity": {"docker-reference": "ghcr.example.com/org/app"}, "image": {"docker-manifest-digest": digest_}, "type": "cosign container image signature"}, "optional": None})), "public", "signed payload")
    manifest = {"schemaVersion": 2, "mediaType": "application/vnd.oci.image.manifest.v1+json", "config": {"mediaType": "application/vnd.oci.image.config.v1+json", "size": 233, "digest": "sha256:" + f.hex(64)},
                "layers": [{"mediaType": "application/vnd.dev.cosign.simplesigning.v1+json", "size": 248, "digest": digest_,
                            "annotations": {"dev.cosignproject.cosign/signature": sig, "dev.sigstore.cosign/bundle": json.dumps({"SignedEntryTimestamp": b64(f.bytes(70)), "Payload": {"body": payload, "integratedTime": 1802426400, "logIndex": 1234567}})}}]}
    write([get("https://ghcr.example.com/v2/org/app/manifests/sha256-" + f.hex(64) + ".sig", manifest,
               rheaders=[("Content-Type", "application/vnd.oci.image.manifest.v1+json")],
               headers=[("Authorization", "Bearer " + S(b64("v1:" + f.alnum(40)), "public", "registry bearer token"))])])


def idempotence_case(split):
    case("idempotence-already-scrubbed-like", split, "registries")
    npm = S("npm_" + f.alnum(36), "idempotence", "npm token in a binary .npmrc-like body")
    body = ("//registry.npmjs.org/:_authToken=" + npm + "\n").encode() + b"\x00\x01\x02" + b"padding" + bytes(range(0, 40))
    write([interaction(request("PUT", "https://registry.example.com/-/npm/v1/tokens", [("Content-Type", "application/octet-stream")], body),
                       response(200, [JSON], {"ok": True}))])


# ---------------------------------------------------------------------------------------------
# Domains with ordinary look-alikes
# ---------------------------------------------------------------------------------------------

def metadata_server(split, cloud):
    case("domain-metadata-" + cloud, split, "metadata servers")
    if cloud == "aws":
        kid = S("ASIA" + f.pick(UPPER + "234567", 16), "plain", "AccessKeyId from IMDS")
        sec = S(f.aws_secret(), "plain", "SecretAccessKey from IMDS")
        tok = S(f.aws_session_token(), "plain", "Token from IMDS")
        itok = S(f.b64url(56) + "==", "plain", "IMDSv2 session token")
        iid = O("i-" + f.hex(17), "plain", "instance id")
        prof = O("arn:aws:iam::" + f.digits(12) + ":instance-profile/web", "plain", "instance profile arn")
        write([interaction(request("PUT", "http://169.254.169.254/latest/api/token", [("X-aws-ec2-metadata-token-ttl-seconds", "21600")]), response(200, [TEXT], itok)),
               get("http://169.254.169.254/latest/meta-data/iam/security-credentials/web", {"Code": "Success", "LastUpdated": "2027-02-14T10:00:00Z", "Type": "AWS-HMAC", "AccessKeyId": kid, "SecretAccessKey": sec, "Token": tok, "Expiration": "2027-02-14T16:00:00Z"}, headers=[("X-aws-ec2-metadata-token", itok)]),
               get("http://169.254.169.254/latest/dynamic/instance-identity/document", {"instanceId": iid, "region": "eu-west-1", "accountId": prof.split(":")[4], "instanceProfileArn": prof}, headers=[("X-aws-ec2-metadata-token", itok)])])
    else:
        tok = S("ya29.c." + f.b64url(160), "plain", "GCE metadata access_token")
        email = O(f.digits(12) + "-compute@developer.gserviceaccount.com", "plain", "default service account email (a service account, not a person: labelled a secret at first, changed to agree with the labellers of the final and blind splits)")
        proj = O("analytics-prod-" + f.digits(6), "plain", "project id")
        write([get("http://metadata.google.internal/computeMetadata/v1/instance/service-accounts/default/token", {"access_token": tok, "expires_in": 3599, "token_type": "Bearer"}, headers=[("Metadata-Flavor", "Google")]),
               get("http://metadata.google.internal/computeMetadata/v1/project/project-id", proj, rheaders=[TEXT], headers=[("Metadata-Flavor", "Google")]),
               get("http://metadata.google.internal/computeMetadata/v1/instance/service-accounts/", email + "/\ndefault/\n", rheaders=[TEXT], headers=[("Metadata-Flavor", "Google")])])


def graphql(split):
    case("domain-graphql", split, "GraphQL")
    tok = S(f.alnum(40), "plain", "apiToken argument of a GraphQL mutation (inline)")
    var = S(pw(16), "plain", "password variable")
    idv = O("gid://shop/Customer/" + f.digits(10), "plain", "global id")
    cursor = O(b64(json.dumps({"last_id": int(f.digits(9)), "last_value": int(f.digits(9))})), "plain", "pageInfo endCursor")
    query = f'mutation {{ connectIntegration(provider: GITHUB, apiToken: "{tok}") {{ id }} }}'
    write([interaction(request("POST", "https://shop.example.com/api/2027-01/graphql.json", [JSON], {"query": query}),
                       response(200, [JSON], {"data": {"connectIntegration": {"id": idv}}})),
           interaction(request("POST", "https://shop.example.com/api/2027-01/graphql.json", [JSON],
                               {"query": "mutation Login($email: String!, $password: String!) { login(email: $email, password: $password) { ok } }",
                                "variables": {"email": "ops-desk@shop.example.com", "password": var}}),
                       response(200, [JSON], {"data": {"customers": {"pageInfo": {"hasNextPage": True, "endCursor": cursor}}}}))])


def db_urls(split):
    case("domain-database-urls", split, "databases")
    a = S(pw(18).replace("@", "A").replace("#", "B").replace("/", "C").replace("%", "D"), "plain", "password in a postgres URL")
    b = S(f.alnum(32), "plain", "password in a redis URL (rediss://:pw@host)")
    c = S(pw(16).replace("@", "x").replace("%", "y").replace("#", "z"), "plain", "Password= in an ADO.NET connection string")
    host = O("orders-db.cluster-" + f.pick(LOWER + DIGITS, 12) + ".eu-west-1.rds.amazonaws.com", "plain", "database host")
    body = {"DATABASE_URL": f"postgres://app:{a}@{host}:5432/orders?sslmode=require",
            "REDIS_URL": f"rediss://:{b}@cache.example.net:6380/0",
            "SQL": f"Server=tcp:sql.example.net,1433;Database=orders;User ID=app;Password={c};Encrypt=True;",
            "POOL_SIZE": "10"}
    write([ex("/v1/apps/orders/config-vars", rbody=body)])


def webhooks(split):
    case("domain-webhook-signatures", split, "webhooks")
    sig = S("t=1802426400,v1=" + f.hex(64), "plain", "Stripe-Signature header")
    gh = S("sha256=" + f.hex(64), "plain", "X-Hub-Signature-256")
    evt = O("evt_" + f.alnum(24), "plain", "event id")
    deliv = O(f.uuid(), "plain", "X-GitHub-Delivery")
    sha = O(f.hex(40), "plain", "after commit sha in a push payload")
    write([interaction(request("POST", "https://hooks.example.com/stripe", [("Stripe-Signature", sig), JSON], {"id": evt, "type": "invoice.paid"}), response(200)),
           interaction(request("POST", "https://hooks.example.com/github", [("X-Hub-Signature-256", gh), ("X-GitHub-Delivery", deliv), JSON], {"ref": "refs/heads/main", "after": sha}), response(204))])


def k8s_kubeconfig(split):
    case("domain-kubernetes-kubeconfig", split, "Kubernetes")
    tok = S(f.jwt({"iss": "kubernetes/serviceaccount", "sub": "system:serviceaccount:ci:deployer"}, signature_bytes=256), "plain", "service account token in kubeconfig")
    ca = O(b64("-----BEGIN CERTIFICATE-----\nMIIC" + f.b64std(300) + "\n-----END CERTIFICATE-----\n"), "plain", "certificate-authority-data")
    server = O("https://10.96.0.1:443", "plain", "cluster server")
    yaml = (f"apiVersion: v1\nkind: Config\nclusters:\n- cluster:\n    certificate-authority-data: {ca}\n    server: {server}\n  name: prod\n"
            f"users:\n- name: deployer\n  user:\n    token: {tok}\ncontexts:\n- context:\n    cluster: prod\n    user: deployer\n  name: prod\ncurrent-context: prod\n")
    write([get("https://ci.example.com/api/v1/projects/7/secure-files/12/download", yaml, rheaders=[("Content-Type", "application/yaml")])])


def registries(split):
    case("domain-registry-auth", split, "registries")
    auth = S(b64("robot$ci:" + f.alnum(32)), "plain", "auth of a docker config.json")
    tok = S(f.jwt({"access": [{"type": "repository", "name": "org/app", "actions": ["pull"]}]}, alg="ES256", signature_bytes=64), "plain", "registry bearer token response")
    digest_ = O("sha256:" + f.hex(64), "plain", "manifest digest")
    scope = O("repository:org/app:pull", "plain", "scope of the WWW-Authenticate challenge")
    chal = f'Bearer realm="https://auth.registry.example.com/token",service="registry.example.com",scope="{scope}"'
    write([get("https://ci.example.com/secrets/docker-config", {"auths": {"registry.example.com": {"auth": auth}}}),
           interaction(request("GET", "https://registry.example.com/v2/org/app/manifests/latest"), response(401, [("WWW-Authenticate", chal), JSON], {"errors": [{"code": "UNAUTHORIZED"}]})),
           get("https://auth.registry.example.com/token?service=registry.example.com&scope=repository:org/app:pull", {"token": tok, "expires_in": 300}),
           get("https://registry.example.com/v2/org/app/manifests/latest", {"schemaVersion": 2, "config": {"digest": digest_}}, headers=[("Authorization", "Bearer " + tok)])])


def soap(split):
    case("domain-soap-wsse", split, "SOAP/SAML")
    p = S(pw(16), "plain", "wsse:Password")
    nonce = O(b64(f.bytes(16)), "plain", "wsse:Nonce is not a secret")
    user = O("svc-ledger", "plain", "wsse:Username")
    env = (f'<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:wsse="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd">'
           f'<soapenv:Header><wsse:Security><wsse:UsernameToken><wsse:Username>{user}</wsse:Username>'
           f'<wsse:Password Type="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordText">{p}</wsse:Password>'
           f'<wsse:Nonce EncodingType="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-soap-message-security-1.0#Base64Binary">{nonce}</wsse:Nonce>'
           f'</wsse:UsernameToken></wsse:Security></soapenv:Header><soapenv:Body><GetBalance><Account>DE{f.digits(20)}</Account></GetBalance></soapenv:Body></soapenv:Envelope>')
    write([interaction(request("POST", "https://ledger.example.com/ws/Balance", [XML, ("SOAPAction", "GetBalance")], env), response(200, [XML], "<ok/>"))])


def oidc(split):
    case("domain-oidc-code-flow", split, "OAuth/OIDC")
    code = S(f.b64url(43), "plain", "authorization code in the redirect")
    verifier = S(f.b64url(64), "plain", "code_verifier")
    rt = S(f.b64url(80), "plain", "refresh_token")
    state = O(f.b64url(22), "plain", "state is a nonce the client checks")
    challenge = O(f.b64url(43), "plain", "code_challenge is a hash, public")
    client = O("web-portal", "plain", "client_id")
    write([interaction(request("GET", f"https://sso.example.com/authorize?response_type=code&client_id={client}&state={state}&code_challenge={challenge}&code_challenge_method=S256"),
                       response(302, [("Location", f"https://portal.example.com/cb?code={code}&state={state}")])),
           interaction(request("POST", "https://sso.example.com/token", [FORM], form([("grant_type", "authorization_code"), ("code", code), ("code_verifier", verifier), ("client_id", client)])),
                       response(200, [JSON], {"access_token": f.jwt({"sub": "u1"}), "refresh_token": rt, "token_type": "Bearer", "expires_in": 300}))])


def signed_urls(split):
    case("domain-signed-urls", split, "signed URLs")
    sas = S(q(b64(f.bytes(32))), "plain", "sig= of an Azure SAS URL (percent-encoded)")
    gsig = S(f.hex(512), "plain", "X-Goog-Signature of a V4 signed URL")
    cf = S(f.b64url(172).replace("-", "~"), "plain", "CloudFront Signature=")
    exp = O("2027-02-14T12:00:00Z", "plain", "se= expiry of the SAS")
    kp = O("APKA" + f.pick(UPPER + DIGITS, 16), "plain", "CloudFront Key-Pair-Id (public)")
    urls = [f"https://acct.blob.core.windows.net/c/report.csv?sv=2022-11-02&se={q(exp)}&sr=b&sp=r&sig={sas}",
            f"https://storage.googleapis.com/bucket/obj.bin?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Credential=sa%40p.iam.gserviceaccount.com%2F20270214%2Fauto%2Fstorage%2Fgoog4_request&X-Goog-Date=20270214T100000Z&X-Goog-Expires=900&X-Goog-SignedHeaders=host&X-Goog-Signature={gsig}",
            f"https://d111111abcdef8.cloudfront.net/video.mp4?Expires=1802430000&Signature={cf}&Key-Pair-Id={kp}"]
    write([get(u, None, rheaders=[("Content-Type", "application/octet-stream")]) for u in urls])


def plain_ordinary(split, n):
    case(f"domain-ordinary-lookalikes-{n}", split, "cloud SDKs")
    vals = [O(f.hex(40), "plain", "a git sha"), O("sha256:" + f.hex(64), "plain", "an image digest"),
            O(f.uuid(), "plain", "a request id"), O("etag-" + f.hex(32), "plain", "an ETag"),
            O(f.b64std(24), "plain", "a content MD5 in base64"), O("arn:aws:s3:::bucket-" + f.pick(LOWER, 8), "plain", "an ARN"),
            O("projects/" + f.pick(LOWER, 8) + "/topics/events", "plain", "a topic path"), O(f.pick(UPPER + DIGITS, 26), "plain", "a ULID"),
            O("/subscriptions/" + f.uuid() + "/resourceGroups/rg-web", "plain", "an Azure resource id")]
    body = {"commit": vals[0], "image": vals[1], "requestId": vals[2], "etag": vals[3], "contentMd5": vals[4], "arn": vals[5],
            "topic": vals[6], "eventId": vals[7], "resourceId": vals[8], "tokenizer": "cl100k_base", "keyVaultName": "kv-" + f.pick(LOWER, 6)}
    write([get("https://api.example.com/v1/deployments/" + f.digits(6), body, headers=[("X-Request-Id", vals[2]), ("If-None-Match", '"' + vals[3] + '"')])])



# ---------------------------------------------------------------------------------------------
# The held-out split: written after the first held-out split was measured and folded into tuning,
# before any of these was scrubbed. Other providers and layouts of the same classes.
# ---------------------------------------------------------------------------------------------

def h_ssm_parameters():
    case("h-structure-ssm-securestring", "H", "cloud SDKs")
    a = S(pw(22), "structure", "Value of a SecureString parameter (decrypted)")
    b = S(f.alnum(40), "structure", "Value of a second SecureString parameter")
    plain = O("https://queue.internal.example.net/jobs", "structure", "Value of a String parameter")
    arn = O("arn:aws:ssm:eu-west-1:" + f.digits(12) + ":parameter/app/queue_url", "structure", "ARN of a parameter")
    body = {"InvalidParameters": [], "Parameters": [
        {"ARN": arn.replace("queue_url", "db_master"), "DataType": "text", "LastModifiedDate": 1.802426e9, "Name": "/app/db_master", "Type": "SecureString", "Value": a, "Version": 3},
        {"ARN": arn.replace("queue_url", "upstream"), "DataType": "text", "LastModifiedDate": 1.802426e9, "Name": "/app/upstream", "Type": "SecureString", "Value": b, "Version": 1},
        {"ARN": arn, "DataType": "text", "LastModifiedDate": 1.802426e9, "Name": "/app/queue_url", "Type": "String", "Value": plain, "Version": 7}]}
    write([interaction(request("POST", "https://ssm.eu-west-1.amazonaws.com/", [("X-Amz-Target", "AmazonSSM.GetParameters"), ("Content-Type", "application/x-amz-json-1.1")],
                               {"Names": ["/app/db_master", "/app/upstream", "/app/queue_url"], "WithDecryption": True}),
                       response(200, [("Content-Type", "application/x-amz-json-1.1")], body))])


def h_vercel_env():
    case("h-structure-vercel-env", "H", "config dumps")
    a = S("postgres://app:" + f.alnum(24) + "@db.example.net:5432/app", "structure", "DATABASE_URL value of type encrypted")
    b = S(f.alnum(32), "structure", "value of NEXTAUTH_SALT, type encrypted")
    plain = O("https://www.shop.example.com", "structure", "NEXT_PUBLIC_SITE_URL, type plain")
    ident = O(f.b64url(16), "structure", "env id")
    body = {"envs": [{"type": "encrypted", "value": a, "target": ["production"], "key": "DATABASE_URL", "id": ident},
                     {"type": "encrypted", "value": b, "target": ["production", "preview"], "key": "NEXTAUTH_SALT", "id": f.b64url(16)},
                     {"type": "plain", "value": plain, "target": ["production"], "key": "NEXT_PUBLIC_SITE_URL", "id": f.b64url(16)}]}
    write([ex("/v9/projects/shop/env?decrypt=true", rbody=body, url="https://api.vercel.example.com/v9/projects/shop/env?decrypt=true")])


def h_infisical():
    case("h-structure-secrets-manager-pairs", "H", "config dumps")
    a = S(f.alnum(36), "structure", "secretValue of a pair whose secretKey is STRIPE_KEY")
    b = S(pw(20), "structure", "secretValue of SMTP_PASSWORD")
    c = O("eu-central-1", "structure", "secretValue of AWS_REGION")
    body = {"secrets": [{"secretKey": "STRIPE_KEY", "secretValue": a, "type": "shared", "version": 2},
                        {"secretKey": "SMTP_PASSWORD", "secretValue": b, "type": "shared", "version": 1},
                        {"secretKey": "AWS_REGION", "secretValue": c, "type": "shared", "version": 4}]}
    write([ex("/api/v3/secrets/raw?environment=prod", rbody=body, headers=[("Authorization", "Bearer st." + f.uuid() + "." + f.hex(32) + "." + f.hex(32))])])


def h_keyvault():
    case("h-structure-azure-keyvault-bundle", "H", "cloud SDKs")
    a = S(f.b64std(32), "structure", "value of a Key Vault secret bundle")
    sid = O("https://kv-prod-7.vault.azure.net/secrets/payments-hmac/" + f.hex(32), "structure", "secret id URL")
    body = {"value": a, "id": sid, "attributes": {"enabled": True, "created": 1802426400, "updated": 1802426400, "recoveryLevel": "Recoverable+Purgeable"}, "tags": {"owner": "payments"}}
    write([get(sid + "?api-version=7.4", body, headers=[("Authorization", "Bearer " + S(f.jwt({"aud": "https://vault.azure.net", "oid": f.uuid()}), "structure", "Key Vault bearer token"))])])


def h_django_debug():
    case("h-structure-django-debug-page", "H", "HTML apps")
    a = S(f.pick(LOWER + DIGITS + "!@#$%^&*(-_=+)", 50), "structure", "SECRET_KEY in the settings table of a debug page")
    b = S(f.alnum(32), "structure", "EMAIL_HOST_PASSWORD in the settings table")
    c = O("django.db.backends.postgresql", "structure", "DATABASES ENGINE")
    d = O("UTC", "structure", "TIME_ZONE")
    rows = [("DEBUG", "True"), ("EMAIL_HOST_PASSWORD", f"'{b}'"), ("ENGINE", f"'{c}'"), ("SECRET_KEY", f"'{a}'"), ("TIME_ZONE", f"'{d}'")]
    html = ('<html><body><div id="settings"><h2>Settings</h2><table class="req"><thead><tr><th>Setting</th><th>Value</th></tr></thead><tbody>'
            + "".join(f"<tr><td>{k}</td><td class=\"code\"><pre>{v}</pre></td></tr>" for k, v in rows) + "</tbody></table></div></body></html>")
    write([get("https://staging.example.com/orders/999", html, rheaders=[HTML], status=500)])


def h_rails_table():
    case("h-structure-admin-th-td", "H", "HTML apps")
    a = S("whsec_" + f.alnum(32), "structure", "th/td row Webhook signing secret")
    b = S(f.hex(48), "structure", "th/td row api_secret")
    c = O("acct_" + f.alnum(16), "structure", "th/td row account id")
    html = ("<table class=\"table\"><tr><th>account_id</th><td>" + c + "</td></tr><tr><th>webhook_signing_secret</th><td>" + a +
            "</td></tr><tr><th>api_secret</th><td><code>" + b + "</code></td></tr><tr><th>Name</th><td>Acme</td></tr></table>")
    write([get("https://admin.example.com/integrations/42", html, rheaders=[HTML])])


def h_compound_names():
    case("h-names-compound", "H", "OAuth/OIDC")
    a = S(f.alnum(40), "names", "AUTH0_MGMT_CLIENT_SECRET")
    b = S(pw(18), "names", "dbPassphrase")
    c = S(f.alnum(44), "names", "webhookSigningKey")
    d = S(f.alnum(30), "names", "legacyRestApiToken")
    e = S(pw(16), "names", "ldap_bind_pass")
    k = O("8192", "names", "max_input_tokens")
    t = O("Bearer", "names", "token_type")
    body = {"AUTH0_MGMT_CLIENT_SECRET": a, "dbPassphrase": b, "webhookSigningKey": c, "legacyRestApiToken": d, "ldap_bind_pass": e,
            "max_input_tokens": int(k), "token_type": t, "tokenLifetimeSeconds": 3600}
    write([ex("/v1/tenants/acme/settings", rbody=body)])


def h_proxy_headers():
    case("h-names-proxy-headers", "H", "OAuth/OIDC")
    a = S(f.b64url(60), "names", "X-Forwarded-Access-Token header")
    b = S(f.b64url(40), "names", "X-Auth-Request-Access-Token header")
    c = S(f.alnum(32), "names", "X-Upstream-Auth header")
    user = O("ops-team", "names", "X-Forwarded-User")
    grp = O("admins,deployers", "names", "X-Forwarded-Groups")
    write([interaction(request("GET", "https://internal.example.com/api/whoami", [("X-Forwarded-Access-Token", a), ("X-Auth-Request-Access-Token", b),
                                                                                   ("X-Upstream-Auth", c), ("X-Forwarded-User", user), ("X-Forwarded-Groups", grp)]),
                       response(200, [JSON], {"user": user, "groups": grp.split(",")}))])


def h_compose_env():
    case("h-names-compose-and-shell", "H", "config dumps")
    a = S(pw(20), "names", "MYSQL_ROOT_PASSWORD in a compose file")
    b = S(pw(18), "names", "PGPASSWORD=… psql command line")
    c = S(f.alnum(32), "names", "REDIS_PASS in an env list")
    img = O("mysql:8.4", "names", "image")
    port = O("3306:3306", "names", "ports")
    text = (f"services:\n  db:\n    image: {img}\n    environment:\n      MYSQL_ROOT_PASSWORD: {a}\n      MYSQL_DATABASE: shop\n"
            f"    ports:\n      - \"{port}\"\n  cache:\n    image: redis:7\n    environment:\n      - REDIS_PASS={c}\n"
            f"# migrate with:\n#   PGPASSWORD={b} psql -h db -U app shop\n")
    write([get("https://git.example.com/api/v4/projects/9/repository/files/docker-compose.yml/raw?ref=main", text, rheaders=[TEXT])])


def h_aws_legacy_sig():
    case("h-echo-aws-legacy-signature", "H", "cloud SDKs")
    sig = S(b64(f.bytes(20)), "echo", "signature of Authorization: AWS id:signature echoed in SignatureProvided")
    kid = O("GOOG1E" + f.pick(UPPER + DIGITS, 20), "echo", "HMAC key id before the colon")
    err = (f"<?xml version='1.0' encoding='UTF-8'?><Error><Code>SignatureDoesNotMatch</Code><Message>The request signature we calculated does not match the signature you provided.</Message>"
           f"<StringToSign>GET\n\n\nSun, 14 Feb 2027 10:00:00 GMT\n/bucket/o.txt</StringToSign><SignatureProvided>{sig}</SignatureProvided></Error>")
    write([interaction(request("GET", "https://storage.example.com/bucket/o.txt", [("Authorization", f"AWS {kid}:{sig}"), ("Date", "Sun, 14 Feb 2027 10:00:00 GMT")]),
                       response(403, [("Content-Type", "application/xml")], err))])


def h_basic_echo_json():
    case("h-echo-basic-password-in-json", "H", "registries")
    p = S(f.alnum(28), "echo", "password of Basic credentials echoed in a JSON error detail")
    user = O("deploy-bot", "echo", "the Basic user name")
    write([interaction(request("GET", "https://repo.example.com/api/v1/me", [("Authorization", basic(user, p))]),
                       response(401, [JSON], {"errors": [{"status": 401, "detail": f"bad credentials for {user}: {p}"}]}))])


def h_next_data():
    case("h-encoding-next-data-script", "H", "HTML apps")
    a = S(f.alnum(40), "encoding", "serverApiKey inside __NEXT_DATA__ JSON")
    m = S(f.pick(LOWER, 6) + "@buyers.example.com", "encoding", "email inside __NEXT_DATA__")
    b = O("prod-" + f.digits(4), "encoding", "buildId")
    data = json.dumps({"props": {"pageProps": {"serverApiKey": a, "user": {"email": m}}}, "buildId": b, "page": "/account"})
    html = f'<!DOCTYPE html><html><body><div id="__next"></div><script id="__NEXT_DATA__" type="application/json">{data}</script></body></html>'
    write([get("https://shop.example.com/account", html, rheaders=[HTML])])


def h_attr_json():
    case("h-encoding-livewire-attribute", "H", "HTML apps")
    a = S(f.alnum(40), "encoding", "checksum-named secret in &quot;-escaped wire:initial-data")
    m = S(f.pick(LOWER, 5) + "@tenants.example.org", "encoding", "email in &quot;-escaped wire:initial-data")
    n = O("profile-form", "encoding", "component name")
    data = json.dumps({"fingerprint": {"name": n, "method": "GET"}, "serverMemo": {"data": {"email": m, "api_secret": a}}})
    attr = data.replace("&", "&amp;").replace('"', "&quot;")
    write([get("https://app.example.com/profile", f'<html><body><div wire:id="{f.alnum(20)}" wire:initial-data="{attr}"></div></body></html>', rheaders=[HTML])])


def h_state_json():
    case("h-encoding-percent-json-query", "H", "OAuth/OIDC")
    a = S(f.alnum(32), "encoding", "csrf_token in percent-encoded JSON of state")
    rt = O("/settings/billing", "encoding", "returnTo in the same state")
    state = q(json.dumps({"csrf_token": a, "returnTo": rt}))
    write([interaction(request("GET", f"https://sso.example.com/authorize?client_id=web&response_type=code&state={state}"),
                       response(302, [("Location", f"https://app.example.com/cb?code=" + S(f.b64url(32), "encoding", "code in the callback") + f"&state={state}")]))])


def h_jwt_cookie():
    case("h-encoding-padded-jwt-cookie", "H", "OAuth/OIDC")
    m = S(f.pick(LOWER, 8) + "@staff.example.com", "encoding", "email in a padded JWT's payload")
    head = b64(json.dumps({"alg": "HS256", "typ": "JWT"}), url=True)
    payload = b64(json.dumps({"email": m, "exp": 1802430000, "roles": ["ops"]}), url=True)
    jwt = S(head + "." + payload + "." + b64(f.bytes(32), url=True), "encoding", "a padded JWT in a cookie")
    write([interaction(request("GET", "https://portal.example.com/api/me", [("Cookie", "lang=de; auth=" + jwt)]),
                       response(200, [JSON], {"roles": ["ops"], "lang": O("de", "encoding", "lang cookie value")}))])


def h_tar_npmrc():
    case("h-encoding-tar-npmrc", "H", "registries")
    t = S(f.alnum(40), "encoding", "_authToken in .npmrc inside a tar")
    p = S(pw(18), "encoding", "password: in settings.yml inside a tar")
    reg = O("registry.npm.example.com", "encoding", "registry host in .npmrc")
    files = [(".npmrc", f"//{reg}/:_authToken={t}\nalways-auth=true\n"), ("settings.yml", f"db:\n  user: app\n  password: {p}\n")]
    out = io.BytesIO()
    with tarfile.open(fileobj=out, mode="w", format=tarfile.USTAR_FORMAT) as tf:
        for n, c in files:
            data = c.encode()
            info = tarfile.TarInfo(n)
            info.size = len(data)
            info.mtime = 1802426400
            tf.addfile(info, io.BytesIO(data))
    write([get("https://ci.example.com/artifacts/config.tar", out.getvalue(), rheaders=[("Content-Type", "application/x-tar")])])


def h_qp_code():
    case("h-encoding-quoted-printable-verify", "H", "webhooks")
    token = S(f.b64url(72), "encoding", "verification token in a QP link split by a soft break")
    eq = O("=3D", "encoding", "=3D of the QP part")
    html = f'<p>Confirm your address:</p><p><a href="https://accounts.example.com/verify?t={token}&src=mail" class="btn">Confirm</a></p>'
    qp = quopri.encodestring(html.encode()).decode()
    mime = f"Content-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n{qp}"
    write([interaction(request("POST", "https://mail.example.com/v1/send", [("Content-Type", "message/rfc822")], mime), response(202))])


def h_sse_gemini():
    case("h-stream-sse-gemini-split", "H", "streams")
    key = S("AIza" + f.pick(ALNUM + "_-", 35), "stream", "a Google API key split across streamed parts")
    w = O("restrict", "stream", "a word of the answer")
    answer = f"That key {key} is live; {w} it to your referrers."
    pieces = [answer[i:i + 9] for i in range(0, len(answer), 9)]
    events = "".join("data: " + json.dumps({"candidates": [{"content": {"parts": [{"text": p}], "role": "model"}, "index": 0}]}, separators=(",", ":")) + "\r\n\r\n" for p in pieces)
    write([interaction(request("POST", "https://generativelanguage.example.com/v1beta/models/g:streamGenerateContent?alt=sse", [JSON], {"contents": [{"parts": [{"text": "is this ok " + key}]}]}),
                       response(200, [SSE], events))])


def h_ndjson_stream():
    case("h-stream-ndjson-split", "H", "streams")
    tok = "glpat-" + f.b64url(20)
    S(tok, "stream", "a GitLab token split across NDJSON message chunks")
    answer = f"Found {tok} in your CI log."
    pieces = [answer[i:i + 6] for i in range(0, len(answer), 6)]
    body = "".join(json.dumps({"model": "llama", "message": {"role": "assistant", "content": p}, "done": False}) + "\n" for p in pieces)
    body += json.dumps({"model": "llama", "done": True, "eval_count": int(O("57", "stream", "eval_count"))}) + "\n"
    write([interaction(request("POST", "http://127.0.0.1:11434/api/chat", [JSON], {"model": "llama", "messages": [{"role": "user", "content": "check log: " + tok}]}),
                       response(200, [("Content-Type", "application/x-ndjson")], body))])


def h_socketio_v3():
    case("h-stream-socketio-websocket-frames", "H", "streams")
    tok = S(f.alnum(40), "stream", "accessToken in a Socket.IO auth packet")
    room = O("orders-" + f.digits(4), "stream", "room")
    body = ("40{\"token\":\"" + S(f.alnum(32), "stream", "token in a CONNECT packet") + "\"}\n"
            "42[\"subscribe\",{\"room\":\"" + room + "\",\"accessToken\":\"" + tok + "\"}]\n")
    write([get("https://rt.example.com/socket.io/?EIO=4&transport=polling", body, rheaders=[TEXT])])


def h_framing_short():
    case("h-framing-short-secret-in-frame", "H", "gRPC-web")
    pin = S("PIN" + f.digits(3), "framing", "short secret after a name in a protobuf text field")
    ok = O("terminal-7", "framing", "terminal id")
    msg = pb_string(1, ok) + pb_string(2, "pin=" + pin) + pb_string(3, "ghp_" + f.alnum(36))
    MANIFEST["H"]["secrets"].append({"value": msg[-40:].decode(), "file": CURRENT["name"], "class": "framing", "domain": CURRENT["domain"], "where": "GitHub token in a protobuf field"})
    body = grpc_frame(msg) + grpc_frame(b"grpc-status:0\r\n", 0x80)
    write([interaction(request("POST", "https://pos.example.com/pos.v1.Terminal/Unlock", [("Content-Type", "application/grpc-web+proto")], body), response(200))])


def h_identifiers():
    case("h-identifiers-remotes-and-ids", "H", "registries")
    remote = O("git@github.com:acme/infra.git", "identifiers", "an SSH remote")
    msg = O("<CAF" + f.alnum(20) + "@mail.example.com>", "identifiers", "message_id in a JSON webhook")
    ext = O(".vcf", "identifiers", "extension after an address in a file name")
    who = S(f.pick(LOWER, 5) + "." + f.pick(LOWER, 6) + "@people.example.net", "identifiers", "address in the file name")
    org = O("acme-data", "identifiers", "org as URL user name, also in the path")
    write([ex("/hooks/inbound", method="POST", headers=[JSON], body={"message_id": msg, "attachments": [{"filename": who + ext}], "repo": remote}, rbody={"ok": True}),
           get(f"https://{org}@dev.azure.com/{org}/_apis/git/repositories?api-version=7.1", {"count": 0, "value": []})])


def h_digest_sha512():
    case("h-challenge-digest-sha512", "H", "databases")
    nonce = O(f.hex(48), "challenge", "nonce")
    realm = O("api@db-admin.example.com", "challenge", "realm")
    resp = S(f.hex(64), "challenge", "response")
    cn = S(f.b64url(16), "challenge", "cnonce")
    user = O(f.hex(64), "challenge", "userhash username")
    chal = f'Digest realm="{realm}", qop="auth", algorithm=SHA-512-256, nonce="{nonce}", userhash=true'
    cred = f'Digest username="{user}", realm="{realm}", uri="/v1/status", algorithm=SHA-512-256, nonce="{nonce}", nc=00000001, cnonce="{cn}", qop=auth, response="{resp}", userhash=true'
    write([interaction(request("GET", "https://db-admin.example.com/v1/status"), response(401, [("WWW-Authenticate", chal)])),
           interaction(request("GET", "https://db-admin.example.com/v1/status", [("Authorization", cred)]), response(200, [JSON], {"ok": True}))])


def h_public_values():
    case("h-public-dsn-and-publishable", "H", "HTML apps")
    pk = O("pk_live_" + f.alnum(24), "public", "publishable key in data-stripe-key")
    mb = O("pk.eyJ" + f.b64url(60) + "." + f.b64url(22), "public", "Mapbox public token in a script")
    ck = O("test_" + f.pick(UPPER + DIGITS, 32), "public", "Adyen test client key")
    sk = S("rk_live_" + f.alnum(24), "public", "restricted key in a server response")
    html = (f'<html><body><form data-stripe-key="{pk}"></form><script>const MAPBOX_TOKEN = "{mb}"; window.adyenConfig = {{clientKey: "{ck}"}};</script></body></html>')
    write([get("https://shop.example.com/checkout", html, rheaders=[HTML]),
           interaction(request("GET", "https://api.example.com/v1/keys/current", [("Authorization", "Bearer " + sk)]), response(200, [JSON], {"publishable": pk}))])


def h_pagination():
    case("h-public-pagination-cursors", "H", "cloud SDKs")
    a = O(b64(json.dumps({"pk": {"S": "user#" + f.digits(6)}, "sk": {"S": "order#" + f.digits(8)}})), "public", "LastEvaluatedKey as an opaque cursor")
    b = O(f.b64url(80), "public", "Kubernetes metadata.continue token")
    c = O("1/" + f.b64url(40), "public", "S3 NextContinuationToken")
    write([get("https://k8s.example.com:6443/api/v1/pods?limit=50&continue=" + b, {"kind": "PodList", "metadata": {"continue": b, "resourceVersion": f.digits(8)}, "items": []}),
           get("https://api.example.com/v1/orders?cursor=" + q(a), {"Items": [], "Count": 0, "LastEvaluatedKey": a}),
           get("https://s3.example.com/bucket?list-type=2&continuation-token=" + q(c), f"<ListBucketResult><NextContinuationToken>{c}</NextContinuationToken><KeyCount>0</KeyCount></ListBucketResult>", rheaders=[("Content-Type", "application/xml")])])


def h_policy_and_i18n():
    case("h-public-policy-and-i18n", "H", "OAuth/OIDC")
    a = O("12", "public", "passwordMinLength")
    b = O("6", "public", "mfaCodeLength")
    c = O("Kennwort", "public", "nested i18n login.password")
    d = O("Geben Sie Ihr Kennwort ein", "public", "nested i18n login.password_hint")
    e = O("Sitzung abgelaufen", "public", "nested i18n errors.session")
    write([get("https://auth.example.com/api/policy", {"passwordMinLength": int(a), "mfaCodeLength": int(b), "passwordRequireSymbols": True}),
           get("https://auth.example.com/locales/de.json", {"login": {"password": c, "password_hint": d, "username": "Benutzername"}, "errors": {"session": e}})])


def h_rekor():
    case("h-public-rekor-entry", "H", "registries")
    der = bytes([0x30, 0x44, 0x02, 0x20]) + f.bytes(32) + bytes([0x02, 0x20]) + f.bytes(32)
    sig = O(base64.b64encode(der).decode(), "public", "signature.content of a Rekor hashedrekord")
    h = O(f.hex(64), "public", "data.hash.value")
    body = {"apiVersion": "0.0.1", "kind": "hashedrekord", "spec": {"data": {"hash": {"algorithm": "sha256", "value": h}},
            "signature": {"content": sig, "publicKey": {"content": b64("-----BEGIN PUBLIC KEY-----\nMFkw" + f.b64std(60) + "\n-----END PUBLIC KEY-----\n")}}}}
    write([get("https://rekor.example.com/api/v1/log/entries/" + f.hex(80), {"uuid": body}), ])


def h_metadata_azure():
    case("h-domain-azure-imds", "H", "metadata servers")
    tok = S(f.jwt({"aud": "https://management.azure.com/", "oid": f.uuid()}), "plain", "IMDS access_token")
    cid = O(f.uuid(), "plain", "client_id of the managed identity")
    write([get("http://169.254.169.254/metadata/identity/oauth2/token?api-version=2018-02-01&resource=https://management.azure.com/",
               {"access_token": tok, "client_id": cid, "expires_in": "86399", "resource": "https://management.azure.com/", "token_type": "Bearer"}, headers=[("Metadata", "true")])])


def h_graphql_vars():
    case("h-domain-graphql-variables", "H", "GraphQL")
    a = S(pw(18), "plain", "newPassword variable")
    b = S(f.alnum(40), "plain", "personalAccessToken in a mutation result")
    cur = O(b64("arrayconnection:" + f.digits(3)), "plain", "endCursor")
    write([interaction(request("POST", "https://api.example.com/graphql", [JSON], {"query": "mutation($input: ChangePasswordInput!) { changePassword(input: $input) { ok } }", "variables": {"input": {"newPassword": a}}}),
                       response(200, [JSON], {"data": {"createToken": {"personalAccessToken": b}, "viewer": {"repos": {"pageInfo": {"endCursor": cur}}}}}))])


def h_webhook_sig():
    case("h-domain-webhook-signatures-2", "H", "webhooks")
    a = S("v1," + b64(f.bytes(32)), "plain", "Svix webhook-signature")
    b = S(f.hex(64), "plain", "X-Shopify-Hmac-Sha256 (hex)")
    wid = O("msg_" + f.alnum(27), "plain", "webhook-id")
    ts = O("1802426400", "plain", "webhook-timestamp")
    write([interaction(request("POST", "https://hooks.example.com/svix", [("webhook-id", wid), ("webhook-timestamp", ts), ("webhook-signature", a), JSON], {"type": "invoice.created"}), response(204)),
           interaction(request("POST", "https://hooks.example.com/shop", [("X-Shopify-Hmac-Sha256", b), ("X-Shopify-Topic", "orders/create"), JSON], {"id": 1}), response(200))])


def h_mongo_uri():
    case("h-domain-mongodb-srv", "H", "databases")
    a = S(f.alnum(24), "plain", "password in a mongodb+srv URI")
    host = O("cluster0." + f.pick(LOWER + DIGITS, 5) + ".mongodb.net", "plain", "cluster host")
    write([ex("/v1/apps/app/settings", rbody={"MONGO_URL": f"mongodb+srv://app:{a}@{host}/shop?retryWrites=true&w=majority", "POOL": 20})])


# ---------------------------------------------------------------------------------------------

def main():
    # Structure
    terraform_outputs("T", "cloud")
    terraform_outputs("T", "enterprise")
    terraform_state("T")
    gitlab_variables("T")
    azure_devops_vargroup("T")
    onepassword_connect("T")
    spring_env("T")
    html_tables("T", "td")
    html_tables("T", "dl")
    html_tables("T", "grid")
    k8s_secret_list("T")
    # Names
    compound_names("T")
    shell_exports("T")
    identity_headers("T")
    prefixed_query("T")
    names_yaml_ini("T")
    # Echoes
    azure_sharedkey("T")
    grafana_legacy("T")
    basic_password_echo("T")
    # Encodings
    grpc_web("T", True)
    grpc_web("T", False)
    archive("T", "tar")
    archive("T", "zip")
    base64url_header_json("T")
    html_attr_json("T")
    rfc5987("T")
    padded_jwt("T")
    signed_path("T")
    quoted_printable("T")
    soap_saml("T")
    # Streams
    sse_split("T", "openai")
    sse_split("T", "anthropic")
    sse_oneline("T")
    socketio("T")
    # Damage
    framing_binary("T")
    azure_devops_org("T")
    message_ids("T")
    digest("T", "WWW")
    digest("T", "Proxy")
    publishable("T", "payments")
    publishable("T", "maps")
    key_ids("T")
    continuation("T")
    policy_numbers("T")
    i18n("T")
    cosign("T")
    idempotence_case("T")
    # Domains
    metadata_server("T", "aws")
    metadata_server("T", "gce")
    graphql("T")
    db_urls("T")
    webhooks("T")
    k8s_kubeconfig("T")
    registries("T")
    soap("T")
    oidc("T")
    signed_urls("T")
    plain_ordinary("T", 1)
    plain_ordinary("T", 2)
    plain_ordinary("T", 3)
    h_ssm_parameters()
    h_vercel_env()
    h_infisical()
    h_keyvault()
    h_django_debug()
    h_rails_table()
    h_compound_names()
    h_proxy_headers()
    h_compose_env()
    h_aws_legacy_sig()
    h_basic_echo_json()
    h_next_data()
    h_attr_json()
    h_state_json()
    h_jwt_cookie()
    h_tar_npmrc()
    h_qp_code()
    h_sse_gemini()
    h_ndjson_stream()
    h_socketio_v3()
    h_framing_short()
    h_identifiers()
    h_digest_sha512()
    h_public_values()
    h_pagination()
    h_policy_and_i18n()
    h_rekor()
    h_metadata_azure()
    h_graphql_vars()
    h_webhook_sig()
    h_mongo_uri()
    for split, folder in (("T", "Tuning"), ("H", "HeldOut")):
        m = MANIFEST[split]
        values = [s["value"] for s in m["secrets"]]
        assert len(values) == len(set(values)), "a secret is listed twice"
        path = os.path.join(CORPUS, "Fresh", folder, "manifest.json")
        with open(path, "w") as handle:
            json.dump({"split": folder, "files": sorted(CASES[split]), "secrets": m["secrets"], "ordinary": m["ordinary"]},
                      handle, indent=1, ensure_ascii=False, sort_keys=True)
            handle.write("\n")
        print(folder, len(CASES[split]), "cassettes,", len(m["secrets"]), "secrets,", len(m["ordinary"]), "ordinary values")


if __name__ == "__main__":
    main()
