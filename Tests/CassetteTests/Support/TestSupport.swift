import Cassette
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Options for tests: no `CI` or `CASSETTE_MODE` from the machine's environment, since these tests
/// record against their own loopback server on purpose.
func testOptions(
    whenExhausted: Cassette.ExhaustedBehavior = .fail, environment: [String: String] = [:]
) -> Cassette.Options {
    Cassette.Options(whenExhausted: whenExhausted, environment: environment)
}

/// Opens a cassette with test options.
func openCassette(_ url: URL, _ mode: Cassette.Mode, whenExhausted: Cassette.ExhaustedBehavior = .fail) throws
    -> Cassette
{
    try Cassette(fileURL: url, mode: mode, options: testOptions(whenExhausted: whenExhausted))
}

extension URLSession {
    /// Sends a request and returns the body and the HTTP response.
    func fetch(_ url: URL, method: String = "GET", body: Data? = nil, headers: [String: String] = [:]) async throws
        -> (Data, HTTPURLResponse)
    {
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.httpBody = body
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await data(for: request)
        return (data, try #require(response as? HTTPURLResponse))
    }
}

/// The text of a cassette file.
func fileText(_ url: URL) throws -> String {
    String(decoding: try Data(contentsOf: url), as: UTF8.self)
}
