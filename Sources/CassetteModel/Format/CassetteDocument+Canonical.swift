import Foundation

extension CassetteDocument {
    /// Where `data`, the bytes this document was read from, first differs from its canonical
    /// encoding (``encoded()``), or `nil` when the file is already canonical.
    ///
    /// - Parameter canonical: The document's canonical bytes, when the caller has them already.
    /// - Returns: The 1-based line and column of the first byte that differs (or of the end of the
    ///   shorter text).
    package func firstNonCanonicalPosition(in data: Data, canonical: Data? = nil) -> (line: Int, column: Int)? {
        let expected = canonical ?? encoded(reservingCapacity: data.count)
        guard data != expected else { return nil }
        let offset = data.withUnsafeBytes { (actual: UnsafeRawBufferPointer) in
            expected.withUnsafeBytes { (wanted: UnsafeRawBufferPointer) in
                let common = min(actual.count, wanted.count)
                var index = 0
                while index < common, actual[index] == wanted[index] { index += 1 }
                return index
            }
        }
        return TextPosition.lineAndColumn(of: offset, in: data)
    }
}
