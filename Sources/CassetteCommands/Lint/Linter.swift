import CassetteCore
import Foundation

/// Checks cassette files, reading each once: format, canonical form, secrets, reachability and
/// staleness; and, over all the files a project configuration covers, its match rules.
package struct Linter {
    private let configurations = ProjectConfigurations()
    /// Interactions older than this many days are stale, whatever the project says; `nil` leaves it
    /// to each project's `"maxAge"`.
    private let maxAge: Int?
    /// Today, as a UTC day, for staleness.
    private let today: Date
    /// How a path outside the command line's own (a configuration file) is printed.
    private let display: @Sendable (String) -> String
    /// Configuration files already reported as unusable: each is reported once.
    private var reportedConfigurations: Set<String> = []
    /// The documents linted under each configuration file with match rules, for ``finish()``.
    private var covered: [String: (configuration: ProjectConfigurations.Resolved, documents: [LintedDocument])] = [:]

    private struct LintedDocument {
        var path: String
        var document: CassetteDocument
    }

    /// - Parameters:
    ///   - maxAge: The maximum age in days (`--max-age`); `nil` uses each project's `"maxAge"`.
    ///   - today: The date staleness is measured from.
    ///   - display: How to print a configuration file's path (relative to the current directory).
    package init(maxAge: Int? = nil, today: Date = Date(), display: @escaping @Sendable (String) -> String = { $0 }) {
        self.maxAge = maxAge
        self.today = today
        self.display = display
    }

    /// The problems of one file, by line and column, scrubbed: no path, message or JSON path of a
    /// finding prints a secret.
    package mutating func lint(_ file: CassetteFiles.File) -> [LintFinding] {
        let (findings, scrubber) = unscrubbedFindings(file)
        return findings.map { $0.scrubbed(by: scrubber ?? Scrubber()) }
    }

    /// The problems of one file, and the scrubber of its project (`nil` when it has none that works).
    private mutating func unscrubbedFindings(_ file: CassetteFiles.File) -> ([LintFinding], Scrubber?) {
        let data: Data
        let document: CassetteDocument
        do throws(CassetteReadError) {
            (data, document) = try file.decode()
        } catch {
            return ([formatFinding(error)], try? configurations.scrubber(forCassetteAt: file.url))
        }
        let project: ProjectConfigurations.Resolved
        do throws(ConfigurationError) {
            project = try configurations.configuration(forCassetteAt: file.url)
        } catch {
            guard reportedConfigurations.insert(error.path ?? "").inserted else { return ([], nil) }
            return ([configurationFinding(error)], nil)
        }
        if let path = project.configuration.file?.path, !project.configuration.match.isStrict {
            covered[path, default: (project, [])].documents.append(LintedDocument(path: file.path, document: document))
        }
        // The canonical check and the secret scan read the same document and share nothing: the
        // canonical check runs on another core while this one scans.
        let canonicalPosition = Locked<(line: Int, column: Int)?>(nil)
        let canonicalCheck = DispatchGroup()
        let decoded = (document, data)
        DispatchQueue.global().async(group: canonicalCheck) {
            let position = decoded.0.firstNonCanonicalPosition(in: decoded.1)
            canonicalPosition.withLock { $0 = position }
        }
        var findings = secretAndReachabilityFindings(file, data: data, document: document, scrubber: project.scrubber)
        if let maxAge = maxAge ?? project.configuration.maxAge {
            findings += staleFindings(file, data: data, document: document, maxAge: maxAge, scrubber: project.scrubber)
        }
        canonicalCheck.wait()
        if let (line, column) = canonicalPosition.withLock({ $0 }) {
            findings.append(
                LintFinding(
                    file: file.path, line: line, column: column, rule: .canonical,
                    message: "cassette is not in canonical form (first difference on line \(line)); "
                        + "fix: cassette scrub \(file.path)"))
        }
        return (findings.sorted { ($0.line, $0.column) < ($1.line, $1.column) }, project.scrubber)
    }

    /// Findings about the match rules of every configuration file that covered a linted cassette:
    /// rules that match nothing in any of those cassettes, and rules that make two different recorded
    /// requests of one cassette the same. Warnings, located in the configuration file.
    package func finish() -> [LintFinding] {
        covered.keys.sorted().flatMap { path in
            let (project, documents) = covered[path]!
            return MatchRuleCheck(
                configurationPath: path, displayPath: display(path), project: project,
                documents: documents.map { ($0.path, $0.document) }
            ).findings().map { $0.scrubbed(by: project.scrubber) }
        }
    }

    private func secretAndReachabilityFindings(
        _ file: CassetteFiles.File, data: Data, document: CassetteDocument, scrubber: Scrubber
    ) -> [LintFinding] {
        var findings: [LintFinding] = []
        for (finding, path) in scrubber.locatedFindings(in: document) {
            let (line, column) = JSONLocator.lineAndColumn(of: path, in: data)
            findings.append(
                LintFinding(
                    file: file.path, line: line, column: column, rule: .secret,
                    message: "\(finding.rule): \(LintFinding.scrubbingQuoted(finding.summary, by: scrubber)) at "
                        + "\(scrubber.scrubText(finding.path)); fix: cassette scrub \(file.path)",
                    jsonPath: finding.path))
        }
        for (index, interaction) in document.interactions.enumerated() {
            guard let problem = Reachability.problem(with: interaction.request) else { continue }
            let path: [JSONPathComponent] = [.key("interactions"), .index(index), .key("request"), .key("url")]
            let (line, column) = JSONLocator.lineAndColumn(of: path, in: data)
            let message =
                "interaction \(index) can never be served: \(problem); fix: record it again, or remove the interaction"
            findings.append(
                LintFinding(
                    file: file.path, line: line, column: column, rule: .unreachable,
                    message: scrubber.scrubText(message), jsonPath: JSONPathComponent.text(path)))
        }
        return findings
    }

    /// Interactions recorded more than `maxAge` days before today. One without a recorded day is
    /// of unknown age and not reported.
    private func staleFindings(
        _ file: CassetteFiles.File, data: Data, document: CassetteDocument, maxAge: Int, scrubber: Scrubber
    ) -> [LintFinding] {
        let todayStart = RecordingDay.date(RecordingDay.string(for: today)) ?? today
        var findings: [LintFinding] = []
        for (index, interaction) in document.interactions.enumerated() {
            guard let day = interaction.recorded, let date = RecordingDay.date(day) else { continue }
            let age = Int((todayStart.timeIntervalSince(date) / 86_400).rounded())
            guard age > maxAge else { continue }
            let path: [JSONPathComponent] = [.key("interactions"), .index(index), .key("recorded")]
            let (line, column) = JSONLocator.lineAndColumn(of: path, in: data)
            let request = interaction.request
            let pattern = "\(request.method) *\(URLParts(request.url).path)*"
            let message =
                "interaction \(index) (\(request.method) \(request.url)) was recorded on \(day), \(age) days ago, "
                + "more than the maximum age of \(maxAge) days; fix: re-record it with "
                + "\(EnvironmentVariable.rerecord)=\(ShellQuoting.quoted(pattern)) swift test --filter <the test that "
                + "uses \(file.path)>"
            findings.append(
                LintFinding(
                    file: file.path, line: line, column: column, rule: .stale, message: scrubber.scrubText(message),
                    jsonPath: JSONPathComponent.text(path)))
        }
        return findings
    }

    private func formatFinding(_ error: CassetteReadError) -> LintFinding {
        // A newer format's message says what to do already; an unreadable file's, what is wrong.
        let fix: String
        switch error.reason {
        case .newerVersion, .unreadable: fix = ""
        default: fix = "; fix: repair the file by hand, or record it again (cassette scrub cannot fix this)"
        }
        return LintFinding(
            file: error.path, line: error.line ?? 1, column: error.column ?? 1, rule: .format,
            message: error.message + fix, jsonPath: error.jsonPath)
    }

    private func configurationFinding(_ error: ConfigurationError) -> LintFinding {
        // The description is `path:line:column: error: message`; keep the message.
        let text = error.description
        let message = text.range(of: ": error: ").map { String(text[$0.upperBound...]) } ?? text
        return LintFinding(
            file: error.path.map(display) ?? ScrubConfiguration.fileName, line: error.line ?? 1,
            column: error.column ?? 1,
            rule: .config, message: message + "; the cassettes it covers were not checked; fix: correct the file",
            jsonPath: error.jsonPath)
    }
}
