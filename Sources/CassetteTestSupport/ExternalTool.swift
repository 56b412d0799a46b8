import CassetteProcess
import Foundation

/// Clients not written in Swift (curl, python3), found on `PATH` and run to completion.
package enum ExternalTool {
    /// Runs `name` with `arguments`; a tool that is not installed is an error that says how to install it,
    /// never a skipped test.
    ///
    /// The wait happens on a thread of its own, not on one of Swift's cooperative threads: a test that
    /// blocked one while the tool talks to a server answering through async code in this process
    /// (`cassette serve` in the test process, an async handler) would starve that server on a
    /// machine with few cores, where the pool has as many threads as cores.
    package static func run(_ name: String, _ arguments: [String], timeout: Duration = .seconds(60)) async throws
        -> CommandRun
    {
        try await OffPool.run { try runWaiting(name, arguments, timeout: timeout) }
    }

    private static func runWaiting(_ name: String, _ arguments: [String], timeout: Duration) throws -> CommandRun {
        guard let executable = find(name) else {
            throw ExternalToolError(
                "\(name) is not on PATH; these tests drive the server with it: install it (apt-get install -y \(name == "python3" ? "python3" : name))"
            )
        }
        return try CommandRun.capturing(executable: executable, arguments, standardInput: .nullDevice) { child in
            let deadline = ContinuousClock.now + timeout
            while child.isRunning && ContinuousClock.now < deadline { usleep(10_000) }
            if child.isRunning {
                child.terminate()
                child.waitUntilExit()
                throw ExternalToolError("\(name) \(arguments.joined(separator: " ")) did not finish within \(timeout)")
            }
            return child.waitUntilExit()
        }
    }

    private static func find(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").lazy.map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}

package struct ExternalToolError: Error, CustomStringConvertible {
    package let description: String

    package init(_ description: String) {
        self.description = description
    }
}
