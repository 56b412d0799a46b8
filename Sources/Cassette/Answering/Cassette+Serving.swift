import CassetteCore
import Foundation

extension Cassette {
    /// The URLs of the recorded requests, in cassette order: where `cassette serve` finds the
    /// upstream a cassette was recorded from.
    package var recordedURLs: [String] { replay.recordedURLs }

    /// Sets how a miss's fix lines are worded (``ReplayMiss/advice``); `nil` for the library's own
    /// words, which name `swift test`.
    package func setMissAdvice(_ advice: MissAdvice?) {
        replay.missAdvice.withLock { $0 = advice }
    }
}
