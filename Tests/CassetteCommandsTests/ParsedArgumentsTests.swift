import CassetteCommands
import Testing

/// Parsing against a declaration: the forms of values, the end of options, and each usage error.
@Suite struct ParsedArgumentsTests {
    static let check = CommandOption.flag("--check", help: "Check.")
    static let mode = CommandOption.value(
        "--mode", valueName: "mode", help: "The mode.",
        allowedValues: [OptionValue("fast", help: "Fast."), OptionValue("slow", help: "Slow.")], defaultValue: "fast")
    static let ledger = CommandOption.value("--ledger", valueName: "dir", help: "A folder.")
    static let options = [check, mode, ledger]

    func parse(_ arguments: String..., expecting expected: [CommandArgument] = [.optionalPaths]) throws(UsageError)
        -> ParsedArguments
    {
        try ParsedArguments(arguments, options: Self.options, arguments: expected)
    }

    @Test func valuesBySpaceOrEqualsAndDefaults() throws {
        let spaced = try parse("--mode", "slow", "--ledger", "a=b", "A.json")
        #expect(spaced.value(of: Self.mode) == "slow")
        #expect(spaced.value(of: Self.ledger) == "a=b")
        #expect(spaced.positional == ["A.json"])
        let joined = try parse("--mode=slow", "--ledger=", "--check")
        #expect(joined.value(of: Self.mode) == "slow")
        #expect(joined.value(of: Self.ledger) == "")
        #expect(joined.isSet(Self.check))
        let none = try parse()
        #expect(none.value(of: Self.mode) == "fast")
        #expect(none.value(of: Self.ledger) == nil)
        #expect(!none.isSet(Self.check))
    }

    @Test func repeatedOptionsKeepEveryValueInOrder() throws {
        let method = CommandOption.value("--method", valueName: "m", help: "A method.", repeats: true)
        let parsed = try ParsedArguments(
            ["--method", "GET", "--ledger", "a", "--method=POST", "--ledger", "b"], options: Self.options + [method],
            arguments: [])
        #expect(parsed.values(of: method) == ["GET", "POST"])
        #expect(parsed.value(of: method) == "POST")
        #expect(parsed.value(of: Self.ledger) == "b")
        #expect(parsed.values(of: Self.mode) == [])
        #expect(HelpFormatter.usage("cassette x", options: [method], arguments: []) == "cassette x [--method M ...]")
    }

    @Test func doubleDashEndsOptionsAndDashIsAnArgument() throws {
        let parsed = try parse("-", "--", "--check", "-h")
        #expect(parsed.positional == ["-", "--check", "-h"])
        #expect(!parsed.isSet(Self.check))
        #expect(!parsed.wantsHelp)
    }

    @Test func helpSkipsValueAndArgumentChecks() throws {
        let parsed = try parse("--mode=medium", "-h", expecting: [.requiredPaths])
        #expect(parsed.wantsHelp)
    }

    struct Failure: CustomTestStringConvertible, Sendable {
        var arguments: [String]
        var expected: [CommandArgument] = [.optionalPaths]
        var error: UsageError
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let failures: [Failure] = [
        Failure(
            arguments: ["--chek"], error: UsageError("unknown option '--chek'", suggestion: "did you mean '--check'?")),
        Failure(
            arguments: ["--ledgr=x"],
            error: UsageError("unknown option '--ledgr'", suggestion: "did you mean '--ledger'?")),
        Failure(arguments: ["--zzz"], error: UsageError("unknown option '--zzz'")),
        Failure(arguments: ["--check=1"], error: UsageError("'--check' does not take a value")),
        Failure(arguments: ["--ledger"], error: UsageError("missing value for '--ledger'")),
        Failure(
            arguments: ["--mode", "slo"],
            error: UsageError(
                "unknown mode 'slo'; valid modes are fast, slow", suggestion: "did you mean 'slow'?")),
        Failure(arguments: [], expected: [.requiredPaths], error: UsageError("missing expected argument 'PATH'")),
        Failure(
            arguments: ["a", "b"], expected: [CommandArgument("FILE", isRequired: true, repeats: false)],
            error: UsageError("unexpected argument 'b'")),
    ]

    @Test(arguments: failures) func usageErrors(_ failure: Failure) {
        #expect(throws: failure.error) {
            try ParsedArguments(failure.arguments, options: Self.options, arguments: failure.expected)
        }
    }

    @Test func usageLineFromTheDeclaration() {
        #expect(
            HelpFormatter.usage(
                "cassette x", options: Self.options + [.help],
                arguments: [CommandArgument("FILE", isRequired: true, repeats: false), .optionalPaths])
                == "cassette x [--check] [--mode fast|slow] [--ledger DIR] FILE [PATH ...]")
    }
}
