/// One run of the `cassette` tool, in the test process or as the built binary: its exit status and
/// what it wrote to standard output and standard error.
package struct CommandRun: Equatable, Sendable, CustomStringConvertible {
    package var status: Int32
    package var stdout: String
    package var stderr: String

    package init(status: Int32, stdout: String = "", stderr: String = "") {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
    }

    package var description: String { "exit \(status)\nstdout:\n\(stdout)\nstderr:\n\(stderr)" }
}
