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
    /// The `--filter` patterns of the tests that use a cassette, for the fix of a stale one.
    private let tests: (URL) -> [String]
    /// Configuration files already reported as unusable: each is reported once.
    private var reportedConfigurations: Set<String> = []
    /// The documents linted under each configuration file with match rules, for ``finish()``.
    private var covered: [String: (configuration: ProjectConfigurations.Resolved, documents: [LintedDocument])] = [:]

    private struct LintedDocument {
        var path: String
        var url: URL
        var document: CassetteDocument
    }

    /// - Parameters:
    ///   - maxAge: The maximum age in days (`--max-age`); `nil` uses each project's `"maxAge"`.
    ///   - today: The date staleness is measured from.
    ///   - display: How to print a configuration file's path (relative to the current directory).
    ///   - tests: The `swift test --filter` patterns of the tests that use a cassette, by its file
    ///     (from the usage ledgers); none by default.
    package init(
        maxAge: Int? = nil, today: Date = Date(), display: @escaping @Sendable (String) -> String = { $0 },
        tests: @escaping (URL) -> [String] = { _ in [] }
    ) {
        self.maxAge = maxAge
        self.today = today
        self.display = display
        self.tests = tests
    }

    /// The problems of one file, by line and column, scrubbed: no path, message or JSON path of a
    /// finding prints a secret. A `.cassette.json` is checked as a project configuration, not as a
    /// cassette.
    package mutating func lint(_ file: CassetteFiles.File) -> [LintFinding] {
        if file.url.lastPathComponent == ProjectConfiguration.fileName {
            return lintConfiguration(file).map { $0.scrubbed(by: Scrubber.default) }
        }
        let (findings, scrubber) = unscrubbedFindings(file)
        return findings.map { $0.scrubbed(by: scrubber ?? Scrubber.default) }
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
        if let path = project.configuration.file?.standardizedFileURL.path, !project.configuration.match.isStrict {
            covered[path, default: (project, [])].documents.append(
                LintedDocument(path: file.path, url: file.url, document: document))
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

    /// Findings about the match rules of every configuration file that covered a linted cassette
    /// (or was linted itself): rules that match nothing in any of the cassettes the file covers (all
    /// of them, linted or not: the others are read only when a rule matches nothing in the linted
    /// ones), and rules that make two different recorded requests of one linted cassette the same.
    /// Warnings, located in the configuration file.
    package func finish() -> [LintFinding] {
        covered.keys.sorted().flatMap { path in
            let (project, documents) = covered[path]!
            let linted = documents.map { ($0.path, $0.document) }
            return MatchRuleCheck(
                configurationPath: path, displayPath: display(path), project: project, documents: linted,
                otherDocuments: { otherCassettes(coveredBy: path, besides: documents) }
            ).findings().map { $0.scrubbed(by: project.scrubber) }
        }
    }

    /// Checks a `.cassette.json` named on the command line: that it can be used, and (in
    /// ``finish()``) its match rules against the cassettes it covers.
    private mutating func lintConfiguration(_ file: CassetteFiles.File) -> [LintFinding] {
        let path = file.url.standardizedFileURL.path
        let project: ProjectConfigurations.Resolved
        do throws(ConfigurationError) {
            project = ProjectConfigurations.Resolved(try ProjectConfiguration.load(from: file.url))
            _ = try project.matcher()
        } catch {
            guard reportedConfigurations.insert(error.path ?? "").inserted else { return [] }
            return [configurationFinding(error, linted: true)]
        }
        if !project.configuration.match.isStrict, covered[path] == nil { covered[path] = (project, []) }
        return []
    }

    /// The cassettes below the folder of the configuration file `path` that it covers (their nearest
    /// configuration), other than `linted`: every `*.json` file that reads as a cassette, skipping
    /// hidden files and folders (`.build`, `.git`). What cannot be read is left to linting it.
    private func otherCassettes(coveredBy path: String, besides linted: [LintedDocument]) -> [(
        String, CassetteDocument
    )] {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        let skipped = Set(linted.map { $0.url.standardizedFileURL.path })
        guard
            let enumerator = FileManager.default.enumerator(
                at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else { return [] }
        var found: [(String, CassetteDocument)] = []
        for case let url as URL in enumerator where url.pathExtension == "json" {
            let standardized = url.standardizedFileURL
            guard !skipped.contains(standardized.path),
                (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true,
                (try? configurations.configuration(forCassetteAt: standardized))?.configuration.file?
                    .standardizedFileURL.path == path,
                let data = try? Data(contentsOf: url),
                let document = try? CassetteDocument.decode(data, path: standardized.path)
            else { continue }
            found.append((display(standardized.path), document))
        }
        return found.sorted { $0.0 < $1.0 }
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
        let users = tests(file.url)
        let filter =
            users.isEmpty
            ? "<the test that uses \(file.path)>" : ShellQuoting.quoted(users.joined(separator: "|"))
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
                + "\(EnvironmentVariable.rerecord)=\(ShellQuoting.quoted(pattern)) swift test --filter \(filter)"
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

    /// A configuration file that cannot be used; `linted` when it was named itself, rather than
    /// found for a cassette (whose other checks it then stops).
    private func configurationFinding(_ error: ConfigurationError, linted: Bool = false) -> LintFinding {
        // The description is `path:line:column: error: message`; keep the message.
        let text = error.description
        let message = text.range(of: ": error: ").map { String(text[$0.upperBound...]) } ?? text
        let consequence =
            linted
            ? "; every swift test and cassette command of the cassettes it covers would fail on it"
            : "; the cassettes it covers were not checked"
        return LintFinding(
            file: error.path.map(display) ?? ProjectConfiguration.fileName, line: error.line ?? 1,
            column: error.column ?? 1, rule: .config, message: message + consequence + "; fix: correct the file",
            jsonPath: error.jsonPath)
    }
}
