import CassetteModel
import Foundation
import Testing

/// A large array near the top of a text (a cassette's `interactions`) is parsed on every core: the
/// result, the lossiness and the errors must be those of a parse in order.
@Suite struct JSONLargeArrayTests {
    /// An array of `count` objects, each with escapes, non-ASCII text and numbers, under a key of a
    /// top-level object, written so the text is larger than the parallel threshold.
    static func document(count: Int) -> (value: JSONValue, text: [UInt8]) {
        let elements: [JSONValue] = (0..<count).map { index in
            .object(sorting: [
                .init("id", .integer(index)),
                .init("name", .string("Zoë \(index) \"quoted\" tab\there")),
                .init("path", .string("/v1/items/\(index)?q=\u{1F600}")),
                .init("blob", .string(String(repeating: "abcdefgh", count: 120))),
                .init("nested", .array([.number("1.50"), .bool(index % 2 == 0), .null])),
            ])
        }
        let value = JSONValue.object(sorting: [.init("interactions", .array(elements)), .init("version", .integer(1))])
        return (value, JSONWriter.bytes(of: value, style: .pretty))
    }

    @Test func aLargeArrayParsesAsItWasWritten() throws {
        let (value, text) = Self.document(count: 5_000)
        #expect(text.count > 1 << 22, "the text must be large enough to be parsed in parallel")
        var lossiness = JSONLossiness()
        let parsed = try JSONParser.parse(text, lossiness: &lossiness)
        #expect(parsed == value)
        #expect(lossiness.isEmpty)
    }

    @Test func lossinessInOneElementOfALargeArrayIsReported() throws {
        var text = Self.document(count: 5_000).text
        // `\/` in one element's string: the canonical writer would spell it `/`.
        let marker = Array(#""path": "/v1/items/4321?"#.utf8)
        let at = try #require(Self.firstIndex(of: marker, in: text))
        text.replaceSubrange((at + 9)..<(at + 10), with: Array(#"\/"#.utf8))
        var lossiness = JSONLossiness()
        _ = try JSONParser.parse(text, lossiness: &lossiness)
        #expect(lossiness.contains(.escapes))
    }

    @Test func anErrorInOneElementOfALargeArrayIsReportedWhereItIs() throws {
        var text = Self.document(count: 5_000).text
        let marker = Array(#""id": 3000,"#.utf8)
        let at = try #require(Self.firstIndex(of: marker, in: text))
        // `3000,` becomes `3000;`: the comma after the member is missing.
        text[at + marker.count - 1] = UInt8(ascii: ";")
        let error = #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(text) }
        #expect(error?.offset == at + marker.count - 1)
    }

    static func firstIndex(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        Data(haystack).range(of: Data(needle)).map(\.lowerBound)
    }

    /// A cassette of many interactions is read on every core; the error named is the first
    /// malformed interaction's, as a read in order would name it.
    @Test func theFirstMalformedInteractionOfALargeCassetteIsTheOneNamed() throws {
        let good = #"{"request":{"method":"GET","url":"https://api.example.com/v1/items"},"response":{"status":200}}"#
        let bad = #"{"request":{"method":"GET"},"response":{"status":200}}"#
        let interactions = (0..<200).map { $0 == 70 || $0 == 90 ? bad : good }
        let text = #"{"interactions":["# + interactions.joined(separator: ",") + #"],"version":1}"#
        let error = #expect(throws: CassetteReadError.self) {
            try CassetteDocument.decode(Data(text.utf8), path: "large.json")
        }
        #expect(error?.jsonPath?.hasPrefix("interactions[70]") == true, "\(String(describing: error))")
    }
}
