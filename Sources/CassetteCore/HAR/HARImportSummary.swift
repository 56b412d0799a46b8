/// What `cassette import` did, in the words its summary prints.
package struct HARImportSummary: Sendable, Equatable, CustomStringConvertible {
    package var harPath: String
    package var cassettePath: String
    package var result: HARImport.Result
    /// How many interactions the cassette had before an `--append`.
    package var existingCount: Int
    /// Whether an existing cassette was replaced (no `--append`).
    package var replaced: Bool

    /// One line per fact: what was imported, what was skipped and why, what the filters left out.
    package var description: String {
        let imported = result.interactions.count
        let entries = "\(result.entryCount) \(result.entryCount == 1 ? "entry" : "entries")"
        var line = "\(harPath): \(imported) \(imported == 1 ? "interaction" : "interactions") from \(entries)"
        if existingCount > 0 {
            line += " added to the \(existingCount) already in \(cassettePath)"
        } else {
            line += " written to \(cassettePath)\(replaced ? " (replaced)" : "")"
        }
        if result.mergedHops > 0 {
            line += " (\(result.mergedHops) \(result.mergedHops == 1 ? "entry" : "entries") merged as redirect hops)"
        }
        var lines = [line]
        let skippedCount = result.skipped.values.reduce(0, +)
        if skippedCount > 0 {
            let reasons = result.skipped.sorted { $0.key < $1.key }.map { $0.key.phrase(count: $0.value) }
            lines.append(
                "skipped \(skippedCount) \(skippedCount == 1 ? "entry" : "entries"): \(reasons.joined(separator: ", "))"
            )
        }
        if result.filteredOut > 0 {
            let count = result.filteredOut
            lines.append("left out \(count) \(count == 1 ? "request" : "requests") not matching --method/--url-pattern")
        }
        if result.withoutBodyText > 0 {
            let count = result.withoutBodyText
            lines.append(
                "warning: \(count) \(count == 1 ? "response has" : "responses have") a body size but no content.text "
                    + "in the HAR (exported without bodies?); imported without a body")
        }
        return lines.joined(separator: "\n")
    }
}
