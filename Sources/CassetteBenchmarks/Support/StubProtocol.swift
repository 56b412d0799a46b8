import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The hand-written alternative to a cassette: a `URLProtocol` that answers every request at once
/// with one fixed response and body, kept in memory.
final class StubProtocol: URLProtocol {
    /// The body every request gets; the same bytes the benchmark's cassettes serve.
    nonisolated(unsafe) static var body = Data()
    /// The headers every response carries.
    nonisolated(unsafe) static var headers: [String: String] = [:]

    override class func canInit(with request: URLRequest) -> Bool { true }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        guard let client, let url = request.url,
            let response = HTTPURLResponse(
                url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: StubProtocol.headers)
        else { return }
        client.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        client.urlProtocol(self, didLoad: StubProtocol.body)
        client.urlProtocolDidFinishLoading(self)
    }

    override func stopLoading() {}
}
