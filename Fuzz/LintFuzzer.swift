import Foundation

// libFuzzer entry for `cassette lint` (`scripts/fuzz lint N`), compiled together with the
// CassetteCore sources and the tool's lint sources. Any bytes in a cassette file: lint reports
// findings, each at a line and column inside the file, and never crashes; a file it finds nothing
// wrong with is a cassette in canonical form.

private let fuzzFile = FileManager.default.temporaryDirectory
    .appendingPathComponent("cassette-lint-fuzz-\(ProcessInfo.processInfo.processIdentifier).json")

@_cdecl("LLVMFuzzerTestOneInput")
public func lintFuzzerTestOneInput(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    guard (try? data.write(to: fuzzFile)) != nil else { fatalError("cannot write \(fuzzFile.path)") }
    var linter = Linter()
    let findings = linter.lint(CassetteFiles.File(path: "fuzz.json", url: fuzzFile))
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
    return 0
}
