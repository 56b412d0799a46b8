/// A built-in scrubbing rule, by the name configuration files, findings and restore entries use.
///
/// The rules that read structure (headers, cookies, URLs, named fields, emails, JWTs, private keys,
/// AWS keys) have constants of their own; every provider token format of the scrubber's catalogue
/// is a rule too, named in <doc:ScrubbingSecrets> (`github-token`, `stripe-key`, ...). Make one from its
/// name with ``init(rawValue:)``, which returns `nil` for a name that is no rule.
///
/// Every rule replaces what it finds with a placeholder of its own shape, numbered per cassette in
/// order of first appearance.
public struct ScrubRule: RawRepresentable, CaseIterable, Sendable, Hashable, CustomStringConvertible {
    /// The rule's name, as written in `.cassette.json`.
    public let rawValue: String

    /// The rule named `rawValue`, or `nil` when no built-in rule has that name.
    public init?(rawValue: String) {
        guard ScrubRule.knownNames.contains(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    private init(known name: String) {
        rawValue = name
    }

    /// Credentials of `Authorization` and `Proxy-Authorization` headers (the scheme is kept), and
    /// `Bearer`/`Basic` credentials anywhere in text: `SCRUBBED-TOKEN-1`.
    public static let authorization = ScrubRule(known: "authorization")
    /// Values of `Cookie` and `Set-Cookie` pairs (names and attributes are kept): `SCRUBBED-COOKIE-1`.
    public static let cookie = ScrubRule(known: "cookie")
    /// Values of headers named like secrets (`X-Api-Key`, `X-Auth-Token`, ...): `SCRUBBED-HEADER-1`.
    public static let secretHeader = ScrubRule(known: "secret-header")
    /// Values of URL query items named like secrets (`access_token`, `key`, `code`, ...):
    /// `SCRUBBED-QUERY-1`.
    public static let secretQuery = ScrubRule(known: "secret-query")
    /// Secrets in URL paths: webhook tokens, bot tokens, `;jsessionid=`, reset and magic-link
    /// tokens: `SCRUBBED-PATH-1`.
    public static let secretPath = ScrubRule(known: "secret-path")
    /// The user-info part of URLs: the password of `https://user:password@host`, or a user name
    /// alone that looks like a token: `SCRUBBED-USER-1`.
    public static let userInfo = ScrubRule(known: "user-info")
    /// Values of fields named like secrets, wherever a body names them: JSON keys, form and
    /// multipart fields, XML elements, HTML inputs, `NAME=value` and `name: value` lines:
    /// `SCRUBBED-SECRET-1`.
    public static let secretField = ScrubRule(known: "secret-field")
    /// Email addresses: `user-1@example.invalid`.
    public static let email = ScrubRule(known: "email")
    /// JSON Web Tokens: an unsigned JWT whose payload is `{"sub":"scrubbed-1"}`.
    public static let jwt = ScrubRule(known: "jwt")
    /// Private key material: the body of PEM and PGP private key blocks (the `BEGIN`/`END` lines are
    /// kept) and age secret keys: `SCRUBBED-PRIVATE-KEY-1`.
    public static let privateKey = ScrubRule(known: "private-key")
    /// AWS access key ids (`AKIA...`, `ASIA...`): `AKIASCRUBBED00000001`.
    public static let awsAccessKeyID = ScrubRule(known: "aws-access-key-id")
    /// AWS secret access keys next to an `aws_secret_access_key`-like name: `SCRUBBED-AWS-SECRET-1`.
    public static let awsSecretAccessKey = ScrubRule(known: "aws-secret-access-key")

    /// The rules that read structure, in the order the Scrubbing article lists them.
    public static let structural: [ScrubRule] = [
        .authorization, .cookie, .secretHeader, .secretQuery, .secretPath, .userInfo, .secretField, .email, .jwt,
        .privateKey, .awsAccessKeyID, .awsSecretAccessKey,
    ]

    /// Every built-in rule: the structural ones, then one per token format of the catalogue.
    public static var allCases: [ScrubRule] { all }

    private static let all = structural + TokenShape.catalogue.map { ScrubRule(known: $0.name) }
    private static let knownNames = Set(all.map(\.rawValue))

    /// The rule's name, as written in `.cassette.json`.
    public var description: String { rawValue }
}
