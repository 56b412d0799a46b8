import Foundation

/// One recorded exchange: the request the code under test made and what came back.
public struct Interaction: Sendable, Hashable {
    public var request: RecordedRequest
    /// The redirect hops the request went through before its outcome, in order; empty when the
    /// server answered directly.
    public var redirects: [RedirectHop]
    public var outcome: Outcome

    public init(request: RecordedRequest, redirects: [RedirectHop] = [], outcome: Outcome) {
        self.request = request
        self.redirects = redirects
        self.outcome = outcome
    }

    /// What a request led to.
    public enum Outcome: Sendable, Hashable {
        /// The server answered.
        case response(RecordedResponse)
        /// The request failed before a response arrived (connection refused, timed out, ...).
        case failure(TransportError)
    }

    /// The response, when the outcome is one.
    public var response: RecordedResponse? {
        if case .response(let response) = outcome { return response }
        return nil
    }
}
