import Cassette
import Foundation

// The custom-seam recipe of the "Answering any client" article, verbatim (import lines aside);
// CassetteAdapterTests checks the article against this file.

/// The one protocol an app's API code sends requests through.
protocol HTTPClient: Sendable {
    func send(_ request: APIRequest) async throws -> APIResponse
}

struct APIRequest: Sendable {
    var method = "GET"
    var url: URL
    var headers: [String: String] = [:]
    var body: Data?
}

struct APIResponse: Sendable {
    var status: Int
    var headers: [String: String]
    var body: Data
}

/// The seam answered from a cassette, in tests.
struct CassetteHTTPClient: HTTPClient {
    let cassette: Cassette

    func send(_ request: APIRequest) async throws -> APIResponse {
        let response = try await cassette.response(
            for: RecordedRequest(
                method: request.method, url: request.url.absoluteString,
                headers: request.headers.map { HTTPHeader($0.key, $0.value) }, body: request.body))
        return APIResponse(
            status: response.status,
            headers: Dictionary(response.headers.map { ($0.name, $0.value) }) { first, next in "\(first), \(next)" },
            body: try await response.body.collect())
    }
}
