import Foundation

/// Finds where a value sits in JSON text, for messages about valid JSON: reading errors and
/// `cassette lint` findings. Only used when there is something to report, so it walks the text
/// again rather than making the parser remember offsets.
package enum JSONLocator {
    /// The byte offset of the value at `path` (or of its key, with `atKey`), or of the deepest
    /// part of the path that exists. The text must be valid JSON.
    package static func offset(of path: [JSONPathComponent], atKey: Bool = false, in data: Data) -> Int? {
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            var walker = Walker(bytes: raw.bindMemory(to: UInt8.self))
            walker.skipWhitespace()
            var found = walker.index
            for component in path {
                guard let (key, value) = walker.enter(component) else { break }
                found = atKey ? key : value
            }
            return found
        }
    }

    /// The 1-based line and column of the value at `path`, or of the deepest part of the path that
    /// exists. The text must be valid JSON.
    package static func lineAndColumn(of path: [JSONPathComponent], in data: Data) -> (line: Int, column: Int) {
        TextPosition.lineAndColumn(of: offset(of: path, in: data) ?? 0, in: data)
    }

    private struct Walker {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        mutating func skipWhitespace() {
            while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
        }

        /// Moves into the member or element named by `component` of the value at `index`; returns
        /// the offsets of that member's key and value (both the element's, in arrays).
        mutating func enter(_ component: JSONPathComponent) -> (key: Int, value: Int)? {
            guard index < bytes.count else { return nil }
            switch (component, bytes[index]) {
            case (.key(let key), UInt8(ascii: "{")):
                index += 1
                while true {
                    skipWhitespace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
                    let keyStart = index
                    let name = readString()
                    skipWhitespace()
                    index += 1  // ':'
                    skipWhitespace()
                    if name == key { return (keyStart, index) }
                    skipValue()
                    skipWhitespace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { return nil }
                    index += 1
                }
            case (.index(let target), UInt8(ascii: "[")):
                index += 1
                var position = 0
                while true {
                    skipWhitespace()
                    if position == target { return (index, index) }
                    guard index < bytes.count, bytes[index] != UInt8(ascii: "]") else { return nil }
                    skipValue()
                    skipWhitespace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { return nil }
                    index += 1
                    position += 1
                }
            default:
                return nil
            }
        }

        mutating func readString() -> String {
            let start = index
            skipString()
            let slice = UnsafeBufferPointer(rebasing: bytes[start..<index])
            return (try? JSONParser.parse(slice)).flatMap { value in
                if case .string(let text) = value { return text }
                return nil
            } ?? ""
        }

        mutating func skipString() {
            index += 1
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "\\") {
                    index += 2
                } else if bytes[index] == UInt8(ascii: "\"") {
                    index += 1
                    return
                } else {
                    index += 1
                }
            }
        }

        mutating func skipValue() {
            var depth = 0
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""):
                    skipString()
                    if depth == 0 { return }
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    if depth == 0 { return }
                    depth -= 1
                    if depth == 0 {
                        index += 1
                        return
                    }
                case UInt8(ascii: ","):
                    if depth == 0 { return }
                default:
                    break
                }
                index += 1
            }
        }
    }
}
