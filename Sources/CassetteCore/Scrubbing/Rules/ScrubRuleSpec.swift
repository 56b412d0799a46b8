import Foundation

/// One rule as the scrubber runs it: its name, its placeholder style, and the expressions that
/// recognise its placeholders (so a scrubbed cassette is never scrubbed again).
struct ScrubRuleSpec: Sendable {
    let name: String
    let style: ScrubPlaceholderStyle
    /// What the rule finds, in a few words, for findings (`email address`).
    let summary: String
    /// Matches this rule's placeholders and class token anywhere in a text.
    let recognizer: ScrubRegex

    init(name: String, style: ScrubPlaceholderStyle, summary: String) {
        self.name = name
        self.style = style
        self.summary = summary
        recognizer = ScrubRegex.builtIn(style.recognizerSource)
    }

    /// The substrings one of this rule's placeholders always contains, to skip texts cheaply.
    var recognizerPrefilters: [String] {
        switch style {
        case .label, .prefixed, .awsKeyID: ["SCRUBBED"]
        case .email: ["example.invalid"]
        case .jwt: [ScrubPlaceholderStyle.jwtHeader]
        case .literal: []
        }
    }

    /// The placeholder style of each built-in rule.
    static func builtIn(_ rule: ScrubRule) -> ScrubRuleSpec {
        let (style, summary): (ScrubPlaceholderStyle, String) =
            switch rule {
            case .authorization: (.label("TOKEN"), "credentials")
            case .cookie: (.label("COOKIE"), "cookie value")
            case .secretHeader: (.label("HEADER"), "secret header value")
            case .secretQuery: (.label("QUERY"), "secret query item value")
            case .userInfo: (.label("USER"), "URL user info")
            case .secretField: (.label("SECRET"), "secret field value")
            case .email: (.email, "email address")
            case .jwt: (.jwt, "JSON Web Token")
            case .privateKey: (.label("PRIVATE-KEY"), "PEM private key")
            case .awsAccessKeyID: (.awsKeyID, "AWS access key id")
            case .awsSecretAccessKey: (.label("AWS-SECRET"), "AWS secret access key")
            case .githubToken: (.prefixed(["ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"]), "GitHub token")
            case .gitlabToken: (.prefixed(["glpat-"]), "GitLab token")
            case .slackToken: (.prefixed(["xoxb-", "xoxp-", "xoxa-", "xoxr-", "xapp-"]), "Slack token")
            case .stripeKey: (.prefixed(["sk_live_", "sk_test_", "rk_live_", "rk_test_"]), "Stripe secret key")
            case .googleAPIKey: (.prefixed(["AIza"]), "Google API key")
            }
        return ScrubRuleSpec(name: rule.rawValue, style: style, summary: summary)
    }

    /// The detector that finds a built-in rule's secrets by shape in any text, if it has one.
    static func detector(for rule: ScrubRule, spec: ScrubRuleSpec) -> ScrubDetector? {
        func make(
            _ source: String, _ prefilters: [String], group: Int = 0, options: NSRegularExpression.Options = [],
            check: ScrubDetector.Check = .none
        ) -> ScrubDetector {
            ScrubDetector(
                rule: spec, regex: .builtIn(source, options: options), prefilters: prefilters, group: group,
                check: check)
        }
        switch rule {
        case .cookie, .secretHeader, .secretQuery, .userInfo, .secretField:
            return nil
        case .authorization:
            return make(
                #"\b(Bearer|Basic)[ \t]+([A-Za-z0-9\-._~+/]{8,}=*)(?![A-Za-z0-9\-._~+/="])"#,
                ["earer", "EARER", "asic", "ASIC"], group: 2, options: [.caseInsensitive], check: .schemeCredentials)
        case .email:
            return make(
                #"(?<![A-Za-z0-9._%+\-])[A-Za-z0-9._%+\-]+(?:@|%40)[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)*\.[A-Za-z]{2,}(?![A-Za-z0-9\-])"#,
                ["@", "%40"], check: .emailDomain)
        case .jwt:
            return make(#"(?<![A-Za-z0-9_\-])eyJ[A-Za-z0-9_\-]{4,}\.[A-Za-z0-9_\-]{4,}\.[A-Za-z0-9_\-]*"#, ["eyJ"])
        case .privateKey:
            return make(
                #"-----BEGIN ([A-Z0-9 ]*)PRIVATE KEY-----(?:\\r|\\n|\s)*(.+?)(?:\\r|\\n|\s)*-----END \1PRIVATE KEY-----"#,
                ["-----BEGIN"], group: 2, options: [.dotMatchesLineSeparators])
        case .awsAccessKeyID:
            return make(#"\b(?:AKIA|ASIA)[A-Z0-9]{16}\b"#, ["AKIA", "ASIA"])
        case .awsSecretAccessKey:
            return make(
                #"(?i:aws_?secret_?access_?key|secret_?access_?key)\\?["']?\s*[:=]\s*\\?["']?([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])"#,
                ["ccess", "CCESS"], group: 1)
        case .githubToken:
            return make(
                #"\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})\b"#,
                ["ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"])
        case .gitlabToken:
            return make(#"\bglpat-[A-Za-z0-9_\-]{20,}"#, ["glpat-"])
        case .slackToken:
            return make(#"\b(?:xox[abpr]|xapp)-[A-Za-z0-9\-]{10,}"#, ["xox", "xapp-"])
        case .stripeKey:
            return make(#"\b[rs]k_(?:live|test)_[A-Za-z0-9]{10,}"#, ["k_live_", "k_test_"])
        case .googleAPIKey:
            return make(#"\bAIza[0-9A-Za-z_\-]{35}(?![0-9A-Za-z_\-])"#, ["AIza"])
        }
    }
}
