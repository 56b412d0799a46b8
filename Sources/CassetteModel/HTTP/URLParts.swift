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
        sortedItems(query.split(separator: "&", omittingEmptySubsequences: true))
    }

    /// Query items in that one order: by their bytes.
    package static func sortedItems(_ items: [Substring]) -> [Substring] {
        items.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// `url` without the query items whose (percent-decoded) names are in `names`; nothing else
    /// changes.
    package static func removingQueryItems(named names: Set<String>, from url: String) -> String {
        guard !names.isEmpty else { return url }
        return rewritingQueryItems(of: url) { items in
            items.filter { !names.contains(decoded(Self.items($0)[0].name, plusAsSpace: false)) }.map(String.init)
        }
    }

    /// Where the query of `url` is: after its first `?`, up to a `#` or the end; nil without a `?`
    /// before any `#` (a `?` in the fragment starts no query).
    package static func queryRange(of url: String) -> Range<String.Index>? {
        guard let question = url.utf8.firstIndex(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }),
            url.utf8[question] == UInt8(ascii: "?")
        else { return nil }
        let start = url.utf8.index(after: question)
        return start..<(url.utf8[start...].firstIndex(of: UInt8(ascii: "#")) ?? url.endIndex)
    }

    /// `url` with the items of its query (split at `&`, empty ones dropped) replaced by what
    /// `rewrite` makes of them, joined with `&`: the one place that takes a URL's query apart and
    /// puts it back, for storage order, matching's canonical forms and ignored items. The `?` goes
    /// when no item is left; a URL without a query comes back as it is, and so does every other part.
    package static func rewritingQueryItems(of url: String, _ rewrite: ([Substring]) -> [String]) -> String {
        guard let range = queryRange(of: url) else { return url }
        let items = rewrite(url[range].split(separator: "&"))
        return url[..<url.index(before: range.lowerBound)] + (items.isEmpty ? "" : "?" + items.joined(separator: "&"))
            + url[range.upperBound...]
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
