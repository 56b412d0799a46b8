/// Decides in one pass over a text which shape detectors may match it, instead of searching the
/// text once for each detector's substrings.
///
/// Runs for every string the scrubber reads, so the needles live in flat arrays (one buffer of
/// bytes, one table of entries grouped by first byte) that the scan reads without reference
/// counting.
struct ScrubPrefilter: Sendable {
    /// One needle: where its bytes are in ``needleBytes``, and the detector it belongs to.
    private struct Entry: Sendable {
        let start: Int
        let length: Int
        let detector: Int
    }

    /// Every needle's bytes, one after the other.
    private let needleBytes: [UInt8]
    /// The needles, grouped by first byte: those starting with byte `b` are
    /// `entries[firstEntry[b]..<firstEntry[b + 1]]`.
    private let entries: [Entry]
    private let firstEntry: [Int]
    /// One bit per pair of bytes `(a, b)`: whether a needle starts with `a` then `b` (every `b` for
    /// a needle of one byte). Most positions of a text start no needle, and this says so in one read.
    private let pairs: [UInt64]
    /// Detectors without needles: they always run.
    private let unconditional: [Int]
    private let count: Int

    init(_ detectors: [ScrubDetector]) {
        var byFirstByte = [[(needle: [UInt8], detector: Int)]](repeating: [], count: 256)
        var unconditional: [Int] = []
        for (index, detector) in detectors.enumerated() {
            if detector.prefilters.isEmpty { unconditional.append(index) }
            for needle in detector.prefilters {
                guard let first = needle.first else {
                    unconditional.append(index)
                    continue
                }
                byFirstByte[Int(first)].append((needle, index))
            }
        }
        var pairs = [UInt64](repeating: 0, count: 65_536 / 64)
        var needleBytes: [UInt8] = []
        var entries: [Entry] = []
        var firstEntry: [Int] = []
        for group in byFirstByte {
            firstEntry.append(entries.count)
            for (needle, detector) in group {
                entries.append(Entry(start: needleBytes.count, length: needle.count, detector: detector))
                needleBytes += needle
                for second in needle.count > 1 ? [needle[1]] : Array(0...255) {
                    let key = Int(needle[0]) << 8 | Int(second)
                    pairs[key >> 6] |= 1 << UInt64(key & 63)
                }
            }
        }
        firstEntry.append(entries.count)
        self.needleBytes = needleBytes
        self.entries = entries
        self.firstEntry = firstEntry
        self.pairs = pairs
        self.unconditional = unconditional
        count = detectors.count
    }

    /// The detectors that may match the text, in ascending order: those with one of their needles
    /// (their `prefilters`) in it, and those without needles, which always run. Most texts hold no
    /// needle at all, and then this allocates nothing.
    func candidates(in bytes: [UInt8]) -> [Int] {
        var found = unconditional
        bytes.withUnsafeBufferPointer { text in
            needleBytes.withUnsafeBufferPointer { needles in
                entries.withUnsafeBufferPointer { entries in
                    firstEntry.withUnsafeBufferPointer { firstEntry in
                        pairs.withUnsafeBufferPointer { pairs in
                            var position = 0
                            while position < text.count && found.count < count {
                                let first = Int(text[position])
                                if position + 1 < text.count {
                                    let key = first << 8 | Int(text[position + 1])
                                    if pairs[key >> 6] & (1 << UInt64(key & 63)) == 0 {
                                        position += 1
                                        continue
                                    }
                                }
                                for entry in entries[firstEntry[first]..<firstEntry[first + 1]]
                                where position + entry.length <= text.count {
                                    var offset = 1
                                    while offset < entry.length
                                        && text[position + offset] == needles[entry.start + offset]
                                    {
                                        offset += 1
                                    }
                                    if offset == entry.length && !found.contains(entry.detector) {
                                        found.append(entry.detector)
                                    }
                                }
                                position += 1
                            }
                        }
                    }
                }
            }
        }
        return found.count > 1 ? found.sorted() : found
    }
}
