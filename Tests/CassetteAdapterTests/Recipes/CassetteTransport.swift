import Cassette
import Foundation

// The recipes of the "Answering any client" article, verbatim (the article's import lines aside):
// AdapterRecipeTests checks that every block of the article is in these files, and runs them.

/// An OpenAPI `ClientTransport` that answers from a cassette: pass it as the `transport` of the
/// generated `Client`.
struct CassetteTransport: ClientTransport {
    let cassette: Cassette

    func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var url = baseURL.absoluteString
        if url.hasSuffix("/") { url.removeLast() }
        var bytes: Data?
        if let body { bytes = try await Data(collecting: body, upTo: 64 << 20) }
        let response = try await cassette.response(
            for: RecordedRequest(
                method: request.method.rawValue, url: url + (request.path ?? ""),
                headers: request.headerFields.map { HTTPHeader($0.name.rawName, $0.value) }, body: bytes))
        var fields = HTTPFields()
        for header in response.headers {
            if let name = HTTPField.Name(header.name) { fields.append(HTTPField(name: name, value: header.value)) }
        }
        return (
            HTTPResponse(status: .init(code: response.status), headerFields: fields),
            HTTPBody(response.body, length: .unknown, iterationBehavior: .single)
        )
    }
}

/// A `ClientMiddleware` that answers from a cassette instead of calling the next one, for a client
/// built with its production transport.
struct CassetteMiddleware: ClientMiddleware {
    let transport: CassetteTransport

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        try await transport.send(request, body: body, baseURL: baseURL, operationID: operationID)
    }
}
