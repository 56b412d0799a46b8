import CassetteCore

extension LintFinding {
    /// The finding with its file path and JSON path through `scrubber`'s text rules: a finding never
    /// prints a secret, not even one used as a JSON object key in its path. Messages are made of
    /// scrubbed parts where they are built (``Scrubber/scrubText(_:)`` over a whole message would
    /// take its words for a header line).
    func scrubbed(by scrubber: Scrubber) -> LintFinding {
        var finding = self
        finding.file = scrubber.scrubText(file)
        finding.jsonPath = jsonPath.map(scrubber.scrubText)
        return finding
    }

    /// `text` with each double-quoted part (a JSON key a summary names) through `scrubber`.
    static func scrubbingQuoted(_ text: String, by scrubber: Scrubber) -> String {
        let parts = text.split(separator: "\"", omittingEmptySubsequences: false)
        return parts.enumerated().map { index, part in index % 2 == 1 ? scrubber.scrubText(String(part)) : String(part)
        }
        .joined(separator: "\"")
    }
}
