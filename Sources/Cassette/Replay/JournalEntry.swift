import CassetteCore
import Foundation

extension Cassette {
    /// One request a cassette was asked to answer, in ``Cassette/requests``: its method and URL as
    /// the caller built them, and how it was answered.
    ///
    /// The journal lives in memory only, for a test's assertions; it is never written.
    public struct JournalEntry: Sendable, Equatable {
        /// The request's method.
        public var method: String
        /// The request's URL as the caller built it (not scrubbed: it never leaves the process).
        public var url: String
        /// How the request was answered.
        public var answer: Answer

        /// How a request in the journal was answered.
        public enum Answer: Sendable, Equatable {
            /// From the cassette: the recorded interaction at this position of `interactions`.
            case served(interaction: Int)
            /// Sent to the real server, to be recorded (or compared, in ``Mode/verify``).
            case forwarded
            /// Sent to the network without the cassette: its host is listed in `"passthrough"`.
            case passedThrough
            /// By an injected fault (`FaultRule`), in place of the cassette's answer or on top of it.
            indirect case fault(FaultRule)
            /// Not at all: no recorded answer matched (``Cassette/misses`` says why), or the cassette
            /// refused it.
            case failed
        }
    }
}
