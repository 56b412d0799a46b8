#if canImport(Testing)
    import CassetteCore
    import Foundation
    import Testing

    extension CassetteTrait {
        /// The cassette a test case uses: `name`, or `Suite/function` after the test, and for a case of
        /// a parameterized test, below it, a file named after the case's arguments
        /// (``TestCaseArguments/fileName``).
        ///
        /// Cases run in parallel, and identical requests of different cases would be served in no
        /// predictable order from one shared cassette; a cassette per case keeps each case's
        /// recording to itself.
        ///
        /// - Throws: ``CassetteError/unnamedTestCase(test:reason:)`` when the arguments of a case
        ///   cannot be read, or two cases of the test would share a cassette.
        package static func cassetteName(_ name: String?, for test: Test, testCase: Test.Case?) throws(CassetteError)
            -> String
        {
            let base = name.map { $0.hasSuffix(".json") ? String($0.dropLast(5)) : $0 } ?? defaultName(for: test)
            guard let testCase, testCase.isParameterized else { return base }
            let testName = test.id.moduleName + "." + test.id.nameComponents.joined(separator: "/")
            guard let arguments = TestCaseArguments(testCase) else {
                throw CassetteError.unnamedTestCase(
                    test: testName,
                    reason: "this version of Swift Testing does not show Cassette the arguments of a test case")
            }
            let caseName = base + "/" + arguments.fileName
            if let other = CaseNames.claim(
                caseName, test: testName, identity: arguments.identity, summary: arguments.summary)
            {
                throw CassetteError.unnamedTestCase(
                    test: testName,
                    reason: "its cases (\(other)) and (\(arguments.summary)) would both use the cassette "
                        + "\(caseName); give the arguments descriptions that tell them apart "
                        + "(CustomTestStringConvertible)")
            }
            return caseName
        }

        /// A `swift test --filter` pattern that selects exactly `test` (every case of a parameterized
        /// test): its full name as `swift test list` prints it (`Module.Suite/test()`), anchored at the
        /// start; the closing parenthesis keeps `createsOrder()` from selecting `createsOrderTwice()`.
        package static func filter(for test: Test) -> String {
            "^" + Cassette.regexEscaped(test.id.moduleName + "." + test.id.nameComponents.joined(separator: "/"))
        }

        /// `Suite/function` (`Outer/Inner/function` for nested suites), with characters that are
        /// awkward in file names replaced by `_`.
        package static func defaultName(for test: Test) -> String {
            var components = test.id.nameComponents
            if let function = components.popLast() { components.append(String(function.prefix { $0 != "(" })) }
            let raw = components.joined(separator: "/")
            return String(raw.map { $0.isLetter || $0.isNumber || $0 == "/" || $0 == "-" || $0 == "_" ? $0 : "_" })
        }
    }

    /// The cassette names the cases of parameterized tests took in this process, so that two cases
    /// whose arguments read the same never share (and overwrite) one cassette.
    package enum CaseNames {
        private static let claimed = Locked<[String: (identity: String, summary: String)]>([:])

        /// Claims the cassette `name` for the case of `test` that `identity` tells apart from its
        /// other cases; returns the summary of another case that holds it already.
        package static func claim(_ name: String, test: String, identity: String, summary: String) -> String? {
            claimed.withLock { table in
                let key = test + "\n" + name
                if let holder = table[key] { return holder.identity == identity ? nil : holder.summary }
                table[key] = (identity, summary)
                return nil
            }
        }
    }
#endif
