import Foundation

/// One recorded exchange: the request the code under test made and what came back.
public struct Interaction: Sendable, Hashable {
    public var request: RecordedRequest
    /// The redirect hops the request went through before its outcome, in order; empty when the
    /// server answered directly.
    public var redirects: [RedirectHop]
    public var outcome: Outcome
    /// The UTC day the exchange was recorded, `YYYY-MM-DD`; `nil` in files written before the
    /// format recorded it.
    public var recorded: String?

    public init(request: RecordedRequest, redirects: [RedirectHop] = [], outcome: Outcome, recorded: String? = nil) {
        self.request = request
        self.redirects = redirects
        self.outcome = outcome
        self.recorded = recorded
    }

    /// What a request led to.
    public enum Outcome: Sendable, Hashable {
        /// The server answered.
        case response(RecordedResponse)
        /// The request failed before a response arrived (connection refused, timed out, ...).
        case failure(TransportError)
    }

    /// Forgets how the file stored the bodies (``CassetteDocument/decode(_:path:keepingStoredForms:)``).
    package mutating func dropStoredForms() {
        request.storedFormHint = StoredFormHint()
        if case .response(var response) = outcome {
            response.storedFormHint = StoredFormHint()
            outcome = .response(response)
        }
    }

    /// The response, when the outcome is one.
    public var response: RecordedResponse? {
        if case .response(let response) = outcome { return response }
        return nil
    }
}
