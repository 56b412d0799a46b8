extension ScrubEngine {
    /// The segments of a body made of two or more segments end to end, each after its 32-bit
    /// little-endian length (crates.io's publish body: the metadata JSON, then the `.crate`), or
    /// `nil` when the lengths do not cover the body exactly.
    static func lengthFramedSegments(_ bytes: [UInt8]) -> [Range<Int>]? {
        var segments: [Range<Int>] = []
        var index = 0
        while index < bytes.count {
            guard index + 4 <= bytes.count else { return nil }
            let length = bytes[index..<(index + 4)].reversed().reduce(0) { $0 << 8 | Int($1) }
            guard length > 0, index + 4 + length <= bytes.count else { return nil }
            segments.append((index + 4)..<(index + 4 + length))
            index += 4 + length
        }
        return segments.count >= 2 ? segments : nil
    }

    /// A length-framed body with each segment read as a body of its own (text, an archive, binary
    /// data) and framed again around what it became, so a placeholder of another length, or an
    /// archive written back, keeps every length true: `nil` when the body is no such segments,
    /// `.some(nil)` when nothing changed.
    mutating func walkLengthFramedSegments(_ bytes: [UInt8], path: [JSONPathComponent]) -> [UInt8]?? {
        guard bytes.count >= 16, depth < ScrubEngine.maximumDepth - 1,
            let segments = ScrubEngine.lengthFramedSegments(bytes)
        else { return nil }
        depth += 1
        defer { depth -= 1 }
        let saved = fitsLength
        fitsLength = false
        defer { fitsLength = saved }
        var output: [UInt8] = []
        var changed = false
        for (number, segment) in segments.enumerated() {
            places.append("in segment \(number) of the length-framed body")
            defer { places.removeLast() }
            var content = Array(bytes[segment])
            if let rewritten = walkPiece(content, mediaType: nil, path: path) {
                content = rewritten
                changed = true
            }
            output += [0, 8, 16, 24].map { UInt8(truncatingIfNeeded: content.count >> $0) }
            output += content
        }
        return .some(changed ? output : nil)
    }
}
