/// How the scrubber reads the value of a header whose value has structure of its own. The one list
/// both scrubbing and the masking shortcut (``ScrubRuleSet/leavesUnmasked(_:)``) consult, so the
/// shortcut can never skip a header that scrubbing would read by its structure.
enum ScrubHeaderStructure: Equatable {
    /// `Authorization`-style: a scheme, then credentials.
    case credentials
    /// `Cookie` (every pair a cookie) or `Set-Cookie` (the first pair of each cookie).
    case cookies(allPairs: Bool)
    /// A URL.
    case url

    /// The structure of the header named `name` (any case), if it has one.
    static func of(_ name: String) -> ScrubHeaderStructure? {
        byName[name.lowercased()]
    }

    private static let byName: [String: ScrubHeaderStructure] = [
        "authorization": .credentials, "proxy-authorization": .credentials,
        // `Sentry sentry_key=<public key>, sentry_version=7, sentry_secret=…`: only a legacy secret.
        "x-sentry-auth": .credentials,
        "cookie": .cookies(allPairs: true), "set-cookie": .cookies(allPairs: false),
        "location": .url, "content-location": .url,
    ]
}
