import Foundation

/// One run of the scrubber over a document, a request or a text.
///
/// A run has two passes over the same locations in document order. The first finds secrets (by the
/// name of the field holding them, and by their shape) and numbers them in order of first
/// appearance; the second replaces, in every location, what the rules found there and every
/// occurrence of every echoing secret found anywhere, in one left-to-right pass per text so a
/// placeholder is never scrubbed again.
///
/// Each text is read by ``scan(_:_:kind:given:path:)``: its structure gives spans (a secret at a
/// range, found by a name or a header's structure) and nested texts (a range that is another text in
/// an encoding: JSON in a string, a URL percent-encoded in a query value, base64 of text); the rest
/// is searched for shapes and echoes. A nested text is scanned the same way, and what changes in it
/// is encoded back in place.
struct ScrubEngine {
    enum Phase {
        case collect
        case replace
    }

    /// What a text is, which decides how it is read.
    enum TextKind {
        /// A URL as a whole: request URLs, redirect hops, `Location`.
        case url
        /// Read for shapes, echoes and the URLs it holds only: header values, JSON keys.
        case plain
        /// A body or a value that may hold anything: its structure is sniffed (JSON, a form,
        /// multipart parts, XML and HTML, `name: value` lines, server-sent events), whatever the
        /// media type (the hint) says.
        case text(MediaType?)
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
        /// A replacement that stands for every secret of its kind (a number under a PIN's name
        /// becomes `0`); such a secret is not registered and does not echo.
        var fixed: String?
    }

    /// A range of a text that is another text in an encoding.
    struct Nested {
        enum Encoding {
            /// The bytes as they are (a multipart part, an SSE `data:` payload).
            case identity
            /// Percent-encoded, `+` for a space when `plusAsSpace` (a query or form value).
            case percent(plusAsSpace: Bool)
            /// base64 of UTF-8 text, written back in the same style.
            case base64(ScrubTextCodecs.Base64Style)
            /// base64 of a compressed archive (gzip, ZIP), opened and written back in the same style.
            case base64Archive(ScrubTextCodecs.Base64Style)
            /// A JSON document, parsed with the ranges of its strings and numbers in source order.
            case json(JSONValue, ranges: [Range<Int>])
            /// Text escaped with HTML character references (JSON in an attribute, `&quot;` for `"`).
            case html
            /// Quoted-printable text (a mail part), written back with lines broken by `lineBreak`.
            case quotedPrintable(lineBreak: String)
        }

        var range: Range<Int>
        var encoding: Encoding
        var kind: TextKind
        /// Where the inner text is, for findings (`in base64-decoded text`); empty for none.
        var place: String
    }

    /// A replacement at a range of a text.
    struct Edit {
        var range: Range<Int>
        var replacement: String
    }

    /// What the structure of a text holds.
    struct Found {
        var spans: [Span] = []
        var nested: [Nested] = []

        /// Every range taken so far, for finders that must stay clear of earlier ones.
        var claimed: ScrubRanges { ScrubRanges(spans.map(\.range) + nested.map(\.range)) }

        mutating func add(_ other: Found, avoiding claimed: ScrubRanges) {
            guard !other.spans.isEmpty || !other.nested.isEmpty else { return }
            spans += other.spans.filter { !claimed.overlaps($0.range) }
            nested += other.nested.filter { !claimed.overlaps($0.range) }
        }

        /// Adds what of `other` is clear of the ranges taken so far; those are gathered only when
        /// `other` found something (most finders find nothing in most texts).
        mutating func addClear(_ other: Found) {
            guard !other.spans.isEmpty || !other.nested.isEmpty else { return }
            add(other, avoiding: claimed)
        }
    }

    /// Nested texts deeper than this are searched for shapes and echoes only.
    static let maximumDepth = 5

    /// The rules that find a secret by the name of its field, query item or header.
    private static let ruleNamesOfNames: Set = [
        ScrubRule.secretField.rawValue, ScrubRule.secretQuery.rawValue, ScrubRule.secretHeader.rawValue,
    ]

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
    /// How deep in nested texts the scan is.
    var depth = 0
    /// Where the current text sits inside its location, outermost first, for findings.
    var places: [String] = []
    /// Whether replacements keep the length of what they replace (printable runs of binary bodies,
    /// where lengths may be framing), padding placeholders with `*`.
    var fitsLength = false
    /// Whether the email rule is off for the current text (message identifiers).
    var skipsEmail = false
    /// Whether the response being walked answers a request for translations (`/locales/de.json`,
    /// `/localization/de`, `messages.json?lang=fr`): natural language under a secret's name is a
    /// message about it there (`"password": "Passwort"`), not a password.
    var walksTranslations = false
    /// Whether the response being walked answers a request for API keys (`GET /keys`, `POST
    /// /1/keys`): a `key` member there holds one.
    var walksKeys = false
    /// Whether the response being walked answers a request for API tokens (Cloudflare's `POST
    /// /user/tokens`): a random `value` member of a record there holds one.
    var walksTokens = false
    /// Whether the body being walked is the plaintext side of an encryption service: a request to
    /// encrypt (GoCD's `POST /api/admin/encrypt`, Vault transit's `/transit/encrypt/<key>`, Cloud
    /// KMS's `…:encrypt`) or the answer to a request to decrypt. Its `value`, `plaintext` and
    /// `data` strings are the secret.
    var walksPlaintext = false
    /// What the detectors found in each short text they ran on, for this run
    /// (``detections(in:_:)``).
    private var detected: [String: [Detection]] = [:]
    /// The name verdicts this engine was given, in front of the matcher's shared memory of them.
    private let names = NameVerdicts()

    /// The verdicts on names one engine has asked for: a JSON key or header name recurs on every
    /// interaction, and the matcher's own memory is shared by every engine behind one lock, which
    /// the parallel slices of a document's first pass (one engine each) took for every key they
    /// met, and waited on each other for. An engine runs on one thread, so this needs no lock.
    private final class NameVerdicts {
        static let capacity = 1024
        var known: [ScrubNameVerdicts.Key: ScrubNameMatcher.Traits] = [:]
    }

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
        if table.isEmpty { return collected }
        literals = table.literalIndex()
        phase = .replace
        nextBody = 0
        findings = []
        findingPaths = []
        return walk(&self)
    }

    /// What `name` says about its values in `context`, by the rule set's name matcher (which
    /// remembers its verdicts: names repeat across a cassette and across requests).
    func traits(_ name: String, in context: ScrubNameMatcher.Context) -> ScrubNameMatcher.Traits {
        let key = ScrubNameVerdicts.Key(name: name, context: context)
        if let known = names.known[key] { return known }
        let traits = rules.names.traits(of: name, in: context)
        if names.known.count < NameVerdicts.capacity { names.known[key] = traits }
        return traits
    }

    func isSecretName(_ name: String, in context: ScrubNameMatcher.Context) -> Bool {
        traits(name, in: context).contains(.secret)
    }

    /// Scrubs one text: registers what it holds (first pass) or returns it with replacements
    /// (second pass).
    ///
    /// - Parameter utf8: The text's UTF-8 bytes when the caller has them already.
    mutating func process(
        _ text: String, utf8: [UInt8]? = nil, kind: TextKind, spans: [Span] = [], path: [JSONPathComponent]
    ) -> String {
        guard !text.isEmpty else { return text }
        let bytes = utf8 ?? Array(text.utf8)
        let edits = scan(bytes, text, kind: kind, given: spans, path: path)
        return ScrubEngine.apply(edits, to: bytes) ?? text
    }

    /// The edits of one text (none in the first pass, which registers instead).
    mutating func scan(
        _ bytes: [UInt8], _ text: String, kind: TextKind, given: [Span], path: [JSONPathComponent]
    ) -> [Edit] {
        var found = Found(spans: given)
        // RESP's bulk strings are framed by their lengths: replacements keep them.
        let savedFitsLength = fitsLength
        if case .text = kind, ScrubEngine.isRESP(bytes) { fitsLength = true }
        defer { fitsLength = savedFitsLength }
        switch kind {
        case .url:
            found.add(urlStructure(bytes, 0..<bytes.count), avoiding: ScrubRanges([]))
        case .plain:
            break
        case .text(let hint):
            if depth < ScrubEngine.maximumDepth { textStructure(bytes, text, hint: hint, into: &found) }
        }
        if case .plain = kind, ScrubEngine.mayHoldURL(bytes) {
            embeddedURLs(bytes, text, into: &found)
        }
        let structure = found.claimed
        let (spans, nested) = resolved(found)
        switch phase {
        case .collect:
            for span in spans { register(span) }
            for item in nested { _ = processNested(item, in: bytes, path: path) }
            collectShapes(text, bytes, avoiding: structure)
            return []
        case .replace:
            return edits(bytes, spans: spans, nested: nested, path: path)
        }
    }

    /// Spans with something to replace, sorted and without overlaps (the first found wins), and
    /// the nested texts clear of them and of each other.
    private func resolved(_ found: Found) -> (spans: [Span], nested: [Nested]) {
        // Most texts hold nothing: no sorting, no sets.
        guard !found.spans.isEmpty || !found.nested.isEmpty else { return ([], []) }
        let byName = ScrubEngine.ruleNamesOfNames
        var candidates = found.spans.filter { span in
            if span.fixed != nil { return true }
            guard !span.secret.isEmpty, rules.isEnabled(name: span.rule.name) else { return false }
            // A name does not make `true` or `include` a secret.
            if byName.contains(span.rule.name), ScrubEngine.isNeverSecret(span.secret, inherited: false) {
                return false
            }
            if masking { return true }
            // A value found by its name that holds a placeholder among other text was scrubbed
            // already (its echo was replaced where it stood): judging it again would not be idempotent.
            if byName.contains(span.rule.name), ScrubBytes.contains(span.secret, "SCRUBBED") { return false }
            return !rules.isPlaceholder(span.secret)
        }
        candidates = candidates.enumerated().sorted {
            ($0.element.range.lowerBound, $0.offset) < ($1.element.range.lowerBound, $1.offset)
        }.map(\.element)
        var spans: [Span] = []
        for span in candidates where span.range.lowerBound >= (spans.last?.range.upperBound ?? 0) {
            spans.append(span)
        }
        let taken = ScrubRanges(spans.map(\.range))
        var nested: [Nested] = []
        for item in found.nested.sorted(by: { $0.range.lowerBound < $1.range.lowerBound })
        where !taken.overlaps(item.range) && item.range.lowerBound >= (nested.last?.range.upperBound ?? 0) {
            nested.append(item)
        }
        return (spans, nested)
    }

    /// First pass: records a span's secret and its parts.
    private mutating func register(_ span: Span) {
        // A fixed replacement stands for every secret of its kind and is not registered; the parts
        // it stands beside (the password of Basic credentials whose user is kept) are secrets.
        let isFixed = span.fixed != nil
        if isFixed {
            table.hasFixedReplacements = true
        } else {
            // A value that is wholly a known shape keeps its shape (a JWT stays a JWT).
            let shape = wholeShape(of: span.secret)
            table.register(
                span.secret, observed: span.observed, rule: shape ?? span.rule, summary: span.summary,
                byShape: shape != nil)
        }
        for part in span.parts where !part.isEmpty && (masking || !rules.isPlaceholder(part)) {
            table.register(part, rule: span.rule, summary: span.summary, byShape: false)
        }
        // `fed1…3f38-us21` echoed in an error as `fed1…3f38`, `sha256=5d4b…` as `5d4b…`: the random
        // core of a secret echoes alone.
        for whole in (isFixed ? [] : [span.secret]) + span.parts {
            guard let core = ScrubEngine.randomCore(of: whole), masking || !rules.isPlaceholder(core) else { continue }
            table.register(core, rule: span.rule, summary: span.summary, byShape: false)
        }
    }

    /// The random core of a secret made of one and a short tag: after a tag and `=` or `:` (a
    /// signature's `sha256=`, `v1=`), or before a `-` or `.` and a tag (a data centre's `-us21`, a
    /// region's `.eu`); sixteen characters or more that look like a secret.
    static func randomCore(of secret: String) -> String? {
        let bytes = Array(secret.utf8)
        guard bytes.count >= 19, bytes.count <= 256 else { return nil }
        func isCore(_ part: ArraySlice<UInt8>) -> Bool {
            part.count >= 16 && part.allSatisfy { ShapeBytes.isAlphanumeric($0) || $0 == UInt8(ascii: "_") }
        }
        var core: ArraySlice<UInt8>?
        if let separator = bytes.firstIndex(where: { $0 == UInt8(ascii: "=") || $0 == UInt8(ascii: ":") }),
            (1...8).contains(separator), bytes[..<separator].allSatisfy(ShapeBytes.isAlphanumeric),
            isCore(bytes[(separator + 1)...])
        {
            core = bytes[(separator + 1)...]
        } else if let separator = bytes.lastIndex(where: { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }),
            (2...6).contains(bytes.count - separator - 1),
            bytes[(separator + 1)...].allSatisfy(ShapeBytes.isAlphanumeric), isCore(bytes[..<separator])
        {
            core = bytes[..<separator]
        }
        guard let core else { return nil }
        let text = ScrubBytes.string(bytes, core.startIndex..<core.endIndex)
        return ScrubEchoPolicy.looksLikeSecret(text) ? text : nil
    }

    /// The shape rule whose detector matches the whole of `secret`, if one does.
    mutating func wholeShape(of secret: String) -> ScrubRuleSpec? {
        let bytes = Array(secret.utf8)
        return detections(in: secret, bytes).first { $0.range == 0..<bytes.count }?.rule
    }

    /// A match of one detector: its index in the detector list, where it matched and its rule.
    struct Detection {
        let order: Int
        let range: Range<Int>
        let rule: ScrubRuleSpec
    }

    /// What the detectors that the prefilter lets through find in `bytes` (the UTF-8 of `text`), in
    /// detector order. Header values, URLs and short strings recur across a document (the same
    /// token on every request, in both passes), so a short text's detections are kept for the run.
    mutating func detections(in text: String, _ bytes: [UInt8]) -> [Detection] {
        let candidates = (masking ? rules.maskingDetectors : rules.scrubbingDetectors).prefilter.candidates(in: bytes)
        guard !candidates.isEmpty else { return [] }
        let keeps = bytes.count <= 1_024
        if keeps, let known = detected[text] { return known }
        let found = detections(in: text, bytes, candidates: candidates)
        if keeps { detected[text] = found }
        return found
    }

    /// What the detectors at `candidates` find in `bytes`, without the run's memory of short texts.
    private func detections(in text: String, _ bytes: [UInt8], candidates: [Int]) -> [Detection] {
        let detectors = masking ? rules.maskingDetectors.detectors : rules.scrubbingDetectors.detectors
        var found: [Detection] = []
        for order in candidates {
            for match in detectors[order].matches(in: bytes, text: text) {
                found.append(Detection(order: order, range: match.range, rule: match.rule))
            }
        }
        return found
    }

    /// Whether a shape rule finds a secret in `text` (a token of a known provider, an address), for
    /// a reader that may not record the detections.
    func holdsShape(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        let candidates = (masking ? rules.maskingDetectors : rules.scrubbingDetectors).prefilter.candidates(in: bytes)
        return !candidates.isEmpty && !detections(in: text, bytes, candidates: candidates).isEmpty
    }

    /// A Google API key that is the `apiKey` of a Firebase web app's configuration, which Firebase
    /// documents as public (it identifies the project to Google's servers; rules guard the data):
    /// its `authDomain` on `firebaseapp.com` follows within the same object.
    static func isFirebaseWebConfig(_ bytes: [UInt8], after key: Range<Int>) -> Bool {
        let window = bytes[key.upperBound..<min(bytes.count, key.upperBound + 160)]
        guard let domain = ScrubBytes.firstIndex(of: Array("authDomain".utf8), in: Array(window), from: 0) else {
            return false
        }
        let rest = Array(window.dropFirst(domain))
        return ScrubBytes.firstIndex(of: Array(".firebaseapp.com".utf8), in: rest, from: 0).map { $0 < 80 } == true
    }

    /// First pass: registers every secret found by its shape, in order of position.
    private mutating func collectShapes(_ text: String, _ bytes: [UInt8], avoiding taken: ScrubRanges) {
        var found: [(range: Range<Int>, order: Int, secret: String, observed: String?, rule: ScrubRuleSpec)] = []
        let detectors = masking ? rules.maskingDetectors.detectors : rules.scrubbingDetectors.detectors
        // The placeholders already in the text, found once and only when a shape matched.
        var placed: ScrubRanges?
        for match in detections(in: text, bytes) where !taken.overlaps(match.range) {
            let order = match.order
            if skipsEmail, case .shape(.email) = detectors[order].matcher { continue }
            let raw = ScrubBytes.string(bytes, match.range)
            if match.rule.name == "google-api-key", ScrubEngine.isFirebaseWebConfig(bytes, after: match.range) {
                continue
            }
            // A publishable key that a shape found (a JWT, a bearer token in text): Supabase's anon key.
            if !masking,
                match.rule.name == ScrubRule.jwt.rawValue || match.rule.name == ScrubRule.authorization.rawValue,
                ScrubEchoPolicy.isPublicByDesign(raw)
            {
                continue
            }
            if !masking {
                // Already scrubbed, or holding a placeholder (`SCRUBBED-USER-1@host` is no email).
                if ScrubBytes.contains(raw, "SCRUBBED") || rules.isPlaceholder(raw) { continue }
                // Part of a placeholder, or joined to one: in `<scrubbed JWT>.<scrubbed JWT>` the
                // first one's payload and signature and the second one's header read as a JWT of
                // their own, and a chain of dotted segments that a scrub tiled into JWTs leaves
                // its last segments beside the last placeholder, where they read as a new one.
                // The scrub that wrote the placeholders saw them in their first context; judging
                // them again in the new one would change a scrubbed text.
                let ranges = placed ?? ScrubRanges(rules.placeholders.matches(in: bytes).map(\.range))
                placed = ranges
                if ranges.overlaps(ScrubEngine.widenedByAJoint(match.range, in: bytes)) { continue }
            }
            var secret = raw
            if match.rule.style == .email {
                if ScrubBytes.contains(raw, "%40") {
                    secret = ScrubBytes.percentDecoded(Substring(raw), plusAsSpace: false)
                }
                secret = EmailShape.decoded(secret)
            }
            found.append((match.range, order, secret, secret == raw ? nil : raw, match.rule))
        }
        found.sort { ($0.range.lowerBound, $0.order) < ($1.range.lowerBound, $1.order) }
        for item in found {
            table.register(
                item.secret, observed: item.observed, rule: item.rule, summary: item.rule.summary, byShape: true)
        }
    }

    /// `range` with what joins it to a neighbour on each side: the byte next to it, and the one
    /// beyond when that byte is a dot.
    static func widenedByAJoint(_ range: Range<Int>, in bytes: [UInt8]) -> Range<Int> {
        var lower = range.lowerBound
        if lower > 0, bytes[lower - 1] == UInt8(ascii: ".") { lower -= 1 }
        var upper = range.upperBound
        if upper < bytes.count, bytes[upper] == UInt8(ascii: ".") { upper += 1 }
        return max(0, lower - 1)..<min(bytes.count, upper + 1)
    }

    /// Second pass: the edits of a text, from its spans, its nested texts and every echo of a known
    /// secret, in order of position.
    private mutating func edits(_ bytes: [UInt8], spans: [Span], nested: [Nested], path: [JSONPathComponent])
        -> [Edit]
    {
        let taken = ScrubRanges(spans.map(\.range) + nested.map(\.range)).ranges
        let echoes = literals.occurrences(in: bytes, avoiding: taken)
        var edits: [Edit] = []
        var spanIndex = 0
        var nestedIndex = 0
        var echoIndex = 0
        while spanIndex < spans.count || nestedIndex < nested.count || echoIndex < echoes.count {
            let spanStart = spanIndex < spans.count ? spans[spanIndex].range.lowerBound : Int.max
            let nestedStart = nestedIndex < nested.count ? nested[nestedIndex].range.lowerBound : Int.max
            let echoStart = echoIndex < echoes.count ? echoes[echoIndex].range.lowerBound : Int.max
            if spanStart <= nestedStart && spanStart <= echoStart {
                let span = spans[spanIndex]
                spanIndex += 1
                guard let replacement = span.fixed ?? table.placeholder(for: span.secret) else {
                    continue
                }
                add(span.range, replacement, rule: span.rule.name, summary: span.summary, bytes, path, to: &edits)
            } else if nestedStart <= echoStart {
                edits += processNested(nested[nestedIndex], in: bytes, path: path)
                nestedIndex += 1
            } else {
                let (range, needle) = echoes[echoIndex]
                echoIndex += 1
                let entry = table.entries[needle.entry]
                // `o-platform@dev.azure.com` inside `contoso-platform@dev.azure.com` is part of another
                // address: replacing it would leave `contosuser-2@example.invalid`, a new address.
                if entry.isAddress, ScrubEngine.continuesAnAddress(bytes, before: range.lowerBound, needle.bytes) {
                    continue
                }
                add(range, needle.replacement, rule: entry.rule, summary: entry.summary, bytes, path, to: &edits)
            }
        }
        return edits
    }

    /// Whether a spelling of an address (`@`, `%40` or `\u0040` in it; not its base64) found at
    /// `index` is the end of a longer local part: a letter, digit or `._%+-` before it that is not
    /// the end of an escape (`%3A`, `\u003c`, `=3D`).
    static func continuesAnAddress(_ bytes: [UInt8], before index: Int, _ needle: [UInt8]) -> Bool {
        guard index > 0,
            needle.contains(UInt8(ascii: "@")) || needle.contains(UInt8(ascii: "%")) || needle.contains(0x5C)
        else { return false }
        let previous = bytes[index - 1]
        guard ShapeBytes.isAlphanumeric(previous) || EmailShape.localSymbols.contains(previous) else { return false }
        if index >= 3, bytes[index - 3] == UInt8(ascii: "%") || bytes[index - 3] == UInt8(ascii: "="),
            ShapeBytes.isHexDigit(bytes[index - 2]), ShapeBytes.isHexDigit(previous)
        {
            return false
        }
        if index >= 6, bytes[index - 6] == 0x5C, bytes[index - 5] == UInt8(ascii: "u"),
            bytes[(index - 4)..<index].allSatisfy(ShapeBytes.isHexDigit)
        {
            return false
        }
        return true
    }

    /// Adds an edit and its finding, unless it would change nothing.
    private mutating func add(
        _ range: Range<Int>, _ placeholder: String, rule: String, summary: String, _ bytes: [UInt8],
        _ path: [JSONPathComponent], to edits: inout [Edit]
    ) {
        var replacement = placeholder
        if fitsLength { replacement = ScrubEngine.fitted(replacement, to: range.count) }
        guard !bytes[range].elementsEqual(replacement.utf8) else { return }
        edits.append(Edit(range: range, replacement: replacement))
        let place = places.filter { !$0.isEmpty }.reversed().joined(separator: " ")
        findings.append(
            ScrubFinding(
                path: JSONPathComponent.text(path), rule: rule,
                summary: summary + (place.isEmpty ? "" : " " + place) + " → " + placeholder))
        findingPaths.append(path)
    }

    /// A placeholder of exactly `length` bytes, for places where lengths may be framing (binary
    /// bodies): padded with `*`, or, when it is longer than the secret, cut to `SCRUBBED` and `*`s
    /// (or `*`s alone for a secret shorter than that), which every rule still reads as scrubbed.
    static func fitted(_ placeholder: String, to length: Int) -> String {
        let count = placeholder.utf8.count
        if count <= length { return placeholder + String(repeating: "*", count: length - count) }
        let marker = "SCRUBBED"
        if length >= marker.utf8.count { return marker + String(repeating: "*", count: length - marker.utf8.count) }
        return String(repeating: "*", count: length)
    }

    /// Reads a nested text: first pass, registers what it holds; second pass, the edits that write
    /// its changes back in its encoding.
    mutating func processNested(_ item: Nested, in bytes: [UInt8], path: [JSONPathComponent]) -> [Edit] {
        let edits = encodedNested(item, in: bytes, path: path)
        // Where lengths are framing (binary bodies), a nested text written back at another length
        // (base64 of a shorter text) gives way to a marker of the same length.
        guard fitsLength else { return edits }
        return edits.map { edit in
            edit.replacement.utf8.count == edit.range.count
                ? edit : Edit(range: edit.range, replacement: ScrubEngine.fitted("SCRUBBED", to: edit.range.count))
        }
    }

    /// ``processNested(_:in:path:)`` before lengths are fitted.
    private mutating func encodedNested(_ item: Nested, in bytes: [UInt8], path: [JSONPathComponent]) -> [Edit] {
        depth += 1
        places.append(item.place)
        defer {
            depth -= 1
            places.removeLast()
        }
        let raw = ScrubBytes.string(bytes, item.range)
        switch item.encoding {
        case .identity:
            let inner = Array(bytes[item.range])
            return scan(inner, raw, kind: item.kind, given: [], path: path).map {
                Edit(
                    range: ($0.range.lowerBound + item.range.lowerBound)..<($0.range.upperBound + item.range.lowerBound),
                    replacement: $0.replacement)
            }
        case .percent(let plusAsSpace):
            let decoded = ScrubBytes.percentDecoded(Substring(raw), plusAsSpace: plusAsSpace)
            let result = process(decoded, kind: item.kind, path: path)
            guard result != decoded else { return [] }
            return [
                Edit(
                    range: item.range,
                    replacement: ScrubBytes.percentEncoded(result, like: raw, plusForSpace: plusAsSpace))
            ]
        case .base64(let style):
            guard let (decoded, _) = ScrubTextCodecs.base64Text(raw) else { return [] }
            let saved = fitsLength
            fitsLength = false
            defer { fitsLength = saved }
            let result = process(decoded, kind: item.kind, path: path)
            guard result != decoded else { return [] }
            return [Edit(range: item.range, replacement: ScrubTextCodecs.base64(result, style: style))]
        case .base64Archive(let style):
            guard let (decoded, _) = ScrubTextCodecs.base64Archive(raw), let opened = walkArchive(decoded, path: path),
                let rewritten = opened
            else { return [] }
            return [Edit(range: item.range, replacement: ScrubTextCodecs.base64(bytes: rewritten, style: style))]
        case .json(let value, let ranges):
            return jsonTextEdits(value, ranges: ranges, path: path)
        case .quotedPrintable(let lineBreak):
            guard let decoded = ScrubTextCodecs.quotedPrintableDecoded(bytes[item.range]) else { return [] }
            let result = process(decoded, kind: item.kind, path: path)
            guard result != decoded else { return [] }
            let replacement = ScrubTextCodecs.quotedPrintable(
                result, replacing: bytes[item.range], decoded: decoded, lineBreak: lineBreak)
            return [Edit(range: item.range, replacement: replacement)]
        case .html:
            let decoded = ScrubTextCodecs.htmlDecoded(raw)
            let result = process(decoded, kind: item.kind, path: path)
            guard result != decoded else { return [] }
            let apostrophe = raw.contains("&#x27;") ? "&#x27;" : raw.contains("&apos;") ? "&apos;" : "&#39;"
            return [Edit(range: item.range, replacement: ScrubTextCodecs.htmlEscaped(result, apostrophe: apostrophe))]
        }
    }

    /// The text with the edits (sorted, disjoint) applied; `nil` when there are none.
    static func apply(_ edits: [Edit], to bytes: [UInt8]) -> String? {
        guard !edits.isEmpty else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var cursor = 0
        for edit in edits.sorted(by: { $0.range.lowerBound < $1.range.lowerBound })
        where edit.range.lowerBound >= cursor {
            output.append(contentsOf: bytes[cursor..<edit.range.lowerBound])
            output.append(contentsOf: edit.replacement.utf8)
            cursor = edit.range.upperBound
        }
        output.append(contentsOf: bytes[cursor...])
        return String(decoding: output, as: UTF8.self)
    }

    /// Whether a text may hold an absolute URL (`:/`, or `:\/` in JSON text).
    static func mayHoldURL(_ bytes: [UInt8]) -> Bool {
        var index = 0
        while let colon = bytes[index...].firstIndex(of: UInt8(ascii: ":")) {
            if colon + 1 < bytes.count, bytes[colon + 1] == UInt8(ascii: "/") { return true }
            if colon + 2 < bytes.count, bytes[colon + 1] == UInt8(ascii: "\\"), bytes[colon + 2] == UInt8(ascii: "/") {
                return true
            }
            index = colon + 1
        }
        return false
    }
}
