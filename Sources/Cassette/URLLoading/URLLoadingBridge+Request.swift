import CassetteCore
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension URLLoadingBridge {
    /// The request to send to the real server for one that did not come through URLSession
    /// (``Cassette/response(for:)``, `cassette serve`): its method, URL, headers (fields of one
    /// name joined with `, `, as URLRequest keeps them) and body. `nil` when the URL is not an
    /// absolute `http` or `https` URL.
    static func outgoing(for request: RecordedRequest) -> URLRequest? {
        guard let url = URL(string: request.url), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", url.host != nil
        else { return nil }
        var outgoing = URLRequest(url: url)
        outgoing.httpMethod = request.method
        for header in request.headers {
            outgoing.addValue(header.value, forHTTPHeaderField: header.name)
        }
        outgoing.httpBody = request.body
        return outgoing
    }

    /// The error for a request whose URL cannot be sent: what URLSession says of one.
    static func badURL(_ url: String) -> URLError {
        URLError(
            .badURL,
            userInfo: [
                NSLocalizedDescriptionKey:
                    "cannot forward the request to \(url): not an absolute http or https URL"
            ])
    }
}
