import Foundation

/// Response headers whose values change on every response (the time it was sent, a request or
/// trace id, server timings), so a different value is not a change: re-recording an unchanged
/// exchange keeps its stored bytes, and a drift check ignores them.
///
/// They are stored all the same: replay serves what the server sent, and a client that reads
/// `Date` or `X-Request-Id` still finds them. Only comparisons look past them.
package struct VolatileHeaders: Sendable {
    /// Names (lower-cased) that change on every response, from common servers, CDNs and platforms.
    static let builtInNames: Set<String> = [
        "date", "age", "expires", "server-timing", "x-runtime", "x-response-time",
        "x-request-start", "x-envoy-upstream-service-time", "x-kong-upstream-latency", "x-kong-proxy-latency",
        "report-to", "nel", "cf-ray", "cf-cache-status", "x-cache", "x-cache-hits", "x-served-by", "x-timer",
        "x-amz-id-2", "x-amz-cf-id", "x-amz-cf-pop", "x-amz-apigw-id", "apigw-requestid", "x-amzn-trace-id",
        "x-cloud-trace-context", "traceparent", "tracestate", "x-b3-traceid", "x-b3-spanid", "x-b3-parentspanid",
        "x-b3-sampled", "x-datadog-trace-id", "x-datadog-parent-id", "request-context", "x-github-request-id",
        "x-github-api-version-selected", "openai-processing-ms", "x-ms-request-id", "x-ms-correlation-request-id",
        "x-ms-routing-request-id", "x-azure-ref", "x-fastly-request-id", "fly-request-id", "x-vercel-id",
        "x-vercel-cache", "x-nf-request-id", "x-railway-request-id", "x-render-origin-server", "x-varnish",
        "x-ratelimit-reset", "ratelimit-reset", "retry-after",
    ]

    /// Name endings that mark a per-response value (`X-Request-Id`, `X-Amzn-RequestId`,
    /// `X-Correlation-Id`, `X-Trace-Id`).
    static let builtInSuffixes = [
        "-request-id", "-requestid", "-correlation-id", "-trace-id", "-traceid", "-span-id", "-response-time",
    ]

    /// Name beginnings of counters that change with every request (`X-RateLimit-Remaining`).
    static let builtInPrefixes = ["x-ratelimit-remaining", "ratelimit-remaining", "x-rate-limit-remaining"]

    private let extra: Set<String>

    /// The built-in names plus `extra` (from `.cassette.json` `"record": {"volatileHeaders": [...]}`
    /// or `Cassette.Options`), compared ignoring case.
    package init(extra: [String] = []) {
        self.extra = Set(extra.map { $0.lowercased() })
    }

    /// Whether the header `name` changes on every response.
    package func contains(_ name: String) -> Bool {
        let lower = name.lowercased()
        if lower == "request-id" || lower == "x-request-id" || lower == "correlation-id" { return true }
        return VolatileHeaders.builtInNames.contains(lower) || extra.contains(lower)
            || VolatileHeaders.builtInSuffixes.contains { lower.hasSuffix($0) }
            || VolatileHeaders.builtInPrefixes.contains { lower.hasPrefix($0) }
    }

    /// `headers` without the volatile ones, with the `Expires` and `Max-Age` attributes of each
    /// `Set-Cookie` removed (a session cookie's expiry moves with the response's time): what a
    /// comparison sees.
    package func comparable(_ headers: [HTTPHeader]) -> [HTTPHeader] {
        headers.filter { !contains($0.name) }.map { header in
            guard header.hasName("Set-Cookie") else { return header }
            return HTTPHeader(header.name, VolatileHeaders.removingExpiry(header.value))
        }
    }

    /// A `Set-Cookie` value without `Expires=<date>` and `Max-Age=<seconds>` attributes. The date has
    /// a comma in it (`Wed, 09 Jun 2027 10:18:14 GMT`), and `HTTPURLResponse` joins several cookies
    /// with `, `, so an attribute ends at `;`, or after `GMT`, whichever comes first.
    static func removingExpiry(_ value: String) -> String {
        var result = ""
        var rest = Substring(value)
        while let range = rest.range(of: "expires=", options: .caseInsensitive)
            ?? rest.range(of: "max-age=", options: .caseInsensitive)
        {
            result += rest[..<range.lowerBound]
            var after = rest[range.upperBound...]
            let semicolon = after.firstIndex(of: ";") ?? after.endIndex
            let gmt = after.range(of: "GMT", options: .caseInsensitive).map(\.upperBound)
            let end = gmt.map { min($0, semicolon) } ?? semicolon
            after = after[end...]
            rest = after
        }
        return result + rest
    }
}
