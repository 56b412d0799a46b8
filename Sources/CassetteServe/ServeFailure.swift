import CassetteCommands

/// Why `cassette serve` cannot start, or cannot open a cassette a request asked for: the message
/// to print (compiler style, with the command that fixes it) and the exit status.
package struct ServeFailure: Error, Sendable, Equatable, CustomStringConvertible {
    package var message: String
    package var status: ExitStatus

    package init(_ message: String, status: ExitStatus = .failure) {
        self.message = message
        self.status = status
    }

    package var description: String { message }
}
