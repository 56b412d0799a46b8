import CassetteCore
import Foundation

/// Reading cassettes (`scripts/fuzz read N`). Any bytes: decoding either throws a
/// `CassetteReadError` or gives a document whose canonical bytes read back to the same document and
/// encode to the same bytes again.
enum ReadFuzzer {
    static func test(_ data: Data) {
        guard let document = try? CassetteDocument.decode(data, path: "fuzz.json") else { return }
        let encoded = document.encoded()
        guard let again = try? CassetteDocument.decode(encoded, path: "fuzz.json") else {
            fatalError("the canonical bytes of a decoded cassette do not decode")
        }
        if again != document { fatalError("a cassette changed when written and read back") }
        if again.encoded() != encoded { fatalError("writing a cassette twice gave different bytes") }
    }
}
