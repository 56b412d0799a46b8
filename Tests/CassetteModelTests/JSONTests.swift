import CassetteModel
import Foundation
import Testing

@Suite struct JSONTests {
    func parse(_ text: String) throws -> JSONValue {
        try JSONParser.parse(Array(text.utf8))
    }

    func lossiness(_ text: String) throws -> JSONLossiness {
        var found = JSONLossiness()
        _ = try JSONParser.parse(Array(text.utf8), lossiness: &found)
        return found
    }

    @Test func keepsNumberLiteralsAsWritten() throws {
        let value = try parse(#"[1.10, 12345678901234567890, -0.0, 1e400]"#)
        #expect(value == .array([.number("1.10"), .number("12345678901234567890"), .number("-0.0"), .number("1e400")]))
    }

    @Test func sortsObjectMembersByCodePoint() throws {
        let value = try parse(#"{"b": 1, "a": 2, "B": 3, "é": 4, "e": 5}"#)
        let text = String(decoding: JSONWriter.bytes(of: value, style: .compact), as: UTF8.self)
        #expect(text == #"{"B":3,"a":2,"b":1,"e":5,"é":4}"#)
    }

    @Test func prettyStyleIsTwoSpacesWithUnescapedSlashes() throws {
        let value = try parse(#"{"url": "https:\/\/example.com/a", "list": [1, {}], "empty": []}"#)
        let text = String(decoding: JSONWriter.bytes(of: value, style: .pretty), as: UTF8.self)
        #expect(
            text == """
                {
                  "empty": [],
                  "list": [
                    1,
                    {}
                  ],
                  "url": "https://example.com/a"
                }
                """)
    }

    @Test func escapesOnlyWhatJSONRequires() throws {
        let value = JSONValue.string("quote \" backslash \\ tab \t nul \u{0} bell \u{7} é 😀 /")
        let text = String(decoding: JSONWriter.bytes(of: value, style: .compact), as: UTF8.self)
        #expect(text == #""quote \" backslash \\ tab \t nul \u0000 bell \u0007 é 😀 /""#)
        #expect(try parse(text) == value)
    }

    @Test(
        arguments: [
            (#"{"a": 1, "a": 2}"#, JSONLossiness.duplicateKeys),
            ("[9007199254740993]", .unsafeNumbers),
            ("[-9007199254740993]", .unsafeNumbers),
            ("[-0]", .unsafeNumbers),
            ("[-0.0e5]", .unsafeNumbers),
            ("[1e400]", .unsafeNumbers),
            ("[1e-400]", .unsafeNumbers),
            (#"["a\/b"]"#, .escapes),
            (#"["\u00e9"]"#, .escapes),
            (#"["\u001F"]"#, .escapes),
            (#"["\ud800"]"#, [.loneSurrogates, .escapes]),
        ] as [(String, JSONLossiness)])
    func detectsWhatReencodingWouldLose(text: String, expected: JSONLossiness) throws {
        #expect(try lossiness(text) == expected)
    }

    @Test(arguments: [
        "[9007199254740992]", "[-9007199254740992]", "[0]", "[0.0]", "[1.5e300]", #"["\u001f\n\"\\"]"#,
        #"{"a": {"a": 1}}"#,
    ])
    func losslessTextsReportNothing(text: String) throws {
        #expect(try lossiness(text).isEmpty)
    }

    @Test(arguments: [
        ("", 0, "unexpected end of file, expected a JSON value"),
        ("{\"a\": 1,", 8, "unexpected end of file, expected a string key"),
        ("[1 2]", 3, "unexpected character '2', expected ',' or ']'"),
        ("[01]", 1, "invalid number, leading zeros are not allowed"),
        ("\"abc", 0, "unterminated string"),
        ("[tru]", 1, "invalid literal, expected 'true'"),
        ("{} x", 3, "unexpected character 'x' after the end of the JSON value"),
        ("[\"\\x\"]", 2, "invalid escape '\\x' in string"),
    ])
    func syntaxErrorsSayWhatWasExpectedAndWhere(text: String, offset: Int, message: String) {
        let error = #expect(throws: JSONSyntaxError.self) {
            try JSONParser.parse(Array(text.utf8))
        }
        #expect(error?.offset == offset)
        #expect(error?.message == message)
    }

    @Test func rejectsInvalidUTF8() {
        #expect(throws: JSONSyntaxError.self) {
            try JSONParser.parse([0x22, 0xFF, 0xFE, 0x22])
        }
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONSyntaxError.self) {
            try JSONParser.parse(Array(deep.utf8))
        }
        let fine = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        #expect(throws: Never.self) { try JSONParser.parse(Array(fine.utf8)) }
    }

    @Test(arguments: [
        ("1", "1"), ("1.0", "1"), ("10e-1", "1"), ("0.1E1", "1"), ("-0", "0"), ("0.000", "0"),
        ("100", "100"), ("1e2", "100"), ("1.5", "1.5"), ("15e-1", "1.5"), ("-0.25", "-0.25"),
        ("1e20", "100000000000000000000"), ("1e21", "1e+21"), ("123e-10", "1.23e-8"), ("0.000001", "0.000001"),
        ("12345678901234567890123", "1.2345678901234567890123e+22"), ("1E400", "1e+400"),
    ])
    func canonicalNumbersHaveOneSpellingPerValue(literal: String, canonical: String) {
        #expect(JSONNumber.canonical(literal) == canonical)
    }
}
