import CassetteProcess
import Foundation

extension CommandRun {
    /// Starts `executable` with its standard output and error going to files, outside any folder the
    /// test inspects (a full pipe would block the child while it is waited for), lets `wait` wait for
    /// it, and returns its status and what it wrote.
    package static func capturing(
        executable: URL, _ arguments: [String], in directory: URL? = nil, environment: [String: String]? = nil,
        standardInput: ChildProcess.Stream = .inherit, wait: (ChildProcess) throws -> ChildProcess.Exit
    ) throws -> CommandRun {
        let outputs = try TemporaryDirectory(prefix: "command-run")
        let output = outputs.file("stdout")
        let errors = outputs.file("stderr")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        let child = try ChildProcess.launch(
            executable: executable, arguments: arguments, directory: directory, environment: environment,
            standardInput: standardInput, standardOutput: .handle(try FileHandle(forWritingTo: output)),
            standardError: .handle(try FileHandle(forWritingTo: errors)))
        let exit = try wait(child)
        return CommandRun(
            status: exit.status, stdout: String(decoding: try Data(contentsOf: output), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errors), as: UTF8.self))
    }
}
