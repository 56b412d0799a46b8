/// A command's arguments after parsing: flags that were given, option values, and positional
/// arguments, parsed by hand (no swift-argument-parser: the package has no dependencies).
struct ParsedArguments {
    var flags: Set<String> = []
    var options: [String: String] = [:]
    /// Every value of each option, in command-line order, for options that may be repeated
    /// (`--method GET --method POST`); ``options`` keeps the last.
    var optionValues: [String: [String]] = [:]
    var positional: [String] = []
    /// Whether `-h` or `--help` was given.
    var wantsHelp = false

    /// Parses `arguments` for a command that takes `flags` (such as `--check`) and `options` that
    /// take a value (`--format json` or `--format=json`). `--` ends the options.
    ///
    /// - Throws: ``UsageError`` for an unknown option, a flag given a value, or an option without one.
    init(_ arguments: [String], flags knownFlags: [String], options knownOptions: [String]) throws(UsageError) {
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
            if argument == "-h" || argument == "--help" {
                wantsHelp = true
                continue
            }
            let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            if knownOptions.contains(name) {
                if parts.count == 2 {
                    options[name] = String(parts[1])
                } else if index < arguments.count {
                    options[name] = arguments[index]
                    index += 1
                } else {
                    throw UsageError("missing value for '\(name)'")
                }
                optionValues[name, default: []].append(options[name]!)
            } else if knownFlags.contains(name) {
                guard parts.count == 1 else { throw UsageError("'\(name)' does not take a value") }
                flags.insert(name)
            } else {
                throw .unknown("option", name, candidates: knownFlags + knownOptions + ["--help"])
            }
        }
    }
}
