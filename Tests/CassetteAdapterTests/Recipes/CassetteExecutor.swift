import Cassette
import Foundation

// The AsyncHTTPClient recipe of the "Answering any client" article, verbatim (import lines aside).

/// The one call the code makes on AsyncHTTPClient, as a protocol: the `HTTPClient` in
/// production, a cassette in tests.
protocol HTTPExecuting: Sendable {
    func execute(_ request: HTTPClientRequest, timeout: TimeAmount) async throws -> HTTPClientResponse
}

extension HTTPClient: HTTPExecuting {
    func execute(_ request: HTTPClientRequest, timeout: TimeAmount) async throws -> HTTPClientResponse {
        try await execute(request, timeout: timeout, logger: nil)
    }
}

/// Answers `execute` from a cassette.
struct CassetteExecutor: HTTPExecuting {
    let cassette: Cassette

    func execute(_ request: HTTPClientRequest, timeout: TimeAmount) async throws -> HTTPClientResponse {
        var body = Data()
        if let requestBody = request.body {
            for try await buffer in requestBody { body.append(contentsOf: buffer.readableBytesView) }
        }
        let response = try await cassette.response(
            for: RecordedRequest(
                method: request.method.rawValue, url: request.url,
                headers: request.headers.map { HTTPHeader($0.name, $0.value) }, body: body))
        return HTTPClientResponse(
            status: HTTPResponseStatus(statusCode: response.status),
            headers: HTTPHeaders(response.headers.map { ($0.name, $0.value) }),
            body: .stream(response.body.map { ByteBuffer(bytes: $0) }))
    }
}
