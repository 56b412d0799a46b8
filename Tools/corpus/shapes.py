"""The provider token shapes of TokenCatalogue.swift, with a maker of fake tokens for each.

Run `python3 make_catalogue.py` to write Sources/CassetteScrubbing/Rules/TokenCatalogue.swift (and
the tests' TokenShapeDetails.swift), and `python3 make_secrets.py` and `python3 make_benign.py` to
write the secret and benign corpora; both are seeded, so a run
gives the same files. Nothing here is a real credential: every token is random bytes in a real
token's shape (prefix, length, alphabet, checksum where the format has one).
"""

import base64
import binascii
import json
import random
import string

UPPER = string.ascii_uppercase
LOWER = string.ascii_lowercase
DIGITS = string.digits
ALNUM = UPPER + LOWER + DIGITS
HEX = "0123456789abcdef"
UHEX = "0123456789ABCDEF"
B64URL = ALNUM + "_-"
B64 = ALNUM + "+/"
BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"


class Maker:
    """Random parts for fake tokens, from one seeded generator."""

    def __init__(self, seed):
        self.rng = random.Random(seed)

    def pick(self, alphabet, count):
        return "".join(self.rng.choice(alphabet) for _ in range(count))

    def digits(self, count):
        return self.rng.choice("123456789") + self.pick(DIGITS, count - 1)

    def uuid(self):
        h = self.pick(HEX, 32)
        return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-{self.rng.choice('89ab')}{h[17:20]}-{h[20:]}"

    def bytes(self, count):
        return bytes(self.rng.randrange(256) for _ in range(count))

    def crc_base62(self, text):
        """GitHub's and npm's checksum: CRC32 of the random part, in base 62, six characters."""
        value = binascii.crc32(text.encode())
        out = ""
        while value:
            value, rest = divmod(value, 62)
            out = (DIGITS + UPPER + LOWER)[rest] + out
        return out.rjust(6, "0")

    def b64(self, data, url=False, pad=True):
        text = (base64.urlsafe_b64encode(data) if url else base64.b64encode(data)).decode()
        return text if pad else text.rstrip("=")

    def b64_clean(self, count):
        """Base64 of random bytes, `count` characters, with no `+` or `/`, no padding."""
        while True:
            text = self.b64(self.bytes(count), pad=False)[:count]
            if "+" not in text and "/" not in text:
                return text


def bech32_polymod(values):
    generator = [0x3B6A57B2, 0x26508E6D, 0x1EA119FA, 0x3D4233DD, 0x2A1462B3]
    chk = 1
    for value in values:
        top = chk >> 25
        chk = (chk & 0x1FFFFFF) << 5 ^ value
        for i in range(5):
            chk ^= generator[i] if ((top >> i) & 1) else 0
    return chk


def bech32_encode(hrp, data):
    """Bech32 (BIP 173) of 8-bit `data` under `hrp`, lower case."""
    acc, bits, five = 0, 0, []
    for byte in data:
        acc = (acc << 8) | byte
        bits += 8
        while bits >= 5:
            bits -= 5
            five.append((acc >> bits) & 31)
    if bits:
        five.append((acc << (5 - bits)) & 31)
    expanded = [ord(c) >> 5 for c in hrp] + [0] + [ord(c) & 31 for c in hrp]
    polymod = bech32_polymod(expanded + five + [0] * 6) ^ 1
    checksum = [(polymod >> 5 * (5 - i)) & 31 for i in range(6)]
    return hrp + "1" + "".join(BECH32[d] for d in five + checksum)


# Each maker returns a fresh fake token. Examples in the catalogue are the first token each gives.
def github(m, prefix="ghp_"):
    body = m.pick(ALNUM, 30)
    return prefix + body + m.crc_base62(body)


def npm(m):
    body = m.pick(ALNUM, 30)
    return "npm_" + body + m.crc_base62(body)


def openai(m, prefix, side):
    return prefix + m.pick(B64URL, side) + "T3BlbkFJ" + m.pick(B64URL, side)


def discord(m):
    user_id = m.digits(18)
    first = m.b64(user_id.encode(), url=True, pad=False)
    return first + "." + m.pick(B64URL, 6) + "." + m.pick(B64URL, 38)


def age(m):
    return bech32_encode("age-secret-key-", m.bytes(32)).upper()


def sentry_org(m):
    payload = {
        "iat": 1700000000 + m.rng.randrange(10**7),
        "url": "https://sentry.io",
        "region_url": "https://us.sentry.io",
        "org": m.pick(LOWER, 8),
    }
    text = m.b64(json.dumps(payload, separators=(",", ":")).encode(), pad=False)
    return "sntrys_" + text + "_" + m.pick(B64, 43)


def grafana_cloud(m):
    payload = {
        "o": m.digits(7),
        "n": "stack-" + m.digits(6) + "-hm-write-" + m.pick(LOWER, 6),
        "k": m.pick(ALNUM, 24),
        "m": {"r": "prod-us-east-0"},
    }
    return "glc_" + m.b64(json.dumps(payload, separators=(",", ":")).encode())


def pypi(m):
    # A macaroon: version byte, location "pypi.org", identifier, signature; base64url without padding.
    body = m.b64(m.bytes(120), url=True, pad=False)
    return "pypi-AgEIcHlwaS5vcmc" + body


def intercom(m):
    return m.b64(("tok:" + m.uuid().replace("-", "_") + ":1:0").encode())


def jfrog_reference(m):
    while True:
        text = m.b64(("reftkn:01:" + m.digits(10) + ":" + m.pick(ALNUM, 27)).encode(), pad=False)
        if "+" not in text and "/" not in text and len(text) == 64:
            return text


def mapbox(m):
    payload = {"u": m.pick(LOWER, 8), "a": m.pick(B64URL, 25)}
    text = m.b64(json.dumps(payload, separators=(",", ":")).encode(), url=True, pad=False)
    return "sk." + text + "." + m.pick(B64URL, 22)


def onepassword(m):
    payload = {
        "signInAddress": "my.1password.com",
        "userAuth": {"method": "SRPg-4096", "alg": "PBES2g-HS256", "iterations": 650000,
                     "salt": m.pick(B64URL, 22)},
        "email": m.pick(LOWER + DIGITS, 13) + "@1passwordserviceaccounts.com",
        "srpX": m.pick(HEX, 64),
        "muk": {"alg": "A256GCM", "ext": True, "k": m.pick(B64URL, 43), "key_ops": ["encrypt", "decrypt"],
                "kty": "oct", "kid": "mp"},
        "secretKey": "A3-" + m.pick(UPPER + DIGITS, 6) + "-" + m.pick(UPPER + DIGITS, 11),
        "deviceUuid": m.pick(LOWER + DIGITS, 26),
    }
    return "ops_" + m.b64(json.dumps(payload, separators=(",", ":")).encode(), url=True, pad=False)


def fly(m):
    return "fm2_" + m.b64(m.bytes(120))


def atlassian(m):
    return "ATATT3" + m.pick(B64URL, 177) + "=" + m.pick(UHEX, 8)


def azure_secret(m):
    return m.pick(ALNUM, 3) + m.pick(DIGITS, 1) + "Q~" + m.pick(ALNUM + "_-.~", 33) + m.pick(ALNUM, 1)


def asana(m):
    return "2/" + m.digits(16) + "/" + m.digits(16) + ":" + m.pick(HEX, 32)


def parts(*pieces):
    """A maker from literal strings and (alphabet, count) pairs."""

    def make(m):
        out = ""
        for piece in pieces:
            if isinstance(piece, str):
                out += piece
            elif piece[0] == "digits":
                out += m.digits(piece[1])
            elif piece[0] == "uuid":
                out += m.uuid()
            else:
                out += m.pick(piece[0], piece[1])
        return out

    return make


# name, provider, summary, category, pattern, group, literals, kept prefixes, source, maker, variable.
# `variable` marks formats whose length varies, where a token one character shorter is still a token.
U = "[A-Za-z0-9_\\-]"  # base64url
NOT_U = "(?![A-Za-z0-9_\\-])"
NOT_A = "(?![A-Za-z0-9])"
UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"

SHAPES = [
    # Cloud platforms
    ("google-api-key", "Google", "API key", "cloud",
     r"\bAIza[0-9A-Za-z_\-]{35}" + NOT_U, 0, ["AIza"], ["AIza"],
     "https://cloud.google.com/docs/authentication/api-keys", parts("AIzaSy", (B64URL, 33)), False),
    ("google-oauth-client-secret", "Google", "OAuth client secret", "cloud",
     r"\bGOCSPX-" + U + "{28}" + NOT_U, 0, ["GOCSPX-"], ["GOCSPX-"],
     "https://support.google.com/cloud/answer/15549257", parts("GOCSPX-", (B64URL, 28)), False),
    ("google-oauth-access-token", "Google", "OAuth 2.0 access token", "cloud",
     r"\bya29\." + U + "{60,2048}+" + NOT_U, 0, ["ya29."], ["ya29."],
     "https://developers.google.com/identity/protocols/oauth2", parts("ya29.a0", (B64URL, 160)), True),
    ("google-oauth-refresh-token", "Google", "OAuth 2.0 refresh token", "cloud",
     r"(?<![A-Za-z0-9_\-/])1//0" + U + "{60,512}+" + NOT_U, 0, ["1//0"], ["1//0"],
     "https://developers.google.com/identity/protocols/oauth2", parts("1//0", (B64URL, 99)), True),
    ("firebase-cloud-messaging-key", "Google", "Firebase Cloud Messaging legacy server key", "cloud",
     r"\bAAAA" + U + "{7}:APA91b" + U + "{134}" + NOT_U, 0, [":APA91b"], [],
     "https://firebase.google.com/docs/cloud-messaging/auth-server",
     parts("AAAA", (B64URL, 7), ":APA91b", (B64URL, 134)), False),
    ("alibaba-access-key-id", "Alibaba Cloud", "AccessKey ID", "cloud",
     r"\bLTAI[A-Za-z0-9]{12}(?:[A-Za-z0-9]{8})?" + NOT_A, 0, ["LTAI"], ["LTAI"],
     "https://www.alibabacloud.com/help/en/ram/user-guide/create-an-accesskey-pair",
     parts("LTAI", (ALNUM, 20)), False),
    ("tencent-secret-id", "Tencent Cloud", "API SecretId", "cloud",
     r"\bAKID[A-Za-z0-9]{32}" + NOT_A, 0, ["AKID"], ["AKID"],
     "https://www.tencentcloud.com/document/product/598/32675", parts("AKID", (ALNUM, 32)), False),
    ("azure-ad-client-secret", "Microsoft Entra ID", "application client secret", "cloud",
     r"(?<![A-Za-z0-9_~.\-])[A-Za-z0-9_\-.]{3}[0-9]Q~[A-Za-z0-9_~.\-]{34}(?![A-Za-z0-9_~\-])", 0, ["Q~"], [],
     "https://learn.microsoft.com/en-us/entra/identity-platform/how-to-add-credentials", azure_secret, False),
    ("cloudflare-origin-ca-key", "Cloudflare", "Origin CA key", "cloud",
     r"\bv1\.0-[a-f0-9]{24}-[a-f0-9]{146}" + NOT_A, 0, ["v1.0-"], ["v1.0-"],
     "https://developers.cloudflare.com/fundamentals/api/reference/keys/",
     parts("v1.0-", (HEX, 24), "-", (HEX, 146)), False),
    ("digitalocean-token", "DigitalOcean", "personal access token", "cloud",
     r"\bdop_v1_[a-f0-9]{64}" + NOT_A, 0, ["dop_v1_"], ["dop_v1_"],
     "https://docs.digitalocean.com/reference/api/create-personal-access-token/", parts("dop_v1_", (HEX, 64)), False),
    ("digitalocean-oauth-token", "DigitalOcean", "OAuth access token", "cloud",
     r"\bdoo_v1_[a-f0-9]{64}" + NOT_A, 0, ["doo_v1_"], ["doo_v1_"],
     "https://docs.digitalocean.com/reference/api/oauth/", parts("doo_v1_", (HEX, 64)), False),
    ("digitalocean-refresh-token", "DigitalOcean", "OAuth refresh token", "cloud",
     r"\bdor_v1_[a-f0-9]{64}" + NOT_A, 0, ["dor_v1_"], ["dor_v1_"],
     "https://docs.digitalocean.com/reference/api/oauth/", parts("dor_v1_", (HEX, 64)), False),
    ("heroku-api-key", "Heroku", "API key and OAuth token", "cloud",
     r"\bHRKU-" + U + "{60}" + NOT_U, 0, ["HRKU-"], ["HRKU-"],
     "https://devcenter.heroku.com/articles/authentication", parts("HRKU-AA", (B64URL, 58)), False),
    ("vault-service-token", "HashiCorp Vault", "service token", "cloud",
     r"\bhvs\." + U + "{24,512}+" + NOT_U, 0, ["hvs."], ["hvs."],
     "https://developer.hashicorp.com/vault/docs/concepts/tokens#token-prefixes", parts("hvs.", (ALNUM, 24)), False),
    ("vault-batch-token", "HashiCorp Vault", "batch token", "cloud",
     r"\bhvb\." + U + "{100,2048}+" + NOT_U, 0, ["hvb."], ["hvb."],
     "https://developer.hashicorp.com/vault/docs/concepts/tokens#token-prefixes",
     parts("hvb.AAAAAQ", (B64URL, 132)), True),
    ("vault-recovery-token", "HashiCorp Vault", "recovery token", "cloud",
     r"\bhvr\." + U + "{24,512}+" + NOT_U, 0, ["hvr."], ["hvr."],
     "https://developer.hashicorp.com/vault/docs/concepts/tokens#token-prefixes", parts("hvr.", (ALNUM, 24)), False),
    ("terraform-cloud-token", "HashiCorp Terraform Cloud", "user, team and organization API token", "cloud",
     r"\b[A-Za-z0-9]{14}\.atlasv1\." + U + "{67}" + NOT_U, 0, [".atlasv1."], [],
     "https://developer.hashicorp.com/terraform/cloud-docs/users-teams-organizations/api-tokens",
     parts((ALNUM, 14), ".atlasv1.", (B64URL, 67)), False),
    ("pulumi-access-token", "Pulumi", "Pulumi Cloud access token", "cloud",
     r"\bpul-[a-f0-9]{40}" + NOT_A, 0, ["pul-"], ["pul-"],
     "https://www.pulumi.com/docs/pulumi-cloud/access-management/access-tokens/", parts("pul-", (HEX, 40)), False),
    ("doppler-personal-token", "Doppler", "personal token", "cloud",
     r"\bdp\.pt\.[A-Za-z0-9]{43}" + NOT_A, 0, ["dp.pt."], ["dp.pt."],
     "https://docs.doppler.com/docs/token-formats", parts("dp.pt.", (ALNUM, 43)), False),
    ("doppler-service-token", "Doppler", "service token", "cloud",
     r"\bdp\.st\.(?:[a-z0-9_\-]{2,35}\.)?[A-Za-z0-9]{43}" + NOT_A, 0, ["dp.st."], ["dp.st."],
     "https://docs.doppler.com/docs/token-formats", parts("dp.st.prd.", (ALNUM, 43)), False),
    ("databricks-token", "Databricks", "personal access token", "cloud",
     r"\bdapi[a-f0-9]{32}(?:-[0-9])?(?![A-Za-z0-9\-])", 0, ["dapi"], ["dapi"],
     "https://docs.databricks.com/en/dev-tools/auth/pat.html", parts("dapi", (HEX, 32)), False),
    ("supabase-access-token", "Supabase", "management API access token", "cloud",
     r"\bsbp_[a-f0-9]{40}" + NOT_A, 0, ["sbp_"], ["sbp_"],
     "https://supabase.com/docs/reference/api/introduction", parts("sbp_", (HEX, 40)), False),
    ("planetscale-token", "PlanetScale", "service token and OAuth token", "cloud",
     r"\bpscale_(?:tkn|oauth)_" + U + "{43}" + NOT_U, 0, ["pscale_tkn_", "pscale_oauth_"],
     ["pscale_tkn_", "pscale_oauth_"],
     "https://planetscale.com/docs/concepts/service-tokens", parts("pscale_tkn_", (B64URL, 43)), False),
    ("planetscale-password", "PlanetScale", "database password", "cloud",
     r"\bpscale_pw_" + U + "{43}" + NOT_U, 0, ["pscale_pw_"], ["pscale_pw_"],
     "https://planetscale.com/docs/concepts/connection-strings", parts("pscale_pw_", (B64URL, 43)), False),
    ("netlify-token", "Netlify", "personal access token", "cloud",
     r"\bnfp_[A-Za-z0-9]{36}" + NOT_A, 0, ["nfp_"], ["nfp_"],
     "https://docs.netlify.com/api/get-started/#authentication", parts("nfp_", (ALNUM, 36)), False),
    ("fly-token", "Fly.io", "macaroon access token", "cloud",
     r"\bfm(?:1[ar]|2)_[A-Za-z0-9+/]{100,4096}+={0,2}(?![A-Za-z0-9+/=])", 0, ["fm1a_", "fm1r_", "fm2_"],
     ["fm1a_", "fm1r_", "fm2_"], "https://fly.io/docs/security/tokens/", fly, True),
    ("tailscale-key", "Tailscale", "API, auth, OAuth client and webhook keys", "cloud",
     r"\btskey-[a-z]{3,8}-[A-Za-z0-9]{9,17}-[A-Za-z0-9]{30,40}" + NOT_A, 0, ["tskey-"], ["tskey-"],
     "https://tailscale.com/kb/1277/key-prefixes", parts("tskey-api-k", (ALNUM, 6), "CNTRL-", (ALNUM, 33)), True),
    # AI APIs
    ("openai-api-key", "OpenAI", "user API key (legacy format)", "ai",
     r"\bsk-[A-Za-z0-9]{20}T3BlbkFJ[A-Za-z0-9]{20}" + NOT_A, 0, ["T3BlbkFJ"], ["sk-"],
     "https://platform.openai.com/docs/api-reference/authentication",
     parts("sk-", (ALNUM, 20), "T3BlbkFJ", (ALNUM, 20)), False),
    ("openai-project-key", "OpenAI", "project API key (with or without the legacy `T3BlbkFJ` marker)", "ai",
     r"\bsk-proj-" + U + "{40,400}" + NOT_U, 0, ["sk-proj-"], ["sk-proj-"],
     "https://platform.openai.com/docs/api-reference/authentication",
     lambda m: openai(m, "sk-proj-", 74), False),
    ("openai-service-account-key", "OpenAI", "service account API key", "ai",
     r"\bsk-svcacct-" + U + "{40,400}" + NOT_U, 0, ["sk-svcacct-"], ["sk-svcacct-"],
     "https://platform.openai.com/docs/api-reference/project-service-accounts",
     lambda m: openai(m, "sk-svcacct-", 74), False),
    ("openai-admin-key", "OpenAI", "admin API key", "ai",
     r"\bsk-admin-" + U + "{40,400}" + NOT_U, 0,
     ["sk-admin-"], ["sk-admin-"],
     "https://platform.openai.com/docs/api-reference/admin-api-keys", lambda m: openai(m, "sk-admin-", 58), False),
    ("anthropic-api-key", "Anthropic", "API key", "ai",
     r"\bsk-ant-api03-" + U + "{93}AA" + NOT_U, 0, ["sk-ant-api03-"], ["sk-ant-api03-"],
     "https://docs.anthropic.com/en/api/overview", parts("sk-ant-api03-", (B64URL, 93), "AA"), False),
    ("anthropic-admin-key", "Anthropic", "Admin API key", "ai",
     r"\bsk-ant-admin01-" + U + "{93}AA" + NOT_U, 0, ["sk-ant-admin01-"], ["sk-ant-admin01-"],
     "https://docs.anthropic.com/en/api/administration-api", parts("sk-ant-admin01-", (B64URL, 93), "AA"), False),
    ("huggingface-token", "Hugging Face", "user access token", "ai",
     r"\bhf_[A-Za-z0-9]{34}" + NOT_A, 0, ["hf_"], ["hf_"],
     "https://huggingface.co/docs/hub/security-tokens", parts("hf_", (UPPER + LOWER, 34)), False),
    ("groq-api-key", "Groq", "API key", "ai",
     r"\bgsk_[A-Za-z0-9]{52}" + NOT_A, 0, ["gsk_"], ["gsk_"],
     "https://console.groq.com/docs/quickstart", parts("gsk_", (ALNUM, 52)), False),
    ("replicate-api-token", "Replicate", "API token", "ai",
     r"\br8_[A-Za-z0-9]{37}" + NOT_A, 0, ["r8_"], ["r8_"],
     "https://replicate.com/docs/topics/security/api-tokens", parts("r8_", (ALNUM, 37)), False),
    ("perplexity-api-key", "Perplexity", "API key", "ai",
     r"\bpplx-[A-Za-z0-9]{48}" + NOT_A, 0, ["pplx-"], ["pplx-"],
     "https://docs.perplexity.ai/guides/getting-started", parts("pplx-", (ALNUM, 48)), False),
    ("xai-api-key", "xAI", "API key", "ai",
     r"\bxai-[A-Za-z0-9]{80}" + NOT_A, 0, ["xai-"], ["xai-"],
     "https://docs.x.ai/docs/overview", parts("xai-", (ALNUM, 80)), False),
    ("openrouter-api-key", "OpenRouter", "API key", "ai",
     r"\bsk-or-v1-[a-f0-9]{64}" + NOT_A, 0, ["sk-or-v1-"], ["sk-or-v1-"],
     "https://openrouter.ai/docs/api-reference/authentication", parts("sk-or-v1-", (HEX, 64)), False),
    ("langsmith-api-key", "LangChain", "LangSmith personal access token and service key", "ai",
     r"\blsv2_(?:pt|sk)_[a-f0-9]{32}_[a-f0-9]{10}" + NOT_A, 0, ["lsv2_pt_", "lsv2_sk_"], ["lsv2_pt_", "lsv2_sk_"],
     "https://docs.smith.langchain.com/administration/concepts#api-keys",
     parts("lsv2_pt_", (HEX, 32), "_", (HEX, 10)), False),
    # Payments and commerce
    ("stripe-key", "Stripe", "secret and restricted API keys", "payments",
     r"\b[rs]k_(?:live|test)_[A-Za-z0-9]{24,247}+" + NOT_A, 0, ["k_live_", "k_test_"],
     ["sk_live_", "sk_test_", "rk_live_", "rk_test_"],
     "https://docs.stripe.com/keys", parts("sk_live_51", (ALNUM, 97)), True),
    ("stripe-webhook-secret", "Stripe", "webhook endpoint signing secret (also Svix's and Clerk's, in base64)",
     "payments",
     r"\bwhsec_[A-Za-z0-9+/]{24,88}={0,2}(?![A-Za-z0-9+/=])", 0, ["whsec_"], ["whsec_"],
     "https://docs.stripe.com/webhooks#verify-events", parts("whsec_", (ALNUM, 32)), False),
    ("square-access-token", "Square", "access token", "payments",
     r"\bEAAA" + U + "{60}" + NOT_U, 0, ["EAAA"], ["EAAA"],
     "https://developer.squareup.com/docs/build-basics/access-tokens", parts("EAAA", (B64URL, 60)), False),
    ("square-legacy-access-token", "Square", "legacy personal access token", "payments",
     r"\bsq0atp-" + U + "{22}" + NOT_U, 0, ["sq0atp-"], ["sq0atp-"],
     "https://developer.squareup.com/docs/build-basics/access-tokens", parts("sq0atp-", (B64URL, 22)), False),
    ("square-oauth-secret", "Square", "application (OAuth) secret", "payments",
     r"\bsq0csp-" + U + "{43}" + NOT_U, 0, ["sq0csp-"], ["sq0csp-"],
     "https://developer.squareup.com/docs/oauth-api/overview", parts("sq0csp-", (B64URL, 43)), False),
    ("braintree-access-token", "PayPal Braintree", "access token", "payments",
     r"\baccess_token\$(?:production|sandbox)\$[a-z0-9]{16}\$[a-f0-9]{32}" + NOT_A, 0, ["access_token$"],
     ["access_token$production$", "access_token$sandbox$"],
     "https://developer.paypal.com/braintree/docs/guides/authorization/overview",
     parts("access_token$production$", (LOWER + DIGITS, 16), "$", (HEX, 32)), False),
    ("flutterwave-secret-key", "Flutterwave", "secret key", "payments",
     r"\bFLWSECK(?:_TEST)?-[a-f0-9]{32}-X" + NOT_A, 0, ["FLWSECK"], ["FLWSECK-", "FLWSECK_TEST-"],
     "https://developer.flutterwave.com/docs/authentication", parts("FLWSECK-", (HEX, 32), "-X"), False),
    ("shopify-access-token", "Shopify", "Admin API, custom app and private app access tokens", "payments",
     r"\bshp(?:at|ca|pa)_[a-fA-F0-9]{32}" + NOT_A, 0, ["shpat_", "shpca_", "shppa_"],
     ["shpat_", "shpca_", "shppa_"],
     "https://shopify.dev/docs/apps/build/authentication-authorization/access-token-types",
     parts("shpat_", (HEX, 32)), False),
    ("shopify-shared-secret", "Shopify", "app shared secret", "payments",
     r"\bshpss_[a-fA-F0-9]{32}" + NOT_A, 0, ["shpss_"], ["shpss_"],
     "https://shopify.dev/docs/apps/build/authentication-authorization/client-secrets",
     parts("shpss_", (HEX, 32)), False),
    ("plaid-access-token", "Plaid", "Item access token", "payments",
     r"\baccess-(?:sandbox|development|production)-" + UUID + r"(?![A-Za-z0-9\-])", 0, ["access-"],
     ["access-production-", "access-development-", "access-sandbox-"],
     "https://plaid.com/docs/api/items/", parts("access-production-", ("uuid", 0)), False),
    ("shippo-api-token", "Shippo", "live and test API tokens", "payments",
     r"\bshippo_(?:live|test)_[a-f0-9]{40}" + NOT_A, 0, ["shippo_"], ["shippo_live_", "shippo_test_"],
     "https://docs.goshippo.com/docs/guides_general/authentication/", parts("shippo_live_", (HEX, 40)), False),
    ("easypost-api-key", "EasyPost", "production and test API keys", "payments",
     r"\bEZ[AT]K[A-Za-z0-9]{54}" + NOT_A, 0, ["EZAK", "EZTK"], ["EZAK", "EZTK"],
     "https://docs.easypost.com/docs/authentication", parts("EZAK", (ALNUM, 54)), False),
    # Messaging and email
    ("slack-token", "Slack", "bot, user, workspace and legacy tokens", "messaging",
     r"\bxox[abprs]-(?:[0-9]{8,13}-){1,3}[A-Za-z0-9]{24,64}(?![A-Za-z0-9\-])", 0, ["xox"],
     ["xoxb-", "xoxp-", "xoxa-", "xoxr-", "xoxs-"],
     "https://api.slack.com/authentication/token-types",
     parts("xoxb-", ("digits", 12), "-", ("digits", 13), "-", (ALNUM, 24)), False),
    ("slack-app-token", "Slack", "app-level token", "messaging",
     r"\bxapp-[0-9]-[A-Z0-9]{9,12}-[0-9]{10,13}-[a-f0-9]{64}" + NOT_A, 0, ["xapp-"], ["xapp-"],
     "https://api.slack.com/authentication/token-types#app-level",
     parts("xapp-1-A0", (UPPER + DIGITS, 9), "-", ("digits", 13), "-", (HEX, 64)), False),
    ("slack-config-token", "Slack", "app configuration access token", "messaging",
     r"\bxoxe\.xox[bp]-[0-9]-[A-Za-z0-9]{163,166}" + NOT_A, 0, ["xoxe.xox"], ["xoxe.xoxp-", "xoxe.xoxb-"],
     "https://api.slack.com/authentication/config-tokens", parts("xoxe.xoxp-1-Mi0y", (ALNUM, 159)), False),
    ("slack-refresh-token", "Slack", "configuration and rotating refresh token", "messaging",
     r"\bxoxe-[0-9]-[A-Za-z0-9]{140,160}" + NOT_A, 0, ["xoxe-"], ["xoxe-"],
     "https://api.slack.com/authentication/rotation", parts("xoxe-1-My0x", (ALNUM, 142)), True),
    ("twilio-api-key", "Twilio", "API key SID", "messaging",
     r"\bSK[0-9a-f]{32}" + NOT_A, 0, ["SK"], ["SK"],
     "https://www.twilio.com/docs/iam/api-keys", parts("SK", (HEX, 32)), False),
    ("sendgrid-api-key", "Twilio SendGrid", "API key", "messaging",
     r"\bSG\." + U + r"{22}\." + U + "{43}" + NOT_U, 0, ["SG."], ["SG."],
     "https://www.twilio.com/docs/sendgrid/ui/account-and-settings/api-keys",
     parts("SG.", (B64URL, 22), ".", (B64URL, 43)), False),
    ("mailgun-api-key", "Mailgun", "private API key (key- format)", "messaging",
     r"\bkey-[0-9a-f]{32}" + NOT_A, 0, ["key-"], ["key-"],
     "https://documentation.mailgun.com/docs/mailgun/api-reference/authentication/", parts("key-", (HEX, 32)), False),
    ("mailchimp-api-key", "Mailchimp", "Marketing API key", "messaging",
     r"\b[0-9a-f]{32}-us[0-9]{1,2}" + NOT_A, 0, ["-us"], [],
     "https://mailchimp.com/developer/marketing/guides/quick-start/", parts((HEX, 32), "-us6"), False),
    ("brevo-api-key", "Brevo", "API and SMTP keys", "messaging",
     r"\bx(?:keysib|smtpsib)-[a-f0-9]{64}-[A-Za-z0-9]{16}" + NOT_A, 0, ["xkeysib-", "xsmtpsib-"],
     ["xkeysib-", "xsmtpsib-"],
     "https://developers.brevo.com/docs/getting-started", parts("xkeysib-", (HEX, 64), "-", (ALNUM, 16)), False),
    ("telegram-bot-token", "Telegram", "bot token", "messaging",
     r"(?<![0-9])[0-9]{8,10}:AA" + U + "{33}" + NOT_U, 0, [":AA"], [],
     "https://core.telegram.org/bots/api#authorizing-your-bot",
     parts(("digits", 10), ":AA", (B64URL, 33)), False),
    ("discord-bot-token", "Discord", "bot token", "messaging",
     r"(?<![A-Za-z0-9_\-.])(?:M[Tjz]|N[DTjz]|O[DT])" + U + r"{21,25}\." + U + r"{6}\." + U + "{27}(?:" + U + "{11})?"
     + NOT_U, 0, ["MT", "Mj", "Mz", "ND", "NT", "Nj", "Nz", "OD", "OT"], [],
     "https://discord.com/developers/docs/reference#authentication", discord, False),
    # Source control and CI
    ("github-token", "GitHub", "personal access, OAuth, user-to-server, server-to-server and refresh tokens",
     "sourceControl",
     r"\b(?:gh[pousr]_[A-Za-z0-9]{36,251}+|github_pat_[A-Za-z0-9]{22}_[A-Za-z0-9]{59,221}+)(?![A-Za-z0-9_])", 0,
     ["ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"], ["ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"],
     "https://github.blog/engineering/platform-security/behind-githubs-new-authentication-token-formats/",
     github, False),
    ("gitlab-token", "GitLab", "personal, project and group access tokens", "sourceControl",
     r"\bglpat-" + U + r"{20,255}+(?:\.[0-9a-z]{2}\.[0-9a-z]{9})?" + NOT_U, 0, ["glpat-"], ["glpat-"],
     "https://docs.gitlab.com/ee/security/tokens/#token-prefixes", parts("glpat-", (B64URL, 20)), False),
    ("gitlab-deploy-token", "GitLab", "deploy token", "sourceControl",
     r"\bgldt-" + U + "{20,255}+" + NOT_U, 0, ["gldt-"], ["gldt-"],
     "https://docs.gitlab.com/ee/security/tokens/#token-prefixes", parts("gldt-", (B64URL, 20)), False),
    ("gitlab-runner-token", "GitLab", "runner authentication token", "sourceControl",
     r"\bglrt-" + U + "{20,255}+" + NOT_U, 0, ["glrt-"], ["glrt-"],
     "https://docs.gitlab.com/ee/security/tokens/#token-prefixes", parts("glrt-t1_", (B64URL, 20)), True),
    ("gitlab-runner-registration-token", "GitLab", "runner registration token (deprecated)", "sourceControl",
     r"\bGR1348941" + U + "{20}" + NOT_U, 0, ["GR1348941"], ["GR1348941"],
     "https://docs.gitlab.com/ee/security/tokens/#token-prefixes", parts("GR1348941", (B64URL, 20)), False),
    ("gitlab-ci-job-token", "GitLab", "CI/CD job token", "sourceControl",
     r"\bglcbt-[0-9a-f]{1,5}_" + U + "{20}" + NOT_U, 0, ["glcbt-"], ["glcbt-"],
     "https://docs.gitlab.com/ee/security/tokens/#token-prefixes", parts("glcbt-64_", (B64URL, 20)), False),
    ("gitlab-trigger-token", "GitLab", "pipeline trigger token", "sourceControl",
     r"\bglptt-[a-f0-9]{40}" + NOT_A, 0, ["glptt-"], ["glptt-"],
     "https://docs.gitlab.com/ee/security/tokens/#token-prefixes", parts("glptt-", (HEX, 40)), False),
    ("gitlab-feed-token", "GitLab", "feed token", "sourceControl",
     r"\bglft-" + U + "{20}" + NOT_U, 0, ["glft-"], ["glft-"],
     "https://docs.gitlab.com/ee/security/tokens/#token-prefixes", parts("glft-", (B64URL, 20)), False),
    ("gitlab-incoming-email-token", "GitLab", "incoming mail token", "sourceControl",
     r"\bglimt-" + U + "{25}" + NOT_U, 0, ["glimt-"], ["glimt-"],
     "https://docs.gitlab.com/ee/security/tokens/#token-prefixes", parts("glimt-", (LOWER + DIGITS, 25)), False),
    ("gitlab-oauth-secret", "GitLab", "OAuth application secret", "sourceControl",
     r"\bgloas-[a-f0-9]{64}" + NOT_A, 0, ["gloas-"], ["gloas-"],
     "https://docs.gitlab.com/ee/security/tokens/#token-prefixes", parts("gloas-", (HEX, 64)), False),
    ("gitlab-scim-token", "GitLab", "SCIM OAuth access token", "sourceControl",
     r"\bglsoat-" + U + "{20}" + NOT_U, 0, ["glsoat-"], ["glsoat-"],
     "https://docs.gitlab.com/ee/security/tokens/#token-prefixes", parts("glsoat-", (B64URL, 20)), False),
    ("gitlab-agent-token", "GitLab", "agent for Kubernetes token", "sourceControl",
     r"\bglagent-" + U + "{50}" + NOT_U, 0, ["glagent-"], ["glagent-"],
     "https://docs.gitlab.com/ee/security/tokens/#token-prefixes", parts("glagent-", (B64URL, 50)), False),
    ("gitlab-feature-flags-token", "GitLab", "feature flags client token", "sourceControl",
     r"\bglffct-" + U + "{20}" + NOT_U, 0, ["glffct-"], ["glffct-"],
     "https://docs.gitlab.com/ee/security/tokens/#token-prefixes", parts("glffct-", (B64URL, 20)), False),
    ("bitbucket-app-password", "Atlassian Bitbucket", "app password", "sourceControl",
     r"\bATBB[A-Za-z0-9]{32}" + NOT_A, 0, ["ATBB"], ["ATBB"],
     "https://support.atlassian.com/bitbucket-cloud/docs/app-passwords/",
     parts("ATBB", (ALNUM, 24), (UHEX, 8)), False),
    ("buildkite-token", "Buildkite", "API access token", "sourceControl",
     r"\bbkua_[a-f0-9]{40}" + NOT_A, 0, ["bkua_"], ["bkua_"],
     "https://buildkite.com/docs/apis/managing-api-tokens", parts("bkua_", (HEX, 40)), False),
    ("circleci-token", "CircleCI", "personal and project API tokens", "sourceControl",
     r"\bCCIP(?:AT|RJ)_[A-Za-z0-9]{22}_[a-f0-9]{40}" + NOT_A, 0, ["CCIPAT_", "CCIPRJ_"], ["CCIPAT_", "CCIPRJ_"],
     "https://circleci.com/docs/managing-api-tokens/", parts("CCIPAT_", (ALNUM, 22), "_", (HEX, 40)), False),
    ("sonarqube-token", "SonarSource", "SonarQube user, project and global analysis tokens", "sourceControl",
     r"\bsq[upa]_[a-f0-9]{40}" + NOT_A, 0, ["squ_", "sqp_", "sqa_"], ["squ_", "sqp_", "sqa_"],
     "https://docs.sonarsource.com/sonarqube-server/latest/user-guide/managing-tokens/",
     parts("squ_", (HEX, 40)), False),
    ("sourcegraph-token", "Sourcegraph", "access token", "sourceControl",
     r"\bsgp_(?:[a-f0-9]{16}_)?[a-f0-9]{40}" + NOT_A, 0, ["sgp_"], ["sgp_"],
     "https://sourcegraph.com/docs/cli/how-tos/creating_an_access_token",
     parts("sgp_", (HEX, 16), "_", (HEX, 40)), False),
    ("harness-token", "Harness", "personal access and service account tokens", "sourceControl",
     r"\b(?:pat|sat)\.[A-Za-z0-9_\-]{22}\.[a-f0-9]{24}\.[A-Za-z0-9]{20}" + NOT_A, 0, ["pat.", "sat."],
     ["pat.", "sat."],
     "https://developer.harness.io/docs/platform/automation/api/add-and-manage-api-keys/",
     parts("pat.", (B64URL, 22), ".", (HEX, 24), ".", (ALNUM, 20)), False),
    ("prefect-api-key", "Prefect", "Prefect Cloud API key", "sourceControl",
     r"\bpnu_[A-Za-z0-9]{36}" + NOT_A, 0, ["pnu_"], ["pnu_"],
     "https://docs.prefect.io/v3/manage/cloud/manage-users/api-keys", parts("pnu_", (ALNUM, 36)), False),
    # Package registries
    ("npm-token", "npm", "access token", "registries",
     r"\bnpm_[A-Za-z0-9]{36}" + NOT_A, 0, ["npm_"], ["npm_"],
     "https://docs.npmjs.com/about-access-tokens", npm, False),
    ("pypi-token", "PyPI", "API token", "registries",
     r"\bpypi-AgE(?:IcHlwaS5vcmc|NdGVzdC5weXBpLm9yZw)" + U + "{50,2000}+" + NOT_U, 0, ["pypi-AgE"], ["pypi-"],
     "https://pypi.org/help/#apitoken", pypi, True),
    ("rubygems-api-key", "RubyGems", "API key", "registries",
     r"\brubygems_[a-f0-9]{48}" + NOT_A, 0, ["rubygems_"], ["rubygems_"],
     "https://guides.rubygems.org/api-key-scopes/", parts("rubygems_", (HEX, 48)), False),
    ("nuget-api-key", "NuGet", "nuget.org API key", "registries",
     r"\boy2[a-z0-9]{43}" + NOT_A, 0, ["oy2"], ["oy2"],
     "https://learn.microsoft.com/en-us/nuget/nuget-org/scoped-api-keys", parts("oy2", (LOWER + DIGITS, 43)), False),
    ("clojars-token", "Clojars", "deploy token", "registries",
     r"\bCLOJARS_[a-z0-9]{60}" + NOT_A, 0, ["CLOJARS_"], ["CLOJARS_"],
     "https://github.com/clojars/clojars-web/wiki/Deploy-Tokens", parts("CLOJARS_", (LOWER + DIGITS, 60)), False),
    ("crates-io-token", "crates.io", "API token", "registries",
     r"\bcio[A-Za-z0-9]{32}" + NOT_A, 0, ["cio"], ["cio"],
     "https://doc.rust-lang.org/cargo/reference/registry-authentication.html", parts("cio", (ALNUM, 32)), False),
    ("docker-hub-token", "Docker", "Docker Hub personal access token", "registries",
     r"\bdckr_pat_" + U + "{27}" + NOT_U, 0, ["dckr_pat_"], ["dckr_pat_"],
     "https://docs.docker.com/security/for-developers/access-tokens/", parts("dckr_pat_", (B64URL, 27)), False),
    ("jfrog-api-key", "JFrog", "Artifactory API key", "registries",
     r"\bAKCp[A-Za-z0-9]{69}" + NOT_A, 0, ["AKCp"], ["AKCp"],
     "https://jfrog.com/help/r/jfrog-platform-administration-documentation/api-key", parts("AKCp", (ALNUM, 69)), False),
    ("jfrog-reference-token", "JFrog", "reference (access) token", "registries",
     r"\bcmVmdGtu[A-Za-z0-9]{56}" + NOT_A, 0, ["cmVmdGtu"], ["cmVmdGtu"],
     "https://jfrog.com/help/r/jfrog-platform-administration-documentation/access-tokens", jfrog_reference, False),
    # Monitoring and observability
    ("grafana-cloud-token", "Grafana Labs", "Grafana Cloud access policy token", "observability",
     r"\bglc_[A-Za-z0-9+/]{32,400}={0,2}(?![A-Za-z0-9+/=])", 0, ["glc_"], ["glc_"],
     "https://grafana.com/docs/grafana-cloud/security-and-account-management/authentication-and-permissions/"
     "access-policies/", grafana_cloud, True),
    ("grafana-service-account-token", "Grafana Labs", "service account token", "observability",
     r"\bglsa_[A-Za-z0-9]{32}_[a-f0-9]{8}" + NOT_A, 0, ["glsa_"], ["glsa_"],
     "https://grafana.com/docs/grafana/latest/administration/service-accounts/",
     parts("glsa_", (ALNUM, 32), "_", (HEX, 8)), False),
    ("new-relic-user-key", "New Relic", "user API key", "observability",
     r"\bNRAK-[A-Z0-9]{27}" + NOT_A, 0, ["NRAK-"], ["NRAK-"],
     "https://docs.newrelic.com/docs/apis/intro-apis/new-relic-api-keys/", parts("NRAK-", (UPPER + DIGITS, 27)), False),
    ("new-relic-insert-key", "New Relic", "Insights insert key", "observability",
     r"\bNRII-" + U + "{32}" + NOT_U, 0, ["NRII-"], ["NRII-"],
     "https://docs.newrelic.com/docs/apis/intro-apis/new-relic-api-keys/", parts("NRII-", (B64URL, 32)), False),
    ("new-relic-license-key", "New Relic", "ingest license key", "observability",
     r"\b[a-f0-9]{36}NRAL" + NOT_A, 0, ["NRAL"], [],
     "https://docs.newrelic.com/docs/apis/intro-apis/new-relic-api-keys/", parts((HEX, 36), "NRAL"), False),
    ("sentry-org-token", "Sentry", "organization auth token", "observability",
     r"\bsntrys_eyJ[A-Za-z0-9+/]{60,1000}={0,2}_[A-Za-z0-9+/]{43}(?![A-Za-z0-9+/])", 0, ["sntrys_"], ["sntrys_"],
     "https://docs.sentry.io/account/auth-tokens/", sentry_org, False),
    ("sentry-user-token", "Sentry", "user auth token", "observability",
     r"\bsntryu_[a-f0-9]{64}" + NOT_A, 0, ["sntryu_"], ["sntryu_"],
     "https://docs.sentry.io/account/auth-tokens/", parts("sntryu_", (HEX, 64)), False),
    ("dynatrace-token", "Dynatrace", "access token", "observability",
     r"\bdt0c01\.[A-Z0-9]{24}\.[A-Z0-9]{64}" + NOT_A, 0, ["dt0c01."], ["dt0c01."],
     "https://docs.dynatrace.com/docs/manage/identity-access-management/access-tokens-and-oauth-clients/"
     "access-tokens", parts("dt0c01.", (UPPER + DIGITS, 24), ".", (UPPER + DIGITS, 64)), False),
    # Productivity and SaaS
    ("atlassian-api-token", "Atlassian", "API token (Jira, Confluence)", "productivity",
     r"\bATATT3[A-Za-z0-9_\-=]{186}(?![A-Za-z0-9_\-=])", 0, ["ATATT3"], ["ATATT3"],
     "https://support.atlassian.com/atlassian-account/docs/manage-api-tokens-for-your-atlassian-account/",
     atlassian, False),
    ("postman-api-key", "Postman", "API key", "productivity",
     r"\bPMAK-[a-f0-9]{24}-[a-f0-9]{34}" + NOT_A, 0, ["PMAK-"], ["PMAK-"],
     "https://learning.postman.com/docs/developer/postman-api/authentication/",
     parts("PMAK-", (HEX, 24), "-", (HEX, 34)), False),
    ("linear-api-key", "Linear", "personal API key", "productivity",
     r"\blin_api_[A-Za-z0-9]{40}" + NOT_A, 0, ["lin_api_"], ["lin_api_"],
     "https://linear.app/developers/graphql#personal-api-keys", parts("lin_api_", (ALNUM, 40)), False),
    ("notion-token", "Notion", "integration token", "productivity",
     r"\b(?:ntn_[A-Za-z0-9]{46}|secret_[A-Za-z0-9]{43})" + NOT_A, 0, ["ntn_", "secret_"], ["ntn_", "secret_"],
     "https://developers.notion.com/docs/authorization", parts("ntn_", ("digits", 11), (ALNUM, 35)), False),
    ("airtable-token", "Airtable", "personal access token", "productivity",
     r"\bpat[A-Za-z0-9]{14}\.[a-f0-9]{64}" + NOT_A, 0, ["pat"], [],
     "https://airtable.com/developers/web/guides/personal-access-tokens",
     parts("pat", (ALNUM, 14), ".", (HEX, 64)), False),
    ("figma-token", "Figma", "personal access token", "productivity",
     r"\bfigd_" + U + "{40}" + NOT_U, 0, ["figd_"], ["figd_"],
     "https://www.figma.com/developers/api#access-tokens", parts("figd_", (B64URL, 40)), False),
    ("asana-token", "Asana", "personal access token", "productivity",
     r"(?<![0-9/])[12]/[0-9]{16}(?:/[0-9]{16})?:[a-f0-9]{32}" + NOT_A, 0,
     # `1/` or `2/` and the first digit of the 16-digit id (not `1/`, which every `/v1/` URL holds).
     [f"{n}/{d}" for d in "123456789" for n in "12"], [],
     "https://developers.asana.com/docs/personal-access-token", asana, False),
    ("clickup-token", "ClickUp", "personal API token", "productivity",
     r"\bpk_[0-9]{6,10}_[A-Z0-9]{32}" + NOT_A, 0, ["pk_"], ["pk_"],
     "https://developer.clickup.com/docs/authentication", parts("pk_", ("digits", 8), "_", (UPPER + DIGITS, 32)),
     False),
    ("dropbox-token", "Dropbox", "short-lived access token", "productivity",
     r"\bsl\.(?:u\.)?" + U + "{130,2048}+" + NOT_U, 0, ["sl."], ["sl.u.", "sl."],
     "https://developers.dropbox.com/oauth-guide", parts("sl.u.AF", (B64URL, 180)), True),
    ("typeform-token", "Typeform", "personal access token", "productivity",
     r"\btfp_[A-Za-z0-9]{44}_[A-Za-z0-9]{14}" + NOT_A, 0, ["tfp_"], ["tfp_"],
     "https://www.typeform.com/developers/get-started/personal-access-token/",
     parts("tfp_", (ALNUM, 44), "_", (ALNUM, 14)), False),
    ("contentful-token", "Contentful", "personal access token", "productivity",
     r"\bCFPAT-" + U + "{43}" + NOT_U, 0, ["CFPAT-"], ["CFPAT-"],
     "https://www.contentful.com/developers/docs/references/authentication/", parts("CFPAT-", (B64URL, 43)), False),
    ("launchdarkly-key", "LaunchDarkly", "API access token, SDK key and mobile key", "productivity",
     r"\b(?:api|sdk|mob)-" + UUID + r"(?![A-Za-z0-9\-])", 0, ["api-", "sdk-", "mob-"], ["api-", "sdk-", "mob-"],
     "https://docs.launchdarkly.com/home/account/api", parts("sdk-", ("uuid", 0)), False),
    ("mapbox-secret-token", "Mapbox", "secret access token", "productivity",
     r"\bsk\.eyJ" + U + r"{20,1000}\." + U + "{22}" + NOT_U, 0, ["sk.eyJ"], ["sk."],
     "https://docs.mapbox.com/help/getting-started/access-tokens/", mapbox, False),
    ("frameio-token", "Frame.io", "developer token", "productivity",
     r"\bfio-u-[A-Za-z0-9_\-=]{64}(?![A-Za-z0-9_\-=])", 0, ["fio-u-"], ["fio-u-"],
     "https://developer.frame.io/docs/getting-started/authentication", parts("fio-u-", (B64URL, 64)), False),
    ("readme-api-key", "ReadMe", "API key", "productivity",
     r"\brdme_[a-z0-9]{70}" + NOT_A, 0, ["rdme_"], ["rdme_"],
     "https://docs.readme.com/main/reference/intro/authentication", parts("rdme_", (LOWER + DIGITS, 70)), False),
    ("intercom-token", "Intercom", "access token", "productivity",
     r"\bdG9rO[A-Za-z0-9+/]{40,120}={0,2}(?![A-Za-z0-9+/=])", 0, ["dG9rO"], [],
     "https://developers.intercom.com/docs/build-an-integration/learn-more/authentication", intercom, True),
    # Identity and OAuth
    ("onepassword-service-account-token", "1Password", "service account token", "identity",
     r"\bops_eyJ[A-Za-z0-9_\-]{100,4096}+={0,2}(?![A-Za-z0-9_\-=])", 0, ["ops_eyJ"], ["ops_"],
     "https://developer.1password.com/docs/service-accounts/", onepassword, True),
    # Keys and certificates
    ("age-secret-key", "age", "X25519 secret key", "keys",
     r"\bAGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}" + NOT_A, 0, ["AGE-SECRET-KEY-1"],
     ["AGE-SECRET-KEY-1"], "https://age-encryption.org/v1", age, False),
]

CATEGORY_ORDER = ["cloud", "ai", "payments", "messaging", "sourceControl", "registries", "observability",
                  "productivity", "identity", "keys"]
