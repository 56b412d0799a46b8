import CassetteModel
import CassetteTestSupport
import Foundation
import Testing

@Suite struct CassetteDocumentTests {
    static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Golden")

    /// A cassette with every kind of field the format has.
    static let example = CassetteDocument(interactions: [
        Interaction(
            request: RecordedRequest(
                method: "POST", url: "https://api.example.com/v1/users?sort=name",
                headers: [HTTPHeader("Content-Type", "application/json"), HTTPHeader("Accept", "application/json")],
                body: Data(#"{"name": "Ada", "age": 36, "tags": ["admin"]}"#.utf8)),
            outcome: .response(
                RecordedResponse(
                    status: 201,
                    headers: [HTTPHeader("Content-Type", "application/json"), HTTPHeader("ETag", "\"v1\"")],
                    body: Data(#"{"id": 7, "name": "Ada", "createdAt": "2026-01-02T03:04:05Z"}"#.utf8))),
            recorded: "2026-11-30"),
        Interaction(
            request: RecordedRequest(method: "GET", url: "https://api.example.com/v1/old"),
            redirects: [
                RedirectHop(
                    method: "GET", url: "https://api.example.com/v1/old", status: 301,
                    headers: [HTTPHeader("Location", "/v1/new")])
            ],
            outcome: .response(
                RecordedResponse(
                    status: 200, url: "https://api.example.com/v1/new",
                    headers: [HTTPHeader("Content-Type", "text/plain; charset=utf-8")],
                    body: Data("moved here\nline two\n".utf8)))),
        Interaction(
            request: RecordedRequest(method: "GET", url: "https://api.example.com/v1/avatar.png"),
            outcome: .response(
                RecordedResponse(
                    status: 200, headers: [HTTPHeader("Content-Type", "image/png")],
                    body: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])))),
        Interaction(
            request: RecordedRequest(method: "DELETE", url: "https://api.example.com/v1/users/7"),
            outcome: .response(RecordedResponse(status: 204))),
        Interaction(
            request: RecordedRequest(
                method: "POST", url: "https://api.example.com/v1/users/7/avatar",
                headers: [HTTPHeader("Content-Type", "multipart/form-data; boundary=cassette-boundary")],
                body: Data(
                    ("--cassette-boundary\r\nContent-Disposition: form-data; name=\"caption\"\r\n\r\nAt the sea\r\n"
                        + "--cassette-boundary\r\nContent-Disposition: form-data; name=\"file\"; filename=\"ada.png\"\r\n"
                        + "Content-Type: image/png\r\n\r\n").utf8) + Data([0x89, 0x50, 0x4E, 0x47])
                    + Data("\r\n--cassette-boundary--\r\n".utf8)),
            outcome: .response(RecordedResponse(status: 201))),
        Interaction(
            request: RecordedRequest(method: "GET", url: "http://127.0.0.1:9/unreachable"),
            outcome: .failure(TransportError(code: -1004))),
    ])

    @Test func encodingMatchesTheGoldenFile() throws {
        let golden = Self.goldenDirectory.appendingPathComponent("example.json")
        let encoded = Self.example.encoded()
        if ProcessInfo.processInfo.environment["CASSETTE_RECORD_GOLDEN"] == "1" {
            try encoded.write(to: golden)
        }
        let expected = try Data(contentsOf: golden)
        #expect(String(decoding: encoded, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
    }

    @Test func readingAndWritingTheGoldenFileGivesTheSameBytes() throws {
        let golden = Self.goldenDirectory.appendingPathComponent("example.json")
        let bytes = try Data(contentsOf: golden)
        let document = try CassetteDocument.decode(bytes, path: golden.path)
        #expect(document.encoded() == bytes)
        // Stored JSON bodies are served in compact form with sorted keys.
        let created = try #require(document.interactions.first?.response?.body)
        #expect(
            String(decoding: created, as: UTF8.self) == #"{"createdAt":"2026-01-02T03:04:05Z","id":7,"name":"Ada"}"#)
    }

    @Test func canonicalFormHasLFLineEndingsATrailingNewlineAndSortedKeys() {
        let text = String(decoding: Self.example.encoded(), as: UTF8.self)
        #expect(!text.contains("\r"))
        #expect(text.hasSuffix("}\n"))
        #expect(text.hasPrefix("{\n  \"interactions\": [\n"))
        #expect(text.hasSuffix("  ],\n  \"version\": 1\n}\n"))
        #expect(text.contains(#""url": "https://api.example.com/v1/users?sort=name""#))
    }

    @Test func generatedCassettesRoundTripByteForByte() throws {
        var generator = SplitMix(seed: 42)
        for round in 0..<200 {
            let document = generator.document()
            let first = document.encoded()
            let decoded = try CassetteDocument.decode(first, path: "generated-\(round).json")
            #expect(decoded.encoded() == first, "round \(round)")
            // After one pass through the canonical form the model itself is stable too.
            #expect(try CassetteDocument.decode(decoded.encoded(), path: "again") == decoded, "round \(round)")
        }
    }

    @Test func aDocumentReadWithoutStoredFormsIsTheSameAndWritesTheSameBytes() throws {
        let golden = try Data(contentsOf: Self.goldenDirectory.appendingPathComponent("example.json"))
        var generator = SplitMix(seed: 7)
        let files = [golden] + (0..<100).map { _ in generator.document().encoded() }
        for (index, file) in files.enumerated() {
            let kept = try CassetteDocument.decode(file, path: "file-\(index).json")
            let dropped = try CassetteDocument.decode(file, path: "file-\(index).json", keepingStoredForms: false)
            #expect(dropped == kept, "file \(index)")
            #expect(dropped.encoded() == file, "file \(index)")
        }
    }

    @Test func writesAtomicallyAndReadsBack() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("Example.json")
        try Self.example.write(to: file)
        try CassetteDocument(interactions: []).write(to: file)
        #expect(try CassetteDocument.read(from: file) == CassetteDocument(interactions: []))
        // No temporary files are left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["Example.json"])
    }

    @Test func writingIntoAMissingDirectoryFailsWithAClearError() {
        let file = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/Example.json")
        #expect {
            try CassetteDocument().write(to: file)
        } throws: { error in
            let text = "\(error)"
            return text.contains(file.path) && text.contains("No such file or directory")
                && text.contains("the existing file is unchanged")
        }
    }

    func readError(_ text: String) -> String {
        do {
            _ = try CassetteDocument.decode(Data(text.utf8), path: "Cassettes/Broken.json")
            return "no error"
        } catch {
            return error.description
        }
    }

    @Test func truncatedFileNamesLineAndColumn() throws {
        let full = String(decoding: Self.example.encoded(), as: UTF8.self)
        // Cut right after a complete value, inside the first request's object.
        let cut = try #require(full.range(of: #""method": "POST""#)).upperBound
        let truncated = String(full[..<cut])
        let lines = truncated.split(separator: "\n", omittingEmptySubsequences: false)
        let position = "\(lines.count):\(lines.last!.utf8.count + 1)"
        #expect(
            readError(truncated)
                == "Cassettes/Broken.json:\(position): error: cassette is not valid JSON: unexpected end of file, "
                + "expected ',' or '}'")
    }

    @Test func mistypedFieldNamesItsPathAndPosition() {
        let text = """
            {
              "interactions": [
                {
                  "request": {"method": "GET", "url": "http://x/"},
                  "response": {"status": "200"}
                }
              ],
              "version": 1
            }
            """
        #expect(
            readError(text)
                == "Cassettes/Broken.json:5:30: error: cassette does not fit format version 1 at "
                + "interactions[0].response.status: expected an integer, found a string")
    }

    @Test(arguments: [
        (
            #"{"version": 1}"#,
            "1:1: error: cassette does not fit format version 1 at (top level): missing required key \"interactions\""
        ),
        (
            #"{"version": 1, "interactions": [], "extra": 1}"#,
            "1:36: error: cassette does not fit format version 1 at extra: unknown key \"extra\" in a cassette; expected only \"interactions\", \"version\""
        ),
        (
            #"{"version": 1, "interactions": [{"request": {"method": "GET", "url": "http://x/"}}]}"#,
            "1:33: error: cassette does not fit format version 1 at interactions[0]: expected a \"response\" or an \"error\", found neither"
        ),
        (
            #"{"version": 1, "interactions": [{"request": {"method": "GET", "url": "http://x/"}, "response": {"status": 200, "body": {"base64": "!!"}}}]}"#,
            "error: cassette does not fit format version 1 at interactions[0].response.body.base64: expected valid base64"
        ),
        (
            #"{"version": 1, "interactions": [{"request": {"method": "GET", "url": "http://x/"}, "response": {"status": 200, "body": {"text": "a", "json": 1}}}]}"#,
            "expected exactly one of \"json\", \"text\", \"base64\" or \"multipart\""
        ),
        (
            "[]",
            "1:1: error: cassette does not fit format version 1 at (top level): expected a cassette (an object), found an array"
        ),
    ])
    func formatErrorsSayWhatWasExpected(text: String, expected: String) {
        let message = readError(text)
        #expect(message.contains(expected), "\(message)")
        #expect(message.hasPrefix("Cassettes/Broken.json:"))
    }

    @Test(arguments: ["2026-13-01", "2026-02-30", "26-01-01", "2026-01-01T00:00:00Z", ""])
    func aRecordedDayMustBeAValidUTCDate(day: String) {
        let text =
            #"{"version": 1, "interactions": [{"recorded": "\#(day)", "request": {"method": "GET", "url": "http://x/"}, "error": {"code": -1004}}]}"#
        let message = readError(text)
        #expect(message.contains("at interactions[0].recorded:"), "\(message)")
    }

    @Test func filesWithoutRecordedDaysStayValid() throws {
        let text =
            #"{"version": 1, "interactions": [{"request": {"method": "GET", "url": "http://x/"}, "error": {"code": -1004}}]}"#
        let document = try CassetteDocument.decode(Data(text.utf8), path: "Old.json")
        #expect(document.interactions.first?.recorded == nil)
        #expect(!String(decoding: document.encoded(), as: UTF8.self).contains("recorded"))
    }

    @Test func theRecordedDayIsTheUTCDay() throws {
        // 2026-12-01T23:30:00Z; the same instant is already 2 December east of UTC.
        let date = Date(timeIntervalSince1970: 1_796_167_800)
        #expect(RecordingDay.string(for: date) == "2026-12-01")
        #expect(RecordingDay.date("2026-12-01").map(RecordingDay.string(for:)) == "2026-12-01")
    }

    @Test func futureVersionSaysSo() {
        let text = #"{"version": 2, "interactions": [{"somethingNew": true}]}"#
        #expect(
            readError(text)
                == "Cassettes/Broken.json:1:13: error: cassette uses format version 2, but this version of Cassette "
                + "reads format version 1; update the Cassette package to read it")
    }

    @Test(arguments: ["", "   \n"])
    func emptyFileSaysSo(text: String) {
        #expect(
            readError(text)
                == "Cassettes/Broken.json: error: cassette file is empty; expected a JSON object with \"version\" and "
                + "\"interactions\"")
    }

    @Test func missingFileAndDirectoryAreNamed() {
        let missing = URL(fileURLWithPath: "/nonexistent/Nope.json")
        #expect(throws: CassetteReadError(path: missing.path, reason: .unreadable("no such file"))) {
            try CassetteDocument.read(from: missing)
        }
        let directory = FileManager.default.temporaryDirectory
        #expect(throws: CassetteReadError(path: directory.path, reason: .unreadable("it is a directory, not a file"))) {
            try CassetteDocument.read(from: directory)
        }
    }
}
