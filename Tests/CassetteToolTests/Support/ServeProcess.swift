import CassetteProcess
import CassetteTestSupport
import Foundation

#if canImport(Darwin)
    import Darwin
#else
    import Glibc
#endif

/// The built `cassette serve` running as a child process: started, its `listening on` line read,
/// stopped with a signal.
final class ServeProcess {
    let process: ChildProcess
    /// `http://127.0.0.1:PORT`, from the first line of standard output.
    let baseURL: URL
    private let errors: URL
    private let outputs: TemporaryDirectory

    /// Starts `cassette serve arguments...` in `directory` and waits for its first line.
    ///
    /// - Throws: When the process ends or says something else first (its standard error in the
    ///   message), or does not listen within 30 seconds.
    init(_ arguments: [String], in directory: URL, environment: [String: String] = [:]) throws {
        var variables = ProcessInfo.processInfo.environment
        for name in ["CASSETTE_USAGE_LEDGER", "CASSETTE_MODE", "CASSETTE_RERECORD", "CI"] {
            variables.removeValue(forKey: name)
        }
        variables.merge(environment) { $1 }
        outputs = try TemporaryDirectory(prefix: "cassette-serve")
        errors = outputs.file("stderr")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        process = try ChildProcess.launch(
            executable: CommandRun.binary, arguments: ["serve"] + arguments, directory: directory,
            environment: variables, standardInput: .nullDevice, standardOutput: .pipe,
            standardError: .handle(try FileHandle(forWritingTo: errors)))
        let line = Self.firstLine(of: process.standardOutput!, within: .seconds(30))
        let prefix = "listening on "
        guard let line, line.hasPrefix(prefix), let url = URL(string: String(line.dropFirst(prefix.count))) else {
            if process.isRunning { process.terminate() }
            let exit = process.waitUntilExit()
            let stderr = String(decoding: (try? Data(contentsOf: errors)) ?? Data(), as: UTF8.self)
            throw ExternalToolError(
                "cassette serve \(arguments.joined(separator: " ")) did not start: first line \(line.debugDescription), "
                    + "exit \(exit.status), stderr:\n\(stderr)")
        }
        baseURL = url
    }

    /// The URL of `pathAndQuery` on the server.
    func url(_ pathAndQuery: String) -> String {
        baseURL.absoluteString + pathAndQuery
    }

    /// What it wrote to standard error so far.
    var stderr: String { String(decoding: (try? Data(contentsOf: errors)) ?? Data(), as: UTF8.self) }

    /// Sends `signal` and waits (at most three minutes: finishing scrubs and writes every cassette,
    /// which a loaded machine running a debug build takes long over) for the process to exit.
    /// The wait sleeps, so it holds none of Swift's cooperative threads.
    func stop(with signal: Int32 = SIGTERM) async throws -> CommandRun {
        process.send(signal)
        let deadline = ContinuousClock.now + .seconds(180)
        while process.isRunning && ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        if process.isRunning {
            process.terminate()
            await process.exited()
            throw ExternalToolError(
                "cassette serve did not exit within three minutes of the signal; stderr:\n\(stderr)")
        }
        return CommandRun(status: await process.exited().status, stdout: "", stderr: stderr)
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    /// The first line `handle` gives, without its newline; `nil` at the end of the stream or after
    /// `timeout`.
    private static func firstLine(of handle: FileHandle, within timeout: Duration) -> String? {
        let descriptor = handle.fileDescriptor
        var bytes: [UInt8] = []
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }
            var byte: UInt8 = 0
            guard read(descriptor, &byte, 1) == 1 else { return nil }
            if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
        return nil
    }
}
