import CassetteCommands
import CassetteCore
import Foundation

/// `cassette lint` (`scripts/fuzz lint N`), through the `CassetteCommands` linter. Any bytes in a
/// cassette file: lint reports findings, each at a line and column inside the file, and never
/// crashes; a file it finds nothing wrong with is a cassette in canonical form.
enum LintFuzzer {
    /// The file each input is written to: the linter reads files, as the tool does.
    static let file = FileManager.default.temporaryDirectory
        .appendingPathComponent("cassette-lint-fuzz-\(ProcessInfo.processInfo.processIdentifier).json")

    static func test(_ data: Data) {
        guard (try? data.write(to: file)) != nil else { fatalError("cannot write \(file.path)") }
        var linter = Linter()
        let findings = linter.lint(CassetteFiles.File(path: "fuzz.json", url: file))
        let lines = data.split(separator: 0x0A, omittingEmptySubsequences: false).count
        for finding in findings where finding.line < 1 || finding.column < 1 || finding.line > lines + 1 {
            fatalError("finding outside the file: \(finding.line):\(finding.column) of \(lines) lines")
        }
        if findings.isEmpty {
            guard let document = try? CassetteDocument.decode(data, path: "fuzz.json") else {
                fatalError("lint passed a file that does not decode")
            }
            if document.encoded() != data { fatalError("lint passed a file that is not canonical") }
        }
    }
}
