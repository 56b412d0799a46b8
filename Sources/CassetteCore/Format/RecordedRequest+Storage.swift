import Foundation

extension RecordedRequest {
    /// The request in the form a cassette stores it, so that re-recording the same request gives
    /// the same bytes even when the client builds it from a dictionary: query items sorted, form
    /// fields sorted, and a multipart boundary (random in most clients) replaced by
    /// ``CanonicalBody/multipartBoundary`` in both the body and the `Content-Type` header. JSON
    /// bodies need nothing here: the writer sorts their keys.
    package func canonicalizedForStorage() -> RecordedRequest {
        var copy = self
        copy.url = RequestIdentity.sortingQueryItems(url)
        guard let body, let contentType = headers.value(for: "Content-Type") else { return copy }
        let mediaType = MediaType(contentType)
        if mediaType.isFormURLEncoded || mediaType.isMultipart {
            copy.body = Data(CanonicalBody.bytes(of: body, contentType: contentType))
        }
        if mediaType.isMultipart, let boundary = mediaType.parameter("boundary"), !boundary.isEmpty {
            copy.headers = headers.map { header in
                guard header.hasName("Content-Type") else { return header }
                return HTTPHeader(
                    header.name,
                    header.value.replacingOccurrences(of: boundary, with: CanonicalBody.multipartBoundary))
            }
        }
        return copy
    }
}

extension RequestIdentity {
    /// The URL with its query items in the order matching uses (``URLParts/sortedQueryItems(_:)``)
    /// and nothing else changed.
    package static func sortingQueryItems(_ url: String) -> String {
        guard let question = url.firstIndex(of: "?") else { return url }
        let afterQuery = url[url.index(after: question)...]
        let fragmentStart = afterQuery.firstIndex(of: "#") ?? url.endIndex
        let sorted = URLParts.sortedQueryItems(url[url.index(after: question)..<fragmentStart])
        return url[..<question] + (sorted.isEmpty ? "" : "?" + sorted.joined(separator: "&")) + url[fragmentStart...]
    }
}
