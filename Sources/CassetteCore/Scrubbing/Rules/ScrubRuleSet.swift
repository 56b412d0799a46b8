import Foundation

/// Everything a ``Scrubber`` needs, built once from a configuration: rule specs, compiled
/// expressions, name matcher and JSON paths. Immutable, so scrubbers share it freely.
final class ScrubRuleSet: Sendable {
    let configuration: ScrubConfiguration
    let names: ScrubNameMatcher
    /// Every rule by name: built-ins and custom patterns.
    let specs: [String: ScrubRuleSpec]
    /// Shape detectors of the enabled rules, in the order ties are broken in.
    let detectors: [ScrubDetector]
    /// Detectors of every rule's placeholders, which masking treats as secrets of that rule.
    let recognizers: [ScrubDetector]
    /// The detectors scrubbing runs, and their prefilter.
    let scrubbingDetectors: (detectors: [ScrubDetector], prefilter: ScrubPrefilter)
    /// The detectors masking runs (placeholders count as secrets), and their prefilter.
    let maskingDetectors: (detectors: [ScrubDetector], prefilter: ScrubPrefilter)
    let jsonPaths: [ScrubJSONPath]
    /// Matches when a whole text is a placeholder or class token of any rule.
    let anyPlaceholder: ScrubRegex

    /// Absolute URLs in text, also with JSON-escaped slashes (`https:\/\/`); a scheme starts only
    /// at the start of a word, which keeps the search linear.
    static let embeddedURL = ScrubRegex.builtIn(#"(?<![A-Za-z0-9+.\-])[A-Za-z][A-Za-z0-9+.\-]*:(?:\\?/){2}[^\s"'<>]+"#)
    /// `"key": "value"` members in JSON text: group 1 the key, group 2 the value, both escaped.
    static let jsonMember = ScrubRegex.builtIn(#""((?:[^"\\]|\\.)*)"\s*:\s*"((?:[^"\\]|\\.)*)""#)

    init(configuration: ScrubConfiguration) {
        self.configuration = configuration
        names = ScrubNameMatcher(
            extraHeaders: Set(configuration.headers.map { $0.lowercased() }),
            extraQueryItems: Set(configuration.queryItems.map { $0.lowercased() }),
            extraFields: Set(configuration.jsonKeys.map { $0.lowercased() }))
        var specs: [String: ScrubRuleSpec] = [:]
        var detectors: [ScrubDetector] = []
        // Specific shapes first: a JWT after `Bearer` keeps its JWT shape.
        let order: [ScrubRule] = [
            .privateKey, .jwt, .awsAccessKeyID, .awsSecretAccessKey, .githubToken, .gitlabToken, .slackToken,
            .stripeKey, .googleAPIKey, .authorization, .email,
        ]
        for rule in ScrubRule.allCases {
            specs[rule.rawValue] = ScrubRuleSpec.builtIn(rule)
        }
        for rule in order where configuration.isEnabled(rule) {
            if let spec = specs[rule.rawValue], let detector = ScrubRuleSpec.detector(for: rule, spec: spec) {
                detectors.append(detector)
            }
        }
        for pattern in configuration.patterns {
            let spec = ScrubRuleSpec(name: pattern.name, style: .literal(pattern.replacement), summary: pattern.name)
            specs[pattern.name] = spec
            detectors.append(ScrubDetector(rule: spec, regex: pattern.compiled, prefilters: []))
        }
        self.specs = specs
        self.detectors = detectors
        let allSpecs =
            ScrubRule.allCases.compactMap { specs[$0.rawValue] }
            + configuration.patterns.compactMap { specs[$0.name] }
        recognizers = allSpecs.map {
            ScrubDetector(rule: $0, regex: $0.recognizer, prefilters: $0.recognizerPrefilters)
        }
        scrubbingDetectors = (detectors, ScrubPrefilter(detectors))
        maskingDetectors = (detectors + recognizers, ScrubPrefilter(detectors + recognizers))
        anyPlaceholder = ScrubRegex.builtIn(
            "\\A(?:" + allSpecs.map { "(?:\($0.style.recognizerSource))" }.joined(separator: "|") + ")\\z")
        jsonPaths = configuration.jsonPaths.compactMap(ScrubJSONPath.init)
    }

    func spec(_ rule: ScrubRule) -> ScrubRuleSpec {
        // Every built-in rule has a spec: `init` adds them all.
        specs[rule.rawValue]!
    }

    func isEnabled(_ rule: ScrubRule) -> Bool {
        configuration.isEnabled(rule)
    }

    /// Whether `text` is, as a whole, a placeholder or class token: already scrubbed.
    func isPlaceholder(_ text: String) -> Bool {
        if configuration.patterns.isEmpty && !text.contains("SCRUBBED") && !text.contains("example.invalid")
            && !text.contains(ScrubPlaceholderStyle.jwtHeader)
        {
            return false
        }
        return anyPlaceholder.matchesWhole(text)
    }
}
