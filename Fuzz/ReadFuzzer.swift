import Foundation

// libFuzzer entry for reading cassettes (`scripts/fuzz read N`), compiled together with the
// CassetteCore sources. Any bytes: decoding either throws a CassetteReadError or gives a document
// whose canonical bytes read back to the same document and encode to the same bytes again.

@_cdecl("LLVMFuzzerTestOneInput")
public func readFuzzerTestOneInput(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    guard let document = try? CassetteDocument.decode(data, path: "fuzz.json") else { return 0 }
    let encoded = document.encoded()
    guard let again = try? CassetteDocument.decode(encoded, path: "fuzz.json") else {
        fatalError("the canonical bytes of a decoded cassette do not decode")
    }
    if again != document { fatalError("a cassette changed when written and read back") }
    if again.encoded() != encoded { fatalError("writing a cassette twice gave different bytes") }
    return 0
}
