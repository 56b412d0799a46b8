import CassetteCore
import Foundation

extension Cassette {
    /// The URLs of the recorded requests, in cassette order: where `cassette serve` finds the
    /// upstream a cassette was recorded from.
    package var recordedURLs: [String] { replay.recordedURLs }

    /// Sets the command a miss's explanation gives for recording the request
    /// (``ReplayMiss/recordingCommand``, `{mode}` standing for the mode); `nil` for the `swift test` one.
    package func setRecordingCommand(_ command: String?) {
        replay.recordingCommand.withLock { $0 = command }
    }
}
