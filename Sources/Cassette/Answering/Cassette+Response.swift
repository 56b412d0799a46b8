import CassetteCore
import Foundation

extension Cassette {
    /// The answer to a request made with ``Cassette/response(for:)``: status, final URL, headers,
    /// and a body to read whole or chunk by chunk.
    ///
    /// The values are the ones a `URLSession` user of the same cassette gets in its
    /// `HTTPURLResponse`: the recorded status and headers (in their recorded spelling and order),
    /// and the URL of the final response when redirects were followed.
    public struct Response: Sendable {
        /// The HTTP status code.
        public var status: Int
        /// The URL of the response: the request's, or where recorded redirects led.
        public var url: String
        /// The header fields, in recorded order and spelling; fields of one name stay separate.
        public var headers: [HTTPHeader]
        /// The body, as it arrives.
        public var body: Body

        /// A response, for tests of an adapter that build one by hand.
        public init(status: Int, url: String, headers: [HTTPHeader] = [], body: Body = Body(Data())) {
            self.status = status
            self.url = url
            self.headers = headers
            self.body = body
        }
    }
}
