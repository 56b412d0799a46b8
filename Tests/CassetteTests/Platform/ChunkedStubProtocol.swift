import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A URLProtocol that answers `stub://host/?chunks=a,b,c&ms=N&fail=1` with a 200 whose body it hands
/// over in one `didLoad` call per comma-separated chunk, `ms` milliseconds apart, then finishes (or,
/// with `fail=1`, fails with `URLError(.networkConnectionLost)`). Everything comes from the URL, so
/// tests running in parallel share no state.
final class ChunkedStubProtocol: URLProtocol {
    override class func canInit(with request: URLRequest) -> Bool { request.url?.scheme == "stub" }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        let url = request.url!
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        let value = { (name: String) in items.first { $0.name == name }?.value }
        let chunks = (value("chunks") ?? "").split(separator: ",").map { Data($0.utf8) }
        let pause = Double(value("ms") ?? "0")! / 1000
        let fails = value("fail") == "1"
        let box = ProtocolBox(self)
        // Off the session's queue (see PLATFORM-NOTES: blocking it deadlocks other sessions).
        DispatchQueue.global().async {
            let loader = box.value
            guard let client = loader.client else { return }
            let response = HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: [:])!
            client.urlProtocol(loader, didReceive: response, cacheStoragePolicy: .notAllowed)
            for (index, chunk) in chunks.enumerated() {
                if index > 0 && pause > 0 { Thread.sleep(forTimeInterval: pause) }
                client.urlProtocol(loader, didLoad: chunk)
            }
            if fails {
                client.urlProtocol(loader, didFailWithError: URLError(.networkConnectionLost))
            } else {
                client.urlProtocolDidFinishLoading(loader)
            }
        }
    }

    override func stopLoading() {}
}

/// Carries the protocol into a `@Sendable` closure (URLProtocol's Sendable conformance is unavailable).
private struct ProtocolBox: @unchecked Sendable {
    let value: ChunkedStubProtocol

    init(_ value: ChunkedStubProtocol) {
        self.value = value
    }
}
