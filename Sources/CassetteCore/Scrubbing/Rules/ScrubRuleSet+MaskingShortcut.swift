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
        guard request.body == nil, maskingDetectors.detectors.allSatisfy({ !$0.prefilters.isEmpty }) else {
            return .none
        }
        var credentials: [(header: Int, range: Range<Int>, token: String)] = []
        var plainValues: [[UInt8]] = []
        for (index, header) in request.headers.enumerated() {
            let value = Array(header.value.utf8)
            switch ScrubHeaderStructure.of(header.name) {
            case .credentials:
                guard isEnabled(.authorization), let range = ScrubRuleSet.plainCredentials(value),
                    let token = classToken(ofCredentials: value, range)
                else { return .none }
                credentials.append((index, range, token))
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
        // No echo of the credentials elsewhere: the passes would replace it.
        for (header, range, _) in credentials {
            let secret = String(decoding: Array(request.headers[header].value.utf8)[range], as: UTF8.self)
            for (form, _) in ScrubBytes.forms(of: secret, placeholder: "") {
                let needle = Array(form.utf8)
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
