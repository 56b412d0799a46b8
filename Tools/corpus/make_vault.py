"""Held-out corpus "Vault": a blind test set for the scrubber.

Written without reading the scrubber, its tests, its documents or the other corpora's cases: every
case is written from providers' published API references, SDK fixtures and real-world traffic
shapes as remembered, in services and situations that differ from the earlier splits. Every value
is random (seeded) in the shape the provider issues; nothing here is a credential.

Run from Tools/corpus:

    python3 make_vault.py

It writes Tests/CassetteScrubbingTests/Corpus/Fresh/Vault/v-*.json and manifest.json (twice gives
byte-identical files), then checks that every manifest value is findable in at least one decoded
view of its (unscrubbed) cassette, and exits 1 if not.
"""

import hashlib
import hmac
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from cassettes import Fakes, basic, form, interaction, multipart, q, request, response  # noqa: E402
from split import Split  # noqa: E402
from make_unseen import cassette_views  # noqa: E402,F401  (re-exported for the measuring script)
from make_sealed import (  # noqa: E402
    AN, LOAN, UPAN, b64, b64u, b64u_json, gz, multipart_bytes, rhead, sigv4_auth, sse, tar_bytes,
    zip_bytes)
from make_unseen import grpc_frame, grpc_trailer, pb  # noqa: E402
from shapes import HEX, UPPER  # noqa: E402

F = Fakes(20261205)
SPLIT = Split("Vault", "v-")
S = SPLIT.secret
O = SPLIT.ordinary
UA = ("User-Agent", "python-requests/2.32.3")
JSON = "application/json"
CT_JSON = ("Content-Type", JSON)
ACCEPT = ("Accept", JSON)


def hx(n):
    return F.pick(HEX, n)


def an(n):
    return F.pick(AN, n)


def la(n):
    return F.pick(LOAN, n)


def ua(n):
    return F.pick(UPAN, n)


def jwt(claims, alg="RS256", sig=256, kid=None):
    head = {"alg": alg, "typ": "JWT"}
    if kid:
        head["kid"] = kid
    return b64u_json(head) + "." + b64u_json(claims) + "." + b64u(F.bytes(sig))


def rid(where, value=None):
    return O(value or F.uuid(), "identifiers", where)


def sha1(text):
    return hashlib.sha1(text.encode()).hexdigest()


def sha256(text):
    return hashlib.sha256(text.encode()).hexdigest()


def gitsha():
    return hx(40)


def ulid():
    return "01J" + F.pick("0123456789ABCDEFGHJKMNPQRSTVWXYZ", 23)


def pgp_block(label="PGP PRIVATE KEY BLOCK"):
    data = bytes([0x95, 0x03, 0xc6, 0x04]) + F.bytes(900)
    text = b64(data)
    lines = [text[i:i + 64] for i in range(0, len(text), 64)]
    return (f"-----BEGIN {label}-----\nComment: GnuPG v2\n\n" + "\n".join(lines) + "\n=" + an(4)
            + f"\n-----END {label}-----\n"), lines[5]


# ---------------------------------------------------------------------------------------------
# Infrastructure
# ---------------------------------------------------------------------------------------------

@SPLIT.case("hetzner-cloud-server-create-root-password", "infra")
def hetzner():
    tok = S(an(64), "other", "Hetzner Cloud API token in the Authorization Bearer header")
    root = S(F.pick(AN, 20), "structure", "root_password of the created server in the response JSON")
    action = rid("Hetzner action id", F.digits(10))
    fp = O(":".join(hx(2) for _ in range(16)), "digests", "SSH key fingerprint (MD5 colon hex) in ssh_keys list")
    pub = O("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI" + F.b64std(32)[:43] + " deploy@ci", "public", "public SSH key in ssh_keys list")
    return [interaction(request("POST", "https://api.hetzner.cloud/v1/servers", [("Authorization", "Bearer " + tok), CT_JSON, UA],
                                {"name": "worker-fsn1-03", "server_type": "cx32", "image": "ubuntu-24.04", "location": "fsn1", "start_after_create": True}),
                        response(201, rhead(JSON, [("X-Correlation-Id", rid("X-Correlation-Id response header", hx(16)))]),
                                 {"server": {"id": 55210394, "name": "worker-fsn1-03", "status": "initializing",
                                             "public_net": {"ipv4": {"ip": "49.13.120.77"}}},
                                  "action": {"id": int(action), "command": "create_server", "status": "running"},
                                  "next_actions": [], "root_password": root})),
            interaction(request("GET", "https://api.hetzner.cloud/v1/ssh_keys", [("Authorization", "Bearer " + tok)]),
                        response(200, rhead(), {"ssh_keys": [{"id": 1204, "name": "deploy@ci", "fingerprint": fp, "public_key": pub}]}))]


@SPLIT.case("linode-instance-create-stackscript-udf", "infra")
def linode():
    tok = S(hx(64), "other", "Linode personal access token in Authorization Bearer")
    rootp = S(F.password(24), "structure", "root_pass in the instance create request body")
    udf = S(F.password(16), "names", "stackscript_data.wp_db_pass user-defined field in request body")
    return [interaction(request("POST", "https://api.linode.com/v4/linode/instances", [("Authorization", "Bearer " + tok), CT_JSON],
                                {"label": "wp-prod-1", "region": "eu-central", "type": "g6-standard-2", "image": "linode/debian12",
                                 "root_pass": rootp, "stackscript_id": 401706,
                                 "stackscript_data": {"soa_email_address": "ops@example-wp.net", "wp_db_pass": udf, "webserver_stack": "LAMP"},
                                 "authorized_users": ["ops-admin"]}),
                        response(200, rhead(JSON, [("X-Request-Id", rid("X-Request-Id on Linode response"))]),
                                 {"id": 61234987, "label": "wp-prod-1", "status": "provisioning", "ipv4": ["172.105.77.14"],
                                  "host_uuid": rid("host_uuid of the Linode instance", hx(40))}))]


@SPLIT.case("scaleway-secret-manager-version-access", "infra")
def scaleway():
    ak = O("SCW" + ua(17), "identifiers", "Scaleway access key id in the listing (an id; the secret key is the X-Auth-Token)")
    sk = S(F.uuid(), "other", "Scaleway secret key (a UUID) in the X-Auth-Token header")
    proj = rid("Scaleway project_id in query and response")
    sid = rid("secret_id of the Scaleway secret")
    payload = "postgresql://orders:" + S(F.password(20), "encoding", "database password inside a base64 secret version data") + "@10.0.4.12:5432/orders"
    return [interaction(request("GET", f"https://api.scaleway.com/iam/v1alpha1/api-keys?access_key={ak}", [("X-Auth-Token", sk)]),
                        response(200, rhead(), {"api_keys": [{"access_key": ak, "description": "terraform", "default_project_id": proj, "editable": True}], "total_count": 1})),
            interaction(request("GET", f"https://api.scaleway.com/secret-manager/v1beta1/regions/fr-par/secrets/{sid}/versions/latest/access", [("X-Auth-Token", sk)]),
                        response(200, rhead(), {"secret_id": sid, "revision": 3, "data": b64(payload), "type": "opaque",
                                                "data_crc32": O(str(F.digits(10)), "digests", "data_crc32 checksum of the secret version")}))]


@SPLIT.case("flyio-graphql-set-secrets-and-machines", "infra")
def flyio():
    tok = S("FlyV1 fm2_lJPECAAAAAAAA" + F.b64std(160).replace("/", "_").replace("+", "-"), "other", "Fly.io macaroon token in Authorization (FlyV1 fm2_ scheme)")
    sec1 = S("sk_live_" + an(99), "structure", "value of the STRIPE_SECRET_KEY pair in setSecrets input.secrets")
    sec2 = S("redis://default:" + an(32) + "@fly-cache.upstash.io:6379", "structure", "REDIS_URL value (with password) in setSecrets input.secrets")
    digest = O(hx(16), "digests", "secret digest returned by setSecrets")
    mid = rid("Fly machine id", hx(14))
    img = O("sha256:" + hx(64), "digests", "image digest in machine config")
    q1 = ("mutation($input: SetSecretsInput!) { setSecrets(input: $input) { release { id version } app { secrets { name digest } } } }")
    return [interaction(request("POST", "https://api.fly.io/graphql", [("Authorization", tok), CT_JSON],
                                {"query": q1, "variables": {"input": {"appId": "shop-api", "replaceAll": False,
                                                                      "secrets": [{"key": "STRIPE_SECRET_KEY", "value": sec1}, {"key": "REDIS_URL", "value": sec2}]}}}),
                        response(200, rhead(), {"data": {"setSecrets": {"release": {"id": rid("release id in setSecrets", "Rel_" + an(12)), "version": 88},
                                                                        "app": {"secrets": [{"name": "STRIPE_SECRET_KEY", "digest": digest}]}}}})),
            interaction(request("GET", f"https://api.machines.dev/v1/apps/shop-api/machines/{mid}", [("Authorization", tok)]),
                        response(200, rhead(), {"id": mid, "state": "started", "region": "ams", "instance_id": ulid(),
                                                "config": {"image": "registry.fly.io/shop-api@" + img, "env": {"PRIMARY_REGION": "ams", "LOG_LEVEL": "info"}}}))]


@SPLIT.case("render-service-env-vars-and-deploy-hook", "infra")
def render():
    key = S("rnd_" + an(32), "other", "Render API key in Authorization Bearer")
    hook = S(an(11), "structure", "Render deploy hook key in the query (?key=) of the deploy hook URL")
    srv = rid("Render service id", "srv-" + la(20))
    dbp = S(F.password(22), "structure", "DB_PASSWORD env var value in list response")
    jwt_s = S(hx(64), "names", "env var SIGNING_SALT value (hex) in list response")
    return [interaction(request("GET", f"https://api.render.com/v1/services/{srv}/env-vars?limit=20", [("Authorization", "Bearer " + key), ACCEPT]),
                        response(200, rhead(), [{"envVar": {"key": "DB_PASSWORD", "value": dbp}, "cursor": rid("Render cursor", an(16))},
                                                {"envVar": {"key": "SIGNING_SALT", "value": jwt_s}, "cursor": an(16)},
                                                {"envVar": {"key": "NODE_ENV", "value": "production"}, "cursor": an(16)}])),
            interaction(request("POST", f"https://api.render.com/deploy/{srv}?key={hook}"),
                        response(200, rhead(), {"deploy": {"id": rid("Render deploy id", "dep-" + la(20))}}))]


@SPLIT.case("netlify-site-env-and-build-hook", "infra")
def netlify():
    tok = S("nfp_" + an(36), "other", "Netlify personal access token in Authorization Bearer")
    acct = rid("Netlify account id", hx(24))
    site = rid("Netlify site id", F.uuid())
    sv = S("whsec_" + F.b64std(24), "structure", "value of the CLERK_WEBHOOK_SECRET env var in values[].value")
    hookid = S(hx(24), "structure", "Netlify build hook id in the build_hooks path (anyone with it can trigger builds)")
    commit = O(gitsha(), "identifiers", "commit_ref of the deploy")
    return [interaction(request("GET", f"https://api.netlify.com/api/v1/accounts/{acct}/env?site_id={site}", [("Authorization", "Bearer " + tok)]),
                        response(200, rhead(), [{"key": "CLERK_WEBHOOK_SECRET", "scopes": ["functions"], "is_secret": False,
                                                 "values": [{"id": F.uuid(), "value": sv, "context": "production"}]},
                                                {"key": "PUBLIC_SITE_NAME", "scopes": ["builds"], "values": [{"value": "Password Manager Reviews", "context": "all"}]}])),
            interaction(request("POST", f"https://api.netlify.com/build_hooks/{hookid}?trigger_branch=main&trigger_title=cms+publish"),
                        response(200, rhead("text/plain"), "")),
            interaction(request("GET", f"https://api.netlify.com/api/v1/sites/{site}/deploys?per_page=1", [("Authorization", "Bearer " + tok)]),
                        response(200, rhead(), [{"id": hx(24), "state": "ready", "commit_ref": commit, "branch": "main", "title": "Password Manager Reviews"}]))]


@SPLIT.case("digitalocean-app-spec-secret-envs", "infra")
def do_app():
    tok = S("dop_v1_" + hx(64), "other", "DigitalOcean token in Authorization Bearer")
    raw = S("mongodb+srv://doadmin:" + an(24) + "@db-mongodb-ams3-41201.mongo.ondigitalocean.com/admin", "structure", "DATABASE_URL SECRET env value in the app spec update request")
    enc = O("EV[1:" + F.b64std(18) + ":" + F.b64std(48) + "]", "digests", "already encrypted EV[1:...] value returned for a SECRET env (ciphertext, not the plaintext)")
    app = rid("DigitalOcean app id")
    return [interaction(request("PUT", f"https://api.digitalocean.com/v2/apps/{app}", [("Authorization", "Bearer " + tok), CT_JSON],
                                {"spec": {"name": "orders", "region": "ams", "services": [{"name": "api", "envs": [
                                    {"key": "DATABASE_URL", "value": raw, "scope": "RUN_TIME", "type": "SECRET"},
                                    {"key": "LOG_FORMAT", "value": "json", "scope": "RUN_AND_BUILD_TIME", "type": "GENERAL"}]}]}}),
                        response(200, rhead(JSON, [("x-request-id", rid("DigitalOcean x-request-id"))]),
                                 {"app": {"id": app, "spec": {"services": [{"name": "api", "envs": [{"key": "DATABASE_URL", "value": enc, "type": "SECRET"}]}]},
                                          "pending_deployment": {"id": F.uuid(), "cause": "app spec updated"}}}))]


@SPLIT.case("nomad-acl-bootstrap-and-token-create", "infra")
def nomad():
    boot = S(F.uuid(), "structure", "bootstrap SecretID (a UUID) in the ACL bootstrap response")
    acc = rid("AccessorID of the bootstrap token (public half)")
    acc2 = rid("AccessorID of the created deploy token")
    sec2 = S(F.uuid(), "structure", "SecretID of the created deploy token")
    return [interaction(request("POST", "https://nomad.internal:4646/v1/acl/bootstrap"),
                        response(200, rhead(), {"AccessorID": acc, "SecretID": boot, "Name": "Bootstrap Token", "Type": "management", "Global": True,
                                                "CreateIndex": 7, "ModifyIndex": 7})),
            interaction(request("POST", "https://nomad.internal:4646/v1/acl/token", [("X-Nomad-Token", boot), CT_JSON],
                                {"Name": "ci-deployer", "Type": "client", "Policies": ["deploy"], "Global": False}),
                        response(200, rhead(JSON, [("X-Nomad-Index", "12")]),
                                 {"AccessorID": acc2, "SecretID": sec2, "Name": "ci-deployer", "Type": "client", "Policies": ["deploy"],
                                  "Hash": O(F.b64std(32), "digests", "Hash field of the ACL token (base64 digest)")}))]


@SPLIT.case("railway-deploy-logs-subscription-ndjson", "infra")
def railway():
    tok = S(F.uuid(), "other", "Railway API token (UUID) in Authorization Bearer of the subscription upgrade")
    pw = S(an(32), "streams", "PGPASSWORD printed in a deploy log line in the second of the NDJSON-streamed subscription next messages")
    dep = rid("Railway deployment id")
    m1 = {"id": "1", "type": "next", "payload": {"data": {"deploymentLogs": [{"message": "Starting Container", "timestamp": "2026-12-01T08:30:00Z"}]}}}
    m2 = {"id": "1", "type": "next", "payload": {"data": {"deploymentLogs": [{"message": "migrate: connecting with PGPASSWORD=" + pw + " host=postgres.railway.internal", "timestamp": "2026-12-01T08:30:01Z"}]}}}
    body = "\n".join(json.dumps(m) for m in (m1, m2)) + "\n"
    return [interaction(request("POST", "https://backboard.railway.app/graphql/v2", [("Authorization", "Bearer " + tok), CT_JSON],
                                {"query": "subscription($id:String!){deploymentLogs(deploymentId:$id){message timestamp}}", "variables": {"id": dep}}),
                        response(200, rhead("application/x-ndjson"), body))]


# ---------------------------------------------------------------------------------------------
# Payments and commerce
# ---------------------------------------------------------------------------------------------

@SPLIT.case("braintree-xml-transaction-sale", "payments")
def braintree():
    merchant = rid("Braintree merchant id in the URL path", la(16))
    pub = O(la(16), "public", "Braintree public key (user part of Basic auth)")
    priv = S(hx(32), "encoding", "Braintree private key, the password inside base64 Basic credentials")
    nonce = O("tokencc_bh_" + la(6) + "_" + la(6) + "_" + la(6) + "_" + la(6) + "_" + la(3), "challenges", "single-use payment_method_nonce from the client")
    txn = rid("Braintree transaction id", la(8))
    body = (f'<?xml version="1.0" encoding="UTF-8"?>\n<transaction><type>sale</type><amount>49.00</amount>'
            f'<payment-method-nonce>{nonce}</payment-method-nonce><options><submit-for-settlement type="boolean">true</submit-for-settlement></options></transaction>')
    out = (f'<?xml version="1.0" encoding="UTF-8"?>\n<transaction><id>{txn}</id><status>submitted_for_settlement</status>'
           f'<network-transaction-id>{O(F.digits(15), "identifiers", "network-transaction-id")}</network-transaction-id><credit-card><bin>411111</bin><last-4>1111</last-4></credit-card></transaction>')
    return [interaction(request("POST", f"https://api.sandbox.braintreegateway.com/merchants/{merchant}/transactions",
                                [("Authorization", basic(pub, priv)), ("X-ApiVersion", "6"), ("Content-Type", "application/xml"), ("Accept", "application/xml")], body),
                        response(201, rhead("application/xml; charset=utf-8"), out))]


@SPLIT.case("woocommerce-rest-consumer-key-query", "commerce")
def woo():
    ck = S("ck_" + hx(40), "other", "WooCommerce consumer key in the query string")
    cs = S("cs_" + hx(40), "other", "WooCommerce consumer secret in the query string")
    whs = S(F.password(20), "structure", "secret of the created webhook in the request body")
    return [interaction(request("GET", f"https://shop.example-garden.co.uk/wp-json/wc/v3/orders?per_page=5&consumer_key={ck}&consumer_secret={cs}"),
                        response(200, rhead(JSON, [("X-WP-Total", "182"), ("X-WP-TotalPages", "37")]),
                                 [{"id": 7712, "order_key": O("wc_order_" + an(13), "identifiers", "WooCommerce order_key (public order reference in thank-you URLs)"),
                                   "status": "processing", "cart_hash": O(hx(32), "digests", "cart_hash md5"), "total": "64.90"}])),
            interaction(request("POST", f"https://shop.example-garden.co.uk/wp-json/wc/v3/webhooks?consumer_key={ck}&consumer_secret={cs}", [CT_JSON],
                                {"name": "Order created", "topic": "order.created", "delivery_url": "https://hooks.example-garden.co.uk/woo", "secret": whs}),
                        response(201, rhead(), {"id": 31, "status": "active", "secret": whs}))]


@SPLIT.case("bigcommerce-store-api-and-customer-login-jwt", "commerce")
def bigcommerce():
    store = rid("BigCommerce store hash in the path", la(10))
    tok = S(la(31), "names", "BigCommerce access token in the X-Auth-Token header")
    client_id = O(la(31), "public", "BigCommerce app client id (X-Auth-Client header)")
    csecret = S(la(31) + la(20), "structure", "client_secret in the OAuth auth code exchange form")
    code = S(la(31), "structure", "one-time authorization code in the token exchange form")
    return [interaction(request("POST", "https://login.bigcommerce.com/oauth2/token", [("Content-Type", "application/x-www-form-urlencoded")],
                                form([("client_id", client_id), ("client_secret", csecret), ("code", code), ("scope", "store_v2_orders"),
                                      ("grant_type", "authorization_code"), ("redirect_uri", "https://app.example-ship.io/auth"), ("context", "stores/" + store)])),
                        response(200, rhead(), {"access_token": tok, "scope": "store_v2_orders", "user": {"id": 24654, "email": "owner@example-ship.io"}, "context": "stores/" + store})),
            interaction(request("GET", f"https://api.bigcommerce.com/stores/{store}/v3/catalog/products?limit=1", [("X-Auth-Token", tok), ("X-Auth-Client", client_id), ACCEPT]),
                        response(200, rhead(), {"data": [{"id": 111, "name": "Reset Password Kit", "sku": "RPK-01"}], "meta": {"pagination": {"total": 1}}}))]


@SPLIT.case("easypost-shipment-and-shippo-label", "commerce")
def shipping():
    ep = S("EZAK" + hx(32) + an(18), "encoding", "EasyPost API key as the user part of base64 Basic auth")
    shp = S("shippo_live_" + hx(40), "other", "Shippo live token in Authorization: ShippoToken")
    shipid = rid("EasyPost shipment id", "shp_" + hx(32))
    track = rid("tracking code", "9400" + F.digits(18))
    return [interaction(request("POST", "https://api.easypost.com/v2/shipments", [("Authorization", basic(ep, "")), CT_JSON],
                                {"shipment": {"to_address": {"name": "Dr. Steve Brule", "zip": "90277"}, "parcel": {"weight": 17.5}}}),
                        response(201, rhead(), {"id": shipid, "object": "Shipment", "tracking_code": track, "mode": "production"})),
            interaction(request("POST", "https://api.goshippo.com/transactions/", [("Authorization", "ShippoToken " + shp), CT_JSON],
                                {"rate": hx(32), "label_file_type": "PDF", "async": False}),
                        response(201, rhead(), {"object_id": rid("Shippo transaction object_id", hx(32)), "status": "SUCCESS",
                                                "label_url": "https://deliver.goshippo.com/" + hx(32) + ".pdf"}))]


@SPLIT.case("lemonsqueezy-webhook-create-and-delivery", "payments")
def lemon():
    key = S(jwt({"aud": "94d59cef-dbb8-4ea5-b178-d2540fcd6919", "jti": hx(80), "sub": "188421", "scopes": []}, sig=256), "other", "Lemon Squeezy API key (a JWT) in Authorization Bearer")
    secret = S(an(24), "structure", "signing secret in the webhook create attributes")
    body = json.dumps({"meta": {"event_name": "order_created", "custom_data": {"user_id": 8812}},
                       "data": {"type": "orders", "id": "1904772", "attributes": {"identifier": O(F.uuid(), "identifiers", "order identifier UUID in webhook payload"), "user_email": "buyer@example.org", "total": 1999}}},
                      separators=(",", ":"))
    sig = hmac.new(secret.encode(), body.encode(), hashlib.sha256).hexdigest()
    return [interaction(request("POST", "https://api.lemonsqueezy.com/v1/webhooks", [("Authorization", "Bearer " + key), ("Content-Type", "application/vnd.api+json"), ("Accept", "application/vnd.api+json")],
                                {"data": {"type": "webhooks", "attributes": {"url": "https://example.org/hooks/ls", "events": ["order_created"], "secret": secret},
                                          "relationships": {"store": {"data": {"type": "stores", "id": "47120"}}}}}),
                        response(201, rhead("application/vnd.api+json"), {"data": {"type": "webhooks", "id": "18231", "attributes": {"store_id": 47120, "url": "https://example.org/hooks/ls", "test_mode": False}}})),
            interaction(request("POST", "https://example.org/hooks/ls", [("Content-Type", JSON), ("X-Event-Name", "order_created"), ("X-Signature", sig)], body),
                        response(200, rhead("text/plain"), "ok"))]


@SPLIT.case("alpaca-trading-key-headers", "finance")
def alpaca():
    kid = O("PK" + ua(18), "public", "Alpaca API key id (APCA-API-KEY-ID header, paired with a secret)")
    sec = S(an(40), "names", "Alpaca secret in APCA-API-SECRET-KEY header")
    acct = rid("Alpaca account id")
    order = rid("Alpaca order id")
    return [interaction(request("GET", "https://api.alpaca.markets/v2/account", [("APCA-API-KEY-ID", kid), ("APCA-API-SECRET-KEY", sec)]),
                        response(200, rhead(), {"id": acct, "account_number": O("PA" + ua(10), "identifiers", "Alpaca account_number"), "status": "ACTIVE", "currency": "USD", "buying_power": "25400.12"})),
            interaction(request("POST", "https://api.alpaca.markets/v2/orders", [("APCA-API-KEY-ID", kid), ("APCA-API-SECRET-KEY", sec), CT_JSON],
                                {"symbol": "AAPL", "qty": "3", "side": "buy", "type": "market", "time_in_force": "day", "client_order_id": "rebalance-" + hx(8)}),
                        response(200, rhead(), {"id": order, "status": "accepted", "symbol": "AAPL"}))]


@SPLIT.case("polygon-finnhub-apikey-query-params", "finance")
def polygon():
    pk = S(an(32), "other", "Polygon.io apiKey in the query string")
    fk = S("c" + la(19), "names", "Finnhub API token in the token= query parameter")
    nxt = O(b64u(json.dumps({"cursor": an(20)}).encode()), "identifiers", "next_url cursor in Polygon pagination")
    return [interaction(request("GET", f"https://api.polygon.io/v2/aggs/ticker/MSFT/range/1/day/2026-11-02/2026-11-27?adjusted=true&apiKey={pk}"),
                        response(200, rhead(), {"ticker": "MSFT", "status": "OK", "request_id": rid("Polygon request_id", hx(32)), "resultsCount": 19,
                                                "next_url": f"https://api.polygon.io/v2/aggs/ticker/MSFT/range/1/day/2026-11-02/2026-11-27?cursor={nxt}"})),
            interaction(request("GET", f"https://finnhub.io/api/v1/quote?symbol=MSFT&token={fk}"),
                        response(200, rhead(), {"c": 431.2, "h": 433.0, "l": 428.1, "o": 429.9, "pc": 430.4, "t": 1796200000}))]


@SPLIT.case("quickbooks-oauth-refresh-and-realm", "finance")
def quickbooks():
    cid = O("AB" + an(48), "public", "Intuit OAuth client id (user part of Basic auth)")
    csec = S(an(40), "encoding", "Intuit client secret inside base64 Basic auth")
    rt = S("AB11" + F.digits(10) + an(36), "structure", "refresh_token in the refresh grant form")
    rt2 = S("AB11" + F.digits(10) + an(36), "structure", "rotated refresh_token in the token response")
    at = S("eyJlbmMiOiJBMTI4Q0JDLUhTMjU2IiwiYWxnIjoiZGlyIn0.." + b64u(F.bytes(16)) + "." + b64u(F.bytes(600)) + "." + b64u(F.bytes(16)), "other", "access_token (a dir JWE) in the token response")
    realm = rid("QuickBooks realm id (company id) in the URL", "9130" + F.digits(15))
    return [interaction(request("POST", "https://oauth.platform.intuit.com/oauth2/v1/tokens/bearer", [("Authorization", basic(cid, csec)), ("Content-Type", "application/x-www-form-urlencoded"), ACCEPT],
                                form([("grant_type", "refresh_token"), ("refresh_token", rt)])),
                        response(200, rhead(JSON, [("intuit_tid", rid("intuit_tid transaction header", "1-" + hx(8) + "-" + hx(24)))]),
                                 {"token_type": "bearer", "expires_in": 3600, "refresh_token": rt2, "x_refresh_token_expires_in": 8726400, "access_token": at})),
            interaction(request("GET", f"https://quickbooks.api.intuit.com/v3/company/{realm}/companyinfo/{realm}?minorversion=73", [("Authorization", "Bearer " + at), ACCEPT]),
                        response(200, rhead(), {"CompanyInfo": {"CompanyName": "Harbour Bikes Ltd", "Id": "1", "SyncToken": "4"}}))]


@SPLIT.case("xero-connections-tenant-and-invoice", "finance")
def xero():
    at = S(jwt({"nbf": 1796200000, "exp": 1796201800, "iss": "https://identity.xero.com", "aud": "https://identity.xero.com/resources", "client_id": hx(32).upper(),
                "sub": hx(32), "xero_userid": F.uuid(), "scope": ["accounting.transactions", "offline_access"]}, kid=hx(40).upper()), "other", "Xero access token JWT in Authorization Bearer")
    tenant = rid("Xero-tenant-id header / tenantId")
    conn = rid("Xero connection id")
    inv = rid("Xero InvoiceID")
    return [interaction(request("GET", "https://api.xero.com/connections", [("Authorization", "Bearer " + at), ACCEPT]),
                        response(200, rhead(), [{"id": conn, "authEventId": F.uuid(), "tenantId": tenant, "tenantType": "ORGANISATION", "tenantName": "Demo Company (UK)"}])),
            interaction(request("GET", "https://api.xero.com/api.xro/2.0/Invoices?page=1", [("Authorization", "Bearer " + at), ("Xero-tenant-id", tenant), ACCEPT]),
                        response(200, rhead(JSON, [("Xero-Correlation-Id", rid("Xero-Correlation-Id header"))]),
                                 {"Id": F.uuid(), "Status": "OK", "Invoices": [{"InvoiceID": inv, "InvoiceNumber": "INV-0042", "Status": "AUTHORISED"}]}))]


# ---------------------------------------------------------------------------------------------
# Identity
# ---------------------------------------------------------------------------------------------

@SPLIT.case("keycloak-admin-client-secret-regenerate", "identity")
def keycloak_admin():
    adminpw = S(F.password(18), "structure", "admin password in the password grant form to admin-cli")
    at = S(jwt({"exp": 1796200300, "iat": 1796200240, "jti": F.uuid(), "iss": "https://sso.example-bank.de/realms/master", "typ": "Bearer", "azp": "admin-cli", "preferred_username": "admin"}, kid=an(43)),
           "other", "Keycloak admin access token (JWT) in the token response and Authorization header")
    cuuid = rid("Keycloak client internal UUID in the admin path")
    old = S(an(32), "structure", "previous client secret value in GET client-secret response")
    new = S(an(32), "structure", "regenerated client secret value in POST client-secret response")
    return [interaction(request("POST", "https://sso.example-bank.de/realms/master/protocol/openid-connect/token", [("Content-Type", "application/x-www-form-urlencoded")],
                                form([("grant_type", "password"), ("client_id", "admin-cli"), ("username", "admin"), ("password", adminpw)])),
                        response(200, rhead(), {"access_token": at, "expires_in": 60, "token_type": "Bearer", "not-before-policy": 0, "scope": "profile email"})),
            interaction(request("GET", f"https://sso.example-bank.de/admin/realms/retail/clients/{cuuid}/client-secret", [("Authorization", "Bearer " + at)]),
                        response(200, rhead(), {"type": "secret", "value": old})),
            interaction(request("POST", f"https://sso.example-bank.de/admin/realms/retail/clients/{cuuid}/client-secret", [("Authorization", "Bearer " + at)]),
                        response(200, rhead(), {"type": "secret", "value": new}))]


@SPLIT.case("okta-event-hook-auth-header-config", "identity")
def okta_hook():
    ssws = S("00" + F.b64url(40), "other", "Okta API token in the Authorization: SSWS header")
    hookval = S(F.b64url(32), "structure", "channel.config.authScheme.value (the shared header secret) in the event hook create body")
    hid = rid("Okta event hook id", "who" + an(17))
    return [interaction(request("POST", "https://example-corp.okta.com/api/v1/eventHooks", [("Authorization", "SSWS " + ssws), CT_JSON, ACCEPT],
                                {"name": "User lifecycle to SIEM", "events": {"type": "EVENT_TYPE", "items": ["user.lifecycle.create", "user.account.update_password"]},
                                 "channel": {"type": "HTTP", "version": "1.0.0", "config": {"uri": "https://siem.example-corp.com/okta",
                                                                                         "headers": [{"key": "X-Source", "value": "okta-prod"}],
                                                                                         "authScheme": {"type": "HEADER", "key": "Authorization", "value": hookval}}}}),
                        response(200, rhead(JSON, [("X-Okta-Request-Id", rid("X-Okta-Request-Id header", F.b64url(27)))]),
                                 {"id": hid, "status": "ACTIVE", "verificationStatus": "UNVERIFIED", "name": "User lifecycle to SIEM",
                                  "events": {"items": [O("user.account.update_password", "labels", "Okta event type name mentioning password")]},
                                  "channel": {"config": {"uri": "https://siem.example-corp.com/okta", "authScheme": {"type": "HEADER", "key": "Authorization"}}}}))]


@SPLIT.case("clerk-backend-users-and-session-verify", "identity")
def clerk():
    sk = S("sk_live_" + an(40), "other", "Clerk secret key in Authorization Bearer")
    pk = O("pk_live_" + b64("clerk.example-notes.app$").rstrip("="), "public", "Clerk publishable key in the frontend config response")
    uid = rid("Clerk user id", "user_2" + an(26))
    sid = rid("Clerk session id", "sess_2" + an(26))
    sess = S(jwt({"azp": "https://example-notes.app", "exp": 1796200360, "iat": 1796200300, "iss": "https://clerk.example-notes.app", "sid": sid, "sub": uid}, kid="ins_2" + an(26)),
             "other", "Clerk session token (__session JWT) sent in the verify body")
    return [interaction(request("GET", "https://example-notes.app/api/public-config"),
                        response(200, rhead(), {"clerkPublishableKey": pk, "signInUrl": "/sign-in", "labels": {"forgot": O("Forgot password?", "labels", "UI string mentioning password")}})),
            interaction(request("GET", f"https://api.clerk.com/v1/users/{uid}", [("Authorization", "Bearer " + sk)]),
                        response(200, rhead(), {"id": uid, "object": "user", "password_enabled": True, "two_factor_enabled": False,
                                                "email_addresses": [{"id": "idn_2" + an(26), "email_address": "mara@example-notes.app"}]})),
            interaction(request("POST", f"https://api.clerk.com/v1/sessions/{sid}/verify", [("Authorization", "Bearer " + sk), CT_JSON], {"token": sess}),
                        response(200, rhead(), {"id": sid, "status": "active", "user_id": uid}))]


@SPLIT.case("ory-kratos-api-login-flow-session-token", "identity")
def kratos():
    flow = rid("Kratos login flow id")
    csrf = O(F.b64std(64), "challenges", "csrf_token hidden node value in an API flow (empty-purpose, public)")
    pw = S(F.password(16), "structure", "password in the login flow submit body")
    st = S("ory_st_" + an(32), "other", "Ory session_token returned after login and used in X-Session-Token")
    return [interaction(request("GET", "https://auth.example-fit.app/self-service/login/api"),
                        response(200, rhead(), {"id": flow, "type": "api", "ui": {"action": f"https://auth.example-fit.app/self-service/login?flow={flow}", "method": "POST",
                                                "nodes": [{"type": "input", "group": "default", "attributes": {"name": "csrf_token", "type": "hidden", "value": csrf}},
                                                          {"type": "input", "group": "password", "attributes": {"name": "password", "type": "password"},
                                                           "meta": {"label": {"id": 1070001, "text": O("Password", "labels", "label text of the password input node")}}}]}})),
            interaction(request("POST", f"https://auth.example-fit.app/self-service/login?flow={flow}", [CT_JSON],
                                {"method": "password", "identifier": "jo@example-fit.app", "password": pw}),
                        response(200, rhead(), {"session_token": st, "session": {"id": rid("Kratos session id"), "active": True, "authenticator_assurance_level": "aal1"}})),
            interaction(request("GET", "https://auth.example-fit.app/sessions/whoami", [("X-Session-Token", st)]),
                        response(200, rhead(), {"id": F.uuid(), "identity": {"id": rid("Kratos identity id"), "traits": {"email": "jo@example-fit.app"}}}))]


@SPLIT.case("workos-sso-profile-and-directory-webhook", "identity")
def workos():
    sk = S("sk_live_" + F.b64url(40).replace("-", "a").replace("_", "b"), "other", "WorkOS API key in client_secret of the profile exchange")
    cid = O("client_" + ulid(), "public", "WorkOS client_id")
    code = S(an(26), "structure", "authorization code in the SSO token exchange form")
    at = S(F.b64url(64), "other", "WorkOS access_token in the token response")
    return [interaction(request("POST", "https://api.workos.com/sso/token", [("Content-Type", "application/x-www-form-urlencoded")],
                                form([("client_id", cid), ("client_secret", sk), ("grant_type", "authorization_code"), ("code", code)])),
                        response(200, rhead(), {"access_token": at, "profile": {"id": rid("WorkOS profile id", "prof_" + ulid()), "connection_id": rid("WorkOS connection id", "conn_" + ulid()),
                                                                             "organization_id": "org_" + ulid(), "email": "lee@example-health.org", "idp_id": O(F.digits(21), "identifiers", "idp_id of the SSO profile")}}))]


# ---------------------------------------------------------------------------------------------
# Messaging
# ---------------------------------------------------------------------------------------------

@SPLIT.case("messagebird-sms-accesskey-scheme", "messaging")
def messagebird():
    key = S("live_" + an(25), "other", "MessageBird access key in Authorization: AccessKey")
    mid = rid("MessageBird message id", hx(32))
    return [interaction(request("POST", "https://rest.messagebird.com/messages", [("Authorization", "AccessKey " + key), CT_JSON],
                                {"originator": "ExampleBank", "recipients": [31612345678], "body": "Your one-time code is 482913. Never share it."}),
                        response(201, rhead(JSON, [("X-Request-Id", rid("MessageBird X-Request-Id header"))]), {"id": mid, "href": "https://rest.messagebird.com/messages/" + mid, "direction": "mt", "type": "sms",
                                                "recipients": {"totalCount": 1, "items": [{"recipient": 31612345678, "status": "sent", "messagePartCount": 1}]}}))]


@SPLIT.case("pushover-message-form-token-user", "messaging")
def pushover():
    app = S("a" + la(29), "names", "Pushover application token in the form field token")
    user = S("u" + la(29), "names", "Pushover user key in the form field user")
    req = rid("Pushover request id")
    return [interaction(request("POST", "https://api.pushover.net/1/messages.json", [("Content-Type", "application/x-www-form-urlencoded")],
                                form([("token", app), ("user", user), ("title", "Backup finished"), ("message", "nightly backup of /srv ok (42 GB)"), ("priority", "0")])),
                        response(200, rhead(JSON, [("X-Limit-App-Remaining", "9871")]), {"status": 1, "request": req}))]


@SPLIT.case("sinch-sms-batches-plan-and-token", "messaging")
def sinch():
    plan = rid("Sinch service plan id in the path", hx(32))
    tok = S(hx(32), "other", "Sinch API token in Authorization Bearer")
    batch = rid("Sinch batch id", ulid())
    return [interaction(request("POST", f"https://eu.sms.api.sinch.com/xms/v1/{plan}/batches", [("Authorization", "Bearer " + tok), CT_JSON],
                                {"from": "447537404817", "to": ["447700900123"], "body": "Your verification code is 771 204"}),
                        response(201, rhead(JSON, [("X-Request-Id", rid("Sinch X-Request-Id header"))]), {"id": batch, "to": ["447700900123"], "from": "447537404817", "canceled": False, "type": "mt_text"}))]


@SPLIT.case("onesignal-notification-rest-api-key", "messaging")
def onesignal():
    app_id = O(F.uuid(), "public", "OneSignal app_id (public, also in the web SDK init)")
    key = S("os_v2_app_" + F.pick("abcdefghijklmnopqrstuvwxyz234567", 110), "other", "OneSignal REST API key in Authorization: Key")
    nid = rid("OneSignal notification id")
    sub = rid("OneSignal subscription id in include_subscription_ids")
    return [interaction(request("POST", "https://api.onesignal.com/notifications?c=push", [("Authorization", "Key " + key), CT_JSON],
                                {"app_id": app_id, "include_subscription_ids": [sub], "contents": {"en": "Your password was changed", "de": "Ihr Passwort wurde geändert"},
                                 "headings": {"en": "Security alert"}}),
                        response(200, rhead(JSON, [("X-Request-Id", rid("OneSignal X-Request-Id header"))]), {"id": nid, "external_id": None}))]


@SPLIT.case("ably-basic-key-and-token-request", "messaging")
def ably():
    app = "xVLyHw"
    keyname = O(app + "." + an(6), "identifiers", "Ably key name (appId.keyId) in keyName of the token request")
    secret = S(F.b64std(32).rstrip("="), "encoding", "Ably key secret, password part of base64 Basic credentials")
    mac = O(F.b64std(32), "digests", "mac of the signed token request")
    tok = S(app + "." + F.b64url(120), "other", "Ably token returned by requestToken")
    return [interaction(request("POST", f"https://rest.ably.io/keys/{keyname}/requestToken", [("Authorization", basic(keyname, secret)), CT_JSON],
                                {"keyName": keyname, "capability": "{\"chat:*\":[\"publish\",\"subscribe\"]}", "clientId": "user-4471", "timestamp": 1796200300000,
                                 "nonce": O(hx(16), "challenges", "nonce of the Ably token request"), "mac": mac}),
                        response(201, rhead(), {"token": tok, "keyName": keyname, "issued": 1796200300123, "expires": 1796203900123, "capability": "{\"chat:*\":[\"publish\",\"subscribe\"]}"}))]


@SPLIT.case("pubnub-publish-and-pam-grant", "messaging")
def pubnub():
    pubk = O("pub-c-" + F.uuid(), "public", "PubNub publish key in the publish URL path")
    subk = O("sub-c-" + F.uuid(), "public", "PubNub subscribe key in the URL path")
    sec = S("sec-c-" + F.b64std(36).rstrip("="), "names", "PubNub secret key printed in an admin config dump")
    grant = S("qEF2AkF0GmdN" + F.b64url(120), "other", "PubNub access manager token in the grant response and auth= query")
    sig = O("v2." + F.b64url(43), "digests", "signature query parameter of the signed grant request")
    return [interaction(request("POST", f"https://ps.pndsn.com/v3/pam/{subk}/grant?timestamp=1796200300&uuid=server-1&signature={sig}", [CT_JSON],
                                {"ttl": 60, "permissions": {"resources": {"channels": {"room-9": 3}}, "uuid": "user-4471"}}),
                        response(200, rhead(), {"data": {"token": grant}, "service": "Access Manager", "status": 200})),
            interaction(request("GET", f"https://ps.pndsn.com/publish/{pubk}/{subk}/0/room-9/0/%22hi%22?uuid=user-4471&auth={grant}"),
                        response(200, rhead(), [1, "Sent", "17962003001234567"])),
            interaction(request("GET", "https://chat-admin.example.io/debug/config"),
                        response(200, rhead("text/plain"), f"pubnub.publishKey={pubk}\npubnub.subscribeKey={subk}\npubnub.secretKey={sec}\npubnub.ssl=true\n"))]


@SPLIT.case("mattermost-pat-and-incoming-webhook", "chat")
def mattermost():
    pat = S(la(26), "other", "Mattermost personal access token in Authorization Bearer")
    hook = S(la(26), "structure", "incoming webhook id in the /hooks/ path (acts as the credential)")
    team = rid("Mattermost team id", la(26))
    chan = rid("Mattermost channel id", la(26))
    post = rid("Mattermost post id", la(26))
    return [interaction(request("POST", "https://chat.example-labs.net/api/v4/hooks/incoming", [("Authorization", "Bearer " + pat), CT_JSON],
                                {"channel_id": chan, "display_name": "CI alerts"}),
                        response(201, rhead(), {"id": hook, "channel_id": chan, "team_id": team, "display_name": "CI alerts", "create_at": 1796200300000})),
            interaction(request("POST", f"https://chat.example-labs.net/hooks/{hook}", [CT_JSON], {"text": "Build #811 passed :white_check_mark:"}),
                        response(200, rhead("text/plain"), "ok")),
            interaction(request("GET", f"https://chat.example-labs.net/api/v4/posts/{post}", [("Authorization", "Bearer " + pat)]),
                        response(200, rhead(JSON, [("X-Request-Id", la(26)), ("Etag", O(F.digits(13) + "." + F.digits(13), "digests", "Mattermost Etag"))]), {"id": post, "channel_id": chan, "message": "deploy started"}))]


@SPLIT.case("zulip-basic-api-key-and-webex-bot", "chat")
def zulip_webex():
    zk = S(an(32), "encoding", "Zulip API key as password inside base64 Basic auth")
    wb = S(F.b64std(48).rstrip("=").replace("/", "a").replace("+", "b") + "_PF84_" + F.uuid(), "other", "Webex bot access token in Authorization Bearer")
    room = rid("Webex roomId (base64 ciscospark URI)", b64("ciscospark://us/ROOM/" + F.uuid()).rstrip("="))
    return [interaction(request("POST", "https://example.zulipchat.com/api/v1/messages", [("Authorization", basic("deploy-bot@example.zulipchat.com", zk)), ("Content-Type", "application/x-www-form-urlencoded")],
                                form([("type", "stream"), ("to", "ops"), ("topic", "releases"), ("content", "v4.2.0 is live")])),
                        response(200, rhead(), {"id": 4412876, "msg": "", "result": "success"})),
            interaction(request("POST", "https://webexapis.com/v1/messages", [("Authorization", "Bearer " + wb), CT_JSON], {"roomId": room, "markdown": "**v4.2.0** is live"}),
                        response(200, rhead(JSON, [("Trackingid", rid("Webex Trackingid header", "ROUTER_" + hx(8).upper() + "-" + hx(4).upper()))]),
                                 {"id": b64("ciscospark://us/MESSAGE/" + F.uuid()).rstrip("="), "roomId": room, "roomType": "group"}))]


# ---------------------------------------------------------------------------------------------
# Mail
# ---------------------------------------------------------------------------------------------

@SPLIT.case("sparkpost-transmission-substitution-data", "mail")
def sparkpost():
    key = S(hx(40), "other", "SparkPost API key as the raw Authorization header value")
    link = S(F.b64url(43), "structure", "reset_token inside substitution_data of the recipient")
    tid = rid("SparkPost transmission id", F.digits(18))
    return [interaction(request("POST", "https://api.sparkpost.com/api/v1/transmissions", [("Authorization", key), CT_JSON],
                                {"options": {"click_tracking": False}, "content": {"template_id": O("password-reset-v3", "labels", "template id naming password reset")},
                                 "recipients": [{"address": {"email": "nina@example.net"}, "substitution_data": {"first_name": "Nina", "reset_token": link}}]}),
                        response(200, rhead(), {"results": {"total_rejected_recipients": 0, "total_accepted_recipients": 1, "id": tid}}))]


@SPLIT.case("resend-send-and-api-key-create", "mail")
def resend():
    key = S("re_" + an(8) + "_" + an(24), "other", "Resend API key in Authorization Bearer")
    newkey = S("re_" + an(8) + "_" + an(24), "structure", "token of the newly created Resend API key in the response")
    kid = rid("Resend api key id")
    eid = rid("Resend email id")
    return [interaction(request("POST", "https://api.resend.com/api-keys", [("Authorization", "Bearer " + key), CT_JSON], {"name": "staging-sender", "permission": "sending_access"}),
                        response(201, rhead(), {"id": kid, "token": newkey})),
            interaction(request("POST", "https://api.resend.com/emails", [("Authorization", "Bearer " + newkey), CT_JSON, ("Idempotency-Key", O("welcome-" + F.uuid(), "identifiers", "Idempotency-Key header"))],
                                {"from": "Acme <hi@example-acme.dev>", "to": ["kai@example.org"], "subject": "Welcome", "html": "<p>Set your password to get started.</p>"}),
                        response(200, rhead(JSON, [("x-resend-request-id", rid("Resend request id header", "req_" + an(24)))]), {"id": eid}))]


@SPLIT.case("brevo-smtp-email-and-smtp-relay-login", "mail")
def brevo():
    key = S("xkeysib-" + hx(64) + "-" + an(16), "names", "Brevo API key in the api-key header")
    smtp = S("xsmtpsib-" + hx(64) + "-" + an(16), "structure", "SMTP relay key (password) in the smtp settings response")
    mid = rid("Brevo messageId", "<" + F.digits(12) + "." + F.digits(10) + "@smtp-relay.mailin.fr>")
    return [interaction(request("POST", "https://api.brevo.com/v3/smtp/email", [("api-key", key), CT_JSON, ACCEPT],
                                {"sender": {"email": "noreply@example-shop.fr"}, "to": [{"email": "amelie@example.fr"}], "templateId": 14, "params": {"ORDER": "FR-77812"}}),
                        response(201, rhead(), {"messageId": mid})),
            interaction(request("GET", "https://app.example-shop.fr/admin/mail-settings.json", [("Cookie", "PHPSESSID=" + S(la(26), "other", "PHPSESSID session cookie of the admin"))]),
                        response(200, rhead(), {"driver": "smtp", "host": "smtp-relay.brevo.com", "port": 587, "login": "7f3a21001@smtp-brevo.com", "key": smtp}))]


@SPLIT.case("imap-session-log-pasted-in-support-chat", "mail")
def imap_log():
    pw = S(F.password(14), "prose", "password visible in a pasted IMAP LOGIN transcript inside a support chat message")
    app = S(" ".join(la(4) for _ in range(4)), "prose", "Google app password (four groups) quoted in the chat reply")
    log = ("* OK [CAPABILITY IMAP4rev1 SASL-IR LOGIN-REFERRALS ID ENABLE IDLE LITERAL+ AUTH=PLAIN] Dovecot ready.\n"
           f"a001 LOGIN frank@example-dental.com {pw}\n"
           "a001 NO [AUTHENTICATIONFAILED] Authentication failed.\n")
    conv = rid("support conversation id", "conv_" + an(20))
    msg1 = "Hi, Thunderbird keeps failing, here is the log:\n```\n" + log + "```\n"
    msg2 = f"Thanks Frank. For Gmail use an app password instead, e.g. paste the one you generated ({app}) into the password field, not your normal one."
    return [interaction(request("POST", f"https://api.example-helpdesk.io/v1/conversations/{conv}/messages", [("Authorization", "Bearer " + S("hd_" + an(40), "other", "helpdesk API token in Authorization")), CT_JSON],
                                {"author": "customer", "body": msg1}),
                        response(201, rhead(), {"id": rid("helpdesk message id", "msg_" + an(20)), "conversation_id": conv})),
            interaction(request("GET", f"https://api.example-helpdesk.io/v1/conversations/{conv}/messages"),
                        response(200, rhead(), {"data": [{"author": "customer", "body": msg1}, {"author": "agent", "body": msg2}]}))]


# ---------------------------------------------------------------------------------------------
# Data platforms
# ---------------------------------------------------------------------------------------------

@SPLIT.case("snowflake-sql-api-keypair-jwt", "data")
def snowflake():
    fp = O("SHA256:" + F.b64std(32), "digests", "public key fingerprint inside the JWT iss claim")
    tok = S(jwt({"iss": "XY12345.SVC_ETL." + fp, "sub": "XY12345.SVC_ETL", "iat": 1796200300, "exp": 1796203900}), "other", "Snowflake key-pair JWT in Authorization Bearer")
    handle = rid("Snowflake statementHandle")
    return [interaction(request("POST", "https://xy12345.eu-central-1.snowflakecomputing.com/api/v2/statements?async=false",
                                [("Authorization", "Bearer " + tok), ("X-Snowflake-Authorization-Token-Type", "KEYPAIR_JWT"), CT_JSON, ACCEPT],
                                {"statement": "select id, email from users where password_reset_requested = true limit 10", "timeout": 60, "warehouse": "ETL_WH", "role": "ETL"}),
                        response(200, rhead(), {"resultSetMetaData": {"numRows": 0, "rowType": [{"name": "ID"}, {"name": "EMAIL"}]}, "data": [],
                                                "code": "090001", "statementHandle": handle, "statementStatusUrl": f"/api/v2/statements/{handle}",
                                                "requestId": rid("Snowflake requestId")}))]


@SPLIT.case("bigquery-query-rows-holding-credentials", "data")
def bigquery():
    at = S("ya29.a0" + F.b64url(180), "other", "Google OAuth access token (ya29.) in Authorization Bearer")
    apikey = S("AIza" + F.b64url(35), "structure", "api_key cell value in a row of the query result (column named api_key)")
    pw = S(F.password(16), "structure", "smtp_password cell in the query result rows")
    job = rid("BigQuery jobId", "job_" + F.b64url(28))
    return [interaction(request("POST", "https://bigquery.googleapis.com/bigquery/v2/projects/acme-analytics-319/queries", [("Authorization", "Bearer " + at), CT_JSON],
                                {"query": "SELECT name, api_key, smtp_password FROM ops.integrations LIMIT 2", "useLegacySql": False}),
                        response(200, rhead(), {"kind": "bigquery#queryResponse", "schema": {"fields": [{"name": "name", "type": "STRING"}, {"name": "api_key", "type": "STRING"}, {"name": "smtp_password", "type": "STRING"}]},
                                                "jobReference": {"projectId": "acme-analytics-319", "jobId": job, "location": "EU"},
                                                "rows": [{"f": [{"v": "maps"}, {"v": apikey}, {"v": None}]}, {"f": [{"v": "mailer"}, {"v": None}, {"v": pw}]}],
                                                "totalRows": "2", "jobComplete": True, "cacheHit": False,
                                                "etag": O(F.b64std(16), "digests", "etag of the query response")}))]


@SPLIT.case("databricks-secrets-put-and-scope-list", "data")
def databricks():
    tok = S("dapi" + hx(32), "other", "Databricks PAT in Authorization Bearer")
    sv = S(F.password(20), "structure", "string_value in the secrets/put request body")
    sv2 = S(F.b64std(40), "structure", "bytes_value (base64, a service principal secret) in the second secrets/put")
    return [interaction(request("POST", "https://adb-4412876123456789.9.azuredatabricks.net/api/2.0/secrets/put", [("Authorization", "Bearer " + tok), CT_JSON],
                                {"scope": "etl", "key": "jdbc-password", "string_value": sv}),
                        response(200, rhead(), {})),
            interaction(request("POST", "https://adb-4412876123456789.9.azuredatabricks.net/api/2.0/secrets/put", [("Authorization", "Bearer " + tok), CT_JSON],
                                {"scope": "etl", "key": "sp-secret", "bytes_value": sv2}),
                        response(200, rhead(), {})),
            interaction(request("GET", "https://adb-4412876123456789.9.azuredatabricks.net/api/2.0/secrets/list?scope=etl", [("Authorization", "Bearer " + tok)]),
                        response(200, rhead(JSON, [("x-databricks-org-id", O("4412876123456789", "identifiers", "workspace org id header"))]),
                                 {"secrets": [{"key": "jdbc-password", "last_updated_timestamp": 1796200300000}, {"key": "sp-secret", "last_updated_timestamp": 1796200301000}]}))]


@SPLIT.case("elastic-cloud-deployment-create-credentials", "data")
def elastic_cloud():
    key = S(F.b64std(60).rstrip("="), "names", "Elastic Cloud API key in Authorization: ApiKey")
    pw = S(an(24), "structure", "elastic superuser password in resources[].credentials of the create response")
    dep = rid("Elastic Cloud deployment id", hx(32))
    cloud = O("prod-logs:" + b64("europe-west3.gcp.cloud.es.io$" + hx(32) + "$" + hx(32)), "identifiers", "cloud_id (base64 of host and cluster ids, not a credential)")
    return [interaction(request("POST", "https://api.elastic-cloud.com/api/v1/deployments?validate_only=false", [("Authorization", "ApiKey " + key), CT_JSON],
                                {"name": "prod-logs", "region": "gcp-europe-west3", "resources": {"elasticsearch": [{"ref_id": "main-elasticsearch", "plan": {"deployment_template": {"id": "gcp-storage-optimized"}}}]}}),
                        response(200, rhead(JSON, [("X-Cloud-Request-Id", rid("X-Cloud-Request-Id header", F.b64url(22)))]),
                                 {"id": dep, "name": "prod-logs", "created": True, "alias": "prod-logs",
                                  "resources": [{"ref_id": "main-elasticsearch", "id": hx(32), "kind": "elasticsearch", "cloud_id": cloud,
                                                 "credentials": {"username": "elastic", "password": pw}}]}))]


@SPLIT.case("aiven-service-create-service-uri", "data")
def aiven():
    tok = S(F.b64std(280).rstrip("="), "other", "Aiven API token in Authorization: aivenv1")
    pw = S("AVNS_" + an(19), "structure", "avnadmin password inside service_uri and service_uri_params.password")
    uri = f"postgres://avnadmin:{pw}@pg-orders-acme.a.aivencloud.com:12691/defaultdb?sslmode=require"
    return [interaction(request("POST", "https://api.aiven.io/v1/project/acme/service", [("Authorization", "aivenv1 " + tok), CT_JSON],
                                {"cloud": "google-europe-west1", "plan": "startup-4", "service_name": "pg-orders", "service_type": "pg"}),
                        response(200, rhead(), {"service": {"service_name": "pg-orders", "state": "REBUILDING", "service_uri": uri,
                                                            "service_uri_params": {"dbname": "defaultdb", "host": "pg-orders-acme.a.aivencloud.com", "password": pw, "port": "12691", "user": "avnadmin", "sslmode": "require"},
                                                            "node_states": [{"name": "pg-orders-1", "state": "setting_up_vm"}],
                                                            "project_vpc_id": rid("Aiven project_vpc_id")}}))]


@SPLIT.case("typesense-admin-key-creates-search-key", "search")
def typesense():
    admin = S(an(32), "names", "Typesense admin key in X-TYPESENSE-API-KEY header")
    search = O(an(32), "public", "search-only API key created for the browser (actions documents:search)")
    full = S(an(32), "structure", "value of a second full-access key in the keys create response")
    return [interaction(request("POST", "https://search.example-recipes.io/keys", [("X-TYPESENSE-API-KEY", admin), CT_JSON],
                                {"description": "Search-only key for the web app", "actions": ["documents:search"], "collections": ["recipes"], "value": search}),
                        response(201, rhead(), {"id": 3, "description": "Search-only key for the web app", "actions": ["documents:search"], "collections": ["recipes"], "value": search, "expires_at": 64723363199})),
            interaction(request("POST", "https://search.example-recipes.io/keys", [("X-TYPESENSE-API-KEY", admin), CT_JSON],
                                {"description": "Importer", "actions": ["*"], "collections": ["*"]}),
                        response(201, rhead(JSON, [("X-Request-Id", rid("Typesense proxy request id header"))]), {"id": 4, "description": "Importer", "actions": ["*"], "collections": ["*"], "value": full, "value_prefix": full[:4]}))]


# ---------------------------------------------------------------------------------------------
# AI
# ---------------------------------------------------------------------------------------------

@SPLIT.case("weaviate-graphql-provider-key-headers", "ai")
def weaviate():
    wk = S(an(40), "other", "Weaviate Cloud API key in Authorization Bearer")
    ok = S("sk-proj-" + F.b64url(74) + "T3BlbkFJ" + F.b64url(74), "names", "OpenAI key forwarded in the X-OpenAI-Api-Key header")
    ck = S(an(40), "names", "Cohere key forwarded in the X-Cohere-Api-Key header")
    oid = rid("Weaviate object id")
    return [interaction(request("POST", "https://abcd1234efgh.c0.europe-west3.gcp.weaviate.cloud/v1/graphql", [("Authorization", "Bearer " + wk), ("X-OpenAI-Api-Key", ok), ("X-Cohere-Api-Key", ck), CT_JSON],
                                {"query": "{ Get { Article(nearText: {concepts: [\"reset password flow\"]}, limit: 1) { title _additional { id distance } } } }"}),
                        response(200, rhead(JSON, [("X-Request-Id", rid("Weaviate X-Request-Id header"))]), {"data": {"Get": {"Article": [{"title": "How to reset your password", "_additional": {"id": oid, "distance": 0.18}}]}}}))]


@SPLIT.case("groq-chat-tool-call-arguments-carry-key", "ai")
def groq():
    key = S("gsk_" + an(52), "other", "Groq API key in Authorization Bearer")
    leaked = S("xoxb-" + F.digits(12) + "-" + F.digits(13) + "-" + an(24), "structure", "Slack bot token inside the tool call arguments JSON string")
    args = json.dumps({"channel": "#ops", "token": leaked, "text": "deploy done"})
    cid = rid("Groq chat completion id", "chatcmpl-" + F.uuid())
    return [interaction(request("POST", "https://api.groq.com/openai/v1/chat/completions", [("Authorization", "Bearer " + key), CT_JSON],
                                {"model": "llama-3.3-70b-versatile", "messages": [{"role": "user", "content": "post 'deploy done' to #ops"}],
                                 "tools": [{"type": "function", "function": {"name": "slack_post", "parameters": {"type": "object"}}}]}),
                        response(200, rhead(JSON, [("x-groq-id", rid("x-groq-id header", "req_" + la(26)))]),
                                 {"id": cid, "object": "chat.completion", "model": "llama-3.3-70b-versatile",
                                  "choices": [{"index": 0, "message": {"role": "assistant", "tool_calls": [{"id": "call_" + la(8), "type": "function", "function": {"name": "slack_post", "arguments": args}}]}, "finish_reason": "tool_calls"}],
                                  "system_fingerprint": O("fp_" + hx(10), "identifiers", "system_fingerprint")}))]


@SPLIT.case("together-chat-stream-sse-split-secret", "ai")
def together():
    key = S("tgp_v1_" + F.b64url(43), "other", "Together API key in Authorization Bearer")
    leak = S("AKIA" + F.pick(UPPER + "234567", 16), "streams", "AWS access key id the model writes out, split across three SSE deltas")
    sec = S(F.pick(AN + "+/", 40), "streams", "AWS secret access key split across two SSE deltas")
    pieces = ["Sure, in your ~/.aws/credentials put:\n", "aws_access_key_id = " + leak[:7], leak[7:13], leak[13:] + "\naws_secret_access_key = " + sec[:22], sec[22:] + "\n"]
    cid = rid("Together completion id", hx(16) + "-" + "AMS")
    events = [{"id": cid, "object": "chat.completion.chunk", "model": "meta-llama/Llama-3.3-70B-Instruct-Turbo", "choices": [{"index": 0, "delta": {"content": p}}]} for p in pieces]
    return [interaction(request("POST", "https://api.together.xyz/v1/chat/completions", [("Authorization", "Bearer " + key), CT_JSON],
                                {"model": "meta-llama/Llama-3.3-70B-Instruct-Turbo", "stream": True, "messages": [{"role": "user", "content": "what did I paste earlier?"}]}),
                        response(200, rhead("text/event-stream"), sse(events, done=True)))]


@SPLIT.case("perplexity-and-xai-chat-keys", "ai")
def pplx():
    pk = S("pplx-" + an(48), "other", "Perplexity API key in Authorization Bearer")
    xk = S("xai-" + an(80), "other", "xAI API key in Authorization Bearer")
    return [interaction(request("POST", "https://api.perplexity.ai/chat/completions", [("Authorization", "Bearer " + pk), CT_JSON],
                                {"model": "sonar", "messages": [{"role": "user", "content": "password manager comparison 2026"}]}),
                        response(200, rhead(), {"id": rid("Perplexity response id"), "model": "sonar", "citations": ["https://example.org/review"],
                                                "choices": [{"message": {"role": "assistant", "content": "Top picks..."}}]})),
            interaction(request("POST", "https://api.x.ai/v1/chat/completions", [("Authorization", "Bearer " + xk), CT_JSON],
                                {"model": "grok-3-mini", "messages": [{"role": "user", "content": "hi"}]}),
                        response(200, rhead(), {"id": rid("xAI completion id"), "object": "chat.completion", "system_fingerprint": "fp_" + hx(10),
                                                "choices": [{"message": {"role": "assistant", "content": "Hello!"}}]}))]


@SPLIT.case("deepgram-token-and-assemblyai-raw-auth", "ai")
def speech():
    dg = S(hx(40), "other", "Deepgram API key in Authorization: Token")
    aa = S(hx(32), "names", "AssemblyAI key as the bare Authorization header value")
    rq = rid("Deepgram request_id")
    tr = rid("AssemblyAI transcript id")
    return [interaction(request("POST", "https://api.deepgram.com/v1/listen?model=nova-3&smart_format=true", [("Authorization", "Token " + dg), CT_JSON], {"url": "https://static.example.org/call-1182.wav"}),
                        response(200, rhead(JSON, [("dg-request-id", rq)]), {"metadata": {"request_id": rq, "sha256": O(hx(64), "digests", "sha256 of the audio in Deepgram metadata"), "duration": 41.2},
                                                                               "results": {"channels": [{"alternatives": [{"transcript": "please reset my password", "confidence": 0.98}]}]}})),
            interaction(request("POST", "https://api.assemblyai.com/v2/transcript", [("Authorization", aa), CT_JSON], {"audio_url": "https://static.example.org/call-1182.wav", "speaker_labels": True}),
                        response(200, rhead(), {"id": tr, "status": "queued", "audio_url": "https://static.example.org/call-1182.wav"}))]


@SPLIT.case("langsmith-runs-batch-env-metadata", "ai")
def langsmith():
    key = S("lsv2_pt_" + hx(32) + "_" + hx(10), "other", "LangSmith API key in the x-api-key header")
    envk = S("sk-ant-api03-" + F.b64url(93) + "AA", "structure", "ANTHROPIC_API_KEY captured in run extra.metadata env")
    runid = rid("LangSmith run id")
    trace = rid("LangSmith trace_id")
    dotted = O("20261201T083012000000Z" + runid, "identifiers", "dotted_order of the run")
    return [interaction(request("POST", "https://api.smith.langchain.com/runs/batch", [("x-api-key", key), CT_JSON],
                                {"post": [{"id": runid, "trace_id": trace, "dotted_order": dotted, "name": "ChatAnthropic", "run_type": "llm",
                                           "extra": {"metadata": {"ls_provider": "anthropic", "env": {"ANTHROPIC_API_KEY": envk, "LANGCHAIN_PROJECT": "support-bot"}}},
                                           "inputs": {"messages": [{"role": "user", "content": "How do I change my password?"}]}}], "patch": []}),
                        response(202, rhead(), {"message": "Runs batch ingested"}))]


@SPLIT.case("wandb-graphql-basic-api-key", "ai")
def wandb():
    key = S(hx(40), "encoding", "W&B API key as the password of base64 Basic auth with user api")
    run = rid("W&B run name", la(8))
    return [interaction(request("POST", "https://api.wandb.ai/graphql", [("Authorization", basic("api", key)), CT_JSON],
                                {"query": "query Viewer { viewer { id entity username } }"}),
                        response(200, rhead(), {"data": {"viewer": {"id": O(b64("User:" + F.digits(6)), "identifiers", "W&B viewer node id (base64 of User:n)"), "entity": "ml-team", "username": "jan"}}})),
            interaction(request("POST", "https://api.wandb.ai/files/ml-team/resnet-ablation/" + run + "/file_stream", [("Authorization", basic("api", key)), CT_JSON],
                                {"files": {"wandb-summary.json": {"offset": 0, "content": ["{\"loss\": 0.214}"]}}}),
                        response(200, rhead(), {"exitcode": None, "limits": {}}))]


@SPLIT.case("modal-token-pair-and-runpod-key", "ai")
def modal():
    tid = O("ak-" + an(22), "identifiers", "Modal token id (Modal-Key header, paired with the secret)")
    tsec = S("as-" + an(22), "names", "Modal token secret in the Modal-Secret header")
    rp = S("rpa_" + ua(40) + la(4), "other", "RunPod API key in Authorization Bearer")
    return [interaction(request("POST", "https://example-org--embed-web.modal.run/embed", [("Modal-Key", tid), ("Modal-Secret", tsec), CT_JSON], {"texts": ["hello"]}),
                        response(200, rhead(JSON, [("modal-function-call-id", rid("modal-function-call-id header", "fc-" + ulid()))]), {"embeddings": [[0.012, -0.33]]})),
            interaction(request("POST", "https://api.runpod.ai/v2/" + la(14) + "/runsync", [("Authorization", "Bearer " + rp), CT_JSON], {"input": {"prompt": "a lighthouse"}}),
                        response(200, rhead(), {"id": rid("RunPod job id", "sync-" + F.uuid() + "-e1"), "status": "COMPLETED", "delayTime": 312, "executionTime": 4120}))]


# ---------------------------------------------------------------------------------------------
# CI and developer tools
# ---------------------------------------------------------------------------------------------

@SPLIT.case("bitbucket-pipelines-variables-secured-flag", "ci")
def bitbucket():
    tok = S("ATCTT3xFfGN0" + F.b64url(180) + "=" + hx(8).upper(), "other", "Bitbucket repository access token in Authorization Bearer")
    plain = S(F.password(20), "structure", "value of the unsecured DEPLOY_PASSWORD variable in the list response")
    sent = S("npm_" + an(36), "structure", "value of the secured NPM_TOKEN variable in the create request (the response omits it)")
    uuid1 = rid("Bitbucket variable uuid", "{" + F.uuid() + "}")
    return [interaction(request("GET", "https://api.bitbucket.org/2.0/repositories/acme/web/pipelines_config/variables?pagelen=10", [("Authorization", "Bearer " + tok)]),
                        response(200, rhead(), {"pagelen": 10, "size": 2, "values": [
                            {"type": "pipeline_variable", "uuid": uuid1, "key": "DEPLOY_PASSWORD", "value": plain, "secured": False},
                            {"type": "pipeline_variable", "uuid": "{" + F.uuid() + "}", "key": "SSH_KNOWN_HOSTS_FP", "value": O("SHA256:" + F.b64std(32).rstrip("="), "digests", "host key fingerprint variable value"), "secured": False}]})),
            interaction(request("POST", "https://api.bitbucket.org/2.0/repositories/acme/web/pipelines_config/variables", [("Authorization", "Bearer " + tok), CT_JSON],
                                {"key": "NPM_TOKEN", "value": sent, "secured": True}),
                        response(201, rhead(), {"type": "pipeline_variable", "uuid": "{" + F.uuid() + "}", "key": "NPM_TOKEN", "secured": True}))]


@SPLIT.case("snyk-uuid-token-and-org-ids", "ci")
def snyk():
    tok = S(F.uuid(), "other", "Snyk API token (a UUID) in Authorization: token")
    org = rid("Snyk org id (UUID)")
    proj = rid("Snyk project id (UUID)")
    issue = rid("Snyk issue id", "SNYK-JS-LODASH-" + F.digits(7))
    return [interaction(request("POST", f"https://api.snyk.io/v1/test/npm?org={org}", [("Authorization", "token " + tok), CT_JSON],
                                {"encoding": "plain", "files": {"target": {"contents": "{\"dependencies\":{\"lodash\":\"4.17.15\"}}"}}}),
                        response(200, rhead(JSON, [("snyk-request-id", rid("snyk-request-id header"))]),
                                 {"ok": False, "org": {"id": org, "name": "acme"}, "issues": {"vulnerabilities": [{"id": issue, "severity": "high", "title": "Prototype Pollution"}]}})),
            interaction(request("GET", f"https://api.snyk.io/rest/orgs/{org}/projects/{proj}?version=2024-10-15", [("Authorization", "token " + tok)]),
                        response(200, rhead("application/vnd.api+json"), {"data": {"id": proj, "type": "project", "attributes": {"name": "acme/web:package.json"}}}))]


@SPLIT.case("drone-ci-repo-secret-and-build-log", "ci")
def drone():
    tok = S(an(32), "other", "Drone user token in Authorization Bearer")
    sec = S(F.password(24), "structure", "data of the repo secret in the create request")
    logged = S("ghs_" + an(36), "prose", "token printed by a build step in the log output lines")
    return [interaction(request("POST", "https://drone.example-labs.net/api/repos/acme/api/secrets", [("Authorization", "Bearer " + tok), CT_JSON],
                                {"name": "docker_password", "data": sec, "pull_request": False}),
                        response(200, rhead(), {"id": 41, "repo_id": 7, "name": "docker_password", "pull_request": False})),
            interaction(request("GET", "https://drone.example-labs.net/api/repos/acme/api/builds/812/logs/1/3", [("Authorization", "Bearer " + tok)]),
                        response(200, rhead(), [{"pos": 0, "out": "+ git fetch origin +refs/heads/main\n", "time": 0},
                                                {"pos": 1, "out": "+ echo \"using token " + logged + " for the release upload\"\n", "time": 1},
                                                {"pos": 2, "out": "HEAD is now at " + O(gitsha()[:12], "identifiers", "abbreviated commit hash in log") + " fix: password reset copy\n", "time": 2}]))]


@SPLIT.case("octopus-deploy-sensitive-variables", "ci")
def octopus():
    key = S("API-" + ua(26), "names", "Octopus API key in the X-Octopus-ApiKey header")
    val = S(F.password(18), "structure", "Value of a Sensitive variable in the variable set PUT body")
    vsid = rid("Octopus variable set id", "variableset-Projects-" + F.digits(3))
    return [interaction(request("PUT", f"https://deploy.example-retail.com/api/Spaces-1/variables/{vsid}", [("X-Octopus-ApiKey", key), CT_JSON],
                                {"Id": vsid, "OwnerId": "Projects-142", "Version": 12, "Variables": [
                                    {"Id": F.uuid(), "Name": "Db.Password", "Value": val, "Type": "Sensitive", "IsSensitive": True, "Scope": {"Environment": ["Environments-3"]}},
                                    {"Id": F.uuid(), "Name": "Db.Host", "Value": "sql-prod-02.internal", "Type": "String", "IsSensitive": False}]}),
                        response(200, rhead(JSON, [("X-Octopus-Request-Id", rid("Octopus request id header"))]), {"Id": vsid, "Version": 13, "Variables": [{"Name": "Db.Password", "Value": None, "Type": "Sensitive", "IsSensitive": True},
                                                                                          {"Name": "Db.Host", "Value": "sql-prod-02.internal", "Type": "String"}]}))]


@SPLIT.case("jenkins-job-config-xml-plaintext-password", "ci")
def jenkins_xml():
    api = S(hx(34), "encoding", "Jenkins API token as the password in base64 Basic auth")
    pw = S(F.password(16), "structure", "password element of a hudson.model.PasswordParameterDefinition default in config.xml")
    enc = O("{AQAAABAAAAAQ" + F.b64std(48) + "}", "digests", "Jenkins-encrypted secret blob (ciphertext) in config.xml")
    xml = ("<?xml version='1.1' encoding='UTF-8'?>\n<project>\n  <properties>\n    <hudson.model.ParametersDefinitionProperty><parameterDefinitions>\n"
           "      <hudson.model.PasswordParameterDefinition><name>DB_PASS</name><defaultValue>" + pw + "</defaultValue></hudson.model.PasswordParameterDefinition>\n"
           "      <hudson.model.PasswordParameterDefinition><name>VAULT_TOKEN</name><defaultValue>" + enc + "</defaultValue></hudson.model.PasswordParameterDefinition>\n"
           "    </parameterDefinitions></hudson.model.ParametersDefinitionProperty>\n  </properties>\n  <scm class=\"hudson.scm.NullSCM\"/>\n</project>\n")
    return [interaction(request("GET", "https://ci.example-retail.com/job/db-migrate/config.xml", [("Authorization", basic("release-bot", api))]),
                        response(200, rhead("application/xml"), xml))]


@SPLIT.case("rundeck-key-storage-password-upload", "ci")
def rundeck():
    tok = S(an(32), "names", "Rundeck API token in the X-Rundeck-Auth-Token header")
    pw = S(F.password(20), "other", "raw password body uploaded to key storage with content type application/x-rundeck-data-password")
    return [interaction(request("POST", "https://rundeck.example-ops.io/api/45/storage/keys/project/ops/db/root.password", [("X-Rundeck-Auth-Token", tok), ("Content-Type", "application/x-rundeck-data-password")], pw),
                        response(201, rhead(JSON, [("X-Rundeck-API-Request-Id", rid("Rundeck request id header"))]), {"resourceType": "file", "path": "keys/project/ops/db/root.password", "meta": {"Rundeck-key-type": "password", "Rundeck-content-mask": "content"},
                                                "name": "root.password"}))]


@SPLIT.case("awx-machine-credential-ssh-key-data", "ci")
def awx():
    block, line = F.openssh_key()
    S(line, "structure", "a body line of the OpenSSH private key in inputs.ssh_key_data of the credential create")
    passph = S(F.password(16), "structure", "ssh_key_unlock passphrase in inputs")
    bec = S(F.password(14), "structure", "become_password in inputs")
    tok = S(an(30), "other", "AWX OAuth2 personal token in Authorization Bearer")
    return [interaction(request("POST", "https://awx.example-ops.io/api/v2/credentials/", [("Authorization", "Bearer " + tok), CT_JSON],
                                {"name": "prod-ssh", "credential_type": 1, "organization": 1,
                                 "inputs": {"username": "ansible", "ssh_key_data": block, "ssh_key_unlock": passph, "become_method": "sudo", "become_password": bec}}),
                        response(201, rhead(JSON, [("X-API-Request-Id", rid("AWX X-API-Request-Id header", hx(32)))]), {"id": 18, "type": "credential", "name": "prod-ssh",
                                                "inputs": {"username": "ansible", "ssh_key_data": "$encrypted$", "ssh_key_unlock": "$encrypted$", "become_method": "sudo", "become_password": "$encrypted$"}}))]


@SPLIT.case("quay-robot-token-and-docker-config", "registries")
def quay():
    tok = S(ua(64), "structure", "Quay robot account token in the robot create response")
    oauth = S(an(40), "other", "Quay OAuth application token in Authorization Bearer")
    cfg = json.dumps({"auths": {"quay.io": {"auth": b64("acme+deployer:" + tok), "email": ""}}}, indent=2)
    return [interaction(request("PUT", "https://quay.io/api/v1/organization/acme/robots/deployer", [("Authorization", "Bearer " + oauth), CT_JSON], {"description": "CD pulls"}),
                        response(201, rhead(JSON, [("X-Quay-Request-Id", rid("Quay request id header", hx(32)))]), {"name": "acme+deployer", "created": "Tue, 01 Dec 2026 08:30:12 -0000", "token": tok, "unstructured_metadata": {}})),
            interaction(request("GET", "https://quay.io/api/v1/organization/acme/robots/deployer/dockerconfig", [("Authorization", "Bearer " + oauth)]),
                        response(200, rhead("application/json"), {"config": cfg}))]


@SPLIT.case("composer-auth-json-in-artifact-upload", "registries")
def composer():
    gh = S("ghp_" + an(36), "structure", "github-oauth token for github.com inside auth.json in the uploaded tarball")
    mpriv = S(hx(32), "structure", "repo.magento.com http-basic password (private key) inside auth.json")
    mpub = O(hx(32), "public", "repo.magento.com http-basic username (Magento public key)")
    auth = json.dumps({"github-oauth": {"github.com": gh}, "http-basic": {"repo.magento.com": {"username": mpub, "password": mpriv}}}, indent=4)
    lock_hash = O(hx(32), "digests", "content-hash in composer.lock")
    tgz = gz(tar_bytes([("build/composer.json", "{\"require\":{\"magento/product-community-edition\":\"2.4.7\"}}"),
                        ("build/composer.lock", json.dumps({"content-hash": lock_hash, "packages": []})), ("build/auth.json", auth)]))
    key = S(an(40), "other", "artifact store token in Authorization Bearer")
    return [interaction(request("PUT", "https://artifacts.example-shop.de/upload/build-2211.tgz", [("Authorization", "Bearer " + key), ("Content-Type", "application/gzip")], tgz),
                        response(201, rhead(), {"path": "build-2211.tgz", "sha256": O(hashlib.sha256(tgz).hexdigest(), "digests", "sha256 of the uploaded tarball")}))]


@SPLIT.case("hexpm-publish-api-key", "registries")
def hexpm():
    key = S(hx(32), "names", "Hex.pm API key as the bare Authorization header value")
    newkey = S(hx(32), "structure", "secret of the newly generated key in the keys create response")
    return [interaction(request("POST", "https://hex.pm/api/keys", [("Authorization", key), CT_JSON, ("Accept", "application/vnd.hex+erlang")],
                                {"name": "ci-publish", "permissions": [{"domain": "api", "resource": "write"}]}),
                        response(201, rhead(), {"name": "ci-publish", "secret": newkey, "authing_key": False, "inserted_at": "2026-12-01T08:30:12Z",
                                                "url": "https://hex.pm/api/keys/ci-publish"})),
            interaction(request("POST", "https://hex.pm/api/publish?replace=false", [("Authorization", newkey), ("Content-Type", "application/octet-stream")], b"\x00\x01tar" + F.bytes(40)),
                        response(201, rhead(), {"version": "0.4.1", "checksum": O(hx(64), "digests", "outer checksum of the published release")}))]


@SPLIT.case("gradle-properties-in-zip-upload", "registries")
def gradle():
    sp = S(F.password(18), "encoding", "signing.password inside gradle.properties in a zipped upload")
    oss = S(F.password(20), "encoding", "ossrhPassword inside gradle.properties in the zip")
    pk = S(an(32), "encoding", "gradle.publish.secret inside the zip")
    props = ("org.gradle.jvmargs=-Xmx2g\nsigning.keyId=" + O(hx(8).upper(), "identifiers", "signing.keyId (short PGP key id)") + "\nsigning.password=" + sp +
             "\nsigning.secretKeyRingFile=/home/ci/.gnupg/secring.gpg\nossrhUsername=acme-release\nossrhPassword=" + oss +
             "\ngradle.publish.key=" + O(an(32), "public", "gradle.publish.key (the key half; the secret is separate)") + "\ngradle.publish.secret=" + pk + "\n")
    z = zip_bytes([("gradle.properties", props), ("settings.gradle.kts", "rootProject.name = \"acme-sdk\"\n")])
    b = "----gradle" + hx(16)
    body = multipart_bytes(b, [("file", "ci-home.zip", "application/zip", z), ("comment", None, None, "debug bundle for build 311")])
    return [interaction(request("POST", "https://support.example-tools.io/api/tickets/5531/attachments", [("Content-Type", "multipart/form-data; boundary=" + b)], body),
                        response(201, rhead(), {"id": rid("attachment id"), "filename": "ci-home.zip"}))]


# ---------------------------------------------------------------------------------------------
# CDN and storage
# ---------------------------------------------------------------------------------------------

@SPLIT.case("fastly-purge-and-service-backend-auth", "cdn")
def fastly():
    key = S(F.b64url(32), "names", "Fastly API token in the Fastly-Key header")
    svc = rid("Fastly service id", an(22))
    bpw = S(F.password(18), "structure", "password inside the backend override_host basic-auth header in a VCL snippet response")
    return [interaction(request("POST", f"https://api.fastly.com/service/{svc}/purge/product-1182", [("Fastly-Key", key), ("Fastly-Soft-Purge", "1"), ACCEPT]),
                        response(200, rhead(), {"status": "ok", "id": rid("Fastly purge id", F.digits(5) + "-" + F.digits(10) + "-" + F.digits(7))})),
            interaction(request("GET", f"https://api.fastly.com/service/{svc}/version/14/snippet/origin_auth", [("Fastly-Key", key)]),
                        response(200, rhead(), {"name": "origin_auth", "type": "miss", "dynamic": "0",
                                                "content": "set bereq.http.Authorization = \"Basic " + b64("origin:" + bpw) + "\";",
                                                "service_id": svc, "version": "14", "id": an(22)}))]


@SPLIT.case("imagekit-private-key-basic-upload", "cdn")
def imagekit():
    priv = S("private_" + F.b64std(21), "encoding", "ImageKit private key as the user part of base64 Basic auth")
    pub = O("public_" + F.b64std(21), "public", "ImageKit public key in the client upload form")
    sig = O(hx(40), "digests", "HMAC-SHA1 upload signature sent by the browser")
    tok = O(F.uuid(), "challenges", "one-time upload token sent with the signature")
    fid = rid("ImageKit fileId", hx(24))
    b = "----WebKitFormBoundary" + an(16)
    body = multipart(b, [("file", "avatar.png", "image/png", "PNGDATA"), ("fileName", None, None, "avatar.png"), ("publicKey", None, None, pub),
                         ("signature", None, None, sig), ("token", None, None, tok), ("expire", None, None, "1796200900")])
    return [interaction(request("POST", "https://upload.imagekit.io/api/v1/files/upload", [("Content-Type", "multipart/form-data; boundary=" + b)], body),
                        response(200, rhead(), {"fileId": fid, "name": "avatar_" + an(9) + ".png", "url": "https://ik.imagekit.io/acme/avatar.png"})),
            interaction(request("GET", f"https://api.imagekit.io/v1/files/{fid}/details", [("Authorization", basic(priv, ""))]),
                        response(200, rhead(), {"fileId": fid, "type": "file", "size": 10432, "embeddedMetadata": {}}))]


@SPLIT.case("wasabi-sigv4-with-sts-session-token", "storage")
def wasabi():
    ak = O("ASIA" + F.pick(UPPER + "234567", 16), "identifiers", "temporary access key id inside the SigV4 Credential scope")
    tok = S(F.aws_session_token(), "names", "STS session token in the x-amz-security-token header")
    sigv = O(F.sigv4(), "digests", "SigV4 Signature hex (derived, not a key)")
    auth = sigv4_auth(ak, "20261201", "eu-central-2", "s3", sigv, "host;x-amz-content-sha256;x-amz-date;x-amz-security-token")
    sec = S(F.aws_secret(), "structure", "SecretAccessKey in the AssumeRole XML response")
    xml = ("<AssumeRoleResponse xmlns=\"https://sts.amazonaws.com/doc/2011-06-15/\"><AssumeRoleResult><Credentials>"
           f"<AccessKeyId>{ak}</AccessKeyId><SecretAccessKey>{sec}</SecretAccessKey><SessionToken>{tok}</SessionToken><Expiration>2026-12-01T09:30:12Z</Expiration>"
           f"</Credentials></AssumeRoleResult><ResponseMetadata><RequestId>{rid('STS RequestId')}</RequestId></ResponseMetadata></AssumeRoleResponse>")
    return [interaction(request("POST", "https://sts.wasabisys.com/", [("Content-Type", "application/x-www-form-urlencoded")], "Action=AssumeRole&Version=2011-06-15&RoleArn=arn%3Aaws%3Aiam%3A%3A100000112233%3Arole%2Fbackup&RoleSessionName=nightly"),
                        response(200, rhead("text/xml"), xml)),
            interaction(request("PUT", "https://s3.eu-central-2.wasabisys.com/acme-backups/2026-12-01/db.dump.zst",
                                [("Authorization", auth), ("x-amz-date", "20261201T083012Z"), ("x-amz-content-sha256", O(hx(64), "digests", "x-amz-content-sha256 of the payload")), ("x-amz-security-token", tok)], b"\x28\xb5\x2f\xfd" + F.bytes(48)),
                        response(200, rhead("text/plain", [("ETag", '"' + O(hx(32), "digests", "S3 ETag of the uploaded object") + '"'), ("x-amz-request-id", rid("x-amz-request-id", hx(16).upper()))])))]


# ---------------------------------------------------------------------------------------------
# Observability
# ---------------------------------------------------------------------------------------------

@SPLIT.case("sumo-logic-http-source-url-token", "observability")
def sumo():
    code = S("ZaVnC4dhaV" + F.b64std(120).rstrip("=").replace("/", "_").replace("+", "-"), "structure", "Sumo Logic HTTP source collector code in the receiver URL path")
    aid = O("su" + an(12), "identifiers", "Sumo Logic access id (Basic user, the key is separate)")
    akey = S(an(64), "encoding", "Sumo Logic access key, password inside base64 Basic auth")
    return [interaction(request("GET", "https://api.eu.sumologic.com/api/v1/collectors/108447362/sources/1882736", [("Authorization", basic(aid, akey))]),
                        response(200, rhead(), {"source": {"id": 1882736, "name": "app-logs", "sourceType": "HTTP", "url": "https://endpoint2.collection.eu.sumologic.com/receiver/v1/http/" + code}})),
            interaction(request("POST", "https://endpoint2.collection.eu.sumologic.com/receiver/v1/http/" + code, [("X-Sumo-Category", "prod/app"), ("Content-Type", "text/plain")],
                                "2026-12-01T08:30:12Z INFO user 4471 requested a password reset\n2026-12-01T08:30:13Z INFO mail queued id=" + rid("mail queue id in log line", hx(12)) + "\n"),
                        response(200, rhead("text/plain"), ""))]


@SPLIT.case("loggly-bulk-token-path-and-papertrail", "observability")
def loggly():
    tok = S(F.uuid(), "structure", "Loggly customer token in the /bulk/<token>/ URL path")
    pt = S(an(20), "names", "Papertrail API token in the X-Papertrail-Token header")
    lines = "\n".join(json.dumps({"level": "info", "msg": "login ok", "user": "u-" + F.digits(5), "trace": O(hx(32), "identifiers", "trace id in log event") if i == 0 else hx(32)}) for i in range(2)) + "\n"
    return [interaction(request("POST", f"https://logs-01.loggly.com/bulk/{tok}/tag/api,prod/", [("Content-Type", "text/plain")], lines),
                        response(200, rhead(), {"response": "ok"})),
            interaction(request("GET", "https://papertrailapp.com/api/v1/events/search.json?q=password&limit=5", [("X-Papertrail-Token", pt)]),
                        response(200, rhead(), {"min_id": O(F.digits(19), "identifiers", "Papertrail min_id"), "events": [{"message": "password reset email sent to user 4471", "program": "api"}]}))]


@SPLIT.case("axiom-ingest-ndjson-and-token-create", "observability")
def axiom():
    pat = S("xapt-" + F.uuid(), "other", "Axiom personal token in Authorization Bearer")
    org = rid("Axiom org id in X-Axiom-Org-Id", "acme-" + la(4) + "x")
    newtok = S("xaat-" + F.uuid(), "structure", "token of the created API token in the response")
    nd = json.dumps({"_time": "2026-12-01T08:30:12Z", "service": "api", "msg": "token refreshed", "token_id": O("tok_" + an(16), "identifiers", "token_id field (an id, not the token)")}) + "\n"
    return [interaction(request("POST", "https://api.axiom.co/v2/tokens", [("Authorization", "Bearer " + pat), ("X-Axiom-Org-Id", org), CT_JSON],
                                {"name": "ingest-api", "datasetCapabilities": {"api-logs": {"ingest": ["create"]}}}),
                        response(200, rhead(), {"id": F.uuid(), "name": "ingest-api", "token": newtok})),
            interaction(request("POST", "https://api.axiom.co/v1/datasets/api-logs/ingest", [("Authorization", "Bearer " + newtok), ("Content-Type", "application/x-ndjson")], nd),
                        response(200, rhead(), {"ingested": 1, "failed": 0, "processedBytes": 121, "blocksCreated": 0, "walLength": 1}))]


@SPLIT.case("airbrake-notice-params-environment", "observability")
def airbrake():
    pkey = S(hx(32), "names", "Airbrake project key in the key= query parameter")
    dbu = S("mysql2://app:" + F.password(16) + "@db.internal/app_prod", "structure", "DATABASE_URL value inside notice environment")
    skb = S(hx(128), "structure", "SECRET_KEY_BASE inside notice environment")
    return [interaction(request("POST", f"https://api.airbrake.io/api/v3/projects/284311/notices?key={pkey}", [CT_JSON],
                                {"errors": [{"type": "ActiveRecord::ConnectionNotEstablished", "message": "connection refused", "backtrace": [{"file": "/app/lib/db.rb", "line": 12, "function": "connect"}]}],
                                 "context": {"environment": "production", "rootDirectory": "/app", "version": O(gitsha(), "identifiers", "deployed revision in notice context")},
                                 "environment": {"DATABASE_URL": dbu, "SECRET_KEY_BASE": skb, "RAILS_ENV": "production", "HOSTNAME": "web-7c9f6b5d4-x2lqp"},
                                 "params": {"controller": "sessions", "action": "create", "user": {"email": "a@example.org", "password": "[FILTERED]"}}}),
                        response(201, rhead(), {"id": rid("Airbrake notice id", F.digits(19)), "url": "https://airbrake.io/locate/" + F.digits(19)}))]


@SPLIT.case("bugsnag-data-access-token-and-build", "observability")
def bugsnag():
    tok = S(hx(40), "other", "Bugsnag personal auth token in Authorization: token")
    proj = rid("Bugsnag project id", hx(24))
    err = rid("Bugsnag error id", hx(24))
    return [interaction(request("GET", f"https://api.bugsnag.com/projects/{proj}/errors?sort=last_seen&per_page=2", [("Authorization", "token " + tok), ("X-Version", "2")]),
                        response(200, rhead(JSON, [("Link", f"<https://api.bugsnag.com/projects/{proj}/errors?offset={hx(24)}>; rel=\"next\""), ("X-Total-Count", "84")]),
                                 [{"id": err, "error_class": "InvalidPasswordError", "message": O("Invalid password for account", "labels", "error message text mentioning password"), "events": 41}]))]


# ---------------------------------------------------------------------------------------------
# Feature flags and analytics
# ---------------------------------------------------------------------------------------------

@SPLIT.case("flagsmith-client-key-vs-server-key", "flags")
def flagsmith():
    client = O(an(22), "public", "Flagsmith client-side environment key (public, in the browser SDK)")
    server = S("ser." + an(22), "other", "Flagsmith server-side environment key in X-Environment-Key")
    admin = S(hx(40), "other", "Flagsmith admin API token in Authorization: Token")
    return [interaction(request("GET", "https://edge.api.flagsmith.com/api/v1/flags/", [("X-Environment-Key", client)]),
                        response(200, rhead(), [{"feature": {"name": "new_password_rules", "type": "STANDARD"}, "enabled": True, "feature_state_value": None}])),
            interaction(request("GET", "https://edge.api.flagsmith.com/api/v1/identities/?identifier=user-4471", [("X-Environment-Key", server)]),
                        response(200, rhead(), {"identifier": "user-4471", "flags": [], "traits": [{"trait_key": "plan", "trait_value": "pro"}]})),
            interaction(request("GET", "https://api.flagsmith.com/api/v1/environments/?project=4410", [("Authorization", "Token " + admin)]),
                        response(200, rhead(), {"results": [{"id": 9001, "name": "Production", "api_key": client}]}))]


@SPLIT.case("unleash-backend-token-and-frontend-token", "flags")
def unleash():
    backend = S("default:production." + hx(64), "other", "Unleash backend (client) API token in Authorization")
    fe = O("default:production." + hx(64), "public", "Unleash frontend token, meant to be shipped to browsers")
    admin = S("user:" + hx(64), "other", "Unleash personal access token in Authorization")
    return [interaction(request("GET", "https://unleash.example-labs.net/api/client/features", [("Authorization", backend), ("UNLEASH-APPNAME", "checkout"), ("UNLEASH-INSTANCEID", rid("instance id header", "checkout-" + la(10)))]),
                        response(200, rhead(JSON, [("ETag", 'W/"' + O(hx(16) + ":" + F.digits(4), "digests", "weak ETag of the features payload") + '"')]), {"version": 2, "features": [{"name": "passwordless-login", "enabled": False}]})),
            interaction(request("POST", "https://unleash.example-labs.net/api/admin/api-tokens", [("Authorization", admin), CT_JSON], {"tokenName": "web", "type": "frontend", "environment": "production", "projects": ["*"]}),
                        response(201, rhead(), {"secret": fe, "tokenName": "web", "type": "frontend", "environment": "production", "projects": ["*"]}))]


@SPLIT.case("statsig-client-vs-server-secret", "flags")
def statsig():
    cli = O("client-" + an(43), "public", "Statsig client SDK key (public)")
    srv = S("secret-" + an(43), "names", "Statsig server secret in the statsig-api-key header")
    return [interaction(request("POST", "https://featuregates.org/v1/initialize", [("statsig-api-key", cli), CT_JSON], {"user": {"userID": "4471"}, "hash": "djb2"}),
                        response(200, rhead(), {"feature_gates": {O(F.digits(10), "digests", "djb2 hash of a gate name"): {"value": True}}, "has_updates": True, "time": 1796200300000})),
            interaction(request("POST", "https://statsigapi.net/v1/download_config_specs", [("statsig-api-key", srv), CT_JSON], {"sinceTime": 0}),
                        response(200, rhead(), {"has_updates": True, "feature_gates": [{"name": "reset_password_v2", "enabled": True, "salt": O(F.uuid(), "identifiers", "gate salt UUID (public rollout salt)")}]}))]


@SPLIT.case("mixpanel-project-token-and-service-account", "analytics")
def mixpanel():
    ptok = O(hx(32), "public", "Mixpanel project token (public, in track events)")
    sa = O("export-bot." + F.digits(6) + ".mp-service-account", "identifiers", "Mixpanel service account username")
    sas = S(an(32), "encoding", "Mixpanel service account secret, the password in base64 Basic auth")
    data = b64(json.dumps([{"event": "Password Changed", "properties": {"token": ptok, "distinct_id": "4471", "$insert_id": hx(16)}}]))
    return [interaction(request("POST", "https://api-eu.mixpanel.com/track?ip=0", [("Content-Type", "application/x-www-form-urlencoded")], "data=" + q(data)),
                        response(200, rhead("text/plain"), "1")),
            interaction(request("GET", "https://data-eu.mixpanel.com/api/2.0/export?project_id=2231045&from_date=2026-11-30&to_date=2026-11-30", [("Authorization", basic(sa, sas))]),
                        response(200, rhead("application/x-ndjson"), json.dumps({"event": "Password Changed", "properties": {"distinct_id": "4471", "time": 1796110000}}) + "\n"))]


@SPLIT.case("amplitude-export-api-and-secret-key", "analytics")
def amplitude():
    api = O(hx(32), "public", "Amplitude API key (public, in the browser SDK and HTTP API body)")
    secret = S(hx(32), "encoding", "Amplitude secret key, password of base64 Basic auth")
    return [interaction(request("POST", "https://api2.amplitude.com/2/httpapi", [CT_JSON],
                                {"api_key": api, "events": [{"user_id": "4471", "event_type": "reset_password_clicked", "insert_id": rid("insert_id of the event")}]}),
                        response(200, rhead(), {"code": 200, "events_ingested": 1, "payload_size_bytes": 112, "server_upload_time": 1796200300123})),
            interaction(request("GET", "https://amplitude.com/api/2/export?start=20261130T00&end=20261130T23", [("Authorization", basic(api, secret))]),
                        response(200, rhead("application/zip"), zip_bytes([("301234/301234_2026-11-30_0#0.json.gz", gz("{}\n"))])))]


# ---------------------------------------------------------------------------------------------
# CMS and backends
# ---------------------------------------------------------------------------------------------

@SPLIT.case("strapi-admin-api-token-create", "cms")
def strapi():
    jwt_admin = S(jwt({"id": 1, "iat": 1796200300, "exp": 1798792300}, alg="HS256", sig=32), "other", "Strapi admin JWT in Authorization Bearer")
    access = S(hx(256), "structure", "accessKey of the created full-access API token in the response")
    return [interaction(request("POST", "https://cms.example-travel.com/admin/api-tokens", [("Authorization", "Bearer " + jwt_admin), CT_JSON],
                                {"name": "next-frontend-build", "description": "", "type": "full-access", "lifespan": None}),
                        response(201, rhead(), {"data": {"id": 4, "name": "next-frontend-build", "type": "full-access", "accessKey": access, "lastUsedAt": None,
                                                         "permissions": [], "expiresAt": None, "createdAt": "2026-12-01T08:30:12.000Z"}})),
            interaction(request("GET", "https://cms.example-travel.com/api/articles?filters[slug][$eq]=forgot-password", [("Authorization", "Bearer " + access)]),
                        response(200, rhead(), {"data": [{"id": 88, "documentId": O(la(24), "identifiers", "Strapi v5 documentId"), "title": "Forgot your password?"}], "meta": {"pagination": {"total": 1}}}))]


@SPLIT.case("directus-login-refresh-and-static-token", "cms")
def directus():
    pw = S(F.password(18), "structure", "password in the Directus login body")
    at = S(jwt({"id": F.uuid(), "role": F.uuid(), "app_access": True, "admin_access": True, "iat": 1796200300, "exp": 1796201200, "iss": "directus"}, alg="HS256", sig=32), "other", "Directus access_token JWT in login response")
    rt = S(F.b64url(64), "structure", "refresh_token in the login response")
    static = S(F.b64url(32), "structure", "static token set on the user in the PATCH body (field token)")
    uid = rid("Directus user id")
    return [interaction(request("POST", "https://data.example-travel.com/auth/login", [CT_JSON], {"email": "admin@example-travel.com", "password": pw, "mode": "json"}),
                        response(200, rhead(), {"data": {"access_token": at, "expires": 900000, "refresh_token": rt}})),
            interaction(request("PATCH", f"https://data.example-travel.com/users/{uid}", [("Authorization", "Bearer " + at), CT_JSON], {"token": static}),
                        response(200, rhead(), {"data": {"id": uid, "email": "importer@example-travel.com", "token": "**********", "status": "active"}}))]


@SPLIT.case("sanity-mutate-and-storyblok-management", "cms")
def sanity():
    sk = S("sk" + an(180), "other", "Sanity robot token in Authorization Bearer")
    proj = rid("Sanity projectId in host", la(8))
    tx = rid("Sanity transactionId", an(22))
    sbm = S(an(22) + "-" + F.digits(6) + "-" + an(20), "names", "Storyblok management token as the bare Authorization header value")
    sbp = O(an(22) + "tt", "public", "Storyblok public delivery token in the CDN query (published content)")
    return [interaction(request("POST", f"https://{proj}.api.sanity.io/v2024-10-01/data/mutate/production?returnIds=true", [("Authorization", "Bearer " + sk), CT_JSON],
                                {"mutations": [{"patch": {"id": "siteSettings", "set": {"footer": "Never share your password"}}}]}),
                        response(200, rhead(), {"transactionId": tx, "results": [{"id": "siteSettings", "operation": "update"}]})),
            interaction(request("GET", f"https://api.storyblok.com/v2/cdn/stories/home?version=published&token={sbp}"),
                        response(200, rhead(), {"story": {"id": 400112, "uuid": rid("Storyblok story uuid"), "slug": "home"}, "cv": 1796200300})),
            interaction(request("PUT", "https://mapi.storyblok.com/v1/spaces/288012/stories/400112", [("Authorization", sbm), CT_JSON], {"story": {"name": "Home"}, "publish": 1}),
                        response(200, rhead(), {"story": {"id": 400112, "name": "Home"}}))]


@SPLIT.case("appwrite-server-key-and-project-headers", "backend")
def appwrite():
    key = S("standard_" + hx(256), "names", "Appwrite server API key in X-Appwrite-Key")
    proj = O(hx(20), "identifiers", "Appwrite project id in X-Appwrite-Project")
    pw = S(F.password(16), "structure", "password in the users create body")
    return [interaction(request("POST", "https://fra.cloud.appwrite.io/v1/users", [("X-Appwrite-Project", proj), ("X-Appwrite-Key", key), CT_JSON],
                                {"userId": "unique()", "email": "ops@example-travel.com", "password": pw, "name": "Ops"}),
                        response(201, rhead(), {"$id": rid("Appwrite user $id", hx(20)), "email": "ops@example-travel.com", "status": True,
                                                "passwordUpdate": "2026-12-01T08:30:12.000+00:00", "hash": "argon2", "hashOptions": {"type": "argon2", "memoryCost": 65536}}))]


@SPLIT.case("pocketbase-superuser-auth-and-smtp-settings", "backend")
def pocketbase():
    pw = S(F.password(16), "structure", "superuser password in auth-with-password body")
    tok = S(jwt({"collectionId": "pbc_" + F.digits(10), "exp": 1797409900, "id": la(15), "refreshable": True, "type": "auth"}, alg="HS256", sig=32), "other", "PocketBase auth token, used raw in Authorization")
    smtp = S(F.password(20), "structure", "smtp.password in the settings response")
    s3 = S(F.aws_secret(), "structure", "s3.secret in the settings response")
    return [interaction(request("POST", "https://pb.example-club.org/api/collections/_superusers/auth-with-password", [CT_JSON], {"identity": "admin@example-club.org", "password": pw}),
                        response(200, rhead(), {"token": tok, "record": {"id": rid("PocketBase record id", la(15)), "email": "admin@example-club.org"}})),
            interaction(request("GET", "https://pb.example-club.org/api/settings", [("Authorization", tok)]),
                        response(200, rhead(), {"meta": {"appName": "Club", "senderAddress": "noreply@example-club.org"},
                                                "smtp": {"enabled": True, "host": "smtp.example-mail.net", "port": 587, "username": "club", "password": smtp, "tls": True},
                                                "s3": {"enabled": True, "bucket": "club-files", "region": "eu-west-1", "endpoint": "https://s3.eu-west-1.amazonaws.com", "accessKey": O("AKIA" + F.pick(UPPER + "234567", 16), "identifiers", "s3.accessKey key id next to the secret"), "secret": s3}}))]


# ---------------------------------------------------------------------------------------------
# Support, CRM and prose
# ---------------------------------------------------------------------------------------------

@SPLIT.case("freshdesk-ticket-password-in-description", "support")
def freshdesk():
    key = S(an(20), "encoding", "Freshdesk API key as the user part of base64 Basic auth (key:X)")
    pw = S(F.password(13), "prose", "VPN password a customer typed into the ticket description")
    desc = (f"<div>Hello, since Monday I can't connect to the VPN. My username is p.kowalski and my password is {pw} "
            "(I changed it last week). Please help, it's urgent.</div>")
    return [interaction(request("POST", "https://example-it.freshdesk.com/api/v2/tickets", [("Authorization", basic(key, "X")), CT_JSON],
                                {"email": "p.kowalski@example-logistics.pl", "subject": "VPN not working", "description": desc, "priority": 3, "status": 2}),
                        response(201, rhead(JSON, [("X-Request-Id", rid("Freshdesk X-Request-Id"))]),
                                 {"id": 40871, "subject": "VPN not working", "description": desc, "description_text": desc[5:-6], "requester_id": 77000123456}))]


@SPLIT.case("servicenow-incident-work-notes-credentials", "support")
def servicenow():
    pw = S(F.password(16), "encoding", "integration user password inside base64 Basic auth")
    note = S(F.password(14), "prose", "temporary admin password written in the work_notes free text")
    key = S(F.b64std(24), "prose", "API key pasted in the comments field of the incident")
    sysid = rid("ServiceNow sys_id", hx(32))
    return [interaction(request("POST", "https://example-corp.service-now.com/api/now/table/incident", [("Authorization", basic("int.monitoring", pw)), CT_JSON, ACCEPT],
                                {"short_description": "Reset of db admin", "work_notes": f"Reset done. Temp password for dbadmin is {note} - user must change at first login.",
                                 "comments": f"Vendor asked for the key again, sent them {key} over the phone and here for reference.", "assignment_group": "DBA"}),
                        response(201, rhead(), {"result": {"sys_id": sysid, "number": "INC0012345", "state": "1", "sys_class_name": "incident",
                                                           "correlation_id": rid("ServiceNow correlation_id", hx(32))}}))]


@SPLIT.case("pipedrive-api-token-and-webhook-basic-auth", "crm")
def pipedrive():
    tok = S(hx(40), "other", "Pipedrive api_token in the query string")
    hpw = S(F.password(18), "structure", "http_auth_password of the created webhook")
    return [interaction(request("POST", f"https://api.pipedrive.com/v1/webhooks?api_token={tok}", [CT_JSON],
                                {"subscription_url": "https://crm-sync.example-sales.io/pd", "event_action": "*", "event_object": "deal", "http_auth_user": "pd", "http_auth_password": hpw}),
                        response(201, rhead(JSON, [("X-Correlation-Id", rid("Pipedrive X-Correlation-Id"))]),
                                 {"status": "ok", "success": True, "data": {"id": 288, "company_id": 9912345, "subscription_url": "https://crm-sync.example-sales.io/pd", "http_auth_user": "pd", "http_auth_password": hpw}}))]


@SPLIT.case("github-issue-comment-leaks-token-in-prose", "prose")
def gh_issue():
    tok = S("ghp_" + an(36), "other", "GitHub PAT in Authorization Bearer")
    leak = S("glpat-" + F.b64url(20), "prose", "GitLab token pasted by a user in the issue comment text")
    leak2 = S(F.password(15), "prose", "staging password written in the same comment")
    body = (f"I can reproduce with the mirror job. Using `{leak}` as the token (yes I know, will rotate), and staging login admin / {leak2}.\n\n"
            "Stack trace:\n```\nError: 401 Unauthorized\n```")
    return [interaction(request("POST", "https://api.github.com/repos/acme/mirror/issues/412/comments", [("Authorization", "Bearer " + tok), ("Accept", "application/vnd.github+json"), ("X-GitHub-Api-Version", "2022-11-28")], {"body": body}),
                        response(201, rhead(JSON, [("X-GitHub-Request-Id", rid("X-GitHub-Request-Id", hx(4).upper() + ":" + hx(6).upper() + ":" + hx(7).upper() + ":" + hx(7).upper() + ":" + hx(8).upper()))]),
                                 {"id": 2511201234, "node_id": O("IC_kwDO" + an(20), "identifiers", "GitHub issue comment node_id"), "body": body, "author_association": "CONTRIBUTOR"}))]


@SPLIT.case("symfony-profiler-echoes-request-and-env", "echo")
def symfony():
    bearer = S(F.b64url(48), "echo", "bearer token sent in Authorization, echoed back in the profiler Request Headers table")
    appsecret = S(hx(32), "structure", "APP_SECRET row in the profiler server parameters table")
    dsn = S("mysql://app:" + an(20) + "@127.0.0.1:3306/shop?serverVersion=8.0", "structure", "DATABASE_URL row in the profiler table")
    token = O(hx(6), "identifiers", "Symfony profiler token in X-Debug-Token")
    html = ("<html><body><h2>Request Headers</h2><table class=\"table\"><tr><th>authorization</th><td>Bearer " + bearer + "</td></tr>"
            "<tr><th>x-request-id</th><td>" + F.uuid() + "</td></tr></table><h2>Server Parameters</h2><table class=\"table\">"
            "<tr><th>APP_ENV</th><td>dev</td></tr><tr><th>APP_SECRET</th><td>" + appsecret + "</td></tr><tr><th>DATABASE_URL</th><td>" + dsn + "</td></tr></table></body></html>")
    return [interaction(request("GET", "https://shop.example-dev.local/api/cart", [("Authorization", "Bearer " + bearer)]),
                        response(200, rhead(JSON, [("X-Debug-Token", token), ("X-Debug-Token-Link", "https://shop.example-dev.local/_profiler/" + token)]), {"items": []})),
            interaction(request("GET", f"https://shop.example-dev.local/_profiler/{token}?panel=request"),
                        response(200, rhead("text/html; charset=UTF-8"), html))]


# ---------------------------------------------------------------------------------------------
# Echoes, more streams and encodings, ordinary-heavy cases
# ---------------------------------------------------------------------------------------------

@SPLIT.case("fireworks-chat-stream-split-database-url", "ai")
def fireworks():
    key = S("fw_" + an(24), "other", "Fireworks API key in Authorization Bearer")
    pw = S(an(22), "streams", "database password the model repeats, split across SSE content deltas")
    host_pw = S(F.password(14), "streams", "second password split across two later SSE deltas")
    pieces = ["Your connection string is postgres://app:", pw[:9], pw[9:] + "@db.internal:5432/app", " and the replica uses ", host_pw[:6], host_pw[6:] + "."]
    cid = rid("Fireworks completion id")
    events = [{"id": cid, "object": "chat.completion.chunk", "created": 1796200300, "model": "accounts/fireworks/models/llama-v3p3-70b-instruct",
               "choices": [{"index": 0, "delta": {"content": p}, "finish_reason": None}]} for p in pieces]
    return [interaction(request("POST", "https://api.fireworks.ai/inference/v1/chat/completions", [("Authorization", "Bearer " + key), CT_JSON, ("Accept", "text/event-stream")],
                                {"model": "accounts/fireworks/models/llama-v3p3-70b-instruct", "stream": True, "messages": [{"role": "user", "content": "summarise the config I pasted"}]}),
                        response(200, rhead("text/event-stream"), sse(events, done=True)))]


@SPLIT.case("webhook-test-echo-service-reflects-headers", "echo")
def echo_service():
    key = S(an(40), "echo", "X-Api-Key request header reflected in the echo service JSON headers")
    auth = S(F.b64url(40), "echo", "bearer token in Authorization reflected back in the response headers map")
    form_pw = S(F.password(15), "echo", "password form field reflected in the response form map")
    body = form([("username", "qa-bot"), ("password", form_pw)])
    return [interaction(request("POST", "https://echo.example-qa.dev/anything/login?debug=1", [("X-Api-Key", key), ("Authorization", "Bearer " + auth), ("Content-Type", "application/x-www-form-urlencoded")], body),
                        response(200, rhead(), {"args": {"debug": "1"}, "form": {"username": "qa-bot", "password": form_pw},
                                                "headers": {"Authorization": "Bearer " + auth, "X-Api-Key": key, "X-Amzn-Trace-Id": O("Root=1-" + hx(8) + "-" + hx(24), "identifiers", "X-Amzn-Trace-Id echoed")},
                                                "method": "POST", "origin": "203.0.113.7", "url": "https://echo.example-qa.dev/anything/login?debug=1"}))]


@SPLIT.case("grafana-datasource-error-echoes-credentialed-url", "echo")
def grafana_ds():
    sa = S("glsa_" + an(32) + "_" + hx(8), "other", "Grafana service account token in Authorization Bearer")
    pw = S(F.password(16), "echo", "Prometheus basic auth password in the datasource URL, echoed in the health check error message")
    uid = rid("Grafana datasource uid", la(14))
    url = f"https://metrics:{pw}@prom.internal.example-ops.io"
    return [interaction(request("POST", "https://grafana.example-ops.io/api/datasources", [("Authorization", "Bearer " + sa), CT_JSON],
                                {"name": "prom-internal", "type": "prometheus", "access": "proxy", "url": url, "jsonData": {"httpMethod": "POST"}}),
                        response(200, rhead(), {"datasource": {"id": 12, "uid": uid, "name": "prom-internal"}, "id": 12, "message": "Datasource added"})),
            interaction(request("GET", f"https://grafana.example-ops.io/api/datasources/uid/{uid}/health", [("Authorization", "Bearer " + sa)]),
                        response(400, rhead(JSON, [("X-Grafana-Trace-Id", rid("X-Grafana-Trace-Id header", hx(32)))]),
                                 {"message": f"Post \"{url}/api/v1/query\": dial tcp 10.0.8.4:443: connect: connection refused", "status": "ERROR"}))]


@SPLIT.case("mailpit-message-attachment-base64-env", "mail")
def mailpit():
    s1 = S("sk_live_" + an(99), "encoding", "STRIPE_SECRET value inside a base64 .env attachment of a captured MIME message")
    s2 = S(F.password(18), "encoding", "MAIL_PASSWORD inside the same base64 attachment")
    env = f"APP_ENV=staging\nSTRIPE_SECRET={s1}\nMAIL_PASSWORD={s2}\n"
    att = b64(env)
    att = "\r\n".join(att[i:i + 76] for i in range(0, len(att), 76))
    mid = O("<" + F.uuid() + "@example-staging.dev>", "identifiers", "Message-ID of the captured message")
    raw = ("From: ci@example-staging.dev\r\nTo: dev@example-staging.dev\r\nSubject: nightly config\r\nMessage-ID: " + mid + "\r\nMIME-Version: 1.0\r\n"
           "Content-Type: multipart/mixed; boundary=\"b1\"\r\n\r\n--b1\r\nContent-Type: text/plain\r\n\r\nattached\r\n--b1\r\nContent-Type: text/plain; name=\".env\"\r\n"
           "Content-Disposition: attachment; filename=\".env\"\r\nContent-Transfer-Encoding: base64\r\n\r\n" + att + "\r\n--b1--\r\n")
    dbid = rid("Mailpit message database id", an(22))
    return [interaction(request("GET", f"http://mailpit.internal:8025/api/v1/message/{dbid}/raw"),
                        response(200, rhead("text/plain; charset=utf-8"), raw))]


@SPLIT.case("vector-http-sink-gzip-events", "observability")
def vector():
    s1 = S(F.b64url(40), "encoding", "session cookie value captured in an event inside a gzip-compressed NDJSON body")
    s2 = S("Bearer " + F.b64url(36), "encoding", "Authorization header captured in a gzip-compressed event")
    tok = S(hx(48), "other", "log sink token in Authorization Bearer")
    events = [{"ts": "2026-12-01T08:30:12Z", "msg": "request", "req": {"path": "/account", "headers": {"cookie": "sid=" + s1, "authorization": s2}}, "trace_id": O(hx(32), "identifiers", "trace_id in the compressed event")},
              {"ts": "2026-12-01T08:30:13Z", "msg": "password_reset_requested", "user": 4471}]
    body = gz("\n".join(json.dumps(e) for e in events) + "\n")
    return [interaction(request("POST", "https://ingest.example-logs.io/v1/events", [("Authorization", "Bearer " + tok), ("Content-Type", "application/x-ndjson"), ("Content-Encoding", "gzip")], body),
                        response(202, rhead(JSON, [("X-Ingest-Batch", rid("ingest batch id header", ulid()))]), {"accepted": 2}))]


@SPLIT.case("discourse-post-raw-with-shared-credentials", "prose")
def discourse():
    key = S(hx(64), "names", "Discourse API key in the Api-Key header")
    pw = S(F.password(14), "prose", "Wi-Fi password shared in a forum post written in prose")
    pin = S(F.password(12), "prose", "alarm panel code mentioned later in the same post")
    raw = (f"Hi all, for the offsite the guest Wi-Fi is ACME-Guest and the password is {pw} . "
           f"Last one out please arm the alarm, the code is {pin}, thanks!")
    return [interaction(request("POST", "https://forum.example-team.org/posts.json", [("Api-Key", key), ("Api-Username", "system"), CT_JSON], {"title": "Offsite logistics", "raw": raw, "category": 7}),
                        response(200, rhead(), {"id": 99812, "topic_id": 4410, "raw": raw, "cooked": "<p>" + raw + "</p>", "user_id": -1}))]


@SPLIT.case("lokalise-bundle-password-strings", "i18n")
def lokalise():
    tok = S(hx(40), "names", "Lokalise API token in the X-Api-Token header")
    proj = O(F.digits(9) + "6" + hx(2) + "." + F.digits(8), "identifiers", "Lokalise project id")
    s = {"auth.password.label": O("Password", "labels", "i18n string for password label") + "",
         "auth.password.forgot": O("Forgot your password?", "labels", "i18n string asking about password"),
         "auth.token.expired": O("Your session token has expired. Please sign in again.", "labels", "i18n string mentioning token"),
         "settings.api_key.help": O("Your API key is shown only once. Store it somewhere safe.", "labels", "i18n help text mentioning API key"),
         "auth.secret.question": O("Secret question", "labels", "i18n string 'Secret question'"),
         "de.auth.password.label": O("Passwort vergessen?", "labels", "German i18n string for forgot password")}
    return [interaction(request("POST", f"https://api.lokalise.com/api2/projects/{proj}/files/download", [("X-Api-Token", tok), CT_JSON], {"format": "json", "original_filenames": False}),
                        response(200, rhead(), {"project_id": proj, "bundle_url": "https://s3-eu-west-1.amazonaws.com/lokalise-assets/files/export/" + proj + "/" + O(hx(32), "digests", "bundle hash in the download URL") + "/Acme-locale.zip"})),
            interaction(request("GET", "https://cdn.example-app.com/locales/en.json"),
                        response(200, rhead(), s))]


@SPLIT.case("oidc-authorize-nonce-state-and-lockfile-integrity", "ordinary")
def ordinary_mix():
    st = O(F.b64url(32), "challenges", "state in the authorization request")
    nonce = O(F.b64url(32), "challenges", "nonce in the authorization request")
    chal = O(b64u(hashlib.sha256(F.bytes(32)).digest()), "challenges", "PKCE code_challenge")
    lock = {"name": "web", "lockfileVersion": 3, "packages": {
        "node_modules/jsonwebtoken": {"version": "9.0.2", "resolved": "https://registry.npmjs.org/jsonwebtoken/-/jsonwebtoken-9.0.2.tgz",
                                      "integrity": O("sha512-" + b64(F.bytes(64)), "digests", "package-lock integrity of jsonwebtoken")},
        "node_modules/bcryptjs": {"version": "2.4.3", "integrity": O("sha512-" + b64(F.bytes(64)), "digests", "package-lock integrity of bcryptjs")},
        "node_modules/secret-handshake": {"version": "1.1.21", "integrity": O("sha1-" + b64(F.bytes(20)), "digests", "sha1 integrity of a package named secret-handshake")}}}
    commit = O(gitsha(), "identifiers", "commit sha in the CI status URL")
    return [interaction(request("GET", "https://id.example-shop.eu/oauth2/authorize?response_type=code&client_id=shop-spa&redirect_uri=https%3A%2F%2Fshop.example-shop.eu%2Fcb&scope=openid%20profile"
                                f"&state={st}&nonce={nonce}&code_challenge={chal}&code_challenge_method=S256"),
                        response(302, [("Location", "https://id.example-shop.eu/login?state=" + st), ("Set-Cookie", "login_hint=; Path=/; Max-Age=0")])),
            interaction(request("GET", f"https://ci.example-shop.eu/api/status/{commit}/artifacts/package-lock.json"),
                        response(200, rhead(JSON, [("ETag", '"' + O(hx(40), "digests", "ETag of the lockfile artifact") + '"'), ("X-Request-Id", rid("X-Request-Id"))]), lock))]


# ---------------------------------------------------------------------------------------------
# Video, media and maps
# ---------------------------------------------------------------------------------------------

@SPLIT.case("livekit-access-token-and-egress-s3", "video")
def livekit():
    apikey = O("API" + an(12), "identifiers", "LiveKit API key id (the iss claim; the secret signs)")
    jwt_tok = S(jwt({"exp": 1796203900, "iss": apikey, "nbf": 1796200300, "sub": "recorder", "video": {"roomRecord": True, "room": "standup"}}, alg="HS256", sig=32), "other", "LiveKit server access token in Authorization Bearer")
    s3s = S(F.aws_secret(), "structure", "S3 secret in the room composite egress request file output")
    eg = rid("LiveKit egress id", "EG_" + an(12))
    return [interaction(request("POST", "https://meet-abc123.livekit.cloud/twirp/livekit.Egress/StartRoomCompositeEgress", [("Authorization", "Bearer " + jwt_tok), CT_JSON],
                                {"room_name": "standup", "layout": "grid", "file_outputs": [{"filepath": "recordings/{room_name}-{time}.mp4",
                                  "s3": {"access_key": "AKIA" + F.pick(UPPER + "234567", 16), "secret": s3s, "region": "eu-west-1", "bucket": "acme-recordings"}}]}),
                        response(200, rhead(), {"egress_id": eg, "room_id": rid("LiveKit room id", "RM_" + an(12)), "room_name": "standup", "status": "EGRESS_STARTING"}))]


@SPLIT.case("agora-app-certificate-and-stream-chat-secret", "video")
def agora():
    appid = O(hx(32), "public", "Agora App ID (public, in the client SDK)")
    cert = S(hx(32), "names", "Agora App Certificate in an app config JSON under appCertificate")
    rtc = S("007eJx" + F.b64std(150).rstrip("="), "other", "Agora RTC token returned by the token server")
    skey = O(la(12), "public", "Stream Chat API key (public, used by clients)")
    ssec = S(la(64), "names", "Stream Chat API secret under 'streamApiSecret' in the same config")
    return [interaction(request("GET", "https://rtc-token.example-meet.app/internal/config", [("X-Internal-Auth", S(an(40), "names", "internal service auth value in X-Internal-Auth"))]),
                        response(200, rhead(), {"agora": {"appId": appid, "appCertificate": cert, "tokenTtl": 3600}, "stream": {"apiKey": skey, "streamApiSecret": ssec}})),
            interaction(request("GET", "https://rtc-token.example-meet.app/rtc/standup/publisher/uid/4471"),
                        response(200, rhead(), {"rtcToken": rtc, "appId": appid, "channel": "standup"}))]


@SPLIT.case("spotify-client-credentials-and-weather-appid", "media")
def spotify():
    cid = O(hx(32), "public", "Spotify client id (user part of Basic auth)")
    csec = S(hx(32), "encoding", "Spotify client secret inside base64 Basic auth")
    at = S("BQ" + F.b64url(120), "other", "Spotify access token in the client credentials response")
    owm = S(hx(32), "names", "OpenWeatherMap key in the appid= query parameter")
    return [interaction(request("POST", "https://accounts.spotify.com/api/token", [("Authorization", basic(cid, csec)), ("Content-Type", "application/x-www-form-urlencoded")], "grant_type=client_credentials"),
                        response(200, rhead(), {"access_token": at, "token_type": "Bearer", "expires_in": 3600})),
            interaction(request("GET", "https://api.spotify.com/v1/playlists/" + O("37i9dQZF1DX" + an(11), "identifiers", "Spotify playlist id") + "?fields=name", [("Authorization", "Bearer " + at)]),
                        response(200, rhead(JSON, [("ETag", '"' + O("MC," + hx(32), "digests", "Spotify playlist ETag") + '"')]), {"name": "Focus"})),
            interaction(request("GET", f"https://api.openweathermap.org/data/2.5/weather?q=Gdansk&units=metric&appid={owm}"),
                        response(200, rhead(), {"weather": [{"id": 803, "main": "Clouds"}], "name": "Gdańsk", "cod": 200}))]


@SPLIT.case("uploadcare-simple-auth-and-secure-upload", "cdn")
def uploadcare():
    pub = O(hx(20), "public", "Uploadcare public key")
    sec = S(hx(20), "structure", "Uploadcare secret key after the colon in Authorization: Uploadcare.Simple pub:secret")
    sig = O(hx(64), "digests", "secure upload signature (HMAC-SHA256 hex, public in the widget)")
    fuuid = rid("Uploadcare file uuid")
    b = "----uc" + hx(12)
    body = multipart(b, [("UPLOADCARE_PUB_KEY", None, None, pub), ("signature", None, None, sig), ("expire", None, None, "1796203900"), ("file", "cv.pdf", "application/pdf", "%PDF-1.7 ...")])
    return [interaction(request("POST", "https://upload.uploadcare.com/base/", [("Content-Type", "multipart/form-data; boundary=" + b)], body),
                        response(200, rhead(), {"file": fuuid})),
            interaction(request("PUT", f"https://api.uploadcare.com/files/{fuuid}/storage/", [("Authorization", f"Uploadcare.Simple {pub}:{sec}"), ("Accept", "application/vnd.uploadcare-v0.7+json")]),
                        response(200, rhead(), {"uuid": fuuid, "datetime_stored": "2026-12-01T08:30:12Z", "original_filename": "cv.pdf"}))]


# ---------------------------------------------------------------------------------------------
# Keys, connection strings, networks
# ---------------------------------------------------------------------------------------------

@SPLIT.case("jdbc-urls-in-liquibase-and-flyway-configs", "database")
def jdbc():
    p1 = S(F.password(16), "structure", "password= property of a JDBC PostgreSQL URL query in liquibase.properties")
    p2 = S(F.password(16), "structure", "password= segment of a semicolon-style SQL Server JDBC URL in flyway.conf")
    p3 = S(F.password(12), "structure", "password in the user/password@ part of an Oracle thin JDBC URL")
    p4 = S(F.password(18), "names", "flyway.placeholders.replicaPwd property value")
    lq = ("changeLogFile=db/changelog/db.changelog-master.yaml\n"
          f"url=jdbc:postgresql://pg-prod.internal:5432/orders?user=liquibase&password={p1}&ssl=true\n"
          "driver=org.postgresql.Driver\nliquibase.hub.mode=off\n")
    fw = (f"flyway.url=jdbc:sqlserver://mssql-01.internal:1433;databaseName=billing;user=flyway;password={p2};encrypt=true\n"
          f"flyway.placeholders.replicaPwd={p4}\n"
          f"flyway.locations=filesystem:sql\n# legacy\n# flyway.url=jdbc:oracle:thin:scott/{p3}@//ora-legacy.internal:1521/ORCLPDB1\n")
    tok = S(an(32), "other", "Nexus raw repository token in Authorization Bearer")
    return [interaction(request("PUT", "https://nexus.example-bank.de/repository/raw-configs/orders/liquibase.properties", [("Authorization", "Bearer " + tok), ("Content-Type", "text/plain")], lq),
                        response(201, rhead("text/plain"))),
            interaction(request("PUT", "https://nexus.example-bank.de/repository/raw-configs/billing/flyway.conf", [("Authorization", "Bearer " + tok), ("Content-Type", "text/plain")], fw),
                        response(201, rhead("text/plain", [("ETag", O(sha1(fw), "digests", "ETag of the uploaded flyway.conf"))])))]


@SPLIT.case("pgp-private-key-pasted-into-gist", "keys")
def pgp():
    block, line = pgp_block()
    S(line, "structure", "a body line of the armored PGP private key block in the gist file content")
    pubblock, _pl = pgp_block("PGP PUBLIC KEY BLOCK")
    O(_pl, "public", "a body line of the armored PGP public key block in the same gist")
    tok = S("github_pat_11" + ua(20) + "_" + an(59), "other", "fine-grained GitHub PAT in Authorization")
    fpr = O(hx(40).upper(), "digests", "PGP key fingerprint in the gist description")
    gid = rid("gist id", hx(32))
    return [interaction(request("POST", "https://api.github.com/gists", [("Authorization", "Bearer " + tok), ("Accept", "application/vnd.github+json")],
                                {"description": "release signing key " + fpr, "public": False, "files": {"signing-public.asc": {"content": pubblock}, "signing-secret.asc": {"content": block}}}),
                        response(201, rhead(), {"id": gid, "html_url": "https://gist.github.com/" + gid, "public": False,
                                                "history": [{"version": O(gitsha(), "identifiers", "gist history version sha")}]}))]


@SPLIT.case("tailscale-auth-key-create-and-ngrok-authtoken", "network")
def tailscale():
    api = S("tskey-api-" + an(16) + "CNTRL-" + an(32), "other", "Tailscale API access token in Authorization Bearer")
    auth = S("tskey-auth-" + an(16) + "CNTRL-" + an(32), "structure", "key field of the created auth key")
    kid = O("k" + an(16) + "CNTRL", "identifiers", "Tailscale key id (the id, not the key)")
    ng = S("2" + an(26) + "_" + an(21), "structure", "ngrok agent authtoken in the credential create response")
    return [interaction(request("POST", "https://api.tailscale.com/api/v2/tailnet/-/keys", [("Authorization", "Bearer " + api), CT_JSON],
                                {"capabilities": {"devices": {"create": {"reusable": False, "ephemeral": True, "preauthorized": True, "tags": ["tag:ci"]}}}, "expirySeconds": 3600}),
                        response(200, rhead(), {"id": kid, "key": auth, "created": "2026-12-01T08:30:12Z", "expires": "2026-12-01T09:30:12Z"})),
            interaction(request("POST", "https://api.ngrok.com/credentials", [("Authorization", "Bearer " + S("2" + an(26) + "_" + an(21), "other", "ngrok API key in Authorization Bearer")), ("Ngrok-Version", "2"), CT_JSON],
                                {"description": "ci runner"}),
                        response(201, rhead(), {"id": rid("ngrok credential id", "cr_" + an(27)), "uri": "https://api.ngrok.com/credentials/cr_x", "description": "ci runner", "token": ng}))]


@SPLIT.case("kong-admin-key-auth-and-jwt-credentials-echo", "gateway")
def kong():
    key = S(an(32), "echo", "key-auth credential key in the create request, echoed in the response and the credential listing")
    jsec = S(an(32), "structure", "secret of the HS256 jwt credential in the create request")
    jkey = O(an(32), "identifiers", "jwt credential key (the iss value, not secret)")
    cons = rid("Kong consumer id")
    return [interaction(request("POST", "http://kong-admin.internal:8001/consumers/partner-acme/key-auth", [CT_JSON], {"key": key, "tags": ["partner"]}),
                        response(201, rhead(), {"id": F.uuid(), "consumer": {"id": cons}, "key": key, "created_at": 1796200300, "tags": ["partner"]})),
            interaction(request("POST", "http://kong-admin.internal:8001/consumers/partner-acme/jwt", [CT_JSON], {"algorithm": "HS256", "key": jkey, "secret": jsec}),
                        response(201, rhead(), {"id": F.uuid(), "consumer": {"id": cons}, "algorithm": "HS256", "key": jkey, "secret": jsec, "rsa_public_key": None})),
            interaction(request("GET", "http://kong-admin.internal:8001/key-auths?size=2"),
                        response(200, rhead(), {"data": [{"consumer": {"id": cons}, "key": key}], "next": None}))]


# ---------------------------------------------------------------------------------------------
# Streams and encodings
# ---------------------------------------------------------------------------------------------

@SPLIT.case("heroku-logplex-drain-octet-frames", "streams")
def logplex():
    pw = S(an(24), "streams", "Redis password in a REDIS_URL that a dyno logged, in the second octet-counted syslog frame of a logplex drain batch")
    tok = S("HRKU-" + F.uuid(), "other", "Heroku API key in Authorization Bearer when creating the drain")
    drain_pw = S(F.password(16), "structure", "basic auth password in the drain URL")
    frames = []
    for text in ("<190>1 2026-12-01T08:30:12.103+00:00 host app web.1 - starting worker pool size=5",
                 "<190>1 2026-12-01T08:30:12.104+00:00 host app web.1 - connecting to redis://h:" + pw + "@ec2-54-1-2-3.compute-1.amazonaws.com:6379",
                 "<190>1 2026-12-01T08:30:12.200+00:00 host heroku router - at=info method=GET path=\"/login\" request_id=" + F.uuid() + " status=200"):
        frames.append(f"{len(text.encode())} {text}")
    body = "".join(frames)
    return [interaction(request("POST", "https://api.heroku.com/apps/shop-eu/log-drains", [("Authorization", "Bearer " + tok), ("Accept", "application/vnd.heroku+json; version=3"), CT_JSON],
                                {"url": f"https://drain:{drain_pw}@logs.example-shop.eu/heroku"}),
                        response(201, rhead(), {"id": rid("Heroku drain id"), "token": O("d." + F.uuid(), "identifiers", "Heroku drain token (identifies the drain in Logplex-Drain-Token)"), "url": "https://drain:***@logs.example-shop.eu/heroku"})),
            interaction(request("POST", "https://logs.example-shop.eu/heroku", [("Content-Type", "application/logplex-1"), ("Logplex-Msg-Count", "3"), ("Logplex-Frame-Id", rid("Logplex-Frame-Id header", hx(32).upper()))], body),
                        response(204))]


@SPLIT.case("dapr-grpc-getsecret-protobuf-map", "encoding")
def dapr():
    v1 = S(F.password(20), "encoding", "secret value inside a protobuf map entry of a gRPC GetSecretResponse frame")
    v2 = S("sk_live_" + an(99), "encoding", "second secret value in the protobuf map")
    tok = S(an(40), "names", "Dapr API token in the dapr-api-token header")
    msg = pb((1, pb((1, "db-password"), (2, v1))), (1, pb((1, "stripe-key"), (2, v2))))
    body = grpc_frame(msg) + grpc_trailer()
    req = grpc_frame(pb((1, "vault"), (2, "payments")))
    return [interaction(request("POST", "http://127.0.0.1:50001/dapr.proto.runtime.v1.Dapr/GetSecret", [("Content-Type", "application/grpc"), ("te", "trailers"), ("dapr-api-token", tok)], req),
                        response(200, [("Content-Type", "application/grpc"), ("grpc-status", "0")], body))]


@SPLIT.case("oauth-return-to-double-encoded-token", "encoding")
def return_to():
    inner = S(F.b64url(43), "encoding", "magic link token inside a doubly percent-encoded returnTo query value")
    state = O(F.b64url(22), "challenges", "OAuth state parameter")
    chal = O(b64u(hashlib.sha256(F.bytes(32)).digest()), "challenges", "PKCE code_challenge (S256)")
    ret = "https://app.example-crm.io/magic?token=" + inner + "&next=/deals"
    url = ("https://login.example-crm.io/authorize?response_type=code&client_id=" + O("crm-web-" + hx(8), "public", "public OAuth client id") +
           "&state=" + state + "&code_challenge=" + chal + "&code_challenge_method=S256&redirect_uri=" + q("https://app.example-crm.io/callback?returnTo=" + q(ret)))
    return [interaction(request("GET", url),
                        response(302, [("Location", "https://login.example-crm.io/u/login?state=" + state)]))]


@SPLIT.case("expo-eas-secrets-graphql-and-push-receipts", "mobile")
def expo():
    tok = S(an(40), "other", "Expo access token in Authorization Bearer")
    val = S("sntryu_" + hx(64), "names", "value of the SENTRY_AUTH_TOKEN environment secret in the GraphQL variables")
    pt = O("ExponentPushToken[" + F.b64url(22) + "]", "identifiers", "Expo push token (device address)")
    ticket = rid("Expo push ticket id")
    return [interaction(request("POST", "https://api.expo.dev/graphql", [("Authorization", "Bearer " + tok), CT_JSON],
                                {"query": "mutation CreateEnvironmentSecretForApp($input: CreateEnvironmentSecretInput!, $appId: String!) { environmentSecret { createEnvironmentSecretForApp(environmentSecretData: $input, appId: $appId) { id name } } }",
                                 "variables": {"appId": F.uuid(), "input": {"name": "SENTRY_AUTH_TOKEN", "value": val, "type": "STRING"}}}),
                        response(200, rhead(), {"data": {"environmentSecret": {"createEnvironmentSecretForApp": {"id": F.uuid(), "name": "SENTRY_AUTH_TOKEN"}}}})),
            interaction(request("POST", "https://exp.host/--/api/v2/push/send", [CT_JSON], [{"to": pt, "title": "Password changed", "body": "If this wasn't you, contact support."}]),
                        response(200, rhead(), {"data": [{"status": "ok", "id": ticket}]}))]


# ---------------------------------------------------------------------------------------------
# Run
# ---------------------------------------------------------------------------------------------

if __name__ == "__main__":
    SPLIT.main(cassette_views)
