/// Sorted, disjoint byte ranges, asked whether a range overlaps any of them in logarithmic time,
/// so checking every match of a long text against every span stays linear overall.
struct ScrubRanges {
    private(set) var ranges: [Range<Int>] = []

    /// Builds the union of any ranges, in any order.
    init(_ ranges: [Range<Int>]) {
        // Most texts claim nothing; this runs for each of them.
        guard !ranges.isEmpty else { return }
        for range in ranges.filter({ !$0.isEmpty }).sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = self.ranges.last, range.lowerBound < last.upperBound {
                self.ranges[self.ranges.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                self.ranges.append(range)
            }
        }
    }

    /// Whether `range` shares a byte with any of the ranges.
    func overlaps(_ range: Range<Int>) -> Bool {
        // The first range ending after `range` starts is the only candidate.
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound <= range.lowerBound { low = middle + 1 } else { high = middle }
        }
        return low < ranges.count && ranges[low].overlaps(range)
    }
}
