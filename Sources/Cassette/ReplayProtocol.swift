import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The `URLProtocol` behind every session a ``Cassette`` hands out.
///
/// You do not register or subclass it: ``Cassette/session(configuration:)`` installs a class of its
/// own on each session it creates, so concurrent tests with different cassettes never share state.
/// In replay it answers from the cassette and never touches the network; in record it forwards the
/// request to a real inner `URLSession` and records the exchange.
public class ReplayProtocol: URLProtocol {
    override public class func canInit(with request: URLRequest) -> Bool {
        ProtocolSlots.entry(for: self) != nil
    }

    override public class func canonicalRequest(for request: URLRequest) -> URLRequest {
        request
    }

    override public func startLoading() {
        let entry = ProtocolSlots.entry(for: type(of: self))
        guard let engine = entry?.engine else {
            let path = entry?.fileURL.path ?? "cassette"
            client?.urlProtocol(self, didFailWithError: CassetteError.cassetteClosed(path: path))
            return
        }
        engine.start(self, additionalHeaders: entry?.additionalHeaders ?? [])
    }

    override public func stopLoading() {
        ProtocolSlots.entry(for: type(of: self))?.engine?.stop(self)
    }
}
