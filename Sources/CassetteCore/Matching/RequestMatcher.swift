import Foundation

/// Decides which recorded request a live request is: the key both are indexed by, and the order a
/// recording writes its interactions in.
///
/// The key is the ``RequestIdentity`` of the request's masked form (`Scrubber.masked(_:)`), so a
/// live request carrying a real token matches its scrubbed recording, with what the match rules
/// leave out left out and the headers they name added.
package struct RequestMatcher: Sendable {
    /// The scrubber whose masking the identity is computed from.
    package let scrubber: Scrubber
    package let rules: CompiledMatchRules

    package init(scrubber: Scrubber, rules: CompiledMatchRules = .strict) {
        self.scrubber = scrubber
        self.rules = rules
    }

    /// The key replay looks `request` up by: the identity of its masked form (``match(_:)``).
    package func identity(of request: RecordedRequest) -> RequestIdentity {
        match(request).identity
    }

    /// A live request as matching sees it: its key, computed once, and its masked form when the key
    /// needed it.
    ///
    /// The key is made of the method, the URL, the body and the headers the rules name. A request
    /// whose only secrets are the credentials of an `Authorization`-style header (a bearer token of
    /// any shape) masks to itself in all of those when the rules name no header, so its key is
    /// computed from it as it is, and the masking, which is most of what matching costs, waits
    /// until something needs the masked form (a miss, or a predicate): ``masked(_:of:)``.
    package func match(_ request: RecordedRequest) -> MatchedRequest {
        if rules.headers.isEmpty && rules.predicate == nil && scrubber.masksOnlyCredentials(request) {
            return MatchedRequest(identity: identity(ofMasked: request), masked: nil)
        }
        let masked = scrubber.masked(request)
        return MatchedRequest(identity: identity(ofMasked: masked), masked: masked)
    }

    /// The key of `request` taken as it is, when the key of its masked form may be looked up that
    /// way first: when no header and no predicate takes part in matching.
    ///
    /// Masking is idempotent and a recorded request's key is that of its masked form, so a live
    /// request whose key, as it is, is a recorded key holds in its method, URL and body only what a
    /// masked request holds, and masks to the same key; the one other way masking could change them,
    /// an echo of a header's secret, would need that secret to be spelled out in a masked recording.
    /// A lookup that finds nothing proves nothing: look the masked key up then (``match(_:)``).
    package func literalIdentity(of request: RecordedRequest) -> RequestIdentity? {
        looksUpLiteralRequests ? identity(ofMasked: request) : nil
    }

    /// Whether a live request may be looked up as it is before it is masked
    /// (``literalIdentity(of:)``): when no header and no predicate takes part in matching.
    package var looksUpLiteralRequests: Bool {
        rules.headers.isEmpty && rules.predicate == nil
    }

    /// The masked form of `request`, whose match is `matched`: the one computed for the key, or
    /// computed now.
    package func masked(_ matched: MatchedRequest, of request: RecordedRequest) -> RecordedRequest {
        matched.masked ?? scrubber.masked(request)
    }

    /// The key of a request that is already masked.
    package func identity(ofMasked masked: RecordedRequest) -> RequestIdentity {
        guard !rules.leavesIdentityAlone else { return RequestIdentity(strict: masked) }
        let url = URLParts.removingQueryItems(named: rules.ignoredQueryItems, from: masked.url)
        let bodyHash =
            masked.body.map {
                CanonicalBody.hash(
                    of: $0, contentType: masked.headers.value(for: "Content-Type"), ignoring: rules.ignoredBodyPaths,
                    ignoringFields: rules.ignoredFields)
            } ?? RequestIdentity.emptyBodyHash
        let headers = rules.headers.flatMap { name in
            masked.headers.filter { $0.hasName(name) }.map { HTTPHeader(name.lowercased(), $0.value) }
        }
        return RequestIdentity(
            method: masked.method.uppercased(), rawURL: url, bodyHash: bodyHash, headers: headers, body: masked.body,
            contentType: masked.headers.value(for: "Content-Type"))
    }

    /// The order of requests in a cassette: by URL, then method, then body hash, then the headers
    /// match rules add. `false` for equal identities, whose order is the order they were made in.
    package static func precedes(_ left: RequestIdentity, _ right: RequestIdentity) -> Bool {
        if left.url != right.url { return left.url.utf8.lexicographicallyPrecedes(right.url.utf8) }
        if left.method != right.method { return left.method < right.method }
        if left.bodyHash != right.bodyHash { return left.bodyHash < right.bodyHash }
        let leftHeaders = left.headers.map { $0.name + ":" + $0.value }
        let rightHeaders = right.headers.map { $0.name + ":" + $0.value }
        return leftHeaders.lexicographicallyPrecedes(rightHeaders) { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }
}
