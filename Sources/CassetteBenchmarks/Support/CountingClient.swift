import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A `URLProtocolClient` that only counts what a protocol hands it, so a protocol's own work per
/// request can be measured with no URLSession around it: no queues, no threads, no task.
final class CountingClient: NSObject, URLProtocolClient, @unchecked Sendable {
    private(set) var responses = 0
    private(set) var bytes = 0
    private(set) var finished = 0
    private(set) var failures = 0

    func urlProtocol(_ protocol: URLProtocol, wasRedirectedTo request: URLRequest, redirectResponse: URLResponse) {}
    func urlProtocol(_ protocol: URLProtocol, cachedResponseIsValid cachedResponse: CachedURLResponse) {}
    func urlProtocol(
        _ protocol: URLProtocol, didReceive response: URLResponse, cacheStoragePolicy policy: URLCache.StoragePolicy
    ) {
        responses += 1
    }
    func urlProtocol(_ protocol: URLProtocol, didLoad data: Data) { bytes += data.count }
    func urlProtocolDidFinishLoading(_ protocol: URLProtocol) { finished += 1 }
    func urlProtocol(_ protocol: URLProtocol, didFailWithError error: any Error) { failures += 1 }
    func urlProtocol(_ protocol: URLProtocol, didReceive challenge: URLAuthenticationChallenge) {}
    func urlProtocol(_ protocol: URLProtocol, didCancel challenge: URLAuthenticationChallenge) {}
}
