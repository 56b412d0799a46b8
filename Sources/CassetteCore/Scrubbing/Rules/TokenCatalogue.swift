extension TokenShape {
    /// Every provider token format the scrubber knows by its shape, in the order the Scrubbing
    /// article lists them (by category, then provider).
    static let catalogue: [TokenShape] = [
        TokenShape(
            name: "github-token", provider: "GitHub",
            summary: "personal access, OAuth, user-to-server, server-to-server and refresh tokens",
            category: .sourceControl,
            pattern: #"\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})\b"#, group: 0,
            literals: ["ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"],
            keptPrefixes: ["ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"],
            source: "https://github.blog/engineering/platform-security/"
                + "behind-githubs-new-authentication-token-formats/",
            example: "ghp_" + "R7bX2kQ9vLm4Tz8Wc1Ny6Hd3Jf5Gs0Ap2EoK"),
        TokenShape(
            name: "gitlab-token", provider: "GitLab", summary: "personal access token", category: .sourceControl,
            pattern: #"\bglpat-[A-Za-z0-9_\-]{20,}"#, group: 0, literals: ["glpat-"], keptPrefixes: ["glpat-"],
            source: "https://docs.gitlab.com/ee/security/tokens/",
            example: "glpat-" + "x9Kq2LmT7vRb4WzN8cYd"),
        TokenShape(
            name: "slack-token", provider: "Slack", summary: "bot, user, app-level and refresh tokens",
            category: .messaging,
            pattern: #"\b(?:xox[abpr]|xapp)-[A-Za-z0-9\-]{10,}"#, group: 0, literals: ["xox", "xapp-"],
            keptPrefixes: ["xoxb-", "xoxp-", "xoxa-", "xoxr-", "xapp-"],
            source: "https://api.slack.com/authentication/token-types",
            example: "xoxb-" + "1234567890-0987654321-AbCdEfGhIjKlMnOpQrStUvWx"),
        TokenShape(
            name: "stripe-key", provider: "Stripe", summary: "secret and restricted API keys", category: .payments,
            pattern: #"\b[rs]k_(?:live|test)_[A-Za-z0-9]{10,}"#, group: 0, literals: ["k_live_", "k_test_"],
            keptPrefixes: ["sk_live_", "sk_test_", "rk_live_", "rk_test_"],
            source: "https://docs.stripe.com/keys",
            example: "sk_live_" + "51Hx9TqLmZ2vBn8Kc4Wd7Rf0Yp3Js6Ga1Eu"),
        TokenShape(
            name: "google-api-key", provider: "Google", summary: "API key", category: .cloud,
            pattern: #"\bAIza[0-9A-Za-z_\-]{35}(?![0-9A-Za-z_\-])"#, group: 0, literals: ["AIza"],
            keptPrefixes: ["AIza"],
            source: "https://cloud.google.com/docs/authentication/api-keys",
            example: "AIza" + "SyD4x9Kq2LmT7vRb4WzN8cYd1Hf6Jg3Ps0E"),
    ]
}
