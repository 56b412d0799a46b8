/// One option a command takes, declared once: the parser, the usage line and the OPTIONS block of
/// the command's help are all made from this value, so the help cannot drift from what parses.
package struct CommandOption: Sendable, Equatable {
    /// What follows the option's name on the command line.
    package enum Kind: Sendable, Equatable {
        /// A switch, present or not (`--check`).
        case flag
        /// An option with a value (`--ledger DIR` or `--ledger=DIR`), called `valueName` in the help.
        case value(valueName: String)
    }

    /// The long name with its dashes (`--format`).
    package var name: String
    /// A one-letter alias with its dash (`-h`), if any.
    package var shortName: String?
    package var kind: Kind
    /// What the option does, in a sentence; the help wraps it.
    package var help: String
    /// The values the option accepts when they are a closed set, in the order the help lists them;
    /// empty when any value goes.
    package var allowedValues: [OptionValue]
    /// The value a command sees when the option is not given.
    package var defaultValue: String?
    /// Whether the option may be given more than once, each value kept (`--method GET --method POST`).
    package var repeats: Bool

    /// A switch such as `--check`.
    package static func flag(_ name: String, short shortName: String? = nil, help: String) -> CommandOption {
        CommandOption(
            name: name, shortName: shortName, kind: .flag, help: help, allowedValues: [], defaultValue: nil,
            repeats: false)
    }

    /// An option that takes a value, such as `--ledger DIR`, or `--format FORMAT` with
    /// `allowedValues` when only some values are valid; with `repeats`, one that may be given more
    /// than once (`--method M ...`).
    package static func value(
        _ name: String, valueName: String, help: String, allowedValues: [OptionValue] = [],
        defaultValue: String? = nil, repeats: Bool = false
    ) -> CommandOption {
        CommandOption(
            name: name, shortName: nil, kind: .value(valueName: valueName), help: help, allowedValues: allowedValues,
            defaultValue: defaultValue, repeats: repeats)
    }

    /// `-h`, `--help`: every command takes it, and `cassette` itself.
    package static let help = flag("--help", short: "-h", help: "Show help information.")

    /// Whether the option is followed by a value.
    package var takesValue: Bool {
        if case .value = kind { return true }
        return false
    }

    /// The name of the option's value (`format`), or `nil` for a flag.
    package var valueName: String? {
        if case .value(let valueName) = kind { return valueName }
        return nil
    }

    /// Whether `argument` (without any `=value`) names this option.
    func isNamed(_ argument: String) -> Bool {
        argument == name || (shortName != nil && argument == shortName)
    }
}

/// One value of an option that takes a closed set of values: `json` of `--format`.
package struct OptionValue: Sendable, Equatable {
    package var name: String
    /// What the value means, for the option's help.
    package var help: String

    package init(_ name: String, help: String) {
        self.name = name
        self.help = help
    }
}
