import CassetteModel
import CassetteTestSupport
import Foundation
import Testing

@Suite struct BodyTests {
    func stored(_ text: String, _ contentType: String?) -> StoredBody {
        StoredBody(bytes: Data(text.utf8), contentType: contentType)
    }

    @Test func jsonByContentTypeIsStructured() throws {
        let body = stored(#"{"b": [1, 2], "a": "x"}"#, "application/json; charset=utf-8")
        #expect(body == .json(.object(["a": .string("x"), "b": .array([.number("1"), .number("2")])])))
        #expect(try body.bytes() == Data(#"{"a":"x","b":[1,2]}"#.utf8))
    }

    @Test(arguments: ["application/problem+json", "text/json", "application/vnd.api+json"])
    func jsonSuffixesCount(contentType: String) {
        guard case .json = stored("[1]", contentType) else {
            Issue.record("expected JSON for \(contentType)")
            return
        }
    }

    @Test func jsonWithoutContentTypeIsRecognisedFromTheBytes() {
        #expect(stored(" [true]", nil) == .json(.array([.bool(true)])))
        #expect(stored("true", nil) == .text("true"))
    }

    @Test(arguments: [
        #"{"id": 12345678901234567890}"#, #"{"a": 1, "a": 2}"#, #"{"x": -0}"#, #"{"path": "a\/b"}"#,
        #"{"name": "\u00e9"}"#, #"{"broken": "#,
    ])
    func lossyOrInvalidJSONIsKeptAsText(text: String) throws {
        let body = stored(text, "application/json")
        #expect(body == .text(text))
        #expect(try body.bytes() == Data(text.utf8))
    }

    @Test func textIsAString() {
        #expect(stored("hello\r\nwörld\t!", "text/plain") == .text("hello\r\nwörld\t!"))
        #expect(stored("<p>hi</p>", "text/html") == .text("<p>hi</p>"))
    }

    @Test func binaryIsBase64() throws {
        let bytes = Data((0...255).map { UInt8($0) })
        let body = StoredBody(bytes: bytes, contentType: "text/plain")
        #expect(body == .base64(bytes.base64EncodedString()))
        #expect(try body.bytes() == bytes)
        #expect(StoredBody(bytes: Data([0x68, 0x00, 0x69]), contentType: nil) == .base64("aABp"))
        #expect(StoredBody(bytes: Data([0xC3, 0x28]), contentType: nil) == .base64("wyg="))
    }

    @Test func declaredBinaryTypesAreBase64EvenWhenTheBytesLookLikeText() {
        #expect(stored("GIF89a", "image/gif") == .base64(Data("GIF89a".utf8).base64EncodedString()))
        #expect(stored("abc", "application/octet-stream") == .base64("YWJj"))
    }
}

@Suite struct StoredFormTests {
    /// Every storage class a file could claim for a body.
    func candidates(for bytes: Data) -> [StoredBody] {
        var candidates: [StoredBody] = [.base64(bytes.base64EncodedString())]
        if let text = String(validating: bytes, as: UTF8.self) { candidates.append(.text(text)) }
        if let value = try? JSONParser.parse(bytes) { candidates.append(.json(value)) }
        return candidates
    }

    static let samples: [(String, String?)] = [
        (#"{"a":1}"#, "application/json"), (#"{"a":1}"#, nil), (#"{"a":1}"#, "text/plain"), ("[1,2]", nil),
        (#"{"a":1,"a":2}"#, "application/json"), (#"{"n":12345678901234567890}"#, "application/json"),
        (#"{"n":-0}"#, "application/json"), (#"{"n":1e400}"#, nil), ("true", "application/json"), ("true", nil),
        ("\"text\"", "application/json"), ("hello", "text/plain"), ("hello", nil), ("hello", "image/png"),
        ("tab\there", nil), ("bell\u{7}", nil), ("{broken", "application/json"), ("{broken", nil), ("", nil),
    ]

    @Test func aConfirmedStoredFormIsAlwaysTheCanonicalOne() {
        var bodies = Self.samples.map { (Data($0.0.utf8), $0.1) }
        bodies.append((Data([0, 1, 2, 255]), nil))
        bodies.append((Data([0xC3, 0x28]), "text/plain"))
        var generator = SplitMix(seed: 7)
        for _ in 0..<300 {
            let document = generator.document()
            for interaction in document.interactions {
                if let body = interaction.request.body {
                    bodies.append((body, interaction.request.headers.value(for: "Content-Type")))
                }
                if let body = interaction.response?.body {
                    bodies.append((body, interaction.response?.headers.value(for: "Content-Type")))
                }
            }
        }
        var confirmed = 0
        for (bytes, contentType) in bodies {
            let canonical = StoredBody(bytes: bytes, contentType: contentType)
            #expect(
                StoredBody.confirms(canonical, bytes: bytes, contentType: contentType)
                    || isJSONText(canonical, contentType))
            for candidate in candidates(for: bytes)
            where StoredBody.confirms(candidate, bytes: bytes, contentType: contentType) {
                confirmed += 1
                #expect(candidate == canonical, "\(candidate) confirmed for \(contentType ?? "no type")")
            }
        }
        #expect(confirmed > bodies.count / 2)
    }

    /// Text that holds JSON-looking bytes is the one case confirmation leaves to full classification.
    func isJSONText(_ stored: StoredBody, _ contentType: String?) -> Bool {
        guard case .text(let text) = stored else { return false }
        return contentType.map { MediaType($0).isJSON } ?? (text.first == "{" || text.first == "[")
    }

    @Test func readingACassetteKeepsTheStoredFormAndItIsForgottenWhenTheBodyChanges() throws {
        let file = CassetteDocument(interactions: [
            Interaction(
                request: RecordedRequest(method: "GET", url: "https://x.test/"),
                outcome: .response(
                    RecordedResponse(
                        status: 200, headers: [HTTPHeader("Content-Type", "application/json")],
                        body: Data(#"{"a":[1,2]}"#.utf8))))
        ]).encoded()
        var response = try #require(try CassetteDocument.decode(file, path: "x").interactions.first?.response)
        #expect(response.storedForm == .json(.object(["a": .array([.number("1"), .number("2")])])))
        response.headers.append(HTTPHeader("X-Other", "1"))
        #expect(response.storedForm != nil)
        response.headers = [HTTPHeader("Content-Type", "text/plain")]
        #expect(response.storedForm == nil)
        var again = try #require(try CassetteDocument.decode(file, path: "x").interactions.first?.response)
        again.body = Data("other".utf8)
        #expect(again.storedForm == nil)
    }
}
