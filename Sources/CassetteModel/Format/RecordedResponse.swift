import Foundation

/// A response: status, headers in received order and spelling, and the body as served to the
/// caller (decoded when the server compressed it).
public struct RecordedResponse: Sendable, Hashable, HTTPMessage {
    public var status: Int
    /// The URL of the final response when redirects led away from the request's URL; `nil` when it
    /// is the request's URL.
    public var url: String?
    public var headers: [HTTPHeader]
    public var body: Data?
    package var storedFormHint = StoredFormHint()

    public init(status: Int, url: String? = nil, headers: [HTTPHeader] = [], body: Data? = nil) {
        self.status = status
        self.url = url
        self.headers = headers
        self.body = body?.isEmpty == true ? nil : body
    }
}
