import Foundation

/// What a command runs in: the console it writes to, the environment it reads, and the directory
/// relative paths start from. `main.swift` passes the process's; tests pass their own, so commands
/// run in parallel in one test process.
package struct CommandContext: Sendable {
    package var console: Console
    package var environment: [String: String]
    /// The directory relative paths on the command line are resolved against.
    package var currentDirectory: URL
    /// Runs `cassette serve`: the executable sets it from the `CassetteServe` target, which needs
    /// URLSession and the HTTP server; `nil` (in-process tests of the other commands, the fuzzers)
    /// makes `serve` say it is not available.
    package var serve: (@Sendable (ServeInvocation, CommandContext) -> ExitStatus)?

    package init(console: Console, environment: [String: String], currentDirectory: URL) {
        self.console = console
        self.environment = environment
        // A directory URL (trailing slash), so relative paths resolve inside it.
        self.currentDirectory = URL(fileURLWithPath: currentDirectory.path, isDirectory: true)
    }

    /// The running process's standard output and error, environment and working directory.
    package static var process: CommandContext {
        CommandContext(
            console: .standard, environment: ProcessInfo.processInfo.environment,
            currentDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true))
    }

    /// The file URL of `path` as given on the command line: absolute paths as they are, relative
    /// ones from ``currentDirectory``.
    package func url(forPath path: String, isDirectory: Bool = false) -> URL {
        URL(fileURLWithPath: path, isDirectory: isDirectory, relativeTo: currentDirectory).absoluteURL
    }

    /// `path` as messages print it: relative to ``currentDirectory`` when it lies inside it, as it is
    /// otherwise.
    package func displayPath(_ path: String) -> String {
        let base = currentDirectory.standardizedFileURL.path
        let prefix = base.hasSuffix("/") ? base : base + "/"
        let standardized = URL(fileURLWithPath: path).standardizedFileURL.path
        return standardized.hasPrefix(prefix) ? String(standardized.dropFirst(prefix.count)) : path
    }
}
