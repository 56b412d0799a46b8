import CassetteCore
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where URL loading's values become the cassette model's: a `URLRequest` captured as a
/// `RecordedRequest`, an `HTTPURLResponse` read into a `RecordedResponse`, and the request sent
/// on for a captured one. (``ProtocolSink`` hands answers back the other way.)
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
}
