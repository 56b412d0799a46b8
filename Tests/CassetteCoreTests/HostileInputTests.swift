import CassetteCore
import CassetteTestSupport
import Foundation
import Testing

/// Inputs the fuzz targets (`scripts/fuzz`) throw at the reader and the scrubber, kept as tests:
/// deep nesting, invalid UTF-8 and huge numbers give an error or a document that reads back the
/// same, never a crash.
@Suite struct HostileInputTests {
    /// A cassette whose one response body is `body` (JSON text).
    static func cassette(responseBody body: String) -> Data {
        Data(
            (#"{"interactions":[{"request":{"headers":[],"method":"GET","url":"https://api.example.com/"},"#
                + #""response":{"body":{"json":\#(body)},"headers":[{"name":"Content-Type","#
                + #""value":"application/json"}],"status":200}}],"version":1}"#).utf8)
    }

    /// Decodes, and when that works, checks the document survives writing, reading and scrubbing.
    static func survives(_ data: Data) {
        guard let document = try? CassetteDocument.decode(data, path: "Hostile.json") else { return }
        let encoded = document.encoded()
        #expect((try? CassetteDocument.decode(encoded, path: "Hostile.json")) == document)
        let scrubbed = Scrubber.default.scrub(document)
        #expect(Scrubber.default.scrub(scrubbed) == scrubbed)
        for interaction in document.interactions {
            _ = RequestMatcher(scrubber: .default).identity(of: interaction.request)
        }
    }

    @Test(arguments: [10, 200, 505, 520, 100_000])
    func deeplyNestedBodiesAreReadOrRejected(depth: Int) throws {
        let body = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let data = Self.cassette(responseBody: body)
        Self.survives(data)
        if depth > JSONParser.maximumDepth {
            #expect(throws: CassetteReadError.self) { try CassetteDocument.decode(data, path: "Hostile.json") }
        }
        let request = RecordedRequest(
            method: "POST", url: "https://api.example.com/", headers: [HTTPHeader("Content-Type", "application/json")],
            body: Data(String(repeating: #"{"a":"#, count: min(depth, 600)).utf8) + Data("1".utf8)
                + Data(String(repeating: "}", count: min(depth, 600)).utf8))
        _ = RequestMatcher(scrubber: .default).identity(of: request)
        _ = Scrubber.default.scrub(
            CassetteDocument(interactions: [Interaction(request: request, outcome: .failure(TransportError(code: -1)))])
        )
    }

    @Test func unclosedNestingOfAnyDepthIsASyntaxError() {
        for depth in [1, 511, 513, 1_000_000] {
            let data = Data(String(repeating: "[", count: depth).utf8)
            #expect(throws: CassetteReadError.self) { try CassetteDocument.decode(data, path: "Hostile.json") }
        }
    }

    @Test(
        arguments: [
            [0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0x00],
        ] as [[UInt8]])
    func invalidUTF8IsRejectedInTextAndKeptAsBytesInBodies(bytes: [UInt8]) throws {
        // Inside a JSON string of the file: an error, not a crash.
        var file = Array(Self.cassette(responseBody: #""x""#))
        let quote = try #require(file.firstIndex(of: UInt8(ascii: "x")))
        file.replaceSubrange(quote...quote, with: bytes)
        Self.survives(Data(file))

        // As a body: stored so that it reads back byte for byte.
        let body = Data(Array("token=".utf8) + bytes + Array("abc123def456".utf8))
        let document = CassetteDocument(interactions: [
            Interaction(
                request: RecordedRequest(
                    method: "POST", url: "https://api.example.com/?q=" + String(decoding: bytes, as: UTF8.self),
                    headers: [HTTPHeader("Content-Type", "application/x-www-form-urlencoded")], body: body),
                outcome: .response(RecordedResponse(status: 200, body: body)))
        ])
        let read = try CassetteDocument.decode(document.encoded(), path: "Hostile.json")
        #expect(read == document)
        Self.survives(document.encoded())
        _ = Scrubber.default.scrubText(String(decoding: body, as: UTF8.self))
    }

    @Test(arguments: [
        "1e999999999", "-1e999999999", "1e-999999999", "-0", "0e0", String(repeating: "9", count: 5_000),
        "0." + String(repeating: "0", count: 5_000) + "1", "123456789012345678901234567890e-400",
    ])
    func hugeNumbersAreReadWrittenAndHashed(number: String) throws {
        let data = Self.cassette(responseBody: "[\(number)]")
        let document = try CassetteDocument.decode(data, path: "Hostile.json")
        Self.survives(data)
        #expect(try CassetteDocument.decode(document.encoded(), path: "Hostile.json") == document)
        let request = RecordedRequest(
            method: "POST", url: "https://api.example.com/", headers: [HTTPHeader("Content-Type", "application/json")],
            body: Data(#"{"n":\#(number)}"#.utf8))
        _ = CanonicalBody.hash(of: request.body, contentType: "application/json")
        _ = RequestMatcher(scrubber: .default).identity(of: request)
    }

    /// The shapes that once made scrubbing slower than linear (``HostileInputs/hostileShapes``):
    /// scrubbed, idempotent, linted. Their timings are printed by `scripts/bench scrub`.
    @Test(arguments: HostileInputs.hostileShapes.map(\.name))
    func hostileTextsScrubAndStayScrubbed(shape: String) throws {
        let build = try #require(HostileInputs.hostileShapes.first { $0.name == shape }).build
        let text = build(8_192)
        let document = CassetteDocument(interactions: [
            Interaction(
                request: RecordedRequest(method: "POST", url: "https://api.example.com/", body: Data(text.utf8)),
                outcome: .response(
                    RecordedResponse(
                        status: 200, headers: [HTTPHeader("Content-Type", "text/plain")], body: Data(text.utf8))))
        ])
        let scrubbed = Scrubber.default.scrub(document)
        #expect(Scrubber.default.scrub(scrubbed) == scrubbed)
        #expect(Scrubber.default.findings(in: scrubbed).isEmpty)
        _ = RequestMatcher(scrubber: .default).identity(of: document.interactions[0].request)
        _ = Scrubber.default.scrubText(text)
    }

    /// A line that is only a keyword the line reader looks for (`password `, `export `, `- `), its
    /// space the last byte of the line or of the body, once read past the line's end and crashed
    /// (found by `scripts/fuzz scrub`). Scrubbed as text, in a request and as a cassette body.
    @Test(arguments: [
        "password ", "passwd ", "export ", "- ", "machine ", "default ", "data:", "password \nnext: line",
        "export \r\n", "  - \n", "x: 1\npasswd \t\n", "export", "-",
    ])
    func aKeywordAtTheEndOfALineStaysInsideIt(line: String) {
        let body = Data(line.utf8)
        let document = CassetteDocument(interactions: [
            Interaction(
                request: RecordedRequest(method: "POST", url: "https://api.example.com/", body: body),
                outcome: .response(
                    RecordedResponse(status: 200, headers: [HTTPHeader("Content-Type", "text/plain")], body: body)))
        ])
        let scrubbed = Scrubber.default.scrub(document)
        #expect(scrubbed == document)
        #expect(Scrubber.default.findings(in: document).isEmpty)
        #expect(Scrubber.default.scrubText(line) == line)
    }
}
