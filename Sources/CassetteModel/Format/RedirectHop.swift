import Foundation

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
