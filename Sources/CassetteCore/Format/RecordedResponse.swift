import Foundation

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
