import Foundation

extension CassetteDocument {
    /// Where `data`, the bytes this document was read from, first differs from its canonical
    /// encoding (``encoded()``), or `nil` when the file is already canonical.
    ///
    /// - Parameter canonical: The document's canonical bytes, when the caller has them already.
    /// - Returns: The 1-based line and column of the first byte that differs (or of the end of the
    ///   shorter text).
    package func firstNonCanonicalPosition(in data: Data, canonical: Data? = nil) -> (line: Int, column: Int)? {
        // The canonical bytes are compared as the writer made them: a copy into `Data` would touch
        // as many fresh pages again as the file has bytes.
        let offset =
            if let canonical { CassetteDocument.firstDifference(data, canonical) } else {
                CassetteDocument.firstDifference(data, encodedBytes(reservingCapacity: data.count))
            }
        return offset.map { TextPosition.lineAndColumn(of: $0, in: data) }
    }

    /// The offset of the first byte where `actual` and `expected` differ (the length of the
    /// shorter, when one is a prefix of the other); `nil` when they are equal.
    private static func firstDifference(_ actual: Data, _ expected: some ContiguousBytes) -> Int? {
        actual.withUnsafeBytes { (actual: UnsafeRawBufferPointer) in
            expected.withUnsafeBytes { (wanted: UnsafeRawBufferPointer) -> Int? in
                if actual.count == wanted.count,
                    actual.count == 0 || memcmp(actual.baseAddress!, wanted.baseAddress!, actual.count) == 0
                {
                    return nil
                }
                let common = min(actual.count, wanted.count)
                var index = 0
                while index < common, actual[index] == wanted[index] { index += 1 }
                return index
            }
        }
    }
}
