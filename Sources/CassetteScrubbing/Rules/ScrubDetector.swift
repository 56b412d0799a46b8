import Foundation

/// A rule that finds secrets by their shape in any text: how it matches, and the cheap substring
/// test that must pass before it runs.
struct ScrubDetector: Sendable {
    enum Matcher: Sendable {
        /// A regular expression (catalogue shapes, project patterns); `group` holds the secret.
        case regex(ScrubRegex, group: Int)
        /// One of the scrubber's hand-written scanners.
        case shape(ScrubShapeScanner)
        /// Every rule's placeholders, which masking treats as secrets of their rule.
        case placeholders(ScrubPlaceholders)
    }

    let rule: ScrubRuleSpec
    let matcher: Matcher
    /// The matcher only runs when the text contains one of these; empty means always.
    let prefilters: [[UInt8]]

    init(rule: ScrubRuleSpec, matcher: Matcher, prefilters: [String]) {
        self.rule = rule
        self.matcher = matcher
        self.prefilters = prefilters.map { Array($0.utf8) }
    }

    /// The secrets in a text (`bytes` are its UTF-8), in order, each with the rule it belongs to.
    func matches(in bytes: [UInt8], text: String) -> [(range: Range<Int>, rule: ScrubRuleSpec)] {
        switch matcher {
        case .shape(let scanner):
            return scanner.matches(in: bytes).map { ($0, rule) }
        case .regex(let regex, let group):
            return regex.matchGroups(in: text).compactMap { match in
                guard group < match.count, let range = match[group], !range.isEmpty else { return nil }
                return (range, rule)
            }
        case .placeholders(let placeholders):
            return placeholders.matches(in: bytes)
        }
    }
}
