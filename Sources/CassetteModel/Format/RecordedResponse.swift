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
    /// The body as it arrived, chunk by chunk, for a streamed response (server-sent events, NDJSON,
    /// a chunked body, a stream cut mid-way); ``body`` is then the chunks joined. Set it with
    /// ``init(status:url:headers:stream:)`` or ``setStream(_:)``, which keep the two in step.
    public private(set) var stream: ResponseStream?
    package var storedFormHint = StoredFormHint()

    public init(status: Int, url: String? = nil, headers: [HTTPHeader] = [], body: Data? = nil) {
        self.status = status
        self.url = url
        self.headers = headers
        self.body = body?.isEmpty == true ? nil : body
    }

    /// A streamed response: its body is the stream's chunks joined.
    public init(status: Int, url: String? = nil, headers: [HTTPHeader] = [], stream: ResponseStream) {
        self.init(status: status, url: url, headers: headers, body: stream.body)
        self.stream = stream
    }

    /// Replaces the stream (or removes it, keeping ``body`` as it is), and the body with its chunks joined.
    public mutating func setStream(_ stream: ResponseStream?) {
        self.stream = stream
        if let stream {
            let joined = stream.body
            body = joined.isEmpty ? nil : joined
        }
    }
}
