/// A positional argument a command takes (`PATH ...`), declared once for the parser and the usage
/// line.
package struct CommandArgument: Sendable, Equatable {
    /// The name in the usage line and in errors (`PATH`).
    package var name: String
    /// Whether the command needs at least one.
    package var isRequired: Bool
    /// Whether more than one may be given (`PATH ...`).
    package var repeats: Bool

    package init(_ name: String, isRequired: Bool, repeats: Bool) {
        self.name = name
        self.isRequired = isRequired
        self.repeats = repeats
    }

    /// Files or folders of cassettes, none or more (`[PATH ...]`): the command has a default.
    package static let optionalPaths = CommandArgument("PATH", isRequired: false, repeats: true)
    /// Files or folders of cassettes, at least one (`PATH ...`).
    package static let requiredPaths = CommandArgument("PATH", isRequired: true, repeats: true)

    /// How the usage line spells it: `PATH ...`, `[PATH ...]`, `PATH` or `[PATH]`.
    var usage: String {
        let word = repeats ? "\(name) ..." : name
        return isRequired ? word : "[\(word)]"
    }
}
