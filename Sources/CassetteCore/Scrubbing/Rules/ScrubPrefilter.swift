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

    /// For each detector, whether the text holds one of its needles (its `prefilters`), or it has
    /// none and always runs.
    func candidates(in bytes: [UInt8]) -> [Bool] {
        var possible = [Bool](repeating: false, count: count)
        var remaining = count
        for index in unconditional where !possible[index] {
            possible[index] = true
            remaining -= 1
        }
        var position = 0
        while position < bytes.count && remaining > 0 {
            guard startsNeedle[Int(bytes[position])] else {
                position += 1
                continue
            }
            for entry in needlesByFirstByte[Int(bytes[position])] where !possible[entry.detector] {
                if position + entry.needle.count <= bytes.count
                    && ScrubBytes.matches(entry.needle, in: bytes, at: position)
                {
                    possible[entry.detector] = true
                    remaining -= 1
                }
            }
            position += 1
        }
        return possible
    }
}
