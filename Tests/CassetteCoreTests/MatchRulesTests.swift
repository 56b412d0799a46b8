import CassetteCore
import CassetteTestSupport
import Foundation
import Testing

/// Declared tolerance in matching: what the rules leave out of a request's identity, what they
/// add, what replay echoes, and how bad rules are reported.
@Suite struct MatchRulesTests {
    static let url = "https://api.example.test/v1/orders"
    static let json = [HTTPHeader("Content-Type", "application/json")]

    func matcher(_ rules: MatchRules) throws -> RequestMatcher {
        RequestMatcher(scrubber: .default, rules: try CompiledMatchRules(rules))
    }

    func post(_ body: String, url: String = url, headers: [HTTPHeader] = json) -> RecordedRequest {
        RecordedRequest(method: "POST", url: url, headers: headers, body: Data(body.utf8))
    }

    @Test func ignoredBodyPathsLeaveTheHashAloneAtAnyDepth() throws {
        let rules = MatchRules(ignoreBodyPaths: ["$.clientTimestamp", "$.items[*].nonce", "$..traceId"])
        let matcher = try matcher(rules)
        let recorded = post(
            #"{"clientTimestamp":"2026-11-30T10:00:00Z","items":[{"sku":"a","nonce":"n1"},{"sku":"b","nonce":"n2"}],"meta":{"deep":{"traceId":"t1"}},"traceId":"t0"}"#
        )
        let live = post(
            #"{"clientTimestamp":"2026-12-01T08:13:19Z","items":[{"sku":"a","nonce":"x9"},{"sku":"b","nonce":"y8"}],"meta":{"deep":{"traceId":"t7"}},"traceId":"t3"}"#
        )
        #expect(matcher.identity(of: live) == matcher.identity(of: recorded))
        // Everything the rules do not name still counts.
        let otherSKU = post(
            #"{"clientTimestamp":"2026-12-01T08:13:19Z","items":[{"sku":"c","nonce":"x9"},{"sku":"b","nonce":"y8"}],"meta":{"deep":{"traceId":"t7"}},"traceId":"t3"}"#
        )
        #expect(matcher.identity(of: otherSKU) != matcher.identity(of: recorded))
        // Strict matching tells them apart.
        #expect(try self.matcher(.strict).identity(of: live) != self.matcher(.strict).identity(of: recorded))
    }

    @Test func anIgnoredFieldMayBeMissingAltogether() throws {
        let matcher = try matcher(MatchRules(ignoreBodyPaths: ["$.requestId"]))
        #expect(
            matcher.identity(of: post(#"{"name":"Ada","requestId":"7d0c"}"#))
                == matcher.identity(of: post(#"{"name":"Ada"}"#)))
    }

    @Test func formAndMultipartFieldsAreNamedByDollarDotField() throws {
        let matcher = try matcher(MatchRules(ignoreBodyPaths: ["$.ts"]))
        let form = [HTTPHeader("Content-Type", "application/x-www-form-urlencoded")]
        #expect(
            matcher.identity(of: post("name=Ada&ts=1764576000", headers: form))
                == matcher.identity(of: post("ts=1764580000&name=Ada", headers: form)))
        #expect(
            matcher.identity(of: post("name=Ada&ts=1", headers: form))
                != matcher.identity(of: post("name=Bob&ts=1", headers: form)))
        func multipart(_ boundary: String, _ ts: String) -> RecordedRequest {
            let body =
                "--\(boundary)\r\nContent-Disposition: form-data; name=\"name\"\r\n\r\nAda\r\n"
                + "--\(boundary)\r\nContent-Disposition: form-data; name=\"ts\"\r\n\r\n\(ts)\r\n--\(boundary)--\r\n"
            return post(body, headers: [HTTPHeader("Content-Type", "multipart/form-data; boundary=\(boundary)")])
        }
        #expect(matcher.identity(of: multipart("AaB03x", "1")) == matcher.identity(of: multipart("Zz9", "2")))
    }

    @Test func ignoredQueryItemsLeaveTheURLAlone() throws {
        let matcher = try matcher(MatchRules(ignoreQueryItems: ["_", "timestamp"]))
        let recorded = RecordedRequest(method: "GET", url: "\(Self.url)?page=2&_=1764576000&timestamp=1")
        let live = RecordedRequest(method: "GET", url: "\(Self.url)?timestamp=99&page=2&_=1764580000")
        #expect(matcher.identity(of: live) == matcher.identity(of: recorded))
        #expect(matcher.identity(of: live).url == "\(Self.url)?page=2")
        let otherPage = RecordedRequest(method: "GET", url: "\(Self.url)?page=3&_=1")
        #expect(matcher.identity(of: otherPage) != matcher.identity(of: recorded))
    }

    @Test func namedHeadersMatchAfterScrubbingSoTheTokenNeverMatters() throws {
        let matcher = try matcher(MatchRules(headers: ["Authorization", "Accept"]))
        func get(_ headers: [HTTPHeader]) -> RecordedRequest {
            RecordedRequest(method: "GET", url: Self.url, headers: headers)
        }
        let recorded = get([
            HTTPHeader("Authorization", "Bearer recorded-token-0123456789"), HTTPHeader("Accept", "application/json"),
        ])
        let otherToken = get([
            HTTPHeader("authorization", "Bearer live-token-9876543210abc"), HTTPHeader("Accept", "application/json"),
        ])
        #expect(matcher.identity(of: otherToken) == matcher.identity(of: recorded))
        // A client bug that drops the header, or changes the scheme, is caught.
        let noToken = get([HTTPHeader("Accept", "application/json")])
        #expect(matcher.identity(of: noToken) != matcher.identity(of: recorded))
        let basic = get([
            HTTPHeader("Authorization", "Basic dXNlcjpwYXNzd29yZA=="), HTTPHeader("Accept", "application/json"),
        ])
        #expect(matcher.identity(of: basic) != matcher.identity(of: recorded))
        #expect(matcher.identity(of: recorded).description.contains("authorization: Bearer SCRUBBED-TOKEN"))
    }

    @Test func echoesCopyTheLiveRequestsValuesIntoTheRecordedResponse() throws {
        let rules = try CompiledMatchRules(
            MatchRules(echo: [
                .init(request: "$.requestId", response: "$.echo.requestId"),
                .init(request: "header:X-Request-Id", response: "header:X-Request-Id"),
                .init(request: "query:page", response: "$.page"),
            ]))
        let recorded = RecordedResponse(
            status: 201, headers: [HTTPHeader("Content-Length", "61"), HTTPHeader("Content-Type", "application/json")],
            body: Data(#"{"echo":{"requestId":"recorded-id"},"id":7,"page":"1"}"#.utf8))
        let live = RecordedRequest(
            method: "POST", url: Self.url + "?page=3", headers: Self.json + [HTTPHeader("X-Request-Id", "abc-123")],
            body: Data(#"{"requestId":"5B0E7F3A-2F7C-4D1E-9C9B-0A7F1D2E3C4B"}"#.utf8))
        let served = rules.echoing(into: recorded, from: live)
        let body = String(decoding: try #require(served.body), as: UTF8.self)
        #expect(body == #"{"echo":{"requestId":"5B0E7F3A-2F7C-4D1E-9C9B-0A7F1D2E3C4B"},"id":7,"page":"3"}"#)
        #expect(served.headers.value(for: "X-Request-Id") == "abc-123")
        #expect(served.headers.value(for: "Content-Length") == String(body.utf8.count))
        // Nothing to echo leaves the recording as it was.
        #expect(
            rules.echoing(into: recorded, from: RecordedRequest(method: "GET", url: Self.url)).body == recorded.body)
    }

    @Test(arguments: [
        (
            MatchRules(ignoreBodyPaths: ["clientTimestamp"]),
            "ignoreBodyPaths[0]: \"clientTimestamp\" is not a JSON path"
        ),
        (MatchRules(ignoreBodyPaths: ["$.a", "$.items[x]"]), "ignoreBodyPaths[1]: \"$.items[x]\" is not a JSON path"),
        (MatchRules(ignoreQueryItems: [""]), "ignoreQueryItems[0]: expected a non-empty name"),
        (
            MatchRules(echo: [.init(request: "$.id", response: "query:id")]),
            "echo[0].response: \"query:id\" is not a JSON path (\"$.requestId\") or \"header:Name\""
        ),
    ])
    func badRulesSayWhichAndWhy(rules: MatchRules, expected: String) {
        #expect {
            _ = try CompiledMatchRules(rules)
        } throws: { error in
            String(describing: error).hasPrefix(expected)
        }
    }

    @Test func theMatchSectionOfTheProjectFileIsRead() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(
            ".cassette.json",
            #"""
            { "match": {
                "ignoreBodyPaths": ["$.clientTimestamp", "$..traceId"],
                "ignoreQueryItems": ["_"],
                "headers": ["Authorization"],
                "echo": [{"request": "$.requestId", "response": "$.requestId"}] } }
            """#)
        let rules = try ProjectConfiguration.load(from: file).match
        #expect(rules.ignoreBodyPaths == ["$.clientTimestamp", "$..traceId"])
        #expect(rules.ignoreQueryItems == ["_"])
        #expect(rules.headers == ["Authorization"])
        #expect(rules.echo == [.init(request: "$.requestId", response: "$.requestId")])
    }

    @Test func aBadRuleInTheFileNamesTheFileLineColumnAndPath() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(
            ".cassette.json", "{\n  \"match\": {\"ignoreBodyPaths\": [\"$.ok\", \"nope\"]}\n}\n")
        let error = try #require(throws: ConfigurationError.self) { try ProjectConfiguration.load(from: file) }
        #expect(
            error.description
                == "\(file.path):2:41: error: invalid configuration at match.ignoreBodyPaths[1]: \"nope\" is not a JSON "
                + "path like \"$.clientTimestamp\", \"$.items[*].nonce\" or \"$..traceId\"")
        let typo = try directory.write("typo/.cassette.json", #"{"mach": {}}"#)
        let typoError = try #require(throws: ConfigurationError.self) { try ProjectConfiguration.load(from: typo) }
        #expect(typoError.description.contains("unknown key \"mach\""))
        #expect(typoError.description.contains("\"match\""))
    }

    @Test func rulesFromCodeAndFileAddUp() {
        let file = MatchRules(ignoreBodyPaths: ["$.a"], headers: ["Accept"])
        let code = MatchRules(ignoreBodyPaths: ["$.a", "$.b"], headers: ["accept", "Authorization"])
        let merged = file.merging(code)
        #expect(merged.ignoreBodyPaths == ["$.a", "$.b"])
        #expect(merged.headers == ["Accept", "Authorization"])
    }

    @Test(
        arguments: [
            ("2026-12-01T08:13:19Z", nil, "a timestamp"),
            ("2026-12-01 08:13:19.123+01:00", nil, "a timestamp"),
            ("5B0E7F3A-2F7C-4D1E-9C9B-0A7F1D2E3C4B", nil, "a UUID"),
            ("1764576799", nil, "a Unix time"),
            ("1764576799123", nil, "a Unix time"),
            ("9f86d081884c7d659a2feaa0c55ad015", nil, "a random token"),
            ("Zm9vYmFyYmF6cXV4MTIzNDU2", nil, "a random token"),
            ("abc", "nonce", "a value named nonce"),
            ("x", "clientTime", "a value named clientTime"),
        ] as [(String, String?, String)])
    func valuesThatChangeOnEveryRunAreRecognised(value: String, name: String?, kind: String) {
        #expect(VolatileValue.kind(of: value, name: name) == kind)
    }

    @Test(arguments: ["Ada Lovelace", "42", "2026-12-01", "application/json", "admin", "https://example.com/a/b"])
    func ordinaryValuesAreNot(value: String) {
        #expect(VolatileValue.kind(of: value, name: "name") == nil)
    }
}
