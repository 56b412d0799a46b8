import Foundation

/// What the server answers. `Content-Length` is added unless given (never for 204 and 304; a given one
/// must match the body), and no `Date` header is sent, so recordings stay identical between runs. With
/// `stream` set the body is sent as that stream instead of `body`.
package struct HTTPResponseSpec: Sendable {
    package var status: Int
    /// The reason phrase; nil picks the standard one for `status`.
    package var reason: String? = nil
    package var headers: [(name: String, value: String)] = []
    package var body: [UInt8] = []
    /// How long the connection thread waits before writing the response (cut short by `stop()`).
    package var delay: Duration = .zero
    /// A body written piece by piece, each piece flushed as one HTTP chunk; nil for `body` in one piece.
    package var stream: HTTPResponseStream? = nil

    package init(
        status: Int, reason: String? = nil, headers: [(name: String, value: String)] = [], body: [UInt8] = [],
        delay: Duration = .zero
    ) {
        self.status = status
        self.reason = reason
        self.headers = headers
        self.body = body
        self.delay = delay
    }

    package static func json(_ text: String, status: Int = 200) -> Self {
        Self(status: status, headers: [("Content-Type", "application/json")], body: Array(text.utf8))
    }

    package static func text(_ text: String, status: Int = 200, contentType: String = "text/plain; charset=utf-8")
        -> Self
    {
        Self(status: status, headers: [("Content-Type", contentType)], body: Array(text.utf8))
    }

    package static func bytes(_ bytes: [UInt8], contentType: String = "application/octet-stream") -> Self {
        Self(status: 200, headers: [("Content-Type", contentType)], body: bytes)
    }

    package static func redirect(_ status: Int, to location: String) -> Self {
        Self(status: status, headers: [("Location", location)])
    }

    package static func empty(_ status: Int) -> Self {
        Self(status: status)
    }

    /// A `200` whose body is `stream`, chunked, with `Content-Type: contentType`.
    package static func streamed(_ stream: HTTPResponseStream, contentType: String) -> Self {
        var response = Self(status: 200, headers: [("Content-Type", contentType)])
        response.stream = stream
        return response
    }
}
