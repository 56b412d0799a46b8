/// A command's arguments after parsing against its declared options and arguments, parsed by hand
/// (no swift-argument-parser: the package has no dependencies).
package struct ParsedArguments: Sendable {
    /// The names of the flags that were given.
    private var flags: Set<String> = []
    /// The values of each value option that was given, in command-line order.
    private var values: [String: [String]] = [:]
    /// The positional arguments, in order.
    package private(set) var positional: [String] = []
    /// Whether `-h` or `--help` was given: the command prints its help instead of running.
    package private(set) var wantsHelp = false

    /// Parses `arguments` (without the program and command names). Options are matched by name
    /// (`--format json` or `--format=json`); `--` ends the options, and `-` is a positional argument.
    /// Unless help was asked for, values outside an option's closed set and missing positional
    /// arguments are errors too.
    ///
    /// - Parameters:
    ///   - options: The command's options; `-h`, `--help` is added.
    ///   - expected: The command's positional arguments.
    /// - Throws: ``UsageError`` for an unknown option, a flag given a value, an option without one,
    ///   a value the option does not accept, or a missing or extra positional argument.
    package init(_ arguments: [String], options: [CommandOption], arguments expected: [CommandArgument])
        throws(UsageError)
    {
        let known = options.contains(.help) ? options : options + [.help]
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                positional.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            guard let option = known.first(where: { $0.isNamed(name) }) else {
                throw .unknown("option", name, candidates: known.map(\.name))
            }
            if option.takesValue {
                if parts.count == 2 {
                    values[option.name, default: []].append(String(parts[1]))
                } else if index < arguments.count {
                    values[option.name, default: []].append(arguments[index])
                    index += 1
                } else {
                    throw UsageError("missing value for '\(name)'")
                }
            } else {
                guard parts.count == 1 else { throw UsageError("'\(name)' does not take a value") }
                if option == .help { wantsHelp = true } else { flags.insert(option.name) }
            }
        }
        guard !wantsHelp else { return }
        for option in known where !option.allowedValues.isEmpty {
            let allowed = option.allowedValues.map(\.name)
            for value in values[option.name] ?? [] where !allowed.contains(value) {
                throw .notAllowed(value, of: option)
            }
        }
        try check(positional, against: expected)
    }

    /// Whether the flag `option` was given.
    package func isSet(_ option: CommandOption) -> Bool {
        flags.contains(option.name)
    }

    /// The value given for `option` (the last, if it was given more than once), else its default
    /// value.
    package func value(of option: CommandOption) -> String? {
        values[option.name]?.last ?? option.defaultValue
    }

    /// Every value given for `option`, in command-line order (for options that repeat).
    package func values(of option: CommandOption) -> [String] {
        values[option.name] ?? []
    }

    /// Checks the count of positional arguments: each required one present, no more than the
    /// command takes.
    private func check(_ given: [String], against expected: [CommandArgument]) throws(UsageError) {
        for (offset, argument) in expected.enumerated() where argument.isRequired && given.count <= offset {
            throw UsageError("missing expected argument '\(argument.name)'")
        }
        if expected.last?.repeats != true, given.count > expected.count {
            throw UsageError("unexpected argument '\(given[expected.count])'")
        }
    }
}
