/// Finds the placeholders and class tokens of every rule in a text, by hand: `SCRUBBED-TOKEN-1`,
/// `ghp_SCRUBBED-2`, `AKIASCRUBBED00000001`, `user-1@example.invalid`, the scrubbed JWT, and the
/// custom replacements of project patterns. Masking treats them as secrets of their rule, and a text
/// that is wholly one is already scrubbed.
struct ScrubPlaceholders: Sendable {
    private let labels: [String: ScrubRuleSpec]
    private let maximumLabelLength: Int
    /// Kept prefixes, longest first, with their rule.
    private let prefixes: [(prefix: [UInt8], rule: ScrubRuleSpec)]
    private let aws: ScrubRuleSpec?
    private let email: ScrubRuleSpec?
    private let jwt: ScrubRuleSpec?
    /// The rule a bare `SCRUBBED` (a placeholder cut to the length of a short secret) stands for.
    private let bare: ScrubRuleSpec?
    /// Project patterns' replacements, matched by expression.
    private let literals: [(regex: ScrubRegex, rule: ScrubRuleSpec)]

    init(_ specs: [ScrubRuleSpec]) {
        var labels: [String: ScrubRuleSpec] = [:]
        var prefixes: [(prefix: [UInt8], rule: ScrubRuleSpec)] = []
        var aws: ScrubRuleSpec?
        var email: ScrubRuleSpec?
        var jwt: ScrubRuleSpec?
        var literals: [(regex: ScrubRegex, rule: ScrubRuleSpec)] = []
        for spec in specs {
            switch spec.style {
            case .label(let label): labels[label] = labels[label] ?? spec
            case .prefixed(let kept): prefixes += kept.map { (Array($0.utf8), spec) }
            case .awsKeyID: aws = aws ?? spec
            case .email: email = email ?? spec
            case .jwt: jwt = jwt ?? spec
            case .literal: literals.append((spec.recognizer, spec))
            }
        }
        self.labels = labels
        maximumLabelLength = labels.keys.map(\.utf8.count).max() ?? 0
        self.prefixes = prefixes.sorted { $0.prefix.count > $1.prefix.count }
        self.aws = aws
        self.email = email
        self.jwt = jwt
        bare = labels["SECRET"] ?? labels.values.first
        self.literals = literals
    }

    /// The substrings one of which every built-in placeholder contains; project replacements have
    /// none, so a scrubber with patterns always looks.
    var prefilters: [String] {
        literals.isEmpty ? ["SCRUBBED", "example.invalid", ScrubPlaceholderStyle.jwtHeader] : []
    }

    /// Every placeholder in `bytes`, in order, with its rule.
    func matches(in bytes: [UInt8]) -> [(range: Range<Int>, rule: ScrubRuleSpec)] {
        var found: [(range: Range<Int>, rule: ScrubRuleSpec)] = []
        let marker = Array("SCRUBBED".utf8)
        var index = 0
        while let start = ScrubBytes.firstIndex(of: marker, in: bytes, from: index) {
            index = start + marker.count
            if let match = scrubbedMatch(bytes, at: start) {
                found.append(match)
                index = max(index, match.range.upperBound)
            }
        }
        if let email {
            let domain = Array("example.invalid".utf8)
            index = 0
            while let start = ScrubBytes.firstIndex(of: domain, in: bytes, from: index) {
                index = start + domain.count
                var at = start
                if at >= 1, bytes[at - 1] == UInt8(ascii: "@") {
                    at -= 1
                } else if at >= 3, bytes[(at - 3)..<at].elementsEqual("%40".utf8) {
                    at -= 3
                } else {
                    continue
                }
                var local = at
                while local > 0,
                    ShapeBytes.isAlphanumeric(bytes[local - 1]) || EmailShape.localSymbols.contains(bytes[local - 1])
                {
                    local -= 1
                }
                if local < at { found.append((local..<index, email)) }
            }
        }
        if let jwt {
            let header = Array((ScrubPlaceholderStyle.jwtHeader + ".").utf8)
            let signature = Array(".scrubbed".utf8)
            index = 0
            while let start = ScrubBytes.firstIndex(of: header, in: bytes, from: index) {
                var end = start + header.count
                while end < bytes.count, ShapeBytes.isBase64URL(bytes[end]) { end += 1 }
                index = end
                if end > start + header.count, ScrubBytes.matches(signature, in: bytes, at: end) {
                    found.append((start..<(end + signature.count), jwt))
                    index = end + signature.count
                }
            }
        }
        if !literals.isEmpty {
            let text = String(decoding: bytes, as: UTF8.self)
            for (regex, rule) in literals {
                for match in regex.matchGroups(in: text) {
                    if let range = match[0], !range.isEmpty { found.append((range, rule)) }
                }
            }
        }
        // A placeholder padded to the length of what it replaced (binary bodies) ends in `*`s.
        for index in found.indices {
            var end = found[index].range.upperBound
            while end < bytes.count, bytes[end] == UInt8(ascii: "*") { end += 1 }
            found[index].range = found[index].range.lowerBound..<end
        }
        return found.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }

    /// The placeholder around the `SCRUBBED` at `start`: a label's, a kept prefix's or an AWS key id's.
    private func scrubbedMatch(_ bytes: [UInt8], at start: Int) -> (range: Range<Int>, rule: ScrubRuleSpec)? {
        let afterMarker = start + 8
        if let aws, start >= 4,
            bytes[(start - 4)..<start].elementsEqual("AKIA".utf8)
                || bytes[(start - 4)..<start].elementsEqual("ASIA".utf8),
            afterMarker + 8 <= bytes.count, bytes[afterMarker..<(afterMarker + 8)].allSatisfy(ShapeBytes.isDigit)
        {
            return ((start - 4)..<(afterMarker + 8), aws)
        }
        if afterMarker < bytes.count, bytes[afterMarker] == UInt8(ascii: "-"), let match = labelled(bytes, at: start) {
            return match
        }
        // `SCRUBBED` cut short to fit a secret shorter than its placeholder in a binary body.
        if let bare, afterMarker == bytes.count || bytes[afterMarker] == UInt8(ascii: "*") {
            return (start..<afterMarker, bare)
        }
        for (prefix, rule) in prefixes
        where start >= prefix.count && ScrubBytes.matches(prefix, in: bytes, at: start - prefix.count) {
            var end = afterMarker
            if end + 1 < bytes.count, bytes[end] == UInt8(ascii: "-"), ShapeBytes.isDigit(bytes[end + 1]) {
                end += 1
                while end < bytes.count, ShapeBytes.isDigit(bytes[end]) { end += 1 }
            }
            return ((start - prefix.count)..<end, rule)
        }
        return nil
    }

    /// `SCRUBBED-<label>` and its number, for the longest label of a rule that the text holds there
    /// (`SCRUBBED-PRIVATE-KEY-12` is the label `PRIVATE-KEY` and the number 12).
    private func labelled(_ bytes: [UInt8], at start: Int) -> (range: Range<Int>, rule: ScrubRuleSpec)? {
        let labelStart = start + 9
        var runEnd = labelStart
        while runEnd < bytes.count, runEnd - labelStart <= maximumLabelLength,
            ShapeBytes.isUpper(bytes[runEnd]) || ShapeBytes.isDigit(bytes[runEnd]) || bytes[runEnd] == UInt8(ascii: "-")
        {
            runEnd += 1
        }
        var cut = runEnd
        while cut > labelStart {
            if cut == runEnd || bytes[cut] == UInt8(ascii: "-"),
                let rule = labels[String(decoding: bytes[labelStart..<cut], as: UTF8.self)]
            {
                var end = cut
                if end + 1 < bytes.count, bytes[end] == UInt8(ascii: "-"), ShapeBytes.isDigit(bytes[end + 1]) {
                    end += 1
                    while end < bytes.count, ShapeBytes.isDigit(bytes[end]) { end += 1 }
                }
                return (start..<end, rule)
            }
            cut -= 1
        }
        return nil
    }

    /// Whether the whole of `text` is one placeholder: already scrubbed.
    func isWhole(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return matches(in: bytes).contains { $0.range == 0..<bytes.count }
    }
}
