/// How a miss's fix lines are worded for a tool that records and replays otherwise than through
/// `swift test`: `cassette serve` says to run itself, not `CASSETTE_MODE=... swift test`.
package struct MissAdvice: Sendable, Equatable {
    /// The command that records the request, with `{mode}` where the mode goes.
    package var recordCommand: String
    /// How to serve a request's last answer again past its recordings (`pass --repeat-last`).
    package var repeatLast: String

    package init(recordCommand: String, repeatLast: String) {
        self.recordCommand = recordCommand
        self.repeatLast = repeatLast
    }
}
