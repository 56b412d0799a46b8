"""Writes Tests/CassetteScrubbingTests/Corpus/Benign/*.json: real-shaped API traffic that holds no secret.

Every file must come through scrubbing byte-identical: public keys, hashes, ids, counts of model
tokens, password *policies*, pagination cursors, Message-IDs, `git@host:org/repo` remotes and
`name@2x.png` file names all look like secrets to a careless scrubber and are none.
"""

import base64
import json

from cassettes import Fakes, hop, interaction, request, response, write_cassette
from shapes import ALNUM, B64URL, DIGITS, HEX, LOWER, UPPER

f = Fakes(20261129)
JSON = ("Content-Type", "application/json")
JSON_UTF8 = ("Content-Type", "application/json; charset=utf-8")
HTML = ("Content-Type", "text/html; charset=utf-8")
FILES = []


def one(name, req, resp, redirects=()):
    FILES.append(name)
    write_cassette("Benign", name, [interaction(req, resp, redirects)])


def get(url, headers=()):
    return request("GET", url, headers)


def ok(body, content_type=JSON_UTF8, headers=()):
    return response(200, [content_type] + list(headers), body)


def b64u(nbytes):
    return base64.urlsafe_b64encode(f.bytes(nbytes)).decode().rstrip("=")


def rsa_jwk(kid):
    return {"kty": "RSA", "use": "sig", "alg": "RS256", "kid": kid, "n": b64u(256), "e": "AQAB"}


def main():
    one("openid-discovery-google.json", get("https://accounts.google.com/.well-known/openid-configuration"), ok({
        "issuer": "https://accounts.google.com", "authorization_endpoint": "https://accounts.google.com/o/oauth2/v2/auth",
        "device_authorization_endpoint": "https://oauth2.googleapis.com/device/code",
        "token_endpoint": "https://oauth2.googleapis.com/token",
        "userinfo_endpoint": "https://openidconnect.googleapis.com/v1/userinfo",
        "revocation_endpoint": "https://oauth2.googleapis.com/revoke",
        "jwks_uri": "https://www.googleapis.com/oauth2/v3/certs",
        "response_types_supported": ["code", "token", "id_token", "code token", "code id_token", "token id_token",
                                     "code token id_token", "none"],
        "subject_types_supported": ["public"], "id_token_signing_alg_values_supported": ["RS256"],
        "scopes_supported": ["openid", "email", "profile"],
        "token_endpoint_auth_methods_supported": ["client_secret_post", "client_secret_basic"],
        "claims_supported": ["aud", "email", "email_verified", "exp", "family_name", "given_name", "iat", "iss",
                             "name", "picture", "sub"],
        "code_challenge_methods_supported": ["plain", "S256"],
        "grant_types_supported": ["authorization_code", "refresh_token",
                                  "urn:ietf:params:oauth:grant-type:device_code",
                                  "urn:ietf:params:oauth:grant-type:jwt-bearer"]},
        headers=[("Cache-Control", "public, max-age=3600")]))
    tenant = f.uuid()
    one("openid-discovery-entra.json", get(f"https://login.microsoftonline.com/{tenant}/v2.0/.well-known/"
                                           "openid-configuration"), ok({
        "token_endpoint": f"https://login.microsoftonline.com/{tenant}/oauth2/v2.0/token",
        "token_endpoint_auth_methods_supported": ["client_secret_post", "private_key_jwt", "client_secret_basic"],
        "jwks_uri": f"https://login.microsoftonline.com/{tenant}/discovery/v2.0/keys",
        "response_modes_supported": ["query", "fragment", "form_post"], "subject_types_supported": ["pairwise"],
        "id_token_signing_alg_values_supported": ["RS256"],
        "response_types_supported": ["code", "id_token", "code id_token", "id_token token"],
        "scopes_supported": ["openid", "profile", "email", "offline_access"],
        "issuer": f"https://login.microsoftonline.com/{tenant}/v2.0", "request_uri_parameter_supported": False,
        "userinfo_endpoint": "https://graph.microsoft.com/oidc/userinfo",
        "authorization_endpoint": f"https://login.microsoftonline.com/{tenant}/oauth2/v2.0/authorize",
        "device_authorization_endpoint": f"https://login.microsoftonline.com/{tenant}/oauth2/v2.0/devicecode",
        "http_logout_supported": True, "frontchannel_logout_supported": True,
        "end_session_endpoint": f"https://login.microsoftonline.com/{tenant}/oauth2/v2.0/logout",
        "claims_supported": ["sub", "iss", "cloud_instance_name", "cloud_instance_host_name", "cloud_graph_host_name",
                             "msgraph_host", "aud", "exp", "iat", "auth_time", "acr", "nonce", "preferred_username",
                             "name", "tid", "ver", "at_hash", "c_hash", "email"],
        "kerberos_endpoint": f"https://login.microsoftonline.com/{tenant}/kerberos", "tenant_region_scope": "EU",
        "cloud_instance_name": "microsoftonline.com", "cloud_graph_host_name": "graph.windows.net",
        "msgraph_host": "graph.microsoft.com", "rbac_url": "https://pas.windows.net"}))
    one("oauth-server-metadata.json", get("https://auth.example.com/.well-known/oauth-authorization-server"), ok({
        "issuer": "https://auth.example.com", "authorization_endpoint": "https://auth.example.com/authorize",
        "token_endpoint": "https://auth.example.com/oauth/token",
        "token_endpoint_auth_methods_supported": ["client_secret_basic", "private_key_jwt", "tls_client_auth"],
        "token_endpoint_auth_signing_alg_values_supported": ["RS256", "ES256"],
        "introspection_endpoint": "https://auth.example.com/oauth/introspect",
        "introspection_endpoint_auth_methods_supported": ["client_secret_basic"],
        "revocation_endpoint": "https://auth.example.com/oauth/revoke",
        "revocation_endpoint_auth_methods_supported": ["client_secret_basic"],
        "pushed_authorization_request_endpoint": "https://auth.example.com/oauth/par",
        "require_pushed_authorization_requests": False, "tls_client_certificate_bound_access_tokens": True,
        "dpop_signing_alg_values_supported": ["ES256", "RS256"], "code_challenge_methods_supported": ["S256"],
        "authorization_response_iss_parameter_supported": True,
        "backchannel_token_delivery_modes_supported": ["poll", "ping"],
        "grant_types_supported": ["authorization_code", "client_credentials", "refresh_token",
                                  "urn:ietf:params:oauth:grant-type:token-exchange"],
        "service_documentation": "https://auth.example.com/docs"}))
    one("jwks-rsa.json", get("https://www.googleapis.com/oauth2/v3/certs"),
        ok({"keys": [rsa_jwk(f.hex(40)), rsa_jwk(f.hex(40))]},
           headers=[("Cache-Control", "public, max-age=23170, must-revalidate, no-transform"),
                    ("Expires", "Mon, 30 Nov 2026 16:41:20 GMT")]))
    one("jwks-ec.json", get("https://auth.example.com/.well-known/jwks.json"), ok({"keys": [
        {"kty": "EC", "use": "sig", "crv": "P-256", "kid": f.b64url(43), "x": b64u(32), "y": b64u(32), "alg": "ES256"},
        {"kty": "OKP", "use": "sig", "crv": "Ed25519", "kid": "2026-11", "x": b64u(32), "alg": "EdDSA"},
        {"kty": "RSA", "use": "enc", "kid": "enc-1", "n": b64u(256), "e": "AQAB", "alg": "RSA-OAEP-256",
         "x5t#S256": b64u(32)}]}))
    cert = "-----BEGIN CERTIFICATE-----\n" + "\n".join(
        [base64.b64encode(f.bytes(48)).decode() for _ in range(16)]) + "\n-----END CERTIFICATE-----\n"
    one("x509-public-certificates.json", get("https://www.googleapis.com/oauth2/v1/certs"),
        ok({f.hex(40): cert, f.hex(40): cert.replace("A", "B")}))

    logprobs = []
    text = ["Hello", "!", " How", " can", " I", " help", " you", " today", "?"]
    for piece in text:
        tops = [{"token": piece, "logprob": -0.0001, "bytes": list(piece.encode())},
                {"token": " Hi", "logprob": -9.25, "bytes": list(" Hi".encode())}]
        logprobs.append({"token": piece, "logprob": -0.0001, "bytes": list(piece.encode()), "top_logprobs": tops})
    one("chat-completion-logprobs.json", request("POST", "https://api.openai.com/v1/chat/completions", [JSON], {
        "model": "gpt-4o-mini", "logprobs": True, "top_logprobs": 2, "max_tokens": 32,
        "messages": [{"role": "user", "content": "Say hello"}]}),
        ok({"id": "chatcmpl-" + f.alnum(29), "object": "chat.completion", "created": 1732961700,
            "model": "gpt-4o-mini-2024-07-18", "choices": [{"index": 0, "message": {
                "role": "assistant", "content": "".join(text), "refusal": None},
                "logprobs": {"content": logprobs, "refusal": None}, "finish_reason": "stop"}],
            "usage": {"prompt_tokens": 9, "completion_tokens": 9, "total_tokens": 18,
                      "prompt_tokens_details": {"cached_tokens": 0, "audio_tokens": 0},
                      "completion_tokens_details": {"reasoning_tokens": 0, "audio_tokens": 0,
                                                    "accepted_prediction_tokens": 0,
                                                    "rejected_prediction_tokens": 0}},
            "system_fingerprint": "fp_" + f.hex(10)},
           headers=[("x-ratelimit-limit-requests", "10000"), ("x-ratelimit-limit-tokens", "200000"),
                    ("x-ratelimit-remaining-requests", "9999"), ("x-ratelimit-remaining-tokens", "199975"),
                    ("x-ratelimit-reset-requests", "8.64s"), ("x-ratelimit-reset-tokens", "7ms"),
                    ("openai-processing-ms", "212"), ("x-request-id", "req_" + f.hex(32))]))
    one("chat-completion-tool-call.json", request("POST", "https://api.openai.com/v1/chat/completions", [JSON], {
        "model": "gpt-4o", "tools": [{"type": "function", "function": {
            "name": "reset_password", "description": "Send a password reset email to a user",
            "parameters": {"type": "object", "properties": {"user_id": {"type": "string"}},
                           "required": ["user_id"]}}}],
        "messages": [{"role": "user", "content": "User 42 forgot their password and their API token expired."}]}),
        ok({"id": "chatcmpl-" + f.alnum(29), "object": "chat.completion", "model": "gpt-4o", "choices": [{
            "index": 0, "finish_reason": "tool_calls", "message": {"role": "assistant", "content": None,
                                                                    "tool_calls": [{
                                                                        "id": "call_" + f.alnum(24),
                                                                        "type": "function",
                                                                        "function": {"name": "reset_password",
                                                                                     "arguments": "{\"user_id\":\"42\"}"}}]}}],
            "usage": {"prompt_tokens": 61, "completion_tokens": 15, "total_tokens": 76}}))
    one("anthropic-message.json", request("POST", "https://api.anthropic.com/v1/messages", [
        ("anthropic-version", "2023-06-01"), JSON], {"model": "claude-sonnet-4-5", "max_tokens": 256,
                                                     "messages": [{"role": "user", "content": "Explain tokenizers"}]}),
        ok({"id": "msg_" + f.alnum(24), "type": "message", "role": "assistant", "model": "claude-sonnet-4-5",
            "content": [{"type": "text", "text": "A tokenizer splits text into tokens: pieces a model reads. Counting "
                                                 "tokens tells you how much of the context window a prompt uses."}],
            "stop_reason": "end_turn", "stop_sequence": None,
            "usage": {"input_tokens": 11, "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0,
                      "output_tokens": 38}},
           headers=[("anthropic-ratelimit-requests-limit", "4000"), ("anthropic-ratelimit-requests-remaining", "3999"),
                    ("anthropic-ratelimit-tokens-limit", "400000"), ("anthropic-ratelimit-tokens-remaining", "400000"),
                    ("anthropic-ratelimit-tokens-reset", "2026-11-30T10:15:01Z"),
                    ("anthropic-ratelimit-input-tokens-limit", "400000"),
                    ("anthropic-ratelimit-input-tokens-remaining", "400000"),
                    ("anthropic-ratelimit-output-tokens-limit", "80000"),
                    ("anthropic-ratelimit-output-tokens-remaining", "80000"), ("request-id", "req_" + f.alnum(24))]))
    one("embeddings.json", request("POST", "https://api.openai.com/v1/embeddings", [JSON],
                                   {"model": "text-embedding-3-small", "input": "password reset flow"}),
        ok({"object": "list", "data": [{"object": "embedding", "index": 0,
                                        "embedding": [round(f.rng.uniform(-0.1, 0.1), 6) for _ in range(24)]}],
            "model": "text-embedding-3-small", "usage": {"prompt_tokens": 3, "total_tokens": 3}}))
    one("tokenizer-config.json", get("https://huggingface.co/Qwen/Qwen2.5-0.5B/resolve/main/tokenizer_config.json"),
        ok({"add_bos_token": False, "add_prefix_space": False, "bos_token": None, "eos_token": "<|endoftext|>",
            "pad_token": "<|endoftext|>", "unk_token": None, "model_max_length": 131072,
            "tokenizer_class": "Qwen2Tokenizer", "clean_up_tokenization_spaces": False, "errors": "replace",
            "split_special_tokens": False,
            "added_tokens_decoder": {"151643": {"content": "<|endoftext|>", "lstrip": False, "normalized": False,
                                                "rstrip": False, "single_word": False, "special": True}},
            "additional_special_tokens": ["<|im_start|>", "<|im_end|>"]}))
    one("gemini-usage.json", request("POST", "https://generativelanguage.googleapis.com/v1beta/models/"
                                             "gemini-2.0-flash:countTokens", [JSON],
                                     {"contents": [{"parts": [{"text": "How many tokens is this?"}]}]}),
        ok({"totalTokens": 7, "totalBillableCharacters": 21,
            "promptTokensDetails": [{"modality": "TEXT", "tokenCount": 7}]}))

    one("directory-user-graph.json",
        get("https://graph.microsoft.com/v1.0/users/" + f.uuid() + "?$select=id,displayName,passwordPolicies,"
            "lastPasswordChangeDateTime,accountEnabled,createdDateTime"),
        ok({"@odata.context": "https://graph.microsoft.com/v1.0/$metadata#users(id,displayName,passwordPolicies,"
                              "lastPasswordChangeDateTime,accountEnabled,createdDateTime)/$entity",
            "id": f.uuid(), "displayName": "Jane Doe", "passwordPolicies": "DisablePasswordExpiration",
            "lastPasswordChangeDateTime": "2026-09-14T08:22:41Z", "accountEnabled": True,
            "createdDateTime": "2021-03-02T10:00:00Z"}))
    one("directory-user-okta.json", get("https://shop.okta.com/api/v1/users/00u" + f.alnum(17)), ok({
        "id": "00u" + f.alnum(17), "status": "ACTIVE", "created": "2021-03-02T10:00:00.000Z",
        "activated": "2021-03-02T10:00:01.000Z", "statusChanged": "2021-03-02T10:00:01.000Z",
        "lastLogin": "2026-11-29T17:42:10.000Z", "lastUpdated": "2026-09-14T08:22:41.000Z",
        "passwordChanged": "2026-09-14T08:22:41.000Z", "type": {"id": "oty" + f.alnum(17)},
        "profile": {"firstName": "Jane", "lastName": "Doe", "login": "jdoe", "mobilePhone": None},
        "credentials": {"password": {}, "recovery_question": {"question": "What was the name of your first pet?"},
                        "provider": {"type": "OKTA", "name": "OKTA"}},
        "_links": {"self": {"href": "https://shop.okta.com/api/v1/users/00u" + f.alnum(17)}}}))
    one("directory-password-policy.json", get("https://api.example-idp.com/v1/tenants/shop/password-policy"), ok({
        "password_policy": "good", "password_complexity_options": {"min_length": 12},
        "password_history": {"enable": True, "size": 5}, "password_no_personal_info": {"enable": True},
        "password_dictionary": {"enable": True, "dictionary": []}, "passwordExpiresAfterDays": 0,
        "passwordMinLength": 12, "passwordRequirements": ["uppercase", "lowercase", "digit"],
        "otpEnabled": True, "otpLength": 6, "pinLength": 4, "mfaEnabled": True}))
    one("github-repository.json", get("https://api.github.com/repos/octo-org/octo-repo",
                                      [("Accept", "application/vnd.github+json")]), ok({
        "id": 1296269, "node_id": "MDEwOlJlcG9zaXRvcnkxMjk2MjY5", "name": "octo-repo", "full_name": "octo-org/octo-repo",
        "owner": {"login": "octo-org", "id": 9919, "node_id": "MDEyOk9yZ2FuaXphdGlvbjk5MTk=",
                  "avatar_url": "https://avatars.githubusercontent.com/u/9919?v=4", "gravatar_id": "",
                  "type": "Organization", "site_admin": False},
        "private": False, "html_url": "https://github.com/octo-org/octo-repo",
        "description": "Token bucket rate limiter with password-free SSH deploy keys",
        "git_url": "git://github.com/octo-org/octo-repo.git", "ssh_url": "git@github.com:octo-org/octo-repo.git",
        "clone_url": "https://github.com/octo-org/octo-repo.git", "svn_url": "https://github.com/octo-org/octo-repo",
        "default_branch": "main", "topics": ["rate-limiting", "tokens", "security"], "stargazers_count": 80,
        "pushed_at": "2026-11-29T17:42:10Z", "license": {"key": "mit", "name": "MIT License", "spdx_id": "MIT",
                                                          "node_id": "MDc6TGljZW5zZTEz"}},
        headers=[("ETag", 'W/"' + f.hex(64) + '"'), ("X-RateLimit-Limit", "5000"), ("X-RateLimit-Remaining", "4987"),
                 ("X-RateLimit-Reset", "1732965300"), ("X-RateLimit-Used", "13"), ("X-RateLimit-Resource", "core"),
                 ("X-GitHub-Request-Id", "C9A2:3F5B:1A2B3C:1B2C3D:" + f.hex(8).upper())]))
    one("github-issue.json", get("https://api.github.com/repos/octo-org/octo-repo/issues/1347"), ok({
        "id": 1, "node_id": "MDU6SXNzdWUx", "number": 1347, "state": "open", "title": "Password reset token expires too early",
        "body": "When I request a reset, the token in the email expires after 5 minutes.\n\n```\nPOST /password/reset\n"
                "{\"email\": \"<redacted>\"}\n```\n\nExpected the `token_ttl` setting (3600) to apply.",
        "user": {"login": "octocat", "id": 1, "avatar_url": "https://avatars.githubusercontent.com/u/1?v=4"},
        "labels": [{"id": 208045946, "node_id": "MDU6TGFiZWwyMDgwNDU5NDY=", "name": "bug", "color": "f29513"}],
        "reactions": {"+1": 3, "-1": 0, "laugh": 0, "hooray": 0, "confused": 0, "heart": 1, "rocket": 0, "eyes": 0},
        "created_at": "2026-11-28T09:00:00Z", "author_association": "CONTRIBUTOR"}))
    one("github-commit.json", get("https://api.github.com/repos/octo-org/octo-repo/commits/" + f.hex(40)), ok({
        "sha": f.hex(40), "node_id": "C_kwDOABPHjdoAKD" + f.alnum(26),
        "commit": {"message": "Rotate signing keys monthly\n\nThe key id is now part of the token header.",
                   "tree": {"sha": f.hex(40)}, "comment_count": 0,
                   "verification": {"verified": True, "reason": "valid", "verified_at": "2026-11-29T17:42:11Z",
                                    "payload": "tree " + f.hex(40) + "\nparent " + f.hex(40) + "\n"}},
        "parents": [{"sha": f.hex(40)}], "stats": {"total": 12, "additions": 9, "deletions": 3},
        "files": [{"sha": f.hex(40), "filename": "src/keys/rotate.ts", "status": "modified", "additions": 9,
                   "deletions": 3, "patch": "@@ -1,3 +1,9 @@\n-const keyId = current()\n+const keyId = next()"}]}))
    one("gitlab-project.json", get("https://gitlab.com/api/v4/projects/278964"), ok({
        "id": 278964, "description": "Deploy tokens, runner tokens and feed tokens are documented in the handbook.",
        "name": "handbook", "path_with_namespace": "shop/handbook", "default_branch": "main",
        "ssh_url_to_repo": "git@gitlab.com:shop/handbook.git", "http_url_to_repo": "https://gitlab.com/shop/handbook.git",
        "web_url": "https://gitlab.com/shop/handbook", "avatar_url": "https://gitlab.com/uploads/-/system/project/"
                                                                     "avatar/278964/logo@2x.png",
        "star_count": 12, "last_activity_at": "2026-11-29T17:42:10.123Z", "container_registry_image_prefix":
            "registry.gitlab.com/shop/handbook", "runners_token": None, "ci_job_token_scope_enabled": True}))
    one("stripe-charge.json", get("https://api.stripe.com/v1/charges/ch_" + f.alnum(24)), ok({
        "id": "ch_" + f.alnum(24), "object": "charge", "amount": 2000, "amount_captured": 2000, "currency": "eur",
        "customer": "cus_" + f.alnum(14), "payment_intent": "pi_" + f.alnum(24),
        "payment_method": "pm_" + f.alnum(24), "balance_transaction": "txn_" + f.alnum(24), "captured": True,
        "livemode": True, "paid": True, "status": "succeeded", "created": 1732961700,
        "payment_method_details": {"type": "card", "card": {"brand": "visa", "last4": "4242", "exp_month": 12,
                                                            "exp_year": 2028, "funding": "credit",
                                                            "fingerprint": f.alnum(16), "network": "visa",
                                                            "three_d_secure": None}},
        "billing_details": {"name": None, "email": None, "phone": None}, "metadata": {"order_id": "8812"}},
        headers=[("Request-Id", "req_" + f.alnum(14)), ("Stripe-Version", "2024-06-20")]))
    one("stripe-publishable-config.json", get("https://shop.example.com/api/checkout/config"), ok({
        "publishableKey": "pk_live_51" + f.alnum(97), "country": "DE", "currency": "eur",
        "paymentMethodTypes": ["card", "sepa_debit", "ideal"], "stripeAccount": "acct_" + f.alnum(16)}))
    one("stripe-balance-transactions.json", get("https://api.stripe.com/v1/balance_transactions?limit=2"), ok({
        "object": "list", "url": "/v1/balance_transactions", "has_more": True, "data": [
            {"id": "txn_" + f.alnum(24), "object": "balance_transaction", "amount": 2000, "fee": 59, "net": 1941,
             "currency": "eur", "source": "ch_" + f.alnum(24), "type": "charge", "status": "available",
             "reporting_category": "charge", "fee_details": [{"amount": 59, "currency": "eur",
                                                              "description": "Stripe processing fees",
                                                              "type": "stripe_fee"}]}]}))
    one("square-payment.json", get("https://connect.squareup.com/v2/payments/" + f.alnum(28)), ok({"payment": {
        "id": f.alnum(28), "created_at": "2026-11-30T10:15:00.123Z", "amount_money": {"amount": 1250, "currency": "USD"},
        "status": "COMPLETED", "source_type": "CARD", "card_details": {"status": "CAPTURED", "card": {
            "card_brand": "MASTERCARD", "last_4": "5809", "exp_month": 9, "exp_year": 2029,
            "fingerprint": "sq-1-" + f.b64url(86), "card_type": "CREDIT", "bin": "540988"},
            "entry_method": "KEYED", "cvv_status": "CVV_ACCEPTED", "avs_status": "AVS_ACCEPTED"},
        "location_id": "L" + f.pick(UPPER + DIGITS, 12), "order_id": f.alnum(28),
        "receipt_number": f.alnum(4)}}))
    one("paypal-order.json", get("https://api-m.paypal.com/v2/checkout/orders/5O190127TN364715T"), ok({
        "id": "5O190127TN364715T", "status": "APPROVED", "intent": "CAPTURE",
        "purchase_units": [{"reference_id": "default", "amount": {"currency_code": "USD", "value": "100.00"}}],
        "create_time": "2026-11-30T10:15:00Z", "links": [
            {"href": "https://api-m.paypal.com/v2/checkout/orders/5O190127TN364715T", "rel": "self", "method": "GET"},
            {"href": "https://api-m.paypal.com/v2/checkout/orders/5O190127TN364715T/capture", "rel": "capture",
             "method": "POST"}]}, headers=[("Paypal-Debug-Id", f.hex(13))]))
    one("twilio-message-list.json", get("https://api.twilio.com/2010-04-01/Accounts/AC" + f.hex(32)
                                        + "/Messages.json?PageSize=1"), ok({
        "messages": [{"sid": "SM" + f.hex(32), "account_sid": "AC" + f.hex(32), "messaging_service_sid": None,
                      "body": "Your verification code expires in 10 minutes.", "num_segments": "1",
                      "status": "delivered", "direction": "outbound-api", "price": "-0.00790", "price_unit": "USD",
                      "date_created": "Mon, 30 Nov 2026 10:15:00 +0000", "api_version": "2010-04-01"}],
        "page": 0, "page_size": 1, "next_page_uri": None}))
    one("mailgun-message-id.json", request("POST", "https://api.mailgun.net/v3/mg.shop.example/messages"),
        ok({"id": "<20261130101500.1.4F2A7C1E9B3D1234@mg.shop.example>", "message": "Queued. Thank you."},
           headers=[("X-Mailgun-Request-Id", f.hex(24))]))
    one("rate-limit-headers.json", get("https://api.github.com/rate_limit"), ok({
        "resources": {"core": {"limit": 5000, "used": 13, "remaining": 4987, "reset": 1732965300},
                      "search": {"limit": 30, "used": 0, "remaining": 30, "reset": 1732961760},
                      "graphql": {"limit": 5000, "used": 0, "remaining": 5000, "reset": 1732965300}},
        "rate": {"limit": 5000, "used": 13, "remaining": 4987, "reset": 1732965300}},
        headers=[("X-RateLimit-Limit", "5000"), ("X-RateLimit-Remaining", "4987"), ("RateLimit-Policy", "5000;w=3600"),
                 ("Retry-After", "0"), ("x-ratelimit-remaining-tokens", "149984"), ("x-ratelimit-limit-tokens", "150000"),
                 ("x-ratelimit-reset-tokens", "6ms")]))
    js = ("export async function load(url) {\n  const response = await fetch(url, { credentials: \"include\", "
          "headers: { Accept: \"application/json\" } });\n  if (response.status === 401) {\n"
          "    window.location.assign(\"/login?reason=token_expired\");\n  }\n  return response.json();\n}\n"
          "const tokenizer = new Intl.Segmenter(\"en\", { granularity: \"word\" });\n"
          "export const passwordRules = { minLength: 12, requireDigit: true };\n")
    one("javascript-credentials-include.json", get("https://shop.example.com/assets/api-7f3c2a.js"),
        ok(js, ("Content-Type", "application/javascript; charset=utf-8"),
           [("Cache-Control", "public, max-age=31536000, immutable"), ("ETag", '"' + f.hex(32) + '"')]))
    page = ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Team</title>\n"
            "<link rel=\"stylesheet\" href=\"/assets/site-9b3d.css\" integrity=\"sha384-" + f.b64std(48)
            + "\" crossorigin=\"anonymous\">\n</head><body>\n<picture><source srcset=\"/img/avatar@2x.avif 2x, "
            "/img/avatar@3x.avif 3x\" type=\"image/avif\"><img src=\"/img/avatar@1x.png\" srcset=\"/img/avatar@2x.png 2x\" "
            "alt=\"Team photo\"></picture>\n<p>Forgot your password? Use the reset link we send you; it holds a "
            "one-time token that expires after an hour.</p>\n</body></html>\n")
    one("html-avatar-srcset.json", get("https://shop.example.com/team"), ok(page, HTML))
    one("uuids-etags.json", get("https://api.example.com/v1/jobs?status=done", [("X-Request-Id", f.uuid())]), ok({
        "jobs": [{"id": f.uuid(), "etag": f.hex(32), "trace_id": f.hex(32), "span_id": f.hex(16),
                  "idempotency_key": f.uuid(), "correlation_id": f.uuid_upper(), "checksum": "crc32c:" + f.hex(8)}
                 for _ in range(3)]},
        headers=[("ETag", '"' + f.hex(40) + '"'), ("X-Request-Id", f.uuid()), ("traceparent", "00-" + f.hex(32) + "-"
                                                                               + f.hex(16) + "-01"),
                 ("X-Amzn-Trace-Id", "Root=1-" + f.hex(8) + "-" + f.hex(24))]))
    layers = [{"mediaType": "application/vnd.oci.image.layer.v1.tar+gzip", "size": f.rng.randrange(10**6, 10**8),
               "digest": "sha256:" + f.hex(64)} for _ in range(3)]
    one("docker-manifest.json", get("https://registry-1.docker.io/v2/library/nginx/manifests/1.27",
                                    [("Accept", "application/vnd.oci.image.manifest.v1+json")]),
        ok({"schemaVersion": 2, "mediaType": "application/vnd.oci.image.manifest.v1+json",
            "config": {"mediaType": "application/vnd.oci.image.config.v1+json", "size": 8588,
                       "digest": "sha256:" + f.hex(64)}, "layers": layers,
            "annotations": {"org.opencontainers.image.revision": f.hex(40),
                            "org.opencontainers.image.source": "https://github.com/nginxinc/docker-nginx.git"}},
           ("Content-Type", "application/vnd.oci.image.manifest.v1+json"),
           [("Docker-Content-Digest", "sha256:" + f.hex(64)), ("ETag", '"sha256:' + f.hex(64) + '"')]))
    one("npm-package-metadata.json", get("https://registry.npmjs.org/left-pad/1.3.0"), ok({
        "name": "left-pad", "version": "1.3.0", "description": "String left pad", "main": "index.js",
        "license": "WTFPL", "gitHead": f.hex(40), "_id": "left-pad@1.3.0", "_nodeVersion": "9.3.0",
        "_npmVersion": "5.6.0", "dist": {"integrity": "sha512-" + f.b64std(64), "shasum": f.hex(40),
                                          "tarball": "https://registry.npmjs.org/left-pad/-/left-pad-1.3.0.tgz",
                                          "fileCount": 8, "unpackedSize": 9871,
                                          "signatures": [{"keyid": "SHA256:" + f.b64std(32).rstrip("="),
                                                          "sig": "MEUCIQ" + f.b64std(66)}]},
        "repository": {"type": "git", "url": "git+https://github.com/stevemao/left-pad.git"},
        "deprecated": "use String.prototype.padStart()"}))
    one("pypi-package-metadata.json", get("https://pypi.org/pypi/requests/2.32.3/json"), ok({
        "info": {"name": "requests", "version": "2.32.3", "summary": "Python HTTP for Humans.", "author": "Kenneth Reitz",
                 "author_email": None, "license": "Apache-2.0", "requires_python": ">=3.8",
                 "project_urls": {"Source": "https://github.com/psf/requests"}},
        "urls": [{"filename": "requests-2.32.3-py3-none-any.whl", "packagetype": "bdist_wheel",
                  "digests": {"blake2b_256": f.hex(64), "md5": f.hex(32), "sha256": f.hex(64)}, "size": 64928,
                  "upload_time_iso_8601": "2024-05-29T15:37:47.027345Z",
                  "url": "https://files.pythonhosted.org/packages/" + f.hex(2) + "/" + f.hex(2) + "/" + f.hex(60)
                         + "/requests-2.32.3-py3-none-any.whl", "yanked": False}]}))
    png = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x10\x00\x00\x00\x10\x08\x06\x00\x00\x00\x1f\xf3\xffa" \
        + f.bytes(180) + b"\x00\x00\x00\x00IEND\xaeB`\x82"
    one("base64-image.json", get("https://cdn.shop.example.com/icons/key@2x.png"),
        response(200, [("Content-Type", "image/png"), ("Cache-Control", "max-age=86400")], png))
    one("json-data-uri-image.json", get("https://api.shop.example.com/v1/badges/7"), ok({
        "id": 7, "label": "Password manager user",
        "icon": "data:image/png;base64," + base64.b64encode(png).decode()}))
    prose = ("Tokens, passwords and keys\n\nIn the early days of computing, a password was a word shared between a "
             "guard and a visitor. Today the word covers passphrases, one-time codes and the secret keys that "
             "machines exchange. A token economy, in psychology, is something else entirely: a way to reinforce "
             "behaviour with tokens that can later be exchanged for rewards.\n\nThe bearer of a ticket may enter; the "
             "bearer of a token may act. Key rotation is the habit of replacing keys before they leak, and an API key "
             "that never rotates is a liability. The secretary kept the minutes; the secret of the recipe stayed in "
             "the family. Authentication proves who you are; authorization decides what you may do.\n")
    one("long-prose.json", get("https://blog.example.org/posts/tokens-passwords-keys.txt"),
        ok(prose, ("Content-Type", "text/plain; charset=utf-8")))
    one("git-commits.json", get("https://api.github.com/repos/octo-org/octo-repo/commits?per_page=3"), ok([
        {"sha": f.hex(40), "commit": {"message": m, "tree": {"sha": f.hex(40)}},
         "parents": [{"sha": f.hex(40)}], "html_url": "https://github.com/octo-org/octo-repo/commit/" + f.hex(40)}
        for m in ["Fix token refresh race", "Bump password hashing cost to 12", "Add secret scanning to CI"]]))
    one("content-hashes.json", get("https://ipfs.example.org/api/v0/files/stat?arg=/site"), ok({
        "Hash": "bafybei" + f.pick("abcdefghijklmnopqrstuvwxyz234567", 52), "Size": 0, "CumulativeSize": 48213,
        "Blocks": 4, "Type": "directory", "sha256": f.hex(64), "sha1": f.hex(40), "md5": f.hex(32),
        "sri": "sha256-" + f.b64std(32), "multihash": "Qm" + f.pick("123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz", 44)}))
    one("kubernetes-configmap.json", get("https://kubernetes.default.svc/api/v1/namespaces/shop/configmaps/api"), ok({
        "apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "api", "namespace": "shop", "uid": f.uuid(),
                                                            "resourceVersion": "88120"},
        "data": {"LOG_LEVEL": "info", "TOKEN_TTL_SECONDS": "3600", "PASSWORD_MIN_LENGTH": "12",
                 "AUTH_PROVIDER": "google", "SESSION_COOKIE_NAME": "_shop_session",
                 "nginx.conf": "server {\n  listen 8080;\n  location / { proxy_pass http://api:3000; }\n}\n"}}))
    one("kubernetes-deployment-secret-refs.json",
        get("https://kubernetes.default.svc/apis/apps/v1/namespaces/shop/deployments/api"), ok({
            "apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "api", "namespace": "shop"},
            "spec": {"replicas": 2, "template": {"spec": {"containers": [{
                "name": "api", "image": "ghcr.io/shop/api@sha256:" + f.hex(64),
                "env": [{"name": "DB_PASSWORD", "valueFrom": {"secretKeyRef": {"name": "db", "key": "password"}}},
                        {"name": "API_TOKEN", "valueFrom": {"secretKeyRef": {"name": "api", "key": "token"}}}],
                "envFrom": [{"configMapRef": {"name": "api"}}]}],
                "volumes": [{"name": "tls", "secret": {"secretName": "shop-tls"}}]}}}}))
    one("oauth-error.json", request("POST", "https://auth.example.com/oauth/token", [
        ("Content-Type", "application/x-www-form-urlencoded")], "grant_type=client_credentials"),
        response(401, [JSON, ("WWW-Authenticate", "Bearer realm=\"api\", error=\"invalid_token\", "
                                                  "error_description=\"The access token expired\"")],
                 {"error": "invalid_client", "error_description": "Client authentication failed",
                  "token_type": "Bearer", "token_endpoint_auth_method": "client_secret_basic"}))
    keys = "".join(f"<Contents><Key>photos/2026/11/{f.hex(8)}@2x.jpg</Key><LastModified>2026-11-30T10:15:00.000Z"
                   f"</LastModified><ETag>&quot;{f.hex(32)}&quot;</ETag><Size>48213</Size><StorageClass>STANDARD"
                   "</StorageClass></Contents>" for _ in range(2))
    one("s3-list-objects.json", get("https://photos-7731.s3.eu-west-1.amazonaws.com/?list-type=2&prefix=photos%2F"),
        ok('<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">'
           "<Name>photos-7731</Name><Prefix>photos/</Prefix><KeyCount>2</KeyCount><MaxKeys>2</MaxKeys>"
           "<IsTruncated>true</IsTruncated>" + keys + "<NextContinuationToken>" + f.b64std(60)
           + "</NextContinuationToken></ListBucketResult>", ("Content-Type", "application/xml")))
    one("dynamodb-query.json", request("POST", "https://dynamodb.eu-west-1.amazonaws.com/", [
        ("Content-Type", "application/x-amz-json-1.0"), ("X-Amz-Target", "DynamoDB_20120810.Query")],
        {"TableName": "sessions", "KeyConditionExpression": "pk = :pk",
         "ExpressionAttributeValues": {":pk": {"S": "user#42"}}, "Limit": 1}),
        ok({"Count": 1, "ScannedCount": 1, "Items": [{"pk": {"S": "user#42"}, "sk": {"S": "session#2026-11-30"},
                                                      "ttl": {"N": "1732965300"}, "device": {"S": "iPhone"}}],
            "LastEvaluatedKey": {"pk": {"S": "user#42"}, "sk": {"S": "session#2026-11-30"}}},
           ("Content-Type", "application/x-amz-json-1.0")))
    one("drive-files-page-token.json", get("https://www.googleapis.com/drive/v3/files?pageSize=2"), ok({
        "kind": "drive#fileList", "nextPageToken": "~!!~" + f.b64url(120), "incompleteSearch": False,
        "files": [{"kind": "drive#file", "id": f.b64url(33), "name": "Password policy.pdf",
                   "mimeType": "application/pdf"},
                  {"kind": "drive#file", "id": f.b64url(33), "name": "Token budget 2027.xlsx",
                   "mimeType": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"}]}))
    one("slack-conversations-cursor.json", get("https://slack.com/api/conversations.list?limit=2"), ok({
        "ok": True, "channels": [{"id": "C0123456789", "name": "security", "is_channel": True,
                                  "topic": {"value": "Rotate your tokens", "creator": "U012AB3CD", "last_set": 0},
                                  "purpose": {"value": "Passwords, keys and secrets hygiene", "creator": "",
                                              "last_set": 0}, "num_members": 41}],
        "response_metadata": {"next_cursor": "dGVhbTpDMDYxRkE1UEI="}}))
    one("openapi-security-schemes.json", get("https://api.shop.example.com/openapi.json"), ok({
        "openapi": "3.1.0", "info": {"title": "Shop API", "version": "1.4.2"},
        "components": {"securitySchemes": {
            "bearerAuth": {"type": "http", "scheme": "bearer", "bearerFormat": "JWT"},
            "apiKey": {"type": "apiKey", "in": "header", "name": "X-API-Key"},
            "oauth2": {"type": "oauth2", "flows": {"authorizationCode": {
                "authorizationUrl": "https://auth.shop.example.com/authorize",
                "tokenUrl": "https://auth.shop.example.com/oauth/token", "scopes": {"orders:read": "Read orders"}}}}},
            "schemas": {"Login": {"type": "object", "required": ["username", "password"], "properties": {
                "username": {"type": "string"}, "password": {"type": "string", "format": "password",
                                                             "writeOnly": True, "minLength": 12},
                "otp": {"type": "string", "pattern": "^[0-9]{6}$"}}}}},
        "security": [{"bearerAuth": []}]}))
    one("graphql-introspection.json", request("POST", "https://api.shop.example.com/graphql", [JSON],
                                              {"query": "{ __type(name: \"User\") { fields { name } } }"}),
        ok({"data": {"__type": {"fields": [{"name": "id"}, {"name": "password"}, {"name": "resetPasswordToken"},
                                           {"name": "apiKeys"}, {"name": "lastPasswordChangeAt"}]}}}))
    one("feature-flags.json", get("https://app.launchdarkly.com/sdk/latest-all"), ok({
        "flags": {"show-password-reset": {"key": "show-password-reset", "value": True, "version": 12,
                                          "variation": 0, "trackEvents": False},
                  "token-refresh-v2": {"key": "token-refresh-v2", "value": False, "version": 3, "variation": 1}},
        "segments": {}}))
    one("cloudflare-settings.json", get("https://api.cloudflare.com/client/v4/zones/" + f.hex(32) + "/settings"), ok({
        "success": True, "errors": [], "messages": [], "result": [
            {"id": "always_use_https", "value": "on", "editable": True, "modified_on": "2026-11-30T10:15:00Z"},
            {"id": "security_level", "value": "medium", "editable": True, "modified_on": None},
            {"id": "ssl", "value": "strict", "editable": True, "modified_on": None}]}))
    one("webauthn-registration-options.json", request("POST", "https://shop.example.com/webauthn/register/options",
                                                      [JSON], {"username": "jdoe"}), ok({
        "rp": {"name": "Shop", "id": "shop.example.com"},
        "user": {"id": f.b64url(32), "name": "jdoe", "displayName": "Jane Doe"}, "challenge": f.b64url(43),
        "pubKeyCredParams": [{"type": "public-key", "alg": -7}, {"type": "public-key", "alg": -257}],
        "timeout": 60000, "attestation": "none",
        "excludeCredentials": [{"id": f.b64url(43), "type": "public-key", "transports": ["internal", "hybrid"]}],
        "authenticatorSelection": {"residentKey": "preferred", "userVerification": "preferred"},
        "extensions": {"credProps": True}}))
    one("csv-export.json", get("https://reports.shop.example.com/usage.csv"),
        ok("day,prompt_tokens,completion_tokens,token_count,password_resets\n2026-11-28,18211,9120,27331,4\n"
           "2026-11-29,17002,8811,25813,2\n", ("Content-Type", "text/csv; charset=utf-8")))
    one("css-stylesheet.json", get("https://shop.example.com/assets/site-9b3d.css"),
        ok(".password-field{font-family:monospace}.token-list>li{display:inline-block}"
           ".secret-banner{background:url(/img/banner@2x.webp) no-repeat}\n", ("Content-Type", "text/css")))
    one("sitemap.json", get("https://shop.example.com/sitemap.xml"), ok(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
        "<url><loc>https://shop.example.com/help/reset-password</loc><lastmod>2026-11-30</lastmod></url>"
        "<url><loc>https://shop.example.com/help/api-keys</loc><lastmod>2026-11-30</lastmod></url></urlset>\n",
        ("Content-Type", "application/xml")))
    one("link-header-pagination.json", get("https://api.github.com/repos/octo-org/octo-repo/issues?per_page=2&page=2"),
        ok([], headers=[("Link", '<https://api.github.com/repositories/1296269/issues?per_page=2&page=3>; rel="next", '
                                 '<https://api.github.com/repositories/1296269/issues?per_page=2&page=1>; rel="prev"')]))
    one("not-found-page.json", get("https://shop.example.com/password/reset/expired"),
        response(404, [HTML], "<!DOCTYPE html><html><body><h1>Link expired</h1><p>Your reset token has expired. "
                              "Request a new password reset email.</p></body></html>\n"))
    one("redirect-chain.json", get("http://shop.example.com/login"),
        ok("<html><body>login</body></html>", HTML), redirects=[
            hop("GET", "http://shop.example.com/login", 301, [("Location", "https://shop.example.com/login")]),
            hop("GET", "https://shop.example.com/login", 302, [("Location", "https://shop.example.com/login/")])])
    one("session-metadata.json", get("https://api.shop.example.com/v1/account/security"), ok({
        "sessions_count": 3, "session_timeout": 1800, "password_changed_at": "2026-09-14T08:22:41Z",
        "password_expires_at": None, "has_password": True, "mfa_enabled": True, "otp_enabled": False,
        "passkeys_supported": True, "token_type": "Bearer", "auth_provider": "google",
        "auth_time": 1732961700, "expires_in": 3600, "max_tokens": 4096}))
    one("gcp-metadata-no-key.json", get("https://iam.googleapis.com/v1/projects/shop-prod-4471/serviceAccounts"), ok({
        "accounts": [{"name": "projects/shop-prod-4471/serviceAccounts/" + f.digits(21),
                      "projectId": "shop-prod-4471", "uniqueId": f.digits(21), "displayName": "Deployer",
                      "etag": "MDEwMjE5MjA=", "oauth2ClientId": f.digits(21)}]}))
    print(len(FILES), "benign files")


if __name__ == "__main__":
    main()
