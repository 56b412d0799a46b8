/// Private key material: the body of `-----BEGIN … PRIVATE KEY-----` blocks (PEM: RSA, EC, DSA,
/// OpenSSH, PKCS #8, encrypted), of `-----BEGIN PGP PRIVATE KEY BLOCK-----` blocks and of seeds
/// that a private key is made from (a NATS creds file's `-----BEGIN USER NKEY SEED-----`), between the
/// marker lines, also when newlines are JSON-escaped (`\n`); and age secret keys
/// (`AGE-SECRET-KEY-1…`), after their prefix.
///
/// A block without its `END` line still holds a key: its body is the base64 that follows the
/// `BEGIN` line. Every marker is looked at once and every `END` line is found by one forward cursor
/// per label, so many `BEGIN` lines without an `END` cost no more than one.
enum PrivateKeyShape {
    static let agePrefix = "AGE-SECRET-KEY-1"

    static func matches(in bytes: [UInt8]) -> [Range<Int>] {
        (blocks(in: bytes) + ageKeys(in: bytes)).sorted { $0.lowerBound < $1.lowerBound }
    }

    /// A `-----BEGIN <label>-----` or `-----END <label>-----` line: its label and where it ends.
    private struct Marker {
        var start: Int
        var end: Int
        var label: ArraySlice<UInt8>
    }

    private static func markers(_ keyword: String, in bytes: [UInt8]) -> [Marker] {
        let opening = Array("-----\(keyword) ".utf8)
        let dashes = Array("-----".utf8)
        var found: [Marker] = []
        var index = 0
        while let start = ScrubBytes.firstIndex(of: opening, in: bytes, from: index) {
            var cursor = start + opening.count
            while cursor < bytes.count,
                ShapeBytes.isUpper(bytes[cursor]) || ShapeBytes.isDigit(bytes[cursor])
                    || bytes[cursor] == 0x20
            {
                cursor += 1
            }
            index = cursor
            guard ScrubBytes.matches(dashes, in: bytes, at: cursor) else { continue }
            let label = bytes[(start + opening.count)..<cursor]
            guard
                label.elementsEqual("PRIVATE KEY".utf8) || endsWith(label, " PRIVATE KEY")
                    || endsWith(label, "PRIVATE KEY BLOCK") || endsWith(label, " SEED")
            else { continue }
            // NATS writes its END lines with six dashes (`------END USER NKEY SEED------`).
            var first = start
            while first > 0, start - first < 4, bytes[first - 1] == UInt8(ascii: "-") { first -= 1 }
            found.append(Marker(start: first, end: cursor + dashes.count, label: label))
            index = cursor + dashes.count
        }
        return found
    }

    private static func endsWith(_ label: ArraySlice<UInt8>, _ suffix: String) -> Bool {
        label.count >= suffix.utf8.count && label.suffix(suffix.utf8.count).elementsEqual(suffix.utf8)
    }

    private static func blocks(in bytes: [UInt8]) -> [Range<Int>] {
        let begins = markers("BEGIN", in: bytes)
        guard !begins.isEmpty else { return [] }
        var ends: [[UInt8]: [Int]] = [:]
        var endMarkers: [Marker] = []
        for marker in markers("END", in: bytes) {
            ends[Array(marker.label), default: []].append(endMarkers.count)
            endMarkers.append(marker)
        }
        var cursors: [[UInt8]: Int] = [:]
        var found: [Range<Int>] = []
        var floor = 0
        for begin in begins where begin.start >= floor {
            let label = Array(begin.label)
            let candidates = ends[label] ?? []
            var cursor = cursors[label, default: 0]
            while cursor < candidates.count, endMarkers[candidates[cursor]].start < begin.end { cursor += 1 }
            cursors[label] = cursor
            if cursor < candidates.count {
                floor = endMarkers[candidates[cursor]].end
                if let body = trimmed(bytes, begin.end..<endMarkers[candidates[cursor]].start) { found.append(body) }
            } else {
                // No END line: the key is the base64 that follows, when there is enough of it.
                floor = base64End(bytes, from: begin.end)
                if let body = trimmed(bytes, begin.end..<floor), body.count >= 16 { found.append(body) }
            }
        }
        return found
    }

    /// The end of the base64 text, whitespace and escaped line breaks that follow `start`.
    private static func base64End(_ bytes: [UInt8], from start: Int) -> Int {
        var end = start
        while end < bytes.count {
            let byte = bytes[end]
            if ShapeBytes.isBase64(byte) || byte == UInt8(ascii: "=") || ShapeBytes.isSpace(byte) {
                end += 1
            } else if isEscapedBreak(bytes, at: end) {
                end += 2
            } else {
                break
            }
        }
        return end
    }

    /// `\n`, `\r` or `\t` written as two characters, as in JSON text.
    private static func isEscapedBreak(_ bytes: [UInt8], at offset: Int) -> Bool {
        offset + 1 < bytes.count && bytes[offset] == UInt8(ascii: "\\") && "nrt".utf8.contains(bytes[offset + 1])
    }

    /// The range without leading and trailing whitespace and escaped line breaks; `nil` when empty.
    private static func trimmed(_ bytes: [UInt8], _ range: Range<Int>) -> Range<Int>? {
        var start = range.lowerBound
        var end = range.upperBound
        while start < end {
            if ShapeBytes.isSpace(bytes[start]) {
                start += 1
            } else if start + 1 < end, isEscapedBreak(bytes, at: start) {
                start += 2
            } else {
                break
            }
        }
        while end > start {
            if ShapeBytes.isSpace(bytes[end - 1]) {
                end -= 1
            } else if end - 2 >= start, isEscapedBreak(bytes, at: end - 2) {
                end -= 2
            } else {
                break
            }
        }
        return start < end ? start..<end : nil
    }

    /// The key of each `AGE-SECRET-KEY-1` and at least 40 bech32 characters, after the prefix.
    private static func ageKeys(in bytes: [UInt8]) -> [Range<Int>] {
        let prefix = Array(agePrefix.utf8)
        var found: [Range<Int>] = []
        var index = 0
        while let start = ScrubBytes.firstIndex(of: prefix, in: bytes, from: index) {
            let keyStart = start + prefix.count
            var end = keyStart
            while end < bytes.count, ShapeBytes.isUpper(bytes[end]) || ShapeBytes.isDigit(bytes[end]) { end += 1 }
            index = max(end, start + 1)
            guard start == 0 || !ShapeBytes.isWord(bytes[start - 1]), end - keyStart >= 40 else { continue }
            found.append(keyStart..<end)
        }
        return found
    }
}
