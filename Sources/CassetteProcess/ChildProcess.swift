import CassetteSpawn
import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A child process started with `posix_spawn` (`cassette_spawn`), in place of Foundation's
/// `Process`: on Linux, `Process.run()` lists `/proc/self/fd` on every launch in a way that reads
/// past glibc's buffer and now and then crashes the process that calls it (fixed upstream in
/// swift-corelibs-foundation PR #5472). Like `Process`, the child gets a process group of its own;
/// unlike it, no descriptor but 0, 1 and 2 reaches the child on any platform.
///
/// Safe to use from several threads: the child is reaped once, by whichever call sees it end first,
/// and the others read the status it left.
package final class ChildProcess: @unchecked Sendable {
    /// Where one of the child's standard descriptors goes.
    package enum Stream {
        /// This process's own descriptor (what `Process` does when nothing is set).
        case inherit
        /// `/dev/null`.
        case nullDevice
        /// An open file or descriptor of the caller's; the caller keeps it and closes it.
        case handle(FileHandle)
        /// A new pipe whose other end is `standardInput`, `standardOutput` or `standardError`.
        case pipe
    }

    /// How the child ended, as `Process` reported it.
    package struct Exit: Equatable, Sendable, CustomStringConvertible {
        /// The exit code, or the number of the signal that ended the process
        /// (`Process.terminationStatus`).
        package var status: Int32
        /// Whether a signal ended it (`Process.terminationReason == .uncaughtSignal`).
        package var signalled: Bool

        package init(status: Int32, signalled: Bool) {
            self.status = status
            self.signalled = signalled
        }

        package var description: String { signalled ? "signal \(status)" : "exit \(status)" }
    }

    package let processIdentifier: pid_t
    /// The write end of the child's standard input when it is `.pipe`.
    package let standardInput: FileHandle?
    /// The read end of the child's standard output when it is `.pipe`.
    package let standardOutput: FileHandle?
    /// The read end of the child's standard error when it is `.pipe`.
    package let standardError: FileHandle?

    private let lock = NSLock()
    /// Set, under `lock`, by the call that reaped the child.
    private var exit: Exit?

    private init(
        processIdentifier: pid_t, standardInput: FileHandle?, standardOutput: FileHandle?, standardError: FileHandle?
    ) {
        self.processIdentifier = processIdentifier
        self.standardInput = standardInput
        self.standardOutput = standardOutput
        self.standardError = standardError
    }

    /// Starts `executable` (a path; no `PATH` search: run `/usr/bin/env` with the name first for
    /// that) with `arguments`, in `directory` (`nil`: this process's), with `environment` (`nil`:
    /// this process's).
    ///
    /// - Throws: `ChildProcessError` when the program cannot be started (missing, not executable,
    ///   a missing directory); then no process runs.
    package static func launch(
        executable: URL, arguments: [String] = [], directory: URL? = nil, environment: [String: String]? = nil,
        standardInput: Stream = .inherit, standardOutput: Stream = .inherit, standardError: Stream = .inherit
    ) throws(ChildProcessError) -> ChildProcess {
        let path = executable.path
        var opened: [Int32] = []  // Closed once the child has its copies.
        var kept: [FileHandle?] = [nil, nil, nil]  // The parent's ends of pipes.
        var descriptors: [Int32] = [0, 1, 2]
        defer { for descriptor in opened { close(descriptor) } }
        func fail(_ code: Int32, _ step: String? = nil) -> ChildProcessError {
            ChildProcessError(path: path, code: code, step: step)
        }
        for (target, stream) in [standardInput, standardOutput, standardError].enumerated() {
            switch stream {
            case .inherit:
                descriptors[target] = Int32(target)
            case .nullDevice:
                let descriptor = open("/dev/null", O_RDWR | O_CLOEXEC)
                guard descriptor >= 0 else { throw fail(errno, "open /dev/null") }
                opened.append(descriptor)
                descriptors[target] = descriptor
            case .handle(let handle):
                descriptors[target] = handle.fileDescriptor
            case .pipe:
                var ends: [Int32] = [-1, -1]
                guard pipe(&ends) == 0 else { throw fail(errno, "create a pipe") }
                _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
                _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
                // The child reads standard input and writes the other two.
                let (child, parent) = target == 0 ? (ends[0], ends[1]) : (ends[1], ends[0])
                opened.append(child)
                kept[target] = FileHandle(fileDescriptor: parent, closeOnDealloc: true)
                descriptors[target] = child
            }
        }
        var argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var envp: [UnsafeMutablePointer<CChar>?]? = environment.map { variables in
            variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        }
        defer { for pointer in envp ?? [] { free(pointer) } }
        var pid: pid_t = 0
        let result = argv.withUnsafeMutableBufferPointer { argv in
            func spawn(_ envp: UnsafePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
                if let directory {
                    return cassette_spawn(
                        path, argv.baseAddress!, envp, directory.path, descriptors[0], descriptors[1],
                        descriptors[2], &pid)
                }
                return cassette_spawn(
                    path, argv.baseAddress!, envp, nil, descriptors[0], descriptors[1], descriptors[2], &pid)
            }
            if envp == nil { return spawn(nil) }
            return envp!.withUnsafeMutableBufferPointer { spawn($0.baseAddress!) }
        }
        guard result == 0 else { throw fail(result) }
        return ChildProcess(
            processIdentifier: pid, standardInput: kept[0], standardOutput: kept[1], standardError: kept[2])
    }

    /// Whether the child has not ended yet (reaping it if it has).
    package var isRunning: Bool { reap() == nil }

    /// Waits for the child to end and returns how it did.
    @discardableResult
    package func waitUntilExit() -> Exit {
        while true {
            if let exit = reap() { return exit }
            // Wait for it to end without reaping it, so that reaping and recording the status stay
            // one step under the lock (`reap`).
            var info = siginfo_t()
            if waitid(P_PID, id_t(processIdentifier), &info, WEXITED | WNOWAIT) != 0 && errno != EINTR {
                // Reaped by another thread meanwhile: `reap` has its status. Never a busy loop.
                usleep(1_000)
            }
        }
    }

    /// Waits for the child to end on a thread of its own and returns how it did.
    ///
    /// Use this from async code: ``waitUntilExit()`` there would hold one of Swift's cooperative
    /// threads, and a machine with two cores has two, so a few waits stall every other task in the
    /// process (a test suite's other tests, a server answering through async code) until the children end.
    @discardableResult
    package func exited() async -> Exit {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: self.waitUntilExit()) }.start()
        }
    }

    /// Sends `signal` to the child unless it has been reaped (its pid may then be another process's).
    package func send(_ signal: Int32) {
        lock.lock()
        defer { lock.unlock() }
        if exit == nil { kill(processIdentifier, signal) }
    }

    /// Sends SIGTERM, as `Process.terminate()` does.
    package func terminate() {
        send(SIGTERM)
    }

    /// The recorded status, or the child's if it has ended (reaping it then); `nil` while it runs.
    private func reap() -> Exit? {
        lock.lock()
        defer { lock.unlock() }
        if let exit { return exit }
        var status: Int32 = 0
        var result: pid_t
        repeat {
            result = waitpid(processIdentifier, &status, WNOHANG)
        } while result < 0 && errno == EINTR
        if result < 0 && errno == ECHILD {
            // Reaped by someone else in this process, without this object: no status is left to read.
            exit = Exit(status: -1, signalled: false)
            return exit
        }
        guard result == processIdentifier else { return nil }
        var signalled: Int32 = 0
        let code = cassette_wait_status(status, &signalled)
        exit = Exit(status: code, signalled: signalled != 0)
        return exit
    }
}

/// A child process that could not be started.
package struct ChildProcessError: Error, CustomStringConvertible {
    /// The program.
    package let path: String
    /// The errno value.
    package let code: Int32
    /// What failed before the launch (opening `/dev/null`, creating a pipe); `nil` for the launch.
    package let step: String?

    package var description: String {
        "cannot run \(path): " + (step.map { "cannot \($0): " } ?? "") + String(cString: strerror(code))
    }
}
