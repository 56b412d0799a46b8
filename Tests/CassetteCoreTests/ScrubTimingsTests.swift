import CassetteTestSupport
import Foundation
import Testing

/// Prints scrubbing figures; runs only when asked, and asserts nothing about time:
///
///     CASSETTE_TIMINGS=1 swift test -c release --filter ScrubTimings
@Suite(.enabled(if: ProcessInfo.processInfo.environment["CASSETTE_TIMINGS"] == "1"), .serialized)
struct ScrubTimingsTests {
    @Test func printHostileInputFigures() {
        let sizes = (ProcessInfo.processInfo.environment["CASSETTE_TIMINGS_SIZES"] ?? "16384,65536,262144")
            .split(separator: ",").compactMap { Int($0) }
        var previous: Double?
        for (index, result) in ScrubTimings.hostile(sizes: sizes).enumerated() {
            if index % sizes.count == 0 { previous = nil }
            let growth = previous.map { String(format: "  (%.1fx)", result.seconds / max($0, 1e-9)) } ?? ""
            let name = result.shape.padding(toLength: 40, withPad: " ", startingAt: 0)
            print(name + String(format: "%9d bytes  %9.4f s", result.size, result.seconds) + growth)
            previous = result.seconds
        }
    }

    @Test func printMaskingFigures() {
        let (plain, bearer) = ScrubTimings.masking(iterations: 20_000)
        print(String(format: "masking: no secret %.2f µs, bearer token %.2f µs per request", plain, bearer))
    }
}
