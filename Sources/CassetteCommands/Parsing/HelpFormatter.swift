import Foundation

/// The generated parts of `cassette` help: usage lines and OPTIONS blocks from the declared
/// options and arguments, and the two-column rows the overview lists subcommands in. Description
/// paragraphs are each command's own prose.
package enum HelpFormatter {
    /// The width of the left column (option names, subcommand names), after two spaces of indent.
    static let labelWidth = 22
    /// Where the right column starts.
    static let textColumn = 2 + labelWidth + 2
    /// The width option help is wrapped to.
    static let width = 96

    /// `cassette lint [--format text|github|json] [PATH ...]`: every option but `--help`, then the
    /// positional arguments.
    package static func usage(_ command: String, options: [CommandOption], arguments: [CommandArgument]) -> String {
        let words = options.filter { $0 != .help }.map(usage(of:)) + arguments.map(\.usage)
        return ([command] + words).joined(separator: " ")
    }

    /// `[--check]`, `[--ledger DIR]`, `[--format text|github|json]` for a closed set of values, or
    /// `[--method M ...]` for an option that repeats.
    static func usage(of option: CommandOption) -> String {
        guard let valueName = option.valueName else { return "[\(option.name)]" }
        let value =
            option.allowedValues.isEmpty
            ? valueName.uppercased() : option.allowedValues.map(\.name).joined(separator: "|")
        return "[\(option.name) \(value)\(option.repeats ? " ..." : "")]"
    }

    /// `OPTIONS:` and one entry per option, `-h, --help` last: the name (and `<value>`), the help
    /// wrapped beside it, and the accepted values below it when they are a closed set.
    package static func options(_ options: [CommandOption]) -> String {
        let all = options.filter { $0 != .help } + [.help]
        return (["OPTIONS:"] + all.flatMap(entry(for:))).joined(separator: "\n")
    }

    /// One option's lines in the OPTIONS block.
    static func entry(for option: CommandOption) -> [String] {
        var label = option.shortName.map { "\($0), \(option.name)" } ?? option.name
        if let valueName = option.valueName { label += " <\(valueName)>" }
        var help = option.help
        if let defaultValue = option.defaultValue, !option.allowedValues.contains(where: { $0.name == defaultValue }) {
            help += " (default: \(defaultValue))"
        }
        var lines = row(label, wrap(help, width: width - textColumn))
        let nameWidth = option.allowedValues.map(\.name.count).max() ?? 0
        let indent = String(repeating: " ", count: textColumn + 2)
        for value in option.allowedValues {
            let name = value.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
            let text = value.help + (value.name == option.defaultValue ? " (default)" : "")
            let wrapped = wrap(text, width: width - indent.count - nameWidth - 2)
            lines.append(indent + name + "  " + (wrapped.first ?? ""))
            let hanging = indent + String(repeating: " ", count: nameWidth + 2)
            lines += wrapped.dropFirst().map { hanging + $0 }
        }
        return lines
    }

    /// A two-column row: `label` in the left column, the first of `lines` beside it (or below it
    /// when the label is too wide), the rest of `lines` under that.
    package static func row(_ label: String, _ lines: [String]) -> [String] {
        let indent = String(repeating: " ", count: textColumn)
        guard label.count <= labelWidth else { return ["  " + label] + lines.map { indent + $0 } }
        guard let first = lines.first else { return ["  " + label] }
        let padded = label.padding(toLength: labelWidth, withPad: " ", startingAt: 0)
        return ["  " + padded + "  " + first] + lines.dropFirst().map { indent + $0 }
    }

    /// `text` broken between words into lines of at most `width` characters (a longer word gets a
    /// line of its own).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }
}
