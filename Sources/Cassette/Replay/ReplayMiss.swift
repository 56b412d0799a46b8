import CassetteCore
import Foundation

/// A request that replay could not serve, with what differed from the nearest recorded request.
///
/// Its description is what a test log shows: the request's method, URL and body hash, the nearest
/// recorded request, which of method, path, query and body differ (and for JSON bodies, at which
/// paths), or that the nearest one matched but its recorded answers were all served already. Every
/// part is scrubbed, since it ends up in CI logs.
public struct ReplayMiss: Sendable, Equatable, CustomStringConvertible {
    /// The cassette file.
    public var cassettePath: String
    /// The request that was not served, in its masked (scrubbed) form.
    public var request: RequestIdentity
    /// The nearest recorded request, if the cassette has any.
    public var nearest: Nearest?
    /// The test that made the request, when known, for the command that records it.
    public var testName: String?

    /// The recorded request most like the one that missed.
    public struct Nearest: Sendable, Equatable {
        /// Its position in the cassette's `interactions`.
        public var index: Int
        public var identity: RequestIdentity
        /// Which of `method`, `path`, `query` and `body` differ, with detail.
        public var differences: [String]
        /// When nothing differs: how many answers were recorded for this request, all served.
        public var servedCount: Int?
    }

    private var recordCommand: String {
        "\(Cassette.Mode.environmentVariable)=newEpisodes swift test --filter \(testName ?? "<test>")"
    }

    public var description: String {
        var lines = ["\(cassettePath): error: no recorded interaction matches \(request)"]
        guard let nearest else {
            lines.append("  the cassette has no interactions")
            lines.append("  to record it, run: \(recordCommand)")
            return lines.joined(separator: "\n")
        }
        lines.append("  nearest recorded request, interactions[\(nearest.index)]: \(nearest.identity)")
        if let served = nearest.servedCount {
            let answers = served == 1 ? "its one recorded answer was" : "all \(served) of its recorded answers were"
            lines.append("  it matches, but \(answers) already served (the request was made more often than recorded)")
            lines.append(
                "  re-record with CASSETTE_MODE=record, or set Cassette.Options.whenExhausted to .repeatLast")
        } else {
            lines.append("  differs in: " + nearest.differences.joined(separator: "; "))
            lines.append("  to record it, run: \(recordCommand)")
        }
        return lines.joined(separator: "\n")
    }
}

extension ReplayMiss {
    /// Which of method, path, query and body differ between a live request and a recorded one, with
    /// detail: the query items on each side, and for JSON bodies the paths that differ. Both
    /// requests are masked.
    static func differences(
        live: (request: RecordedRequest, identity: RequestIdentity),
        recorded: (request: RecordedRequest, identity: RequestIdentity)
    ) -> [String] {
        var differences: [String] = []
        let liveParts = URLParts(live.identity.url)
        let recordedParts = URLParts(recorded.identity.url)
        if recorded.identity.method != live.identity.method {
            differences.append("method (\(live.identity.method) vs recorded \(recorded.identity.method))")
        }
        if recordedParts.withoutQuery != liveParts.withoutQuery {
            differences.append("path (\(liveParts.withoutQuery) vs recorded \(recordedParts.withoutQuery))")
        }
        if recordedParts.query != liveParts.query {
            let liveItems = Set(liveParts.queryItems)
            let recordedItems = Set(recordedParts.queryItems)
            let onlyLive = liveParts.queryItems.filter { !recordedItems.contains($0) }
            let onlyRecorded = recordedParts.queryItems.filter { !liveItems.contains($0) }
            var detail: [String] = []
            if !onlyLive.isEmpty { detail.append("only in request: " + onlyLive.joined(separator: "&")) }
            if !onlyRecorded.isEmpty { detail.append("only in recording: " + onlyRecorded.joined(separator: "&")) }
            differences.append("query (" + detail.joined(separator: "; ") + ")")
        }
        if recorded.identity.bodyHash != live.identity.bodyHash {
            differences.append("body" + bodyDetail(live.request, recorded.request))
        }
        return differences
    }

    private static func bodyDetail(_ live: RecordedRequest, _ recorded: RecordedRequest) -> String {
        func json(_ request: RecordedRequest) -> JSONValue? {
            guard let body = request.body else { return nil }
            return try? JSONParser.parse(body)
        }
        switch (live.body, recorded.body) {
        case (nil, _?): return " (request has none, recording has \(recorded.body!.count) bytes)"
        case (_?, nil): return " (request has \(live.body!.count) bytes, recording has none)"
        default: break
        }
        if let left = json(live), let right = json(recorded) {
            let paths = left.differingPaths(from: right)
            if !paths.isEmpty { return " (JSON differs at " + paths.joined(separator: ", ") + ")" }
        }
        return " (\(live.body?.count ?? 0) bytes vs recorded \(recorded.body?.count ?? 0) bytes)"
    }
}

extension URLParts {
    var withoutQuery: String { "\(scheme)://\(host)\(port.map { ":" + $0 } ?? "")\(path)" }

    var queryItems: [String] { (query ?? "").split(separator: "&").map(String.init) }
}
