/// AWS access key ids (`AKIA` or `ASIA` and 16 upper-case letters or digits, a word of their own)
/// and secret access keys (40 base64 characters right after a name like `aws_secret_access_key`,
/// `SecretAccessKey` or `SECRET_ACCESS_KEY` and `=`, `:` or an XML element's `>`).
enum AWSKeyShape {
    static func accessKeyIDs(in bytes: [UInt8]) -> [Range<Int>] {
        var found: [Range<Int>] = []
        for marker in [Array("AKIA".utf8), Array("ASIA".utf8)] {
            var index = 0
            while let start = ScrubBytes.firstIndex(of: marker, in: bytes, from: index) {
                index = start + 4
                let end = start + 20
                guard start == 0 || !ShapeBytes.isWord(bytes[start - 1]), end <= bytes.count,
                    bytes[(start + 4)..<end].allSatisfy({ ShapeBytes.isUpper($0) || ShapeBytes.isDigit($0) }),
                    end == bytes.count || !ShapeBytes.isWord(bytes[end])
                else { continue }
                found.append(start..<end)
                index = end
            }
        }
        return found.sorted { $0.lowerBound < $1.lowerBound }
    }

    static func secretAccessKeys(in bytes: [UInt8]) -> [Range<Int>] {
        var found: [Range<Int>] = []
        let secret = Array("secret".utf8)
        var index = 0
        while index + 6 <= bytes.count {
            guard ShapeBytes.lowercase(bytes[index]) == UInt8(ascii: "s"),
                ShapeBytes.matchesIgnoringCase(secret, in: bytes, at: index)
            else {
                index += 1
                continue
            }
            index += 6
            guard var cursor = nameEnd(bytes, from: index) else { continue }
            cursor = separatorEnd(bytes, from: cursor)
            guard cursor > index else { continue }
            let end = cursor + 40
            guard end <= bytes.count, bytes[cursor..<end].allSatisfy(ShapeBytes.isBase64),
                end == bytes.count || !(ShapeBytes.isBase64(bytes[end]) || bytes[end] == UInt8(ascii: "="))
            else { continue }
            found.append(cursor..<end)
            index = end
        }
        return found
    }

    /// After `secret`: `_access_key`, `AccessKey`, `access-key` and the like; the offset after it.
    private static func nameEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        var cursor = start
        func skipJoiner() {
            if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "_") || bytes[cursor] == UInt8(ascii: "-") {
                cursor += 1
            }
        }
        skipJoiner()
        guard ShapeBytes.matchesIgnoringCase(Array("access".utf8), in: bytes, at: cursor) else { return nil }
        cursor += 6
        skipJoiner()
        guard ShapeBytes.matchesIgnoringCase(Array("key".utf8), in: bytes, at: cursor) else { return nil }
        return cursor + 3
    }

    /// Quotes, escapes, spaces and one `=`, `:` or `>` between the name and the value; the offset of
    /// the value, or `start` when there is no separator.
    private static func separatorEnd(_ bytes: [UInt8], from start: Int) -> Int {
        var cursor = start
        func skip(_ allowed: String) {
            while cursor < bytes.count, allowed.utf8.contains(bytes[cursor]) { cursor += 1 }
        }
        skip("\\\"' \t")
        guard cursor < bytes.count, "=:>".utf8.contains(bytes[cursor]) else { return start }
        cursor += 1
        skip("\\\"' \t")
        return cursor
    }
}
