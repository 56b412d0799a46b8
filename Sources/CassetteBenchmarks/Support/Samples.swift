import Foundation

/// Timings of one benchmark case, in seconds per unit, and their summary.
struct Samples {
    var values: [Double] = []

    mutating func add(_ value: Double) { values.append(value) }

    var median: Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// The smallest and largest sample, for a sense of the noise.
    var range: (Double, Double) { (values.min() ?? .nan, values.max() ?? .nan) }
}
