import Foundation

/// How a cassette stores an exchange: the one place that decides the stored form of a request, a
/// response and a redirect hop, for recording and for every other way interactions get into a
/// cassette.
///
/// The stored form is what makes re-recording byte-stable and what replay serves: requests built
/// from dictionaries are stored in one order, bodies that the HTTP stack decoded are stored decoded
/// with headers that describe them, and JSON is stored as the bytes replay will serve.
package enum InteractionStorage {
    /// The request in the form a cassette stores it, so that re-recording the same request gives the
    /// same bytes even when the client builds it from a dictionary: headers in canonical order,
    /// query items sorted, form fields sorted, and a multipart boundary (random in most clients)
    /// replaced by ``CanonicalBody/multipartBoundary`` in both the body and the `Content-Type`
    /// header. JSON bodies need nothing here: the writer sorts their keys.
    package static func request(_ request: RecordedRequest) -> RecordedRequest {
        var copy = request
        copy.url = RequestIdentity.sortingQueryItems(request.url)
        copy.headers = HTTPHeader.canonicalOrder(request.headers)
        guard let body = request.body, let contentType = copy.headers.value(for: "Content-Type") else { return copy }
        let mediaType = MediaType(contentType)
        if mediaType.isFormURLEncoded {
            copy.body = Data(CanonicalBody.bytes(of: body, contentType: contentType))
        }
        if mediaType.isMultipart, let boundary = mediaType.parameter("boundary"), !boundary.isEmpty {
            copy.body = CanonicalBody.replacingBoundary(boundary, in: body)
            copy.headers = copy.headers.map { header in
                guard header.hasName("Content-Type") else { return header }
                return HTTPHeader(
                    header.name,
                    header.value.replacingOccurrences(of: boundary, with: CanonicalBody.multipartBoundary))
            }
        }
        return copy
    }

    /// Content codings that `URLSession` decodes before handing a body to its caller.
    private static let decodedContentCodings: Set = ["gzip", "x-gzip", "deflate", "br"]

    /// The response in the form a cassette stores it, from what the HTTP stack handed the caller.
    ///
    /// URLSession decodes gzip, deflate and brotli bodies but keeps `Content-Encoding` and the
    /// compressed `Content-Length`; the stored headers describe the stored, decoded body instead.
    /// The body is stored as replay will serve it (JSON re-encoded compactly with sorted keys), so the
    /// caller sees the same bytes in record and in replay and `Content-Length` can describe them.
    ///
    /// - Parameters:
    ///   - received: The status, final URL, headers and (decoded) body as the stack gave them.
    ///   - requestURL: The URL of the request, as stored; the final URL is kept only when redirects
    ///     led elsewhere.
    package static func response(_ received: RecordedResponse, requestURL: String) -> RecordedResponse {
        var headers = HTTPHeader.canonicalOrder(received.headers)
        if let encoding = headers.value(for: "Content-Encoding"),
            encoding.split(separator: ",").allSatisfy({
                decodedContentCodings.contains($0.trimmingCharacters(in: .whitespaces).lowercased())
            })
        {
            headers = headers.removing("Content-Encoding")
        }
        let body = received.body ?? Data()
        let served = (try? StoredBody(bytes: body, contentType: headers.value(for: "Content-Type")).bytes()) ?? body
        headers.fitContentLength(to: served.isEmpty ? nil : served)
        let finalURL = received.url.map(RequestIdentity.sortingQueryItems)
        return RecordedResponse(
            status: received.status, url: finalURL == requestURL ? nil : finalURL, headers: headers, body: served)
    }

    /// A redirect hop in the form a cassette stores it: its URL's query items sorted, its headers in
    /// canonical order.
    package static func redirect(_ hop: RedirectHop) -> RedirectHop {
        var copy = hop
        copy.url = RequestIdentity.sortingQueryItems(hop.url)
        copy.headers = HTTPHeader.canonicalOrder(hop.headers)
        return copy
    }
}

extension RequestIdentity {
    /// The URL with its query items in the order matching uses (``URLParts/sortedQueryItems(_:)``)
    /// and nothing else changed.
    package static func sortingQueryItems(_ url: String) -> String {
        URLParts.rewritingQueryItems(of: url) { URLParts.sortedItems($0).map(String.init) }
    }
}
