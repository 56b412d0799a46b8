import CassetteCore
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The one place where URL loading meets the cassette model: a `URLRequest` captured as a
/// ``RecordedRequest``, an `HTTPURLResponse` read into a ``RecordedResponse``, and an interaction
/// handed to a protocol's client as URLSession expects it on each platform.
enum URLLoadingBridge {
    /// The request as the caller built it: method, URL, the headers set on the request plus those of
    /// the session's configuration (invisible to the protocol on Linux), and the body from
    /// `httpBody` or, failing that, the drained `httpBodyStream`; for an upload task, its upload body
    /// (``UploadBody``).
    ///
    /// - Parameter uploadBody: How the body of an upload task is found.
    /// - Returns: `nil` for an upload task whose body cannot be seen: such a request can be neither
    ///   recorded nor matched.
    static func capture(
        _ request: URLRequest, task: URLSessionTask?, additionalHeaders: [HTTPHeader],
        uploadBody: (URLSessionTask?) -> UploadBody = UploadBody.of
    ) -> RecordedRequest? {
        var headers = (request.allHTTPHeaderFields ?? [:]).map { HTTPHeader($0.key, $0.value) }
        for header in additionalHeaders where !headers.contains(where: { $0.hasName(header.name) }) {
            headers.append(header)
        }
        let body: Data?
        switch uploadBody(task) {
        case .notAnUpload: body = request.httpBody ?? request.httpBodyStream.map(drain)
        case .body(let data): body = data
        case .unavailable:
            // Where the platform does hand the body over after all, it is used.
            guard let visible = request.httpBody ?? request.httpBodyStream.map(drain) else { return nil }
            body = visible
        }
        return RecordedRequest(
            method: request.httpMethod ?? "GET", url: request.url?.absoluteString ?? "",
            headers: HTTPHeader.canonicalOrder(headers), body: body)
    }

    private static func drain(_ stream: InputStream) -> Data {
        var data = Data()
        stream.open()
        defer { stream.close() }
        let capacity = 64 * 1024
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        defer { buffer.deallocate() }
        while true {
            let count = stream.read(buffer, maxLength: capacity)
            if count <= 0 { break }
            data.append(buffer, count: count)
        }
        return data
    }

    /// What the HTTP stack handed the caller: status, final URL, headers (in canonical order) and
    /// the body, which URLSession has already decoded when the server compressed it.
    static func received(_ response: HTTPURLResponse, body: Data) -> RecordedResponse {
        RecordedResponse(
            status: response.statusCode, url: response.url?.absoluteString, headers: headers(of: response), body: body)
    }

    /// A response's headers in canonical order.
    static func headers(of response: HTTPURLResponse) -> [HTTPHeader] {
        let fields = response.allHeaderFields.compactMap { key, value -> HTTPHeader? in
            guard let name = key as? String else { return nil }
            return HTTPHeader(name, "\(value)")
        }
        return HTTPHeader.canonicalOrder(fields)
    }

    /// The request to send to the real server for a captured one: the caller's request with the
    /// captured body in `httpBody` (a stream can be read once, and was read to capture it) and the
    /// session configuration's additional headers set on it, since the inner session does not
    /// have that configuration.
    static func outgoing(_ original: URLRequest, captured: RecordedRequest) -> URLRequest {
        var outgoing = original
        outgoing.httpBodyStream = nil
        outgoing.httpBody = captured.body
        for header in captured.headers where outgoing.value(forHTTPHeaderField: header.name) == nil {
            outgoing.setValue(header.value, forHTTPHeaderField: header.name)
        }
        return outgoing
    }

    /// Hands an interaction to the caller, the same way in replay and in record. A redirected
    /// response is served as its final hop with the final URL, which is what the real Linux stack
    /// shows the caller (a URLProtocol cannot hand a redirect to the session there). The body goes
    /// in one `didLoad` call: on Linux, `data(for:)` keeps only the last of several.
    ///
    /// - Parameter scrub: Removes secrets from the words of a transport error's description, which
    ///   name the request's URL and end up in test logs.
    static func deliver(_ interaction: Interaction, to loader: ReplayProtocol, scrub: (String) -> String) {
        guard let client = loader.client else { return }
        let requestURL = loader.request.url ?? URL(string: interaction.request.url)!
        switch interaction.outcome {
        case .response(let recorded):
            let url = recorded.url.flatMap { URL(string: $0) } ?? requestURL
            var fields: [String: String] = [:]
            for header in recorded.headers {
                let existing = fields.first { HTTPHeader.namesEqual($0.key, header.name) }?.key
                if let existing {
                    fields[existing]! += ", " + header.value
                } else {
                    fields[header.name] = header.value
                }
            }
            guard
                let response = HTTPURLResponse(
                    url: url, statusCode: recorded.status, httpVersion: "HTTP/1.1", headerFields: fields)
            else {
                client.urlProtocol(loader, didFailWithError: URLError(.badServerResponse))
                return
            }
            client.urlProtocol(loader, didReceive: response, cacheStoragePolicy: .notAllowed)
            if let body = recorded.body, !body.isEmpty { client.urlProtocol(loader, didLoad: body) }
            client.urlProtocolDidFinishLoading(loader)
        case .failure(let failure):
            // The code the caller's error handling switches on, with words that say what happened
            // (a bare `NSURLErrorDomain Code=-1004` says little in a test log).
            let failed = RecordingFailure(
                request: "\(interaction.request.method) \(requestURL.absoluteString)", code: failure.code)
            let error = URLError(
                URLError.Code(rawValue: failure.code) ?? .unknown,
                userInfo: [
                    NSURLErrorFailingURLErrorKey: requestURL, NSLocalizedDescriptionKey: scrub(failed.description),
                ])
            client.urlProtocol(loader, didFailWithError: error)
        }
    }
}
