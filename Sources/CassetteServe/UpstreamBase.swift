import CassetteCommands
import CassetteCore
import Foundation

/// Where a served request's path goes: the base URL recorded requests start with (the upstream's
/// origin, and a path prefix if `--upstream` has one).
package struct UpstreamBase: Sendable, Equatable, CustomStringConvertible {
    /// `https://api.example.com` or `https://api.example.com/v2`: no trailing slash.
    package let base: String

    package init(_ base: String) {
        var trimmed = base
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        self.base = trimmed
    }

    package var description: String { base }

    /// The URL a request for `pathAndQuery` (`/v1/users?page=2`, as the client sent it, not
    /// decoded) stands for. `*` (`OPTIONS *`) is the base itself.
    package func url(for pathAndQuery: String) -> String {
        if pathAndQuery == "*" { return base + "/" }
        return base + (pathAndQuery.hasPrefix("/") ? pathAndQuery : "/" + pathAndQuery)
    }

    /// The one origin (`scheme://host[:port]`) recorded requests went to, to serve a cassette
    /// without `--upstream`.
    ///
    /// - Parameter urls: The recorded requests' URLs.
    /// - Throws: ``ServeFailure`` when they went to none (an empty cassette) or to several.
    package static func inferred(from urls: [String], cassette displayPath: String) throws(ServeFailure)
        -> UpstreamBase
    {
        var origins: [String] = []
        for url in urls {
            guard let origin = origin(of: url) else { continue }
            if !origins.contains(origin) { origins.append(origin) }
        }
        guard origins.count == 1 else {
            let what =
                origins.isEmpty
                ? "has no recorded requests to take the upstream from"
                : "holds requests to \(origins.count) servers (\(origins.sorted().joined(separator: ", ")))"
            throw ServeFailure(
                "\(displayPath): error: the cassette \(what); pass --upstream URL to say which server this one "
                    + "stands in for", status: .usage)
        }
        return UpstreamBase(origins[0])
    }

    /// `scheme://host[:port]` of an absolute URL, lower-cased as URLs compare.
    static func origin(of url: String) -> String? {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
            let host = components.host, !host.isEmpty
        else { return nil }
        let hostPart = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return "\(scheme)://\(hostPart.lowercased())" + (components.port.map { ":\($0)" } ?? "")
    }
}
