import Foundation

/// The canonical form of a request body that the request identity hashes.
///
/// Clients build bodies from dictionaries whose key order changes between processes, and
/// multipart boundaries are random; hashing raw bytes would make matching flaky by construction.
package enum CanonicalBody {
    /// The boundary every multipart body is rewritten to before hashing.
    package static let multipartBoundary = "cassette-boundary"

    /// The canonical bytes of a body:
    /// - JSON (by `Content-Type`, or with none when the bytes hold an object or array and parse):
    ///   members sorted by key, no insignificant whitespace, numbers in their canonical spelling;
    /// - `application/x-www-form-urlencoded`: the `&`-separated fields sorted by their bytes;
    /// - `multipart/*`: every occurrence of the boundary replaced by ``multipartBoundary``;
    /// - anything else, and JSON that does not parse: the bytes as they are.
    package static func bytes(of body: Data, contentType: String?) -> [UInt8] {
        let mediaType = contentType.map(MediaType.init)
        if StoredBody.mayBeJSON(body, mediaType: mediaType), let value = try? JSONParser.parse(body) {
            var writer = JSONWriter(style: .compact, canonicalNumbers: true)
            writer.write(sortingDuplicates(value))
            return writer.takeOutput()
        }
        if let mediaType, mediaType.isFormURLEncoded {
            let fields = body.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true)
            let sorted = fields.sorted { $0.lexicographicallyPrecedes($1) }
            return Array(sorted.joined(separator: [UInt8(ascii: "&")]))
        }
        if let mediaType, mediaType.isMultipart, let boundary = mediaType.parameter("boundary"), !boundary.isEmpty {
            return replacing(Array(boundary.utf8), with: Array(multipartBoundary.utf8), in: Array(body))
        }
        return Array(body)
    }

    /// The SHA-256 of ``bytes(of:contentType:)`` in hex.
    package static func hash(of body: Data?, contentType: String?) -> String {
        SHA256.hexDigest(bytes(of: body ?? Data(), contentType: contentType))
    }

    /// Orders members with equal keys by their canonical text, so duplicates hash the same in any
    /// order.
    private static func sortingDuplicates(_ value: JSONValue) -> JSONValue {
        switch value {
        case .array(let elements):
            return .array(elements.map(sortingDuplicates))
        case .object(let members):
            var result = members.map { JSONValue.Member($0.key, sortingDuplicates($0.value)) }
            var start = 0
            while start < result.count {
                var end = start + 1
                while end < result.count && result[end].key.utf8.elementsEqual(result[start].key.utf8) { end += 1 }
                if end - start > 1 {
                    result[start..<end].sort {
                        let left = canonicalText($0.value)
                        return left.lexicographicallyPrecedes(canonicalText($1.value))
                    }
                }
                start = end
            }
            return .object(result)
        default:
            return value
        }
    }

    private static func canonicalText(_ value: JSONValue) -> [UInt8] {
        var writer = JSONWriter(style: .compact, canonicalNumbers: true)
        writer.write(value)
        return writer.takeOutput()
    }

    private static func replacing(_ needle: [UInt8], with replacement: [UInt8], in haystack: [UInt8]) -> [UInt8] {
        guard needle.count <= haystack.count else { return haystack }
        var result: [UInt8] = []
        result.reserveCapacity(haystack.count)
        var index = 0
        while index < haystack.count {
            if haystack[index] == needle[0], index + needle.count <= haystack.count,
                haystack[index..<index + needle.count].elementsEqual(needle)
            {
                result.append(contentsOf: replacement)
                index += needle.count
            } else {
                result.append(haystack[index])
                index += 1
            }
        }
        return result
    }
}
