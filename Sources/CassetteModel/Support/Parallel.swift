import Foundation

/// Work spread over every core in contiguous slices, for the tool's passes over a large cassette.
package enum Parallel {
    /// The indices below `count` cut into contiguous slices of at least `minimumSlice` indices
    /// (at most four per core), `body` run on each slice on every core; one slice, on the calling
    /// thread, when `count` is too small for two.
    package static func forEachSlice(_ count: Int, minimumSlice: Int, _ body: @Sendable (Range<Int>) -> Void) {
        let slices = min(count / max(minimumSlice, 1), 4 * ProcessInfo.processInfo.activeProcessorCount)
        guard slices > 1 else {
            body(0..<count)
            return
        }
        DispatchQueue.concurrentPerform(iterations: slices) { slice in
            body((count * slice / slices)..<(count * (slice + 1) / slices))
        }
    }

    /// `body(index)` for every index below `count`, sliced as ``forEachSlice(_:minimumSlice:_:)``,
    /// the results in index order.
    package static func map<Result: Sendable>(
        _ count: Int, minimumSlice: Int, _ body: @Sendable (Int) -> Result
    ) -> [Result] {
        var results = [Result?](repeating: nil, count: count)
        results.withUnsafeMutableBufferPointer { buffer in
            // Each slice writes only its own indices.
            let slots = Slots(buffer: buffer)
            forEachSlice(count, minimumSlice: minimumSlice) { range in
                for index in range { slots.buffer[index] = body(index) }
            }
        }
        return results.map { $0! }
    }

    private struct Slots<Element>: @unchecked Sendable {
        let buffer: UnsafeMutableBufferPointer<Element>
    }
}
