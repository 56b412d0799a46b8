/// A `--url-pattern` of `cassette import`: a glob when it holds `*` or `?`, matched against the
/// whole URL (`*` any run of characters, `/` included; `?` one character), and otherwise a
/// substring of the URL (`/v1/users` keeps every URL that contains it).
package struct HARURLPattern: Sendable, Equatable {
    package var pattern: String

    package init(_ pattern: String) {
        self.pattern = pattern
    }

    /// Whether the pattern is a glob rather than a substring.
    package var isGlob: Bool { pattern.contains("*") || pattern.contains("?") }

    /// Whether `url` matches.
    package func matches(_ url: String) -> Bool {
        guard isGlob else { return url.contains(pattern) }
        return HARURLPattern.glob(Array(pattern.unicodeScalars), Array(url.unicodeScalars))
    }

    /// Iterative glob matching with one backtrack point per `*`: linear in practice, and never
    /// exponential.
    private static func glob(_ pattern: [Unicode.Scalar], _ text: [Unicode.Scalar]) -> Bool {
        var p = 0
        var t = 0
        var star: Int?
        var resume = 0
        while t < text.count {
            if p < pattern.count, pattern[p] == "?" || (pattern[p] != "*" && pattern[p] == text[t]) {
                p += 1
                t += 1
            } else if p < pattern.count, pattern[p] == "*" {
                star = p
                resume = t
                p += 1
            } else if let star {
                p = star + 1
                resume += 1
                t = resume
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}
