import Foundation

/// Line and column of a byte offset.
package enum TextPosition {
    /// The 1-based line and column (in bytes) of `offset` in `data`.
    package static func lineAndColumn(of offset: Int, in data: Data) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        let end = min(offset, data.count)
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            for index in 0..<end where raw[index] == 0x0A {
                line += 1
                lineStart = index + 1
            }
        }
        return (line, end - lineStart + 1)
    }
}
