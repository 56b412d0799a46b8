import CassetteProcess
import Foundation
import Testing

/// Runs this test bundle again as a child process, limited to one test, with extra environment:
/// the way fault tests get a process they can kill or constrain without a separate executable.
///
/// The child tests return at once unless their environment variable is set, so in a normal run
/// they pass without doing anything.
enum ChildRun {
    /// The test bundle's executable (`swift test` runs the `.xctest` binary directly).
    static var executable: URL {
        URL(fileURLWithPath: Bundle.main.executablePath ?? CommandLine.arguments[0])
    }

    /// A started child that runs only the Swift Testing tests matching `filter`, with `environment`
    /// added to this process's; its output is discarded.
    ///
    /// - Parameter output: A file that gets the child's standard output and error; `nil` discards them.
    static func start(filter: String, environment: [String: String], output: URL? = nil) throws -> ChildProcess {
        let destination: ChildProcess.Stream
        if let output {
            _ = FileManager.default.createFile(atPath: output.path, contents: nil)
            destination = .handle(try FileHandle(forWritingTo: output))
        } else {
            destination = .nullDevice
        }
        return try ChildProcess.launch(
            executable: executable, arguments: ["--testing-library", "swift-testing", "--filter", filter],
            environment: ProcessInfo.processInfo.environment.merging(environment) { $1 }, standardOutput: destination,
            standardError: destination)
    }
}
