import Foundation

/// Removes secrets from interactions before anything is written.
///
/// The recorder passes every cassette through ``scrub(_:)`` before it is encoded, and replay
/// matches a request by the identity of its ``masked(_:)`` form, so a live request carrying a real
/// token still matches its scrubbed recording. <doc:ScrubbingSecrets> lists
/// every rule.
///
/// A scrubber compiles its rules once, when it is made; keep one and reuse it.
public struct Scrubber: Sendable {
    let rules: ScrubRuleSet

    /// The shortest secret that is also replaced where no rule found it (its echoes): six
    /// characters. Shorter values found by a field's name (`code=1`) are replaced in that field
    /// only, so they do not wipe every `1` in a body. Secrets found by their shape echo at any length.
    public static let minimumEchoLength = 6

    /// A scrubber with the default rules.
    public init() {
        self.init(configuration: ScrubConfiguration())
    }

    /// A scrubber with the default rules plus and minus a project's.
    public init(configuration: ScrubConfiguration) {
        rules = ScrubRuleSet(configuration: configuration)
    }

    /// The scrubber with the default rules.
    public static let `default` = Scrubber()

    /// The configuration this scrubber was made with.
    public var configuration: ScrubConfiguration { rules.configuration }

    /// A copy of the document with every secret replaced by its placeholder.
    ///
    /// Placeholders are numbered per rule in order of first appearance (interactions in order; in
    /// each, the request's URL, headers and body, the redirects, then the response's URL, headers
    /// and body), so the same document always gives the same bytes, and scrubbing a scrubbed
    /// document changes nothing.
    public func scrub(_ document: CassetteDocument) -> CassetteDocument {
        var engine = ScrubEngine(rules: rules, masking: false)
        var scrubbed = engine.run { $0.walk(document) }
        // A body that lost or gained bytes keeps a Content-Length that describes it.
        for index in scrubbed.interactions.indices {
            scrubbed.interactions[index].request.headers.fitContentLength(to: scrubbed.interactions[index].request.body)
            if case .response(var response) = scrubbed.interactions[index].outcome {
                response.headers.fitContentLength(to: response.body)
                scrubbed.interactions[index].outcome = .response(response)
            }
        }
        return scrubbed
    }

    /// What ``scrub(_:)`` would change in `document`: one finding per replacement, with its JSON
    /// path, rule and placeholder, never the secret. Empty for a scrubbed document.
    public func findings(in document: CassetteDocument) -> [ScrubFinding] {
        locatedFindings(in: document).map(\.finding)
    }

    /// ``findings(in:)`` with the JSON path of each as components, which locate it in the file
    /// (``JSONLocator``) even where a key holds a `.` or a `[`.
    package func locatedFindings(in document: CassetteDocument) -> [(finding: ScrubFinding, path: [JSONPathComponent])]
    {
        // Most cassettes a linter reads are scrubbed already, and on them the first pass, which
        // finds nothing, is all the work: it runs on every core first.
        if document.interactions.count >= 16,
            ScrubEngine.registersNothing(in: document.interactions, rules: rules)
        {
            return []
        }
        var engine = ScrubEngine(rules: rules, masking: false)
        _ = engine.run { $0.walk(document) }
        return Array(zip(engine.findings, engine.findingPaths))
    }

    /// The request with every secret replaced by a placeholder that does not depend on the secret
    /// or on other requests, for matching and ordering.
    ///
    /// Each rule has one class token (`SCRUBBED-QUERY`, `user@example.invalid`, ...) that stands for
    /// its secrets and its numbered placeholders alike, so a raw request and its scrubbed recording
    /// mask to the same request.
    public func masked(_ request: RecordedRequest) -> RecordedRequest {
        // Replay masks every live request; most hold nothing a rule could find, or only a bearer
        // token, and skipping the two passes for them is what keeps replay as cheap as a
        // hand-written stub.
        shortcutMasked(request) ?? fullyMasked(request)
    }

    /// ``masked(_:)`` when a shortcut gives it without the scrubber's passes; `nil` when the passes
    /// must run. For tests that hold the shortcut to the passes.
    package func shortcutMasked(_ request: RecordedRequest) -> RecordedRequest? {
        switch rules.maskingShortcut(request) {
        case .unchanged:
            return request
        case .credentials(let places):
            var result = request
            for (header, range, token) in places {
                let value = Array(request.headers[header].value.utf8)
                result.headers[header].value = String(decoding: value[..<range.lowerBound], as: UTF8.self) + token
            }
            return result
        case .none:
            return nil
        }
    }

    /// ``masked(_:)`` without the shortcuts; for tests that check them.
    package func fullyMasked(_ request: RecordedRequest) -> RecordedRequest {
        var engine = ScrubEngine(rules: rules, masking: true)
        return engine.run { $0.walk(request, path: []) }
    }

    /// Whether ``masked(_:)`` provably changes nothing in `request` but the credentials of its
    /// `Authorization`-style headers (a bearer token of any shape), decided without running the
    /// scrubber's passes. Matching uses it to skip masking when no header is part of the identity.
    package func masksOnlyCredentials(_ request: RecordedRequest) -> Bool {
        rules.maskingChangesOnlyCredentials(request)
    }

    /// Whether ``masked(_:)`` returns `request` as it is without running the scrubber's passes.
    package func skipsMasking(_ request: RecordedRequest) -> Bool {
        if case .unchanged = rules.maskingShortcut(request) { return true }
        return false
    }

    /// The document as a tool may print it: URLs and header values as ``scrub(_:)`` leaves them
    /// (secrets, their echoes and nested ones replaced), bodies as they are, so the kind and size a
    /// summary shows are the file's. `cassette show` prints this, never the bodies themselves.
    package func displaySafe(_ document: CassetteDocument) -> CassetteDocument {
        let scrubbed = scrub(document)
        var shown = document
        for (index, interaction) in scrubbed.interactions.enumerated() {
            shown.interactions[index].request.url = interaction.request.url
            shown.interactions[index].request.headers = interaction.request.headers
            shown.interactions[index].redirects = interaction.redirects
            if case .response(let response) = interaction.outcome,
                case .response(var original) = shown.interactions[index].outcome
            {
                original.url = response.url
                original.headers = response.headers
                shown.interactions[index].outcome = .response(original)
            }
        }
        return shown
    }

    /// Text with secrets replaced, for error messages and logs: secret shapes, and the secrets in
    /// any URL it holds.
    public func scrubText(_ text: String) -> String {
        var engine = ScrubEngine(rules: rules, masking: false)
        return engine.run { $0.process(text, kind: .text(nil), path: []) }
    }
}
