/// Which entries of a HAR file `cassette import` keeps.
package struct HARImportOptions: Sendable, Equatable {
    /// Keep only requests with one of these methods (compared case-insensitively); all when empty.
    package var methods: [String]
    /// Keep only requests whose URL matches one of these patterns (``RequestPattern``: a glob over the
    /// whole URL when it holds `*`, a substring otherwise); all when empty.
    package var urlPatterns: [RequestPattern]

    package init(methods: [String] = [], urlPatterns: [RequestPattern] = []) {
        self.methods = methods
        self.urlPatterns = urlPatterns
    }

    /// Whether a request (the first of a redirect chain) is kept. Both kinds of filter must pass
    /// when both are given; within a kind, any one match is enough.
    package func keeps(method: String, url: String) -> Bool {
        (methods.isEmpty || methods.contains { $0.uppercased() == method.uppercased() })
            && (urlPatterns.isEmpty || urlPatterns.contains { $0.matches(method: method, url: url) })
    }
}
