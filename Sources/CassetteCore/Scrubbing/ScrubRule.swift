/// The built-in scrubbing rules, by the name configuration files, findings and restore entries use.
///
/// Every rule replaces what it finds with a placeholder of its own shape, numbered per cassette in
/// order of first appearance. <doc:Scrubbing> lists what each rule looks at.
public enum ScrubRule: String, CaseIterable, Sendable, Hashable, CustomStringConvertible {
    /// Credentials of `Authorization` and `Proxy-Authorization` headers (the scheme is kept), and
    /// `Bearer`/`Basic` credentials anywhere in text: `SCRUBBED-TOKEN-1`.
    case authorization
    /// Values of `Cookie` and `Set-Cookie` pairs (names and attributes are kept): `SCRUBBED-COOKIE-1`.
    case cookie
    /// Values of headers named like secrets (`X-Api-Key`, `X-Auth-Token`, ...): `SCRUBBED-HEADER-1`.
    case secretHeader = "secret-header"
    /// Values of URL query items named like secrets (`access_token`, `key`, `code`, ...):
    /// `SCRUBBED-QUERY-1`.
    case secretQuery = "secret-query"
    /// The user-info part of URLs (`https://user:password@host`): `SCRUBBED-USER-1`.
    case userInfo = "user-info"
    /// String values of JSON keys, form fields and multipart fields named like secrets
    /// (`password`, `client_secret`, ...): `SCRUBBED-SECRET-1`.
    case secretField = "secret-field"
    /// Email addresses: `user-1@example.invalid`.
    case email
    /// JSON Web Tokens: an unsigned JWT whose payload is `{"sub":"scrubbed-1"}`.
    case jwt
    /// The body of PEM private keys (the `BEGIN`/`END` lines are kept): `SCRUBBED-PRIVATE-KEY-1`.
    case privateKey = "private-key"
    /// AWS access key ids (`AKIA...`, `ASIA...`): `AKIASCRUBBED00000001`.
    case awsAccessKeyID = "aws-access-key-id"
    /// AWS secret access keys next to an `aws_secret_access_key`-like name: `SCRUBBED-AWS-SECRET-1`.
    case awsSecretAccessKey = "aws-secret-access-key"
    /// GitHub tokens (`ghp_`, `gho_`, `ghu_`, `ghs_`, `ghr_`, `github_pat_`): `ghp_SCRUBBED-1`.
    case githubToken = "github-token"
    /// GitLab personal access tokens (`glpat-`): `glpat-SCRUBBED-1`.
    case gitlabToken = "gitlab-token"
    /// Slack tokens (`xoxb-`, `xoxp-`, `xoxa-`, `xoxr-`, `xapp-`): `xoxb-SCRUBBED-1`.
    case slackToken = "slack-token"
    /// Stripe secret and restricted keys (`sk_live_`, `sk_test_`, `rk_live_`, `rk_test_`):
    /// `sk_live_SCRUBBED-1`.
    case stripeKey = "stripe-key"
    /// Google API keys (`AIza` and 35 characters): `AIzaSCRUBBED-1`.
    case googleAPIKey = "google-api-key"

    /// The rule's name, as written in `.cassette.json`.
    public var description: String { rawValue }

    /// The names of every built-in rule, comma-separated, for error messages.
    static var allNames: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
