import Foundation

/// A rule that finds secrets by their shape in any text: a regular expression, the cheap substring
/// test that must pass before it runs, and a check of each match.
struct ScrubDetector: Sendable {
    /// Extra checks a match must pass, for shapes a regular expression alone matches too often.
    enum Check: Sendable {
        case none
        /// `Basic` credentials must decode to `user:password`; `Bearer` ones must look random
        /// (a digit, or 24 characters or more), so `Bearer authentication` in prose is left alone.
        case schemeCredentials
        /// The top-level domain must not be a file extension (`icon@2x.png`).
        case emailDomain
    }

    let rule: ScrubRuleSpec
    let regex: ScrubRegex
    /// The match is only considered when the text contains one of these; empty means always.
    let prefilters: [[UInt8]]
    /// The capture group holding the secret; 0 for the whole match.
    let group: Int
    let check: Check

    init(rule: ScrubRuleSpec, regex: ScrubRegex, prefilters: [String], group: Int = 0, check: Check = .none) {
        self.rule = rule
        self.regex = regex
        self.prefilters = prefilters.map { Array($0.utf8) }
        self.group = group
        self.check = check
    }

    /// Whether a matched secret passes the rule's extra check.
    func accepts(_ secret: String, scheme: String?) -> Bool {
        switch check {
        case .none:
            return true
        case .emailDomain:
            let tld = secret.split(separator: ".").last.map { $0.lowercased() } ?? ""
            return !ScrubDetector.fileExtensions.contains(tld)
        case .schemeCredentials:
            if scheme?.lowercased() == "basic" {
                let padded = secret + String(repeating: "=", count: (4 - secret.utf8.count % 4) % 4)
                guard let data = Data(base64Encoded: padded), let text = String(data: data, encoding: .utf8) else {
                    return false
                }
                return text.contains(":")
            }
            return secret.utf8.count >= 24 || secret.contains(where: \.isNumber)
        }
    }

    static let fileExtensions: Set<String> = [
        "png", "jpg", "jpeg", "gif", "svg", "webp", "heic", "pdf", "ico", "js", "css", "json", "html", "txt",
    ]
}
