#if canImport(Testing)
    import CassetteCore
    import Foundation
    import Testing

    /// The arguments of one case of a parameterized test, read from the `Test.Case` Swift Testing
    /// hands a trait, and the file name they give the case's cassette.
    ///
    /// Swift Testing keeps a case's arguments internal (its `arguments` are SPI), so they are read
    /// by reflection; when its layout changes and they cannot be found, ``init(_:)`` returns `nil`
    /// and the trait says so instead of letting cases share a cassette.
    struct TestCaseArguments: Sendable {
        /// Each argument: its parameter's name and the value as text.
        var arguments: [(parameter: String, value: String)]
        /// What tells this case apart from every other case of its test (its arguments' stable IDs
        /// and discriminator, as Swift Testing describes them).
        var identity: String

        /// Reads the arguments of `testCase`; `nil` when they cannot be found.
        init?(_ testCase: Test.Case) {
            let mirror = Mirror(reflecting: testCase)
            guard let kind = mirror.children.first(where: { $0.label == "_kind" })?.value,
                let payload = Mirror(reflecting: kind).children.first?.value,
                let list = Mirror(reflecting: payload).children.first(where: { $0.label == "arguments" })?.value
            else { return nil }
            var arguments: [(parameter: String, value: String)] = []
            for element in Mirror(reflecting: list).children {
                let argument = Mirror(reflecting: element.value)
                guard let value = argument.descendant("value"),
                    let firstName = argument.descendant("parameter", "firstName") as? String
                else { return nil }
                let secondName = argument.descendant("parameter", "secondName") as? String
                // The name the test's code uses: `for code: Int` is `code`; `_ code: Int` too.
                let parameter = secondName.flatMap { $0 == "_" ? nil : $0 } ?? firstName
                arguments.append(
                    (parameter == "_" ? "argument\(arguments.count + 1)" : parameter, Self.text(of: value)))
            }
            guard !arguments.isEmpty else { return nil }
            self.arguments = arguments
            identity = String(describing: kind)
        }

        /// `code → 404, name → "x"`, for messages.
        var summary: String {
            arguments.map { "\($0.parameter) → \($0.value)" }.joined(separator: ", ")
        }

        /// `code=404`, `code=404,method=POST`: each parameter's name and its value's text, with every
        /// byte other than ASCII letters, digits, `-`, `_` and `.` written `%XX`, so the name is one
        /// path component that is the same on every platform and tells different arguments apart. A
        /// name longer than fits comfortably in a file name keeps its first 80 bytes and a digest of
        /// the whole.
        var fileName: String {
            let full = arguments.map { Self.escaped($0.parameter) + "=" + Self.escaped($0.value) }
                .joined(separator: ",")
            guard full.utf8.count > 120 else { return full }
            let digest = SHA256.hexDigest(Array(full.utf8)).prefix(16)
            return String(full.utf8.prefix(80).map { Character(Unicode.Scalar($0)) }) + "-" + digest
        }

        /// A value as its case is named: a string as it is, an optional's wrapped value (`nil` for
        /// none), `testDescription` where a type gives one, else `String(describing:)`.
        private static func text(of value: Any) -> String {
            let mirror = Mirror(reflecting: value)
            if mirror.displayStyle == .optional {
                guard let wrapped = mirror.children.first?.value else { return "nil" }
                return text(of: wrapped)
            }
            if let string = value as? any StringProtocol { return String(string) }
            if let described = value as? any CustomTestStringConvertible { return described.testDescription }
            return String(describing: value)
        }

        private static func escaped(_ text: String) -> String {
            var result = ""
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                    result.unicodeScalars.append(Unicode.Scalar(byte))
                case UInt8(ascii: ".") where !result.isEmpty:
                    result += "."
                default:
                    result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
                }
            }
            return result
        }
    }

    extension String {
        fileprivate func leftPadded(to width: Int) -> String {
            count >= width ? self : String(repeating: "0", count: width - count) + self
        }
    }
#endif
