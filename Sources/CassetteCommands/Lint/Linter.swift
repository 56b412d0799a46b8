import CassetteCore
import Foundation

/// Checks cassette files, reading each once: format, canonical form, secrets and reachability.
package struct Linter {
    private let scrubbers = ProjectConfigurations()
    /// Configuration files already reported as unusable: each is reported once.
    private var reportedConfigurations: Set<String> = []

    package init() {}

    /// The problems of one file, by line and column.
    package mutating func lint(_ file: CassetteFiles.File) -> [LintFinding] {
        let data: Data
        let document: CassetteDocument
        do throws(CassetteReadError) {
            (data, document) = try file.decode()
        } catch {
            return [formatFinding(error)]
        }
        let scrubber: Scrubber
        do throws(ScrubConfigurationError) {
            scrubber = try scrubbers.scrubber(forCassetteAt: file.url)
        } catch {
            guard reportedConfigurations.insert(error.path ?? "").inserted else { return [] }
            return [configurationFinding(error)]
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
        var findings = secretAndReachabilityFindings(file, data: data, document: document, scrubber: scrubber)
        canonicalCheck.wait()
        if let (line, column) = canonicalPosition.withLock({ $0 }) {
            findings.append(
                LintFinding(
                    file: file.path, line: line, column: column, rule: .canonical,
                    message: "cassette is not in canonical form (first difference on line \(line)); "
                        + "fix: cassette scrub \(file.path)"))
        }
        return findings.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
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
                    message: "\(finding.rule): \(finding.summary) at \(finding.path); fix: cassette scrub \(file.path)",
                    jsonPath: finding.path))
        }
        for (index, interaction) in document.interactions.enumerated() {
            guard let problem = Reachability.problem(with: interaction.request) else { continue }
            let path: [JSONPathComponent] = [.key("interactions"), .index(index), .key("request"), .key("url")]
            let (line, column) = JSONLocator.lineAndColumn(of: path, in: data)
            let message = "interaction \(index) can never be served: \(problem)"
            findings.append(
                LintFinding(
                    file: file.path, line: line, column: column, rule: .unreachable,
                    message: scrubber.scrubText(message), jsonPath: JSONPathComponent.text(path)))
        }
        return findings
    }

    private func formatFinding(_ error: CassetteReadError) -> LintFinding {
        LintFinding(
            file: error.path, line: error.line ?? 1, column: error.column ?? 1, rule: .format, message: error.message,
            jsonPath: error.jsonPath)
    }

    private func configurationFinding(_ error: ScrubConfigurationError) -> LintFinding {
        // The description is `path:line:column: error: message`; keep the message.
        let text = error.description
        let message = text.range(of: ": error: ").map { String(text[$0.upperBound...]) } ?? text
        return LintFinding(
            file: error.path ?? ScrubConfiguration.fileName, line: error.line ?? 1, column: error.column ?? 1,
            rule: .config, message: message + "; the cassettes it covers were not checked for secrets",
            jsonPath: error.jsonPath)
    }
}
