import Foundation

/// Everything a ``Scrubber`` needs, built once from a configuration: rule specs, detectors, name
/// matcher and JSON paths. Immutable but for a cache of what masking learnt about `Authorization`
/// values, which is locked, so scrubbers share it freely.
final class ScrubRuleSet: Sendable {
    let configuration: ScrubConfiguration
    let names: ScrubNameMatcher
    /// Every rule by name: built-ins and custom patterns.
    let specs: [String: ScrubRuleSpec]
    /// The detectors scrubbing runs, in the order ties are broken in, and their prefilter.
    let scrubbingDetectors: (detectors: [ScrubDetector], prefilter: ScrubPrefilter)
    /// The detectors masking runs (placeholders count as secrets of their rule), and their prefilter.
    let maskingDetectors: (detectors: [ScrubDetector], prefilter: ScrubPrefilter)
    let jsonPaths: [JSONPath]
    /// Every rule's placeholders.
    let placeholders: ScrubPlaceholders
    /// The names of the enabled built-in rules.
    private let enabled: Set<String>
    /// Masking's analysis of the `Authorization`-style values it has seen, by value; `nil` for a
    /// value whose credentials are not plain.
    let credentialsCache = Locked<[String: CredentialsAnalysis?]>([:])

    /// Absolute URLs in text, also with JSON-escaped slashes (`https:\/\/`); a scheme starts only
    /// at the start of a word, which keeps the search linear.
    static let embeddedURL = ScrubRegex.builtIn(#"(?<![A-Za-z0-9+.\-])[A-Za-z][A-Za-z0-9+.\-]*:(?:\\?/){2}[^\s"'<>]+"#)

    init(configuration: ScrubConfiguration) {
        self.configuration = configuration
        names = ScrubNameMatcher(
            extraHeaders: Set(configuration.headers.map { $0.lowercased() }),
            extraQueryItems: Set(configuration.queryItems.map { $0.lowercased() }),
            extraFields: Set(configuration.jsonKeys.map { $0.lowercased() }))
        var specs: [String: ScrubRuleSpec] = [:]
        for rule in ScrubRule.allCases {
            specs[rule.rawValue] = ScrubRuleSpec.builtIn(rule)
        }
        // Specific shapes first: a JWT after `Bearer` keeps its JWT shape; an email comes last.
        let order: [ScrubRule] =
            [.privateKey, .jwt, .awsAccessKeyID, .awsSecretAccessKey]
            + TokenShape.catalogue.compactMap { ScrubRule(rawValue: $0.name) } + [.authorization, .email]
        var detectors: [ScrubDetector] = []
        for rule in order where configuration.isEnabled(rule) {
            let spec = specs[rule.rawValue]!
            if let scanner = ScrubRuleSpec.scanner(for: rule) {
                detectors.append(ScrubDetector(rule: spec, matcher: .shape(scanner), prefilters: scanner.literals))
            } else if let shape = TokenShape.catalogue.first(where: { $0.name == rule.rawValue }) {
                detectors.append(
                    ScrubDetector(
                        rule: spec, matcher: .regex(.builtIn(shape.pattern), group: shape.group),
                        prefilters: shape.literals))
            }
        }
        for pattern in configuration.patterns {
            let spec = ScrubRuleSpec(name: pattern.name, style: .literal(pattern.replacement), summary: pattern.name)
            specs[pattern.name] = spec
            detectors.append(ScrubDetector(rule: spec, matcher: .regex(pattern.compiled, group: 0), prefilters: []))
        }
        self.specs = specs
        let allSpecs =
            ScrubRule.allCases.compactMap { specs[$0.rawValue] }
            + configuration.patterns.compactMap { specs[$0.name] }
        placeholders = ScrubPlaceholders(allSpecs)
        let recognizer = ScrubDetector(
            rule: specs[ScrubRule.secretField.rawValue]!, matcher: .placeholders(placeholders),
            prefilters: placeholders.prefilters)
        scrubbingDetectors = (detectors, ScrubPrefilter(detectors))
        maskingDetectors = (detectors + [recognizer], ScrubPrefilter(detectors + [recognizer]))
        jsonPaths = configuration.jsonPaths.compactMap(JSONPath.init)
        enabled = Set(ScrubRule.allCases.filter(configuration.isEnabled).map(\.rawValue))
    }

    func spec(_ rule: ScrubRule) -> ScrubRuleSpec {
        // Every built-in rule has a spec: `init` adds them all.
        specs[rule.rawValue]!
    }

    func isEnabled(_ rule: ScrubRule) -> Bool {
        enabled.contains(rule.rawValue)
    }

    /// Whether the rule of this name is on: built-in rules by configuration, project patterns always.
    func isEnabled(name: String) -> Bool {
        enabled.contains(name) || ScrubRule(rawValue: name) == nil
    }

    /// Whether `text` is, as a whole, a placeholder or class token: already scrubbed.
    func isPlaceholder(_ text: String) -> Bool {
        if configuration.patterns.isEmpty && !ScrubBytes.contains(text, "SCRUBBED")
            && !ScrubBytes.contains(text, "example.invalid")
            && !ScrubBytes.contains(text, ScrubPlaceholderStyle.jwtHeader)
        {
            return false
        }
        return placeholders.isWhole(text)
    }
}
