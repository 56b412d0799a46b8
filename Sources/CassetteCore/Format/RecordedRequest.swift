import Foundation

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
