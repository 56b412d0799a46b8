/// The secrets found in one scrub, each with its placeholder, numbered per rule in order of first
/// appearance, and the forms it can take in a cassette.
struct ScrubSecretTable {
    struct Entry {
        var placeholder: String
        var rule: String
        var summary: String
        /// Whether the secret is replaced wherever it appears, not only where a rule found it: when
        /// it was found by its shape, or looks like a secret (``ScrubEchoPolicy``).
        var echoes: Bool
        /// (form of the secret, the same form of the placeholder).
        var forms: [(String, String)]
        /// Whether the secret is an email address.
        var isAddress = false
    }

    /// Class tokens instead of numbered placeholders.
    let masking: Bool
    private(set) var entries: [Entry] = []
    private var indexBySecret: [String: Int] = [:]
    private var counters: [String: Int] = [:]
    /// Set when the first pass found something to replace that has no entry (a number under a PIN's
    /// name), so the second pass must run.
    var hasFixedReplacements = false

    init(masking: Bool) {
        self.masking = masking
    }

    /// Whether the second pass has anything to do.
    var isEmpty: Bool { entries.isEmpty && !hasFixedReplacements }

    /// The key a secret is known by: email addresses ignore case, so `Ann@Example.com` and
    /// `ann@example.com` are one secret with one placeholder.
    private static func key(_ secret: String, rule: ScrubRuleSpec) -> String {
        rule.style == .email ? secret.lowercased() : secret
    }

    /// Records a secret (once; later finds add the spelling they saw) and returns its placeholder.
    @discardableResult
    mutating func register(
        _ secret: String, observed: String? = nil, rule: ScrubRuleSpec, summary: String, byShape: Bool
    ) -> String {
        let key = ScrubSecretTable.key(secret, rule: rule)
        if let index = indexBySecret[key] {
            for spelling in [secret, observed].compactMap({ $0 })
            where !entries[index].forms.contains(where: { $0.0 == spelling }) {
                entries[index].forms += ScrubBytes.forms(of: spelling, placeholder: entries[index].placeholder)
                    .filter { form in !entries[index].forms.contains { $0.0 == form.0 } }
            }
            if byShape { entries[index].echoes = true }
            return entries[index].placeholder
        }
        let placeholder: String
        if masking {
            placeholder = rule.style.classToken(secret: secret)
        } else {
            let number = counters[rule.name, default: 0] + 1
            counters[rule.name] = number
            placeholder = rule.style.placeholder(number: number, secret: secret)
        }
        var forms = ScrubBytes.forms(of: secret, placeholder: placeholder)
        if let observed, !forms.contains(where: { $0.0 == observed }) { forms.append((observed, placeholder)) }
        indexBySecret[key] = entries.count
        entries.append(
            Entry(
                placeholder: placeholder, rule: rule.name, summary: summary,
                echoes: byShape || ScrubEchoPolicy.echoes(secret), forms: forms, isAddress: rule.style == .email))
        return placeholder
    }

    /// The placeholder of a registered secret. A span's rule may differ from the one the secret was
    /// registered with (a field's value that is wholly an email address is registered as one).
    func placeholder(for secret: String) -> String? {
        (indexBySecret[secret] ?? indexBySecret[secret.lowercased()]).map { entries[$0].placeholder }
    }

    /// An index for finding every echoing secret's forms in a text.
    func literalIndex() -> ScrubLiteralIndex {
        var index = ScrubLiteralIndex()
        for (position, entry) in entries.enumerated() where entry.echoes {
            for (form, replacement) in entry.forms where !form.isEmpty && form != replacement {
                index.add(Array(form.utf8), replacement: replacement, entry: position)
            }
        }
        index.finish()
        return index
    }
}
