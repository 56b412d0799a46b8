/// The word lists the name rules read: which names hold secrets, and which only look as if they did.
///
/// Names (header names, query items, form fields, JSON keys, XML elements, `NAME=value` lines) are
/// split into lower-case words (``ScrubNameMatcher/words(_:)``) and the words are looked up here, whole.
/// The lists are data: adding a name is adding a word to a set, and `ScrubOrdinaryDataTests`, the
/// corpora of `ScrubCorpusTests` and `ExtraSecretNamesTests` show what the sets do. Each holds the
/// matcher's own words and those of ``ExtraSecretNames``.
enum SecretNames {
    /// Words that make any name they appear in a secret's name.
    static let secretWords: Set<String> = Set([
        "token", "secret", "password", "passwd", "pwd", "passphrase", "signature", "credential", "credentials",
        "apikey", "sessionid", "auth", "session", "authorization", "cookie", "csrf", "xsrf", "pw",
    ]).union(ExtraSecretNames.words)
    /// Endings of single words that name a secret (`accesstoken`, `clientsecret`).
    static let secretWordEndings =
        ["token", "secret", "password", "passwd", "apikey", "sessionid", "signature"] + ExtraSecretNames.wordEndings
    /// Words that make a following `key` a secret's name (`api key`, `private key`).
    static let keyQualifiers: Set<String> = Set([
        "api", "access", "private", "secret", "auth", "client", "signing", "master", "encryption", "app",
        "license", "subscription", "session", "consumer", "account", "application", "shared", "stream",
        // A payment gateway's merchant credential (Authorize.net's `transactionKey`).
        "transaction",
    ]).union(ExtraSecretNames.keyQualifiers)
    /// Sibling keys that name the algorithm of a `key` beside them (Hawk's `hashalg`), making that
    /// `key` a symmetric key's secret.
    static let keyAlgorithmKeys: Set<String> = ["algorithm", "hashalg", "hash_alg", "hmac_algorithm"]
    /// Qualifiers that make a run-together `…key` a secret's name (`clientkey` of a Hue bridge's
    /// pairing answer, `privatekey`); not those of keys public by design (`consumerkey`, `appkey`).
    static let runTogetherKeyQualifiers: Set<String> = [
        "api", "private", "secret", "client", "signing", "master", "encryption", "session", "shared", "auth",
    ]
    /// Words before a header's last word `key` that make it no credential (`X-Partition-Key`,
    /// `X-Cache-Key`, `X-Idempotency-Key`); any other qualifier makes `X-<Vendor>-Key` one
    /// (`X-ClickHouse-Key`, `X-Algolia-API-Key`).
    static let plainHeaderKeyQualifiers: Set<String> = [
        "idempotency", "partition", "partitionkey", "cache", "routing", "sort", "row", "primary", "public",
        "object", "dedup", "deduplication", "websocket", "socket", "request", "correlation", "trace", "event",
        "message", "lookup", "shard", "hash", "group", "upload", "content", "file", "storage", "range",
    ]
    /// Last words that make a name describe a secret rather than hold one (`token_type`,
    /// `password_hint`, `X-Token-Expires`, `passwordPolicies`, `lastPasswordChangeDateTime`,
    /// `token_endpoint_auth_methods_supported`). A plural counts as its singular.
    static let describingLastWords: Set<String> = Set([
        "type", "typ", "expires", "expiry", "expiration", "count", "length", "url", "uri", "endpoint", "format", "hint",
        "method", "algorithm", "alg", "version", "scheme", "mode", "required", "enabled", "present", "ttl",
        "timeout", "at", "in", "name", "policy", "strength", "supported", "time", "date", "datetime",
        "timestamp", "set", "changed", "created", "updated", "reset", "limit", "remaining", "used", "status",
        "level", "score", "rule", "requirement", "complexity", "field", "label", "placeholder", "title",
        "description", "error", "message", "provider", "param", "parameter", "permission", "prefix", "exists",
        "configured", "verified", "expired", "duration", "kind", "allowed", "check", "result", "outcome", "ref",
        // A condition of the secret, as error codes and flags state it (`SignatureDoesNotMatch`, `token_invalid`).
        "match", "mismatch", "invalid", "missing",
    ]).union(ExtraSecretNames.describingLastWords)
    /// Last words that say nothing of a name's value, so the word before them is read as its last
    /// (`hmacKeyCheckValue` ends in `check`).
    static let genericLastWords: Set<String> = ["value", "values", "string", "text", "str"]
    /// Words after the first of a name that make it hold a part, a mask or a digest of a secret
    /// rather than the secret (`token_last_eight`, `key_fingerprint`, `password_preview`, `card_last4`).
    static let partWords: Set<String> = [
        "last", "first", "suffix", "preview", "truncated", "partial", "masked", "redacted", "obfuscated",
        "last4", "lastfour", "fingerprint", "thumbprint", "hint", "checksum",
    ]
    /// Words that, beside `token` or `tokens`, make a name count language-model tokens or a rate
    /// limit rather than hold a token (`max_tokens`, `x-ratelimit-remaining-tokens`).
    static let quantityWords: Set<String> = Set([
        "ratelimit", "rate", "limit", "remaining", "reset", "usage", "used", "max", "min", "total", "count",
        "prompt", "completion", "input", "output", "cached", "reasoning", "budget", "estimated", "num", "number",
        "audio", "text", "image", "accepted", "rejected", "cache", "creation", "read", "billed",
    ]).union(ExtraSecretNames.tokenCountWords)
    /// Words of quantity that count one `token` right after them (`max_token`, `prompt_token`); a
    /// word that may also say what a token is for (`reset_token`, `read_token`) is not one of them.
    static let singularQuantityWords: Set<String> = [
        "ratelimit", "rate", "limit", "remaining", "usage", "used", "max", "min", "total", "count", "prompt",
        "completion", "cached", "reasoning", "budget", "estimated", "num", "number", "billed",
    ]
    /// Whole names (as words joined by `-`) that contain a secret word but hold none.
    static let benignNames: Set<String> = Set([
        "access-control-allow-credentials", "access-control-allow-headers", "access-control-expose-headers",
        "access-control-request-headers", "sec-web-socket-key", "sec-web-socket-accept", "sec-websocket-key",
        "sec-websocket-accept", "idempotency-key", "page-token", "next-page-token", "next-token",
        "continuation-token", "pagination-token", "www-authenticate", "prev-page-token", "previous-page-token",
        "sync-token", "next-sync-token", "continuation", "session-state", "token-endpoint-auth-method",
    ]).union(ExtraSecretNames.benignNames)
    /// Whole names that are secrets in URLs and forms only (`key=...`, an OAuth `code=...`).
    static let urlOnlyNames: Set<String> = Set(["key", "code", "sig", "pw", "pass"]).union(
        ExtraSecretNames.urlAndFormNames)
    /// Whole names (as words joined by `-`) that are secrets in any context, whatever their last word.
    static let secretNames: Set<String> = ExtraSecretNames.names
    /// Header names (lower-cased) whose values are secrets though their words do not say so.
    static let secretHeaderNames: Set<String> = Set([
        "x-honeycomb-team", "x-functions-key", "x-jfrog-art-api", "dd-application-key",
    ]).union(ExtraSecretNames.headerNames)
    /// Last words of JSON keys whose value holds a set of secrets: every string under them is one,
    /// unless its own key describes it (`{"credentials": {"password": …, "provider": {"type": …}}}`).
    /// Words that, just before `token`, make it a pagination cursor or sync marker, which grants
    /// nothing (`NextContinuationToken`, `next_page_token`, `syncToken`, `resumeToken`).
    static let cursorWords: Set<String> = [
        "page", "continuation", "sync", "cursor", "pagination", "resume", "next", "start", "marker", "skip",
        "change", "changes", "delta", "watermark",
    ]
    /// Words that name a position in a listing wherever they stand in a name.
    static let cursorNameWords: Set<String> = [
        "continuation", "cursor", "skiptoken", "pagetoken", "nexttoken", "nextlink", "deltatoken", "synctoken",
    ]
    /// Keys that hold a grant's secret in the JSON body of an OAuth token request (one with a
    /// `grant_type`): the authorization `code`, a JWT bearer `assertion`.
    static let grantSecretKeys: Set<String> = ["code", "assertion", "device_code", "code_verifier"]
    static let containerWords: Set<String> = ["credentials", "credential", "secrets", "keys", "passwords", "tokens"]
    /// Words that make a number under the name a secret (PINs, one-time codes): `{"pin": 1234}`.
    static let numericSecretWords: Set<String> = [
        "pin", "otp", "totp", "hotp", "passcode", "cvv", "cvc", "cvv2", "password", "passwd", "pwd", "passphrase",
    ]
    /// Words before `pin` that make it a certificate's pin.
    static let certificatePinQualifiers = ExtraSecretNames.certificatePinQualifiers
    /// Words after `auth` that it qualifies as no credential.
    static let authDescribedWords = ExtraSecretNames.authDescribedWords
    /// Words that make a following `code` a secret one-time code (`verification_code`, `mfa_code`).
    static let codeQualifiers: Set<String> = Set([
        "verification", "verify", "otp", "mfa", "sms", "security", "auth", "confirmation", "login", "twofa",
        "2fa", "totp", "recovery", "backup", "access", "time", "device",
    ]).union(ExtraSecretNames.codeQualifiers)
    /// Keys of an object whose `value` member holds a secret when their own value names one:
    /// `{"name": "DB_PASSWORD", "value": "…"}`, `{"Key": "API_KEY", "Value": "…"}`.
    static let pairNameKeys: Set<String> = ["name", "key", "keyname", "parameter", "variable", "header", "field"]
    /// Keys of the member that holds the value in such a pair.
    static let pairValueKeys: Set<String> = ["value", "values", "secret", "secretvalue", "content"]
    /// Whether `lowered` is the member of a typed value that holds it, one level below a secret's
    /// name: Firestore's and protobuf JSON's `stringValue` and `bytesValue`
    /// (`"signingSecret": {"stringValue": …}`), DynamoDB's `S` and `B` (`"password": {"S": …}`); also
    /// beside the name in the same object (a secret store's `{"key": "jdbc-password", "string_value": …}`).
    static func isTypedValueKey(_ lowered: String) -> Bool {
        lowered == "s" || lowered == "b" || lowered.utf8.count <= 16 && lowered.hasSuffix("value")
    }
    /// Whether an XML element named `name` holds a key among its elements (`<UserDelegationKey>`,
    /// `<SigningKey>`, `<ClientSecret>`): its last word is one of ``keyHolderWords``, and then its
    /// `<Value>` is the key.
    static func namesKeyHolder(_ name: String) -> Bool {
        let lowered = name.lowercased()
        guard keyHolderWords.contains(where: { lowered.hasSuffix($0) }),
            let last = ScrubNameMatcher.words(name).last
        else { return false }
        return keyHolderWords.contains(last)
    }
    static let keyHolderWords: Set<String> = ["key", "keys", "secret", "credential", "credentials"]
    /// Boolean members that, when `true`, say their object's value members hold a secret
    /// (`{"key": "DEPLOY", "value": …, "masked": true}`, `{"isSecret": true, "value": …}`).
    static let secretFlagKeys: Set<String> = [
        "masked", "issecret", "is_secret", "secret", "sensitive", "concealed", "issensitive", "is_sensitive",
    ]
    /// The key Pulumi's state and stack outputs mark a secret value with, beside its `plaintext`
    /// or `ciphertext` (a constant of Pulumi's resource model, `sig.Secret`).
    static let pulumiSecretSignature = "4dabf18193072939515e22adb298388d"
    /// Members whose value says what kind of value its object holds (`"type": "CONCEALED"`).
    static let secretTypeKeys: Set<String> = ["type", "kind", "purpose", "fieldtype", "field_type", "valuetype"]
    /// Kinds of value, lower-cased, that are secrets though no secret word names them.
    static let secretTypes: Set<String> = [
        "concealed", "securestring", "secure_string", "secretstring", "sensitive", "encrypted",
    ]
    /// Members that identify a secret store's record (`id`, `name`, `arn`, `selfLink`).
    static let resourceIdentifierKeys: Set<String> = ["id", "name", "arn", "selflink", "secretid", "secret_id"]
    /// The members of such a record that hold its secret: `value` (Key Vault), `payload.data`
    /// (Secret Manager), `SecretString`/`SecretBinary` (Secrets Manager).
    static let resourceValueKeys: Set<String> = [
        "value", "data", "payload", "secretstring", "secretbinary", "secret_string", "secret_data",
    ]
    /// The members of a marked object that hold its secret: `value`, Terraform's `result`,
    /// Kubernetes' `data` and `stringData`.
    static let markedValueKeys: Set<String> = pairValueKeys.union([
        "result", "stringdata", "plaintext", "secret_string", "secretstring", "text",
    ])
    /// Words that name a secret only as the last word of a name that qualifies them (`db_pass`,
    /// `replicaDbPass`, `new_pass`, `X-Identity-Header`, `NONCE_SALT`), not alone (`pass` of a test run, `identity`).
    static let qualifiedLastWords: Set<String> = [
        "pass", "identity", "assertion", "crumb", "pat", "sk", "salt", "sign",
    ]
    /// Words after a secret word that make the name describe a policy or rule for it rather than
    /// hold it (`otpPolicyDigits`, `password_policy_min_length`, `token_rules_max_age`).
    static let policyWords: Set<String> = ["policy", "policies", "rules", "requirements", "settings", "options"]
    /// Members of a JSON Web Key that hold private key material; the others (`kty`, `n`, `e`, `x`,
    /// `y`, `kid`, `x5c`, ...) are public.
    static let privateJWKMembers: Set<String> = ["d", "p", "q", "dp", "dq", "qi", "k", "oth"]
    /// Keys whose presence beside `token` makes it a language model's token: `{"token": " Hello",
    /// "logprob": -0.3}`.
    static let modelTokenSiblings: Set<String> = Set(["logprob", "logprobs", "top_logprobs", "token_logprobs"]).union(
        ExtraSecretNames.logprobSiblingKeys)
    /// Values that are never secrets, whatever the name they stand under (`credentials: "include"`
    /// is a fetch mode), compared lower-cased.
    static let benignValues: Set<String> = [
        "include", "omit", "same-origin", "true", "false", "null", "nil", "none", "undefined", "n/a", "na",
        "yes", "no", "on", "off", "required", "optional", "enabled", "disabled", "bearer", "basic", "redacted",
        "hidden", "[redacted]", "[filtered]", "filtered", "masked",
    ]
    /// Names (joined by `-`) whose values are message identifiers, `<id@host>`, not email addresses.
    static let messageIDNames: Set<String> = [
        "message-id", "in-reply-to", "references", "content-id", "resent-message-id", "x-message-id",
        "original-message-id", "smtp-id",
        // A challenge's `realm` names a protection space (`replica-set@db.example.com`).
        "www-authenticate", "proxy-authenticate",
    ]
    /// Words of a URL path segment after which a random-looking segment is a one-time token
    /// (`/reset-password/<token>`, `/magic-link/<token>`).
    static let linkWords: Set<String> = [
        "reset", "magic", "magiclink", "verify", "verification", "confirm", "confirmation", "activate",
        "activation", "invite", "invitation", "unlock", "recover", "recovery", "passwordless", "unsubscribe",
    ]
}
