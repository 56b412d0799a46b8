/// Finds known secrets in a text in one left-to-right pass: at each position the longest form that
/// starts there, never overlapping a range already taken.
///
/// With few forms, the forms starting with each byte are tried in turn. With many (a cassette with
/// thousands of distinct secrets), an Aho–Corasick automaton over the reversed forms gives, for every
/// position of a text, the longest form starting there in one pass per stretch between taken ranges,
/// so the search stays linear in the text whatever the number of secrets.
struct ScrubLiteralIndex {
    struct Needle {
        var bytes: [UInt8]
        var replacement: String
        var entry: Int
    }

    /// More forms than this use the automaton.
    static let automatonThreshold = 48

    private var needles: [Needle] = []
    private var buckets: [[Int]] = []
    private var automaton: ReversedAutomaton?

    var isEmpty: Bool { needles.isEmpty }

    mutating func add(_ bytes: [UInt8], replacement: String, entry: Int) {
        needles.append(Needle(bytes: bytes, replacement: replacement, entry: entry))
    }

    /// Builds the search structure; call once, after the last `add`.
    mutating func finish() {
        if needles.count > ScrubLiteralIndex.automatonThreshold {
            automaton = ReversedAutomaton(needles.map(\.bytes))
            return
        }
        buckets = Array(repeating: [], count: 256)
        for (index, needle) in needles.enumerated() { buckets[Int(needle.bytes[0])].append(index) }
        for index in buckets.indices where buckets[index].count > 1 {
            buckets[index].sort { needles[$0].bytes.count > needles[$1].bytes.count }
        }
    }

    /// Occurrences in `bytes` that overlap none of `taken` (sorted, disjoint ranges).
    func occurrences(in bytes: [UInt8], avoiding taken: [Range<Int>]) -> [(range: Range<Int>, needle: Needle)] {
        guard !isEmpty else { return [] }
        var found: [(range: Range<Int>, needle: Needle)] = []
        var segmentStart = 0
        for range in taken + [bytes.count..<bytes.count] {
            let segment = segmentStart..<max(segmentStart, min(range.lowerBound, bytes.count))
            if !segment.isEmpty { search(bytes, segment, into: &found) }
            segmentStart = max(segmentStart, range.upperBound)
        }
        return found
    }

    /// Left-to-right, longest first, within `segment`.
    private func search(
        _ bytes: [UInt8], _ segment: Range<Int>, into found: inout [(range: Range<Int>, needle: Needle)]
    ) {
        if let automaton {
            let longest = automaton.longestStarting(in: bytes, segment)
            var position = segment.lowerBound
            while position < segment.upperBound {
                let needle = longest[position - segment.lowerBound]
                if needle >= 0 {
                    let length = needles[needle].bytes.count
                    found.append((position..<(position + length), needles[needle]))
                    position += length
                } else {
                    position += 1
                }
            }
            return
        }
        var position = segment.lowerBound
        while position < segment.upperBound {
            var matched = false
            for index in buckets[Int(bytes[position])] {
                let needle = needles[index]
                if position + needle.bytes.count <= segment.upperBound
                    && ScrubBytes.matches(needle.bytes, in: bytes, at: position)
                {
                    found.append((position..<(position + needle.bytes.count), needle))
                    position += needle.bytes.count
                    matched = true
                    break
                }
            }
            if !matched { position += 1 }
        }
    }
}

/// An Aho–Corasick automaton over reversed needles: scanning a text from right to left, the state at
/// each position names the longest needle that starts there.
///
/// States are kept in flat arrays, children as sibling lists (most states of a trie of random
/// tokens have one child), the root's children in a table by byte.
private struct ReversedAutomaton {
    private var label: [UInt8] = [0]
    private var firstChild: [Int32] = [-1]
    private var nextSibling: [Int32] = [-1]
    private var rootNext = [Int32](repeating: -1, count: 256)
    private var fail: [Int32] = [0]
    /// The longest needle that is a suffix of each state's reversed string, or -1.
    private var output: [Int32] = [-1]

    init(_ needles: [[UInt8]]) {
        for (index, needle) in needles.enumerated() {
            var state = 0
            for byte in needle.reversed() {
                if let child = transition(state, byte) {
                    state = Int(child)
                    continue
                }
                let child = Int32(label.count)
                label.append(byte)
                firstChild.append(-1)
                nextSibling.append(state == 0 ? -1 : firstChild[state])
                fail.append(0)
                output.append(-1)
                if state == 0 { rootNext[Int(byte)] = child } else { firstChild[state] = child }
                state = Int(child)
            }
            if output[state] < 0 { output[state] = Int32(index) }
        }
        // Breadth first: failure links, and each state's output extended by its failure's.
        var queue: [Int32] = rootNext.filter { $0 >= 0 }
        var head = 0
        while head < queue.count {
            let state = Int(queue[head])
            head += 1
            var child = firstChild[state]
            while child >= 0 {
                let byte = label[Int(child)]
                // The root's children fail to the root; deeper states to the longest proper suffix.
                var candidate = Int(fail[state])
                while true {
                    if let next = transition(candidate, byte) {
                        fail[Int(child)] = next
                        break
                    }
                    if candidate == 0 { break }
                    candidate = Int(fail[candidate])
                }
                // A state that ends no needle itself ends the longest one its failure state ends.
                if output[Int(child)] < 0 { output[Int(child)] = output[Int(fail[Int(child)])] }
                queue.append(child)
                child = nextSibling[Int(child)]
            }
        }
    }

    @inline(__always) private func transition(_ state: Int, _ byte: UInt8) -> Int32? {
        if state == 0 {
            let child = rootNext[Int(byte)]
            return child >= 0 ? child : nil
        }
        var child = firstChild[state]
        while child >= 0 {
            if label[Int(child)] == byte { return child }
            child = nextSibling[Int(child)]
        }
        return nil
    }

    /// For each position of `segment`, the needle that is longest among those starting there and
    /// ending inside the segment, or -1.
    func longestStarting(in bytes: [UInt8], _ segment: Range<Int>) -> [Int] {
        var longest = [Int](repeating: -1, count: segment.count)
        var state = 0
        var position = segment.upperBound
        while position > segment.lowerBound {
            position -= 1
            let byte = bytes[position]
            while true {
                if let child = transition(state, byte) {
                    state = Int(child)
                    break
                }
                if state == 0 { break }
                state = Int(fail[state])
            }
            longest[position - segment.lowerBound] = Int(output[state])
        }
        return longest
    }
}
