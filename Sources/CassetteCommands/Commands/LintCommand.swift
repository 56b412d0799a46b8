import CassetteCore
import Foundation

/// `cassette lint`: reports what is wrong with cassettes, without changing them.
enum LintCommand: Command {
    static let name = "lint"
    static let abstract = "Check cassettes: format, canonical form, secrets, unreachable interactions."
    static let discussion = """
        Checks every cassette file (PATH: files, or directories searched recursively for *.json;
        default: Cassettes) and reports each problem with its file, line and column. A .cassette.json
        named as a PATH is checked as the project configuration it is, not as a cassette.

          [format]       the file does not parse or does not fit the cassette format
          [canonical]    the file is not in canonical form (fix: cassette scrub PATH)
          [secret]       a secret or email address the scrubber would replace, by rule, JSON path
                         and placeholder, never the secret itself (fix: cassette scrub PATH);
                         rules come from the project's .cassette.json
          [unreachable]  an interaction replay can never serve: its request URL is one no
                         URLSession request carries (URL(string:) rejects or re-spells it)
          [config]       the project's .cassette.json cannot be used
          [stale]        an interaction recorded more than --max-age days ago (or the project's
                         "maxAge" in .cassette.json), with the command that re-records it
          [match]        (a warning) a match rule of .cassette.json that matches nothing in any
                         cassette it covers (named or not), or that makes two different recorded
                         requests of a named cassette one
          [temporary]    a temporary file (.NAME.json.tmp-XXXXXX) a writer killed mid-write left
                         beside the cassettes: not a cassette; delete it, and keep such files out
                         of git with the line .*.tmp-* in .gitignore

        Every finding ends with its fix. Exits 0 when there are no errors (warnings alone do not
        fail), 1 when there are, 64 for a usage error. The summary line goes to standard error.
        """

    static let format = CommandOption.value(
        "--format", valueName: "format", help: "How to print the findings:",
        allowedValues: LintFormat.allCases.map { OptionValue($0.rawValue, help: $0.help) },
        defaultValue: LintFormat.text.rawValue)
    static let maxAge = CommandOption.value(
        "--max-age", valueName: "days",
        help: "Report interactions recorded more than this many days ago as stale (default: the project's "
            + "\"maxAge\", or no limit).")
    static let options = [format, maxAge]
    static let arguments = [CommandArgument.optionalPaths]

    static func run(_ parsed: ParsedArguments, in context: CommandContext) throws(UsageError) -> ExitStatus {
        // The parser accepts only the formats' names.
        let format = parsed.value(of: Self.format).flatMap(LintFormat.init(rawValue:)) ?? .text
        var maxAge: Int?
        if let text = parsed.value(of: Self.maxAge) {
            guard let days = Int(text), days > 0 else {
                throw UsageError("invalid value '\(text)' for '--max-age': expected a whole number of days above 0")
            }
            maxAge = days
        }
        let files = try CassetteFiles(parsed.positional, relativeTo: context.currentDirectory)
        for directory in files.emptyDirectories {
            context.console.error("warning: no cassettes (*.json) in \(directory)")
        }
        let ledgers = LedgerTests(environment: context.environment)
        var linter = Linter(
            maxAge: maxAge, display: { [context] in context.displayPath($0) }, tests: ledgers.tests(using:))
        var findings: [LintFinding] = []
        var filesWithProblems = 0
        for file in files.files {
            let found = linter.lint(file)
            if !found.isEmpty { filesWithProblems += 1 }
            findings += found
        }
        findings += linter.finish()
        findings += files.temporaryFiles.map(Self.temporaryFinding)
        let output = format.render(findings)
        if !output.isEmpty || format == .json { context.console.out(output) }
        let errors = findings.filter { $0.severity == .error }.count
        let stray = files.temporaryFiles.count
        var said = summary(
            problems: errors - stray, warnings: findings.count - errors, files: filesWithProblems, of: files.files.count
        )
        if stray > 0 { said += "; \(stray) stray temporary \(stray == 1 ? "file" : "files")" }
        context.console.error(said)
        return errors == 0 ? .success : .failure
    }

    /// `3 problems in 2 of 5 cassettes`, or `5 cassettes, no problems`, with the warnings after.
    static func summary(problems: Int, warnings: Int = 0, files: Int, of total: Int) -> String {
        let cassettes = total == 1 ? "cassette" : "cassettes"
        let warned = warnings == 0 ? "" : "; \(warnings) \(warnings == 1 ? "warning" : "warnings")"
        guard problems > 0 else { return "\(total) \(cassettes), no problems" + warned }
        return "\(problems) \(problems == 1 ? "problem" : "problems") in \(files) of \(total) \(cassettes)" + warned
    }

    /// A temporary file of an atomic write that no writer is using: the cassette writers remove the
    /// ones of their own file when they next write it; this says what it is and how to be rid of it.
    static func temporaryFinding(_ file: CassetteFiles.File) -> LintFinding {
        let size = (try? FileManager.default.attributesOfItem(atPath: file.url.path)[.size] as? Int) ?? nil
        let bytes = size.map { " (\($0) bytes)" } ?? ""
        return LintFinding(
            file: file.path, line: 1, column: 1, rule: .temporary,
            message: "stray temporary file\(bytes) of an interrupted cassette write, not a cassette; the next write "
                + "of its cassette removes it; fix: rm \(ShellQuoting.quoted(file.path)), and keep such files out of "
                + "git with the line .*.tmp-* in .gitignore")
    }
}
