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

/// A request as the caller built it: method, URL, the headers the caller set, and the body.
public struct RecordedRequest: Sendable, Hashable {
    public var method: String
    public var url: String
    public var headers: [HTTPHeader]
    /// The body bytes; `nil` when there is none (an empty body is stored as none).
    public var body: Data?
    /// How the body was stored in the file it was read from, when that is how the canonical writer
    /// stores it too; saves parsing the body again. Not part of the request's value.
    package var storedForm: StoredBody? {
        get { storedFormHint?.form(for: body, headers: headers) }
        set { storedFormHint = newValue.map { StoredFormHint(form: $0, body: body, headers: headers) } }
    }
    private var storedFormHint: StoredFormHint?

    public init(method: String, url: String, headers: [HTTPHeader] = [], body: Data? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body?.isEmpty == true ? nil : body
    }

    /// The key replay matches this request on.
    public var identity: RequestIdentity {
        RequestIdentity(method: method, url: url, headers: headers, body: body)
    }

    public static func == (lhs: RecordedRequest, rhs: RecordedRequest) -> Bool {
        lhs.method == rhs.method && lhs.url == rhs.url && lhs.headers == rhs.headers && lhs.body == rhs.body
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(method)
        hasher.combine(url)
        hasher.combine(headers)
        hasher.combine(body)
    }
}

/// A response: status, headers in received order and spelling, and the body as served to the
/// caller (decoded when the server compressed it).
public struct RecordedResponse: Sendable, Hashable {
    public var status: Int
    /// The URL of the final response when redirects led away from the request's URL; `nil` when it
    /// is the request's URL.
    public var url: String?
    public var headers: [HTTPHeader]
    public var body: Data?
    /// How the body was stored in the file it was read from, when that is how the canonical writer
    /// stores it too. Not part of the response's value.
    package var storedForm: StoredBody? {
        get { storedFormHint?.form(for: body, headers: headers) }
        set { storedFormHint = newValue.map { StoredFormHint(form: $0, body: body, headers: headers) } }
    }
    private var storedFormHint: StoredFormHint?

    public init(status: Int, url: String? = nil, headers: [HTTPHeader] = [], body: Data? = nil) {
        self.status = status
        self.url = url
        self.headers = headers
        self.body = body?.isEmpty == true ? nil : body
    }

    public static func == (lhs: RecordedResponse, rhs: RecordedResponse) -> Bool {
        lhs.status == rhs.status && lhs.url == rhs.url && lhs.headers == rhs.headers && lhs.body == rhs.body
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(status)
        hasher.combine(url)
        hasher.combine(headers)
        hasher.combine(body)
    }
}

/// One redirect on the way to a response: the request that was redirected and the redirect
/// response's status and headers (its `Location` among them).
public struct RedirectHop: Sendable, Hashable {
    public var method: String
    public var url: String
    public var status: Int
    public var headers: [HTTPHeader]

    public init(method: String, url: String, status: Int, headers: [HTTPHeader] = []) {
        self.method = method
        self.url = url
        self.status = status
        self.headers = headers
    }
}

/// A transport failure, kept as its `URLError` code (for example -1004, cannot connect to host).
public struct TransportError: Sendable, Hashable {
    public var code: Int

    public init(code: Int) {
        self.code = code
    }
}

/// A body's stored form, valid only for the body and `Content-Type` it was made for.
struct StoredFormHint: Sendable {
    let form: StoredBody
    let body: Data?
    let contentType: String?

    init(form: StoredBody, body: Data?, headers: [HTTPHeader]) {
        self.form = form
        self.body = body
        contentType = headers.value(for: "Content-Type")
    }

    func form(for body: Data?, headers: [HTTPHeader]) -> StoredBody? {
        body == self.body && headers.value(for: "Content-Type") == contentType ? form : nil
    }
}
