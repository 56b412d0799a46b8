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
    /// - `multipart/*`: its parts (less the ignored fields), each with its header names lower-cased
    ///   in canonical order and its content in canonical form by its own `Content-Type`; the parts of
    ///   `multipart/form-data` in the order of their names (parts of one name in the order sent);
    ///   written with the boundary ``multipartBoundary`` in the usual layout. A multipart body whose
    ///   parts cannot be told apart: every occurrence of the boundary replaced by ``multipartBoundary``;
    /// - anything else, and JSON that does not parse: the bytes as they are.
    ///
    /// - Parameters:
    ///   - ignoring: JSON paths whose members are left out of a JSON body.
    ///   - ignoringFields: Fields left out of a form or multipart body, by name.
    package static func bytes(
        of body: Data, contentType: String?, ignoring paths: [JSONPath] = [], ignoringFields fields: Set<String> = []
    ) -> [UInt8] {
        let mediaType = contentType.map(MediaType.init)
        if StoredBody.mayBeJSON(body, mediaType: mediaType), var value = try? JSONParser.parse(body) {
            // A GraphQL request: its document in canonical form (layout, comments and field order do
            // not count), the ignored paths (`$.variables.clientTime`) applied to what is left.
            if let graphQL = GraphQLRequest.canonical(value) { value = graphQL }
            for path in paths { value = path.removing(from: value) }
            var writer = JSONWriter(style: .compact, canonicalNumbers: true)
            writer.write(sortingDuplicates(value))
            return writer.takeOutput()
        }
        if let mediaType, mediaType.essence == "application/graphql" {
            return Array(GraphQLDocument(String(decoding: body, as: UTF8.self)).canonical.utf8)
        }
        if let mediaType, mediaType.isFormURLEncoded {
            let fields = body.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true).filter { field in
                fields.isEmpty || !fields.contains(formFieldName(field))
            }
            let sorted = fields.sorted { $0.lexicographicallyPrecedes($1) }
            return Array(sorted.joined(separator: [UInt8(ascii: "&")]))
        }
        if let mediaType, mediaType.isMultipart, let boundary = mediaType.parameter("boundary"), !boundary.isEmpty {
            if let split = MultipartParts(body, boundary: boundary) {
                return canonicalParts(split, ignoringFields: fields, isFormData: mediaType.isFormData)
            }
            let kept =
                fields.isEmpty ? Array(body) : removingParts(named: fields, boundary: boundary, from: Array(body))
            return replacing(Array(boundary.utf8), with: Array(multipartBoundary.utf8), in: kept)
        }
        return Array(body)
    }

    /// The SHA-256 of ``bytes(of:contentType:ignoring:ignoringFields:)`` in hex.
    package static func hash(
        of body: Data?, contentType: String?, ignoring paths: [JSONPath] = [], ignoringFields fields: Set<String> = []
    ) -> String {
        SHA256.hexDigest(bytes(of: body ?? Data(), contentType: contentType, ignoring: paths, ignoringFields: fields))
    }

    /// `body`, a multipart body, with every occurrence of `boundary` replaced by
    /// ``multipartBoundary`` and nothing else changed: how a cassette stores a multipart request,
    /// whose boundary is random in most clients.
    package static func replacingBoundary(_ boundary: String, in body: Data) -> Data {
        Data(replacing(Array(boundary.utf8), with: Array(multipartBoundary.utf8), in: Array(body)))
    }

    /// The canonical bytes of a multipart body's parts.
    private static func canonicalParts(
        _ split: MultipartParts, ignoringFields fields: Set<String>, isFormData: Bool
    ) -> [UInt8] {
        var parts = split.parts.filter { part in fields.isEmpty || !(part.name.map(fields.contains) ?? false) }
        parts = parts.map { part in
            let headers = HTTPHeader.canonicalOrder(part.headers.map { HTTPHeader($0.name.lowercased(), $0.value) })
            let content = bytes(of: part.content, contentType: part.headers.value(for: "Content-Type"))
            return MultipartParts.Part(headers: headers, content: Data(content))
        }
        if isFormData {
            parts = parts.enumerated().sorted { left, right in
                let (leftName, rightName) = (left.element.name ?? "", right.element.name ?? "")
                if leftName != rightName { return leftName.utf8.lexicographicallyPrecedes(rightName.utf8) }
                return left.offset < right.offset
            }.map(\.element)
        }
        return Array(MultipartParts(parts: parts).body(boundary: multipartBoundary))
    }

    /// The decoded name of a `name=value` form field.
    private static func formFieldName(_ field: Data.SubSequence) -> String {
        let name = field.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)[0]
        let text = String(decoding: name, as: UTF8.self).replacingOccurrences(of: "+", with: " ")
        return text.removingPercentEncoding ?? text
    }

    /// A multipart body without the parts whose `Content-Disposition` name is in `names`.
    private static func removingParts(named names: Set<String>, boundary: String, from body: [UInt8]) -> [UInt8] {
        let delimiter = Array(("--" + boundary).utf8)
        var starts: [Int] = []
        var index = 0
        while index + delimiter.count <= body.count {
            if body[index] == delimiter[0], body[index..<index + delimiter.count].elementsEqual(delimiter) {
                starts.append(index)
                index += delimiter.count
            } else {
                index += 1
            }
        }
        guard starts.count > 1 else { return body }
        var result = Array(body[..<starts[0]])
        for (position, start) in starts.enumerated() {
            let end = position + 1 < starts.count ? starts[position + 1] : body.count
            let part = body[start..<end]
            if position + 1 < starts.count, let name = partName(part), names.contains(name) { continue }
            result += part
        }
        return result
    }

    /// The `name` parameter of a part's `Content-Disposition` header.
    private static func partName(_ part: ArraySlice<UInt8>) -> String? {
        let head = String(decoding: part.prefix(2048), as: UTF8.self)
        let prefix = "content-disposition:"
        for line in head.split(whereSeparator: \.isNewline) where line.lowercased().hasPrefix(prefix) {
            return MultipartParts.disposition("name", of: String(line.dropFirst(prefix.count)))
        }
        return nil
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
