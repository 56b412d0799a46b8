import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension CassetteEngine {
    /// The request as the caller built it: method, URL, the headers set on the request plus those of
    /// the session's configuration (invisible to the protocol on Linux), and the body from
    /// `httpBody` or, failing that, the drained `httpBodyStream`.
    ///
    /// The body of an upload task (`upload(for:from:)`) never reaches a `URLProtocol` on Linux; such
    /// a request is recorded and matched without a body.
    static func capture(_ request: URLRequest, additionalHeaders: [HTTPHeader]) -> RecordedRequest {
        var headers = (request.allHTTPHeaderFields ?? [:]).map { HTTPHeader($0.key, $0.value) }
        for header in additionalHeaders where !headers.contains(where: { $0.hasName(header.name) }) {
            headers.append(header)
        }
        let body = request.httpBody ?? request.httpBodyStream.map(drain)
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

    /// The response as a cassette stores it. URLSession decodes gzip, deflate and brotli bodies but
    /// keeps `Content-Encoding` and the compressed `Content-Length`; the stored headers describe the
    /// stored, decoded body instead.
    static func recordedResponse(_ response: HTTPURLResponse, body: Data, requestURL: String) -> RecordedResponse {
        var headers = Recorder.headers(of: response)
        let decodedEncodings: Set = ["gzip", "x-gzip", "deflate", "br"]
        if let encoding = headers.value(for: "Content-Encoding"),
            encoding.split(separator: ",").allSatisfy({
                decodedEncodings.contains($0.trimmingCharacters(in: .whitespaces).lowercased())
            })
        {
            headers = headers.removing("Content-Encoding")
        }
        // The body as replay will serve it (JSON re-encoded compactly with sorted keys), so the
        // caller sees the same bytes in record and in replay, and Content-Length can describe them.
        let served = (try? StoredBody(bytes: body, contentType: headers.value(for: "Content-Type")).bytes()) ?? body
        headers.fitContentLength(to: served.isEmpty ? nil : served)
        let finalURL = response.url?.absoluteString
        return RecordedResponse(
            status: response.statusCode, url: finalURL == requestURL ? nil : finalURL, headers: headers, body: served)
    }

    /// Hands an interaction to the caller, the same way in replay and in record. A redirected
    /// response is served as its final hop with the final URL, which is what the real Linux stack
    /// shows the caller (a URLProtocol cannot hand a redirect to the session there). The body goes
    /// in one `didLoad` call: on Linux, `data(for:)` keeps only the last of several.
    static func deliver(_ interaction: Interaction, to loader: ReplayProtocol) {
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
            let error = URLError(
                URLError.Code(rawValue: failure.code) ?? .unknown,
                userInfo: [NSURLErrorFailingURLErrorKey: requestURL])
            client.urlProtocol(loader, didFailWithError: error)
        }
    }
}
