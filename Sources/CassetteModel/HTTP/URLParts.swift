import Foundation

/// A URL split into its parts by plain string rules, the same on every platform.
package struct URLParts {
    package var scheme = ""
    package var hasAuthority = false
    package var userInfo: String?
    package var host = ""
    package var port: String?
    package var path = ""
    package var query: String?
    package var fragment: String?

    package init(_ url: String) {
        if url.utf8.allSatisfy({ $0 < 0x80 }) {
            self.init(ascii: url)
        } else {
            self.init(characters: url)
        }
    }

    /// The split by `Character`s, for any URL.
    package init(characters url: String) {
        var rest = Substring(url)
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        if let question = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: question)...])
            rest = rest[..<question]
        }
        guard let separator = rest.range(of: "://") else {
            path = String(rest)
            return
        }
        scheme = String(rest[..<separator.lowerBound])
        hasAuthority = true
        rest = rest[separator.upperBound...]
        let authorityEnd = rest.firstIndex(of: "/") ?? rest.endIndex
        var authority = rest[..<authorityEnd]
        path = String(rest[authorityEnd...])
        if let at = authority.lastIndex(of: "@") {
            userInfo = String(authority[..<at])
            authority = authority[authority.index(after: at)...]
        }
        // A port follows the last colon, unless that colon is inside an IPv6 literal.
        if let colon = authority.lastIndex(of: ":"), !authority[colon...].contains("]") {
            port = String(authority[authority.index(after: colon)...])
            authority = authority[..<colon]
        }
        host = String(authority)
    }

    /// The same split for an ASCII URL, searching its bytes: in ASCII text every byte is a
    /// `Character`, so the parts are the same, found without grapheme breaking.
    package init(ascii url: String) {
        func first(_ byte: UInt8, in text: Substring) -> String.Index? { text.utf8.firstIndex(of: byte) }
        func last(_ byte: UInt8, in text: Substring) -> String.Index? { text.utf8.lastIndex(of: byte) }
        var rest = Substring(url)
        if let hash = first(UInt8(ascii: "#"), in: rest) {
            fragment = String(rest[rest.utf8.index(after: hash)...])
            rest = rest[..<hash]
        }
        if let question = first(UInt8(ascii: "?"), in: rest) {
            query = String(rest[rest.utf8.index(after: question)...])
            rest = rest[..<question]
        }
        var separator: Range<String.Index>?
        var index = rest.utf8.startIndex
        while let colon = rest.utf8[index...].firstIndex(of: UInt8(ascii: ":")) {
            let slashes = rest.utf8[rest.utf8.index(after: colon)...].prefix(2)
            if slashes.elementsEqual("//".utf8) {
                separator = colon..<rest.utf8.index(colon, offsetBy: 3)
                break
            }
            index = rest.utf8.index(after: colon)
        }
        guard let separator else {
            path = String(rest)
            return
        }
        scheme = String(rest[..<separator.lowerBound])
        hasAuthority = true
        rest = rest[separator.upperBound...]
        let authorityEnd = first(UInt8(ascii: "/"), in: rest) ?? rest.endIndex
        var authority = rest[..<authorityEnd]
        path = String(rest[authorityEnd...])
        if let at = last(UInt8(ascii: "@"), in: authority) {
            userInfo = String(authority[..<at])
            authority = authority[authority.utf8.index(after: at)...]
        }
        // A port follows the last colon, unless that colon is inside an IPv6 literal.
        if let colon = last(UInt8(ascii: ":"), in: authority), !authority[colon...].utf8.contains(UInt8(ascii: "]")) {
            port = String(authority[authority.utf8.index(after: colon)...])
            authority = authority[..<colon]
        }
        host = String(authority)
    }

    /// The `name=value` items of a query or of a form body, split at `&` (empty items dropped) and
    /// each at its first `=`, not decoded (``decoded(_:plusAsSpace:)``); an item without `=` has the
    /// value `nil`. The one reader of such items for matching, echoes, lint, HAR and miss messages.
    package static func items(_ text: Substring) -> [(name: Substring, value: Substring?)] {
        text.split(separator: "&").map { item in
            guard let equals = item.firstIndex(of: "=") else { return (item, nil) }
            return (item[..<equals], item[item.index(after: equals)...])
        }
    }

    /// A query or form item's name or value percent-decoded (left as it is when it is not valid
    /// percent-encoding); `+` read as a space where `plusAsSpace` (form encoding), else kept.
    package static func decoded(_ text: Substring, plusAsSpace: Bool) -> String {
        let spaced = plusAsSpace ? text.replacingOccurrences(of: "+", with: " ") : String(text)
        return spaced.removingPercentEncoding ?? spaced
    }

    /// The items of a query in the one order that matching and storage both use: split at `&`,
    /// empty items dropped (`a=1&&b=2` is `a=1&b=2` to every server), sorted by their bytes.
    package static func sortedQueryItems(_ query: Substring) -> [Substring] {
        query.split(separator: "&", omittingEmptySubsequences: true).sorted {
            $0.utf8.lexicographicallyPrecedes($1.utf8)
        }
    }

    /// `url` without the query items whose (percent-decoded) names are in `names`; nothing else
    /// changes.
    package static func removingQueryItems(named names: Set<String>, from url: String) -> String {
        guard !names.isEmpty, let question = url.firstIndex(of: "?") else { return url }
        let afterQuery = url[url.index(after: question)...]
        let fragmentStart = afterQuery.firstIndex(of: "#") ?? url.endIndex
        let kept = url[url.index(after: question)..<fragmentStart].split(separator: "&").filter { item in
            !names.contains(decoded(items(item)[0].name, plusAsSpace: false))
        }
        return url[..<question] + (kept.isEmpty ? "" : "?" + kept.joined(separator: "&")) + url[fragmentStart...]
    }

    /// The port a scheme has when a URL names none: `80` for `http` and `ws`, `443` for `https` and
    /// `wss` (lower-cased schemes).
    package static func defaultPort(scheme: String) -> String? {
        switch scheme {
        case "http", "ws": "80"
        case "https", "wss": "443"
        default: nil
        }
    }
}
