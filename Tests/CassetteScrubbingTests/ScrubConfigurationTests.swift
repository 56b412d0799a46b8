import CassetteCore
import CassetteScrubbing
import CassetteTestSupport
import Foundation
import Testing

/// `.cassette.json` loading, rules added and disabled in files and in code, and restore.
@Suite struct ScrubConfigurationTests {
    typealias F = ScrubFixtures

    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    /// Writes `contents` to a fresh folder's `.cassette.json` (or `file`) and returns its URL.
    func write(_ contents: String, file: String = ".cassette.json") throws -> URL {
        try directory.write(UUID().uuidString + "/" + file, contents)
    }

    @Test func goodFileLoads() throws {
        let url = try write(
            #"""
            {"maxAge": 90, "scrub": {
              "headers": ["X-My-Key"], "queryItems": ["sessionid"], "jsonKeys": ["ssn"],
              "jsonPaths": ["$.user.phone"],
              "patterns": [{"name": "internal-host", "regex": "[a-z]+\\.corp\\.example", "replacement": "host.example.invalid"}],
              "disable": ["email"],
              "restore": [{"rule": "authorization", "environment": "API_TOKEN"}]
            }}
            """#)
        let configuration = try ProjectConfiguration.load(from: url).scrub
        #expect(configuration.headers == ["X-My-Key"])
        #expect(configuration.queryItems == ["sessionid"])
        #expect(configuration.jsonKeys == ["ssn"])
        #expect(configuration.jsonPaths == ["$.user.phone"])
        #expect(
            configuration.patterns == [
                try ScrubPattern(
                    name: "internal-host", regex: #"[a-z]+\.corp\.example"#, replacement: "host.example.invalid")
            ])
        #expect(configuration.disabledRules == [.email])
        #expect(configuration.restore == [ScrubRestore(rule: "authorization", environment: "API_TOKEN")])
    }

    @Test func fileWithoutScrubSectionGivesTheDefaults() throws {
        #expect(
            try ProjectConfiguration.load(from: write(#"{"maxAge": 90, "match": {"ignoreQueryItems": ["_"]}}"#)).scrub
                == ScrubConfiguration())
    }

    @Test func badJSONNamesTheFileLineAndColumn() throws {
        let url = try write("{\n  \"scrub\": {\"headers\": [\"a\",]}\n}")
        #expect {
            try ProjectConfiguration.load(from: url).scrub
        } throws: { error in
            let description = String(describing: error)
            return description.hasPrefix(url.path + ":2:")
                && description.contains("error: the configuration is not valid JSON")
        }
    }

    @Test func unknownRuleInDisableListsTheValidNames() throws {
        let url = try write("{\n  \"scrub\": {\n    \"disable\": [\"emial\"]\n  }\n}")
        let error = try #require(throws: ConfigurationError.self) { try ProjectConfiguration.load(from: url).scrub }
        #expect(
            error.description
                == "\(url.path):3:17: error: unknown scrub rule \"emial\" at scrub.disable[0]; valid rules are "
                + ScrubRule.allCases.map(\.rawValue).joined(separator: ", "))
    }

    @Test func invalidRegexNamesThePattern() throws {
        let url = try write(#"{"scrub": {"patterns": [{"name": "broken", "regex": "([a-z"}]}}"#)
        let error = try #require(throws: ConfigurationError.self) { try ProjectConfiguration.load(from: url).scrub }
        #expect(error.path == url.path)
        #expect(error.jsonPath == "scrub.patterns[0].regex")
        #expect(error.description.contains("invalid pattern \"broken\""))
        #expect(error.description.contains("does not compile"))
    }

    @Test func unknownKeyAndWrongTypesAreRefused() throws {
        let typo = try #require(throws: ConfigurationError.self) {
            try ProjectConfiguration.load(from: write(#"{"scrub": {"header": ["X"]}}"#)).scrub
        }
        #expect(typo.description.contains("unknown key \"header\""))
        let wrongType = try #require(throws: ConfigurationError.self) {
            try ProjectConfiguration.load(from: write(#"{"scrub": {"headers": "X-Key"}}"#)).scrub
        }
        #expect(wrongType.description.contains("at scrub.headers: expected an array of strings, found a string"))
        let unknownRestore = try #require(throws: ConfigurationError.self) {
            try ProjectConfiguration.load(
                from: write(#"{"scrub": {"restore": [{"rule": "nope", "environment": "X"}]}}"#)
            ).scrub
        }
        #expect(unknownRestore.reason == .unknownRule("nope", validNames: ScrubRule.allCases.map(\.rawValue)))
    }

    @Test func missingFileIsUnreadable() {
        let url = URL(fileURLWithPath: "/nonexistent/.cassette.json")
        #expect(throws: ConfigurationError(path: url.path, reason: .unreadable("no such file"))) {
            try ProjectConfiguration.load(from: url).scrub
        }
    }

    @Test func locateWalksUpToThePackageRoot() throws {
        let file = try write("{}")
        let root = file.deletingLastPathComponent()
        let nested = root.appendingPathComponent("Tests/Deep", isDirectory: true)
        try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
        #expect(
            ProjectConfiguration.locate(startingAt: nested)?.standardizedFileURL.path == file.standardizedFileURL.path)
        try FileManager.default.removeItem(at: file)
        try Data().write(to: root.appendingPathComponent("Package.swift"))
        #expect(ProjectConfiguration.locate(startingAt: nested) == nil)
    }

    @Test func jsonPathsNameOnePlaceOrEveryDepth() throws {
        let scrubber = Scrubber(configuration: ScrubConfiguration(jsonPaths: ["$.items[*].serial", "$..badge"]))
        let document = CassetteDocument(interactions: [
            F.interaction(
                F.request(),
                F.response(
                    headers: [F.json],
                    body: #"{"items":[{"serial":"7741","note":"serial"}],"serial":"stays","badge":"b-1","#
                        + #""staff":[{"profile":{"badge":"b-2"}}]}"#))
        ])
        let body = String(
            decoding: try #require(scrubber.scrub(document).interactions[0].response?.body), as: UTF8.self)
        #expect(
            body
                == #"{"badge":"SCRUBBED-SECRET-1","items":[{"note":"serial","serial":"SCRUBBED-SECRET-2"}],"serial":"stays","#
                + #""staff":[{"profile":{"badge":"SCRUBBED-SECRET-3"}}]}"#)
    }

    @Test func projectRulesApply() throws {
        var configuration = ScrubConfiguration(
            headers: ["X-Tenant"], queryItems: ["tenant"], jsonKeys: ["ssn"], jsonPaths: ["$.user.phone"],
            disabledRules: [.email])
        configuration.patterns.append(
            try ScrubPattern(
                name: "internal-host", regex: #"[a-z]+\.corp\.example"#, replacement: "host.example.invalid"))
        let scrubber = Scrubber(configuration: configuration)
        let document = CassetteDocument(interactions: [
            F.interaction(
                F.request(url: "https://api.example.com/x?tenant=acme-42", headers: [.init("X-Tenant", "acme")]),
                F.response(
                    headers: [F.json],
                    body: #"{"ssn":"078-05-1120","user":{"phone":"+1 555 0100","mail":"bob@example.org"},"#
                        + #""host":"db.corp.example"}"#))
        ])
        let scrubbed = scrubber.scrub(document).interactions[0]
        #expect(scrubbed.request.url == "https://api.example.com/x?tenant=SCRUBBED-QUERY-1")
        #expect(scrubbed.request.headers == [.init("X-Tenant", "SCRUBBED-HEADER-1")])
        let body = String(decoding: try #require(scrubbed.response?.body), as: UTF8.self)
        #expect(
            body
                == #"{"host":"host.example.invalid","ssn":"SCRUBBED-SECRET-1","#
                + #""user":{"mail":"bob@example.org","phone":"SCRUBBED-SECRET-2"}}"#)
        #expect(scrubber.findings(in: scrubber.scrub(document)).isEmpty)
        #expect(
            scrubber.masked(document.interactions[0].request)
                == scrubber.masked(scrubber.scrub(document).interactions[0].request))
    }

    @Test func numberedCustomReplacement() throws {
        let pattern = try ScrubPattern(name: "tenant", regex: "tenant-[0-9]{4}", replacement: "tenant-x{n}")
        let scrubber = Scrubber(configuration: ScrubConfiguration(patterns: [pattern]))
        let document = CassetteDocument(interactions: [
            F.interaction(F.response(headers: [F.text], body: "tenant-1234 tenant-5678 tenant-1234"))
        ])
        let body = try #require(scrubber.scrub(document).interactions[0].response?.body)
        #expect(String(decoding: body, as: UTF8.self) == "tenant-x1 tenant-x2 tenant-x1")
        #expect(scrubber.scrub(scrubber.scrub(document)) == scrubber.scrub(document))
    }

    @Test func patternsThatMatchNothingOrEverythingAreRefusedInCode() {
        #expect(throws: ConfigurationError.self) { try ScrubPattern(name: "x", regex: "(") }
        #expect(throws: ConfigurationError.self) { try ScrubPattern(name: "x", regex: "a*") }
    }

    @Test func restoreFromEnvironment() throws {
        let configuration = ScrubConfiguration(restore: [ScrubRestore(rule: "authorization", environment: "API_TOKEN")])
        let scrubber = Scrubber(configuration: configuration)
        let document = CassetteDocument(interactions: [
            F.interaction(
                F.request(headers: [.init("Authorization", "Bearer abc123def456"), .init("X-Api-Key", "kkkkkk123456")]),
                F.response(headers: [F.json], body: #"{"echo":"abc123def456","key":"kkkkkk123456"}"#))
        ])
        let recorded = scrubber.scrub(document).interactions[0]
        let restored = scrubber.restoring(recorded, environment: ["API_TOKEN": "live-token"])
        #expect(
            restored.request.headers == [
                .init("Authorization", "Bearer live-token"), .init("X-Api-Key", "SCRUBBED-HEADER-1"),
            ])
        let body = String(decoding: try #require(restored.response?.body), as: UTF8.self)
        #expect(body == #"{"echo":"live-token","key":"SCRUBBED-HEADER-1"}"#)
        #expect(scrubber.restoring(recorded, environment: [:]) == recorded)
        #expect(Scrubber.default.restoring(recorded, environment: ["API_TOKEN": "live-token"]) == recorded)
    }

    @Test func everyRuleNameCanBeDisabledAndRestoredFromTheFile() throws {
        let names = ScrubRule.allCases.map(\.rawValue)
        let list = names.map { "\"\($0)\"" }.joined(separator: ", ")
        let url = try write(
            #"{"scrub": {"disable": [\#(list)], "restore": [{"rule": "github-token", "environment": "GH"}, {"rule": "secret-path", "environment": "P"}]}}"#
        )
        let configuration = try ProjectConfiguration.load(from: url).scrub
        #expect(configuration.disabledRules == Set(ScrubRule.allCases))
        #expect(configuration.restore.map(\.rule) == ["github-token", "secret-path"])
        // Nothing is scrubbed with every rule off.
        let document = CassetteDocument(interactions: [
            F.interaction(
                F.request(
                    url: "https://api.example.com/x?token=abc123def456",
                    headers: [.init("Authorization", "Bearer abc123def456")]),
                F.response(headers: [F.json], body: #"{"password":"hunter2hunter2","email":"ann@example.org"}"#))
        ])
        #expect(Scrubber(configuration: configuration).scrub(document) == document)
    }

    @Test func aRestoredShapeGetsItsValueBack() {
        let scrubber = Scrubber(
            configuration: ScrubConfiguration(restore: [ScrubRestore(rule: "github-token", environment: "GH")]))
        let token = "ghp_" + "R7bX2kQ9vLm4Tz8Wc1Ny6Hd3Jf5Gs0Ap2EoK"
        let recorded = scrubber.scrub(
            CassetteDocument(interactions: [F.interaction(F.response(headers: [F.text], body: "token \(token)"))])
        ).interactions[0]
        let restored = scrubber.restoring(recorded, environment: ["GH": "ghp_live"])
        #expect(String(decoding: restored.response?.body ?? Data(), as: UTF8.self) == "token ghp_live")
    }

    @Test func disabledRulesLeaveTheirSecrets() {
        let scrubber = Scrubber(configuration: ScrubConfiguration(disabledRules: [.authorization, .cookie]))
        let document = CassetteDocument(interactions: [
            F.interaction(
                F.request(headers: [.init("Authorization", "Bearer abc123def456"), .init("Cookie", "a=bcdefgh1")]))
        ])
        #expect(scrubber.scrub(document) == document)
    }

    @Test func aProjectPatternWithNestedRepetitionIsRefusedAtItsPlaceInTheFile() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(
            ".cassette.json",
            """
            {
              "scrub": {
                "patterns": [{"name": "tenant", "regex": "(a+)+$"}]
              }
            }
            """)
        #expect {
            try ProjectConfiguration.load(from: file)
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix("\(file.path):3:")
                && text.contains("(a+)+$ repeats a group that repeats inside ((a+)+)")
        }
    }
}
