import Foundation

/// One run of the scrubber over a document, a request or a text.
///
/// A run has two passes over the same locations in document order. The first finds secrets (by the
/// name of the field holding them, and by their shape) and numbers them in order of first
/// appearance; the second replaces, in every location, what the rules found there and every
/// occurrence of every secret found anywhere (echoes), in one left-to-right pass per text so a
/// placeholder is never scrubbed again.
struct ScrubEngine {
    enum Phase {
        case collect
        case replace
    }

    /// A secret a rule found at a place in a text, by the structure around it.
    struct Span {
        var range: Range<Int>
        /// The secret, decoded (percent-decoding in URLs, JSON unescaping in JSON text).
        var secret: String
        /// The spelling at `range`, when it differs from `secret`.
        var observed: String?
        var rule: ScrubRuleSpec
        var summary: String
        /// Parts of the secret that may be echoed on their own (the password of `user:password`),
        /// replaced wherever they appear like any other echo.
        var parts: [String] = []
    }

    let rules: ScrubRuleSet
    let masking: Bool
    var phase = Phase.collect
    var table: ScrubSecretTable
    var literals = ScrubLiteralIndex()
    var findings: [ScrubFinding] = []
    /// The path of each of `findings`, as components, for locating it in the file.
    var findingPaths: [[JSONPathComponent]] = []
    /// The storage class of each body, classified in the first pass and reused in the second, in
    /// visiting order.
    var bodies: [StoredBody] = []
    var nextBody = 0

    init(rules: ScrubRuleSet, masking: Bool) {
        self.rules = rules
        self.masking = masking
        table = ScrubSecretTable(masking: masking)
    }

    /// Runs both passes of `walk` and returns the second pass's result.
    mutating func run<Value>(_ walk: (inout ScrubEngine) -> Value) -> Value {
        phase = .collect
        bodies = []
        let collected = walk(&self)
        // The first pass returns its input unchanged; with no secret found, the second pass would
        // replace nothing either.
        if table.entries.isEmpty { return collected }
        literals = table.literalIndex()
        phase = .replace
        nextBody = 0
        findings = []
        findingPaths = []
        return walk(&self)
    }

    /// Whether `name` names a secret in `context`, by the rule set's name matcher (which remembers
    /// its verdicts: names repeat across a cassette and across requests).
    func isSecretName(_ name: String, in context: ScrubNameMatcher.Context) -> Bool {
        rules.names.isSecret(name, in: context)
    }

    /// Scrubs one text: registers what it holds (first pass) or returns it with replacements
    /// (second pass).
    ///
    /// - Parameters:
    ///   - spans: What rules found in the text by its structure.
    ///   - embeddedURLs: Whether to look for absolute URLs in the text and apply the URL rules to them.
    mutating func process(
        _ text: String, spans: [Span] = [], path: [JSONPathComponent], embeddedURLs: Bool = true
    ) -> String {
        guard !text.isEmpty else { return text }
        let bytes = Array(text.utf8)
        // Most texts hold nothing: no structure found, no URL to look into, and in the first pass
        // only their shapes to collect.
        if phase == .collect && spans.isEmpty
            && !(embeddedURLs
                && (ScrubBytes.contains(bytes, Array(":/".utf8)) || ScrubBytes.contains(bytes, Array(":\\/".utf8))))
        {
            collectShapes(text, bytes, avoiding: ScrubRanges([]))
            return text
        }
        var spans = spans
        let given = ScrubRanges(spans.map(\.range))
        if embeddedURLs, ScrubBytes.contains(bytes, Array(":/".utf8)) || ScrubBytes.contains(bytes, Array(":\\/".utf8))
        {
            for match in ScrubRuleSet.embeddedURL.matchGroups(in: text) {
                guard var range = match[0] else { continue }
                while range.count > 1,
                    [UInt8(ascii: "\\"), UInt8(ascii: ")"), UInt8(ascii: "."), UInt8(ascii: ",")]
                        .contains(bytes[range.upperBound - 1])
                {
                    range = range.lowerBound..<(range.upperBound - 1)
                }
                for span in urlSpans(bytes, range) where !given.overlaps(span.range) {
                    spans.append(span)
                }
            }
        }
        let structure = spans.map(\.range)
        spans = spans.filter { !$0.secret.isEmpty && (masking || !rules.isPlaceholder($0.secret)) }
        spans.sort { $0.range.lowerBound < $1.range.lowerBound }
        switch phase {
        case .collect:
            for span in spans {
                // A value that is wholly a known shape keeps its shape (a JWT stays a JWT).
                let rule = wholeShape(of: span.secret) ?? span.rule
                table.register(span.secret, observed: span.observed, rule: rule, summary: span.summary, byShape: false)
                for part in span.parts where !part.isEmpty && (masking || !rules.isPlaceholder(part)) {
                    table.register(part, rule: span.rule, summary: span.summary, byShape: false)
                }
            }
            collectShapes(text, bytes, avoiding: ScrubRanges(structure))
            return text
        case .replace:
            return replace(text, bytes, spans: spans, path: path)
        }
    }

    /// The shape rule whose detector matches the whole of `secret`, if one does.
    private func wholeShape(of secret: String) -> ScrubRuleSpec? {
        let bytes = Array(secret.utf8)
        let (detectors, prefilter) = masking ? rules.maskingDetectors : rules.scrubbingDetectors
        let possible = prefilter.candidates(in: bytes)
        for (index, detector) in detectors.enumerated() where possible[index] {
            for match in detector.regex.matchGroups(in: secret)
            where match.indices.contains(detector.group) && match[detector.group] == 0..<bytes.count {
                return detector.rule
            }
        }
        return nil
    }

    /// First pass: registers every secret found by its shape, in order of position.
    private mutating func collectShapes(_ text: String, _ bytes: [UInt8], avoiding taken: ScrubRanges) {
        var found: [(range: Range<Int>, order: Int, secret: String, observed: String?, rule: ScrubRuleSpec)] = []
        let (detectors, prefilter) = masking ? rules.maskingDetectors : rules.scrubbingDetectors
        let possible = prefilter.candidates(in: bytes)
        for (order, detector) in detectors.enumerated() where possible[order] {
            for match in detector.regex.matchGroups(in: text) {
                guard let range = match.indices.contains(detector.group) ? match[detector.group] : nil,
                    !range.isEmpty, !taken.overlaps(range)
                else { continue }
                let raw = ScrubBytes.string(bytes, range)
                let scheme = match[0].map { ScrubBytes.string(bytes, $0.lowerBound..<range.lowerBound) }
                    .map { $0.trimmingCharacters(in: .whitespaces) }
                guard detector.accepts(raw, scheme: scheme) else { continue }
                // Already scrubbed, or holding a placeholder (`SCRUBBED-USER-1@host` is no email).
                if !masking && (rules.isPlaceholder(raw) || raw.contains("SCRUBBED")) { continue }
                let secret = raw.contains("%40") ? ScrubBytes.percentDecoded(Substring(raw), plusAsSpace: false) : raw
                found.append((range, order, secret, secret == raw ? nil : raw, detector.rule))
            }
        }
        found.sort { ($0.range.lowerBound, $0.order) < ($1.range.lowerBound, $1.order) }
        for item in found {
            table.register(
                item.secret, observed: item.observed, rule: item.rule, summary: item.rule.summary, byShape: true)
        }
    }

    /// Second pass: applies the spans and every echo of a known secret, in one pass over the text.
    private mutating func replace(_ text: String, _ bytes: [UInt8], spans: [Span], path: [JSONPathComponent])
        -> String
    {
        var edits: [(range: Range<Int>, replacement: String, rule: String, summary: String)] = []
        var taken: [Range<Int>] = []
        // Spans are sorted by start: one overlaps an earlier one exactly when it starts before the
        // end of the last one taken.
        for span in spans where span.range.lowerBound >= (taken.last?.upperBound ?? 0) {
            guard let placeholder = table.placeholder(for: span.secret) else { continue }
            edits.append((span.range, placeholder, span.rule.name, span.summary))
            taken.append(span.range)
        }
        for (range, needle) in literals.occurrences(in: bytes, avoiding: taken) {
            let entry = table.entries[needle.entry]
            edits.append((range, needle.replacement, entry.rule, entry.summary))
        }
        guard !edits.isEmpty else { return text }
        edits.sort { $0.range.lowerBound < $1.range.lowerBound }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var cursor = 0
        for edit in edits {
            let replacement = Array(edit.replacement.utf8)
            guard !bytes[edit.range].elementsEqual(replacement) else { continue }
            output.append(contentsOf: bytes[cursor..<edit.range.lowerBound])
            output.append(contentsOf: replacement)
            cursor = edit.range.upperBound
            findings.append(
                ScrubFinding(
                    path: JSONPathComponent.text(path), rule: edit.rule,
                    summary: "\(edit.summary) → \(edit.replacement)"))
            findingPaths.append(path)
        }
        guard cursor > 0 else { return text }
        output.append(contentsOf: bytes[cursor...])
        return String(decoding: output, as: UTF8.self)
    }
}
