import CassetteCommands
import CassetteCore
import CassetteTestSupport
import Foundation

extension CommandRun {
    /// Runs `cassette arguments...` in this process, in `directory`, with `environment` as the whole
    /// environment, and keeps what it wrote.
    init(inProcess arguments: [String], in directory: URL, environment: [String: String] = [:]) {
        let output = Locked("")
        let errors = Locked("")
        let console = Console(
            output: { text in output.withLock { $0 += text } }, error: { text in errors.withLock { $0 += text } })
        let context = CommandContext(console: console, environment: environment, currentDirectory: directory)
        let status = CassetteCommandLine.run(arguments, in: context)
        self.init(status: status.rawValue, stdout: output.withLock { $0 }, stderr: errors.withLock { $0 })
    }
}

extension ScratchPackage {
    /// Runs `cassette arguments...` in the package folder, in this process.
    func run(_ arguments: String..., environment: [String: String] = [:]) -> CommandRun {
        CommandRun(inProcess: arguments, in: root, environment: environment)
    }
}
