import Foundation

extension CommandRun {
    /// Starts `process` with its standard output and error going to files, outside any folder the
    /// test inspects (a full pipe would block the child while it is waited for), lets `wait` wait for
    /// it, and returns its status and what it wrote.
    package static func capturing(_ process: Process, wait: (Process) throws -> Void) throws -> CommandRun {
        let outputs = try TemporaryDirectory(prefix: "command-run")
        let output = outputs.file("stdout")
        let errors = outputs.file("stderr")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        try wait(process)
        return CommandRun(
            status: process.terminationStatus, stdout: String(decoding: try Data(contentsOf: output), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errors), as: UTF8.self))
    }
}
