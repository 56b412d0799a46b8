import Foundation

/// Work spread over every core in contiguous slices, for the tool's passes over a large cassette.
package enum Parallel {
    /// `body(index)` for every index below `count`, in slices of at least `minimumSlice` indices run
    /// on every core, the results in index order. Runs on the calling thread when `count` is too
    /// small for two slices.
    package static func map<Result: Sendable>(
        _ count: Int, minimumSlice: Int, _ body: @Sendable (Int) -> Result
    ) -> [Result] {
        let slices = min(count / max(minimumSlice, 1), 4 * ProcessInfo.processInfo.activeProcessorCount)
        guard slices > 1 else { return (0..<count).map(body) }
        var results = [Result?](repeating: nil, count: count)
        results.withUnsafeMutableBufferPointer { buffer in
            // Each slice writes only its own indices.
            let slots = Slots(buffer: buffer)
            DispatchQueue.concurrentPerform(iterations: slices) { slice in
                for index in (count * slice / slices)..<(count * (slice + 1) / slices) {
                    slots.buffer[index] = body(index)
                }
            }
        }
        return results.map { $0! }
    }

    private struct Slots<Element>: @unchecked Sendable {
        let buffer: UnsafeMutableBufferPointer<Element>
    }
}
