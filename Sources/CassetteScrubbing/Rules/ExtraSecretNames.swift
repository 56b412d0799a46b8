/// Names of headers, query items, form fields, JSON keys and XML elements that hold secrets, and
/// names that look as if they did but hold none, drawn from providers' documentation and public
/// secret scanners: data that ``SecretNames`` adds to the name matcher's own lists.
///
/// Explicit names win over word rules: a name in ``names``, ``headerNames`` or ``urlAndFormNames``
/// is a secret's even where a describing last word would say otherwise (`X-Shopify-Hmac-Sha256`
/// ends in `sha256`), and a name in ``benignNames`` is not, whatever words it holds.
///
/// Every entry is lower case. A *word* is compared with one word of a name as the matcher splits it
/// (at `-`, `_`, `.`, spaces and lower-to-upper camel-case steps: `X-Api-Key` gives `x`, `api`,
/// `key`). A *name* is compared with all of a name's words joined by `-` (`PHPSESSID` gives
/// `phpsessid`, `lastPasswordChangeDateTime` gives `last-password-change-date-time`).
///
/// Drawn from the providers' documented header and parameter names and from what the keyword
/// detectors of public secret scanners look for (assignments to names such as `api_key`,
/// `auth_key`, `service_key`, `account_key`, `db_pass`, `priv_key`, `client_key`, `creds`), with the
/// false positives a recorded API response is full of on the other side.
package enum ExtraSecretNames {
    /// Words that make any name holding them a secret's name, in any context: `db_pswd`,
    /// `smtpPasscode`, `otp`, `sentry_dsn`, `contraseña`.
    package static let words: Set<String> = [
        "pswd", "passcode", "passkey", "privatekey", "privkey", "secretkey", "accesskey", "authkey", "appkey",
        "apikeys", "masterkey", "signingkey", "encryptionkey", "sessionkey", "hmac", "otp", "totp", "hotp", "jwt",
        "creds", "cred", "crumb", "dsn", "connectionstring", "connstr", "sessid", "sesskey", "cvc", "cvv", "cvv2",
        // The same word in other languages, as configuration files and login forms spell it.
        "contrasena", "contraseña", "passwort", "kennwort", "senha", "motdepasse", "wachtwoord", "losenord",
        "lösenord", "hasło", "haslo", "пароль", "密码", "パスワード", "비밀번호",
    ]

    /// Endings of single words that name a secret, in addition to the matcher's: run-together names
    /// such as `dbpswd` and `x-vtex-api-appkey`. Not `pass`: `compass` and `bypass` end in it.
    package static let wordEndings: [String] = [
        "pswd", "passcode", "privatekey", "secretkey", "accesskey", "appkey",
    ]

    /// Words that make a following `key` a secret's name, in addition to the matcher's `api`,
    /// `access`, `private`, ...: `service_key`, `account_key`, `db_key`, `DD-APPLICATION-KEY`,
    /// `x-functions-key`, `x-amz-server-side-encryption-customer-key`, Azure's `primaryKey`,
    /// PagerDuty's `routing_key` (an integration's key to send events), the ciphers a key is
    /// for (Airflow's `fernet_key`, `aes_key`, `cipher_key`) and a pre-shared key.
    package static let keyQualifiers: Set<String> = [
        "fernet", "aes", "cipher", "crypt", "crypto", "priv", "service", "account", "db", "database", "storage",
        "shared", "hmac", "webhook", "application",
        "functions", "function", "customer", "admin", "write", "ingest", "insert", "query", "server", "jwt",
        "primary", "secondary", "personal", "developer", "merchant", "partner", "integration", "security",
        "live", "test", "rapidapi", "appwrite", "sas", "symmetric", "decryption", "root", "deploy", "mac", "sdk",
        "mobile", "routing",
        // WireGuard's `PresharedKey`, IPsec's `pre_shared_key`.
        "preshared",
    ]

    /// Words before `pin` that make it a certificate's pin, a digest of a public key (`ca_pin`,
    /// `cert-pin`, `spki_pin`), not a PIN.
    package static let certificatePinQualifiers: Set<String> = [
        "ca", "cert", "certificate", "tls", "ssl", "spki", "pubkey", "public", "key", "hpkp",
    ]

    /// Words after `auth` that it qualifies as a thing other than a credential: `auth_method_id`,
    /// `auth-server`, `auth_type`, `authProvider`, `auth_url` (Plivo's `auth_id` names the account).
    package static let authDescribedWords: Set<String> = [
        "method", "methods", "server", "servers", "url", "uri", "host", "endpoint", "domain", "type", "types",
        "provider", "providers", "mode", "scheme", "realm", "status", "state", "enabled", "required", "strategy",
        "flow", "backend", "plugin", "service", "path", "version", "level", "timeout", "id", "port", "region",
    ]

    /// Words that make a following `code` a secret's name (`verification_code`, `mfaCode`,
    /// `device_code`); a bare `code` is a secret only in URLs and forms, where OAuth puts it. Not
    /// `user`: a device flow's `user_code` is shown on screen for the user to type.
    package static let codeQualifiers: Set<String> = [
        "verification", "confirmation", "auth", "authorization", "authentication", "sms", "mfa", "otp", "totp",
        "two", "factor", "2fa", "security", "reset", "login", "activation", "recovery", "backup", "pin", "device",
        "access", "one", "time", "magic", "email", "phone", "passcode", "unlock", "invite", "invitation",
    ]

    /// Whole names that hold a secret in any context (JSON key, form field, query item, header, XML
    /// element): `pass`, `pin`, `code_verifier`, `device_code`. Not `SAMLResponse`: it is opened and
    /// its signature and subject scrubbed inside, so that its issuer, ids, digests and certificate
    /// stay readable; not `user_code`, which a device flow shows on screen for the user to type.
    package static let names: Set<String> = [
        "pass", "pwd", "pswd", "pin", "pin-code", "pincode", "passcode", "otp", "otp-code", "mfa-code", "totp",
        "code-verifier", "device-code", "oauth-verifier", "client-assertion", "private-key", "privatekey", "secret-key",
        "secretkey",
        // Redis's passwords (`CONFIG SET requirepass …`, a replica's `masterauth`).
        "requirepass", "masterauth",
        "access-key", "accesskey", "auth-key", "authkey", "application-key", "app-key", "appkey", "hmac",
        "hmac-key", "hmac-secret", "signing-secret", "webhook-secret", "shared-secret", "master-key",
        "account-key", "storage-key", "primary-key", "secondary-key", "primary-connection-string",
        "secondary-connection-string", "connection-string", "connectionstring", "sas-token", "sas-key",
        "shared-access-key", "shared-access-signature", "dsn", "database-url", "db-url", "redis-url", "amqp-url",
        "mongodb-uri", "mongo-uri", "postgres-url", "broker-url", "id-token", "jwt", "bearer", "cvc", "cvv",
        "cvv2", "security-code", "recovery-codes", "backup-codes", "secret-id", "role-secret-id", "wrapping-token",
        "phpsessid", "jsessionid", "aspsessionid", "asp-net-session-id", "cfid", "cftoken", "sessid",
        "connect-sid", "session-id", "sessionid", "xsrf-token", "csrf-token", "csrfmiddlewaretoken",
        "authenticity-token", "request-verification-token", "anti-forgery-token",
    ]

    /// Whole names that hold a secret as header names only (as query items or JSON keys they may mean
    /// something else).
    package static let headerNames: Set<String> = [
        "dd-api-key", "dd-application-key", "x-honeycomb-team", "x-functions-key", "x-jfrog-art-api",
        "ocp-apim-subscription-key", "x-amz-server-side-encryption-customer-key",
        "x-amz-copy-source-server-side-encryption-customer-key", "x-goog-encryption-key",
        "x-goog-copy-source-encryption-key", "x-ms-encryption-key", "x-hub-signature", "x-hub-signature-256",
        "x-slack-signature", "stripe-signature", "x-shopify-hmac-sha256", "x-twilio-signature",
        "x-twilio-email-event-webhook-signature", "x-square-signature", "x-square-hmacsha256-signature",
        "x-gitlab-token", "x-gitea-signature", "x-gogs-signature", "x-line-signature", "x-paypal-transmission-sig",
        "paypal-transmission-sig", "x-signature", "x-signature-ed25519", "x-webhook-signature",
        "webhook-signature", "svix-signature", "x-hmac", "x-hmac-signature", "x-adyen-hmac-signature",
        "x-razorpay-signature", "verif-hash", "x-mailgun-signature", "x-hook-secret", "x-hook-signature",
        "x-zm-signature", "x-atlassian-webhook-signature", "x-pagerduty-signature", "x-linear-signature",
        "x-notion-signature", "x-figma-signature", "sentry-hook-signature", "x-insert-key",
        "x-query-key", "x-license-key", "x-rapidapi-key", "x-appwrite-key", "x-vtex-api-appkey",
        "x-vtex-api-apptoken", "accesskey", "private-token", "job-token", "deploy-token", "x-vault-token",
        "x-consul-token", "x-nomad-token", "x-sf-token", "x-auth-key", "x-auth-token", "x-access-token",
        "x-api-token", "x-session-token", "x-amz-security-token", "x-goog-iap-jwt-assertion",
        "cf-access-jwt-assertion", "cf-access-client-secret", "cf-access-token", "x-postmark-server-token",
        "x-postmark-account-token", "x-figma-token", "x-riot-token", "x-cassandra-token", "x-chroma-token",
        "x-tableau-auth", "x-octopus-apikey", "x-algolia-api-key", "x-goog-api-key", "api-key", "apikey",
        "x-api-key", "x-client-secret", "x-app-secret", "x-master-key", "x-admin-key", "x-secret",
        "x-shopify-access-token", "x-buildkite-token", "x-circle-token", "circle-token", "x-pm-api-key",
        "x-mailerlite-apikey", "x-pd-api-key", "x-typesense-api-key", "x-meili-api-key", "x-elastic-api-key",
        "x-bunny-access-key", "x-upload-token", "x-ms-client-secret", "x-ms-token-aad-id-token",
        "x-ms-token-aad-access-token", "x-ms-token-aad-refresh-token", "x-goog-authenticated-user-jwt",
        "x-forwarded-access-token", "x-auth-request-access-token", "x-id-token",
    ]

    /// Whole names that hold a secret as URL query items and form fields only: OpenWeatherMap's
    /// `appid` is its API key, `sig` and `sign` are request signatures, `ticket` is a CAS service
    /// ticket, `sid` a session id (in JSON, Twilio's `sid` is a resource id).
    package static let urlAndFormNames: Set<String> = [
        "pswd", "pin", "otp", "appid", "sign", "ticket", "sid", "sessid", "phpsessid", "jsessionid", "apikey",
        "api-key", "auth", "access-key", "auth-key", "secret-key", "client-assertion", "assertion", "code-verifier",
        "device-code", "oauth-verifier", "skey",
    ]

    /// Whole names that contain a secret word but hold none: counts and limits of model tokens,
    /// password *policies* and *dates*, OpenID discovery lists, pagination cursors, key *ids*.
    package static let benignNames: Set<String> = [
        // Public halves of OAuth 1.0a and HTTP message signatures.
        "oauth-consumer-key", "oauth-signature-method", "key-id",
        // Query-signed URLs name the signing key and scope in a credential item; the signature item is
        // the secret (`X-Goog-Credential=sa@project.iam.gserviceaccount.com/20261130/auto/storage/…`).
        "x-goog-credential", "x-amz-credential",
        // Signatures of public artefacts, which anyone verifies: cosign's OCI annotation.
        "dev-cosignproject-cosign-signature",
        // Rate limits of AI and other APIs (headers).
        "x-ratelimit-remaining-tokens", "x-ratelimit-limit-tokens", "x-ratelimit-reset-tokens",
        "x-ratelimit-remaining-tokens-usage-based", "x-ratelimit-limit-tokens-usage-based",
        "x-ratelimit-reset-tokens-usage-based", "anthropic-ratelimit-tokens-limit",
        "anthropic-ratelimit-tokens-remaining", "anthropic-ratelimit-tokens-reset",
        "anthropic-ratelimit-input-tokens-limit", "anthropic-ratelimit-input-tokens-remaining",
        "anthropic-ratelimit-input-tokens-reset", "anthropic-ratelimit-output-tokens-limit",
        "anthropic-ratelimit-output-tokens-remaining", "anthropic-ratelimit-output-tokens-reset",
        "x-ratelimit-tokens-remaining", "x-ratelimit-tokens-limit", "x-ratelimit-tokens-reset",
        // Model token counts in chat completions and embeddings.
        "max-tokens", "max-completion-tokens", "max-output-tokens", "max-new-tokens", "max-input-tokens",
        "max-tokens-to-sample", "min-tokens", "prompt-tokens", "completion-tokens", "total-tokens",
        "input-tokens", "output-tokens", "cached-tokens", "reasoning-tokens", "audio-tokens", "text-tokens",
        "image-tokens", "accepted-prediction-tokens", "rejected-prediction-tokens",
        "cache-creation-input-tokens", "cache-read-input-tokens", "prompt-tokens-details",
        "completion-tokens-details", "input-tokens-details", "output-tokens-details", "prompt-token-count",
        "candidates-token-count", "total-token-count", "cached-content-token-count", "thoughts-token-count",
        "tool-use-prompt-token-count", "num-tokens", "token-count", "tokens-per-minute", "tokens-used",
        "token-usage", "token-logprobs", "top-logprobs", "logprobs", "tokenizer", "tokenizer-config",
        "tokenizer-class", "tokenize", "tokenized", "tokenization", "stop-token", "stop-tokens", "eos-token",
        "bos-token", "pad-token", "unk-token", "sep-token", "cls-token", "mask-token", "eos-token-id",
        "bos-token-id", "pad-token-id", "additional-special-tokens", "special-tokens", "added-tokens",
        // Password policies, dates and flags in directory objects.
        "password-policies", "password-policy", "password-profile", "last-password-change-date-time",
        "password-last-set", "password-last-changed", "password-changed-at", "password-changed",
        "password-updated-at", "password-expires-at", "password-expiration-date", "password-expired",
        "password-never-expires", "password-reset-required", "password-required", "password-set",
        "password-enabled", "password-strength", "password-min-length", "password-max-length",
        "password-complexity", "password-rules", "password-requirements", "password-history-count",
        "force-change-password-next-sign-in", "force-change-password-next-sign-in-with-mfa",
        "force-password-change", "has-password", "is-password-set", "password-auth-enabled",
        "password-login-enabled", "requires-password", "password-protected", "password-reset-url",
        // OpenID Connect and OAuth server metadata.
        "token-endpoint", "token-endpoint-auth-methods-supported", "token-endpoint-auth-signing-alg-values-supported",
        "token-endpoint-auth-method", "revocation-endpoint-auth-methods-supported",
        "introspection-endpoint-auth-methods-supported", "id-token-signing-alg-values-supported",
        "id-token-encryption-alg-values-supported", "id-token-encryption-enc-values-supported",
        "userinfo-signing-alg-values-supported", "request-object-signing-alg-values-supported",
        "authorization-signing-alg-values-supported", "dpop-signing-alg-values-supported",
        "backchannel-token-delivery-modes-supported", "tls-client-certificate-bound-access-tokens",
        "authorization-endpoint", "device-authorization-endpoint", "pushed-authorization-request-endpoint",
        "require-pushed-authorization-requests", "authorization-response-iss-parameter-supported",
        "code-challenge-methods-supported", "token-types-supported", "token-type", "token-type-hint",
        "id-token-signed-response-alg", "access-token-lifetime", "refresh-token-lifetime",
        "refresh-token-rotation", "refresh-expires-in", "session-state", "check-session-iframe",
        "frontchannel-logout-session-supported", "backchannel-logout-session-supported",
        "credentials-supported", "credential-configurations-supported", "credential-issuer",
        // Service-account key files and SDK configuration: URLs and ids beside the key.
        "auth-uri", "auth-url", "token-uri", "token-url", "auth-provider-x509-cert-url", "client-x509-cert-url",
        "auth-domain", "auth-provider", "auth-type", "auth-method", "auth-methods", "auth-scheme", "auth-mode",
        "auth-time", "auth-level", "auth-status", "auth-required", "private-key-id", "key-id", "kid",
        "access-key-id", "secret-name", "secret-ref", "secret-key-ref", "secret-version", "secret-arn",
        "secret-type", "credential-type", "credential-id", "credential-provider", "credentials-provider",
        "credential-process", "credential-source", "signature-version", "signature-method",
        "signature-algorithm", "signature-expires", "signed-headers", "x-amz-signedheaders",
        "x-amz-server-side-encryption-customer-key-md5", "x-amz-server-side-encryption-customer-algorithm",
        "x-goog-encryption-key-sha256", "x-goog-encryption-algorithm", "x-signature-timestamp",
        "x-slack-request-timestamp", "public-key", "publickey", "public-key-pem", "public-keys", "ssh-public-key",
        "gpg-public-key", "key-fingerprint", "key-type", "key-ops", "key-size", "key-name", "key-vault-uri",
        "keyboard", "keyword", "keywords", "keynote",
        // Pagination cursors and sync markers (tokens that grant nothing).
        "sync-token", "next-sync-token", "start-page-token", "next-page-token", "page-token", "continuation-token",
        "x-ms-continuation", "resume-token", "cursor-token", "next-token", "pagination-token", "nextpagetoken",
        // Words that contain a secret word only as letters, and flags and settings about secrets.
        "secretary", "secretariat", "passenger", "passengers", "passport", "passage", "compass", "bypass",
        "passive", "passthrough", "pass-through", "passwordless", "password-less", "author", "authors",
        "authority", "authored", "authorized", "authenticated", "authentication-methods", "oauth",
        "credentials-mode", "with-credentials", "include-credentials", "cookie-policy", "cookie-consent",
        "cookie-domain", "cookie-path", "cookie-name", "cookies-enabled", "cookie-enabled", "session-timeout",
        "session-duration", "session-count", "session-length", "csrf-param", "csrf-header-name",
        "csrf-cookie-name", "otp-enabled", "mfa-enabled", "pin-enabled", "pin-length", "pinned", "pinned-at",
        "passkey-enabled", "passkeys-supported",
        // WebAuthn options: the ids of credentials already registered or allowed, which are public.
        "exclude-credentials", "allow-credentials",
    ]

    /// Last words that make a name describe a secret rather than hold one, in addition to the
    /// matcher's (`type`, `expires`, `url`, ...): `password_changed`, `tokens_remaining`,
    /// `credentials_supported`, `secret_fingerprint`.
    package static let describingLastWords: Set<String> = [
        "supported", "remaining", "limit", "limits", "reset", "used", "usage", "budget", "cost", "price",
        "timestamp", "date", "time", "changed", "updated", "created", "disabled", "expired", "rotated", "rotation",
        "lifetime", "label", "description", "title", "requirements", "complexity", "rules", "fingerprint", "kind",
        "status", "sha256", "md5", "sha1", "size", "details", "provider", "issuer", "location", "path", "file",
        "filename", "ref", "arn", "param", "header", "field", "last4", "prefix", "suffix", "accessor", "digest",
        // Units of a duration: `TOKEN_TTL_SECONDS`, `session_timeout_ms`, `passwordMaxAgeDays`.
        "seconds", "ms", "millis", "milliseconds", "minutes", "mins", "hours", "days",
    ]

    /// First words of names that count a model's tokens, which are words of text, not credentials:
    /// `max_tokens`, `prompt_tokens`, `completion_tokens`, `cached_tokens`.
    package static let tokenCountWords: Set<String> = [
        "max", "min", "prompt", "completion", "total", "input", "output", "cached", "cache", "reasoning", "audio",
        "text", "image", "candidates", "thoughts", "tool", "prediction", "accepted", "rejected", "num", "remaining",
        "billed", "context", "new",
    ]

    /// Keys beside a `token` key that mark the object as a model's log-probability entry, whose
    /// `token` is a piece of the generated text: `{"token": "Hello", "logprob": -0.01, "bytes": [...]}`.
    package static let logprobSiblingKeys: Set<String> = ["logprob", "top_logprobs", "bytes", "logprobs"]
}
