import Foundation

extension ScrubRuleSet {
    /// What masking a request takes, decided without running the scrubber's two passes.
    enum MaskingShortcut {
        /// Masking provably returns the request unchanged.
        case unchanged
        /// Masking provably changes only the credentials of these `Authorization`-style headers
        /// (header index, byte range of the credentials in its value), each to the class token given.
        case credentials([(header: Int, range: Range<Int>, token: String)])
        /// Run the passes.
        case none
    }

    /// The shortcut for masking `request`. Conservative: `.none` means only "run the passes".
    ///
    /// Masking changes a request only through a secret its first pass registers, and that pass
    /// registers one only from a span a rule found by structure or from a shape detector's match.
    /// A shortcut applies only when neither can happen outside `Authorization`-style credentials:
    /// - the request has no body (bodies have structure of their own);
    /// - no other header is one whose value has structure (`Cookie`, `Location`, ...) or whose name
    ///   is a secret's, and no header value may hold an embedded URL (`:/`) or is JSON;
    /// - the URL holds nothing ``ScrubEngine/urlStructure(_:_:)`` reads: no user info, no secret in
    ///   its path, no query or fragment item named like a secret, and no value that may be a
    ///   nested text (an escape, or 16 characters or more);
    /// - in the URL and in every other header value, no shape detector's prefilter occurs, and
    ///   every detector has a prefilter (a project pattern without one could match anywhere).
    ///
    /// With no secret registered, the second pass has nothing to replace. With credentials only,
    /// it replaces each of them by the class token when the credentials are no known shape (or are
    /// wholly a placeholder, as in a recording), hold no
    /// parts of their own (`Basic` passwords, `Signature=` parameters), are spelled the same in every
    /// form, and no form of them occurs anywhere else in the request (an echo the pass would
    /// replace too). `MaskingShortcutTests` and the scrub fuzzer hold both to the full passes.
    func maskingShortcut(_ request: RecordedRequest) -> MaskingShortcut {
        credentialsShortcut(request, classTokens: true)
    }

    /// Whether masking `request` provably changes nothing but the credentials of its
    /// `Authorization`-style headers: not its URL, not its other headers, and it has no body. Unlike
    /// ``maskingShortcut(_:)`` it holds for credentials of any shape (a GitHub token, a JWT), since
    /// it does not say what they become; what a detector finds inside them counts as one of their
    /// secrets, whose echoes anywhere else rule the shortcut out. An identity that holds no header
    /// the credentials are in is then the identity of the request as it is.
    func maskingChangesOnlyCredentials(_ request: RecordedRequest) -> Bool {
        if case .none = credentialsShortcut(request, classTokens: false) { return false }
        return true
    }

    /// ``maskingShortcut(_:)``; without `classTokens`, credentials of any shape qualify, their
    /// tokens are left empty, and the secrets detectors find inside them are checked for echoes too.
    private func credentialsShortcut(_ request: RecordedRequest, classTokens: Bool) -> MaskingShortcut {
        guard request.body == nil, maskingDetectors.detectors.allSatisfy({ !$0.prefilters.isEmpty }) else {
            return .none
        }
        var credentials: [(header: Int, range: Range<Int>, token: String)] = []
        var echoForms: [(header: Int, forms: [[UInt8]])] = []
        var plainValues: [[UInt8]] = []
        for (index, header) in request.headers.enumerated() {
            let value = Array(header.value.utf8)
            switch ScrubHeaderStructure.of(header.name) {
            case .credentials:
                guard isEnabled(.authorization), let analysis = credentialsAnalysis(of: header.value) else {
                    return .none
                }
                let token: String
                if classTokens {
                    guard let classToken = analysis.classToken else { return .none }
                    token = classToken
                } else {
                    token = ""
                }
                credentials.append((index, analysis.range, token))
                echoForms.append((index, analysis.echoForms))
                continue
            case .some:
                return .none
            case nil:
                break
            }
            if names.isSecret(header.name, in: .header) || ScrubEngine.mayHoldURL(value)
                || ScrubEngine.isHeaderText(value) || mayHoldShape(value)
            {
                return .none
            }
            plainValues.append(value)
        }
        let url = Array(request.url.utf8)
        guard !mayHoldShape(url) else { return .none }
        let found = ScrubEngine(rules: self, masking: true).urlStructure(url, 0..<url.count)
        guard found.spans.isEmpty && found.nested.isEmpty else { return .none }
        guard !credentials.isEmpty else { return .unchanged }
        // No echo of the credentials, or of a secret found inside them, elsewhere: the passes would
        // replace it.
        for (header, forms) in echoForms {
            for needle in forms {
                if ScrubBytes.contains(url, needle) || plainValues.contains(where: { ScrubBytes.contains($0, needle) })
                {
                    return .none
                }
                for (other, otherRange, _) in credentials where other != header {
                    if ScrubBytes.contains(Array(Array(request.headers[other].value.utf8)[otherRange]), needle) {
                        return .none
                    }
                }
            }
        }
        return .credentials(credentials)
    }

    /// What the shortcut needs to know of an `Authorization`-style value, which depends on the value
    /// alone: clients send the same token on every request, so it is worked out once per value
    /// (``credentialsCache``) and every later request only looks for the echoes.
    struct CredentialsAnalysis: Sendable {
        /// The byte range of the credentials in the value.
        let range: Range<Int>
        /// The class token the passes give the credentials, when the shortcut can tell it.
        let classToken: String?
        /// Every form the passes would replace an echo of: the forms of the credentials and of each
        /// secret a detector finds inside the value.
        let echoForms: [[UInt8]]
    }

    /// The analysis of `value`, from the cache or made now; `nil` when its credentials are not
    /// plain (``plainCredentials(_:)``).
    func credentialsAnalysis(of value: String) -> CredentialsAnalysis? {
        if let known = credentialsCache.withLock({ $0[value] }) { return known }
        let bytes = Array(value.utf8)
        let analysis = ScrubRuleSet.plainCredentials(bytes).map { range in
            let secrets =
                [String(decoding: bytes[range], as: UTF8.self)]
                + shapes(in: bytes, text: value).map { String(decoding: bytes[$0], as: UTF8.self) }
            var forms: [[UInt8]] = []
            for secret in secrets {
                for (form, _) in ScrubBytes.forms(of: secret, placeholder: "") where !forms.contains(Array(form.utf8)) {
                    forms.append(Array(form.utf8))
                }
            }
            return CredentialsAnalysis(
                range: range, classToken: classToken(ofCredentials: bytes, range), echoForms: forms)
        }
        credentialsCache.withLock { cache in
            // A bound, for a client that sends a new token on every request.
            if cache.count >= 64 { cache.removeAll(keepingCapacity: true) }
            cache[value] = analysis
        }
        return analysis
    }

    /// The range of the credentials in an `Authorization` value `scheme credentials` whose
    /// credentials have no parts of their own: not `Basic` (its password is a secret of its own),
    /// no `=` parameters, and only unreserved characters (every encoded form is the same). `nil`
    /// when the value is not that simple.
    private static func plainCredentials(_ value: [UInt8]) -> Range<Int>? {
        guard let space = value.firstIndex(of: 0x20), space > 0,
            value[..<space].allSatisfy({ $0 == UInt8(ascii: "-") || ShapeBytes.isAlphanumeric($0) })
        else { return nil }
        let scheme = value[..<space].map(ShapeBytes.lowercase)
        guard !scheme.elementsEqual("basic".utf8) else { return nil }
        var start = space
        while start < value.count, value[start] == 0x20 { start += 1 }
        guard start < value.count,
            value[start...].allSatisfy({ ShapeBytes.isAlphanumeric($0) || "-._~".utf8.contains($0) })
        else { return nil }
        return start..<value.count
    }

    /// The class token the passes give the credentials at `range` of an `Authorization` value, when
    /// no detector but two can match there: the one for `Bearer` credentials in text (whose match is
    /// the credentials themselves), and the placeholders' when the credentials are wholly one (a
    /// recording's `SCRUBBED-TOKEN-1`, masked to its rule's class token). `nil` otherwise.
    private func classToken(ofCredentials value: [UInt8], _ range: Range<Int>) -> String? {
        var token = spec(.authorization).style.classToken(secret: "")
        for index in maskingDetectors.prefilter.candidates(in: value) {
            switch maskingDetectors.detectors[index].matcher {
            case .shape(.schemeCredentials):
                continue
            case .placeholders(let placeholders):
                let credentials = Array(value[range])
                guard
                    let whole = placeholders.matches(in: credentials).first(where: { $0.range == 0..<credentials.count }
                    )
                else { return nil }
                token = whole.rule.style.classToken(secret: String(decoding: credentials, as: UTF8.self))
            default:
                return nil
            }
        }
        return token
    }

    /// The ranges of what the masking detectors find in `bytes` (the UTF-8 of `text`).
    private func shapes(in bytes: [UInt8], text: String) -> [Range<Int>] {
        maskingDetectors.prefilter.candidates(in: bytes).flatMap { index in
            maskingDetectors.detectors[index].matches(in: bytes, text: text).map(\.range)
        }
    }

    /// Whether some masking detector may find a secret in `bytes`: its prefilter occurs there and it
    /// matches.
    private func mayHoldShape(_ bytes: [UInt8]) -> Bool {
        // A prefilter hit is only a maybe (a provider prefix inside a longer word): run the detectors it lets
        // through, which on a URL or a header value is quick.
        let possible = maskingDetectors.prefilter.candidates(in: bytes)
        guard !possible.isEmpty else { return false }
        let text = String(decoding: bytes, as: UTF8.self)
        return possible.contains { !maskingDetectors.detectors[$0].matches(in: bytes, text: text).isEmpty }
    }
}
