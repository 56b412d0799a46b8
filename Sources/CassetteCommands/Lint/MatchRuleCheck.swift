import CassetteCore
import Foundation

/// Checks a project's match rules against the cassettes they cover: a rule that matches nothing in
/// any of them is dead (a typo, or a field the API no longer sends), and a rule that makes two
/// different recorded requests of one cassette the same hides a difference replay may need.
struct MatchRuleCheck {
    let configurationPath: String
    /// The configuration file as messages print it.
    let displayPath: String
    let project: ProjectConfigurations.Resolved
    /// The cassettes linted, by the path printed, with their documents: checked for rules that make
    /// two of their recorded requests one.
    let documents: [(path: String, document: CassetteDocument)]
    /// The other cassettes the configuration covers, read only when a rule matches nothing in the
    /// linted ones: a rule that matches nothing in any of them is dead.
    let otherDocuments: () -> [(path: String, document: CassetteDocument)]

    func findings() -> [LintFinding] {
        guard let rules = try? CompiledMatchRules(project.configuration.match) else { return [] }
        let data = (try? Data(contentsOf: URL(fileURLWithPath: configurationPath))) ?? Data()
        var findings: [LintFinding] = []
        func warn(_ place: [JSONPathComponent], _ message: String) {
            let path: [JSONPathComponent] = [.key("match")] + place
            let (line, column) = data.isEmpty ? (1, 1) : JSONLocator.lineAndColumn(of: path, in: data)
            findings.append(
                LintFinding(
                    file: displayPath, line: line, column: column, rule: .match,
                    message: project.scrubber.scrubText(message), jsonPath: JSONPathComponent.text(path),
                    severity: .warning))
        }
        var dead = deadRules(rules, in: documents)
        if !dead.isEmpty { dead = deadRules(rules, in: documents + otherDocuments()) }
        for (place, message) in dead { warn(place, message) }
        collisions(rules: rules, warn: warn)
        return findings
    }

    /// The rules that match nothing in `covered`, with their place and message.
    private func deadRules(
        _ rules: CompiledMatchRules, in coveredDocuments: [(path: String, document: CassetteDocument)]
    ) -> [(place: [JSONPathComponent], message: String)] {
        var dead: [(place: [JSONPathComponent], message: String)] = []
        func warn(_ place: [JSONPathComponent], _ message: String) { dead.append((place, message)) }
        let requests = coveredDocuments.flatMap { $0.document.interactions.map(\.request) }
        let bodies = requests.map { request in request.body.flatMap { try? JSONParser.parse($0) } }
        let count = "\(coveredDocuments.count) \(coveredDocuments.count == 1 ? "cassette" : "cassettes")"
        let match = project.configuration.match
        for (index, path) in rules.ignoredBodyPaths.enumerated() {
            let inJSON = bodies.contains { $0.map { !path.values(in: $0).isEmpty } ?? false }
            let inFields = path.fieldName.map { field in requests.contains { hasField(field, $0) } } ?? false
            if !inJSON && !inFields {
                warn(
                    [.key("ignoreBodyPaths"), .index(index)],
                    "the rule ignoreBodyPaths \"\(path)\" matches no request body in the \(count) it covers; "
                        + "fix: correct the path or remove the rule")
            }
        }
        for (index, name) in match.ignoreQueryItems.enumerated()
        where !requests.contains(where: { queryNames(of: $0.url).contains(name) }) {
            warn(
                [.key("ignoreQueryItems"), .index(index)],
                "the rule ignoreQueryItems \"\(name)\" matches no query item in the \(count) it covers; "
                    + "fix: correct the name or remove the rule")
        }
        for (index, name) in match.headers.enumerated()
        where !requests.contains(where: { $0.headers.contains { $0.hasName(name) } }) {
            warn(
                [.key("headers"), .index(index)],
                "the rule headers \"\(name)\" names a header no recorded request has in the \(count) it covers, so "
                    + "every live request that sends it misses; fix: record with the header, or remove the rule")
        }
        for (index, echo) in match.echo.enumerated() where !echoes(echo, in: coveredDocuments) {
            warn(
                [.key("echo"), .index(index)],
                "the echo rule from \"\(echo.request)\" to \"\(echo.response)\" finds its two places in no recorded "
                    + "interaction of the \(count) it covers; fix: correct the places or remove the rule")
        }
        return dead
    }

    /// Pairs of interactions of one cassette whose requests differ, but not once the rules apply.
    private func collisions(rules: CompiledMatchRules, warn: ([JSONPathComponent], String) -> Void) {
        let strict = RequestMatcher(scrubber: project.scrubber)
        let tolerant = RequestMatcher(scrubber: project.scrubber, rules: rules)
        for (path, document) in documents {
            var seen: [RequestIdentity: (index: Int, strict: RequestIdentity)] = [:]
            for (index, interaction) in document.interactions.enumerated() {
                let masked = project.scrubber.masked(interaction.request)
                let key = tolerant.identity(ofMasked: masked)
                let exact = strict.identity(ofMasked: masked)
                if let earlier = seen[key], earlier.strict != exact {
                    warn(
                        [],
                        "the match rules make interactions[\(earlier.index)] and interactions[\(index)] of \(path) "
                            + "the same request (\(key.method) \(key.url)), so replay serves them in recorded order "
                            + "whatever the live request holds; fix: narrow the rules if the difference matters")
                } else if seen[key] == nil {
                    seen[key] = (index, exact)
                }
            }
        }
    }

    private func hasField(_ field: String, _ request: RecordedRequest) -> Bool {
        guard let body = request.body else { return false }
        let text = String(decoding: body, as: UTF8.self)
        let mediaType = request.headers.value(for: "Content-Type").map(MediaType.init)
        if mediaType?.isMultipart == true { return text.contains("name=\"\(field)\"") }
        return URLParts.items(Substring(text)).contains { URLParts.decoded($0.name, plusAsSpace: true) == field }
    }

    private func queryNames(of url: String) -> [String] {
        URLParts.items(Substring(URLParts(url).query ?? "")).map { URLParts.decoded($0.name, plusAsSpace: false) }
    }

    private func echoes(_ echo: MatchRules.Echo, in documents: [(path: String, document: CassetteDocument)]) -> Bool {
        guard let rules = try? CompiledMatchRules(MatchRules(echo: [echo])) else { return false }
        for (_, document) in documents {
            for interaction in document.interactions {
                if let response = interaction.response, rules.findsEveryEcho(from: interaction.request, in: response) {
                    return true
                }
            }
        }
        return false
    }
}
