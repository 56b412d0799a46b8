import Foundation

/// A request as the caller built it: method, URL, the headers the caller set, and the body.
public struct RecordedRequest: Sendable, Hashable, HTTPMessage {
    public var method: String
    public var url: String
    public var headers: [HTTPHeader]
    /// The body bytes; `nil` when there is none (an empty body is stored as none).
    public var body: Data?
    package var storedFormHint = StoredFormHint()

    public init(method: String, url: String, headers: [HTTPHeader] = [], body: Data? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body?.isEmpty == true ? nil : body
    }
}
