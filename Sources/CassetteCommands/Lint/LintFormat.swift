import CassetteCore
import Foundation

/// How `cassette lint` prints its findings.
enum LintFormat: String, CaseIterable {
    /// `path:line:column: error: message [rule]`, as compilers print, so editors make it clickable.
    case text
    /// GitHub Actions workflow commands, which annotate the pull request.
    case github
    /// A JSON array of findings in canonical JSON, for other tools.
    case json

    /// What the format is, for `cassette help lint`.
    var help: String {
        switch self {
        case .text: "path:line:column: error: message [rule]"
        case .github: "GitHub Actions annotations"
        case .json: "a JSON array of findings"
        }
    }

    /// The findings in this format, one string to print to standard output (empty for no text output).
    func render(_ findings: [LintFinding]) -> String {
        switch self {
        case .text:
            return findings.map {
                "\($0.file):\($0.line):\($0.column): \($0.severity.rawValue): \($0.message) [\($0.rule.rawValue)]"
            }.joined(separator: "\n")
        case .github:
            return findings.map { finding in
                let file = Self.githubProperty(finding.file)
                return "::\(finding.severity.rawValue) file=\(file),line=\(finding.line),col=\(finding.column),"
                    + "title=cassette lint [\(finding.rule.rawValue)]::\(Self.githubData(finding.message))"
            }.joined(separator: "\n")
        case .json:
            let array = JSONValue.array(
                findings.map { finding in
                    var members: [JSONValue.Member] = [
                        .init("column", .integer(finding.column)), .init("file", .string(finding.file)),
                        .init("line", .integer(finding.line)), .init("message", .string(finding.message)),
                        .init("rule", .string(finding.rule.rawValue)),
                        .init("severity", .string(finding.severity.rawValue)),
                    ]
                    if let path = finding.jsonPath { members.append(.init("jsonPath", .string(path))) }
                    return .object(sorting: members)
                })
            return String(decoding: JSONWriter.bytes(of: array, style: .pretty), as: UTF8.self)
        }
    }

    /// Escapes a workflow command's message.
    static func githubData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// Escapes a workflow command's property value.
    static func githubProperty(_ text: String) -> String {
        githubData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
