import Foundation

/// How a rule spells its placeholders: numbered ones for cassettes, and one class token per rule for
/// matching, which depends neither on the secret nor on numbering.
enum ScrubPlaceholderStyle: Sendable, Hashable {
    /// `SCRUBBED-<label>-<n>`; class token `SCRUBBED-<label>`.
    case label(String)
    /// The secret's own prefix (the longest of these it starts with) and `SCRUBBED-<n>`.
    case prefixed([String])
    /// `user-<n>@example.invalid`; class token `user@example.invalid`.
    case email
    /// An unsigned JWT with payload `{"sub":"scrubbed-<n>"}` and signature `scrubbed`.
    case jwt
    /// The key's `AKIA`/`ASIA` prefix, `SCRUBBED` and the number in eight digits: 20 characters.
    case awsKeyID
    /// A custom replacement; `{n}` in it stands for the number (`0` in the class token).
    case literal(String)

    /// The numbered placeholder for the `number`th secret of this rule.
    func placeholder(number: Int, secret: String) -> String {
        switch self {
        case .label(let label): "SCRUBBED-\(label)-\(number)"
        case .prefixed(let prefixes): ScrubPlaceholderStyle.prefix(of: secret, in: prefixes) + "SCRUBBED-\(number)"
        case .email: "user-\(number)@example.invalid"
        case .jwt: ScrubPlaceholderStyle.jwt(subject: "scrubbed-\(number)")
        case .awsKeyID:
            String(secret.prefix(4)) + "SCRUBBED" + String(repeating: "0", count: max(0, 8 - String(number).count))
                + String(number)
        case .literal(let template): template.replacingOccurrences(of: "{n}", with: String(number))
        }
    }

    /// The class token: what ``Scrubber/masked(_:)`` puts in place of every secret of this rule.
    func classToken(secret: String) -> String {
        switch self {
        case .label(let label): "SCRUBBED-\(label)"
        case .prefixed(let prefixes): ScrubPlaceholderStyle.prefix(of: secret, in: prefixes) + "SCRUBBED"
        case .email: "user@example.invalid"
        case .jwt: ScrubPlaceholderStyle.jwt(subject: "scrubbed")
        case .awsKeyID: String(secret.prefix(4)) + "SCRUBBED00000000"
        case .literal(let template): template.replacingOccurrences(of: "{n}", with: "0")
        }
    }

    /// A regular expression matching every placeholder and class token of this style.
    var recognizerSource: String {
        switch self {
        case .label(let label): "SCRUBBED-\(NSRegularExpression.escapedPattern(for: label))(?:-[0-9]+)?"
        case .prefixed(let prefixes):
            "(?:" + prefixes.map(NSRegularExpression.escapedPattern(for:)).joined(separator: "|")
                + ")SCRUBBED(?:-[0-9]+)?"
        case .email: "[A-Za-z0-9._%+-]+(?:@|%40)example\\.invalid"
        case .jwt:
            NSRegularExpression.escapedPattern(for: ScrubPlaceholderStyle.jwtHeader) + "\\.[A-Za-z0-9_-]+\\.scrubbed"
        case .awsKeyID: "(?:AKIA|ASIA)SCRUBBED[0-9]{8}"
        case .literal(let template):
            NSRegularExpression.escapedPattern(for: template).replacingOccurrences(of: "\\{n\\}", with: "[0-9]+")
        }
    }

    /// `{"alg":"none","typ":"JWT"}` in base64url.
    static let jwtHeader = base64URL(#"{"alg":"none","typ":"JWT"}"#)

    static func jwt(subject: String) -> String {
        jwtHeader + "." + base64URL(#"{"sub":"\#(subject)"}"#) + ".scrubbed"
    }

    static func base64URL(_ text: String) -> String {
        Data(text.utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static func prefix(of secret: String, in prefixes: [String]) -> String {
        prefixes.filter { secret.hasPrefix($0) }.max { $0.count < $1.count } ?? ""
    }
}
