import CassetteCore
import CassetteTestSupport
import Foundation
import Testing

/// `cassette import` as a file operation: the scrubber and the canonical writer, recording order,
/// `--append`, and the errors bad input gets (no output file then).
@Suite struct HARImporterTests {
    func write(_ data: Data, _ name: String = "capture.har", in directory: TemporaryDirectory) throws -> URL {
        try directory.write(name, data)
    }

    func importing(_ har: URL, into cassette: URL, append: Bool = false) throws(HARImportError) -> HARImportSummary {
        try HARImporter.importHAR(
            at: har, harPath: har.lastPathComponent, into: cassette, cassettePath: cassette.lastPathComponent,
            append: append)
    }

    func errorText(_ body: () throws(HARImportError) -> HARImportSummary) -> String {
        do throws(HARImportError) {
            _ = try body()
            return "no error"
        } catch {
            return error.description
        }
    }

    @Test func tokensCookiesAndEmailsInAHARNeverReachTheCassette() throws {
        let directory = try TemporaryDirectory()
        let har = try write(
            HARText.file([
                HARText.entry(
                    "POST", "https://api.example.com/v1/users?api_key=key-7f3a9c2e1b&page=2",
                    requestHeaders: [
                        ("Authorization", "Bearer tok_live_9f8e7d6c5b4a39281706"), ("Cookie", "sid=cookie-secret-4711"),
                        ("Content-Type", "application/json"),
                    ],
                    postData: .object([
                        "mimeType": .string("application/json"),
                        "text": .string(#"{"email":"ada.lovelace@example.org","name":"Ada"}"#),
                    ]),
                    responseHeaders: [
                        ("Content-Type", "application/json"), ("Set-Cookie", "sid=set-cookie-secret-0815; Path=/"),
                    ],
                    text: #"{"id":7,"owner":"ada.lovelace@example.org"}"#)
            ]), in: directory)
        let cassette = directory.file("Cassettes/Users.json")
        try FileManager.default.createDirectory(
            at: cassette.deletingLastPathComponent(), withIntermediateDirectories: true)
        _ = try importing(har, into: cassette)
        let text = try directory.read("Cassettes/Users.json")
        for secret in [
            "tok_live_9f8e7d6c5b4a39281706", "cookie-secret-4711", "set-cookie-secret-0815", "key-7f3a9c2e1b",
            "ada.lovelace@example.org",
        ] {
            #expect(!text.contains(secret), "\(secret)")
        }
        // What is not secret is kept, canonical: the name, the page, the status.
        let document = try CassetteDocument.read(from: cassette)
        #expect(document.encoded() == Data(text.utf8))
        #expect(document.interactions[0].request.url.hasSuffix("&page=2"))
        #expect(text.contains(#""name": "Ada""#))
    }

    /// Recording order is the order the requests started in (`startedDateTime`, with its fraction
    /// and offset), not the order of the URLs; entries that started together keep the file's order.
    @Test func interactionsAreWrittenInTheOrderTheirRequestsStarted() throws {
        let directory = try TemporaryDirectory()
        let har = try write(
            HARText.file([
                HARText.entry("GET", "https://example.com/z", started: "2026-11-30T10:00:01.000Z", text: "z"),
                HARText.entry("GET", "https://example.com/poll", started: "2026-11-30T10:00:02.000Z", text: "first"),
                HARText.entry("POST", "https://example.com/a", started: "2026-11-30T10:00:02.000Z", text: "post"),
                HARText.entry(
                    "GET", "https://example.com/poll", started: "2026-11-30T11:00:02.500+01:00", text: "second"),
                HARText.entry("GET", "https://example.com/a", started: "2026-11-30T10:00:03.000Z", text: "get"),
                // Listed last, started first (a proxy that writes entries as they finish).
                HARText.entry("GET", "https://example.com/b", started: "2026-11-30T10:00:00.250Z", text: "early"),
            ]), in: directory)
        let cassette = directory.file("Order.json")
        _ = try importing(har, into: cassette)
        let document = try CassetteDocument.read(from: cassette)
        #expect(
            document.interactions.map { String(decoding: $0.response?.body ?? Data(), as: UTF8.self) } == [
                "early", "z", "first", "post", "second", "get",
            ])
    }

    @Test func appendAddsAfterTheCassettesOwnInteractionsInRecordingOrder() throws {
        let directory = try TemporaryDirectory()
        let cassette = directory.file("Append.json")
        try CassetteDocument(interactions: [
            Fixtures.interaction("https://example.com/m", body: #"{"old":true}"#)
        ]).write(to: cassette)
        let har = try write(
            HARText.file([
                HARText.entry("GET", "https://example.com/z", started: "2026-11-30T10:00:01.000Z", text: "z"),
                HARText.entry("GET", "https://example.com/a", started: "2026-11-30T10:00:02.000Z", text: "a"),
            ]), in: directory)
        let summary = try importing(har, into: cassette, append: true)
        #expect(
            summary.description == "capture.har: 2 interactions from 2 entries added to the 1 already in Append.json")
        let urls = try CassetteDocument.read(from: cassette).interactions.map(\.request.url)
        #expect(urls == ["https://example.com/m", "https://example.com/z", "https://example.com/a"])
    }

    @Test func appendNeverOverwritesACassetteThatCannotBeRead() throws {
        let directory = try TemporaryDirectory()
        let cassette = try directory.write("Broken.json", "{\"version\": 1, \"interactions\": [")
        let har = try write(HARText.file([HARText.entry("GET", "https://example.com/a")]), in: directory)
        let text = errorText { () throws(HARImportError) in try importing(har, into: cassette, append: true) }
        #expect(text.hasPrefix("Broken.json:1:33: error: cassette is not valid JSON"))
        #expect(text.hasSuffix("; the cassette was left unchanged"))
        #expect(try directory.read("Broken.json") == "{\"version\": 1, \"interactions\": [")
    }

    @Test func theSummarySaysWhatWasImportedAndWhatWasSkippedAndWhy() throws {
        let directory = try TemporaryDirectory()
        let summary = try importing(HARFixtures.url("chrome.har"), into: directory.file("Chrome.json"))
        #expect(
            summary.description == """
                chrome.har: 4 interactions from 13 entries written to Chrome.json (2 entries merged as redirect hops)
                skipped 7 entries: 1 without a response, 1 served from the browser's cache, 1 304 Not Modified (the \
                body is in a cache, not in the file), 1 data: URL, 1 WebSocket, 1 CONNECT tunnel, 1 CORS preflight
                """)
    }

    // MARK: Bad input: a clear error naming the file and the entry, and no output file.

    func expectRefused(_ data: Data?, _ expected: String, name: String = "capture.har") throws {
        let directory = try TemporaryDirectory()
        let har = try data.map { try write($0, name, in: directory) } ?? directory.file(name)
        let cassette = directory.file("Out.json")
        #expect(errorText { () throws(HARImportError) in try importing(har, into: cassette) } == expected)
        #expect(!FileManager.default.fileExists(atPath: cassette.path))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.url.path).filter { $0.hasPrefix(".") } == [])
    }

    @Test func anEntryWhoseResponseLacksStatusIsNamed() throws {
        var entries = (0..<12).map { HARText.entry("GET", "https://example.com/\($0)") }
        entries.append(HARText.entry("GET", "https://example.com/12", status: nil))
        let data = HARText.file(entries)
        // Line 428 holds `"response": {` of the thirteenth entry; column 21 is its `{`.
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[427] == #"        "response": {"#)
        try expectRefused(data, "capture.har:428:21: error: log.entries[12].response: missing required key \"status\"")
    }

    @Test func aTruncatedHARIsRefusedAtTheEnd() throws {
        let full = HARText.file([HARText.entry("GET", "https://example.com/a")])
        let cut = full.prefix(full.count / 2)
        let lines = String(decoding: cut, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        try expectRefused(
            Data(cut),
            "capture.har:\(lines.count):\(lines.last!.utf8.count + 1): error: HAR file is not valid JSON: "
                + "unexpected end of file, expected a string key")
    }

    @Test func jsonThatIsNotAHARIsRefused() throws {
        try expectRefused(
            Data(#"{"name": "package.json"}"#.utf8),
            "capture.har:1:1: error: not a HAR file: missing required key \"log\"")
        try expectRefused(
            Data("[1, 2]".utf8),
            "capture.har:1:1: error: not a HAR file: expected an object with \"log\", found an array")
        try expectRefused(
            CassetteDocument(interactions: [Fixtures.interaction("https://example.com/")]).encoded(),
            "capture.har:1:1: error: not a HAR file: this is a cassette (it has \"interactions\"); to turn a cassette "
                + "into HAR, run: cassette export CASSETTE_FILE HAR_FILE")
        try expectRefused(Data(), "capture.har: error: HAR file is empty; expected a JSON object with \"log\"")
    }

    @Test func aMissingFileIsNamed() throws {
        try expectRefused(nil, "missing.har: error: cannot read HAR file: no such file", name: "missing.har")
    }

    @Test func whatBreaksTheMappingIsRefusedAtItsPlace() throws {
        let badBase64 = HARText.file([HARText.entry("GET", "https://example.com/", text: "%%%", encoding: "base64")])
        try expectRefused(
            badBase64,
            "capture.har:\(try lineOf(#""text": "%%%""#, in: badBase64)):21: error: "
                + "log.entries[0].response.content.text: expected base64 text, as \"encoding\" says")
        let badEncoding = HARText.file([HARText.entry("GET", "https://example.com/", text: "x", encoding: "gzip")])
        try expectRefused(
            badEncoding,
            "capture.har:\(try lineOf(#""encoding": "gzip""#, in: badEncoding)):25: error: "
                + "log.entries[0].response.content.encoding: unsupported encoding \"gzip\"; cassette import reads "
                + "text and \"base64\"")
        let badDate = HARText.file([HARText.entry("GET", "https://example.com/", started: "last Tuesday")])
        try expectRefused(
            badDate,
            "capture.har:\(try lineOf(#""startedDateTime""#, in: badDate)):28: error: "
                + "log.entries[0].startedDateTime: expected an ISO 8601 date and time like "
                + "\"2026-12-01T09:30:00.000Z\", found \"last Tuesday\"")
        let version2 = HARText.file([], version: "2.0")
        try expectRefused(
            version2,
            "capture.har:\(try lineOf(#""version": "2.0""#, in: version2)):16: error: log.version: HAR version "
                + "\"2.0\" is not supported; cassette import reads HAR 1.1 and 1.2")
    }

    func lineOf(_ needle: String, in data: Data) throws -> Int {
        let text = String(decoding: data, as: UTF8.self)
        let range = try #require(text.range(of: needle))
        return text[..<range.lowerBound].filter { $0 == "\n" }.count + 1
    }
}
