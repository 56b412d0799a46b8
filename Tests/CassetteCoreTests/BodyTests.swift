import CassetteCore
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
