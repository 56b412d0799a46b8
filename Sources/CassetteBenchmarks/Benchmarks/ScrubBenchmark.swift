import CassetteCore
import CassetteTestSupport
import Foundation

/// Scrubbing hostile inputs (``HostileInputs/hostileShapes``) at sizes 4× apart: a scrubber that is
/// linear in its input takes about 4× longer per step, one that rescans takes 16× or more.
struct ScrubBenchmark {
    let sizes: [Int]
    let rounds: Int

    func run() {
        print("== Scrub: Scrubber.default.scrub(_:) of one text body, hostile shapes at sizes 4x apart")
        print("   median of \(rounds) rounds per size; growth is the time's factor from the size before")
        var worst = 0.0
        for shape in HostileInputs.hostileShapes {
            var previous: Double?
            for size in sizes {
                let document = HostileInputs.document(shape, size: size)
                var samples = Samples()
                for _ in 0..<rounds {
                    samples.add(seconds { _ = Scrubber.default.scrub(document) })
                }
                let bytes = document.interactions[0].response?.body?.count ?? 0
                let growth = previous.map { samples.median / max($0, 1e-9) }
                if let growth { worst = max(worst, growth) }
                let name = shape.name.padding(toLength: 38, withPad: " ", startingAt: 0)
                print(
                    "   \(name) \(String(format: "%8d", bytes)) bytes  \(millis(samples.median))"
                        + (growth.map { "   \(ratio($0))" } ?? ""))
                previous = samples.median
            }
        }
        print("   largest growth for 4x the input: \(ratio(worst))   " + verdict(worst, atMost: 6))
        print("")
    }
}
