"""Writes Tests/CassetteScrubbingTests/Corpus/Secrets/*.json and its manifest.json.

Every secret is random (seeded) in the exact shape the provider issues; `S(value, category, where)`
records it in the manifest under the file being built.
"""

import base64
import json
import os

import shapes
from cassettes import (CORPUS, Fakes, basic, form, hop, interaction, multipart, q, request, response,
                       write_cassette)
from shapes import ALNUM, B64URL, DIGITS, HEX, LOWER, UPPER

f = Fakes(20261130)
SECRETS = []
FILE = [None]

JSON = ("Content-Type", "application/json")
JSON_UTF8 = ("Content-Type", "application/json; charset=utf-8")
FORM = ("Content-Type", "application/x-www-form-urlencoded")
HTML = ("Content-Type", "text/html; charset=utf-8")
XML = ("Content-Type", "application/xml")
TEXT = ("Content-Type", "text/plain; charset=utf-8")


def S(value, category, where):
    assert value not in [s["value"] for s in SECRETS], value
    SECRETS.append({"value": value, "file": FILE[0], "category": category, "where": where})
    return value


def shape(name):
    for entry in shapes.SHAPES:
        if entry[0] == name:
            return entry[9](f)
    raise KeyError(name)


def cassette(name, interactions):
    write_cassette("Secrets", name, interactions)


def start(name):
    FILE[0] = name


# Cloud APIs ------------------------------------------------------------------------------------

def aws_sigv4_s3():
    start("aws-sigv4-s3.json")
    key_id = S(f.aws_key_id("AKIA"), "cloud", "SigV4 Credential= in the Authorization header")
    sig = S(f.sigv4(), "cloud", "SigV4 Signature= in the Authorization header, echoed alone in the error XML")
    token = S(f.aws_session_token(), "cloud", "X-Amz-Security-Token request header")
    auth = (f"AWS4-HMAC-SHA256 Credential={key_id}/20261130/us-east-1/s3/aws4_request, "
            f"SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date;x-amz-security-token, Signature={sig}")
    error = ('<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>SignatureDoesNotMatch</Code>'
             "<Message>The request signature we calculated does not match the signature you provided. Check your "
             f"key and signing method.</Message><AWSAccessKeyId>{key_id}</AWSAccessKeyId><StringToSign>"
             "AWS4-HMAC-SHA256\n20261130T101500Z\n20261130/us-east-1/s3/aws4_request\n"
             f"{f.hex(64)}</StringToSign><SignatureProvided>{sig}</SignatureProvided>"
             "<RequestId>7Q1K4Z2T8B9H3C5D</RequestId><HostId>" + f.b64std(54) + "</HostId></Error>")
    first = interaction(
        request("PUT", "https://reports-7731.s3.us-east-1.amazonaws.com/2026/11/summary.csv", [
            ("Authorization", auth), ("Content-Type", "text/csv"),
            ("x-amz-content-sha256", f.hex(64)), ("x-amz-date", "20261130T101500Z"),
            ("X-Amz-Security-Token", token)], "day,orders\n2026-11-29,412\n"),
        response(403, [("Content-Type", "application/xml"), ("x-amz-request-id", "7Q1K4Z2T8B9H3C5D")], error))
    pre_id = S(f.aws_key_id("ASIA"), "cloud", "X-Amz-Credential of a presigned URL (percent-encoded)")
    pre_token = S(f.aws_session_token(), "cloud", "X-Amz-Security-Token of a presigned URL (percent-encoded)")
    pre_sig = S(f.sigv4(), "cloud", "X-Amz-Signature of a presigned URL")
    url = ("https://reports-7731.s3.us-east-1.amazonaws.com/2026/11/summary.csv?X-Amz-Algorithm=AWS4-HMAC-SHA256"
           f"&X-Amz-Credential={q(pre_id + '/20261130/us-east-1/s3/aws4_request')}&X-Amz-Date=20261130T101612Z"
           f"&X-Amz-Expires=3600&X-Amz-Security-Token={q(pre_token)}&X-Amz-SignedHeaders=host"
           f"&X-Amz-Signature={pre_sig}")
    second = interaction(request("GET", url), response(200, [("Content-Type", "text/csv"), ("ETag", '"' + f.hex(32) + '"')],
                                                          "day,orders\n2026-11-29,412\n"))
    cassette("aws-sigv4-s3.json", [first, second])


def aws_sts():
    start("aws-sts-assume-role.json")
    caller = f.aws_key_id("AKIA")
    sig = S(f.sigv4(), "cloud", "SigV4 signature of the STS request")
    key_id = S(f.aws_key_id("ASIA"), "cloud", "<AccessKeyId> in the AssumeRole XML response")
    secret = S(f.aws_secret(), "cloud", "<SecretAccessKey> in the AssumeRole XML response")
    token = S(f.aws_session_token(), "cloud", "<SessionToken> in the AssumeRole XML response")
    S(caller, "cloud", "SigV4 Credential= of the caller's long-term key")
    body = form([("Action", "AssumeRole"), ("RoleArn", "arn:aws:iam::123456789012:role/deploy"),
                 ("RoleSessionName", "ci-run-8812"), ("Version", "2011-06-15")])
    xml = ('<AssumeRoleResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/">\n  <AssumeRoleResult>\n'
           "    <SourceIdentity>ci</SourceIdentity>\n    <AssumedRoleUser>\n"
           "      <AssumedRoleId>AROA3XFRBF23EXAMPLE:ci-run-8812</AssumedRoleId>\n"
           "      <Arn>arn:aws:sts::123456789012:assumed-role/deploy/ci-run-8812</Arn>\n    </AssumedRoleUser>\n"
           f"    <Credentials>\n      <AccessKeyId>{key_id}</AccessKeyId>\n"
           f"      <SecretAccessKey>{secret}</SecretAccessKey>\n      <SessionToken>{token}</SessionToken>\n"
           "      <Expiration>2026-11-30T11:15:00Z</Expiration>\n    </Credentials>\n"
           "    <PackedPolicySize>6</PackedPolicySize>\n  </AssumeRoleResult>\n  <ResponseMetadata>\n"
           "    <RequestId>c6104cbe-af31-11e0-8154-cbc7ccf896c7</RequestId>\n  </ResponseMetadata>\n"
           "</AssumeRoleResponse>\n")
    cassette("aws-sts-assume-role.json", [interaction(
        request("POST", "https://sts.amazonaws.com/", [
            ("Authorization", f"AWS4-HMAC-SHA256 Credential={caller}/20261130/us-east-1/sts/aws4_request, "
                              f"SignedHeaders=content-type;host;x-amz-date, Signature={sig}"),
            ("Content-Type", "application/x-www-form-urlencoded; charset=utf-8"), ("X-Amz-Date", "20261130T101500Z")],
            body),
        response(200, [("Content-Type", "text/xml"), ("x-amzn-RequestId", "c6104cbe-af31-11e0-8154-cbc7ccf896c7")],
                 xml))])


def aws_json_protocol():
    start("aws-secretsmanager-json.json")
    caller = f.aws_key_id("AKIA")
    sig = S(f.sigv4(), "cloud", "SigV4 signature, application/x-amz-json-1.1 request")
    db_password = S(f.password(24), "cloud", "password inside SecretString (JSON inside a JSON string, x-amz-json)")
    stripe = S(shape("stripe-key"), "cloud", "Stripe key inside SecretString (JSON inside a JSON string)")
    secret_string = json.dumps({"username": "app", "password": db_password, "engine": "postgres",
                                "host": "db.internal", "port": 5432, "stripe_key": stripe}, separators=(",", ":"))
    cassette("aws-secretsmanager-json.json", [interaction(
        request("POST", "https://secretsmanager.eu-west-1.amazonaws.com/", [
            ("Authorization", f"AWS4-HMAC-SHA256 Credential={caller}/20261130/eu-west-1/secretsmanager/aws4_request, "
                              f"SignedHeaders=content-type;host;x-amz-date;x-amz-target, Signature={sig}"),
            ("Content-Type", "application/x-amz-json-1.1"), ("X-Amz-Target", "secretsmanager.GetSecretValue")],
            '{"SecretId":"prod/app/db"}'),
        response(200, [("Content-Type", "application/x-amz-json-1.1")], json.dumps({
            "ARN": "arn:aws:secretsmanager:eu-west-1:123456789012:secret:prod/app/db-Xy12Ab",
            "CreatedDate": 1.732960000123E9, "Name": "prod/app/db", "SecretString": secret_string,
            "VersionId": f.uuid(), "VersionStages": ["AWSCURRENT"]}, separators=(",", ":"))))])
    S(caller, "cloud", "SigV4 Credential= of an x-amz-json request")


def gcp_service_account():
    start("gcp-service-account.json")
    pem, line = f.pem()
    S(line, "cloud", "a line of private_key inside the base64 privateKeyData of a created service-account key")
    key_file = {"type": "service_account", "project_id": "shop-prod-4471", "private_key_id": f.hex(40),
                "private_key": pem, "client_email": "deployer@shop-prod-4471.iam.gserviceaccount.com",
                "client_id": f.digits(21), "auth_uri": "https://accounts.google.com/o/oauth2/auth",
                "token_uri": "https://oauth2.googleapis.com/token",
                "auth_provider_x509_cert_url": "https://www.googleapis.com/oauth2/v1/certs",
                "client_x509_cert_url": "https://www.googleapis.com/robot/v1/metadata/x509/"
                                        "deployer%40shop-prod-4471.iam.gserviceaccount.com",
                "universe_domain": "googleapis.com"}
    ya29_caller = S(shape("google-oauth-access-token"), "cloud", "Bearer token of the IAM request")
    create = interaction(
        request("POST", "https://iam.googleapis.com/v1/projects/shop-prod-4471/serviceAccounts/"
                        "deployer@shop-prod-4471.iam.gserviceaccount.com/keys",
                [("Authorization", "Bearer " + ya29_caller), JSON], "{}"),
        response(200, [JSON_UTF8], json.dumps({
            "name": "projects/shop-prod-4471/serviceAccounts/deployer@shop-prod-4471.iam.gserviceaccount.com/keys/"
                    + key_file["private_key_id"],
            "privateKeyType": "TYPE_GOOGLE_CREDENTIALS_FILE",
            "privateKeyData": base64.b64encode(json.dumps(key_file, indent=2).encode()).decode(),
            "validAfterTime": "2026-11-30T10:15:00Z", "validBeforeTime": "9999-12-31T23:59:59Z",
            "keyAlgorithm": "KEY_ALG_RSA_2048", "keyOrigin": "GOOGLE_PROVIDED", "keyType": "USER_MANAGED"})))
    pem2, line2 = f.pem()
    S(line2, "cloud", "a line of private_key in a service-account JSON key uploaded as a text/plain body")
    key_file2 = dict(key_file, private_key=pem2, private_key_id=f.hex(40))
    upload = interaction(
        request("PUT", "https://config.internal.example.com/v1/secrets/gcp-deployer",
                [TEXT], json.dumps(key_file2, indent=2)),
        response(204))
    claims = {"iss": "deployer@shop-prod-4471.iam.gserviceaccount.com",
              "scope": "https://www.googleapis.com/auth/cloud-platform",
              "aud": "https://oauth2.googleapis.com/token", "exp": 1732965300, "iat": 1732961700}
    assertion = S(f.jwt(claims), "cloud", "JWT-bearer assertion in a token request form body")
    ya29 = S(shape("google-oauth-access-token"), "cloud", "access_token of the token response")
    token = interaction(
        request("POST", "https://oauth2.googleapis.com/token", [FORM],
                form([("grant_type", "urn:ietf:params:oauth:grant-type:jwt-bearer"), ("assertion", assertion)])),
        response(200, [JSON_UTF8], {"access_token": ya29, "expires_in": 3599, "token_type": "Bearer"}))
    cassette("gcp-service-account.json", [create, upload, token])


def azure_connection_strings():
    start("azure-connection-strings.json")
    arm = S(f.jwt({"aud": "https://management.azure.com/", "iss": "https://sts.windows.net/" + f.uuid() + "/",
                   "appid": f.uuid(), "oid": f.uuid(), "exp": 1732965300}), "cloud", "ARM bearer token")
    storage = S(f.b64std(64), "cloud", "AccountKey= in a storage connection string (app settings)")
    bus = S(f.b64std(32), "cloud", "SharedAccessKey= in a Service Bus connection string")
    sql = S(f.password(20), "cloud", "Password= in an ADO.NET SQL connection string")
    cosmos = S(f.b64std(64), "cloud", "AccountKey= in a Cosmos DB connection string")
    settings = {"id": "/subscriptions/" + f.uuid() + "/resourceGroups/shop/providers/Microsoft.Web/sites/"
                      "shop-api/config/appsettings", "name": "appsettings", "type": "Microsoft.Web/sites/config",
                "location": "West Europe", "properties": {
                    "AzureWebJobsStorage": "DefaultEndpointsProtocol=https;AccountName=shopapi7731;AccountKey="
                                           + storage + ";EndpointSuffix=core.windows.net",
                    "ServiceBusConnection": "Endpoint=sb://shop-bus.servicebus.windows.net/;SharedAccessKeyName="
                                            "RootManageSharedAccessKey;SharedAccessKey=" + bus,
                    "SqlConnection": "Server=tcp:shop-sql.database.windows.net,1433;Initial Catalog=shop;"
                                     "Persist Security Info=False;User ID=shopadmin;Password=" + sql
                                     + ";MultipleActiveResultSets=False;Encrypt=True;",
                    "CosmosConnection": "AccountEndpoint=https://shop-cosmos.documents.azure.com:443/;AccountKey="
                                        + cosmos + ";",
                    "FUNCTIONS_WORKER_RUNTIME": "dotnet-isolated", "WEBSITE_RUN_FROM_PACKAGE": "1"}}
    first = interaction(
        request("POST", "https://management.azure.com/subscriptions/" + f.uuid() + "/resourceGroups/shop/providers/"
                        "Microsoft.Web/sites/shop-api/config/appsettings/list?api-version=2023-12-01",
                [("Authorization", "Bearer " + arm)]),
        response(200, [JSON_UTF8], settings))
    key1 = S(f.b64std(64), "cloud", "listKeys response: keys[0].value beside keyName")
    key2 = S(f.b64std(64), "cloud", "listKeys response: keys[1].value beside keyName")
    second = interaction(
        request("POST", "https://management.azure.com/subscriptions/" + f.uuid() + "/resourceGroups/shop/providers/"
                        "Microsoft.Storage/storageAccounts/shopapi7731/listKeys?api-version=2023-05-01",
                [("Authorization", "Bearer " + arm)]),
        response(200, [JSON_UTF8], {"keys": [
            {"creationTime": "2026-01-04T09:12:44.1234567Z", "keyName": "key1", "value": key1, "permissions": "FULL"},
            {"creationTime": "2026-01-04T09:12:44.1234567Z", "keyName": "key2", "value": key2,
             "permissions": "FULL"}]}))
    sas = S(f.b64std(32), "cloud", "sig= of a blob SAS URL (percent-encoded base64)")
    third = interaction(
        request("GET", "https://shopapi7731.blob.core.windows.net/exports/orders.csv?sv=2022-11-02&ss=b&srt=o&sp=r"
                       "&se=2026-12-01T00:00:00Z&st=2026-11-30T00:00:00Z&spr=https&sig=" + q(sas)),
        response(200, [("Content-Type", "text/csv"), ("x-ms-version", "2022-11-02")], "id,total\n1,12.50\n"))
    cassette("azure-connection-strings.json", [first, second, third])


def azure_ad():
    start("azure-ad-client-credentials.json")
    secret = S(shape("azure-ad-client-secret"), "cloud", "client_secret in a form body")
    token = S(f.jwt({"aud": "api://shop", "iss": "https://login.microsoftonline.com/" + f.uuid() + "/v2.0",
                     "azp": f.uuid(), "roles": ["Orders.Read"], "exp": 1732965300}), "cloud",
              "access_token of the client-credentials response")
    cassette("azure-ad-client-credentials.json", [interaction(
        request("POST", "https://login.microsoftonline.com/" + f.uuid() + "/oauth2/v2.0/token", [FORM],
                form([("client_id", f.uuid()), ("client_secret", secret), ("scope", "api://shop/.default"),
                      ("grant_type", "client_credentials")])),
        response(200, [JSON_UTF8], {"token_type": "Bearer", "expires_in": 3599, "ext_expires_in": 3599,
                                    "access_token": token}))])


def cloud_tokens():
    start("cloud-platform-tokens.json")
    do = S(shape("digitalocean-token"), "cloud", "DigitalOcean token in Authorization: Bearer")
    heroku = S(shape("heroku-api-key"), "cloud", "Heroku token in Authorization: Bearer")
    vault_header = S(shape("vault-service-token"), "cloud", "X-Vault-Token header")
    vault_login = S("hvs.CAESI" + f.b64url(84), "cloud", "auth.client_token of a Vault login response")
    db_password = S(f.password(22), "cloud", "data.data.db_password of a Vault KV read")
    api_key = S(f.alnum(32), "cloud", "data.data.api_key of a Vault KV read")
    tfc = S(shape("terraform-cloud-token"), "cloud", "Terraform Cloud token in Authorization: Bearer")
    pulumi = S(shape("pulumi-access-token"), "cloud", "Pulumi token in Authorization: token")
    doppler = S(shape("doppler-service-token"), "cloud", "Doppler service token as the user of Basic auth")
    supabase = S(shape("supabase-access-token"), "cloud", "Supabase token in Authorization: Bearer")
    databricks = S(shape("databricks-token"), "cloud", "Databricks token in Authorization: Bearer")
    origin = S(shape("cloudflare-origin-ca-key"), "cloud", "X-Auth-User-Service-Key header")
    cassette("cloud-platform-tokens.json", [
        interaction(request("GET", "https://api.digitalocean.com/v2/droplets?page=1&per_page=20",
                            [("Authorization", "Bearer " + do)]),
                    response(200, [JSON], {"droplets": [], "links": {}, "meta": {"total": 0}})),
        interaction(request("GET", "https://api.heroku.com/apps", [("Accept", "application/vnd.heroku+json; version=3"),
                                                                   ("Authorization", "Bearer " + heroku)]),
                    response(200, [JSON], [])),
        interaction(request("POST", "https://vault.internal.example.com:8200/v1/auth/approle/login", [JSON],
                            {"role_id": f.uuid(), "secret_id": S(f.uuid(), "cloud", "AppRole secret_id")}),
                    response(200, [JSON], {"request_id": f.uuid(), "lease_id": "", "renewable": False,
                                           "lease_duration": 0, "data": None, "auth": {
                                               "client_token": vault_login, "accessor": f.b64url(24),
                                               "policies": ["default", "app"], "lease_duration": 2764800,
                                               "renewable": True, "entity_id": f.uuid()}})),
        interaction(request("GET", "https://vault.internal.example.com:8200/v1/secret/data/app",
                            [("X-Vault-Token", vault_header)]),
                    response(200, [JSON], {"data": {"data": {"db_password": db_password, "api_key": api_key},
                                                    "metadata": {"version": 3,
                                                                 "created_time": "2026-11-02T08:00:00.1Z"}}})),
        interaction(request("GET", "https://app.terraform.io/api/v2/organizations/shop/workspaces",
                            [("Authorization", "Bearer " + tfc), ("Content-Type", "application/vnd.api+json")]),
                    response(200, [("Content-Type", "application/vnd.api+json")], {"data": []})),
        interaction(request("GET", "https://api.pulumi.com/api/user/stacks", [("Authorization", "token " + pulumi)]),
                    response(200, [JSON], {"stacks": []})),
        interaction(request("GET", "https://api.doppler.com/v3/configs/config/secrets/download?format=json",
                            [("Authorization", basic(doppler, ""))]),
                    response(200, [JSON], {"APP_ENV": "production"})),
        interaction(request("GET", "https://api.supabase.com/v1/projects", [("Authorization", "Bearer " + supabase)]),
                    response(200, [JSON], [])),
        interaction(request("GET", "https://dbc-4f2a7c1e-9b3d.cloud.databricks.com/api/2.0/clusters/list",
                            [("Authorization", "Bearer " + databricks)]),
                    response(200, [JSON], {"clusters": []})),
        interaction(request("GET", "https://api.cloudflare.com/client/v4/certificates?zone_id=" + f.hex(32),
                            [("X-Auth-User-Service-Key", origin)]),
                    response(200, [JSON], {"success": True, "errors": [], "messages": [], "result": []})),
    ])


# OAuth flows -----------------------------------------------------------------------------------

def oauth_pkce():
    start("oauth-authorization-code-pkce.json")
    code = S(f.b64url(43), "oauth", "authorization code in the callback Location and the token request form")
    verifier = S(f.b64url(64), "oauth", "PKCE code_verifier in the token request form")
    access = S(f.alnum(40), "oauth", "opaque access_token in the token response")
    refresh = S(f.b64url(56), "oauth", "refresh_token in the token response")
    id_token = S(f.jwt({"iss": "https://id.example-idp.com", "sub": "248289761001", "aud": "shop-web",
                        "email": "jane.doe@example.com", "email_verified": True, "nonce": f.b64url(16),
                        "iat": 1732961700, "exp": 1732965300}), "oauth", "id_token in the token response")
    state = f.b64url(22)
    challenge = f.b64url(43)
    authorize = ("https://id.example-idp.com/oauth2/authorize?response_type=code&client_id=shop-web"
                 "&redirect_uri=" + q("https://shop.example.com/auth/callback") + "&scope=openid%20email%20profile"
                 f"&state={state}&code_challenge={challenge}&code_challenge_method=S256")
    callback = f"https://shop.example.com/auth/callback?code={code}&state={state}"
    cassette("oauth-authorization-code-pkce.json", [
        interaction(request("GET", authorize), response(200, [HTML], "<html><body>Signed in</body></html>",
                                                        url=callback + "&iss=" + q("https://id.example-idp.com")),
                    redirects=[hop("GET", authorize, 302, [("Location", callback)])]),
        interaction(request("POST", "https://id.example-idp.com/oauth2/token", [FORM], form([
            ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", "https://shop.example.com/auth/callback"),
            ("code_verifier", verifier), ("client_id", "shop-web")])),
            response(200, [JSON, ("Cache-Control", "no-store")], {
                "access_token": access, "token_type": "Bearer", "expires_in": 3600, "refresh_token": refresh,
                "id_token": id_token, "scope": "openid email profile"})),
    ])


def oauth_device():
    start("oauth-device-flow.json")
    device_code = S(f.hex(40), "oauth", "device_code in the device authorization response and the polling form")
    gho = S(shapes.github(f, "gho_"), "oauth", "access_token of a device-flow token response (form-encoded body)")
    ghr = S(shapes.github(f, "ghr_") + f.alnum(40), "oauth", "refresh_token of a device-flow token response")
    user_code = "WDJB-MJHT"
    cassette("oauth-device-flow.json", [
        interaction(request("POST", "https://github.com/login/device/code", [FORM, ("Accept", "application/json")],
                            form([("client_id", "Iv1.8a61f9b3a7aba766"), ("scope", "repo")])),
                    response(200, [JSON_UTF8], {"device_code": device_code, "user_code": user_code,
                                                "verification_uri": "https://github.com/login/device",
                                                "expires_in": 899, "interval": 5})),
        interaction(request("POST", "https://github.com/login/oauth/access_token", [FORM],
                            form([("client_id", "Iv1.8a61f9b3a7aba766"), ("device_code", device_code),
                                  ("grant_type", "urn:ietf:params:oauth:grant-type:device_code")])),
                    response(200, [FORM], form([("error", "authorization_pending"),
                                                ("error_description", "The authorization request is still pending.")]))),
        interaction(request("POST", "https://github.com/login/oauth/access_token", [FORM],
                            form([("client_id", "Iv1.8a61f9b3a7aba766"), ("device_code", device_code),
                                  ("grant_type", "urn:ietf:params:oauth:grant-type:device_code")])),
                    response(200, [FORM], form([("access_token", gho), ("expires_in", "28800"),
                                                ("refresh_token", ghr), ("refresh_token_expires_in", "15811200"),
                                                ("scope", ""), ("token_type", "bearer")]))),
    ])


def oauth_implicit():
    start("oauth-implicit-fragment.json")
    access = S(f.b64url(32), "oauth", "access_token in the fragment of a redirect Location and final URL")
    id_token = S(f.jwt({"iss": "https://login.example-idp.com", "sub": f.uuid(), "aud": "spa", "nonce": f.hex(16),
                        "exp": 1732965300}, alg="ES256", signature_bytes=64), "oauth", "id_token in the fragment")
    start_url = ("https://login.example-idp.com/authorize?response_type=id_token%20token&client_id=spa"
                 "&redirect_uri=" + q("https://spa.example.com/cb") + "&scope=openid&nonce=" + f.hex(16) + "&state=af0ifjsldkj")
    location = (f"https://spa.example.com/cb#access_token={access}&token_type=Bearer&expires_in=3600"
                f"&id_token={id_token}&state=af0ifjsldkj")
    cassette("oauth-implicit-fragment.json", [interaction(
        request("GET", start_url), response(200, [HTML], "<!doctype html><title>SPA</title>", url=location),
        redirects=[hop("GET", start_url, 302, [("Location", location), ("Cache-Control", "no-store")])])])


def oauth_google_refresh():
    start("oauth-google-refresh.json")
    refresh = S(shape("google-oauth-refresh-token"), "oauth", "refresh_token in a token request form")
    secret = S(shape("google-oauth-client-secret"), "oauth", "client_secret in a token request form")
    access = S(shape("google-oauth-access-token"), "oauth", "access_token of the refresh response")
    id_token = S(f.jwt({"iss": "https://accounts.google.com", "azp": "1234.apps.googleusercontent.com",
                        "sub": f.digits(21), "email": "dev@example.org", "exp": 1732965300}), "oauth",
                 "id_token of the refresh response")
    cassette("oauth-google-refresh.json", [interaction(
        request("POST", "https://oauth2.googleapis.com/token", [FORM], form([
            ("client_id", f.digits(12) + "-" + f.pick(LOWER + DIGITS, 32) + ".apps.googleusercontent.com"),
            ("client_secret", secret), ("refresh_token", refresh), ("grant_type", "refresh_token")])),
        response(200, [JSON_UTF8], {"access_token": access, "expires_in": 3599,
                                    "scope": "https://www.googleapis.com/auth/drive.readonly openid",
                                    "token_type": "Bearer", "id_token": id_token}))])


def oauth_client_basic():
    start("oauth-client-credentials-basic.json")
    secret = S(f.b64url(40), "oauth", "client secret inside the Basic credentials of a token request")
    token = S(f.jwt({"iss": "https://auth.example.com/", "sub": "svc-orders@clients", "aud": "https://api.example.com",
                     "scope": "orders:read", "exp": 1732965300}), "oauth", "JWT access_token of the response")
    okta = S("00" + f.b64url(40), "oauth", "Okta API token after the SSWS scheme")
    intro_secret = S(f.alnum(48), "oauth", "client secret inside Basic credentials of an introspection request")
    opaque = S(f.b64url(43), "oauth", "token= of an introspection request form")
    email = S("Jane.Doe@EXAMPLE.COM", "email", "username of an introspection response, upper case")
    cassette("oauth-client-credentials-basic.json", [
        interaction(request("POST", "https://auth.example.com/oauth/token",
                            [("Authorization", basic("svc-orders", secret)), FORM],
                            "grant_type=client_credentials&audience=https%3A%2F%2Fapi.example.com"),
                    response(200, [JSON], {"access_token": token, "token_type": "Bearer", "expires_in": 86400})),
        interaction(request("GET", "https://shop.okta.com/api/v1/users?limit=1", [("Authorization", "SSWS " + okta),
                                                                                 ("Accept", "application/json")]),
                    response(200, [JSON], [])),
        interaction(request("POST", "https://auth.example.com/oauth/introspect",
                            [("Authorization", basic("gateway", intro_secret)), FORM],
                            form([("token", opaque), ("token_type_hint", "access_token")])),
                    response(200, [JSON], {"active": True, "client_id": "shop-web", "username": email,
                                           "scope": "read write", "exp": 1732965300})),
    ])


# Payments --------------------------------------------------------------------------------------

def stripe():
    start("stripe.json")
    sk = S(shape("stripe-key"), "payments", "secret key in Authorization: Bearer")
    client_secret = S("pi_3Q" + f.alnum(22) + "_secret_" + f.alnum(25), "payments",
                      "PaymentIntent client_secret in the response")
    rk = S("rk_live_51" + f.alnum(97), "payments", "restricted key as the user of Basic auth")
    whsec = S(shape("stripe-webhook-secret"), "payments", "secret of a created webhook endpoint")
    v1 = S(f.hex(64), "payments", "v1= signature of a Stripe-Signature header on a webhook delivery")
    pi = "pi_3Q" + f.alnum(22)
    cassette("stripe.json", [
        interaction(request("POST", "https://api.stripe.com/v1/payment_intents",
                            [("Authorization", "Bearer " + sk), FORM, ("Idempotency-Key", f.uuid())],
                            "amount=2000&currency=eur&customer=cus_" + f.alnum(14)
                            + "&automatic_payment_methods%5Benabled%5D=true"),
                    response(200, [JSON, ("Request-Id", "req_" + f.alnum(14))], {
                        "id": pi, "object": "payment_intent", "amount": 2000, "currency": "eur",
                        "client_secret": client_secret, "status": "requires_payment_method", "livemode": True})),
        interaction(request("POST", "https://api.stripe.com/v1/webhook_endpoints",
                            [("Authorization", basic(rk, "")), FORM],
                            "url=https%3A%2F%2Fshop.example.com%2Fhooks%2Fstripe&enabled_events%5B%5D=charge.succeeded"),
                    response(200, [JSON], {"id": "we_" + f.alnum(24), "object": "webhook_endpoint",
                                           "secret": whsec, "status": "enabled",
                                           "url": "https://shop.example.com/hooks/stripe"})),
        interaction(request("POST", "https://shop.example.com/hooks/stripe", [
            JSON, ("Stripe-Signature", f"t=1732961700,v1={v1},v0={f.hex(64)}")],
            {"id": "evt_" + f.alnum(24), "object": "event", "type": "charge.succeeded",
             "data": {"object": {"id": "ch_" + f.alnum(24), "amount": 2000, "payment_intent": pi}}}),
            response(200, [TEXT], "ok")),
    ])


def square_paypal():
    start("square-paypal-braintree.json")
    square = S(shape("square-access-token"), "payments", "Square access token in Authorization: Bearer")
    csp = S(shape("square-oauth-secret"), "payments", "client_secret in a Square OAuth JSON request")
    code = S("sq0cgp-" + f.b64url(22), "payments", "authorization code in a Square OAuth JSON request")
    access = S(shape("square-access-token"), "payments", "access_token of a Square OAuth response")
    refresh = S("EQAA" + f.b64url(60), "payments", "refresh_token of a Square OAuth response")
    paypal_secret = S(f.b64url(80), "payments", "PayPal client secret inside Basic credentials")
    paypal_token = S("A21AA" + f.b64url(92), "payments", "access_token of a PayPal token response")
    braintree = S(shape("braintree-access-token"), "payments", "Braintree access token in Authorization: Bearer")
    cassette("square-paypal-braintree.json", [
        interaction(request("GET", "https://connect.squareup.com/v2/locations", [("Authorization", "Bearer " + square),
                                                                                 ("Square-Version", "2026-10-16")]),
                    response(200, [JSON], {"locations": [{"id": "L" + f.pick(UPPER + DIGITS, 12), "name": "Main"}]})),
        interaction(request("POST", "https://connect.squareup.com/oauth2/token", [JSON], {
            "client_id": "sq0idp-" + f.b64url(22), "client_secret": csp, "code": code,
            "grant_type": "authorization_code"}),
            response(200, [JSON], {"access_token": access, "token_type": "bearer",
                                   "expires_at": "2026-12-30T10:15:00Z", "merchant_id": "ML" + f.pick(UPPER, 10),
                                   "refresh_token": refresh, "short_lived": False})),
        interaction(request("POST", "https://api-m.paypal.com/v1/oauth2/token",
                            [("Authorization", basic("A" + f.b64url(79), paypal_secret)), FORM],
                            "grant_type=client_credentials"),
                    response(200, [JSON], {"scope": "https://uri.paypal.com/services/payments/payment",
                                           "access_token": paypal_token, "token_type": "Bearer",
                                           "app_id": "APP-80W284485P519543T", "expires_in": 32400,
                                           "nonce": "2026-11-30T10:15:00Z" + f.b64url(43)})),
        interaction(request("POST", "https://payments.braintree-api.com/graphql",
                            [("Authorization", "Bearer " + braintree), ("Braintree-Version", "2019-01-01"), JSON],
                            {"query": "query { ping }"}),
                    response(200, [JSON], {"data": {"ping": "pong"}, "extensions": {"requestId": f.uuid()}})),
    ])


def adyen_and_more():
    start("payment-webhooks.json")
    hmac = S(f.b64std(32), "payments", "additionalData.hmacSignature of an Adyen notification")
    adyen_key = S("AQE" + f.b64std(72).rstrip("=") + "==-" + f.b64std(32) + "-" + f.pick(ALNUM + "<>[]{}:;,", 16),
                  "payments", "Adyen API key in X-API-Key")
    flw = S(shape("flutterwave-secret-key"), "payments", "Flutterwave secret key in Authorization: Bearer")
    verif = S(f.alnum(32), "payments", "Flutterwave verif-hash webhook header")
    razorpay_sig = S(f.hex(64), "payments", "X-Razorpay-Signature webhook header")
    razorpay_secret = S(f.alnum(24), "payments", "Razorpay key secret inside Basic credentials")
    cassette("payment-webhooks.json", [
        interaction(request("POST", "https://shop.example.com/hooks/adyen", [JSON], {
            "live": "true", "notificationItems": [{"NotificationRequestItem": {
                "additionalData": {"hmacSignature": hmac, "authCode": "084737"},
                "amount": {"currency": "EUR", "value": 1000}, "eventCode": "AUTHORISATION",
                "eventDate": "2026-11-30T10:15:00+01:00", "merchantAccountCode": "ShopECOM",
                "merchantReference": "order-8812", "pspReference": f.pick(UPPER + DIGITS, 16), "success": "true"}}]}),
            response(200, [TEXT], "[accepted]")),
        interaction(request("POST", "https://checkout-test.adyen.com/v71/payments",
                            [("X-API-Key", adyen_key), JSON], {"amount": {"currency": "EUR", "value": 1000},
                                                               "reference": "order-8812",
                                                               "merchantAccount": "ShopECOM"}),
                    response(200, [JSON], {"resultCode": "Authorised", "pspReference": f.pick(UPPER + DIGITS, 16)})),
        interaction(request("GET", "https://api.flutterwave.com/v3/transactions/4812/verify",
                            [("Authorization", "Bearer " + flw)]),
                    response(200, [JSON], {"status": "success", "data": {"id": 4812, "amount": 7500}})),
        interaction(request("POST", "https://shop.example.com/hooks/flutterwave", [("verif-hash", verif), JSON],
                            {"event": "charge.completed", "data": {"id": 4812, "status": "successful"}}),
                    response(200)),
        interaction(request("POST", "https://shop.example.com/hooks/razorpay",
                            [("X-Razorpay-Signature", razorpay_sig), JSON],
                            {"entity": "event", "event": "payment.captured", "payload": {}}),
                    response(200)),
        interaction(request("GET", "https://api.razorpay.com/v1/payments?count=1",
                            [("Authorization", basic("rzp_live_" + f.alnum(14), razorpay_secret))]),
                    response(200, [JSON], {"entity": "collection", "count": 0, "items": []})),
    ])


def commerce():
    start("commerce-apis.json")
    shpat = S(shape("shopify-access-token"), "payments", "X-Shopify-Access-Token header")
    shopify_hmac = S(f.b64std(32), "payments", "X-Shopify-Hmac-Sha256 webhook header")
    plaid_secret = S(f.hex(30), "payments", "secret in a Plaid JSON request body")
    plaid_token = S(shape("plaid-access-token"), "payments", "access_token in a Plaid JSON request body")
    shippo = S(shape("shippo-api-token"), "payments", "Shippo token after the ShippoToken scheme")
    easypost = S(shape("easypost-api-key"), "payments", "EasyPost key as the user of Basic auth")
    cassette("commerce-apis.json", [
        interaction(request("GET", "https://shop-7731.myshopify.com/admin/api/2026-10/orders.json?status=any",
                            [("X-Shopify-Access-Token", shpat)]),
                    response(200, [JSON], {"orders": []})),
        interaction(request("POST", "https://shop.example.com/hooks/shopify/orders-create", [
            JSON, ("X-Shopify-Hmac-Sha256", shopify_hmac), ("X-Shopify-Topic", "orders/create"),
            ("X-Shopify-Shop-Domain", "shop-7731.myshopify.com")], {"id": 820982911946154508, "email": None}),
            response(200)),
        interaction(request("POST", "https://production.plaid.com/accounts/balance/get", [JSON], {
            "client_id": f.hex(24), "secret": plaid_secret, "access_token": plaid_token}),
            response(200, [JSON], {"accounts": [], "item": {"item_id": f.b64url(37)}, "request_id": f.alnum(15)})),
        interaction(request("GET", "https://api.goshippo.com/shipments/?results=5",
                            [("Authorization", "ShippoToken " + shippo)]),
                    response(200, [JSON], {"count": 0, "next": None, "previous": None, "results": []})),
        interaction(request("GET", "https://api.easypost.com/v2/shipments?page_size=5",
                            [("Authorization", basic(easypost, ""))]),
                    response(200, [JSON], {"shipments": [], "has_more": False})),
    ])


# Messaging -------------------------------------------------------------------------------------

def twilio():
    start("twilio.json")
    account = "AC" + f.hex(32)
    auth_token = S(f.hex(32), "messaging", "auth token inside Basic credentials (account SID as user)")
    key_sid = S(shape("twilio-api-key"), "messaging", "API key SID as the user of Basic auth")
    key_secret = S(f.alnum(32), "messaging", "API key secret inside Basic credentials")
    signature = S(f.b64std(20), "messaging", "X-Twilio-Signature of an incoming webhook")
    sub_token = S(f.hex(32), "messaging", "auth_token of a created subaccount (JSON response)")
    cassette("twilio.json", [
        interaction(request("POST", f"https://api.twilio.com/2010-04-01/Accounts/{account}/Messages.json",
                            [("Authorization", basic(account, auth_token)), FORM],
                            form([("To", "+14155550100"), ("From", "+14155550199"), ("Body", "Your order shipped")])),
                    response(201, [JSON], {"sid": "SM" + f.hex(32), "account_sid": account, "status": "queued",
                                           "body": "Your order shipped", "num_segments": "1"})),
        interaction(request("GET", f"https://api.twilio.com/2010-04-01/Accounts/{account}/Calls.json?PageSize=1",
                            [("Authorization", basic(key_sid, key_secret))]),
                    response(200, [JSON], {"calls": [], "page": 0, "page_size": 1})),
        interaction(request("POST", "https://shop.example.com/hooks/twilio/sms", [
            ("X-Twilio-Signature", signature), FORM],
            form([("AccountSid", account), ("MessageSid", "SM" + f.hex(32)), ("From", "+14155550100"),
                  ("Body", "STOP")])),
            response(200, [("Content-Type", "text/xml")], "<Response></Response>")),
        interaction(request("POST", f"https://api.twilio.com/2010-04-01/Accounts.json",
                            [("Authorization", basic(account, auth_token)), FORM], "FriendlyName=staging"),
                    response(201, [JSON], {"sid": "AC" + f.hex(32), "owner_account_sid": account,
                                           "auth_token": sub_token, "friendly_name": "staging",
                                           "status": "active", "type": "Full"})),
    ])


def email_apis():
    start("email-apis.json")
    sendgrid = S(shape("sendgrid-api-key"), "messaging", "SendGrid key in Authorization: Bearer")
    mailgun = S(shape("mailgun-api-key"), "messaging", "Mailgun key inside Basic credentials (user api)")
    mailchimp = S(shape("mailchimp-api-key"), "messaging", "Mailchimp key inside Basic credentials")
    brevo = S(shape("brevo-api-key"), "messaging", "Brevo api-key header")
    postmark = S(f.uuid(), "messaging", "X-Postmark-Server-Token header (a bare UUID)")
    recipient = S("zoë.müller@bücher.example", "email", "internationalised recipient in a SendGrid JSON body")
    upper = S("MARTA.KOWALCZYK@SHOP-EXAMPLE.COM", "email", "upper-case From address of a person in a Postmark JSON body")
    cassette("email-apis.json", [
        interaction(request("POST", "https://api.sendgrid.com/v3/mail/send", [("Authorization", "Bearer " + sendgrid),
                                                                              JSON], {
            "personalizations": [{"to": [{"email": recipient, "name": "Zoë"}]}],
            "from": {"email": "orders@shop.example"}, "subject": "Your order",
            "content": [{"type": "text/plain", "value": "Thanks!"}]}),
            response(202)),
        interaction(request("POST", "https://api.mailgun.net/v3/mg.shop.example/messages",
                            [("Authorization", basic("api", mailgun)), FORM],
                            form([("from", "orders@mg.shop.example"), ("to", "ops@shop.example"),
                                  ("subject", "Daily"), ("text", "ok")])),
                    response(200, [JSON], {"id": "<20261130101500.1.ABC@mg.shop.example>", "message": "Queued."})),
        interaction(request("GET", "https://us6.api.mailchimp.com/3.0/lists?count=1",
                            [("Authorization", basic("anystring", mailchimp))]),
                    response(200, [JSON], {"lists": [], "total_items": 0})),
        interaction(request("GET", "https://api.brevo.com/v3/account", [("api-key", brevo), ("accept", "application/json")]),
                    response(200, [JSON], {"companyName": "Shop", "plan": [{"type": "free"}]})),
        interaction(request("POST", "https://api.postmarkapp.com/email", [("X-Postmark-Server-Token", postmark), JSON],
                            {"From": upper, "To": "ops@shop.example", "Subject": "Hi", "TextBody": "Hello"}),
                    response(200, [JSON], {"ErrorCode": 0, "Message": "OK", "MessageID": f.uuid()})),
    ])


def slack():
    start("slack.json")
    bot = S(shape("slack-token"), "messaging", "bot token in Authorization: Bearer")
    hook = S(f.alnum(24), "messaging", "secret last path segment of an incoming-webhook URL")
    team = "T" + f.pick(UPPER + DIGITS, 10)
    new_bot = S(shape("slack-token"), "messaging", "access_token of an oauth.v2.access response")
    refresh = S(shape("slack-refresh-token"), "messaging", "refresh_token of an oauth.v2.access response")
    user = S("xoxp-" + f.digits(12) + "-" + f.digits(12) + "-" + f.digits(13) + "-" + f.hex(32), "messaging",
             "authed_user.access_token of an oauth.v2.access response")
    signature = S("v0=" + f.hex(64), "messaging", "X-Slack-Signature of an events delivery")
    app = S(shape("slack-app-token"), "messaging", "app-level token for apps.connections.open")
    config = S(shape("slack-config-token"), "messaging", "configuration token for tooling.tokens.rotate")
    socket = S(f.b64url(43), "messaging", "ticket= of the socket-mode WebSocket URL in a response")
    cassette("slack.json", [
        interaction(request("POST", "https://slack.com/api/chat.postMessage", [("Authorization", "Bearer " + bot),
                                                                               JSON_UTF8],
                            {"channel": "C0123456789", "text": "Deploy finished"}),
                    response(200, [JSON], {"ok": True, "channel": "C0123456789", "ts": "1732961700.000200"})),
        interaction(request("POST", f"https://hooks.slack.com/services/{team}/B{f.pick(UPPER + DIGITS, 10)}/{hook}",
                            [JSON], {"text": "Build green"}),
                    response(200, [("Content-Type", "text/html")], "ok")),
        interaction(request("POST", "https://slack.com/api/oauth.v2.access", [FORM], form([
            ("code", f.digits(12) + "." + f.digits(13) + "." + f.hex(64)), ("client_id", f.digits(12) + "." + f.digits(13)),
            ("client_secret", S(f.hex(32), "messaging", "client_secret of an oauth.v2.access form"))])),
            response(200, [JSON], {"ok": True, "access_token": new_bot, "token_type": "bot", "scope": "chat:write",
                                   "refresh_token": refresh, "expires_in": 43200,
                                   "team": {"id": team, "name": "Shop"},
                                   "authed_user": {"id": "U" + f.pick(UPPER + DIGITS, 10), "scope": "search:read",
                                                   "access_token": user, "token_type": "user"}})),
        interaction(request("POST", "https://shop.example.com/slack/events", [
            ("X-Slack-Request-Timestamp", "1732961700"), ("X-Slack-Signature", signature), JSON],
            {"token": S(f.alnum(24), "messaging", "legacy verification token in a Slack event body"), "type": "url_verification", "challenge": f.b64url(48)}),
            response(200, [TEXT], "ok")),
        interaction(request("POST", "https://slack.com/api/apps.connections.open", [("Authorization", "Bearer " + app)]),
                    response(200, [JSON], {"ok": True, "url": f"wss://wss-primary.slack.com/link/?ticket={socket}"
                                                              "&app_id=" + f.hex(64)})),
        interaction(request("POST", "https://slack.com/api/tooling.tokens.rotate", [FORM],
                            form([("refresh_token", config)])),
                    response(200, [JSON], {"ok": False, "error": "invalid_refresh_token"})),
    ])


def discord_telegram_teams():
    start("discord-telegram-teams.json")
    bot = S(shape("discord-bot-token"), "messaging", "Discord bot token after the Bot scheme")
    hook = S(f.b64url(68), "messaging", "token path segment of a Discord webhook URL")
    telegram = S(shape("telegram-bot-token"), "messaging", "Telegram bot token in the URL path (/bot<token>/)")
    telegram2 = S(shape("telegram-bot-token"), "messaging", "Telegram file URL with the bot token, inside a JSON body")
    teams = S(f.hex(32), "messaging", "secret segment of a Microsoft Teams incoming webhook URL")
    tenant = f.uuid()
    cassette("discord-telegram-teams.json", [
        interaction(request("GET", "https://discord.com/api/v10/users/@me", [("Authorization", "Bot " + bot)]),
                    response(200, [JSON], {"id": "1123456789012345678", "username": "shop-bot", "bot": True})),
        interaction(request("POST", f"https://discord.com/api/webhooks/1187654321098765432/{hook}?wait=true", [JSON],
                            {"content": "Order #8812 shipped"}),
                    response(200, [JSON], {"id": "1187654321098765499", "type": 0, "content": "Order #8812 shipped",
                                           "webhook_id": "1187654321098765432"})),
        interaction(request("GET", f"https://api.telegram.org/bot{telegram}/getUpdates?offset=0&timeout=0"),
                    response(200, [JSON], {"ok": True, "result": []})),
        interaction(request("POST", "https://files.shop.example.com/v1/fetch", [JSON],
                            {"source": f"https://api.telegram.org/file/bot{telegram2}/photos/file_12.jpg"}),
                    response(202, [JSON], {"queued": True})),
        interaction(request("POST", f"https://shop.webhook.office.com/webhookb2/{tenant}@{f.uuid()}/IncomingWebhook/"
                                    f"{teams}/{f.uuid()}/V2{f.b64url(40)}", [JSON],
                            {"@type": "MessageCard", "text": "Deploy finished"}),
                    response(200, [TEXT], "1")),
    ])


# AI APIs ---------------------------------------------------------------------------------------

def openai():
    start("openai.json")
    proj = S(shape("openai-project-key"), "ai", "project key in Authorization: Bearer, echoed in a proxy's 401 text")
    svc = S(shape("openai-service-account-key"), "ai", "service-account key on a streaming request")
    admin = S(shape("openai-admin-key"), "ai", "admin key in Authorization: Bearer")
    legacy = S(shape("openai-api-key"), "ai", "legacy user key in Authorization: Bearer")
    tool_password = S(f.password(20), "ai", "password in tool-call arguments (JSON in a JSON string) in an SSE stream")
    sse = "".join([
        "data: " + json.dumps({"id": "chatcmpl-" + f.alnum(29), "object": "chat.completion.chunk",
                               "created": 1732961700, "model": "gpt-4o-mini",
                               "choices": [{"index": 0, "delta": {"role": "assistant", "tool_calls": [{
                                   "index": 0, "id": "call_" + f.alnum(24), "type": "function",
                                   "function": {"name": "create_user", "arguments": ""}}]}}]},
                              separators=(",", ":")) + "\n\n",
        "data: " + json.dumps({"id": "chatcmpl-x", "object": "chat.completion.chunk", "choices": [{
            "index": 0, "delta": {"tool_calls": [{"index": 0, "function": {
                "arguments": json.dumps({"username": "svc-reports", "password": tool_password})}}]}}]},
            separators=(",", ":")) + "\n\n",
        "data: [DONE]\n\n"])
    cassette("openai.json", [
        interaction(request("POST", "https://llm-proxy.internal.example.com/v1/chat/completions",
                            [("Authorization", "Bearer " + proj), JSON],
                            {"model": "gpt-4o-mini", "messages": [{"role": "user", "content": "Hello"}]}),
                    response(401, [TEXT], f"upstream rejected key {proj}: invalid_api_key")),
        interaction(request("POST", "https://api.openai.com/v1/chat/completions",
                            [("Authorization", "Bearer " + svc), JSON],
                            {"model": "gpt-4o-mini", "stream": True,
                             "messages": [{"role": "user", "content": "Create a reports user"}]}),
                    response(200, [("Content-Type", "text/event-stream; charset=utf-8")], sse)),
        interaction(request("GET", "https://api.openai.com/v1/organization/users?limit=2",
                            [("Authorization", "Bearer " + admin)]),
                    response(200, [JSON], {"object": "list", "data": [], "has_more": False})),
        interaction(request("GET", "https://api.openai.com/v1/models", [("Authorization", "Bearer " + legacy)]),
                    response(200, [JSON], {"object": "list", "data": [{"id": "gpt-4o-mini", "object": "model"}]})),
    ])


def ai_providers():
    start("ai-providers.json")
    ant = S(shape("anthropic-api-key"), "ai", "Anthropic x-api-key header")
    ant_admin = S(shape("anthropic-admin-key"), "ai", "Anthropic admin x-api-key header")
    hf = S(shape("huggingface-token"), "ai", "Hugging Face token in Authorization: Bearer")
    groq = S(shape("groq-api-key"), "ai", "Groq key in Authorization: Bearer")
    replicate = S(shape("replicate-api-token"), "ai", "Replicate token in Authorization: Bearer")
    pplx = S(shape("perplexity-api-key"), "ai", "Perplexity key in Authorization: Bearer")
    xai = S(shape("xai-api-key"), "ai", "xAI key in Authorization: Bearer")
    openrouter = S(shape("openrouter-api-key"), "ai", "OpenRouter key in Authorization: Bearer")
    langsmith = S(shape("langsmith-api-key"), "ai", "LangSmith x-api-key header")
    stream = ("event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"id\":\"msg_" + f.alnum(24)
              + "\",\"type\":\"message\",\"role\":\"assistant\",\"model\":\"claude-sonnet-4-5\",\"usage\":"
              "{\"input_tokens\":12,\"output_tokens\":1}}}\n\nevent: content_block_delta\ndata: {\"type\":"
              "\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"Hello\"}}\n\n"
              "event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n")
    chat = {"model": "m", "messages": [{"role": "user", "content": "hi"}]}
    done = {"id": "x", "choices": [{"message": {"role": "assistant", "content": "Hello"}}]}
    cassette("ai-providers.json", [
        interaction(request("POST", "https://api.anthropic.com/v1/messages", [
            ("x-api-key", ant), ("anthropic-version", "2023-06-01"), JSON],
            {"model": "claude-sonnet-4-5", "max_tokens": 64, "stream": True,
             "messages": [{"role": "user", "content": "Hi"}]}),
            response(200, [("Content-Type", "text/event-stream")], stream)),
        interaction(request("GET", "https://api.anthropic.com/v1/organizations/api_keys?limit=1", [
            ("x-api-key", ant_admin), ("anthropic-version", "2023-06-01")]),
            response(200, [JSON], {"data": [], "has_more": False})),
        interaction(request("POST", "https://api-inference.huggingface.co/models/gpt2", [
            ("Authorization", "Bearer " + hf), JSON], {"inputs": "Hello"}),
            response(200, [JSON], [{"generated_text": "Hello world"}])),
        interaction(request("POST", "https://api.groq.com/openai/v1/chat/completions", [
            ("Authorization", "Bearer " + groq), JSON], chat), response(200, [JSON], done)),
        interaction(request("POST", "https://api.replicate.com/v1/predictions", [
            ("Authorization", "Bearer " + replicate), JSON], {"version": f.hex(64), "input": {"prompt": "a cat"}}),
            response(201, [JSON], {"id": f.pick(LOWER + DIGITS, 26), "status": "starting"})),
        interaction(request("POST", "https://api.perplexity.ai/chat/completions", [
            ("Authorization", "Bearer " + pplx), JSON], chat), response(200, [JSON], done)),
        interaction(request("POST", "https://api.x.ai/v1/chat/completions", [
            ("Authorization", "Bearer " + xai), JSON], chat), response(200, [JSON], done)),
        interaction(request("POST", "https://openrouter.ai/api/v1/chat/completions", [
            ("Authorization", "Bearer " + openrouter), JSON], chat), response(200, [JSON], done)),
        interaction(request("POST", "https://api.smith.langchain.com/runs/batch", [("x-api-key", langsmith), JSON],
                            {"post": [], "patch": []}), response(202)),
    ])


def google_ai():
    start("google-ai.json")
    key = S(shape("google-api-key"), "ai", "Gemini API key in the key= query item")
    key2 = S(shape("google-api-key"), "ai", "Gemini API key in x-goog-api-key")
    token = S(shape("google-oauth-access-token"), "ai", "Vertex AI access token in Authorization: Bearer")
    body = {"contents": [{"role": "user", "parts": [{"text": "Hello"}]}]}
    out = {"candidates": [{"content": {"parts": [{"text": "Hi"}], "role": "model"}}],
           "usageMetadata": {"promptTokenCount": 1, "candidatesTokenCount": 1, "totalTokenCount": 2}}
    cassette("google-ai.json", [
        interaction(request("POST", "https://generativelanguage.googleapis.com/v1beta/models/gemini-2.0-flash:"
                                    f"generateContent?key={key}", [JSON], body), response(200, [JSON_UTF8], out)),
        interaction(request("POST", "https://generativelanguage.googleapis.com/v1beta/models/gemini-2.0-flash:"
                                    "generateContent", [("x-goog-api-key", key2), JSON], body),
                    response(200, [JSON_UTF8], out)),
        interaction(request("POST", "https://europe-west4-aiplatform.googleapis.com/v1/projects/shop-prod-4471/"
                                    "locations/europe-west4/publishers/google/models/gemini-2.0-flash:generateContent",
                            [("Authorization", "Bearer " + token), JSON], body), response(200, [JSON_UTF8], out)),
    ])


# CI and registries -----------------------------------------------------------------------------

def github():
    start("github.json")
    ghp = S(shapes.github(f, "ghp_"), "ci", "classic PAT in Authorization: token")
    fine = S("github_pat_" + f.alnum(22) + "_" + f.alnum(59), "ci", "fine-grained PAT in Authorization: Bearer")
    app_jwt = S(f.jwt({"iat": 1732961640, "exp": 1732962300, "iss": "812345"}), "ci",
                "GitHub App JWT in Authorization: Bearer")
    ghs = S(shapes.github(f, "ghs_"), "ci", "installation token in a JSON response")
    gho = S(shapes.github(f, "gho_"), "ci", "OAuth token in a form-encoded token response")
    ghu = S(shapes.github(f, "ghu_"), "ci", "user-to-server token in a JSON response")
    ghr = S("ghr_" + f.alnum(76), "ci", "refresh token in a JSON response")
    ghs2 = S(shapes.github(f, "ghs_"), "ci", "installation token in the user info of a clone URL inside a JSON body")
    cassette("github.json", [
        interaction(request("GET", "https://api.github.com/user", [("Authorization", "token " + ghp),
                                                                   ("Accept", "application/vnd.github+json")]),
                    response(200, [JSON_UTF8, ("X-OAuth-Scopes", "repo, workflow")],
                             {"login": "octo-dev", "id": 583231, "node_id": "MDQ6VXNlcjU4MzIzMQ==",
                              "avatar_url": "https://avatars.githubusercontent.com/u/583231?v=4"})),
        interaction(request("GET", "https://api.github.com/repos/shop/api/pulls?state=open",
                            [("Authorization", "Bearer " + fine)]), response(200, [JSON_UTF8], [])),
        interaction(request("POST", "https://api.github.com/app/installations/4471/access_tokens",
                            [("Authorization", "Bearer " + app_jwt)]),
                    response(201, [JSON_UTF8], {"token": ghs, "expires_at": "2026-11-30T11:15:00Z",
                                                "permissions": {"contents": "read"},
                                                "repository_selection": "selected"})),
        interaction(request("POST", "https://github.com/login/oauth/access_token", [FORM], form([
            ("client_id", "Ov23li" + f.alnum(14)), ("client_secret", S(f.hex(40), "ci", "OAuth app client_secret")),
            ("code", f.hex(20))])),
            response(200, [FORM], form([("access_token", gho), ("scope", "repo"), ("token_type", "bearer")]))),
        interaction(request("POST", "https://github.com/login/oauth/access_token", [JSON, ("Accept", "application/json")],
                            {"client_id": "Iv23li" + f.alnum(14), "grant_type": "refresh_token",
                             "refresh_token": S("ghr_" + f.alnum(76), "ci", "refresh_token of a JSON refresh request")}),
                    response(200, [JSON_UTF8], {"access_token": ghu, "expires_in": 28800, "refresh_token": ghr,
                                                "refresh_token_expires_in": 15724800, "scope": "",
                                                "token_type": "bearer"})),
        interaction(request("POST", "https://ci.shop.example.com/api/jobs", [JSON], {
            "repo": f"https://x-access-token:{ghs2}@github.com/shop/api.git", "ref": "refs/heads/main"}),
            response(201, [JSON], {"id": 8812})),
    ])


def gitlab():
    start("gitlab.json")
    pat = S(shape("gitlab-token"), "ci", "PRIVATE-TOKEN header")
    deploy = S(shape("gitlab-deploy-token"), "ci", "token of a created deploy token (JSON response)")
    runner = S(shape("gitlab-runner-token"), "ci", "token of a runner registration response")
    job = S(shape("gitlab-ci-job-token"), "ci", "JOB-TOKEN header")
    trigger = S(shape("gitlab-trigger-token"), "ci", "token= of a pipeline trigger form")
    feed = S(shape("gitlab-feed-token"), "ci", "feed_token= query item of an Atom feed URL")
    oauth = S(shape("gitlab-oauth-secret"), "ci", "secret of a created OAuth application")
    agent = S(shape("gitlab-agent-token"), "ci", "token of a created cluster agent token")
    scim = S(shape("gitlab-scim-token"), "ci", "SCIM token in Authorization: Bearer")
    cassette("gitlab.json", [
        interaction(request("POST", "https://gitlab.com/api/v4/projects/4471/deploy_tokens", [
            ("PRIVATE-TOKEN", pat), JSON], {"name": "registry-pull", "scopes": ["read_registry"]}),
            response(201, [JSON], {"id": 12, "name": "registry-pull", "username": "gitlab+deploy-token-12",
                                   "expires_at": None, "token": deploy, "revoked": False, "expired": False,
                                   "scopes": ["read_registry"]})),
        interaction(request("POST", "https://gitlab.com/api/v4/user/runners", [("PRIVATE-TOKEN", pat), JSON],
                            {"runner_type": "project_type", "project_id": 4471}),
                    response(201, [JSON], {"id": 9171, "token": runner, "token_expires_at": None})),
        interaction(request("GET", "https://gitlab.com/api/v4/job", [("JOB-TOKEN", job)]),
                    response(200, [JSON], {"id": 8812, "status": "running", "stage": "test"})),
        interaction(request("POST", "https://gitlab.com/api/v4/projects/4471/trigger/pipeline", [FORM],
                            form([("token", trigger), ("ref", "main"), ("variables[DEPLOY]", "true")])),
                    response(201, [JSON], {"id": 99812, "status": "created", "ref": "main"})),
        interaction(request("GET", f"https://gitlab.com/shop/api.atom?feed_token={feed}"),
                    response(200, [("Content-Type", "application/atom+xml")],
                             '<?xml version="1.0" encoding="UTF-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom">'
                             "<title>shop/api activity</title></feed>\n")),
        interaction(request("POST", "https://gitlab.com/api/v4/applications", [("PRIVATE-TOKEN", pat), JSON],
                            {"name": "shop-sso", "redirect_uri": "https://shop.example.com/oauth/gitlab",
                             "scopes": "read_user"}),
                    response(201, [JSON], {"id": 5, "application_id": f.hex(64), "application_name": "shop-sso",
                                           "secret": oauth, "callback_url": "https://shop.example.com/oauth/gitlab",
                                           "confidential": True})),
        interaction(request("POST", "https://gitlab.com/api/v4/projects/4471/cluster_agents/3/tokens",
                            [("PRIVATE-TOKEN", pat), JSON], {"name": "prod"}),
                    response(201, [JSON], {"id": 31, "name": "prod", "token": agent, "status": "active"})),
        interaction(request("GET", "https://gitlab.com/api/scim/v2/groups/shop/Users?count=1",
                            [("Authorization", "Bearer " + scim)]),
                    response(200, [("Content-Type", "application/scim+json")],
                             {"schemas": ["urn:ietf:params:scim:api:messages:2.0:ListResponse"], "totalResults": 0,
                              "Resources": []})),
    ])


def registries():
    start("package-registries.json")
    npm = S(shape("npm-token"), "ci", "npm token in Authorization: Bearer on a publish")
    npmrc = S(shape("npm-token"), "ci", "_authToken line of an .npmrc uploaded as a multipart part")
    pypi = S(shape("pypi-token"), "ci", "PyPI token inside Basic credentials (__token__) of an upload")
    gems = S(shape("rubygems-api-key"), "ci", "RubyGems key in the Authorization header")
    nuget = S(shape("nuget-api-key"), "ci", "X-NuGet-ApiKey header")
    docker = S(shape("docker-hub-token"), "ci", "password of a Docker Hub login JSON body")
    cargo = S(shape("crates-io-token"), "ci", "crates.io token in the Authorization header")
    jfrog = S(shape("jfrog-api-key"), "ci", "X-JFrog-Art-Api header")
    reference = S(shape("jfrog-reference-token"), "ci", "JFrog reference token in Authorization: Bearer")
    clojars = S(shape("clojars-token"), "ci", "Clojars deploy token inside Basic credentials")
    boundary = "----cassette" + f.alnum(16)
    npmrc_text = (f"registry=https://registry.npmjs.org/\n//registry.npmjs.org/:_authToken={npmrc}\n"
                  "always-auth=true\n")
    pypi_boundary = "--------" + f.hex(24)
    pypi_body = multipart(pypi_boundary, [(":action", None, None, "file_upload"), ("name", None, None, "shop-client"),
                                          ("version", None, None, "1.4.2"),
                                          ("content", "shop_client-1.4.2.tar.gz", "application/octet-stream",
                                           "PK-placeholder")])
    cassette("package-registries.json", [
        interaction(request("PUT", "https://registry.npmjs.org/@shop%2fclient", [("Authorization", "Bearer " + npm),
                                                                                 JSON],
                            {"name": "@shop/client", "dist-tags": {"latest": "1.4.2"}}),
                    response(200, [JSON], {"ok": True, "id": "@shop/client"})),
        interaction(request("POST", "https://config.internal.example.com/v1/files",
                            [("Content-Type", f"multipart/form-data; boundary={boundary}")],
                            multipart(boundary, [("path", None, None, "ci/.npmrc"),
                                                 ("file", ".npmrc", "application/octet-stream", npmrc_text)])),
                    response(201, [JSON], {"path": "ci/.npmrc", "size": len(npmrc_text)})),
        interaction(request("POST", "https://upload.pypi.org/legacy/", [
            ("Authorization", basic("__token__", pypi)),
            ("Content-Type", f"multipart/form-data; boundary={pypi_boundary}")], pypi_body),
            response(200, [TEXT], "OK")),
        interaction(request("POST", "https://rubygems.org/api/v1/gems", [("Authorization", gems),
                                                                         ("Content-Type", "application/octet-stream")],
                            b"\x00gem-placeholder\x01\x02"),
                    response(200, [TEXT], "Successfully registered gem: shop-client (1.4.2)")),
        interaction(request("PUT", "https://www.nuget.org/api/v2/package", [("X-NuGet-ApiKey", nuget)]),
                    response(201)),
        interaction(request("POST", "https://hub.docker.com/v2/users/login", [JSON],
                            {"username": "shopci", "password": docker}),
                    response(200, [JSON], {"token": S(f.jwt({"sub": f.uuid(), "iss": "https://hub.docker.com",
                                                             "exp": 1732965300}), "ci",
                                                      "token of a Docker Hub login response")})),
        interaction(request("PUT", "https://crates.io/api/v1/crates/new", [("Authorization", cargo)]),
                    response(200, [JSON], {"warnings": {"invalid_categories": [], "invalid_badges": [], "other": []}})),
        interaction(request("GET", "https://shop.jfrog.io/artifactory/api/repositories", [("X-JFrog-Art-Api", jfrog)]),
                    response(200, [JSON], [])),
        interaction(request("GET", "https://shop.jfrog.io/artifactory/api/storage/libs-release",
                            [("Authorization", "Bearer " + reference)]),
                    response(200, [JSON], {"repo": "libs-release", "path": "/", "children": []})),
        interaction(request("PUT", "https://repo.clojars.org/shop/client/1.4.2/client-1.4.2.jar",
                            [("Authorization", basic("shopci", clojars))]),
                    response(201)),
    ])


def ci_services():
    start("ci-services.json")
    circle = S(shape("circleci-token"), "ci", "Circle-Token header")
    buildkite = S(shape("buildkite-token"), "ci", "Buildkite token in Authorization: Bearer")
    sonar = S(shape("sonarqube-token"), "ci", "SonarQube token as the user of Basic auth")
    sourcegraph = S(shape("sourcegraph-token"), "ci", "Sourcegraph token in Authorization: token")
    harness = S(shape("harness-token"), "ci", "Harness x-api-key header")
    prefect = S(shape("prefect-api-key"), "ci", "Prefect key in Authorization: Bearer")
    bitbucket = S(shape("bitbucket-app-password"), "ci", "Bitbucket app password inside Basic credentials")
    travis = S(f.b64url(22), "ci", "Travis CI token after the token scheme (no shape)")
    snyk = S(f.uuid(), "ci", "Snyk token after the token scheme (a bare UUID)")
    cassette("ci-services.json", [
        interaction(request("GET", "https://circleci.com/api/v2/me", [("Circle-Token", circle)]),
                    response(200, [JSON], {"id": f.uuid(), "login": "shopci"})),
        interaction(request("GET", "https://api.buildkite.com/v2/organizations/shop/pipelines",
                            [("Authorization", "Bearer " + buildkite)]), response(200, [JSON], [])),
        interaction(request("GET", "https://sonarcloud.io/api/projects/search?organization=shop",
                            [("Authorization", basic(sonar, ""))]),
                    response(200, [JSON], {"paging": {"pageIndex": 1, "pageSize": 100, "total": 0}, "components": []})),
        interaction(request("POST", "https://sourcegraph.com/.api/graphql", [("Authorization", "token " + sourcegraph),
                                                                            JSON],
                            {"query": "query { currentUser { username } }"}),
                    response(200, [JSON], {"data": {"currentUser": {"username": "shopci"}}})),
        interaction(request("GET", "https://app.harness.io/ng/api/user/currentUser", [("x-api-key", harness)]),
                    response(200, [JSON], {"status": "SUCCESS", "data": {"email": None}})),
        interaction(request("GET", "https://api.prefect.cloud/api/me/", [("Authorization", "Bearer " + prefect)]),
                    response(200, [JSON], {"id": f.uuid(), "handle": "shopci"})),
        interaction(request("GET", "https://api.bitbucket.org/2.0/user", [("Authorization", basic("shopci", bitbucket))]),
                    response(200, [JSON], {"username": "shopci", "type": "user"})),
        interaction(request("GET", "https://api.travis-ci.com/user", [("Authorization", "token " + travis),
                                                                      ("Travis-API-Version", "3")]),
                    response(200, [JSON], {"@type": "user", "login": "shopci"})),
        interaction(request("GET", "https://api.snyk.io/rest/self?version=2024-10-15",
                            [("Authorization", "token " + snyk)]),
                    response(200, [("Content-Type", "application/vnd.api+json")], {"data": {"type": "user"}})),
    ])


# Webhooks --------------------------------------------------------------------------------------

def webhook_signatures():
    start("webhook-signatures.json")
    gh256 = S("sha256=" + f.hex(64), "webhooks", "X-Hub-Signature-256 header")
    gh1 = S("sha1=" + f.hex(40), "webhooks", "X-Hub-Signature header")
    gitlab_secret = S(f.alnum(32), "webhooks", "X-Gitlab-Token header (the webhook's secret itself)")
    svix = S("v1," + f.b64std(32), "webhooks", "svix-signature header")
    standard = S("v1," + f.b64std(32), "webhooks", "webhook-signature header (Standard Webhooks)")
    linear = S(f.hex(64), "webhooks", "Linear-Signature header")
    cassette("webhook-signatures.json", [
        interaction(request("POST", "https://ci.shop.example.com/hooks/github", [
            ("X-GitHub-Event", "push"), ("X-GitHub-Delivery", f.uuid()), ("X-Hub-Signature", gh1),
            ("X-Hub-Signature-256", gh256), JSON],
            {"ref": "refs/heads/main", "before": f.hex(40), "after": f.hex(40),
             "repository": {"full_name": "shop/api", "ssh_url": "git@github.com:shop/api.git"},
             "hook": {"type": "Repository", "config": {"content_type": "json", "insecure_ssl": "0",
                                                       "secret": "********"}}}),
            response(204)),
        interaction(request("POST", "https://ci.shop.example.com/hooks/gitlab", [
            ("X-Gitlab-Event", "Push Hook"), ("X-Gitlab-Token", gitlab_secret), JSON],
            {"object_kind": "push", "ref": "refs/heads/main", "checkout_sha": f.hex(40)}),
            response(200)),
        interaction(request("POST", "https://shop.example.com/hooks/svix", [
            ("svix-id", "msg_" + f.alnum(27)), ("svix-timestamp", "1732961700"), ("svix-signature", svix), JSON],
            {"type": "invoice.paid", "data": {"id": "inv_" + f.alnum(14)}}), response(204)),
        interaction(request("POST", "https://shop.example.com/hooks/standard", [
            ("webhook-id", "msg_" + f.alnum(27)), ("webhook-timestamp", "1732961700"),
            ("webhook-signature", standard), JSON], {"type": "user.created", "data": {"id": 7}}), response(204)),
        interaction(request("POST", "https://shop.example.com/hooks/linear", [
            ("Linear-Delivery", f.uuid()), ("Linear-Event", "Issue"), ("Linear-Signature", linear), JSON],
            {"action": "create", "type": "Issue", "data": {"id": f.uuid(), "title": "Fix login"}}), response(200)),
    ])


def webhook_nested_json():
    start("webhook-nested-json.json")
    password = S(f.password(20), "webhooks", "password in JSON inside an SNS Message string inside an SQS Body string")
    api_token = S(f.alnum(40), "webhooks", "api_token in the same doubly nested JSON")
    signature = S(f.hex(64), "webhooks", "X-Signature header of a queue-to-HTTP relay")
    refresh = S(f.b64url(64), "webhooks", "refresh_token in JSON inside an EventBridge detail string")
    event = json.dumps({"event": "user.created", "data": {"id": 7, "username": "svc-reports",
                                                          "password": password, "api_token": api_token}})
    sns = json.dumps({"Type": "Notification", "MessageId": f.uuid(),
                      "TopicArn": "arn:aws:sns:eu-west-1:123456789012:users", "Message": event,
                      "Timestamp": "2026-11-30T10:15:00.000Z", "SignatureVersion": "1",
                      "Signature": f.b64std(256),
                      "SigningCertURL": "https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-"
                                        + f.hex(32) + ".pem"})
    cassette("webhook-nested-json.json", [
        interaction(request("POST", "https://sqs.eu-west-1.amazonaws.com/", [
            ("Content-Type", "application/x-amz-json-1.0"), ("X-Amz-Target", "AmazonSQS.ReceiveMessage")],
            {"QueueUrl": "https://sqs.eu-west-1.amazonaws.com/123456789012/users", "MaxNumberOfMessages": 1}),
            response(200, [("Content-Type", "application/x-amz-json-1.0")], {"Messages": [{
                "MessageId": f.uuid(), "ReceiptHandle": f.b64std(120), "MD5OfBody": f.hex(32), "Body": sns}]})),
        interaction(request("POST", "https://relay.shop.example.com/deliver", [("X-Signature", signature), JSON],
                            {"source": "aws.events", "detail-type": "Token Rotated",
                             "detail": json.dumps({"client": "shop-web", "refresh_token": refresh})}),
                    response(202)),
    ])


# Kubernetes, SAML ------------------------------------------------------------------------------

def kubernetes():
    start("kubernetes-secrets.json")
    password = S(f.password(24), "kubernetes", "data.password of a Secret (base64 of the value)")
    pem, line = f.pem()
    S(line, "kubernetes", "a line of the PEM key in data.tls.key (base64 of the PEM)")
    sa_token = S(f.jwt({"iss": "kubernetes/serviceaccount", "kubernetes.io/serviceaccount/namespace": "shop",
                        "sub": "system:serviceaccount:shop:deployer"}), "kubernetes",
                 "data.token of a service-account token Secret (base64)")
    ghp = S(shapes.github(f, "ghp_"), "kubernetes", "registry password in .dockerconfigjson (base64 in base64)")
    b = lambda text: base64.b64encode(text.encode()).decode()
    docker = json.dumps({"auths": {"ghcr.io": {"username": "shopci", "password": ghp,
                                               "auth": b("shopci:" + ghp)}}})
    db = {"apiVersion": "v1", "kind": "Secret", "type": "Opaque",
          "metadata": {"name": "db", "namespace": "shop", "uid": f.uuid(), "resourceVersion": "88123",
                       "annotations": {"kubectl.kubernetes.io/last-applied-configuration": json.dumps({
                           "apiVersion": "v1", "data": {"password": b(password), "username": b("shop")},
                           "kind": "Secret", "metadata": {"name": "db", "namespace": "shop"}}) + "\n"}},
          "data": {"password": b(password), "username": b("shop")}}
    cassette("kubernetes-secrets.json", [
        interaction(request("GET", "https://kubernetes.default.svc/api/v1/namespaces/shop/secrets/db",
                            [("Authorization", "Bearer " + sa_token)]),
                    response(200, [JSON], db)),
        interaction(request("GET", "https://kubernetes.default.svc/api/v1/namespaces/shop/secrets?labelSelector=app%3Dshop",
                            [("Accept", "application/json")]),
                    response(200, [JSON], {"apiVersion": "v1", "kind": "SecretList", "metadata": {}, "items": [
                        {"apiVersion": "v1", "kind": "Secret", "type": "kubernetes.io/tls",
                         "metadata": {"name": "shop-tls"}, "data": {"tls.crt": b("-----BEGIN CERTIFICATE-----\n"
                                                                                 + f.b64std(600) + "\n-----END "
                                                                                 "CERTIFICATE-----\n"),
                                                                    "tls.key": b(pem)}},
                        {"apiVersion": "v1", "kind": "Secret", "type": "kubernetes.io/service-account-token",
                         "metadata": {"name": "deployer-token"},
                         "data": {"ca.crt": b("-----BEGIN CERTIFICATE-----\n" + f.b64std(400) + "\n-----END "
                                                                                            "CERTIFICATE-----\n"),
                                  "namespace": b("shop"), "token": b(sa_token)}},
                        {"apiVersion": "v1", "kind": "Secret", "type": "kubernetes.io/dockerconfigjson",
                         "metadata": {"name": "ghcr"}, "data": {".dockerconfigjson": b(docker)}}]})),
    ])


def kubeconfig():
    start("kubeconfig-upload.json")
    pem, line = f.pem("RSA PRIVATE KEY")
    S(line, "kubernetes", "a line of the client key inside base64 client-key-data of a kubeconfig (YAML upload)")
    token = S(f.jwt({"iss": "https://oidc.eks.eu-west-1.amazonaws.com/id/" + f.hex(32).upper(),
                     "sub": "system:serviceaccount:ci:deployer"}), "kubernetes", "users[].user.token of a kubeconfig")
    sts_sig = f.sigv4()
    presigned = ("https://sts.eu-west-1.amazonaws.com/?Action=GetCallerIdentity&Version=2011-06-15"
                 "&X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=" + q(f.aws_key_id("AKIA")
                                                                          + "/20261130/eu-west-1/sts/aws4_request")
                 + "&X-Amz-Date=20261130T101500Z&X-Amz-Expires=60&X-Amz-SignedHeaders=host%3Bx-k8s-aws-id"
                 + "&X-Amz-Signature=" + sts_sig)
    eks = S("k8s-aws-v1." + base64.urlsafe_b64encode(presigned.encode()).decode().rstrip("="), "kubernetes",
            "EKS bearer token (base64url of a presigned STS URL) in Authorization")
    yaml = ("apiVersion: v1\nkind: Config\nclusters:\n- cluster:\n    certificate-authority-data: "
            + f.b64std(300) + "\n    server: https://4F2A7C1E9B3D.gr7.eu-west-1.eks.amazonaws.com\n  name: prod\n"
            "contexts:\n- context:\n    cluster: prod\n    user: deployer\n  name: prod\ncurrent-context: prod\n"
            "users:\n- name: deployer\n  user:\n    client-certificate-data: " + f.b64std(300) + "\n"
            "    client-key-data: " + base64.b64encode(pem.encode()).decode() + "\n- name: ci\n  user:\n"
            "    token: " + token + "\n")
    boundary = "cassette-" + f.alnum(20)
    cassette("kubeconfig-upload.json", [
        interaction(request("POST", "https://console.shop.example.com/api/clusters/import",
                            [("Content-Type", f"multipart/form-data; boundary={boundary}")],
                            multipart(boundary, [("name", None, None, "prod"),
                                                 ("kubeconfig", "config", "application/yaml", yaml)])),
                    response(201, [JSON], {"id": "cl_8812", "name": "prod"})),
        interaction(request("GET", "https://4F2A7C1E9B3D.gr7.eu-west-1.eks.amazonaws.com/api/v1/namespaces",
                            [("Authorization", "Bearer " + eks)]),
                    response(200, [JSON], {"kind": "NamespaceList", "apiVersion": "v1", "items": []})),
    ])


def saml():
    start("saml-response.json")
    signature = S(f.b64std(256), "saml", "SignatureValue inside a base64 SAMLResponse in a form body")
    name_id = S("a.kowalski@corp.example.pl", "email", "NameID inside a base64 SAMLResponse")
    session = S(f.b64url(43), "saml", "session cookie set after the SAML login")
    xml = ('<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" '
           'xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_' + f.hex(32) + '" Version="2.0" '
           'IssueInstant="2026-11-30T10:15:00Z" Destination="https://shop.example.com/saml/acs">'
           "<saml:Issuer>https://idp.corp.example.pl/saml</saml:Issuer><samlp:Status><samlp:StatusCode "
           'Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status><saml:Assertion ID="_'
           + f.hex(32) + '" Version="2.0" IssueInstant="2026-11-30T10:15:00Z"><saml:Issuer>'
           "https://idp.corp.example.pl/saml</saml:Issuer><ds:Signature xmlns:ds=\"http://www.w3.org/2000/09/"
           "xmldsig#\"><ds:SignedInfo><ds:CanonicalizationMethod Algorithm=\"http://www.w3.org/2001/10/"
           "xml-exc-c14n#\"/><ds:SignatureMethod Algorithm=\"http://www.w3.org/2001/04/xmldsig-more#rsa-sha256\"/>"
           "<ds:Reference URI=\"#_x\"><ds:DigestValue>" + f.b64std(32) + "</ds:DigestValue></ds:Reference>"
           "</ds:SignedInfo><ds:SignatureValue>" + signature + "</ds:SignatureValue></ds:Signature><saml:Subject>"
           '<saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">' + name_id
           + "</saml:NameID></saml:Subject><saml:AttributeStatement><saml:Attribute Name=\"groups\">"
           "<saml:AttributeValue>shop-admins</saml:AttributeValue></saml:Attribute></saml:AttributeStatement>"
           "</saml:Assertion></samlp:Response>")
    encoded = base64.b64encode(xml.encode()).decode()
    cassette("saml-response.json", [interaction(
        request("POST", "https://shop.example.com/saml/acs", [FORM],
                form([("SAMLResponse", encoded), ("RelayState", "/admin")])),
        response(302, [("Location", "/admin"), ("Set-Cookie", f"_shop_session={session}; Path=/; Secure; HttpOnly; "
                                                              "SameSite=Lax")]))])


# Configuration files in uploads ----------------------------------------------------------------

def env_upload():
    start("multipart-env-yaml.json")
    db = S(f.password(20), "config", "password in DATABASE_URL of an uploaded .env part")
    stripe = S(shape("stripe-key"), "config", "STRIPE_SECRET_KEY in an uploaded .env part")
    jwt_secret = S(f.hex(64), "config", "JWT_SECRET in an uploaded .env part")
    aws = S(f.aws_secret(), "config", "AWS_SECRET_ACCESS_KEY in an uploaded .env part")
    redis = S(f.password(16), "config", "REDIS_PASSWORD in an uploaded .env part (quoted)")
    yaml_pw = S(f.password(18), "config", "database.password in an uploaded YAML part")
    smtp = S(f.password(14), "config", "smtp.pass in an uploaded YAML part")
    token = S(f.b64url(40), "config", "api.token in an uploaded YAML part")
    env = (f"APP_ENV=production\nDATABASE_URL=postgres://shop:{db}@db.internal:5432/shop\n"
           f"STRIPE_SECRET_KEY={stripe}\nJWT_SECRET={jwt_secret}\nAWS_ACCESS_KEY_ID={f.aws_key_id()}\n"
           f"AWS_SECRET_ACCESS_KEY={aws}\nREDIS_PASSWORD=\"{redis}\"\nLOG_LEVEL=info\n")
    yaml = (f"database:\n  host: db.internal\n  user: shop\n  password: \"{yaml_pw}\"\nsmtp:\n  host: smtp.example.com\n"
            f"  user: mailer\n  pass: {smtp}\napi:\n  base_url: https://api.shop.example.com\n  token: {token}\n")
    boundary = "----WebKitFormBoundary" + f.alnum(16)
    cassette("multipart-env-yaml.json", [interaction(
        request("POST", "https://deploy.shop.example.com/api/apps/shop/config", [
            ("Content-Type", f"multipart/form-data; boundary={boundary}")],
            multipart(boundary, [("comment", None, None, "rotate config"), ("env", ".env", "text/plain", env),
                                 ("settings", "settings.yaml", "application/x-yaml", yaml)])),
        response(201, [JSON], {"version": 42, "files": [".env", "settings.yaml"]}))])


def json_config_upload():
    start("multipart-json-and-keys.json")
    firebase = S(shape("google-api-key"), "config", "apiKey in a JSON part")
    pem, line = f.pem()
    S(line, "config", "a line of serviceAccount.private_key in a JSON part")
    openssh, ssh_line = f.openssh_key()
    S(ssh_line, "config", "a line of an OpenSSH private key uploaded as a file part")
    docker_pw = S(f.password(20), "config", "password inside the base64 auth of a Docker config.json part")
    age = S(shape("age-secret-key"), "config", "age secret key line in an uploaded keys.txt part")
    conf = json.dumps({"firebase": {"apiKey": firebase, "authDomain": "shop-prod.firebaseapp.com",
                                    "projectId": "shop-prod"}, "serviceAccount": {"private_key": pem}}, indent=2)
    dockercfg = json.dumps({"auths": {"registry.shop.example.com": {
        "auth": base64.b64encode(("deploy:" + docker_pw).encode()).decode()}}}, indent="\t")
    keys = ("# created: 2026-11-30T10:15:00Z\n# public key: age1" + f.pick("qpzry9x8gf2tvdw0s3jn54khce6mua7l", 58)
            + "\n" + age + "\n")
    boundary = "cassette" + f.alnum(24)
    cassette("multipart-json-and-keys.json", [interaction(
        request("POST", "https://vault-ui.shop.example.com/import", [
            ("Content-Type", f"multipart/form-data; boundary={boundary}")],
            multipart(boundary, [("config", "firebase.json", "application/json", conf),
                                 ("ssh", "id_ed25519", "application/octet-stream", openssh),
                                 ("docker", "config.json", "application/json", dockercfg),
                                 ("age", "keys.txt", "text/plain", keys)])),
        response(200, [JSON], {"imported": 4}))])


def env_var_apis():
    start("environment-variable-apis.json")
    tfc = S(f.password(24), "config", "value of a {key, value} Terraform Cloud variable marked sensitive")
    vercel = S(f.b64url(32), "config", "value of a {key: API_TOKEN, value} Vercel env var")
    ecs = S(f.password(22), "config", "Value of a {Name: DB_PASSWORD, Value} ECS container environment entry")
    heroku_pw = S(f.password(20), "config", "password inside a DATABASE_URL config var (Heroku PATCH)")
    secret_base = S(f.hex(128), "config", "SECRET_KEY_BASE config var")
    netlify = S(f.b64url(36), "config", "value of a Netlify env var under values[] beside key")
    cassette("environment-variable-apis.json", [
        interaction(request("POST", "https://app.terraform.io/api/v2/workspaces/ws-" + f.alnum(16) + "/vars", [
            ("Authorization", "Bearer " + S(shape("terraform-cloud-token"), "config", "Terraform Cloud token")),
            ("Content-Type", "application/vnd.api+json")],
            {"data": {"type": "vars", "attributes": {"key": "db_password", "value": tfc, "category": "terraform",
                                                     "hcl": False, "sensitive": True}}}),
            response(201, [("Content-Type", "application/vnd.api+json")],
                     {"data": {"id": "var-" + f.alnum(16), "type": "vars",
                               "attributes": {"key": "db_password", "value": None, "sensitive": True}}})),
        interaction(request("POST", "https://api.vercel.com/v10/projects/shop/env", [JSON],
                            [{"key": "API_TOKEN", "value": vercel, "type": "encrypted", "target": ["production"]}]),
                    response(201, [JSON], {"created": [{"key": "API_TOKEN", "type": "encrypted", "id": f.alnum(16)}]})),
        interaction(request("POST", "https://ecs.eu-west-1.amazonaws.com/", [
            ("Content-Type", "application/x-amz-json-1.1"),
            ("X-Amz-Target", "AmazonEC2ContainerServiceV20141113.RegisterTaskDefinition")],
            {"family": "shop-api", "containerDefinitions": [{"name": "api", "image": "shop/api:1.4.2",
                                                             "environment": [{"name": "APP_ENV", "value": "prod"},
                                                                             {"name": "DB_PASSWORD", "value": ecs}]}]}),
            response(200, [("Content-Type", "application/x-amz-json-1.1")],
                     {"taskDefinition": {"family": "shop-api", "revision": 7}})),
        interaction(request("PATCH", "https://api.heroku.com/apps/shop/config-vars", [
            ("Accept", "application/vnd.heroku+json; version=3"), JSON],
            {"DATABASE_URL": f"postgres://u{f.hex(8)}:{heroku_pw}@ec2-1-2-3-4.compute-1.amazonaws.com:5432/d{f.hex(8)}",
             "SECRET_KEY_BASE": secret_base}),
            response(200, [JSON], {"RACK_ENV": "production"})),
        interaction(request("POST", "https://api.netlify.com/api/v1/accounts/shop/env?site_id=" + f.uuid(), [JSON],
                            [{"key": "PAYMENTS_TOKEN", "scopes": ["builds", "functions"],
                              "values": [{"value": netlify, "context": "production"}]}]),
                    response(201, [JSON], [{"key": "PAYMENTS_TOKEN", "scopes": ["builds", "functions"]}])),
    ])


# HTML ------------------------------------------------------------------------------------------

def html_login():
    start("html-login.json")
    meta = S(f.b64std(64), "html", "<meta name=\"csrf-token\" content=…> of a login page")
    hidden = S(f.b64url(43), "html", "hidden authenticity_token input of a login form, posted back")
    csrf = S(f.b64url(36), "html", "hidden _csrf input value")
    inline_key = S(f.alnum(32), "html", "apiKey in an inline script config object")
    inline_session = S(f.b64url(48), "html", "sessionToken in an inline script config object")
    password = S(f.password(16), "html", "password in a form body sent without a Content-Type")
    cookie = S(f.b64url(120), "html", "Set-Cookie _shop_session after login")
    nameless = S(f.b64url(32), "html", "nameless Set-Cookie value (no name=)")
    page = ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n  <meta charset=\"utf-8\">\n"
            f"  <meta name=\"csrf-param\" content=\"authenticity_token\">\n  <meta name=\"csrf-token\" content=\"{meta}\">\n"
            "  <title>Sign in · Shop</title>\n  <script>window.__CONFIG__ = {\"env\":\"production\",\"apiKey\":\""
            f"{inline_key}\",\"sessionToken\":\"{inline_session}\",\"locale\":\"en\"}};</script>\n</head>\n<body>\n"
            "  <form action=\"/session\" method=\"post\">\n"
            f"    <input type=\"hidden\" name=\"authenticity_token\" value=\"{hidden}\" autocomplete=\"off\">\n"
            f"    <input type=\"hidden\" name=\"_csrf\" value=\"{csrf}\">\n"
            "    <input type=\"email\" name=\"email\" autocomplete=\"username\">\n"
            "    <input type=\"password\" name=\"password\" autocomplete=\"current-password\">\n"
            "    <button>Sign in</button>\n  </form>\n</body>\n</html>\n")
    cassette("html-login.json", [
        interaction(request("GET", "https://shop.example.com/login"), response(200, [HTML], page)),
        interaction(request("POST", "https://shop.example.com/session", [],
                            form([("authenticity_token", hidden), ("email", "jane@shop.example"),
                                  ("password", password)])),
                    response(302, [("Location", "https://shop.example.com/account"),
                                   ("Set-Cookie", f"_shop_session={cookie}; path=/; secure; HttpOnly; SameSite=Lax"),
                                   ("Set-Cookie", f"{nameless}; Path=/; Secure")])),
    ])


def html_latin1():
    start("html-latin1.json")
    token = S(f.hex(40), "html", "hidden sesskey input of a Latin-1 (ISO-8859-1) page stored as base64")
    key = S(shape("google-api-key"), "html", "Maps key in an inline script of a Latin-1 page")
    password = S(f.pick(ALNUM, 12) + "ñé" + f.pick(DIGITS, 2), "html",
                 "value of a password input on a Latin-1 page (non-ASCII characters)")
    page = ("<html><head><meta http-equiv=\"Content-Type\" content=\"text/html; charset=ISO-8859-1\">"
            "<title>Connexion - Réservations</title><script>var mapsKey = '" + key + "';</script></head><body>"
            "<p>Bienvenue à l'espace réservé. Contraseña olvidada ? Schöne Grüße.</p>"
            "<form method=post action=/login.php><input type=hidden name=sesskey value=\"" + token + "\">"
            "<input type=password name=clave value=\"" + password + "\"></form></body></html>")
    cassette("html-latin1.json", [interaction(
        request("GET", "https://reservas.example.es/login.php"),
        response(200, [("Content-Type", "text/html; charset=ISO-8859-1")], page.encode("latin-1")))])


# Encodings and body types ----------------------------------------------------------------------

def json_as_text():
    start("json-as-text.json")
    access = S(f.b64url(48), "encodings", "access_token of JSON served as text/plain")
    refresh = S(f.b64url(48), "encodings", "refresh_token of JSON served as text/plain")
    html_json = S(f.alnum(40), "encodings", "api_key of JSON served as text/html")
    cassette("json-as-text.json", [
        interaction(request("POST", "https://legacy-auth.example.com/token", [FORM], "grant_type=client_credentials"),
                    response(200, [TEXT], json.dumps({"access_token": access, "refresh_token": refresh,
                                                      "expires_in": 3600}))),
        interaction(request("GET", "https://legacy-auth.example.com/keys/current"),
                    response(200, [("Content-Type", "text/html")], json.dumps({"api_key": html_json, "active": True}))),
    ])


def ndjson_sse():
    start("ndjson-and-sse.json")
    password = S(f.password(18), "encodings", "password in one line of an NDJSON export")
    token = S(f.b64url(40), "encodings", "token in another line of an NDJSON export")
    sse_token = S(f.b64url(44), "encodings", "access_token in an SSE data: line")
    ndjson = "\n".join([
        json.dumps({"ts": "2026-11-30T10:15:00Z", "event": "user.created", "user": "svc-reports",
                    "password": password}),
        json.dumps({"ts": "2026-11-30T10:15:01Z", "event": "token.issued", "token": token}),
        json.dumps({"ts": "2026-11-30T10:15:02Z", "event": "login", "user": "jane"})]) + "\n"
    sse = ("event: ready\ndata: {\"status\":\"ok\"}\n\nevent: token\ndata: {\"access_token\":\"" + sse_token
           + "\",\"expires_in\":600}\n\n")
    cassette("ndjson-and-sse.json", [
        interaction(request("GET", "https://audit.shop.example.com/export?since=2026-11-30"),
                    response(200, [("Content-Type", "application/x-ndjson")], ndjson)),
        interaction(request("GET", "https://push.shop.example.com/stream", [("Accept", "text/event-stream")]),
                    response(200, [("Content-Type", "text/event-stream")], sse)),
    ])


def forms():
    start("form-bodies.json")
    password = S(f.password(16), "encodings", "password in a form body without a Content-Type")
    secret = S(f.b64url(40), "encodings", "client_secret in a form body typed text/plain")
    email = S("dana.okoro+alerts@shop-example.org", "email", "username (percent-encoded @) in a form body")
    pin = S(f.pick("123456789", 1) + f.pick(DIGITS, 5), "encodings", "otp= in a form body (6 digits)")
    cassette("form-bodies.json", [
        interaction(request("POST", "https://auth.example.net/oauth/token", [],
                            form([("grant_type", "password"), ("username", email), ("password", password),
                                  ("scope", "openid")])),
                    response(400, [JSON], {"error": "invalid_grant"})),
        interaction(request("POST", "https://auth.example.net/oauth/token", [TEXT],
                            form([("grant_type", "client_credentials"), ("client_id", "reports"),
                                  ("client_secret", secret)])),
                    response(401, [JSON], {"error": "invalid_client"})),
        interaction(request("POST", "https://auth.example.net/mfa/verify", [FORM],
                            form([("otp", pin), ("remember", "false")])),
                    response(200, [JSON], {"ok": True})),
    ])


def binary_bodies():
    start("binary-bodies.json")
    key_id = S(f.aws_key_id("AKIA"), "encodings", "AWS key id in a printable run of an octet-stream body")
    ghp = S(shapes.github(f, "ghp_"), "encodings", "GitHub token in a printable run of an octet-stream body")
    npm = S(shape("npm-token"), "encodings", "npm token in a string field of a protobuf body")
    stripe = S(shape("stripe-key"), "encodings", "Stripe key in a PNG tEXt chunk")
    blob = f.bytes(64) + b"\x00\x01config\x00token=" + ghp.encode() + b"\x00\x02" + f.bytes(32) + b"\x00key_id=" \
        + key_id.encode() + b"\x00\xff" + f.bytes(48)
    token_bytes = npm.encode()
    proto = b"\x0a\x05build\x12" + bytes([len(token_bytes)]) + token_bytes + b"\x18\x96\x01" + f.bytes(16)
    text_chunk = b"api_key\x00" + stripe.encode()
    png = (b"\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4"
           b"\x89" + len(text_chunk).to_bytes(4, "big") + b"tEXt" + text_chunk + f.bytes(4)
           + b"\x00\x00\x00\x00IEND\xaeB`\x82")
    cassette("binary-bodies.json", [
        interaction(request("GET", "https://artifacts.shop.example.com/cache/blob-8812"),
                    response(200, [("Content-Type", "application/octet-stream")], blob)),
        interaction(request("POST", "https://build.shop.example.com/twirp/build.v1.Builds/Start",
                            [("Content-Type", "application/protobuf")], proto),
                    response(200, [("Content-Type", "application/protobuf")], b"\x08\x01")),
        interaction(request("GET", "https://cdn.shop.example.com/img/pixel.png"),
                    response(200, [("Content-Type", "image/png")], png)),
    ])


def xml_soap():
    start("xml-soap.json")
    password = S(f.password(18), "encodings", "WS-Security UsernameToken <wsse:Password> in a SOAP request")
    session = S(f.hex(48), "encodings", "<SessionToken> in a SOAP response")
    api_key = S(f.alnum(32), "encodings", "<ApiKey> element of a plain XML response")
    soap = ('<?xml version="1.0" encoding="UTF-8"?>\n<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/'
            'soap/envelope/" xmlns:wsse="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0'
            '.xsd"><soapenv:Header><wsse:Security><wsse:UsernameToken><wsse:Username>shop-api</wsse:Username>'
            '<wsse:Password Type="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0'
            '#PasswordText">' + password + "</wsse:Password></wsse:UsernameToken></wsse:Security></soapenv:Header>"
            "<soapenv:Body><Login/></soapenv:Body></soapenv:Envelope>")
    out = ('<?xml version="1.0" encoding="UTF-8"?>\n<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/'
           'envelope/"><soap:Body><LoginResponse><SessionToken>' + session + "</SessionToken><Expires>"
           "2026-11-30T11:15:00Z</Expires></LoginResponse></soap:Body></soap:Envelope>")
    cassette("xml-soap.json", [
        interaction(request("POST", "https://erp.example.com/services/Auth", [
            ("Content-Type", "text/xml; charset=utf-8"), ("SOAPAction", "\"urn:Login\"")], soap),
            response(200, [("Content-Type", "text/xml; charset=utf-8")], out)),
        interaction(request("GET", "https://erp.example.com/api/keys/current"),
                    response(200, [XML], '<?xml version="1.0"?>\n<Key><Name>reports</Name><ApiKey>' + api_key
                             + "</ApiKey><Active>true</Active></Key>\n")),
    ])


def escapes():
    start("escaped-text.json")
    code = S(f.b64url(32), "encodings", "code= of a URL whose & is written \\u0026 inside text-stored JSON")
    email = S("lena.fischer@shop-example.net", "email", "email with its @ written \\u0040 inside text-stored JSON")
    reset = S(f.hex(48), "encodings", "token= of a reset link inside an HTML attribute with &amp; entities")
    entity_token = S(f.b64url(40), "encodings", "token written with HTML character references (&#95; for _) in a page")
    text = ('{"redirect":"https://shop.example.com/auth/cb?state=xyz\\u0026code=' + code + '\\u0026iss=idp",'
            '"owner":"' + email.replace("@", "\\u0040") + '"}')
    encoded_entity = "".join(f"&#{ord(c)};" if c in "-_" else c for c in entity_token)
    page = ("<p>Reset your password: <a href=\"https://shop.example.com/password/reset?token=" + reset
            + "&amp;uid=7\">reset</a></p>\n<div data-token=\"" + encoded_entity + "\"></div>\n")
    cassette("escaped-text.json", [
        interaction(request("GET", "https://shop.example.com/api/session/redirect"),
                    response(200, [TEXT], text)),
        interaction(request("GET", "https://shop.example.com/mail/preview/reset"), response(200, [HTML], page)),
    ])


# URLs ------------------------------------------------------------------------------------------

def urls():
    start("urls-with-secrets.json")
    nested = S(f.b64url(40), "urls", "access_token inside a URL percent-encoded in next=")
    session = S(f.alnum(32), "urls", "session= inside a URL percent-encoded in redirect_uri=")
    double = S(f.b64url(36), "urls", "token inside a doubly percent-encoded return_to=")
    jsession = S(f.pick(UPPER + DIGITS, 32), "urls", ";jsessionid= path parameter")
    reset_path = S(f.hex(64), "urls", "password-reset token as a URL path segment, inside a JSON body")
    magic = S(f.b64url(43), "urls", "magic-link token= inside a URL in a JSON body")
    inner = f"https://shop.example.com/api/me?access_token={nested}&fields=id"
    return_inner = q(f"https://shop.example.com/cb?token={double}")
    cassette("urls-with-secrets.json", [
        interaction(request("GET", "https://shop.example.com/login?next=" + q(inner)),
                    response(200, [HTML], "<html><body>login</body></html>")),
        interaction(request("GET", "https://id.example-idp.com/authorize?client_id=shop&redirect_uri="
                                   + q(f"https://shop.example.com/cb?session={session}") + "&response_type=code"),
                    response(200, [HTML], "<html><body>authorize</body></html>")),
        interaction(request("GET", "https://sso.example.com/logout?return_to=" + q(return_inner)),
                    response(200, [HTML], "<html><body>bye</body></html>")),
        interaction(request("GET", f"https://store.example.com/cart;jsessionid={jsession}?item=1182"),
                    response(200, [HTML], "<html><body>cart</body></html>")),
        interaction(request("POST", "https://mail.shop.example.com/v1/send", [JSON], {
            "to": "customer-7@shop.example",
            "template": "password-reset",
            "vars": {"link": f"https://shop.example.com/password-reset/{reset_path}",
                     "magic": f"https://shop.example.com/auth/magic?token={magic}&redirect=%2Faccount"}}),
            response(202)),
    ])
    # The recipient above is an email too.
    S("customer-7@shop.example", "email", "recipient of a mail-sending JSON body")


def graphql():
    start("graphql.json")
    password = S(f.password(16), "graphql", "password: \"…\" inline argument of a GraphQL mutation")
    email = S("Li.Wei@Example-Shop.CN", "email", "email: \"…\" inline argument of a GraphQL mutation")
    token = S(f.b64url(48), "graphql", "login.token in the GraphQL response")
    secret = S(f.alnum(32), "graphql", "secret: \"…\" inline argument inside an input object")
    var_password = S(f.password(16), "graphql", "variables.password of a GraphQL request")
    cassette("graphql.json", [
        interaction(request("POST", "https://api.shop.example.com/graphql", [JSON], {
            "query": f"mutation {{ login(email: \"{email}\", password: \"{password}\") {{ token user {{ id }} }} }}"}),
            response(200, [JSON], {"data": {"login": {"token": token, "user": {"id": "VXNlcjo3"}}}})),
        interaction(request("POST", "https://api.shop.example.com/graphql", [JSON], {
            "query": "mutation { createWebhook(input: {url: \"https://hooks.example.com/x\", secret: \""
                     + secret + "\"}) { id } }"}),
            response(200, [JSON], {"data": {"createWebhook": {"id": "V2ViaG9vazox"}}})),
        interaction(request("POST", "https://api.shop.example.com/graphql", [JSON], {
            "query": "mutation SignUp($email: String!, $password: String!) { signUp(email: $email, password: "
                     "$password) { id } }",
            "variables": {"email": "new.user@shop-example.org", "password": var_password}}),
            response(200, [JSON], {"data": {"signUp": {"id": "VXNlcjo4"}}})),
    ])
    S("new.user@shop-example.org", "email", "variables.email of a GraphQL request")


# Emails and cookies ----------------------------------------------------------------------------

def emails():
    start("emails.json")
    upper = S("JANE.DOE@EXAMPLE-CORP.COM", "email", "upper-case mail in a directory user object")
    idn = S("müller@bücher-shop.de", "email", "internationalised address in a directory user object")
    cjk = S("用户@例子.广告", "email", "address with a non-Latin local part and domain")
    plus = S("r.iyer+pagerduty@shop-example.io", "email", "plus-tagged address in a query item (percent-encoded)")
    header = "Build Bot <build.bot@ci.shop-example.io>"
    log = S("sre.oncall@shop-example.io", "email", "address in a plain-text log line")
    cassette("emails.json", [
        interaction(request("GET", "https://graph.microsoft.com/v1.0/users?$top=2"),
                    response(200, [JSON], {"value": [
                        {"id": f.uuid(), "displayName": "Jane Doe", "mail": upper,
                         "userPrincipalName": upper.lower()},
                        {"id": f.uuid(), "displayName": "Jürgen Müller", "mail": idn, "otherMails": [cjk]}]})),
        interaction(request("GET", "https://alerts.shop.example.com/v1/subscribers?email=" + q(plus)),
                    response(200, [JSON], {"subscribed": True})),
        interaction(request("POST", "https://smtp-relay.shop.example.com/v1/messages", [("From", header),
                                                                                        TEXT], "Build #8812 passed\n"),
                    response(200, [TEXT], f"2026-11-30T10:15:00Z queued for {log} id=8812\n")),
    ])
    # The lower-cased principal name and the bare From address are the same people's addresses.
    S(upper.lower(), "email", "userPrincipalName (lower case) of a directory user object")
    S("build.bot@ci.shop-example.io", "email", "the address in a From header with a display name")


def cookies():
    start("cookies-sessions.json")
    php = S(f.pick(LOWER + DIGITS, 26), "cookies", "PHPSESSID in a Cookie header")
    connect = S("s%3A" + f.b64url(32) + "." + f.b64url(43), "cookies", "connect.sid (signed, percent-encoded)")
    jsession = S(f.hex(32).upper(), "cookies", "JSESSIONID in a Cookie header")
    laravel = S(base64.b64encode(json.dumps({"iv": f.b64std(16), "value": f.b64std(64), "mac": f.hex(64),
                                             "tag": ""}).encode()).decode(), "cookies",
                "laravel_session Set-Cookie (base64 JSON)")
    xsrf = S(f.b64std(40), "cookies", "XSRF-TOKEN Set-Cookie")
    next_auth = S("eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0.." + f.b64url(16) + "." + f.b64url(400) + "."
                  + f.b64url(22), "cookies",
                  "__Secure-next-auth.session-token (a JWE) in a Cookie header")
    cassette("cookies-sessions.json", [
        interaction(request("GET", "https://forum.example.org/index.php", [
            ("Cookie", f"PHPSESSID={php}; theme=dark; connect.sid={connect}; JSESSIONID={jsession}")]),
            response(200, [HTML, ("Set-Cookie", f"laravel_session={laravel}; expires=Mon, 30 Nov 2026 12:15:00 GMT; "
                                                "Max-Age=7200; path=/; httponly; samesite=lax"),
                           ("Set-Cookie", f"XSRF-TOKEN={xsrf}; path=/; samesite=lax")],
                     "<html><body>forum</body></html>")),
        interaction(request("GET", "https://app.shop.example.com/api/auth/session",
                            [("Cookie", f"__Secure-next-auth.session-token={next_auth}")]),
                    response(200, [JSON], {"user": {"name": "Jane"}, "expires": "2026-12-30T10:15:00.000Z"})),
    ])


def main():
    for build in [aws_sigv4_s3, aws_sts, aws_json_protocol, gcp_service_account, azure_connection_strings,
                  azure_ad, cloud_tokens, oauth_pkce, oauth_device, oauth_implicit, oauth_google_refresh,
                  oauth_client_basic, stripe, square_paypal, adyen_and_more, commerce, twilio, email_apis, slack,
                  discord_telegram_teams, openai, ai_providers, google_ai, github, gitlab, registries, ci_services,
                  webhook_signatures, webhook_nested_json, kubernetes, kubeconfig, saml, env_upload,
                  json_config_upload, env_var_apis, html_login, html_latin1, json_as_text, ndjson_sse, forms,
                  binary_bodies, xml_soap, escapes, urls, graphql, emails, cookies]:
        build()
    manifest = {"secrets": sorted(SECRETS, key=lambda s: (s["file"], s["value"]))}
    with open(os.path.join(CORPUS, "Secrets", "manifest.json"), "w") as handle:
        json.dump(manifest, handle, indent=2, ensure_ascii=False, sort_keys=True)
        handle.write("\n")
    from collections import Counter
    print(len(SECRETS), "secrets in", len({s["file"] for s in SECRETS}), "files;",
          dict(Counter(s["category"] for s in SECRETS)))


if __name__ == "__main__":
    main()
