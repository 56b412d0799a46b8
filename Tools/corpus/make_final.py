"""Writes Tests/CassetteScrubbingTests/Corpus/Fresh/Final/f-<class>-<name>.json and Fresh/Final/manifest.json.

The final corpus is a held-out set measured once, at the end, by someone who did not tune the scrubber on
it. It was written without reading the scrubber, its tests or the earlier corpora: every case is written
anew from providers' published API references and SDK test fixtures, with random (seeded) values.

`S(value, klass, where)` records a secret that must not survive scrubbing in any spelling, and
`O(value, klass, where)` an ordinary value (often a look-alike of a secret) that must come through
byte-identical everywhere it stands. `klass` is the class of issue 20 the value stands for: structure,
names, echo, encoding, stream, framing, identifiers, challenge, public, i18n, plain.

The script checks itself before writing the manifest: each value must be found in its cassette, in the
text or in a decoded form of it (JSON strings, percent, HTML entities, quoted-printable, base64 and
base64url runs, gzip, zip and tar members), and each ordinary value must still be found once every
secret of its file is taken out. Run it twice: the output is byte-identical.

Nothing here is a credential: every value is random, in the shape the provider issues.
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
import struct
import sys
import tarfile
import urllib.parse
import zipfile

from cassettes import CORPUS, Fakes, basic, form, interaction, multipart, q, request, response
from shapes import ALNUM, DIGITS, LOWER, UPPER

f = Fakes(20261202)
FOLDER = os.path.join(CORPUS, "Fresh", "Final")
FILES = []
MANIFEST = {"secrets": [], "ordinary": []}
CURRENT = {"name": None, "domain": None}

JSON = ("Content-Type", "application/json")
JSONU = ("Content-Type", "application/json; charset=utf-8")
FORM = ("Content-Type", "application/x-www-form-urlencoded")
HTML = ("Content-Type", "text/html; charset=utf-8")
XML = ("Content-Type", "application/xml")
TEXT = ("Content-Type", "text/plain; charset=utf-8")
SSE = ("Content-Type", "text/event-stream")
UA = ("User-Agent", "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15")


def case(klass, name, domain):
    CURRENT.update(name=f"f-{klass}-{name}.json", domain=domain)


def _record(kind, value, klass, where):
    assert isinstance(value, str) and value, (kind, value)
    entry = {"value": value, "file": CURRENT["name"], "class": klass, "domain": CURRENT["domain"], "where": where}
    MANIFEST[kind].append(entry)
    return value


def S(value, klass, where):
    return _record("secrets", value, klass, where)


def O(value, klass, where):
    return _record("ordinary", value, klass, where)


def write(interactions):
    path = os.path.join(FOLDER, CURRENT["name"])
    assert CURRENT["name"] not in FILES, CURRENT["name"]
    os.makedirs(FOLDER, exist_ok=True)
    with open(path, "w") as handle:
        json.dump({"interactions": interactions, "version": 1}, handle, indent=2, ensure_ascii=False)
        handle.write("\n")
    FILES.append(CURRENT["name"])


def ix(method, url, headers=(), body=None, status=200, rheaders=(JSON,), rbody=None):
    return interaction(request(method, url, list(headers), body), response(status, list(rheaders), rbody))


def pw(n=20):
    return f.password(n)


def b64(data, url=False, pad=True):
    return f.b64(data if isinstance(data, bytes) else data.encode(), url=url, pad=pad)


def dumps(value):
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def rid():
    return f.uuid()


def date(n=0):
    return f"Mon, 30 Nov 2026 {10 + n % 10:02d}:{(17 + 7 * n) % 60:02d}:{(41 + 13 * n) % 60:02d} GMT"


def person_email():
    first = f.rng.choice(["anna", "lukas", "maria", "jonas", "sofia", "david", "mei", "ravi", "olga", "tomas"])
    last = f.rng.choice(["schneider", "okafor", "lindqvist", "moreau", "tanaka", "novak", "silva", "brandt"])
    domain = f.rng.choice(["gmail.com", "outlook.com", "gmx.de", "yahoo.co.uk", "proton.me", "icloud.com"])
    return f"{first}.{last}{f.digits(2)}@{domain}"


def jwt_b64(value, pad=False):
    return b64(dumps(value), url=True, pad=pad)


def jwt(claims, alg="RS256", kid=None, sig_bytes=256, pad=False, typ="JWT"):
    head = {"alg": alg, "typ": typ}
    if kid:
        head["kid"] = kid
    return jwt_b64(head, pad) + "." + jwt_b64(claims, pad) + "." + b64(f.bytes(sig_bytes), url=True, pad=pad)


def pb_varint(n):
    out = b""
    while True:
        byte = n & 0x7F
        n >>= 7
        if n:
            out += bytes([byte | 0x80])
        else:
            return out + bytes([byte])


def pb_str(field, value):
    data = value if isinstance(value, bytes) else value.encode()
    return pb_varint(field << 3 | 2) + pb_varint(len(data)) + data


def pb_int(field, value):
    return pb_varint(field << 3) + pb_varint(value)


def grpc_frame(message, trailer=False):
    return bytes([0x80 if trailer else 0x00]) + struct.pack(">I", len(message)) + message


def gz(data):
    return gzip.compress(data, mtime=0)


def zip_of(members, deflate=True):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, text in members:
            info = zipfile.ZipInfo(name, date_time=(2026, 11, 30, 9, 12, 0))
            info.compress_type = zipfile.ZIP_DEFLATED if deflate else zipfile.ZIP_STORED
            info.external_attr = 0o644 << 16
            archive.writestr(info, text)
    return buffer.getvalue()


def tar_of(members):
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w", format=tarfile.USTAR_FORMAT) as archive:
        for name, text in members:
            data = text.encode()
            info = tarfile.TarInfo(name)
            info.size = len(data)
            info.mtime = 1795950000
            info.mode = 0o644
            info.uname = info.gname = "root"
            archive.addfile(info, io.BytesIO(data))
    return buffer.getvalue()


def qp(text):
    return quopri.encodestring(text.encode()).decode().replace("\n", "\r\n")


# ---------------------------------------------------------------------------------------------
# Structure around a secret name
# ---------------------------------------------------------------------------------------------

def pulumi_stack_export():
    case("structure", "pulumi-stack-output-secrets", "config dumps")
    db = pw(22)
    S(db, "structure", "plaintext of a Pulumi secret output dbPassword (JSON-quoted string)")
    token = S(f.alnum(48), "structure", "plaintext of secret output apiToken")
    sigil = O("4dabf18193072939515e22adb298388d", "public", "Pulumi's secret sigil key, a published constant")
    sigval = O("1b47061264138c4ac30d75fd1eb44270", "public", "Pulumi's secret sigil value, a published constant")
    bucket = O("assets-" + f.pick(LOWER + DIGITS, 8), "structure", "bucketName output, not secret")
    url = O("https://" + f.pick(LOWER, 10) + ".execute-api.eu-west-1.amazonaws.com/stage", "structure", "endpoint output")
    cipher = O("v1:" + b64(f.bytes(12)) + ":" + b64(f.bytes(40)), "structure",
               "ciphertext of the same secret in the checkpoint (encrypted with the stack key; kept)")
    outputs = {"apiToken": {sigil: sigval, "plaintext": dumps(token)},
               "bucketName": bucket, "dbPassword": {sigil: sigval, "plaintext": dumps(db)}, "endpoint": url}
    checkpoint = {"version": 3, "deployment": {"manifest": {"time": "2026-11-30T09:12:00Z", "version": "v3.140.0"},
                  "resources": [{"urn": "urn:pulumi:prod::shop::aws:rds/instance:Instance::db",
                                 "type": "aws:rds/instance:Instance",
                                 "outputs": {"password": {sigil: sigval, "ciphertext": cipher},
                                             "username": "shop_admin", "port": 5432}}]}}
    org = O("acme-" + f.pick(LOWER, 5), "identifiers", "Pulumi organisation in the URL")
    auth = S("pul-" + f.hex(40), "plain", "Pulumi access token in Authorization: token")
    write([
        ix("GET", f"https://api.pulumi.com/api/stacks/{org}/shop/prod/export",
           [("Authorization", "token " + auth), ("Accept", "application/vnd.pulumi+8")], rbody=checkpoint),
        ix("GET", f"https://api.pulumi.com/api/stacks/{org}/shop/prod/outputs?showSecrets=true",
           [("Authorization", "token " + auth)], rbody=outputs),
    ])


def gitlab_ci_variables():
    case("structure", "gitlab-ci-variables-masked", "CI systems")
    pat = S("glpat-" + f.b64url(20), "plain", "PRIVATE-TOKEN header")
    deploy = S(f.alnum(32), "structure", "value of DEPLOY_MATERIAL, marked masked: true and hidden: true")
    signing = S(f.b64std(33), "structure", "value of RELEASE_SIGNING_KEY, masked and protected")
    env = O("staging", "structure", "value of APP_ENV, masked: false")
    image = O("registry.gitlab.com/acme/shop/ci:node22-" + f.hex(8), "structure", "value of CI_BUILD_IMAGE")
    proj = O(f.digits(8), "identifiers", "project id in the URL")
    body = [
        {"variable_type": "env_var", "key": "DEPLOY_MATERIAL", "value": deploy, "protected": True, "masked": True,
         "hidden": True, "raw": False, "environment_scope": "*", "description": None},
        {"variable_type": "env_var", "key": "RELEASE_SIGNING_KEY", "value": signing, "protected": True,
         "masked": True, "hidden": False, "raw": True, "environment_scope": "production", "description": "cosign"},
        {"variable_type": "env_var", "key": "APP_ENV", "value": env, "protected": False, "masked": False,
         "hidden": False, "raw": False, "environment_scope": "*", "description": None},
        {"variable_type": "env_var", "key": "CI_BUILD_IMAGE", "value": image, "protected": False, "masked": False,
         "hidden": False, "raw": False, "environment_scope": "*", "description": None},
    ]
    etag = O('W/"' + f.hex(32) + '"', "identifiers", "ETag of the variables page")
    write([ix("GET", f"https://gitlab.com/api/v4/projects/{proj}/variables?per_page=100",
              [("PRIVATE-TOKEN", pat), ("Accept", "application/json")],
              rheaders=[JSON, ("ETag", etag), ("X-Request-Id", "01J" + f.pick(UPPER + DIGITS, 23)),
                        ("X-Total", "4"), ("X-Page", "1")], rbody=body)])


def onepassword_connect_item():
    case("structure", "onepassword-connect-concealed", "config dumps")
    bearer = S(jwt({"1password.com/auuid": f.pick(UPPER + DIGITS, 26), "1password.com/fts": ["vaultaccess"],
                    "aud": ["com.1password.connect"], "iat": 1795950000, "iss": "com.1password.b5",
                    "jti": f.pick(LOWER + DIGITS, 26), "sub": f.pick(UPPER + DIGITS, 26)}, alg="ES256",
                   kid=f.pick(LOWER + DIGITS, 26), sig_bytes=64), "plain", "Connect server token (Bearer)")
    vault = O(f.pick(LOWER + DIGITS, 26), "identifiers", "vault id")
    item = O(f.pick(LOWER + DIGITS, 26), "identifiers", "item id")
    secret = S(pw(24), "structure", "field with type CONCEALED, purpose PASSWORD")
    other = S(f.alnum(40), "structure", "field labelled 'credential' with type CONCEALED and no purpose")
    user = O("svc-billing-" + f.pick(LOWER, 4), "structure", "username field, type STRING")
    otp_label = O("one-time password", "structure", "label of an OTP field")
    host = O("db-" + f.pick(LOWER, 6) + ".internal.acme.example", "structure", "server field, type STRING")
    body = {"id": item, "title": "Billing DB", "vault": {"id": vault}, "category": "DATABASE", "version": 7,
            "fields": [
                {"id": "username", "type": "STRING", "purpose": "USERNAME", "label": "username", "value": user},
                {"id": "password", "type": "CONCEALED", "purpose": "PASSWORD", "label": "password", "value": secret,
                 "entropy": 131.2},
                {"id": f.pick(LOWER + DIGITS, 26), "type": "CONCEALED", "label": "credential", "value": other},
                {"id": "hostname", "type": "STRING", "label": "server", "value": host},
                {"id": f.pick(LOWER + DIGITS, 26), "type": "OTP", "label": otp_label, "value": None}],
            "createdAt": "2026-03-02T10:11:12Z", "updatedAt": "2026-11-29T18:01:44Z"}
    write([ix("GET", f"http://op-connect.internal:8080/v1/vaults/{vault}/items/{item}",
              [("Authorization", "Bearer " + bearer)], rbody=body)])


def k8s_secret_and_configmap():
    case("structure", "kubernetes-secret-data", "Kubernetes")
    sa = S(jwt({"aud": ["https://kubernetes.default.svc"], "exp": 1827486000, "iat": 1795950000,
                "iss": "https://oidc.eks.eu-west-1.amazonaws.com/id/" + f.hex(32).upper(),
                "kubernetes.io": {"namespace": "shop", "serviceaccount": {"name": "deployer", "uid": f.uuid()}},
                "sub": "system:serviceaccount:shop:deployer"}, kid=f.b64url(43)), "plain",
           "service account token in Authorization")
    dbpw = S(pw(20), "structure", "data.POSTGRES_PASSWORD of a Secret (base64)")
    stripe = S("rk_live_" + f.alnum(99), "structure", "data.stripe-restricted of a Secret (base64)")
    tls = S(f.pem()[1], "structure", "a line of the private key in data.tls.key (base64 of a PEM)")
    uid = O(f.uuid(), "identifiers", "metadata.uid")
    rv = O(f.digits(9), "identifiers", "metadata.resourceVersion")
    user = O("shop_app", "structure", "data.POSTGRES_USER (base64)")
    cm_url = O("postgres://db.shop.svc.cluster.local:5432/shop", "structure", "ConfigMap DATABASE_URL, no password")
    log = O("info", "structure", "ConfigMap LOG_LEVEL")
    key_text = "-----BEGIN PRIVATE KEY-----\n" + tls + "\n" + "\n".join(f.b64std(48) for _ in range(6)) + \
        "\n-----END PRIVATE KEY-----\n"
    secret = {"apiVersion": "v1", "kind": "Secret", "type": "Opaque",
              "metadata": {"name": "shop-db", "namespace": "shop", "uid": uid, "resourceVersion": rv,
                           "creationTimestamp": "2026-10-01T08:00:00Z"},
              "data": {"POSTGRES_USER": b64(user), "POSTGRES_PASSWORD": b64(dbpw), "stripe-restricted": b64(stripe),
                       "tls.key": b64(key_text)}}
    cm = {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "shop-config", "namespace": "shop",
          "uid": f.uuid(), "resourceVersion": f.digits(9)}, "data": {"DATABASE_URL": cm_url, "LOG_LEVEL": log}}
    auth = [("Authorization", "Bearer " + sa), ("Accept", "application/json")]
    write([
        ix("GET", "https://10.100.0.1/api/v1/namespaces/shop/secrets/shop-db", auth,
           rheaders=[JSON, ("Audit-Id", f.uuid()), ("X-Kubernetes-Pf-Flowschema-Uid", f.uuid())], rbody=secret),
        ix("GET", "https://10.100.0.1/api/v1/namespaces/shop/configmaps/shop-config", auth,
           rheaders=[JSON, ("Audit-Id", f.uuid())], rbody=cm),
    ])


def spring_actuator_env():
    case("structure", "spring-actuator-env-values", "config dumps")
    dbpw = S(pw(18), "structure", "propertySources[].properties['spring.datasource.password'].value")
    mail = S(pw(16), "structure", "properties['spring.mail.password'].value")
    signing = S(f.b64std(48), "structure", "properties['app.security.jwt.signing-key'].value")
    url = O("jdbc:postgresql://pg-primary.prod.internal:5432/orders", "structure", "spring.datasource.url value")
    origin = O('class path resource [application-prod.yml] - 12:17', "structure", "origin of a property")
    user = O("orders_svc", "structure", "spring.datasource.username value")
    masked = O("******", "structure", "a value Spring already masked (sanitized)")
    profile = O("prod", "structure", "activeProfiles[0]")
    body = {"activeProfiles": [profile], "propertySources": [
        {"name": "server.ports", "properties": {"local.server.port": {"value": 8080}}},
        {"name": "systemEnvironment", "properties": {
            "JAVA_HOME": {"value": "/opt/java/openjdk", "origin": "System Environment Property \"JAVA_HOME\""},
            "SPRING_PROFILES_ACTIVE": {"value": "prod", "origin": "System Environment Property"},
            "VAULT_TOKEN": {"value": masked, "origin": "System Environment Property \"VAULT_TOKEN\""}}},
        {"name": "Config resource 'class path resource [application-prod.yml]' via location 'optional:classpath:/'",
         "properties": {
             "spring.datasource.url": {"value": url, "origin": origin},
             "spring.datasource.username": {"value": user, "origin": "class path resource [application-prod.yml] - 13:17"},
             "spring.datasource.password": {"value": dbpw, "origin": "class path resource [application-prod.yml] - 14:17"},
             "spring.mail.host": {"value": "smtp.eu.mailgun.org", "origin": "class path resource [application-prod.yml] - 20:11"},
             "spring.mail.password": {"value": mail, "origin": "class path resource [application-prod.yml] - 22:15"},
             "app.security.jwt.signing-key": {"value": signing, "origin": "class path resource [application-prod.yml] - 30:20"},
             "app.security.jwt.ttl": {"value": "PT15M", "origin": "class path resource [application-prod.yml] - 31:13"}}}]}
    write([ix("GET", "http://orders.prod.internal:8081/actuator/env",
              [("Accept", "application/vnd.spring-boot.actuator.v3+json")],
              rheaders=[("Content-Type", "application/vnd.spring-boot.actuator.v3+json")], rbody=body)])


def phpinfo_table():
    case("structure", "phpinfo-environment-table", "HTML apps")
    dbpw = S(pw(20), "structure", "<td class=\"e\">DB_PASSWORD</td><td class=\"v\">…</td>")
    appkey = S("base64:" + f.b64std(32), "structure", "APP_KEY row (Laravel)")
    mailpw = S(f.alnum(24), "structure", "MAIL_PASSWORD row in $_SERVER table")
    awssec = S(f.aws_secret(), "structure", "AWS_SECRET_ACCESS_KEY row")
    awsid = S(f.aws_key_id("AKIA"), "structure", "AWS_ACCESS_KEY_ID row (half of a key pair; labelled secret, see report)")
    version = O("8.3.14", "structure", "PHP Version")
    root = O("/var/www/html/public", "structure", "DOCUMENT_ROOT")
    dbhost = O("mysql-" + f.pick(LOWER, 5) + ".eu-west-1.rds.amazonaws.com", "structure", "DB_HOST row")
    rows = [("APP_ENV", "production"), ("APP_KEY", appkey), ("DB_HOST", dbhost), ("DB_DATABASE", "forge"),
            ("DB_USERNAME", "forge"), ("DB_PASSWORD", dbpw), ("MAIL_MAILER", "smtp"), ("MAIL_PASSWORD", mailpw),
            ("AWS_ACCESS_KEY_ID", awsid), ("AWS_SECRET_ACCESS_KEY", awssec), ("DOCUMENT_ROOT", root)]

    def table(prefix):
        return "\n".join(f'<tr><td class="e">{prefix}{k} </td><td class="v">{html.escape(v)} </td></tr>' for k, v in rows)

    page = ("<!DOCTYPE html>\n<html><head><title>PHP " + version + " - phpinfo()</title></head><body><div class=\"center\">\n"
            f"<table>\n<tr class=\"h\"><td><h1 class=\"p\">PHP Version {version}</h1></td></tr>\n</table>\n"
            "<h2>Environment</h2>\n<table>\n<tr class=\"h\"><th>Variable</th><th>Value</th></tr>\n" + table("") +
            "\n</table>\n<h2>PHP Variables</h2>\n<table>\n<tr class=\"h\"><th>Variable</th><th>Value</th></tr>\n" +
            table("$_SERVER['").replace(" </td><td", "'] </td><td") + "\n</table>\n</div></body></html>\n")
    write([ix("GET", "https://staging.shop.example.com/info.php", [UA], rheaders=[HTML, ("X-Powered-By", "PHP/" + version)],
              rbody=page)])


def azure_app_settings():
    case("structure", "azure-webapp-appsettings", "cloud SDKs")
    arm = S(jwt({"aud": "https://management.azure.com/", "iss": "https://sts.windows.net/" + f.uuid() + "/",
                 "iat": 1795950000, "exp": 1795953600, "appid": f.uuid(), "oid": f.uuid(), "tid": f.uuid()},
                kid=f.b64url(27)), "plain", "ARM bearer token")
    sqlpw = S(pw(20), "structure", "Password= inside the SqlAzure connection string value")
    acct = S(f.b64std(64), "structure", "AccountKey= inside AzureWebJobsStorage")
    insights = O(f.uuid(), "public", "APPINSIGHTS_INSTRUMENTATIONKEY, an ingestion id (public by design)")
    node = O("~20", "structure", "WEBSITE_NODE_DEFAULT_VERSION")
    sub = O(f.uuid(), "identifiers", "subscription id in the URL")
    server = O("sql-" + f.pick(LOWER, 7) + ".database.windows.net", "structure", "SQL server host")
    storage = O("st" + f.pick(LOWER + DIGITS, 12), "identifiers", "storage AccountName")
    base = f"https://management.azure.com/subscriptions/{sub}/resourceGroups/rg-shop/providers/Microsoft.Web/sites/shop-api/config"
    h = [("Authorization", "Bearer " + arm), ("x-ms-client-request-id", f.uuid()), JSON]
    write([
        ix("POST", base + "/appsettings/list?api-version=2023-12-01", h, rheaders=[JSONU, ("x-ms-request-id", f.uuid())],
           rbody={"id": base + "/appsettings", "name": "appsettings", "type": "Microsoft.Web/sites/config",
                  "location": "West Europe", "properties": {
                      "APPINSIGHTS_INSTRUMENTATIONKEY": insights, "WEBSITE_NODE_DEFAULT_VERSION": node,
                      "AzureWebJobsStorage": f"DefaultEndpointsProtocol=https;AccountName={storage};AccountKey={acct};EndpointSuffix=core.windows.net"}}),
        ix("POST", base + "/connectionstrings/list?api-version=2023-12-01", h, rheaders=[JSONU],
           rbody={"id": base + "/connectionstrings", "name": "connectionstrings", "properties": {
               "Shop": {"value": f"Server=tcp:{server},1433;Initial Catalog=shop;User ID=shopadmin;Password={sqlpw};Encrypt=True;",
                        "type": "SQLAzure"}}}),
    ])


# ---------------------------------------------------------------------------------------------
# Names: compound, prefixed, shell, headers, CSRF
# ---------------------------------------------------------------------------------------------

def shell_build_log():
    case("names", "ci-shell-exports-log", "CI systems")
    tok = S(f.hex(40), "plain", "CircleCI Circle-Token header")
    pg = S(pw(18), "names", "export PGPASSWORD='…' in a step's echoed command")
    dpw = S(f.alnum(36), "names", "docker login -p … (set -x trace)")
    npmt = S("npm_" + f.alnum(36), "names", "//registry.npmjs.org/:_authToken= line cat'ed from .npmrc")
    slack = S(f.alnum(24), "names", "export SLACK_HOOK_KEY=… (prefixed compound name)")
    sha = O(f.hex(40), "identifiers", "CIRCLE_SHA1, a commit hash")
    build = O(f.digits(5), "identifiers", "CIRCLE_BUILD_NUM")
    node = O("v22.11.0", "plain", "node --version output")
    pipeline = O(f.uuid(), "identifiers", "pipeline id")
    log = (f"#!/bin/bash -eo pipefail\nexport CIRCLE_SHA1={sha}\nexport CIRCLE_BUILD_NUM={build}\n"
           f"export PGPASSWORD='{pg}'\nexport SLACK_HOOK_KEY={slack}\nnode --version\n{node}\n"
           f"+ docker login -u ci-acme -p {dpw} registry.acme.example\nWARNING! Using --password via the CLI is insecure. Use --password-stdin.\n"
           f"Login Succeeded\n+ cat .npmrc\n//registry.npmjs.org/:_authToken={npmt}\nalways-auth=true\n")
    steps = [{"name": "Spin up environment", "actions": [{"index": 0, "step": 0, "status": "success"}]},
             {"name": "deploy", "actions": [{"index": 0, "step": 101, "status": "success",
                                             "output_url": "https://circle-production-action-output.s3.amazonaws.com/" + f.hex(24) + "?X-Amz-Expires=900"}]}]
    write([
        ix("GET", f"https://circleci.com/api/v2/pipeline/{pipeline}/workflow", [("Circle-Token", tok)],
           rbody={"items": [{"pipeline_id": pipeline, "id": f.uuid(), "name": "deploy", "status": "success",
                             "pipeline_number": int(build)}], "next_page_token": None}),
        ix("GET", f"https://circleci.com/api/v1.1/project/gh/acme/shop/{build}", [("Circle-Token", tok)],
           rbody={"build_num": int(build), "vcs_revision": sha, "steps": steps}),
        ix("GET", "https://circleci.com/api/private/output/raw/gh/acme/shop/" + build + "/output/101/0",
           [("Circle-Token", tok)], rheaders=[TEXT], rbody=log),
    ])


def jenkins_crumb():
    case("names", "jenkins-crumb-and-api-token", "CI systems")
    user = O("release-bot", "names", "Jenkins user name (Basic user)")
    token = S("11" + f.hex(32), "plain", "Jenkins API token (Basic password)")
    crumb = S(f.hex(64), "names", "crumb of /crumbIssuer, and its Jenkins-Crumb header")
    field = O("Jenkins-Crumb", "names", "crumbRequestField, a header name")
    session = S("node0" + f.pick(LOWER + DIGITS, 26) + f.digits(3) + ".node0", "names", "JSESSIONID cookie")
    job = O("shop-release", "identifiers", "job name")
    queue = O("https://ci.acme.example/queue/item/" + f.digits(5) + "/", "identifiers", "Location of the queued build")
    cookie = "JSESSIONID." + f.hex(8) + "=" + session
    auth = ("Authorization", basic(user, token))
    write([
        ix("GET", "https://ci.acme.example/crumbIssuer/api/json", [auth],
           rheaders=[JSONU, ("Set-Cookie", cookie + "; Path=/; HttpOnly"), ("X-Jenkins", "2.479.2")],
           rbody={"_class": "hudson.security.csrf.DefaultCrumbIssuer", "crumb": crumb, "crumbRequestField": field}),
        ix("GET", "https://ci.acme.example/me/api/json?tree=id,fullName", [auth],
           rheaders=[JSONU, ("X-Jenkins", "2.479.2")], rbody={"_class": "hudson.model.User", "id": user, "fullName": "Release Bot"}),
        ix("POST", f"https://ci.acme.example/job/{job}/buildWithParameters?TAG=v4.2.0",
           [auth, (field, crumb), ("Cookie", cookie)], status=201,
           rheaders=[("Location", queue), ("X-Jenkins", "2.479.2")], rbody=""),
    ])


def auth0_clients():
    case("names", "auth0-management-clients", "auth0/okta/cognito")
    mgmt = S(jwt({"iss": "https://acme-prod.eu.auth0.com/", "sub": f.alnum(32) + "@clients",
                  "aud": "https://acme-prod.eu.auth0.com/api/v2/", "iat": 1795950000, "exp": 1796036400,
                  "scope": "read:clients read:client_keys", "gty": "client-credentials"}, kid=f.b64url(22)),
             "plain", "Management API token")
    cid = O(f.alnum(32), "public", "client_id (public)")
    sec = S(f.b64url(64), "names", "client_secret")
    legacy = S(f.b64url(43), "names", "addons.zendesk.signing_secret")
    meth = O("client_secret_post", "names", "token_endpoint_auth_method, names a secret but is a keyword")
    cert = O(f.b64std(600), "public", "signing_keys[0].cert body (a public X.509 certificate)")
    thumb = O(f.hex(40).upper(), "public", "signing_keys[0].thumbprint")
    tenant = O("acme-prod", "identifiers", "tenant name")
    body = [{"tenant": tenant, "global": False, "is_token_endpoint_ip_header_trusted": False, "name": "Shop SPA",
             "client_id": cid, "client_secret": sec, "app_type": "regular_web", "is_first_party": True,
             "oidc_conformant": True, "callbacks": ["https://shop.example.com/callback"],
             "jwt_configuration": {"alg": "RS256", "lifetime_in_seconds": 36000, "secret_encoded": False},
             "token_endpoint_auth_method": meth, "grant_types": ["authorization_code", "refresh_token"],
             "addons": {"zendesk": {"signing_secret": legacy}},
             "signing_keys": [{"cert": "-----BEGIN CERTIFICATE-----\r\n" + cert + "\r\n-----END CERTIFICATE-----\r\n",
                               "pkcs7": None, "subject": "deprecated", "thumbprint": thumb}]}]
    write([ix("GET", "https://acme-prod.eu.auth0.com/api/v2/clients?fields=client_id,client_secret,name,addons",
              [("Authorization", "Bearer " + mgmt)], rheaders=[JSONU, ("x-ratelimit-limit", "50"),
                                                                  ("auth0-request-id", f.hex(20))], rbody=body)])


def vendor_headers():
    case("names", "observability-vendor-headers", "observability")
    hc = S(f.alnum(22), "names", "X-Honeycomb-Team header (ingest key)")
    ddk = S(f.hex(32), "names", "DD-API-KEY header")
    dda = S(f.hex(40), "names", "DD-APPLICATION-KEY header")
    cfk = S(f.hex(37), "names", "X-Auth-Key (Cloudflare global API key)")
    cfe = S(person_email(), "names", "X-Auth-Email (a person's address)")
    ds = O("checkout-api", "names", "X-Honeycomb-Dataset header")
    zone = O(f.hex(32), "identifiers", "Cloudflare zone id (32 hex, like a key)")
    ddreq = O(f.uuid(), "identifiers", "x-request-id of the response")
    write([
        ix("POST", f"https://api.honeycomb.io/1/batch/{ds}", [("X-Honeycomb-Team", hc), ("X-Honeycomb-Dataset", ds), JSON],
           [{"time": "2026-11-30T10:00:00Z", "data": {"service.name": ds, "duration_ms": 41.2, "http.status_code": 200}}],
           rbody=[{"status": 202}]),
        ix("GET", "https://api.datadoghq.eu/api/v1/validate", [("DD-API-KEY", ddk), ("DD-APPLICATION-KEY", dda)],
           rheaders=[JSON, ("x-request-id", ddreq)], rbody={"valid": True}),
        ix("GET", f"https://api.cloudflare.com/client/v4/zones/{zone}/dns_records?type=A", [("X-Auth-Email", cfe), ("X-Auth-Key", cfk)],
           rbody={"success": True, "errors": [], "messages": [], "result": [
               {"id": f.hex(32), "zone_id": zone, "name": "shop.example.com", "type": "A", "content": "203.0.113.10",
                "proxied": True, "ttl": 1}], "result_info": {"page": 1, "per_page": 100, "count": 1, "total_count": 1}}),
    ])


def rails_django_csrf():
    case("names", "csrf-forms-rails-django", "HTML apps")
    rails_csrf = S(f.b64url(86), "names", "meta csrf-token and hidden authenticity_token (Rails)")
    rails_sess = S(b64(f.bytes(180)).rstrip("=") + "--" + f.b64std(12)[:16] + "--" + b64(f.bytes(16)), "names", "_shop_session cookie (Rails encrypted)")
    email = S(person_email(), "plain", "user[email] in the login form (a person)")
    passwd = S(pw(16), "names", "user[password] in the login form")
    dj_cookie = S(f.alnum(32), "names", "csrftoken cookie (Django)")
    dj_mw = S(f.alnum(64), "names", "csrfmiddlewaretoken hidden field and X-CSRFToken header")
    dj_sess = S(f.pick(LOWER + DIGITS, 32), "names", "sessionid cookie (Django)")
    param = O("authenticity_token", "names", "meta csrf-param content, a field name")
    remember = O("user[remember_me]", "names", "a form field name")
    label = O("Forgot your password?", "i18n", "link text about passwords")
    page = (f'<!DOCTYPE html><html><head><meta name="csrf-param" content="{param}" />\n'
            f'<meta name="csrf-token" content="{rails_csrf}" /></head><body>\n'
            f'<form class="new_user" action="/users/sign_in" accept-charset="UTF-8" method="post">'
            f'<input type="hidden" name="authenticity_token" value="{rails_csrf}" autocomplete="off" />\n'
            f'<input autocomplete="email" type="email" name="user[email]" id="user_email" />\n'
            f'<input autocomplete="current-password" type="password" name="user[password]" id="user_password" />\n'
            f'<input name="{remember}" type="hidden" value="0" /><a href="/users/password/new">{label}</a></form></body></html>\n')
    login = form([("authenticity_token", rails_csrf), ("user[email]", email), ("user[password]", passwd),
                  ("user[remember_me]", "0"), ("commit", "Log in")])
    dj_page = (f'<form method="post" action="/accounts/login/"><input type="hidden" name="csrfmiddlewaretoken" value="{dj_mw}">'
               '<label for="id_password">Password:</label><input type="password" name="password" id="id_password"></form>')
    write([
        ix("GET", "https://shop.example.com/users/sign_in", [UA], rheaders=[HTML, ("Set-Cookie", "_shop_session=" + rails_sess + "; path=/; secure; HttpOnly; SameSite=Lax")], rbody=page),
        ix("POST", "https://shop.example.com/users/sign_in", [UA, FORM, ("Cookie", "_shop_session=" + rails_sess)], login,
           status=302, rheaders=[("Location", "https://shop.example.com/account")], rbody=""),
        ix("GET", "https://admin.shop.example.com/accounts/login/", [UA],
           rheaders=[HTML, ("Set-Cookie", f"csrftoken={dj_cookie}; expires=Mon, 29 Nov 2027 10:00:00 GMT; Max-Age=31449600; Path=/; SameSite=Lax")], rbody=dj_page),
        ix("POST", "https://admin.shop.example.com/accounts/login/", [UA, FORM, ("Cookie", f"csrftoken={dj_cookie}"), ("X-CSRFToken", dj_mw)],
           form([("csrfmiddlewaretoken", dj_mw), ("username", "ops"), ("password", passwd)]), status=302,
           rheaders=[("Location", "/admin/"), ("Set-Cookie", f"sessionid={dj_sess}; HttpOnly; Path=/; SameSite=Lax; Secure")], rbody=""),
    ])


def compose_config():
    case("names", "docker-compose-config-env", "config dumps")
    root = S(pw(20), "names", "MYSQL_ROOT_PASSWORD in environment")
    redis = S(f.alnum(32), "names", "REDIS_PASS (abbreviated name)")
    minio = S(f.alnum(40), "names", "MINIO_ROOT_PASSWORD")
    keycloak = S(pw(18), "names", "KC_BOOTSTRAP_ADMIN_PASSWORD")
    digest = O("sha256:" + f.hex(64), "identifiers", "image digest")
    user = O("minioadmin-" + f.pick(LOWER, 4), "names", "MINIO_ROOT_USER")
    pwfile = O("/run/secrets/db_password", "names", "MYSQL_PASSWORD_FILE, a path")
    stack = O("shop-" + f.pick(LOWER, 4), "identifiers", "stack name")
    yaml = (f"name: {stack}\nservices:\n  db:\n    environment:\n      MYSQL_ROOT_PASSWORD: {root}\n"
            f"      MYSQL_PASSWORD_FILE: {pwfile}\n    image: mysql:8.4@{digest}\n  cache:\n    command:\n      - redis-server\n"
            f"      - --requirepass\n      - {redis}\n    environment:\n      REDIS_PASS: {redis}\n    image: redis:7.4-alpine\n"
            f"  storage:\n    environment:\n      MINIO_ROOT_USER: {user}\n      MINIO_ROOT_PASSWORD: {minio}\n    image: minio/minio:latest\n"
            f"  sso:\n    environment:\n      KC_BOOTSTRAP_ADMIN_USERNAME: admin\n      KC_BOOTSTRAP_ADMIN_PASSWORD: \"{keycloak}\"\n"
            "    image: quay.io/keycloak/keycloak:26.0\nsecrets:\n  db_password:\n    file: ./secrets/db_password.txt\n")
    jwt_p = S(jwt({"id": 1, "username": "admin", "role": 1, "scope": "default", "forceChangePassword": False,
                   "exp": 1795979000, "jti": f.uuid(), "iat": 1795950000}, alg="HS256", sig_bytes=32), "plain", "Portainer JWT")
    write([ix("GET", f"https://portainer.acme.example/api/stacks/12/file", [("Authorization", "Bearer " + jwt_p)],
              rbody={"StackFileContent": yaml})])


# ---------------------------------------------------------------------------------------------
# Echoes of part of a credential
# ---------------------------------------------------------------------------------------------

def azure_sharedkey_echo():
    case("echo", "azure-storage-sharedkey-403", "cloud SDKs")
    account = O("st" + f.pick(LOWER + DIGITS, 11), "identifiers", "storage account name (SharedKey account:…)")
    sig = S(f.b64std(32), "echo", "SharedKey signature, and its echo alone in AuthenticationErrorDetail")
    reqid = O(f.uuid(), "identifiers", "x-ms-request-id")
    xdate = date(1)
    sts = f"GET\\n\\n\\n\\n\\n\\n\\n\\n\\n\\n\\n\\nx-ms-date:{xdate}\\nx-ms-version:2025-01-05\\n/{account}/backups\\ncomp:list\\nrestype:container"
    err = ('\ufeff<?xml version="1.0" encoding="utf-8"?><Error><Code>AuthenticationFailed</Code><Message>Server failed to authenticate the request. '
           "Make sure the value of Authorization header is formed correctly including the signature.\n"
           f"RequestId:{reqid}\nTime:2026-11-30T11:30:54.1234567Z</Message><AuthenticationErrorDetail>The MAC signature found in the HTTP request '{sig}' "
           f"is not the same as any computed signature. Server used following string to sign: '{sts}'.</AuthenticationErrorDetail></Error>")
    write([ix("GET", f"https://{account}.blob.core.windows.net/backups?restype=container&comp=list",
              [("x-ms-date", xdate), ("x-ms-version", "2025-01-05"), ("Authorization", f"SharedKey {account}:{sig}")],
              status=403, rheaders=[XML, ("x-ms-request-id", reqid), ("x-ms-error-code", "AuthenticationFailed")], rbody=err)])


def aws_sigv4_mismatch():
    case("echo", "aws-s3-signature-does-not-match", "cloud SDKs")
    akid = S(f.aws_key_id("ASIA"), "echo", "temporary access key id in Credential= and echoed in AWSAccessKeyId (labelled secret, see report)")
    sig = S(f.sigv4(), "echo", "SigV4 signature, echoed in SignatureProvided")
    tok = S(f.aws_session_token(), "plain", "X-Amz-Security-Token")
    reqid = O(f.pick(UPPER + DIGITS, 16), "identifiers", "x-amz-request-id / RequestId")
    hostid = O(b64(f.bytes(57)), "identifiers", "x-amz-id-2 / HostId (base64, like a key)")
    payload = O("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", "public", "x-amz-content-sha256 of an empty body")
    amzdate = "20261130T113054Z"
    scope = "20261130/eu-west-1/s3/aws4_request"
    sts = f"AWS4-HMAC-SHA256\n{amzdate}\n{scope}\n{f.hex(64)}"
    err = (f'<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>SignatureDoesNotMatch</Code><Message>The request signature we calculated does not match the signature you provided. Check your key and signing method.</Message>'
           f"<AWSAccessKeyId>{akid}</AWSAccessKeyId><StringToSign>{sts}</StringToSign><SignatureProvided>{sig}</SignatureProvided>"
           f"<StringToSignBytes>{' '.join(format(b, '02x') for b in sts.encode()[:48])}</StringToSignBytes>"
           f"<CanonicalRequest>GET\n/reports/2026-11.csv\n\nhost:acme-reports.s3.eu-west-1.amazonaws.com\nx-amz-content-sha256:{payload}\nx-amz-date:{amzdate}\n\nhost;x-amz-content-sha256;x-amz-date\n{payload}</CanonicalRequest>"
           f"<RequestId>{reqid}</RequestId><HostId>{hostid}</HostId></Error>")
    write([ix("GET", "https://acme-reports.s3.eu-west-1.amazonaws.com/reports/2026-11.csv",
              [("X-Amz-Date", amzdate), ("X-Amz-Content-Sha256", payload), ("X-Amz-Security-Token", tok),
               ("Authorization", f"AWS4-HMAC-SHA256 Credential={akid}/{scope}, SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature={sig}")],
              status=403, rheaders=[("Content-Type", "application/xml"), ("x-amz-request-id", reqid), ("x-amz-id-2", hostid)], rbody=err)])


def grafana_legacy_key():
    case("echo", "grafana-legacy-key-part", "observability")
    k = S(f.alnum(32), "echo", "the k part of a legacy Grafana API key, echoed alone in the server log line")
    name = O("ci-dashboards", "echo", "the n part (key name)")
    key = S(b64(dumps({"k": k, "n": name, "id": 1})), "echo", "legacy Grafana API key (base64 JSON)")
    trace = O(f.hex(32), "identifiers", "traceID")
    logline = (f'logger=context userId=0 orgId=0 uname= t=2026-11-30T11:31:02Z level=info msg="Request Completed" method=GET '
               f'path=/api/dashboards/uid/{f.alnum(9)} status=401 remote_addr=10.2.0.7 time_ms=3 duration=3.1ms size=51 '
               f'referer= handler=/api/dashboards/uid/:uid status_source=server error="invalid API key: api key k={k} not found"')
    write([
        ix("GET", "https://grafana.acme.example/api/dashboards/uid/ops-overview", [("Authorization", "Bearer " + key)],
           status=401, rheaders=[JSON], rbody={"message": "invalid API key", "traceID": trace}),
        ix("GET", "https://grafana.acme.example/api/auth/keys?includeExpired=true",
           [("Authorization", "Bearer " + S("glsa_" + f.alnum(32) + "_" + f.hex(8), "plain", "service account token of the admin listing keys"))],
           rbody=[{"id": 1, "name": name, "role": "Editor", "expiration": None, "lastUsedAt": "2026-11-29T22:10:04Z"}]),
        ix("GET", "https://loki.acme.example/loki/api/v1/query_range?query=%7Bapp%3D%22grafana%22%7D%20%7C%3D%20%22invalid%20API%20key%22",
           [("X-Scope-OrgID", "ops")], rbody={"status": "success", "data": {"resultType": "streams", "result": [
               {"stream": {"app": "grafana", "namespace": "monitoring"}, "values": [["1795951862000000000", logline]]}]}}),
    ])


def stripe_masked_echo():
    case("echo", "stripe-invalid-key-masked", "payments")
    bad = S("sk_test_" + f.alnum(99), "plain", "a revoked secret key sent in Authorization")
    masked = O("sk_test_" + "*" * 95 + bad[-4:], "echo", "Stripe's own masked echo of the key (last four only)")
    reqid = O("req_" + f.alnum(14), "identifiers", "Request-Id")
    doc = O("https://stripe.com/docs/keys", "plain", "doc_url")
    write([ix("GET", "https://api.stripe.com/v1/customers?limit=3", [("Authorization", "Bearer " + bad), ("Stripe-Version", "2024-06-20")],
              status=401, rheaders=[JSON, ("Request-Id", reqid), ("www-authenticate", 'Basic realm="Stripe"')],
              rbody={"error": {"message": f"Invalid API Key provided: {masked}", "type": "invalid_request_error", "code": "api_key_expired", "doc_url": doc}})])


def elastic_api_key():
    case("echo", "elasticsearch-api-key-create", "databases")
    user = O("elastic", "identifiers", "built-in user name")
    upw = S(pw(20), "plain", "elastic user password (Basic)")
    kid = O(f.b64url(20), "public", "API key id (public half, echoed in errors)")
    secret = S(f.b64url(22), "echo", "api_key, and inside encoded and the ApiKey header")
    encoded = S(b64(f"{kid}:{secret}"), "echo", "encoded (base64 of id:api_key)")
    name = O("ingest-" + f.pick(LOWER, 5), "identifiers", "API key name")
    write([
        ix("POST", "https://es.acme.example:9200/_security/api_key", [("Authorization", basic(user, upw)), JSON],
           {"name": name, "expiration": "30d", "role_descriptors": {}},
           rheaders=[JSON, ("X-elastic-product", "Elasticsearch")],
           rbody={"id": kid, "name": name, "expiration": 1798542000000, "api_key": secret, "encoded": encoded}),
        ix("GET", "https://es.acme.example:9200/_security/_authenticate", [("Authorization", "ApiKey " + encoded)],
           rbody={"username": user, "roles": [], "full_name": None, "email": None, "metadata": {}, "enabled": True,
                  "authentication_realm": {"name": "_es_api_key", "type": "_es_api_key"},
                  "lookup_realm": {"name": "_es_api_key", "type": "_es_api_key"},
                  "authentication_type": "api_key", "api_key": {"id": kid, "name": name}}),
        ix("GET", "https://es.acme.example:9200/_cluster/health", [("Authorization", "ApiKey " + encoded)],
           status=401, rbody={"error": {"root_cause": [{"type": "security_exception",
                              "reason": "unable to authenticate with provided credentials and anonymous access is not allowed for this request",
                              "additional_unsuccessful_credentials": f"API key: api key [{kid}] has been invalidated"}],
                              "type": "security_exception", "reason": "unable to authenticate"}, "status": 401}),
    ])


# ---------------------------------------------------------------------------------------------
# Nested and framed encodings
# ---------------------------------------------------------------------------------------------

def grpc_web_text_login():
    case("encoding", "grpc-web-text-login", "gRPC-web")
    user = O("ops@acme-widgets.example", "identifiers", "login name inside the protobuf (a role address of the org)")
    passwd = S(pw(18), "encoding", "password, field 2 of LoginRequest in a grpc-web-text frame")
    access = S(f.b64url(64), "encoding", "access_token, field 1 of LoginResponse")
    refresh = S(f.b64url(48), "encoding", "refresh_token, field 2 of LoginResponse")
    uid = O("usr_" + f.alnum(20), "identifiers", "user_id, field 4 of LoginResponse")
    path = O("/acme.auth.v1.AuthService/Login", "identifiers", "the gRPC method path")
    req = grpc_frame(pb_str(1, user) + pb_str(2, passwd) + pb_int(3, 1))
    resp = grpc_frame(pb_str(1, access) + pb_str(2, refresh) + pb_int(3, 3600) + pb_str(4, uid))
    trailer = grpc_frame(b"grpc-status:0\r\ngrpc-message:\r\n", trailer=True)
    write([ix("POST", "https://api.acme.example" + path,
              [("Content-Type", "application/grpc-web-text"), ("Accept", "application/grpc-web-text"), ("X-Grpc-Web", "1"),
               ("X-User-Agent", "grpc-web-javascript/0.1")], b64(req), rheaders=[("Content-Type", "application/grpc-web-text+proto"),
                                                                                  ("Access-Control-Expose-Headers", "grpc-status,grpc-message")],
              rbody=b64(resp) + b64(trailer))])


def zip_artifact():
    case("encoding", "zip-actions-artifact-env", "CI systems")
    gh = S("ghs_" + f.alnum(36), "plain", "GitHub Actions installation token in Authorization")
    stripe = S("sk_live_" + f.alnum(99), "encoding", "STRIPE_SECRET_KEY inside .env inside a ZIP artifact")
    dsn = S(pw(20), "encoding", "password in DATABASE_URL inside .env inside the ZIP")
    sentry = O("https://" + f.hex(32) + "@o" + f.digits(6) + ".ingest.sentry.io/" + f.digits(7), "public",
               "SENTRY_DSN in the same .env (public key DSN)")
    summary = O("Tests: 412 passed, 0 failed", "encoding", "line of report.txt inside the ZIP")
    art = O(f.digits(10), "identifiers", "artifact id")
    digest = O("sha256:" + f.hex(64), "identifiers", "artifact digest")
    env = (f"NODE_ENV=production\nSTRIPE_SECRET_KEY={stripe}\nDATABASE_URL=postgres://shop:{dsn}@db.internal:5432/shop\n"
           f"SENTRY_DSN={sentry}\n")
    data = zip_of([("build/.env", env), ("build/report.txt", summary + "\nDuration: 3m 12s\n")])
    loc = "https://productionresultssa3.blob.core.windows.net/actions-results/" + f.uuid() + "/workflow-job-run-" + f.uuid() + \
        "/artifacts/" + f.hex(64) + ".zip?rscd=attachment%3B+filename%3D%22build.zip%22&se=2026-11-30T11%3A45%3A00Z&sig=" + \
        q(S(f.b64std(32), "plain", "sig= of the artifact's SAS redirect")) + "&ske=2026-11-30T17%3A00%3A00Z&skoid=" + f.uuid() + "&sktid=" + f.uuid() + "&sp=r&spr=https&sr=b&st=2026-11-30T11%3A35%3A00Z&sv=2025-01-05"
    write([
        ix("GET", "https://api.github.com/repos/acme/shop/actions/artifacts?name=build", [("Authorization", "Bearer " + gh), ("X-GitHub-Api-Version", "2022-11-28")],
           rbody={"total_count": 1, "artifacts": [{"id": int(art), "name": "build", "size_in_bytes": len(data), "digest": digest,
                                                    "archive_download_url": f"https://api.github.com/repos/acme/shop/actions/artifacts/{art}/zip",
                                                    "expired": False}]}),
        ix("GET", f"https://api.github.com/repos/acme/shop/actions/artifacts/{art}/zip", [("Authorization", "Bearer " + gh)],
           status=302, rheaders=[("Location", loc)], rbody=""),
        ix("GET", loc, [], rheaders=[("Content-Type", "application/zip"), ("Content-MD5", b64(hashlib.md5(data).digest()))], rbody=data),
    ])


def oci_layer_tar():
    case("encoding", "oci-layer-tar-docker-config", "registries")
    user = "acme-bot"  # only inside the credential's own base64 (auths.ghcr.io.auth): not labelled
    ghcr = S("ghp_" + f.alnum(36), "encoding", "token inside auths.ghcr.io.auth (base64 user:token) in a tar.gz layer")
    npmrc = S("npm_" + f.alnum(36), "encoding", "_authToken in root/.npmrc inside the same layer")
    bearer = S(f.b64url(120), "plain", "registry bearer token")
    diff = O("sha256:" + f.hex(64), "identifiers", "layer digest")
    config = dumps({"auths": {"ghcr.io": {"auth": b64(f"{user}:{ghcr}")}}, "credsStore": ""})
    layer = gz(tar_of([("root/.docker/config.json", config), ("root/.npmrc", f"//registry.npmjs.org/:_authToken={npmrc}\n"),
                       ("app/package.json", dumps({"name": "shop", "version": "4.2.0"}))]))
    write([
        ix("GET", f"https://ghcr.io/v2/acme/shop/blobs/{diff}", [("Authorization", "Bearer " + bearer)], status=307,
           rheaders=[("Location", "https://pkg-containers.githubusercontent.com/ghcr1/blobs/" + diff)], rbody=""),
        ix("GET", "https://pkg-containers.githubusercontent.com/ghcr1/blobs/" + diff, [],
           rheaders=[("Content-Type", "application/vnd.oci.image.layer.v1.tar+gzip"), ("Docker-Content-Digest", diff)], rbody=layer),
    ])


def easyauth_headers():
    case("encoding", "base64-json-identity-headers", "cloud SDKs")
    email = S(person_email(), "encoding", "user's address in X-MS-CLIENT-PRINCIPAL (base64 JSON) and X-MS-CLIENT-PRINCIPAL-NAME")
    aad = S(jwt({"aud": "00000003-0000-0000-c000-000000000000", "iss": "https://sts.windows.net/" + f.uuid() + "/",
                 "upn": email, "scp": "User.Read", "iat": 1795950000, "exp": 1795953600}, kid=f.b64url(27)),
            "names", "X-MS-TOKEN-AAD-ACCESS-TOKEN header")
    idp = O("aad", "encoding", "auth_typ inside the principal")
    oid = O(f.uuid(), "identifiers", "X-MS-CLIENT-PRINCIPAL-ID (object id)")
    principal = b64(dumps({"auth_typ": idp, "claims": [{"typ": "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress", "val": email},
                                                          {"typ": "http://schemas.microsoft.com/identity/claims/objectidentifier", "val": oid},
                                                          {"typ": "name", "val": "Shop Operator"}],
                           "name_typ": "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name", "role_typ": "http://schemas.microsoft.com/ws/2008/06/identity/claims/role"}))
    alb = S(jwt({"sub": f.uuid(), "email": email, "email_verified": "true", "exp": 1795950120, "iss": "https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_" + f.alnum(9)},
                alg="ES256", kid=f.uuid(), sig_bytes=64, pad=True), "encoding", "x-amzn-oidc-data (ALB JWT, segments padded)")
    albid = O(f.uuid(), "identifiers", "x-amzn-oidc-identity")
    gw = b64(dumps({"sub": albid, "email": email, "iss": "https://securetoken.google.com/shop-prod"}), url=True, pad=False)
    write([
        ix("GET", "https://shop-api.azurewebsites.net/api/me", [("X-MS-CLIENT-PRINCIPAL", principal), ("X-MS-CLIENT-PRINCIPAL-ID", oid),
                                                                  ("X-MS-CLIENT-PRINCIPAL-NAME", email), ("X-MS-CLIENT-PRINCIPAL-IDP", idp),
                                                                  ("X-MS-TOKEN-AAD-ACCESS-TOKEN", aad)],
           rbody={"idp": idp, "objectId": oid, "displayName": "Shop Operator"}),
        ix("GET", "http://10.0.3.12:8080/orders", [("x-amzn-oidc-data", alb), ("x-amzn-oidc-identity", albid),
                                                     ("X-Apigateway-Api-Userinfo", gw)],
           rbody={"orders": [], "next": None}),
    ])


def inertia_data_page():
    case("encoding", "html-quot-json-inertia", "HTML apps")
    token = S(f.alnum(60), "encoding", "props.auth.user.api_token inside data-page=\"{&quot;…}\"")
    email = S(person_email(), "encoding", "props.auth.user.email in the escaped JSON")
    csrf = S(f.alnum(40), "names", "props.csrf_token in the escaped JSON, and XSRF-TOKEN cookie")
    version = O(f.hex(32), "identifiers", "Inertia asset version (md5 hex)")
    comp = O("Settings/ApiTokens", "encoding", "component name")
    label = O("Create a new API token", "i18n", "props.translations['tokens.create']")
    page = {"component": comp, "props": {"auth": {"user": {"id": 42, "name": "Sofia Moreau", "email": email, "api_token": token}},
                                          "csrf_token": csrf, "translations": {"tokens.create": label, "tokens.secret_hint": "Copy the token now: you will not see it again."}},
            "url": "/settings/api-tokens", "version": version}
    attr = html.escape(dumps(page), quote=True)
    body = f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>API tokens</title></head>\n<body><div id="app" data-page="{attr}"></div></body></html>\n'
    write([ix("GET", "https://app.acme.example/settings/api-tokens", [UA, ("Accept", "text/html")],
              rheaders=[HTML, ("Set-Cookie", f"XSRF-TOKEN={csrf}; expires=Mon, 30 Nov 2026 13:00:00 GMT; Max-Age=7200; path=/; samesite=lax"),
                        ("X-Inertia-Version", version)], rbody=body)])


def rfc5987_filenames():
    case("encoding", "rfc5987-filename-address", "e-mail APIs")
    email = S(person_email(), "encoding", "a person's address inside filename*=UTF-8''… (percent-encoded)")
    name = O("Übersicht November 2026.xlsx", "i18n", "an ordinary filename* (percent-encoded UTF-8)")
    ext = O(".pdf", "identifiers", "the extension after the address in the file name")
    token = S(f.b64url(43), "plain", "Nextcloud app password (Basic)")
    ident = O(f.digits(6), "identifiers", "file id")
    fname = f"Kontoauszug {email}.pdf"
    write([
        ix("GET", f"https://cloud.acme.example/remote.php/dav/files/ops/Exports/{q(fname)}", [("Authorization", basic("ops", token))],
           rheaders=[("Content-Type", "application/pdf"), ("Content-Disposition", f"attachment; filename=\"Kontoauszug.pdf\"; filename*=UTF-8''{q(fname)}"),
                     ("OC-FileId", ident + "oc" + f.pick(LOWER + DIGITS, 10)), ("ETag", '"' + f.hex(32) + '"')], rbody="%PDF-1.7\n% fake\n"),
        ix("GET", f"https://cloud.acme.example/remote.php/dav/files/ops/Exports/{q(name)}", [("Authorization", basic("ops", token))],
           rheaders=[("Content-Type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
                     ("Content-Disposition", f"attachment; filename*=UTF-8''{q(name)}")], rbody="PK fake"),
    ])


def padded_jwt_tokens():
    case("encoding", "oidc-padded-jwt-id-token", "OAuth/OIDC")
    email = S(person_email(), "encoding", "email claim inside the id_token payload (padded base64url)")
    idt = S(jwt({"iss": "https://login.legacy-idp.example/adfs", "aud": "shop-portal", "sub": f.b64url(43), "email": email,
                 "upn": email, "iat": 1795950000, "exp": 1795953600, "nonce": f.b64url(22)}, kid=f.b64url(27), pad=True),
            "encoding", "id_token whose segments keep = padding")
    at = S(jwt({"aud": "urn:shop:api", "iss": "https://login.legacy-idp.example/adfs", "scp": "orders.read", "iat": 1795950000,
                "exp": 1795953600, "appid": "shop-portal"}, kid=f.b64url(27), pad=True), "encoding", "access_token (padded JWT)")
    rt = S(f.b64url(400), "plain", "refresh_token")
    code = S(f.b64url(200) + "." + f.b64url(40), "plain", "authorization code")
    scope = O("openid email profile", "plain", "scope")
    cid = O("shop-portal", "public", "client_id")
    csec = S(f.b64url(40), "plain", "client_secret in the form body")
    write([ix("POST", "https://login.legacy-idp.example/adfs/oauth2/token", [FORM],
              form([("grant_type", "authorization_code"), ("client_id", cid), ("client_secret", csec), ("code", code),
                    ("redirect_uri", "https://portal.shop.example.com/signin-oidc")]),
              rheaders=[JSONU, ("Cache-Control", "no-store")],
              rbody={"access_token": at, "token_type": "bearer", "expires_in": 3600, "resource": "urn:shop:api",
                     "refresh_token": rt, "refresh_token_expires_in": 28800, "scope": scope, "id_token": idt})])


def gmail_raw_qp():
    case("encoding", "gmail-raw-quoted-printable-reset", "e-mail APIs")
    bearer = S("ya29.a0" + f.b64url(180), "plain", "Gmail API bearer token")
    to = S(person_email(), "plain", "the recipient's personal address in To:")
    reset = S(f.b64url(64), "encoding", "reset token in a quoted-printable link split by a soft line break")
    msgid = O("<" + f.hex(24) + "." + f.digits(6) + "@mail.shop.example.com>", "identifiers", "Message-ID")
    gid = O(f.hex(16), "identifiers", "Gmail message id")
    style = O('style=3D"color:#1a73e8"', "encoding", "a =3D escape that must survive")
    subject = O("Reset your password", "i18n", "Subject about a password")
    for uid_len in range(4, 40):
        uid = f.digits(uid_len)
        html_part = (f'<p {style.replace("=3D", "=")}>Hello,</p><p>Someone asked to reset the password of your account. <a '
                     f'href="https://shop.example.com/account/password/reset?uid={uid}&token={reset}&utm_source=email">Choose a new password</a></p>')
        encoded = qp(html_part)
        if reset not in encoded and style in encoded:
            break
    assert "=\r\n" in encoded and reset not in encoded, "the token must be split by a soft break"
    raw = (f"Delivered-To: {to}\r\nMessage-ID: {msgid}\r\nDate: Mon, 30 Nov 2026 11:02:03 +0000\r\nFrom: Shop <no-reply@shop.example.com>\r\n"
           f"To: {to}\r\nSubject: {subject}\r\nMIME-Version: 1.0\r\nContent-Type: multipart/alternative; boundary=\"000000000000{f.hex(12)}\"\r\n\r\n"
           f"--b\r\nContent-Type: text/html; charset=\"UTF-8\"\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n{encoded}\r\n--b--\r\n")
    boundary = raw.split('boundary="')[1].split('"')[0]
    raw = raw.replace("--b\r\n", f"--{boundary}\r\n").replace("--b--", f"--{boundary}--")
    write([ix("GET", f"https://gmail.googleapis.com/gmail/v1/users/me/messages/{gid}?format=raw", [("Authorization", "Bearer " + bearer)],
              rheaders=[JSONU], rbody={"id": gid, "threadId": gid, "labelIds": ["INBOX", "UNREAD"], "snippet": "Hello, Someone asked to reset the password of your account.",
                                      "sizeEstimate": len(raw), "historyId": f.digits(7), "internalDate": "1795950123000",
                                      "raw": b64(raw, url=True)})])


def graphql_percent_query():
    case("encoding", "graphql-get-percent-variables", "GraphQL")
    otp = S(f.pick(DIGITS, 6), "encoding", "totp code inside percent-encoded variables JSON of a GET")
    pat = S(f.b64url(48), "encoding", "refreshToken inside percent-encoded variables JSON")
    hashv = O(f.hex(64), "public", "persistedQuery sha256Hash")
    op = O("RefreshSession", "identifiers", "operationName")
    sess = S(f.b64url(43), "plain", "new session token in the response")
    variables = dumps({"refreshToken": pat, "totp": otp})
    ext = dumps({"persistedQuery": {"version": 1, "sha256Hash": hashv}})
    url = f"https://shop.example.com/graphql?operationName={op}&variables={q(variables)}&extensions={q(ext)}"
    write([ix("GET", url, [("apollographql-client-name", "shop-web"), ("apollographql-client-version", "4.2.0")],
              rbody={"data": {"refreshSession": {"__typename": "Session", "token": sess, "expiresAt": "2026-11-30T12:00:00Z"}}})])


# ---------------------------------------------------------------------------------------------
# Streams
# ---------------------------------------------------------------------------------------------

def split_text(text, sizes):
    out, i = [], 0
    for size in sizes:
        out.append(text[i:i + size])
        i += size
    if i < len(text):
        out.append(text[i:])
    return [piece for piece in out if piece]


def openai_tool_call_stream():
    case("stream", "openai-chat-tool-call-arguments", "LLM APIs")
    key = S("sk-proj-" + f.b64url(74) + "T3BlbkFJ" + f.b64url(74), "plain", "OpenAI key in Authorization")
    pasted = S("rk_live_" + f.alnum(99), "stream", "a key the user pasted, echoed inside tool_calls arguments split over deltas")
    cid = O("chatcmpl-" + f.alnum(29), "identifiers", "completion id repeated in every chunk")
    call = O("call_" + f.alnum(24), "identifiers", "tool call id")
    fp = O("fp_" + f.hex(10), "identifiers", "system_fingerprint")
    req = {"model": "gpt-4o-2024-11-20", "stream": True, "messages": [
        {"role": "system", "content": "You rotate payment credentials with the tools given."},
        {"role": "user", "content": f"Please store this restricted key in the vault as stripe/reporting: {pasted}"}],
        "tools": [{"type": "function", "function": {"name": "vault_put", "parameters": {"type": "object", "properties": {
            "path": {"type": "string"}, "secret_value": {"type": "string"}}, "required": ["path", "secret_value"]}}}]}
    args = dumps({"path": "stripe/reporting", "secret_value": pasted})
    pieces = split_text(args, [9, 8, 12, 11, 17, 13, 21, 19, 23, 15, 18])
    events = []

    def chunk(delta, finish=None):
        return "data: " + dumps({"id": cid, "object": "chat.completion.chunk", "created": 1795950200, "model": "gpt-4o-2024-11-20",
                                  "system_fingerprint": fp, "choices": [{"index": 0, "delta": delta, "logprobs": None, "finish_reason": finish}]}) + "\n\n"
    events.append(chunk({"role": "assistant", "content": None, "tool_calls": [{"index": 0, "id": call, "type": "function",
                                                                                 "function": {"name": "vault_put", "arguments": ""}}], "refusal": None}))
    for piece in pieces:
        events.append(chunk({"tool_calls": [{"index": 0, "function": {"arguments": piece}}]}))
    events.append(chunk({}, "tool_calls"))
    events.append("data: [DONE]\n\n")
    write([ix("POST", "https://api.openai.com/v1/chat/completions", [("Authorization", "Bearer " + key), JSON,
                                                                     ("OpenAI-Organization", O("org-" + f.alnum(24), "identifiers", "OpenAI-Organization header"))], req,
              rheaders=[SSE, ("openai-processing-ms", "412"), ("x-request-id", "req_" + f.hex(32))], rbody="".join(events))])


def anthropic_text_stream():
    case("stream", "anthropic-messages-text-delta", "LLM APIs")
    key = S("sk-ant-api03-" + f.b64url(93) + "AA", "plain", "x-api-key")
    dbpw = S(pw(22), "stream", "a password the user gave, echoed by the model across text_delta events")
    mid = O("msg_01" + f.alnum(22), "identifiers", "message id")
    tool = O("toolu_01" + f.alnum(22), "identifiers", "tool_use id")
    model = O("claude-sonnet-4-5-20250929", "plain", "model")
    prompt = f"The staging database password is {dbpw}. Write the psql command to connect as app to db.staging.internal, then run the health check tool."
    text = f"Here is the command:\n\n```\nPGPASSWORD='{dbpw}' psql -h db.staging.internal -U app shop\n```\n"
    pieces = split_text(text, [10, 14, 9, 7, 11, 6, 8, 13, 12, 9, 16])
    tool_json = dumps({"target": "db.staging.internal", "timeout_s": 5})
    ev = []

    def e(name, data):
        ev.append(f"event: {name}\ndata: {dumps(data)}\n\n")
    e("message_start", {"type": "message_start", "message": {"id": mid, "type": "message", "role": "assistant", "model": model, "content": [],
                                                             "stop_reason": None, "stop_sequence": None, "usage": {"input_tokens": 212, "output_tokens": 1}}})
    e("content_block_start", {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}})
    e("ping", {"type": "ping"})
    for piece in pieces:
        e("content_block_delta", {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": piece}})
    e("content_block_stop", {"type": "content_block_stop", "index": 0})
    e("content_block_start", {"type": "content_block_start", "index": 1, "content_block": {"type": "tool_use", "id": tool, "name": "health_check", "input": {}}})
    for piece in split_text(tool_json, [12, 15, 30]):
        e("content_block_delta", {"type": "content_block_delta", "index": 1, "delta": {"type": "input_json_delta", "partial_json": piece}})
    e("content_block_stop", {"type": "content_block_stop", "index": 1})
    e("message_delta", {"type": "message_delta", "delta": {"stop_reason": "tool_use", "stop_sequence": None}, "usage": {"output_tokens": 96}})
    e("message_stop", {"type": "message_stop"})
    write([ix("POST", "https://api.anthropic.com/v1/messages", [("x-api-key", key), ("anthropic-version", "2023-06-01"), JSON],
              {"model": model, "max_tokens": 1024, "stream": True, "messages": [{"role": "user", "content": prompt}],
               "tools": [{"name": "health_check", "description": "Checks a host", "input_schema": {"type": "object", "properties": {"target": {"type": "string"}}}}]},
              rheaders=[SSE, ("request-id", "req_01" + f.alnum(22)), ("anthropic-organization-id", f.uuid())], rbody="".join(ev))])


def docker_pull_ndjson():
    case("stream", "docker-engine-pull-ndjson", "registries")
    user = O("acme-ci", "identifiers", "username inside X-Registry-Auth")
    passwd = S("dckr_pat_" + f.b64url(27), "encoding", "password inside X-Registry-Auth (base64url JSON header)")
    server = O("https://index.docker.io/v1/", "identifiers", "serveraddress inside X-Registry-Auth")
    layer = O(f.hex(12), "identifiers", "a layer id in the progress stream")
    digest = O("sha256:" + f.hex(64), "identifiers", "Digest: line of the pull")
    hdr = b64(dumps({"username": user, "password": passwd, "serveraddress": server}), url=True)
    lines = [{"status": "Pulling from acme/shop", "id": "4.2.0"}, {"status": "Pulling fs layer", "progressDetail": {}, "id": layer},
             {"status": "Downloading", "progressDetail": {"current": 524288, "total": 28311934}, "progress": "[>          ]  524.3kB/28.31MB", "id": layer},
             {"status": "Download complete", "progressDetail": {}, "id": layer}, {"status": "Pull complete", "progressDetail": {}, "id": layer},
             {"status": "Digest: " + digest}, {"status": "Status: Downloaded newer image for acme/shop:4.2.0"}]
    write([ix("POST", "http://localhost/v1.47/images/create?fromImage=acme%2Fshop&tag=4.2.0", [("X-Registry-Auth", hdr)],
              rheaders=[JSON, ("Api-Version", "1.47"), ("Docker-Experimental", "false")], rbody="".join(dumps(x) + "\r\n" for x in lines))])


def socketio_polling():
    case("stream", "socketio-polling-auth", "streams")
    sid = S(f.b64url(20), "stream", "Engine.IO sid (session id) in the open packet and every later URL (labelled secret, see report)")
    token = S(jwt({"sub": f.digits(6), "room": "ops", "iat": 1795950000, "exp": 1795953600}, alg="HS256", sig_bytes=32), "stream",
              "auth token in the Socket.IO CONNECT packet 40{…}")
    secret2 = S(f.alnum(32), "stream", "apiSecret inside a 42[\"config\",…] event frame")
    nsp = O(f.b64url(20), "identifiers", "namespace socket id returned by 40{\"sid\"}")
    t1 = O(f.b64url(7), "identifiers", "the t= cache-buster of the polling URL")
    base = "https://live.acme.example/socket.io/?EIO=4&transport=polling"
    open_pkt = "0" + dumps({"sid": sid, "upgrades": ["websocket"], "pingInterval": 25000, "pingTimeout": 20000, "maxPayload": 1000000})
    write([
        ix("GET", f"{base}&t={t1}", [UA], rheaders=[TEXT], rbody=open_pkt),
        ix("POST", f"{base}&t={f.b64url(7)}&sid={sid}", [UA, ("Content-Type", "text/plain;charset=UTF-8")], "40" + dumps({"token": token}),
           rheaders=[("Content-Type", "text/html")], rbody="ok"),
        ix("GET", f"{base}&t={f.b64url(7)}&sid={sid}", [UA], rheaders=[TEXT],
           rbody="40" + dumps({"sid": nsp}) + "\x1e" + '42["config",' + dumps({"region": "eu", "apiSecret": secret2}) + "]\x1e2"),
    ])


def k8s_watch_stream():
    case("stream", "kubernetes-watch-secrets", "Kubernetes")
    kube = S("kubeconfig-u-" + f.pick(LOWER + DIGITS, 5) + ":" + f.pick(LOWER + DIGITS, 54), "plain", "Rancher kubeconfig token (Bearer)")
    sat = S(jwt({"iss": "kubernetes/serviceaccount", "kubernetes.io/serviceaccount/namespace": "ci",
                 "kubernetes.io/serviceaccount/secret.name": "builder-token", "sub": "system:serviceaccount:ci:builder"}, kid=f.b64url(43)),
            "stream", "data.token of a service-account-token Secret in a watch event")
    webhook = S(f.hex(40), "stream", "data.webhook-secret in a MODIFIED event")
    ca = O(b64("-----BEGIN CERTIFICATE-----\n" + f.b64std(300) + "\n-----END CERTIFICATE-----\n"), "public", "data['ca.crt'] (base64 of a public CA)")
    rv = O(f.digits(9), "identifiers", "resourceVersion of a BOOKMARK")
    ns = O(b64("ci"), "structure", "data.namespace (base64 of 'ci')")
    ev = [{"type": "ADDED", "object": {"kind": "Secret", "apiVersion": "v1", "metadata": {"name": "builder-token", "namespace": "ci", "resourceVersion": f.digits(9),
                                                                                      "annotations": {"kubernetes.io/service-account.name": "builder"}},
                                       "data": {"ca.crt": ca, "namespace": ns, "token": b64(sat)}, "type": "kubernetes.io/service-account-token"}},
          {"type": "MODIFIED", "object": {"kind": "Secret", "apiVersion": "v1", "metadata": {"name": "gitea-hooks", "namespace": "ci", "resourceVersion": f.digits(9)},
                                          "data": {"webhook-secret": b64(webhook)}, "type": "Opaque"}},
          {"type": "BOOKMARK", "object": {"kind": "Secret", "apiVersion": "v1", "metadata": {"resourceVersion": rv,
                                                                                           "annotations": {"k8s.io/initial-events-end": "true"}}}}]
    write([ix("GET", "https://rancher.acme.example/k8s/clusters/c-m-" + f.pick(LOWER + DIGITS, 8) + "/api/v1/namespaces/ci/secrets?watch=1&allowWatchBookmarks=true",
              [("Authorization", "Bearer " + kube)], rheaders=[("Content-Type", "application/json"), ("Transfer-Encoding", "chunked")],
              rbody="".join(dumps(x) + "\n" for x in ev))])


def gemini_sse():
    case("stream", "gemini-stream-generate-sse", "LLM APIs")
    key = S("AIzaSy" + f.b64url(33), "plain", "Gemini API key in ?key= of the URL")
    token = S("hf_" + f.pick(ALNUM, 34), "stream", "a Hugging Face token in the prompt, echoed split over chunks")
    rid_ = O(f.b64url(22), "identifiers", "responseId")
    mv = O("gemini-2.5-flash", "plain", "modelVersion")
    text = f"Set it as an environment variable:\n\nexport HF_TOKEN={token}\n\nthen run `huggingface-cli whoami`."
    pieces = split_text(text, [20, 19, 14, 13, 18])
    ev = "".join("data: " + dumps({"candidates": [{"content": {"parts": [{"text": p}], "role": "model"}, "index": 0}],
                                   "usageMetadata": {"promptTokenCount": 31, "totalTokenCount": 31 + i}, "modelVersion": mv, "responseId": rid_}) + "\r\n\r\n"
                 for i, p in enumerate(pieces))
    write([ix("POST", f"https://generativelanguage.googleapis.com/v1beta/models/{mv}:streamGenerateContent?alt=sse&key={key}", [JSON],
              {"contents": [{"role": "user", "parts": [{"text": f"How do I use my token {token} with the CLI?"}]}]},
              rheaders=[SSE, ("Server-Timing", "gfet4t7; dur=611"), ("X-Goog-Api-Client", "genai-js/1.30.0")], rbody=ev)])


# ---------------------------------------------------------------------------------------------
# Framing: length-prefixed binary
# ---------------------------------------------------------------------------------------------

def grpc_binary_frame():
    case("framing", "grpc-web-proto-16-byte-key", "gRPC-web")
    key = S(f.alnum(16), "framing", "a 16-byte device key in a length-prefixed protobuf field of a binary grpc-web frame")
    secret = S(f.hex(32), "framing", "32-byte hmac_secret field in the response frame")
    dev = O("dev-" + f.hex(12), "identifiers", "device id field")
    fw = O("2.14.3", "framing", "firmware version field")
    path = O("/iot.registry.v2.Devices/Register", "identifiers", "method path")
    req = grpc_frame(pb_str(1, dev) + pb_str(2, key) + pb_str(3, fw))
    resp = grpc_frame(pb_str(1, dev) + pb_str(2, secret) + pb_int(3, 86400)) + grpc_frame(b"grpc-status:0\r\ngrpc-message:\r\n", trailer=True)
    write([ix("POST", "https://iot.acme.example" + path, [("Content-Type", "application/grpc-web+proto"), ("X-Grpc-Web", "1")], req,
              rheaders=[("Content-Type", "application/grpc-web+proto")], rbody=resp)])


def thrift_binary():
    case("framing", "thrift-binary-hive-open-session", "databases")
    user = O("analytics", "identifiers", "username (field 2, 4-byte length prefix)")
    passwd = S(pw(16), "framing", "password (field 3, 4-byte length prefix) of TOpenSessionReq")
    guid = O(f.hex(32), "identifiers", "session handle guid (binary, shown hex in the status)")
    sec = S(f.alnum(24), "framing", "configuration['hive.server2.proxy.token'] map value in the reply")

    def tstr(fid, s):
        data = s.encode()
        return b"\x0b" + struct.pack(">h", fid) + struct.pack(">i", len(data)) + data

    def msg(name, seq, body, kind=1):
        n = name.encode()
        return struct.pack(">I", 0x80010000 | kind) + struct.pack(">i", len(n)) + n + struct.pack(">i", seq) + body + b"\x00"
    req = msg("OpenSession", 1, b"\x0c\x00\x01" + b"\x08\x00\x01" + struct.pack(">i", 8) + tstr(2, user) + tstr(3, passwd) + b"\x00")
    conf = b"\x0d\x00\x04\x0b\x0b" + struct.pack(">i", 1) + struct.pack(">i", 24) + b"hive.server2.proxy.token" + \
        struct.pack(">i", len(sec)) + sec.encode()
    reply = msg("OpenSession", 1, b"\x0c\x00\x00" + b"\x0c\x00\x01\x08\x00\x01" + struct.pack(">i", 0) + b"\x00" + b"\x08\x00\x02" + struct.pack(">i", 8) +
                b"\x0c\x00\x03\x0c\x00\x01\x0b\x00\x01" + struct.pack(">i", 16) + bytes.fromhex(guid) + b"\x00\x00" + conf + b"\x00", kind=2)
    write([
        ix("POST", "https://hive.acme.example:10001/cliservice", [("Content-Type", "application/x-thrift"), ("Accept", "application/x-thrift")], req,
           rheaders=[("Content-Type", "application/x-thrift")], rbody=reply),
        ix("GET", "https://hive.acme.example:10002/api/sessions", [], rbody=[{"sessionId": guid, "user": user, "ip": "10.1.2.3"}]),
    ])


def msgpack_str(s):
    data = s.encode()
    if len(data) < 32:
        return bytes([0xA0 | len(data)]) + data
    if len(data) < 256:
        return b"\xd9" + bytes([len(data)]) + data
    return b"\xda" + struct.pack(">H", len(data)) + data


def msgpack_map(pairs):
    out = bytes([0x80 | len(pairs)])
    for k, v in pairs:
        out += msgpack_str(k) + (msgpack_str(v) if isinstance(v, str) else (b"\xce" + struct.pack(">I", v)))
    return out


def fluentd_msgpack():
    case("framing", "fluentd-msgpack-records", "observability")
    auth = S("Bearer " + f.b64url(40), "framing", "an Authorization header value logged inside a msgpack record (str8 length prefix)")
    cookie = S(f.hex(64), "framing", "session cookie value inside a logged request record")
    shared = S(f.alnum(32), "framing", "shared_key of the forward input, in the X-Fluent-Shared-Key header")
    path = O("/api/v1/orders?page=2", "framing", "logged request path")
    host = O("web-" + f.hex(5), "identifiers", "host field")
    record = msgpack_map([("time", 1795950300), ("host", host), ("path", path), ("authorization", auth), ("cookie", "sess=" + cookie), ("status", 200)])
    body = b"\x92" + msgpack_str("app.access") + b"\x91" + b"\x92" + b"\xce" + struct.pack(">I", 1795950300) + record
    write([ix("POST", "https://logs.acme.example:9880/app.access", [("Content-Type", "application/msgpack"), ("X-Fluent-Shared-Key", shared)], body,
              rheaders=[TEXT], rbody="")])


# ---------------------------------------------------------------------------------------------
# Identifiers taken for credentials
# ---------------------------------------------------------------------------------------------

def azure_devops_org():
    case("identifiers", "azure-devops-org-in-urls", "CI systems")
    org = O("contoso-payments", "identifiers", "organisation, also the user name of the git remote URL")
    pat = S(f.pick(LOWER + DIGITS, 52), "plain", "personal access token as the Basic password")
    remote = O(f"https://{org}@dev.azure.com/{org}/Billing/_git/billing-api", "identifiers", "remoteUrl with the org as URL user")
    proj = O(f.uuid(), "identifiers", "project id")
    repo = O(f.uuid(), "identifiers", "repository id")
    commit = O(f.hex(40), "identifiers", "objectId of a ref")
    auth = ("Authorization", basic("", pat))
    write([
        ix("GET", f"https://dev.azure.com/{org}/Billing/_apis/git/repositories?api-version=7.1", [auth],
           rbody={"value": [{"id": repo, "name": "billing-api", "url": f"https://dev.azure.com/{org}/{proj}/_apis/git/repositories/{repo}",
                             "project": {"id": proj, "name": "Billing", "state": "wellFormed"}, "defaultBranch": "refs/heads/main",
                             "remoteUrl": remote, "sshUrl": f"git@ssh.dev.azure.com:v3/{org}/Billing/billing-api",
                             "webUrl": f"https://dev.azure.com/{org}/Billing/_git/billing-api"}], "count": 1}),
        ix("GET", f"https://dev.azure.com/{org}/{proj}/_apis/git/repositories/{repo}/refs?filter=heads/main&api-version=7.1", [auth],
           rbody={"value": [{"name": "refs/heads/main", "objectId": commit, "creator": {"displayName": "Build Service", "uniqueName": f"Build\\{proj}"}}], "count": 1}),
        ix("GET", f"https://{org}@dev.azure.com/{org}/Billing/_git/billing-api/info/refs?service=git-upload-pack", [auth],
           rheaders=[("Content-Type", "application/x-git-upload-pack-advertisement")],
           rbody=f"001e# service=git-upload-pack\n0000{format(len(commit) + 17, '04x')}{commit} refs/heads/main\n0000"),
    ])


def ses_message_ids():
    case("identifiers", "ses-message-and-content-ids", "e-mail APIs")
    to1 = S(person_email(), "plain", "recipient (a person's address) in Destination")
    to2 = S(person_email(), "plain", "second recipient, echoed in the bounce notification")
    mid = O("0102019" + f.hex(9) + "-" + f.uuid() + "-000000", "identifiers", "SES MessageId")
    header_mid = O(f"<{mid}@eu-west-1.amazonses.com>", "identifiers", "Message-ID header value, shaped like an address")
    cid = O("<image001.png@01DB4A2C." + f.hex(8).upper() + ">", "identifiers", "Content-ID of an inline image, shaped like an address")
    sender = O("billing@shop.example.com", "identifiers", "the sender, a role address of the company")
    sigv4 = S(f.sigv4(), "plain", "Signature= of the SES request")
    akid = S(f.aws_key_id("AKIA"), "plain", "the access key id in Credential= (labelled secret, see report)")
    raw = (f"From: {sender}\r\nTo: {to1}\r\nMessage-ID: {header_mid}\r\nSubject: Invoice 2026-11\r\nContent-Type: multipart/related; boundary=x\r\n\r\n"
           f"--x\r\nContent-Type: text/html\r\n\r\n<img src=\"cid:{cid[1:-1]}\">\r\n--x\r\nContent-Type: image/png\r\nContent-ID: {cid}\r\n\r\nPNG\r\n--x--\r\n")
    write([
        ix("POST", "https://email.eu-west-1.amazonaws.com/v2/email/outbound-emails",
           [JSON, ("X-Amz-Date", "20261130T112000Z"), ("Authorization", f"AWS4-HMAC-SHA256 Credential={akid}/20261130/eu-west-1/ses/aws4_request, SignedHeaders=host;x-amz-date, Signature={sigv4}")],
           {"FromEmailAddress": sender, "Destination": {"ToAddresses": [to1, to2]}, "Content": {"Raw": {"Data": b64(raw)}}},
           rbody={"MessageId": mid}),
        ix("POST", "https://hooks.shop.example.com/ses/bounces", [("Content-Type", "text/plain; charset=UTF-8"), ("x-amz-sns-message-type", "Notification")],
           dumps({"Type": "Notification", "MessageId": f.uuid(), "TopicArn": "arn:aws:sns:eu-west-1:" + f.digits(12) + ":ses-bounces",
                  "Message": dumps({"notificationType": "Bounce", "bounce": {"bounceType": "Permanent", "bouncedRecipients": [{"emailAddress": to2, "status": "5.1.1"}]},
                                    "mail": {"messageId": mid, "source": sender, "headers": [{"name": "Message-ID", "value": header_mid}]}}),
                  "SignatureVersion": "1", "Signature": O(f.b64std(256), "public", "SNS message signature (verifies a public notification; kept)")}),
           rheaders=[TEXT], rbody="ok"),
    ])


def npm_packument():
    case("identifiers", "npm-packument-hashes", "registries")
    tok = S("npm_" + f.alnum(36), "plain", "npm token in Authorization")
    integrity = O("sha512-" + f.b64std(64), "identifiers", "dist.integrity")
    shasum = O(f.hex(40), "identifiers", "dist.shasum")
    githead = O(f.hex(40), "identifiers", "gitHead")
    sig = O(f.b64std(70), "public", "dist.signatures[0].sig (registry's ECDSA signature of a public artefact)")
    keyid = O("SHA256:" + f.b64std(32).rstrip("="), "public", "dist.signatures[0].keyid")
    tarball = O("https://registry.npmjs.org/@acme/shop-sdk/-/shop-sdk-4.2.0.tgz", "identifiers", "dist.tarball")
    write([ix("GET", "https://registry.npmjs.org/@acme%2Fshop-sdk", [("Authorization", "Bearer " + tok), ("Accept", "application/json")],
              rheaders=[JSON, ("ETag", '"' + f.hex(32) + '"'), ("npm-notice", "")],
              rbody={"_id": "@acme/shop-sdk", "name": "@acme/shop-sdk", "dist-tags": {"latest": "4.2.0"}, "versions": {"4.2.0": {
                  "name": "@acme/shop-sdk", "version": "4.2.0", "gitHead": githead, "_npmUser": {"name": "acme-release"},
                  "dist": {"integrity": integrity, "shasum": shasum, "tarball": tarball, "fileCount": 41, "unpackedSize": 183220,
                           "signatures": [{"keyid": keyid, "sig": sig}]}}}})])


def stripe_payment_intent():
    case("identifiers", "stripe-payment-intent-ids", "payments")
    sk = S("sk_live_" + f.alnum(99), "plain", "secret key (Basic user)")
    pi = O("pi_" + f.alnum(24), "identifiers", "PaymentIntent id")
    csec = S(pi + "_secret_" + f.alnum(25), "identifiers", "client_secret of the PaymentIntent (lets a client confirm it)")
    cus = O("cus_" + f.alnum(14), "identifiers", "customer id")
    pm = O("pm_" + f.alnum(24), "identifiers", "payment method id")
    idem = O(f.uuid(), "identifiers", "Idempotency-Key")
    pk = O("pk_live_" + f.alnum(99), "public", "publishable key used by Stripe.js to confirm")
    fp = O(f.hex(32), "identifiers", "card.fingerprint")
    body = {"id": pi, "object": "payment_intent", "amount": 4200, "currency": "eur", "customer": cus, "payment_method": pm,
            "client_secret": csec, "status": "requires_confirmation", "livemode": True}
    write([
        ix("POST", "https://api.stripe.com/v1/payment_intents", [("Authorization", basic(sk, "")), FORM, ("Idempotency-Key", idem)],
           form([("amount", "4200"), ("currency", "eur"), ("customer", cus), ("payment_method", pm)]),
           rheaders=[JSON, ("Request-Id", "req_" + f.alnum(14)), ("Idempotency-Key", idem)], rbody=body),
        ix("POST", f"https://api.stripe.com/v1/payment_intents/{pi}/confirm", [FORM],
           form([("client_secret", csec), ("key", pk), ("_stripe_version", "2024-06-20")]),
           rbody=dict(body, status="succeeded", payment_method_details={"card": {"brand": "visa", "last4": "4242", "fingerprint": fp}})),
    ])


# ---------------------------------------------------------------------------------------------
# Challenges and parameters
# ---------------------------------------------------------------------------------------------

def digest_header(params):
    bare = {"nc", "algorithm", "qop"}
    return "Digest " + ", ".join(f"{k}={v}" if k in bare else f'{k}="{v}"' for k, v in params)


def digest_camera():
    case("challenge", "digest-sha256-camera-isapi", "IoT devices")
    realm = O("IP Camera(E" + f.digits(4) + ")", "challenge", "Digest realm")
    nonce = O(f.hex(32) + ":" + f.digits(10), "challenge", "server nonce (WWW-Authenticate and echoed in Authorization)")
    opaque = O(f.hex(32), "challenge", "opaque")
    alg = O("SHA-256", "challenge", "algorithm")
    user = O("admin", "challenge", "Digest username")
    uri = O("/ISAPI/System/deviceInfo", "challenge", "Digest uri")
    cnonce = S(f.hex(16), "challenge", "client cnonce")
    resp = S(f.hex(64), "challenge", "Digest response")
    auth = digest_header([("username", user), ("realm", realm), ("nonce", nonce), ("uri", uri), ("algorithm", alg),
                          ("response", resp), ("opaque", opaque), ("qop", "auth"), ("nc", "00000001"), ("cnonce", cnonce)])
    chall = f'Digest qop="auth", realm="{realm}", nonce="{nonce}", stale="FALSE", opaque="{opaque}", algorithm={alg}'
    serial = O("DS-2CD2143G2-I" + f.digits(9), "identifiers", "device serial")
    write([
        ix("GET", "http://192.168.1.64" + uri, [], status=401, rheaders=[("WWW-Authenticate", chall), ("Content-Type", "application/xml")], rbody=""),
        ix("GET", "http://192.168.1.64" + uri, [("Authorization", auth)], rheaders=[("Content-Type", "application/xml")],
           rbody=f'<?xml version="1.0" encoding="UTF-8"?>\n<DeviceInfo version="2.0" xmlns="http://www.hikvision.com/ver20/XMLSchema"><deviceName>Gate</deviceName><serialNumber>{serial}</serialNumber><firmwareVersion>V5.7.3</firmwareVersion></DeviceInfo>'),
    ])


def digest_proxy():
    case("challenge", "proxy-digest-md5-squid", "networking")
    realm = O("Squid proxy-caching web server", "challenge", "Proxy-Authenticate realm")
    nonce = O(b64(f.bytes(12)), "challenge", "Squid nonce (base64, looks like a token)")
    user = O("build-agent", "challenge", "username")
    cnonce = S(f.hex(8), "challenge", "cnonce")
    resp = S(f.hex(32), "challenge", "Digest response (MD5)")
    url = "http://archive.ubuntu.com/ubuntu/dists/noble/InRelease"
    auth = digest_header([("username", user), ("realm", realm), ("nonce", nonce), ("uri", url), ("cnonce", cnonce), ("nc", "00000001"),
                          ("qop", "auth"), ("response", resp)])
    write([
        ix("GET", url, [], status=407, rheaders=[("Proxy-Authenticate", f'Digest realm="{realm}", nonce="{nonce}", qop="auth", stale=false'),
                                                 ("X-Squid-Error", "ERR_CACHE_ACCESS_DENIED 0"), HTML], rbody="<html><body>Cache Access Denied.</body></html>"),
        ix("GET", url, [("Proxy-Authorization", auth)], rheaders=[("Content-Type", "application/octet-stream"), ("Via", "1.1 proxy.acme.example (squid/6.10)")],
           rbody="-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA512\n\nOrigin: Ubuntu\n"),
    ])


def oauth_pkce_dpop():
    case("challenge", "oauth-pkce-state-dpop-nonce", "OAuth/OIDC")
    cid = O(f.alnum(20), "public", "client_id")
    state = O(f.b64url(43), "challenge", "state (echoed in the redirect)")
    nonce = O(f.b64url(32), "challenge", "OIDC nonce")
    challenge = O(f.b64url(43), "challenge", "code_challenge (S256 hash, public)")
    verifier = S(f.b64url(64), "challenge", "code_verifier")
    code = S(f.b64url(43), "plain", "authorization code in the redirect and the token request")
    dpop_nonce = O(f.b64url(22), "challenge", "DPoP-Nonce header and its echo in the DPoP proof's payload")
    at = S(f.b64url(86), "plain", "DPoP-bound access token")
    rt = S(f.b64url(86), "plain", "refresh token")
    proof = S(jwt({"jti": f.uuid(), "htm": "POST", "htu": "https://auth.acme.example/oauth2/token", "iat": 1795950400, "nonce": dpop_nonce},
                  alg="ES256", sig_bytes=64, typ="dpop+jwt"), "challenge", "DPoP proof JWT (labelled secret: a signed proof, see report)")
    redirect = "https://app.acme.example/callback"
    authz = (f"https://auth.acme.example/oauth2/authorize?response_type=code&client_id={cid}&redirect_uri={q(redirect)}&scope=openid%20offline_access"
             f"&state={state}&nonce={nonce}&code_challenge={challenge}&code_challenge_method=S256")
    write([
        ix("GET", authz, [UA], status=302, rheaders=[("Location", f"{redirect}?code={code}&state={state}&iss=https%3A%2F%2Fauth.acme.example")], rbody=""),
        ix("POST", "https://auth.acme.example/oauth2/token", [FORM], form([("grant_type", "authorization_code"), ("code", code), ("client_id", cid),
                                                                          ("redirect_uri", redirect), ("code_verifier", verifier)]),
           status=400, rheaders=[JSON, ("DPoP-Nonce", dpop_nonce), ("WWW-Authenticate", 'DPoP error="use_dpop_nonce", error_description="Authorization server requires nonce in DPoP proof"')],
           rbody={"error": "use_dpop_nonce", "error_description": "Authorization server requires nonce in DPoP proof"}),
        ix("POST", "https://auth.acme.example/oauth2/token", [FORM, ("DPoP", proof)], form([("grant_type", "authorization_code"), ("code", code), ("client_id", cid),
                                                                                          ("redirect_uri", redirect), ("code_verifier", verifier)]),
           rheaders=[JSON, ("DPoP-Nonce", dpop_nonce)], rbody={"access_token": at, "token_type": "DPoP", "expires_in": 300, "refresh_token": rt, "scope": "openid offline_access"}),
    ])


# ---------------------------------------------------------------------------------------------
# Public by design
# ---------------------------------------------------------------------------------------------

def checkout_publishable_keys():
    case("public", "checkout-page-publishable-keys", "payments")
    pk = O("pk_live_" + f.alnum(99), "public", "Stripe publishable key in Stripe('…')")
    adyen = O("live_" + f.pick(UPPER + DIGITS, 32), "public", "Adyen clientKey")
    paypal = O("A" + f.b64url(79), "public", "PayPal client-id in the SDK script URL")
    mapbox = O("pk." + b64(dumps({"u": "acme-maps", "a": f.b64url(25)}), url=True, pad=False) + "." + f.b64url(22), "public", "Mapbox public token pk.…")
    fb_key = O("AIzaSy" + f.b64url(33), "public", "Firebase web config apiKey (documented as not secret)")
    fb_app = O("1:" + f.digits(12) + ":web:" + f.hex(22), "public", "Firebase appId")
    sender = O(f.digits(12), "public", "Firebase messagingSenderId")
    meas = O("G-" + f.pick(UPPER + DIGITS, 10), "public", "measurementId")
    sess = S(f.b64url(43), "plain", "the shop's session cookie")
    page = (f"<!DOCTYPE html><html><head><script src=\"https://www.paypal.com/sdk/js?client-id={paypal}&currency=EUR&intent=capture\"></script>\n"
            f"<script src=\"https://js.stripe.com/v3/\"></script>\n<link href=\"https://api.mapbox.com/mapbox-gl-js/v3.8.0/mapbox-gl.css\" rel=\"stylesheet\">\n</head><body>\n"
            f"<script>\nconst stripe = Stripe('{pk}');\nconst checkout = await AdyenCheckout({{ clientKey: \"{adyen}\", environment: \"live\" }});\n"
            f"mapboxgl.accessToken = '{mapbox}';\nfirebase.initializeApp({{apiKey: \"{fb_key}\", authDomain: \"shop-prod.firebaseapp.com\", projectId: \"shop-prod\", "
            f"storageBucket: \"shop-prod.appspot.com\", messagingSenderId: \"{sender}\", appId: \"{fb_app}\", measurementId: \"{meas}\"}});\n</script></body></html>\n")
    write([
        ix("GET", "https://shop.example.com/checkout", [UA, ("Cookie", "shop_session=" + sess)], rheaders=[HTML], rbody=page),
        ix("GET", f"https://api.mapbox.com/styles/v1/mapbox/streets-v12?access_token={mapbox}", [UA], rbody={"version": 8, "name": "Mapbox Streets", "owner": "mapbox"}),
    ])


def analytics_search_keys():
    case("public", "search-and-analytics-client-keys", "search")
    app = O(f.pick(UPPER + DIGITS, 10), "identifiers", "Algolia application id")
    search = O(f.hex(32), "public", "Algolia search-only API key (in browser requests)")
    admin = S(f.hex(32), "plain", "Algolia admin API key (server-side indexing)")
    write_key = O(f.alnum(32), "public", "Segment write key (public in analytics.js)")
    posthog = O("phc_" + f.alnum(43), "public", "PostHog project API key")
    sentry_pub = O(f.hex(32), "public", "Sentry DSN public key (sentry_key=)")
    obj = O(f.digits(7), "identifiers", "objectID")
    write([
        ix("POST", f"https://{app.lower()}-dsn.algolia.net/1/indexes/products/query?x-algolia-agent=Algolia%20for%20JavaScript%20(5.14.2)",
           [("x-algolia-api-key", search), ("x-algolia-application-id", app), ("Content-Type", "text/plain")], dumps({"query": "desk lamp", "hitsPerPage": 2}),
           rbody={"hits": [{"objectID": obj, "name": "Desk lamp", "_highlightResult": {}}], "nbHits": 1, "page": 0, "processingTimeMS": 1, "query": "desk lamp"}),
        ix("POST", f"https://{app.lower()}.algolia.net/1/indexes/products/batch", [("X-Algolia-API-Key", admin), ("X-Algolia-Application-Id", app), JSON],
           {"requests": [{"action": "updateObject", "body": {"objectID": obj, "name": "Desk lamp", "price": 39}}]},
           rbody={"taskID": int(f.digits(10)), "objectIDs": [obj]}),
        ix("POST", "https://api.segment.io/v1/batch", [("Authorization", basic(write_key, "")), JSON],
           {"batch": [{"type": "track", "event": "Checkout Started", "anonymousId": f.uuid()}], "writeKey": write_key}, rbody={"success": True}),
        ix("POST", "https://eu.i.posthog.com/e/", [JSON], {"api_key": posthog, "event": "$pageview", "distinct_id": f.uuid()}, rbody={"status": 1}),
        ix("POST", f"https://o{f.digits(6)}.ingest.de.sentry.io/api/{f.digits(7)}/envelope/?sentry_key={sentry_pub}&sentry_version=7&sentry_client=sentry.javascript.browser%2F8.40.0",
           [("Content-Type", "text/plain;charset=UTF-8")], dumps({"event_id": f.hex(32), "sent_at": "2026-11-30T11:40:00.000Z"}) + "\n" + dumps({"type": "event"}) + "\n{}",
           rbody={"id": f.hex(32)}),
    ])


def sigstore_rekor():
    case("public", "sigstore-rekor-cosign", "registries")
    oidc = S(jwt({"iss": "https://token.actions.githubusercontent.com", "aud": "sigstore", "sub": "repo:acme/shop:ref:refs/tags/v4.2.0",
                  "repository": "acme/shop", "iat": 1795950500, "exp": 1795950800}, kid=f.hex(40).upper()), "plain", "OIDC identity token sent to Fulcio")
    sig = O(f.b64std(71), "public", "cosign signature of the image (public artefact)")
    cert = O(b64("-----BEGIN CERTIFICATE-----\n" + f.b64std(500) + "\n-----END CERTIFICATE-----\n"), "public", "Fulcio certificate (base64 PEM)")
    uuid = O("108e9186e8c5677a" + f.hex(64), "identifiers", "Rekor entry UUID")
    digest = O(f.hex(64), "identifiers", "artifact hash")
    set_ = O(f.b64std(70), "public", "signedEntryTimestamp")
    root = O(f.hex(64), "public", "inclusion proof rootHash")
    body = b64(dumps({"apiVersion": "0.0.1", "kind": "hashedrekord", "spec": {"data": {"hash": {"algorithm": "sha256", "value": digest}},
                                                                              "signature": {"content": sig, "publicKey": {"content": cert}}}}))
    write([
        ix("POST", "https://fulcio.sigstore.dev/api/v2/signingCert", [("Authorization", "Bearer " + oidc), JSON],
           {"credentials": {"oidcIdentityToken": oidc}, "publicKeyRequest": {"publicKey": {"algorithm": "ECDSA", "content": b64(f.bytes(91))}, "proofOfPossession": b64(f.bytes(70))}},
           status=201, rbody={"signedCertificateEmbeddedSct": {"chain": {"certificates": [b64_decode_text(cert)]}}}),
        ix("GET", f"https://rekor.sigstore.dev/api/v1/log/entries/{uuid}", [], rbody={uuid: {
            "body": body, "integratedTime": 1795950512, "logID": f.hex(64), "logIndex": int(f.digits(9)),
            "verification": {"inclusionProof": {"checkpoint": "rekor.sigstore.dev - " + f.digits(19) + "\n" + f.digits(9) + "\n" + f.b64std(32) + "\n",
                                                 "hashes": [f.hex(64) for _ in range(3)], "logIndex": int(f.digits(8)), "rootHash": root, "treeSize": int(f.digits(9))},
                             "signedEntryTimestamp": set_}}}),
    ])


def b64_decode_text(text):
    return base64.b64decode(text).decode()


def vault_accessors():
    case("public", "vault-token-and-approle-accessors", "config dumps")
    root = S("hvs." + f.b64url(24), "plain", "X-Vault-Token")
    sid = S(f.uuid(), "plain", "AppRole secret_id")
    sacc = O(f.uuid(), "public", "secret_id_accessor")
    role = O(f.uuid(), "public", "role_id (labelled ordinary: an identifier; see report)")
    token = S("hvs.CAESI" + f.b64url(86), "plain", "client_token from AppRole login")
    acc = O(f.b64url(24), "public", "token accessor")
    reqid = O(f.uuid(), "identifiers", "request_id")
    h = [("X-Vault-Token", root), ("X-Vault-Request", "true")]
    write([
        ix("GET", "https://vault.acme.example:8200/v1/auth/approle/role/ci/role-id", h, rbody={"request_id": reqid, "data": {"role_id": role}, "lease_duration": 0, "renewable": False}),
        ix("POST", "https://vault.acme.example:8200/v1/auth/approle/role/ci/secret-id", h, rbody={"request_id": f.uuid(), "data": {
            "secret_id": sid, "secret_id_accessor": sacc, "secret_id_num_uses": 10, "secret_id_ttl": 600}}),
        ix("POST", "https://vault.acme.example:8200/v1/auth/approle/login", [JSON], {"role_id": role, "secret_id": sid},
           rbody={"request_id": f.uuid(), "auth": {"client_token": token, "accessor": acc, "policies": ["ci", "default"], "token_policies": ["ci", "default"],
                                                   "metadata": {"role_name": "ci"}, "lease_duration": 1200, "renewable": True, "entity_id": f.uuid(), "token_type": "service"}}),
        ix("POST", "https://vault.acme.example:8200/v1/auth/token/lookup-accessor", h, {"accessor": acc},
           rbody={"data": {"accessor": acc, "display_name": "approle", "id": "", "policies": ["ci", "default"], "ttl": 1190}}),
    ])


def oauth1_header():
    case("public", "oauth1-consumer-key-and-signature", "OAuth/OIDC")
    ck = O(f.alnum(25), "public", "oauth_consumer_key")
    nonce = O(f.alnum(32), "challenge", "oauth_nonce")
    tok = S(f.digits(19) + "-" + f.alnum(31), "plain", "oauth_token (user access token)")
    sig = S(f.b64std(20), "plain", "oauth_signature (HMAC-SHA1; percent-encoded in the header)")
    ts = O("1795950600", "plain", "oauth_timestamp")
    uid = O(tok.split("-")[0], "identifiers", "user id (prefix of the access token, also in the response)")
    auth = (f'OAuth oauth_consumer_key="{ck}", oauth_nonce="{nonce}", oauth_signature="{q(sig)}", oauth_signature_method="HMAC-SHA1", '
            f'oauth_timestamp="{ts}", oauth_token="{tok}", oauth_version="1.0"')
    write([ix("GET", "https://api.x.com/2/users/me?user.fields=created_at", [("Authorization", auth)],
              rheaders=[JSONU, ("x-rate-limit-remaining", "74"), ("x-transaction-id", f.hex(16))],
              rbody={"data": {"id": uid, "name": "Acme Shop", "username": "acmeshop", "created_at": "2015-03-02T09:00:00.000Z"}})])


def graphql_cursors():
    case("public", "github-graphql-cursors-node-ids", "GraphQL")
    tok = S("github_pat_11" + f.pick(UPPER + DIGITS, 20) + "_" + f.alnum(59), "plain", "fine-grained PAT")
    cur1 = O(b64("cursor:v2:" + chr(0x92) + f.digits(8)), "public", "endCursor (base64)")
    cur2 = O("Y3Vyc29yOnYyOpHOA" + f.b64url(6), "public", "startCursor")
    node = O(b64("04:User" + f.digits(8)).rstrip("="), "identifiers", "node id (legacy global id)")
    node2 = O("PR_kwDO" + f.b64url(14), "identifiers", "pull request node id")
    etag = O('W/"' + f.hex(64) + '"', "identifiers", "ETag")
    write([ix("POST", "https://api.github.com/graphql", [("Authorization", "bearer " + tok), JSON],
              {"query": "query($after:String){viewer{pullRequests(first:2,after:$after){pageInfo{endCursor startCursor hasNextPage} nodes{id author{id}}}}}",
               "variables": {"after": cur2}},
              rheaders=[JSONU, ("ETag", etag), ("X-GitHub-Request-Id", f.pick(UPPER + DIGITS, 4) + ":" + f.pick(UPPER + DIGITS, 6) + ":" + f.pick(UPPER + DIGITS, 7))],
              rbody={"data": {"viewer": {"pullRequests": {"pageInfo": {"endCursor": cur1, "startCursor": cur2, "hasNextPage": True},
                                                          "nodes": [{"id": node2, "author": {"id": node}}]}}}})])


# ---------------------------------------------------------------------------------------------
# i18n: catalogues whose keys name passwords
# ---------------------------------------------------------------------------------------------

def keycloak_realm_i18n():
    case("i18n", "keycloak-realm-messages-and-smtp", "auth0/okta/cognito")
    admin = S(jwt({"exp": 1795950960, "iat": 1795950900, "jti": f.uuid(), "iss": "https://sso.acme.example/realms/master", "typ": "Bearer",
                   "azp": "admin-cli", "sid": f.uuid(), "scope": "profile email"}, kid=f.b64url(43)), "plain", "admin-cli access token")
    smtp = S(pw(20), "structure", "smtpServer.password of the realm")
    idp = S(f.b64url(40), "structure", "identityProviders[0].config.clientSecret")
    policy = O("length(12) and digits(1) and notUsername(undefined) and passwordHistory(5)", "public", "passwordPolicy")
    digits = O("otpPolicyDigits", "public", "a policy key naming OTP")
    de_pw = O("Passwort", "i18n", "value of the German 'password' message")
    fr_new = O("Nouveau mot de passe", "i18n", "passwordNew in French")
    ja_pw = O("パスワード", "i18n", "password in Japanese")
    inv = O("Ungültiges Passwort: Mindestlänge {0}.", "i18n", "invalidPasswordMinLengthMessage in German")
    tok_label = O("Zugangstoken", "i18n", "label of the token field in German")
    gid = O(f.alnum(20), "public", "identityProviders[0].config.clientId")
    realm = {"id": f.uuid(), "realm": "shop", "enabled": True, "passwordPolicy": policy, digits: 6, "otpPolicyAlgorithm": "HmacSHA1",
             "otpPolicyType": "totp", "internationalizationEnabled": True, "supportedLocales": ["de", "en", "fr", "ja"],
             "smtpServer": {"host": "smtp.eu.sparkpost.com", "port": "587", "from": "no-reply@shop.example.com", "auth": "true",
                            "starttls": "true", "user": "SMTP_Injection", "password": smtp},
             "identityProviders": [{"alias": "google", "providerId": "google", "enabled": True, "config": {"clientId": gid, "clientSecret": idp,
                                                                                                                "syncMode": "IMPORT", "hostedDomain": "acme.example"}}]}
    h = [("Authorization", "Bearer " + admin)]
    write([
        ix("GET", "https://sso.acme.example/admin/realms/shop", h, rbody=realm),
        ix("GET", "https://sso.acme.example/admin/realms/shop/localization/de", h,
           rbody={"password": de_pw, "passwordConfirm": "Passwort bestätigen", "invalidPasswordMinLengthMessage": inv, "accessToken": tok_label}),
        ix("GET", "https://sso.acme.example/resources/" + f.pick(LOWER + DIGITS, 5) + "/account/keycloak.v2/messages.json?lang=fr", [],
           rbody=[{"key": "passwordNew", "value": fr_new}, {"key": "updatePassword", "value": "Mettre à jour le mot de passe"}]),
        ix("GET", "https://sso.acme.example/resources/" + f.pick(LOWER + DIGITS, 5) + "/account/keycloak.v2/messages.json?lang=ja", [],
           rbody=[{"key": "password", "value": ja_pw}, {"key": "passwordConfirm", "value": "パスワードの確認"}]),
    ])


def crowdin_catalogue():
    case("i18n", "crowdin-translation-strings", "HTML apps")
    tok = S(f.hex(80), "plain", "Crowdin personal access token")
    strings = [("auth.password.label", "Passwort"), ("auth.password.forgot", "Passwort vergessen?"),
               ("auth.secret.hint", "Geheimer Schlüssel wird nur einmal angezeigt"), ("settings.api_token.title", "API-Token"),
               ("auth.password.placeholder", "Mindestens 12 Zeichen"), ("auth.session.expired", "Sitzung abgelaufen – bitte erneut anmelden")]
    keys = []
    for key, value in strings:
        O(value, "i18n", f"translation of {key}")
        keys.append(O(key, "i18n", "a string identifier naming a password, token or secret"))
    proj = O(f.digits(6), "identifiers", "project id")
    body = {"data": [{"data": {"id": int(f.digits(7)), "stringId": int(f.digits(7)), "languageId": "de", "text": v, "key": k,
                               "user": {"id": int(f.digits(8)), "username": "translator-de"}}} for k, v in strings],
            "pagination": {"offset": 0, "limit": 25}}
    write([ix("GET", f"https://api.crowdin.com/api/v2/projects/{proj}/languages/de/translations?limit=25", [("Authorization", "Bearer " + tok)],
              rbody=body)])


# ---------------------------------------------------------------------------------------------
# Domains: traffic of every kind, with plain secrets and their look-alikes
# ---------------------------------------------------------------------------------------------

def twilio_sms_and_webhook():
    case("plain", "twilio-messages-and-status-callback", "telephony")
    sid = O("AC" + f.hex(32), "identifiers", "Account SID (Basic user, in every URL)")
    token = S(f.hex(32), "plain", "Auth Token (Basic password)")
    msid = O("SM" + f.hex(32), "identifiers", "Message SID")
    svc = O("MG" + f.hex(32), "identifiers", "Messaging Service SID")
    frm = O("+15005550006", "public", "Twilio's magic test number")
    sig = S(f.b64std(20), "plain", "X-Twilio-Signature of the status callback")
    code = S(f.digits(6), "plain", "a one-time login code in the message body")
    body = f"Your Acme verification code is {code}. It expires in 10 minutes."
    write([
        ix("POST", f"https://api.twilio.com/2010-04-01/Accounts/{sid}/Messages.json", [("Authorization", basic(sid, token)), FORM],
           form([("To", "+15005550010"), ("From", frm), ("MessagingServiceSid", svc), ("Body", body)]), status=201,
           rheaders=[JSON, ("Twilio-Request-Id", "RQ" + f.hex(32))],
           rbody={"sid": msid, "account_sid": sid, "messaging_service_sid": svc, "from": frm, "to": "+15005550010", "body": body, "status": "queued",
                  "uri": f"/2010-04-01/Accounts/{sid}/Messages/{msid}.json", "num_segments": "1", "api_version": "2010-04-01"}),
        ix("POST", "https://hooks.acme.example/twilio/status", [FORM, ("X-Twilio-Signature", sig), ("I-Twilio-Idempotency-Token", f.uuid())],
           form([("MessageSid", msid), ("MessageStatus", "delivered"), ("AccountSid", sid), ("From", frm), ("ApiVersion", "2010-04-01")]),
           rheaders=[TEXT], rbody=""),
    ])


def cognito_initiate_auth():
    case("plain", "cognito-initiate-auth", "auth0/okta/cognito")
    client = O(f.pick(LOWER + DIGITS, 26), "public", "ClientId")
    email = S(person_email(), "plain", "USERNAME (a person's address)")
    passwd = S(pw(16), "plain", "PASSWORD")
    shash = S(b64(f.bytes(32)), "plain", "SECRET_HASH (HMAC with the client secret)")
    idt = S(jwt({"sub": f.uuid(), "email_verified": True, "iss": "https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_" + f.alnum(9),
                 "cognito:username": f.uuid(), "aud": client, "email": email, "token_use": "id", "auth_time": 1795950700}, kid=f.b64std(32)),
            "plain", "IdToken")
    at = S(jwt({"sub": f.uuid(), "token_use": "access", "scope": "aws.cognito.signin.user.admin", "client_id": client}, kid=f.b64std(32)), "plain", "AccessToken")
    rt = S(jwt({"cty": "JWT"}, alg="RSA-OAEP", sig_bytes=16) + "." + f.b64url(300), "plain", "RefreshToken (JWE)")
    dev = O("eu-west-1_" + f.uuid(), "identifiers", "DeviceKey")
    write([ix("POST", "https://cognito-idp.eu-west-1.amazonaws.com/", [("Content-Type", "application/x-amz-json-1.1"),
                                                                         ("X-Amz-Target", "AWSCognitoIdentityProviderService.InitiateAuth")],
              dumps({"AuthFlow": "USER_PASSWORD_AUTH", "ClientId": client, "AuthParameters": {"USERNAME": email, "PASSWORD": passwd, "SECRET_HASH": shash}}),
              rheaders=[("Content-Type", "application/x-amz-json-1.1"), ("x-amzn-RequestId", f.uuid())],
              rbody={"AuthenticationResult": {"AccessToken": at, "ExpiresIn": 3600, "IdToken": idt, "RefreshToken": rt, "TokenType": "Bearer",
                                              "NewDeviceMetadata": {"DeviceKey": dev, "DeviceGroupKey": "-" + f.alnum(9)}}, "ChallengeParameters": {}})])


def okta_authn_session():
    case("plain", "okta-authn-session-token", "auth0/okta/cognito")
    login = S(person_email(), "plain", "username (a person's address)")
    passwd = S(pw(14), "plain", "password")
    state = S("02" + f.b64url(40), "plain", "stateToken")
    session = S("20111" + f.b64url(60), "plain", "sessionToken, then in the authorize URL")
    sid = S("102" + f.b64url(22), "plain", "sid cookie")
    uid = O("00u" + f.alnum(17), "identifiers", "user id")
    factor = O("opf" + f.alnum(17), "identifiers", "factor id")
    org = O("https://acme.okta.com", "identifiers", "org URL")
    cid = O("0oa" + f.alnum(17), "public", "client_id")
    write([
        ix("POST", org + "/api/v1/authn", [JSON, ("Accept", "application/json")], {"username": login, "password": passwd},
           rbody={"stateToken": state, "expiresAt": "2026-11-30T11:50:00.000Z", "status": "MFA_REQUIRED",
                  "_embedded": {"user": {"id": uid, "profile": {"login": login, "locale": "en", "timeZone": "Europe/Berlin"}},
                                "factors": [{"id": factor, "factorType": "push", "provider": "OKTA"}]}}),
        ix("POST", f"{org}/api/v1/authn/factors/{factor}/verify", [JSON], {"stateToken": state},
           rbody={"expiresAt": "2026-11-30T11:50:00.000Z", "status": "SUCCESS", "sessionToken": session, "_embedded": {"user": {"id": uid}}}),
        ix("GET", f"{org}/oauth2/default/v1/authorize?client_id={cid}&response_type=code&scope=openid&redirect_uri=https%3A%2F%2Fapp.acme.example%2Fcb&state=st{f.hex(8)}&sessionToken={session}",
           [UA], status=302, rheaders=[("Location", "https://app.acme.example/cb?code=" + S(f.b64url(43), "plain", "authorization code") + "&state=st"),
                                       ("Set-Cookie", f"sid={sid}; Path=/; Secure; HttpOnly; SameSite=None")], rbody=""),
    ])


def mobile_push():
    case("plain", "apns-and-fcm-push", "mobile push")
    jwt_apns = S(jwt({"iss": f.pick(UPPER + DIGITS, 10), "iat": 1795950800}, alg="ES256", kid=f.pick(UPPER + DIGITS, 10), sig_bytes=64),
                 "plain", "APNs provider token (authorization: bearer)")
    device = O(f.hex(64), "identifiers", "APNs device token in the URL path (labelled ordinary, see report)")
    topic = O("com.acme.shop", "identifiers", "apns-topic")
    apnsid = O(f.uuid().upper(), "identifiers", "apns-id")
    ya29 = S("ya29.c." + f.b64url(200), "plain", "FCM v1 OAuth token")
    reg = O(f.b64url(22) + ":APA91b" + f.b64url(134), "identifiers", "FCM registration token of a device (labelled ordinary, see report)")
    name = O("projects/shop-prod/messages/0:" + f.digits(16) + "%" + f.hex(16), "identifiers", "FCM message name")
    write([
        ix("POST", f"https://api.push.apple.com/3/device/{device}", [("authorization", "bearer " + jwt_apns), ("apns-topic", topic),
                                                                     ("apns-push-type", "alert"), ("apns-id", apnsid)],
           {"aps": {"alert": {"title": "Order shipped", "body": "Your order 4711 is on its way"}, "sound": "default"}},
           rheaders=[("apns-id", apnsid), ("apns-unique-id", f.uuid())], rbody=""),
        ix("POST", "https://fcm.googleapis.com/v1/projects/shop-prod/messages:send", [("Authorization", "Bearer " + ya29), JSON],
           {"message": {"token": reg, "notification": {"title": "Order shipped"}, "android": {"priority": "high"}}}, rbody={"name": name}),
    ])


def gcp_metadata():
    case("plain", "gcp-metadata-token-and-identity", "metadata servers")
    at = S("ya29.c.c0AY_VpZ" + f.b64url(400), "plain", "access_token from the metadata server")
    idt = S(jwt({"aud": "https://orders-" + f.pick(LOWER, 10) + "-ew.a.run.app", "azp": f.digits(21), "email": "orders@shop-prod.iam.gserviceaccount.com",
                 "email_verified": True, "exp": 1795954400, "iat": 1795950800, "iss": "https://accounts.google.com", "sub": f.digits(21)}, kid=f.hex(40)),
            "plain", "identity token")
    sa = O("orders@shop-prod.iam.gserviceaccount.com", "identifiers", "service account email (not a person)")
    proj = O(f.digits(12), "identifiers", "numeric project id")
    h = [("Metadata-Flavor", "Google")]
    rh = [("Metadata-Flavor", "Google"), ("Server", "Metadata Server for VM")]
    write([
        ix("GET", "http://metadata.google.internal/computeMetadata/v1/project/numeric-project-id", h, rheaders=[TEXT] + rh, rbody=proj),
        ix("GET", "http://metadata.google.internal/computeMetadata/v1/instance/service-accounts/default/email", h, rheaders=[TEXT] + rh, rbody=sa),
        ix("GET", "http://metadata.google.internal/computeMetadata/v1/instance/service-accounts/default/token", h, rheaders=[JSON] + rh,
           rbody={"access_token": at, "expires_in": 3599, "token_type": "Bearer"}),
        ix("GET", "http://metadata.google.internal/computeMetadata/v1/instance/service-accounts/default/identity?audience=https%3A%2F%2Forders.internal&format=full", h,
           rheaders=[TEXT] + rh, rbody=idt),
    ])


def aws_imds_v2():
    case("plain", "aws-imdsv2-role-credentials", "metadata servers")
    ttl_token = S(f.b64std(42).rstrip("=") + "==", "plain", "IMDSv2 session token (PUT /latest/api/token), then X-aws-ec2-metadata-token")
    akid = S(f.aws_key_id("ASIA"), "plain", "AccessKeyId of the role credentials (labelled secret, see report)")
    sec = S(f.aws_secret(), "plain", "SecretAccessKey")
    tok = S(f.aws_session_token(), "plain", "Token")
    role = O("shop-web-" + f.pick(LOWER, 6), "identifiers", "role name")
    inst = O("i-" + f.hex(17), "identifiers", "instance id")
    h = [("X-aws-ec2-metadata-token", ttl_token)]
    write([
        ix("PUT", "http://169.254.169.254/latest/api/token", [("X-aws-ec2-metadata-token-ttl-seconds", "21600")], rheaders=[TEXT, ("X-Aws-Ec2-Metadata-Token-Ttl-Seconds", "21600")], rbody=ttl_token),
        ix("GET", "http://169.254.169.254/latest/meta-data/instance-id", h, rheaders=[TEXT], rbody=inst),
        ix("GET", "http://169.254.169.254/latest/meta-data/iam/security-credentials/", h, rheaders=[TEXT], rbody=role),
        ix("GET", f"http://169.254.169.254/latest/meta-data/iam/security-credentials/{role}", h, rheaders=[TEXT],
           rbody=json.dumps({"Code": "Success", "LastUpdated": "2026-11-30T11:00:12Z", "Type": "AWS-HMAC", "AccessKeyId": akid,
                             "SecretAccessKey": sec, "Token": tok, "Expiration": "2026-11-30T17:24:40Z"}, indent=2)),
    ])


def saml_and_wss():
    case("plain", "saml-post-and-ws-security", "SOAP/SAML")
    email = S(person_email(), "plain", "NameID (a person's address) in the SAML assertion")
    sigval = S(f.b64std(256), "plain", "ds:SignatureValue of the assertion (labelled secret: the signed assertion is a bearer credential)")
    cert = O(f.b64std(700), "public", "ds:X509Certificate (public)")
    relay = O("/dashboard?tab=" + f.pick(LOWER, 6), "identifiers", "RelayState")
    resp_id = O("_" + f.hex(40), "identifiers", "Response ID")
    digestv = O(f.b64std(32), "public", "ds:DigestValue (hash of the signed element)")
    xml = (f'<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="{resp_id}" Version="2.0" IssueInstant="2026-11-30T11:45:00Z" Destination="https://shop.example.com/saml/acs">'
           f'<saml:Issuer>https://idp.acme.example/saml</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>'
           f'<saml:Assertion ID="_{f.hex(40)}" Version="2.0" IssueInstant="2026-11-30T11:45:00Z"><saml:Issuer>https://idp.acme.example/saml</saml:Issuer>'
           f'<ds:Signature xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:SignedInfo><ds:CanonicalizationMethod Algorithm="http://www.w3.org/2001/10/xml-exc-c14n#"/>'
           f'<ds:SignatureMethod Algorithm="http://www.w3.org/2001/04/xmldsig-more#rsa-sha256"/><ds:Reference URI="#{resp_id}"><ds:DigestValue>{digestv}</ds:DigestValue></ds:Reference></ds:SignedInfo>'
           f'<ds:SignatureValue>{sigval}</ds:SignatureValue><ds:KeyInfo><ds:X509Data><ds:X509Certificate>{cert}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></ds:Signature>'
           f'<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">{email}</saml:NameID></saml:Subject></saml:Assertion></samlp:Response>')
    session = S(f.hex(64), "plain", "the app's session cookie after the ACS")
    wss_pw = S(pw(16), "plain", "wsse:Password Type=PasswordText")
    wss_nonce = O(b64(f.bytes(16)), "challenge", "wsse:Nonce (base64)")
    created = O("2026-11-30T11:46:01.120Z", "plain", "wsu:Created")
    soap = (f'<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:wsse="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd" xmlns:wsu="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd">'
            f'<soapenv:Header><wsse:Security soapenv:mustUnderstand="1"><wsse:UsernameToken wsu:Id="UsernameToken-{f.hex(32).upper()}"><wsse:Username>shop-integration</wsse:Username>'
            f'<wsse:Password Type="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordText">{wss_pw}</wsse:Password>'
            f'<wsse:Nonce EncodingType="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-soap-message-security-1.0#Base64Binary">{wss_nonce}</wsse:Nonce><wsu:Created>{created}</wsu:Created>'
            '</wsse:UsernameToken></wsse:Security></soapenv:Header><soapenv:Body><GetOrderStatus xmlns="urn:acme:erp"><OrderId>4711</OrderId></GetOrderStatus></soapenv:Body></soapenv:Envelope>')
    write([
        ix("POST", "https://shop.example.com/saml/acs", [UA, FORM], form([("SAMLResponse", b64(xml)), ("RelayState", relay)]), status=302,
           rheaders=[("Location", "https://shop.example.com" + relay), ("Set-Cookie", f"shop_sid={session}; Path=/; Secure; HttpOnly")], rbody=""),
        ix("POST", "https://erp.acme.example/ws/OrderService", [XML, ("SOAPAction", '"urn:acme:erp/GetOrderStatus"')], soap,
           rheaders=[("Content-Type", "text/xml; charset=utf-8")], rbody='<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Body><GetOrderStatusResponse xmlns="urn:acme:erp"><Status>SHIPPED</Status></GetOrderStatusResponse></soapenv:Body></soapenv:Envelope>'),
    ])


def database_connection_uris():
    case("plain", "neon-upstash-connection-uris", "databases")
    neon_key = S("napi_" + f.pick(LOWER + DIGITS, 64), "plain", "Neon API key")
    pgpw = S("npg_" + f.alnum(12), "plain", "role password inside connection_uri")
    host = O("ep-" + f.pick(LOWER, 5) + "-" + f.pick(LOWER, 7) + "-" + f.pick(LOWER + DIGITS, 8) + "-pooler.eu-central-1.aws.neon.tech", "identifiers", "pooled endpoint host")
    role = O("neondb_owner", "identifiers", "role name (URL user)")
    upstash = S("A" + f.b64url(59), "plain", "Upstash REST token (Bearer)")
    redis_pw = S(f.b64url(38), "plain", "password inside the rediss:// URL")
    rhost = O(f.pick(LOWER, 6) + "-" + f.pick(LOWER, 6) + "-" + f.digits(5) + ".upstash.io", "identifiers", "Redis host")
    proj = O(f.pick(LOWER, 6) + "-" + f.pick(LOWER, 6) + "-" + f.digits(8), "identifiers", "Neon project id")
    write([
        ix("GET", f"https://console.neon.tech/api/v2/projects/{proj}/connection_uri?database_name=neondb&role_name={role}&pooled=true",
           [("Authorization", "Bearer " + neon_key), ("Accept", "application/json")],
           rbody={"uri": f"postgresql://{role}:{pgpw}@{host}/neondb?sslmode=require&channel_binding=require"}),
        ix("GET", f"https://{proj}-redis.upstash.io/get/session:{f.hex(8)}", [("Authorization", "Bearer " + upstash)],
           rbody={"result": dumps({"cache_url": f"rediss://default:{redis_pw}@{rhost}:6379", "ttl": 300})}),
    ])


def webhook_signatures():
    case("plain", "webhooks-github-stripe-shopify", "webhooks")
    secret = S("whsec_" + f.b64std(24), "plain", "Stripe endpoint secret (in the hook config dump)")
    payload = dumps({"id": "evt_" + f.alnum(24), "object": "event", "type": "invoice.paid", "data": {"object": {"id": "in_" + f.alnum(24)}}})
    ts = "1795950900"
    v1 = S(hmac.new(secret.encode(), f"{ts}.{payload}".encode(), hashlib.sha256).hexdigest(), "plain", "Stripe-Signature v1= (HMAC-SHA256)")
    gh_sig = S(f.hex(64), "plain", "X-Hub-Signature-256 sha256=")
    gh_sha1 = S(f.hex(40), "plain", "X-Hub-Signature sha1=")
    delivery = O(f.uuid(), "identifiers", "X-GitHub-Delivery")
    commit = O(f.hex(40), "identifiers", "head_commit.id")
    before = O(f.hex(40), "identifiers", "before")
    shop_hmac = S(f.b64std(32), "plain", "X-Shopify-Hmac-Sha256 (base64)")
    whid = O(f.uuid(), "identifiers", "X-Shopify-Webhook-Id")
    write([
        ix("POST", "https://hooks.acme.example/stripe", [JSON, ("Stripe-Signature", f"t={ts},v1={v1}"), ("User-Agent", "Stripe/1.0 (+https://stripe.com/docs/webhooks)")],
           payload, rbody={"received": True}),
        ix("POST", "https://hooks.acme.example/github", [JSON, ("X-GitHub-Event", "push"), ("X-GitHub-Delivery", delivery), ("X-Hub-Signature", "sha1=" + gh_sha1),
                                                          ("X-Hub-Signature-256", "sha256=" + gh_sig), ("X-GitHub-Hook-ID", f.digits(9))],
           {"ref": "refs/heads/main", "before": before, "after": commit, "head_commit": {"id": commit, "message": "Bump version", "tree_id": f.hex(40)},
            "repository": {"full_name": "acme/shop"}}, rheaders=[TEXT], rbody="ok"),
        ix("POST", "https://hooks.acme.example/shopify", [JSON, ("X-Shopify-Topic", "orders/create"), ("X-Shopify-Hmac-Sha256", shop_hmac),
                                                           ("X-Shopify-Shop-Domain", "acme-shop.myshopify.com"), ("X-Shopify-Webhook-Id", whid)],
           {"id": int(f.digits(13)), "name": "#1042", "total_price": "42.00"}, rheaders=[TEXT], rbody=""),
        ix("GET", "https://api.stripe.com/v1/webhook_endpoints/we_" + f.alnum(24), [("Authorization", "Bearer " + S("rk_live_" + f.alnum(99), "plain", "restricted key"))],
           rbody={"id": "we_x", "object": "webhook_endpoint", "url": "https://hooks.acme.example/stripe", "secret": secret, "status": "enabled"}),
    ])


def shopify_graphql():
    case("plain", "shopify-admin-graphql-customer", "GraphQL")
    tok = S("shpat_" + f.hex(32), "plain", "X-Shopify-Access-Token")
    email = S(person_email(), "plain", "customer email in the mutation variables and the response")
    gid = O("gid://shopify/Customer/" + f.digits(13), "identifiers", "customer GID")
    cursor = O("eyJsYXN0X2lkIjo" + f.b64url(30), "public", "pageInfo.endCursor (base64url JSON)")
    cost = O("Shopify-GraphQL-Cost-Debug", "names", "a header name")
    write([
        ix("POST", "https://acme-shop.myshopify.com/admin/api/2025-01/graphql.json", [("X-Shopify-Access-Token", tok), JSON, (cost, "1")],
           {"query": "mutation customerCreate($input: CustomerInput!) { customerCreate(input: $input) { customer { id email } userErrors { field message } } }",
            "variables": {"input": {"email": email, "firstName": "Mei", "tags": ["newsletter"]}}},
           rbody={"data": {"customerCreate": {"customer": {"id": gid, "email": email}, "userErrors": []}},
                  "extensions": {"cost": {"requestedQueryCost": 10, "actualQueryCost": 10, "throttleStatus": {"maximumAvailable": 2000.0, "currentlyAvailable": 1990, "restoreRate": 100.0}}}}),
        ix("POST", "https://acme-shop.myshopify.com/admin/api/2025-01/graphql.json", [("X-Shopify-Access-Token", tok), JSON],
           {"query": "{ customers(first: 1) { pageInfo { endCursor hasNextPage } nodes { id } } }"},
           rbody={"data": {"customers": {"pageInfo": {"endCursor": cursor, "hasNextPage": True}, "nodes": [{"id": gid}]}}}),
    ])


def sendgrid_mailgun():
    case("plain", "sendgrid-mailgun-send", "e-mail APIs")
    sg = S("SG." + f.b64url(22) + "." + f.b64url(43), "plain", "SendGrid API key")
    mg = S(f.hex(32) + "-" + f.hex(8) + "-" + f.hex(8), "plain", "Mailgun private API key (Basic password, user 'api')")
    to = S(person_email(), "plain", "recipient (a person)")
    sgid = O(f.b64url(22), "identifiers", "X-Message-Id")
    mgid = O(f"<20261130114800.{f.hex(16)}@mg.shop.example.com>", "identifiers", "Mailgun message id (shaped like an address)")
    tmpl = O("d-" + f.hex(32), "identifiers", "SendGrid dynamic template id")
    write([
        ix("POST", "https://api.sendgrid.com/v3/mail/send", [("Authorization", "Bearer " + sg), JSON],
           {"personalizations": [{"to": [{"email": to}], "dynamic_template_data": {"first_name": "Ravi"}}], "from": {"email": "orders@shop.example.com"},
            "template_id": tmpl}, status=202, rheaders=[("X-Message-Id", sgid)], rbody=""),
        ix("POST", "https://api.eu.mailgun.net/v3/mg.shop.example.com/messages", [("Authorization", basic("api", mg)), ("Content-Type", "multipart/form-data; boundary=mgbnd")],
           multipart("mgbnd", [("from", None, None, "Shop <orders@shop.example.com>"), ("to", None, None, to), ("subject", None, None, "Your order"),
                               ("text", None, None, "Thanks for your order.")]),
           rbody={"id": mgid, "message": "Queued. Thank you."}),
    ])


def llm_tool_config_dump():
    case("structure", "llm-agent-config-dump", "LLM APIs")
    mcp = S(f.b64url(40), "structure", "env.GITHUB_PERSONAL_ACCESS_TOKEN one level below a server entry (no provider prefix)")
    brave = S("BSA" + f.alnum(28), "structure", "env.BRAVE_API_KEY of an MCP server")
    header = S(f.hex(48), "structure", "headers.Authorization value of a remote MCP server (raw, no scheme)")
    model = O("claude-sonnet-4-5", "plain", "model setting")
    cmd = O("npx -y @modelcontextprotocol/server-github", "structure", "command of a server")
    url = O("https://mcp.acme.example/sse", "structure", "url of a remote server")
    lk = S("lsv2_pt_" + f.hex(32) + "_" + f.hex(10), "plain", "LangSmith key in x-api-key")
    cfg = {"model": model, "mcpServers": {"github": {"command": cmd.split(" ")[0], "args": cmd.split(" ")[1:], "env": {"GITHUB_PERSONAL_ACCESS_TOKEN": mcp}},
                                           "brave-search": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-brave-search"], "env": {"BRAVE_API_KEY": brave}},
                                           "internal": {"type": "sse", "url": url, "headers": {"Authorization": header}}}}
    write([ix("POST", "https://api.smith.langchain.com/runs/batch", [("x-api-key", lk), JSON],
              {"post": [{"id": f.uuid(), "name": "agent", "run_type": "chain", "inputs": {"config": cfg, "command": cmd}}]}, rbody={"message": "Runs batch ingested"})])


def signed_urls():
    case("encoding", "signed-urls-s3-gcs-cloudfront-imgproxy", "signed URLs")
    akid = S(f.aws_key_id("AKIA"), "plain", "X-Amz-Credential key id of a presigned URL (labelled secret, see report)")
    s3sig = S(f.sigv4(), "plain", "X-Amz-Signature of a presigned GET")
    gsa = O("uploader@shop-prod.iam.gserviceaccount.com", "identifiers", "X-Goog-Credential service account (percent-encoded)")
    gsig = S(f.hex(512), "plain", "X-Goog-Signature (RSA, 512 hex)")
    kp = O("K" + f.pick(UPPER + DIGITS, 13), "public", "CloudFront Key-Pair-Id (a public key id)")
    cfsig = S(f.b64std(128).replace("+", "-").replace("=", "_").replace("/", "~"), "plain", "CloudFront Signature= (URL-safe variant)")
    policy = O(b64(dumps({"Statement": [{"Resource": "https://d111111abcdef8.cloudfront.net/videos/*", "Condition": {"DateLessThan": {"AWS:EpochTime": 1795954500}}}]}))
               .replace("+", "-").replace("=", "_").replace("/", "~"), "public", "CloudFront Policy= (base64 of a public policy)")
    imgsig = S(f.b64url(43), "encoding", "imgproxy HMAC signature as the first path segment")
    cld = S("s--" + f.b64url(8) + "--", "encoding", "Cloudinary signed delivery path segment s--…--")
    src = O(b64("s3://shop-media/products/4711/front.jpg", url=True, pad=False), "encoding", "imgproxy base64url source segment (public path)")
    key = O("exports/2026-11/orders.csv", "identifiers", "object key")
    s3url = (f"https://acme-exports.s3.eu-west-1.amazonaws.com/{key}?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential={akid}%2F20261130%2Feu-west-1%2Fs3%2Faws4_request"
             f"&X-Amz-Date=20261130T114500Z&X-Amz-Expires=900&X-Amz-SignedHeaders=host&X-Amz-Signature={s3sig}")
    gurl = (f"https://storage.googleapis.com/shop-uploads/incoming/{f.uuid()}.jpg?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Credential={q(gsa)}%2F20261130%2Fauto%2Fstorage%2Fgoog4_request"
            f"&X-Goog-Date=20261130T114500Z&X-Goog-Expires=600&X-Goog-SignedHeaders=content-type%3Bhost&X-Goog-Signature={gsig}")
    cfurl = f"https://d111111abcdef8.cloudfront.net/videos/intro.m3u8?Policy={policy}&Signature={cfsig}&Key-Pair-Id={kp}"
    imgurl = f"https://img.shop.example.com/{imgsig}/rs:fill:600:400:0/g:sm/{src}.webp"
    cldurl = f"https://res.cloudinary.com/acme/image/upload/{cld}/c_fill,w_600/v1795950000/products/front.jpg"
    write([
        ix("POST", "https://api.shop.example.com/v1/exports/orders/download-link", [JSON, ("Authorization", "Bearer " + S(f.b64url(43), "plain", "app session bearer"))],
           {"month": "2026-11"}, rbody={"url": s3url, "expires_in": 900, "upload": {"url": gurl, "method": "PUT", "headers": {"Content-Type": "image/jpeg"}},
                                        "video": cfurl, "thumbnail": imgurl, "hero": cldurl}),
        ix("GET", s3url, [], rheaders=[("Content-Type", "text/csv"), ("ETag", '"' + f.hex(32) + '"'), ("x-amz-request-id", f.pick(UPPER + DIGITS, 16))], rbody="id,total\n4711,42.00\n"),
        ix("PUT", gurl, [("Content-Type", "image/jpeg")], "JPEG", rheaders=[("X-GUploader-UploadID", f.b64url(90)), ("ETag", '"' + f.hex(32) + '"')], rbody=""),
        ix("GET", imgurl, [UA], rheaders=[("Content-Type", "image/webp"), ("Cache-Control", "max-age=31536000, public")], rbody="RIFF fake"),
    ])


def etcd_grpc_auth():
    case("framing", "etcd-grpc-authenticate", "databases")
    name = O("root", "identifiers", "user name in AuthenticateRequest")
    passwd = S(pw(16), "framing", "password in a length-prefixed gRPC frame (application/grpc)")
    token = S(f.alnum(16) + "." + f.digits(2), "framing", "simple token in AuthenticateResponse, then the token metadata of the next call")
    cluster = O(f.digits(19), "identifiers", "header.cluster_id (as decimal in the JSON gateway)")
    req = grpc_frame(pb_str(1, name) + pb_str(2, passwd))
    resp = grpc_frame(pb_str(1, pb_int(1, int(cluster)) + pb_int(2, 8213) + pb_int(3, 9)) + pb_str(2, token))
    write([
        ix("POST", "http://etcd-0.etcd.svc:2379/etcdserverpb.Auth/Authenticate", [("Content-Type", "application/grpc"), ("TE", "trailers"), ("grpc-accept-encoding", "gzip")], req,
           rheaders=[("Content-Type", "application/grpc"), ("grpc-status", "0")], rbody=resp),
        ix("POST", "http://etcd-0.etcd.svc:2379/v3/kv/range", [JSON, ("Authorization", token)], {"key": b64("/registry/configmaps/shop/shop-config")},
           rbody={"header": {"cluster_id": cluster, "member_id": f.digits(19), "revision": "8213", "raft_term": "9"}, "count": "0"}),
    ])


def webauthn_login():
    case("challenge", "webauthn-assertion", "HTML apps")
    challenge = O(f.b64url(43), "challenge", "WebAuthn challenge (options, and inside clientDataJSON)")
    rp = O("shop.example.com", "challenge", "rpId")
    cred = O(f.b64url(86), "public", "credential id (allowCredentials and rawId)")
    handle = O(f.b64url(43), "identifiers", "userHandle")
    sig = S(b64(f.bytes(71), url=True, pad=False), "challenge", "assertion signature (authenticates the user)")
    auth_data = O(b64(hashlib.sha256(rp.encode()).digest() + b"\x05" + struct.pack(">I", 17), url=True, pad=False), "public", "authenticatorData (rpIdHash, flags, counter)")
    sess = S(f.b64url(43), "plain", "session cookie set after the assertion")
    cdj = b64(dumps({"type": "webauthn.get", "challenge": challenge, "origin": "https://shop.example.com", "crossOrigin": False}), url=True, pad=False)
    write([
        ix("POST", "https://shop.example.com/webauthn/login/options", [JSON], {"username": ""},
           rbody={"challenge": challenge, "timeout": 60000, "rpId": rp, "allowCredentials": [{"type": "public-key", "id": cred, "transports": ["internal", "hybrid"]}],
                  "userVerification": "preferred"}),
        ix("POST", "https://shop.example.com/webauthn/login/verify", [JSON],
           {"id": cred, "rawId": cred, "type": "public-key", "response": {"clientDataJSON": cdj, "authenticatorData": auth_data, "signature": sig, "userHandle": handle},
            "clientExtensionResults": {}, "authenticatorAttachment": "platform"},
           rheaders=[JSON, ("Set-Cookie", f"__Host-session={sess}; Path=/; Secure; HttpOnly; SameSite=Lax")], rbody={"verified": True}),
    ])


def google_maps_routes():
    case("plain", "google-maps-routes-server-key", "maps")
    key = S("AIzaSy" + f.b64url(33), "plain", "X-Goog-Api-Key of a server-side Routes call (unrestricted server key)")
    mask = O("routes.duration,routes.distanceMeters,routes.polyline.encodedPolyline", "plain", "X-Goog-FieldMask")
    poly = O("u{~vFvyys@fS]" + f.pick("?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~", 24), "public", "encodedPolyline (looks like a token)")
    place = O("ChIJ" + f.b64url(23), "identifiers", "place id")
    write([ix("POST", "https://routes.googleapis.com/directions/v2:computeRoutes", [JSON, ("X-Goog-Api-Key", key), ("X-Goog-FieldMask", mask)],
              {"origin": {"placeId": place}, "destination": {"address": "Alexanderplatz, Berlin"}, "travelMode": "DRIVE"},
              rbody={"routes": [{"distanceMeters": 7412, "duration": "1093s", "polyline": {"encodedPolyline": poly}}]})])


def slack_and_svix_webhooks():
    case("plain", "webhooks-slack-events-svix", "webhooks")
    signing = S(f.hex(32), "plain", "Slack signing secret in the app config dump")
    sig = S(f.hex(64), "plain", "X-Slack-Signature v0= (HMAC-SHA256)")
    ts = O("1795951000", "plain", "X-Slack-Request-Timestamp")
    verif = S(f.alnum(24), "names", "legacy verification token in the event payload's token field")
    team = O("T" + f.pick(UPPER + DIGITS, 10), "identifiers", "team_id")
    app = O("A" + f.pick(UPPER + DIGITS, 10), "identifiers", "api_app_id")
    ev = O("Ev" + f.pick(UPPER + DIGITS, 10), "identifiers", "event_id")
    bot = S("xoxb-" + f.digits(13) + "-" + f.digits(13) + "-" + f.alnum(24), "plain", "bot token")
    svix_id = O("msg_" + f.alnum(27), "identifiers", "svix-id")
    svix_sig = S("v1," + f.b64std(32), "plain", "svix-signature")
    svix_secret = S("whsec_" + f.b64std(24), "plain", "Svix endpoint secret in the endpoint listing")
    channel = O("C" + f.pick(UPPER + DIGITS, 10), "identifiers", "channel id")
    event = {"token": verif, "team_id": team, "api_app_id": app, "event": {"type": "app_mention", "user": "U" + f.pick(UPPER + DIGITS, 10),
             "text": "<@U0LAN0Z89> deploy status?", "ts": "1795951000.000200", "channel": channel}, "type": "event_callback", "event_id": ev,
             "event_time": 1795951000}
    write([
        ix("POST", "https://hooks.acme.example/slack/events", [JSON, ("X-Slack-Request-Timestamp", ts), ("X-Slack-Signature", "v0=" + sig),
                                                                ("User-Agent", "Slackbot 1.0 (+https://api.slack.com/robots)")], event, rheaders=[TEXT], rbody=""),
        ix("POST", "https://slack.com/api/chat.postMessage", [("Authorization", "Bearer " + bot), JSONU], {"channel": channel, "text": "Deploy 4.2.0 is live"},
           rbody={"ok": True, "channel": channel, "ts": "1795951001.000300", "message": {"type": "message", "app_id": app, "team": team}}),
        ix("GET", f"https://api.slack.com/api/apps.manifest.export?app_id={app}", [("Authorization", "Bearer xoxe.xoxp-1-" + S(f.alnum(140), "plain", "app configuration token body"))],
           rbody={"ok": True, "manifest": {"display_information": {"name": "Deploy Bot"}, "settings": {"event_subscriptions": {"request_url": "https://hooks.acme.example/slack/events"}}},
                  "credentials": {"client_id": O(f.digits(13) + "." + f.digits(13), "public", "Slack client_id"), "signing_secret": signing}}),
        ix("POST", "https://hooks.acme.example/resend", [JSON, ("svix-id", svix_id), ("svix-timestamp", "1795951010"), ("svix-signature", svix_sig)],
           {"type": "email.delivered", "created_at": "2026-11-30T11:56:50.000Z", "data": {"email_id": f.uuid()}}, rheaders=[TEXT], rbody=""),
        ix("GET", "https://api.svix.com/api/v1/app/app_" + f.alnum(27) + "/endpoint/ep_" + f.alnum(27) + "/secret",
           [("Authorization", "Bearer " + S("testsk_" + f.alnum(32) + ".eu", "plain", "Svix API key"))], rbody={"key": svix_secret}),
    ])


def rancher_kubeconfig():
    case("structure", "rancher-generated-kubeconfig", "Kubernetes")
    api = S("token-" + f.pick(LOWER + DIGITS, 5) + ":" + f.pick(LOWER + DIGITS, 54), "plain", "Rancher API token (Bearer)")
    user_tok = S("kubeconfig-user-" + f.pick(LOWER + DIGITS, 5) + ":" + f.pick(LOWER + DIGITS, 54), "structure", "users[].user.token in the kubeconfig YAML")
    key_pem, key_line = f.pem("RSA PRIVATE KEY")
    S(key_line, "structure", "a line of the PEM inside client-key-data (base64) of the kubeconfig")
    ca = O(b64("-----BEGIN CERTIFICATE-----\n" + f.b64std(420) + "\n-----END CERTIFICATE-----\n"), "public", "certificate-authority-data (a public CA)")
    server = O("https://rancher.acme.example/k8s/clusters/c-m-" + f.pick(LOWER + DIGITS, 8), "identifiers", "cluster server URL")
    cert = O(b64("-----BEGIN CERTIFICATE-----\n" + f.b64std(300) + "\n-----END CERTIFICATE-----\n"), "public", "client-certificate-data (public half)")
    yaml = (f"apiVersion: v1\nkind: Config\nclusters:\n- name: \"prod\"\n  cluster:\n    server: \"{server}\"\n    certificate-authority-data: \"{ca}\"\n"
            f"users:\n- name: \"prod\"\n  user:\n    token: \"{user_tok}\"\n- name: \"prod-admin\"\n  user:\n    client-certificate-data: {cert}\n    client-key-data: {b64(key_pem)}\n"
            f"contexts:\n- name: \"prod\"\n  context:\n    user: \"prod\"\n    cluster: \"prod\"\ncurrent-context: \"prod\"\n")
    write([ix("POST", server.replace("/k8s/clusters/", "/v3/clusters/") + "?action=generateKubeconfig", [("Authorization", "Bearer " + api), JSON], {},
              rbody={"baseType": "generateKubeConfigOutput", "config": yaml, "type": "generateKubeConfigOutput"})])


def ai_data_stream_and_graphql_sse():
    case("stream", "ai-sdk-data-stream-and-graphql-sse", "streams")
    dbpw = S(pw(24), "stream", "password of a connection string echoed across 0:\"…\" text parts of an AI SDK data stream")
    msg = O("msg-" + f.alnum(24), "identifiers", "messageId of the f: part")
    new_key = S("sk_live_" + f.alnum(99), "stream", "newKey in a one-line data: event of a GraphQL-over-SSE subscription")
    key_id = O("key_" + f.alnum(16), "public", "id of the rotated key (next to it, ordinary)")
    sub_id = O(f.uuid(), "identifiers", "subscription operation id")
    answer = f"Your DATABASE_URL should be postgres://app:{dbpw}@db.internal:5432/shop?sslmode=require - keep it in the secret store."
    parts = split_text(answer, [11, 9, 17, 12, 8, 10, 9, 30])
    body = "f:" + dumps({"messageId": msg}) + "\n" + "".join("0:" + dumps(p_) + "\n" for p_ in parts) + \
        "e:" + dumps({"finishReason": "stop", "usage": {"promptTokens": 48, "completionTokens": 41}, "isContinued": False}) + "\n" + \
        "d:" + dumps({"finishReason": "stop", "usage": {"promptTokens": 48, "completionTokens": 41}}) + "\n"
    sse = (f"event: next\ndata: " + dumps({"id": sub_id, "payload": {"data": {"apiKeyRotated": {"id": key_id, "newKey": new_key, "rotatedAt": "2026-11-30T12:00:00Z"}}}}) + "\n\n"
           + "event: complete\ndata: " + dumps({"id": sub_id}) + "\n\n")
    write([
        ix("POST", "https://app.acme.example/api/chat", [JSON], {"id": f.alnum(16), "messages": [{"role": "user", "content": f"my db password is {dbpw}, build the URL"}]},
           rheaders=[TEXT, ("x-vercel-ai-data-stream", "v1")], rbody=body),
        ix("POST", "https://api.acme.example/graphql/stream", [JSON, ("Accept", "text/event-stream"), ("Authorization", "Bearer " + S(f.b64url(43), "plain", "bearer token of the subscriber"))],
           {"query": "subscription { apiKeyRotated { id newKey rotatedAt } }", "extensions": {}}, rheaders=[SSE], rbody=sse),
    ])


def kafka_connect_trace():
    case("echo", "kafka-connect-config-and-trace", "databases")
    dbpw = S(pw(18), "echo", "connection.password, echoed inside the task's stack trace (JDBC URL)")
    sasl = S(pw(22), "names", "password=\"…\" inside sasl.jaas.config")
    user = O("connect-sink", "identifiers", "SASL username in the JAAS line")
    topic = O("orders.v1", "identifiers", "topics")
    conn = O("jdbc:mysql://mysql-orders.internal:3306/orders", "structure", "connection.url without credentials")
    wid = O("10.4.1.17:8083", "identifiers", "worker_id")
    cfg = {"connector.class": "io.confluent.connect.jdbc.JdbcSinkConnector", "tasks.max": "2", "topics": topic, "connection.url": conn,
           "connection.user": "orders_sink", "connection.password": dbpw, "auto.create": "true",
           "consumer.override.sasl.jaas.config": f'org.apache.kafka.common.security.plain.PlainLoginModule required username="{user}" password="{sasl}";',
           "consumer.override.security.protocol": "SASL_SSL", "name": "orders-sink"}
    trace = (f"org.apache.kafka.connect.errors.ConnectException: java.sql.SQLException: Access denied for user 'orders_sink'@'10.4.1.17' (using password: YES)\n"
             f"\tat io.confluent.connect.jdbc.util.CachedConnectionProvider.getConnection(CachedConnectionProvider.java:59)\n"
             f"Caused by: java.sql.SQLException: Could not connect to jdbc:mysql://orders_sink:{dbpw}@mysql-orders.internal:3306/orders\n"
             f"\tat com.mysql.cj.jdbc.exceptions.SQLError.createSQLException(SQLError.java:130)\n")
    write([
        ix("GET", "http://connect.internal:8083/connectors/orders-sink", [("Accept", "application/json")],
           rbody={"name": "orders-sink", "config": cfg, "tasks": [{"connector": "orders-sink", "task": 0}, {"connector": "orders-sink", "task": 1}], "type": "sink"}),
        ix("GET", "http://connect.internal:8083/connectors/orders-sink/status", [("Accept", "application/json")],
           rbody={"name": "orders-sink", "connector": {"state": "RUNNING", "worker_id": wid},
                  "tasks": [{"id": 0, "state": "FAILED", "worker_id": wid, "trace": trace}, {"id": 1, "state": "RUNNING", "worker_id": wid}], "type": "sink"}),
    ])


# ---------------------------------------------------------------------------------------------
# Self-check: every value is in its cassette, in the text or a decoded form of it
# ---------------------------------------------------------------------------------------------

B64_RUN = re.compile(r"[A-Za-z0-9+/_\-]{8,}={0,2}")


def _b64_decode(run):
    text = run.replace("-", "+").replace("_", "/").rstrip("=")
    if len(text) % 4 == 1:
        text = text[:-1]
    try:
        return base64.b64decode(text + "=" * (-len(text) % 4), validate=True)
    except (binascii.Error, ValueError):
        return None


def _printable(data):
    return data and sum(32 <= b < 127 or b in (9, 10, 13) for b in data) / len(data) > 0.7


def _bytes_views(data, depth, out):
    out.append(data.decode("latin-1"))
    text = data.decode("utf-8", "replace")
    if depth <= 0:
        return
    if data[:2] == b"\x1f\x8b":
        _bytes_views(gzip.decompress(data), depth - 1, out)
    elif data[:4] == b"PK\x03\x04":
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            for name in archive.namelist():
                _bytes_views(archive.read(name), depth - 1, out)
    elif data[257:262] == b"ustar":
        with tarfile.open(fileobj=io.BytesIO(data)) as archive:
            for member in archive.getmembers():
                _bytes_views(archive.extractfile(member).read(), depth - 1, out)
    elif _printable(data) or data[:1] in (b"\x00", b"\x80"):
        _text_views(text, depth - 1, out)


def _text_views(text, depth, out):
    forms = {text, html.unescape(text), urllib.parse.unquote(text), urllib.parse.unquote_plus(text)}
    if "=\r\n" in text or "=\n" in text or "=3D" in text:
        forms.add(quopri.decodestring(text.encode("utf-8", "replace")).decode("utf-8", "replace"))
    for form_ in sorted(forms):
        out.append(form_)
        if depth <= 0:
            continue
        if form_ != text:
            _text_views(form_, depth - 1, out)
        for run in B64_RUN.findall(form_):
            data = _b64_decode(run)
            if data:
                _bytes_views(data, depth - 1, out)


def cassette_views(path):
    with open(path) as handle:
        raw = handle.read()
    doc = json.loads(raw)
    out = [raw]

    def walk(node):
        if isinstance(node, dict):
            if set(node) == {"base64"}:
                _bytes_views(base64.b64decode(node["base64"]), 4, out)
                return
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)
        elif isinstance(node, str):
            _text_views(node, 4, out)
            try:
                inner = json.loads(node)
            except ValueError:
                inner = None
            if isinstance(inner, (dict, list)):
                walk(inner)
    walk(doc)
    return out


def self_check():
    problems = []
    by_file = {}
    for kind in ("secrets", "ordinary"):
        for entry in MANIFEST[kind]:
            by_file.setdefault(entry["file"], {"secrets": [], "ordinary": []})[kind].append(entry["value"])
    labels = {}
    for kind in ("secrets", "ordinary"):
        for entry in MANIFEST[kind]:
            labels.setdefault(entry["value"], set()).add(kind)
    for value, kinds in labels.items():
        if len(kinds) > 1:
            problems.append(f"labelled both secret and ordinary: {value[:60]}")
    for name in FILES:
        values = by_file.get(name, {"secrets": [], "ordinary": []})
        if not values["secrets"] and not values["ordinary"]:
            problems.append(f"{name}: no values")
        views = cassette_views(os.path.join(FOLDER, name))
        for value in values["secrets"]:
            if not any(value in view for view in views):
                problems.append(f"{name}: secret not found: {value[:60]}")
        secrets = sorted(set(values["secrets"]), key=len, reverse=True)
        for value in values["ordinary"]:
            found = False
            for view in views:
                if value in view:
                    for secret in secrets:
                        view = view.replace(secret, "\x00")
                    if value in view:
                        found = True
                        break
            if not found:
                problems.append(f"{name}: ordinary value not found outside secrets: {value[:60]}")
    return problems


CASES = [
    pulumi_stack_export, gitlab_ci_variables, onepassword_connect_item, k8s_secret_and_configmap, spring_actuator_env,
    phpinfo_table, azure_app_settings, llm_tool_config_dump,
    shell_build_log, jenkins_crumb, auth0_clients, vendor_headers, rails_django_csrf, compose_config,
    azure_sharedkey_echo, aws_sigv4_mismatch, grafana_legacy_key, stripe_masked_echo, elastic_api_key,
    grpc_web_text_login, zip_artifact, oci_layer_tar, easyauth_headers, inertia_data_page, rfc5987_filenames, padded_jwt_tokens,
    gmail_raw_qp, graphql_percent_query,
    openai_tool_call_stream, anthropic_text_stream, docker_pull_ndjson, socketio_polling, k8s_watch_stream, gemini_sse,
    grpc_binary_frame, thrift_binary, fluentd_msgpack,
    azure_devops_org, ses_message_ids, npm_packument, stripe_payment_intent,
    digest_camera, digest_proxy, oauth_pkce_dpop,
    checkout_publishable_keys, analytics_search_keys, sigstore_rekor, vault_accessors, oauth1_header, graphql_cursors,
    keycloak_realm_i18n, crowdin_catalogue,
    twilio_sms_and_webhook, cognito_initiate_auth, okta_authn_session, mobile_push, gcp_metadata, aws_imds_v2, saml_and_wss,
    database_connection_uris, webhook_signatures, shopify_graphql, sendgrid_mailgun,
    signed_urls, etcd_grpc_auth, webauthn_login, google_maps_routes, slack_and_svix_webhooks, rancher_kubeconfig,
    ai_data_stream_and_graphql_sse, kafka_connect_trace,
]


def main():
    if os.path.isdir(FOLDER):
        for name in os.listdir(FOLDER):
            if name.startswith("f-") and name.endswith(".json"):
                os.remove(os.path.join(FOLDER, name))
    for make in CASES:
        make()
    problems = self_check()
    if problems:
        sys.exit("self-check failed:\n" + "\n".join(problems))
    manifest = {"files": sorted(FILES), "secrets": MANIFEST["secrets"], "ordinary": MANIFEST["ordinary"], "split": "Final"}
    with open(os.path.join(FOLDER, "manifest.json"), "w") as handle:
        json.dump(manifest, handle, indent=1, sort_keys=True, ensure_ascii=False)
        handle.write("\n")
    print(f"{len(FILES)} cassettes, {len(MANIFEST['secrets'])} secrets, {len(MANIFEST['ordinary'])} ordinary values")


if __name__ == "__main__":
    main()
