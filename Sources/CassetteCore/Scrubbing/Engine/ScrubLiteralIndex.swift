/// Finds known secrets in a text in one left-to-right pass, longest form first at each position.
struct ScrubLiteralIndex {
    struct Needle {
        var bytes: [UInt8]
        var replacement: String
        var entry: Int
    }

    private var buckets: [[Needle]] = Array(repeating: [], count: 256)
    private(set) var isEmpty = true

    mutating func add(_ bytes: [UInt8], replacement: String, entry: Int) {
        buckets[Int(bytes[0])].append(Needle(bytes: bytes, replacement: replacement, entry: entry))
        isEmpty = false
    }

    mutating func sort() {
        for index in buckets.indices where buckets[index].count > 1 {
            buckets[index].sort { $0.bytes.count > $1.bytes.count }
        }
    }

    /// Occurrences in `bytes` that overlap none of `taken` (sorted, disjoint ranges).
    func occurrences(in bytes: [UInt8], avoiding taken: [Range<Int>]) -> [(range: Range<Int>, needle: Needle)] {
        guard !isEmpty else { return [] }
        var found: [(range: Range<Int>, needle: Needle)] = []
        var takenIndex = 0
        var position = 0
        while position < bytes.count {
            while takenIndex < taken.count && taken[takenIndex].upperBound <= position { takenIndex += 1 }
            if takenIndex < taken.count && taken[takenIndex].contains(position) {
                position = taken[takenIndex].upperBound
                continue
            }
            let limit = takenIndex < taken.count ? taken[takenIndex].lowerBound : bytes.count
            var matched = false
            for needle in buckets[Int(bytes[position])]
            where position + needle.bytes.count <= limit && ScrubBytes.matches(needle.bytes, in: bytes, at: position) {
                found.append((position..<(position + needle.bytes.count), needle))
                position += needle.bytes.count
                matched = true
                break
            }
            if !matched { position += 1 }
        }
        return found
    }
}
