/// Decides in one pass over a text which shape detectors may match it, instead of searching the
/// text once for each detector's substrings.
struct ScrubPrefilter: Sendable {
    /// The needles that start with each byte, with the detector each belongs to.
    private let needlesByFirstByte: [[(needle: [UInt8], detector: Int)]]
    /// Whether any needle starts with each byte: most bytes of a text start none.
    private let startsNeedle: [Bool]
    /// Detectors without needles: they always run.
    private let unconditional: [Int]
    private let count: Int

    init(_ detectors: [ScrubDetector]) {
        var table = [[(needle: [UInt8], detector: Int)]](repeating: [], count: 256)
        var unconditional: [Int] = []
        for (index, detector) in detectors.enumerated() {
            if detector.prefilters.isEmpty { unconditional.append(index) }
            for needle in detector.prefilters {
                guard let first = needle.first else {
                    unconditional.append(index)
                    continue
                }
                table[Int(first)].append((needle, index))
            }
        }
        needlesByFirstByte = table
        startsNeedle = table.map { !$0.isEmpty }
        self.unconditional = unconditional
        count = detectors.count
    }

    /// The detectors that may match the text, in ascending order: those with one of their needles
    /// (their `prefilters`) in it, and those without needles, which always run. Most texts hold no
    /// needle at all, and then this allocates nothing.
    func candidates(in bytes: [UInt8]) -> [Int] {
        var found = unconditional
        var position = 0
        while position < bytes.count && found.count < count {
            guard startsNeedle[Int(bytes[position])] else {
                position += 1
                continue
            }
            for entry in needlesByFirstByte[Int(bytes[position])]
            where position + entry.needle.count <= bytes.count && !found.contains(entry.detector)
                && ScrubBytes.matches(entry.needle, in: bytes, at: position)
            {
                found.append(entry.detector)
            }
            position += 1
        }
        return found.count > 1 ? found.sorted() : found
    }
}
