import Cassette

/// What became of one request `cassette serve` answered.
enum ServeOutcome: Sendable {
    /// The API's answer went out whole: recorded, or just forwarded.
    case answered
    /// No recorded match: answered 599 with the explanation.
    case missed(ReplayMiss)
    /// The cassette server's own error (a cassette that cannot be opened, the server stopping, a
    /// recorded response that cannot be sent): answered 599 with this text.
    case cassetteError(String)
    /// A transport error, recorded or live, or a stream cut mid-way: the connection was closed.
    case transportError(String)
    /// The client went away before its answer was written.
    case clientGone
}
