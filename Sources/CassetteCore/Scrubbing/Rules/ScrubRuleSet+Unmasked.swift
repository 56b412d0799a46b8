import Foundation

extension ScrubRuleSet {
    /// Whether masking `request` provably returns it unchanged, checked without running the
    /// scrubber's two passes. Conservative: `false` means only "run them".
    ///
    /// Masking changes a request only through a secret its first pass registers, and that pass
    /// registers one only from a span a rule found by structure or from a shape detector's match.
    /// This returns `true` only when neither can happen:
    /// - the request has no body (bodies have structure of their own);
    /// - no header is one whose value has structure (`Authorization`, `Cookie`, `Location`, ...)
    ///   or whose name is a secret's, and no header value may hold an embedded URL (`:/`) or is
    ///   JSON;
    /// - the URL holds nothing ``ScrubEngine/urlStructure(_:_:)`` reads: no user info, no secret in
    ///   its path, no query or fragment item named like a secret, and no value that may be a
    ///   nested text (an escape, or 16 characters or more);
    /// - in the URL and in every header value, no shape detector's prefilter occurs, and every
    ///   detector has a prefilter (a project pattern without one could match anywhere).
    ///
    /// With no secret registered, the second pass has no span and no echo to replace, and returns
    /// every text as it was. `ScrubberTests` checks the shortcut against the full passes.
    func leavesUnmasked(_ request: RecordedRequest) -> Bool {
        guard request.body == nil, maskingDetectors.detectors.allSatisfy({ !$0.prefilters.isEmpty }) else {
            return false
        }
        for header in request.headers {
            if ScrubHeaderStructure.of(header.name) != nil
                || names.isSecret(header.name, in: .header)
            {
                return false
            }
            let value = Array(header.value.utf8)
            if ScrubEngine.mayHoldURL(value) || ScrubEngine.isHeaderText(value) || mayHoldShape(value) {
                return false
            }
        }
        let url = Array(request.url.utf8)
        guard !mayHoldShape(url) else { return false }
        let found = ScrubEngine(rules: self, masking: true).urlStructure(url, 0..<url.count)
        return found.spans.isEmpty && found.nested.isEmpty
    }

    /// Whether some masking detector's prefilter occurs in `bytes`.
    private func mayHoldShape(_ bytes: [UInt8]) -> Bool {
        maskingDetectors.prefilter.candidates(in: bytes).contains(true)
    }
}
