import CassetteModel
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The hand-written alternative to a cassette: a `URLProtocol` that answers every request at once
/// with one fixed response and body, kept in memory. It builds an `HTTPURLResponse` for each
/// request, as a hand-written stub does.
final class StubProtocol: URLProtocol {
    /// The body every request gets; the same bytes the benchmark's cassettes serve.
    nonisolated(unsafe) static var body = Data()
    /// The headers every response carries.
    nonisolated(unsafe) static var headers: [String: String] = [:]

    override class func canInit(with request: URLRequest) -> Bool { true }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        guard let url = request.url, let response = StubProtocol.response(for: url) else { return }
        StubProtocol.answer(self, with: response)
    }

    override func stopLoading() {}

    static func response(for url: URL) -> HTTPURLResponse? {
        HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: headers)
    }

    /// Hands `response` and the body to the protocol's client, at once.
    static func answer(_ loader: URLProtocol, with response: HTTPURLResponse) {
        guard let client = loader.client else { return }
        client.urlProtocol(loader, didReceive: response, cacheStoragePolicy: .notAllowed)
        client.urlProtocol(loader, didLoad: body)
        client.urlProtocolDidFinishLoading(loader)
    }
}

/// The stub, keeping the `HTTPURLResponse` it built for a URL for the next request to it, as replay
/// does for an answer served again (``ResponseHeads``): the baseline that shows what replay's own
/// work costs there, since on Linux building the response is a large part of a stub's request.
final class KeepingStubProtocol: URLProtocol {
    private static let kept = Locked<[URL: HTTPURLResponse]>([:])

    override class func canInit(with request: URLRequest) -> Bool { true }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        guard let url = request.url else { return }
        let response: HTTPURLResponse
        if let known = KeepingStubProtocol.kept.withLock({ $0[url] }) {
            response = known
        } else {
            guard let built = StubProtocol.response(for: url) else { return }
            KeepingStubProtocol.kept.withLock { $0[url] = built }
            response = built
        }
        StubProtocol.answer(self, with: response)
    }

    override func stopLoading() {}
}
