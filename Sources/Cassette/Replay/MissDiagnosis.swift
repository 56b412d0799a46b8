import CassetteCore
import Foundation

/// How a live request differs from the recorded request nearest to it, for a miss's explanation:
/// the diff behind ``ReplayMiss/Nearest``, kept apart from the value type that carries its result.
enum MissDiagnosis {
    /// How a live request and a recorded one differ: which of method, path, query, headers and body
    /// (with detail: the query items on each side, and for JSON and form bodies the fields that
    /// differ), and which differing values look like they change on every run. Both requests are
    /// masked.
    static func compare(
        live: (identity: RequestIdentity, masked: RecordedRequest),
        recorded: (identity: RequestIdentity, masked: RecordedRequest)
    ) -> (differences: [String], volatileBodyPaths: [String], volatileQueryItems: [String], differsOtherwise: Bool) {
        var differences: [String] = []
        var volatileBody: [String] = []
        var volatileQuery: [String] = []
        var otherwise = false
        let liveParts = URLParts(live.identity.url)
        let recordedParts = URLParts(recorded.identity.url)
        if recorded.identity.method != live.identity.method {
            differences.append("method (\(live.identity.method) vs recorded \(recorded.identity.method))")
            otherwise = true
        }
        if recordedParts.withoutQuery != liveParts.withoutQuery {
            differences.append("path (\(liveParts.withoutQuery) vs recorded \(recordedParts.withoutQuery))")
            otherwise = true
        }
        if recordedParts.userInfo != liveParts.userInfo {
            // Both requests are masked: a password in the user info is a placeholder here.
            let describe = { (userInfo: String?) in userInfo.map { "\($0)@" } ?? "none" }
            differences.append(
                "URL user info (\(describe(liveParts.userInfo)) vs recorded \(describe(recordedParts.userInfo)))")
            otherwise = true
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
            for item in onlyLive {
                let (name, value) = queryItem(item)
                if let kind = VolatileValue.kind(of: value, name: name) {
                    if !volatileQuery.contains(where: { $0.hasPrefix(name + " (") }) {
                        volatileQuery.append("\(name) (\(kind))")
                    }
                } else {
                    otherwise = true
                }
            }
            let volatileNames = Set(volatileQuery.map { $0.components(separatedBy: " (")[0] })
            if onlyRecorded.contains(where: { !volatileNames.contains(queryItem($0).name) }) { otherwise = true }
        }
        if recorded.identity.headers != live.identity.headers {
            let describe = { (headers: [HTTPHeader]) in
                headers.isEmpty ? "none" : headers.map { "\($0.name): \($0.value)" }.joined(separator: ", ")
            }
            differences.append(
                "headers (\(describe(live.identity.headers)) vs recorded \(describe(recorded.identity.headers)))")
            otherwise = true
        }
        if recorded.identity.bodyHash != live.identity.bodyHash {
            let body = bodyComparison(live.masked, recorded.masked)
            differences.append("body" + body.detail)
            volatileBody = body.volatile
            if body.differsOtherwise { otherwise = true }
        }
        if differences.isEmpty && recorded.identity != live.identity {
            // Whatever else tells them apart (the fragment, say): never "differs in: " and nothing.
            differences.append("the URL as a whole (\(live.identity.url) vs recorded \(recorded.identity.url))")
            otherwise = true
        }
        return (differences, volatileBody, volatileQuery, otherwise)
    }

    private static func queryItem(_ item: String) -> (name: String, value: String) {
        let parts = URLParts.items(Substring(item))[0]
        return (
            URLParts.decoded(parts.name, plusAsSpace: false), URLParts.decoded(parts.value ?? "", plusAsSpace: false)
        )
    }

    private static func bodyComparison(_ live: RecordedRequest, _ recorded: RecordedRequest)
        -> (detail: String, volatile: [String], differsOtherwise: Bool)
    {
        switch (live.body, recorded.body) {
        case (nil, let body?): return (" (request has none, recording has \(body.count) bytes)", [], true)
        case (let body?, nil): return (" (request has \(body.count) bytes, recording has none)", [], true)
        default: break
        }
        let liveType = live.headers.value(for: "Content-Type").map(MediaType.init)
        // GraphQL documents compared in canonical form: layout and field order are no difference.
        if let left = live.body.flatMap({ try? JSONParser.parse($0) }).map({ GraphQLRequest.canonical($0) ?? $0 }),
            let right = recorded.body.flatMap({ try? JSONParser.parse($0) }).map({ GraphQLRequest.canonical($0) ?? $0 })
        {
            let differences = left.differences(from: right)
            if !differences.isEmpty {
                var volatile: [String] = []
                var otherwise = false
                for difference in differences {
                    if let value = difference.value, difference.other != nil,
                        let kind = VolatileValue.kind(of: value, name: difference.key)
                    {
                        volatile.append("\(difference.path) (\(kind))")
                    } else {
                        otherwise = true
                    }
                }
                return (
                    " (JSON differs at " + differences.map(\.path).joined(separator: ", ") + ")", volatile, otherwise
                )
            }
        } else if liveType?.isFormURLEncoded == true, let liveBody = live.body, let recordedBody = recorded.body {
            let left = formFields(liveBody)
            let right = formFields(recordedBody)
            let names = (left.map(\.name) + right.map(\.name)).reduce(into: [String]()) { names, name in
                if !names.contains(name) { names.append(name) }
            }
            let differing = names.filter { name in
                left.filter { $0.name == name }.map(\.value) != right.filter { $0.name == name }.map(\.value)
            }
            if !differing.isEmpty {
                var volatile: [String] = []
                var otherwise = false
                for name in differing {
                    let value = left.first { $0.name == name }?.value
                    if let value, right.contains(where: { $0.name == name }),
                        let kind = VolatileValue.kind(of: value, name: name)
                    {
                        volatile.append("$.\(name) (\(kind))")
                    } else {
                        otherwise = true
                    }
                }
                return (" (form fields differ: " + differing.joined(separator: ", ") + ")", volatile, otherwise)
            }
        }
        return (" (\(live.body?.count ?? 0) bytes vs recorded \(recorded.body?.count ?? 0) bytes)", [], true)
    }

    private static func formFields(_ body: Data) -> [(name: String, value: String)] {
        URLParts.items(Substring(String(decoding: body, as: UTF8.self))).map {
            (URLParts.decoded($0.name, plusAsSpace: true), URLParts.decoded($0.value ?? "", plusAsSpace: true))
        }
    }
}

extension URLParts {
    var withoutQuery: String { "\(scheme)://\(host)\(port.map { ":" + $0 } ?? "")\(path)" }

    /// The raw `&`-separated items of the query, as the miss text lists them.
    var queryItems: [String] { (query ?? "").split(separator: "&").map(String.init) }
}
