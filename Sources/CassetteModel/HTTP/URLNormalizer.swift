import Foundation

/// `RequestIdentity.normalizedURL(_:)` for an ASCII URL, in one pass over its bytes: replay
/// normalises every live request's URL, and splitting it into strings first was half of what
/// matching a request cost.
///
/// The steps are those of `RequestIdentity.normalizedURL(characters:)`, in the same order: the
/// fragment cut at the first `#`, the query at the first `?` before it, the authority after the
/// first `://` before that; user info before the authority's last `@`; a port after the host's
/// last `:` outside an IPv6 literal; scheme and host lower-cased, the scheme's default port
/// dropped, an empty path written as `/`, percent escapes upper-cased in the path and in the whole
/// query, then the query's non-empty items sorted by their bytes.
package enum URLNormalizer {
    private static let percent = UInt8(ascii: "%")
    private static let ampersand = UInt8(ascii: "&")

    /// The normalised URL, or `nil` when `url` holds a byte outside ASCII.
    package static func normalizedASCII(_ url: UnsafeBufferPointer<UInt8>) -> String? {
        let count = url.count
        for byte in url where byte >= 0x80 { return nil }
        let end = firstIndex(of: UInt8(ascii: "#"), in: url, 0..<count) ?? count
        let question = firstIndex(of: UInt8(ascii: "?"), in: url, 0..<end)
        let beforeQuery = question ?? end
        guard let colon = schemeSeparator(in: url, before: beforeQuery) else {
            return String(decoding: url, as: UTF8.self)
        }
        let authorityStart = colon + 3
        let authorityEnd = firstIndex(of: UInt8(ascii: "/"), in: url, authorityStart..<beforeQuery) ?? beforeQuery
        var hostStart = authorityStart
        if let at = lastIndex(of: UInt8(ascii: "@"), in: url, authorityStart..<authorityEnd) { hostStart = at + 1 }
        var hostEnd = authorityEnd
        var port: Range<Int>?
        if let portColon = lastIndex(of: UInt8(ascii: ":"), in: url, hostStart..<authorityEnd),
            firstIndex(of: UInt8(ascii: "]"), in: url, portColon..<authorityEnd) == nil
        {
            port = portColon + 1..<authorityEnd
            hostEnd = portColon
        }

        var result: [UInt8] = []
        result.reserveCapacity(count + 1)
        for index in 0..<colon { result.append(lowercase(url[index])) }
        let schemeEnd = result.count
        result.append(contentsOf: "://".utf8)
        // User info as it is, then the host lower-cased.
        result.append(contentsOf: url[authorityStart..<hostStart])
        for index in hostStart..<hostEnd { result.append(lowercase(url[index])) }
        if let port, !isDefault(port: url[port], scheme: result[..<schemeEnd]) {
            result.append(UInt8(ascii: ":"))
            result.append(contentsOf: url[port])
        }
        if authorityEnd == beforeQuery {
            result.append(UInt8(ascii: "/"))
        } else {
            appendUppercasingEscapes(url[authorityEnd..<beforeQuery], to: &result)
        }
        if let question {
            var query: [UInt8] = []
            appendUppercasingEscapes(url[(question + 1)..<end], to: &query)
            appendSortedItems(query, to: &result)
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// The position of the `:` of the first `://` before `end`.
    private static func schemeSeparator(in url: UnsafeBufferPointer<UInt8>, before end: Int) -> Int? {
        var index = 0
        while index + 2 < end {
            if url[index] == UInt8(ascii: ":") && url[index + 1] == UInt8(ascii: "/")
                && url[index + 2] == UInt8(ascii: "/")
            {
                return index
            }
            index += 1
        }
        return nil
    }

    private static func isDefault(port: Slice<UnsafeBufferPointer<UInt8>>, scheme: ArraySlice<UInt8>) -> Bool {
        switch scheme.count {
        case 4 where scheme.elementsEqual("http".utf8), 2 where scheme.elementsEqual("ws".utf8):
            return port.elementsEqual("80".utf8)
        case 5 where scheme.elementsEqual("https".utf8), 3 where scheme.elementsEqual("wss".utf8):
            return port.elementsEqual("443".utf8)
        default:
            return false
        }
    }

    /// `bytes` with the two characters after each `%` upper-cased where they are `a` to `f`,
    /// escape by escape from the start, as `RequestIdentity` does for a string.
    private static func appendUppercasingEscapes(
        _ bytes: Slice<UnsafeBufferPointer<UInt8>>, to result: inout [UInt8]
    ) {
        var index = bytes.startIndex
        let end = bytes.endIndex
        while index < end {
            let byte = bytes[index]
            if byte == percent && index + 2 < end {
                result.append(byte)
                result.append(uppercaseHex(bytes[index + 1]))
                result.append(uppercaseHex(bytes[index + 2]))
                index += 3
            } else {
                result.append(byte)
                index += 1
            }
        }
    }

    /// A query's non-empty `&`-separated items, sorted by their bytes and joined, after a `?`;
    /// nothing when there are none.
    private static func appendSortedItems(_ query: [UInt8], to result: inout [UInt8]) {
        var items: [Range<Int>] = []
        var start = 0
        for index in 0...query.count where index == query.count || query[index] == ampersand {
            if index > start { items.append(start..<index) }
            start = index + 1
        }
        guard !items.isEmpty else { return }
        if items.count > 1 {
            items.sort { query[$0].lexicographicallyPrecedes(query[$1]) }
        }
        result.append(UInt8(ascii: "?"))
        for (position, item) in items.enumerated() {
            if position > 0 { result.append(ampersand) }
            result.append(contentsOf: query[item])
        }
    }

    private static func firstIndex(of byte: UInt8, in url: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        var index = range.lowerBound
        while index < range.upperBound {
            if url[index] == byte { return index }
            index += 1
        }
        return nil
    }

    private static func lastIndex(of byte: UInt8, in url: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        var index = range.upperBound
        while index > range.lowerBound {
            index -= 1
            if url[index] == byte { return index }
        }
        return nil
    }

    private static func lowercase(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }

    private static func uppercaseHex(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f") ? byte - 32 : byte
    }
}
