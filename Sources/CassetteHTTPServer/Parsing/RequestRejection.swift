/// A request the server refuses: the status it answers with and the sentence the client reads in the
/// body (what was wrong, and the rule it broke). The connection is closed after the answer.
struct RequestRejection: Error, Equatable {
    let status: Int
    let message: String

    init(_ status: Int, _ message: String) {
        self.status = status
        self.message = message
    }

    static func badRequest(_ message: String) -> Self { Self(400, message) }
}
