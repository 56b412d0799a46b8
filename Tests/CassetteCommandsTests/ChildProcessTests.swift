import CassetteProcess
import CassetteTestSupport
import Foundation
import Testing

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// `ChildProcess`, what every child process of the package (git for install-hook, the tools and
/// binaries the tests run) is started with: descriptors, working directory, environment, exit status.
@Suite struct ChildProcessTests {
    static let shell = URL(fileURLWithPath: "/bin/sh")

    /// Runs `sh -c script` with its standard output on a pipe; returns how it ended and what it wrote.
    static func shell(
        _ script: String, directory: URL? = nil, environment: [String: String]? = nil
    ) throws -> (ChildProcess.Exit, String) {
        let child = try ChildProcess.launch(
            executable: shell, arguments: ["-c", script], directory: directory, environment: environment,
            standardInput: .nullDevice, standardOutput: .pipe)
        let output = child.standardOutput!.readDataToEndOfFile()
        return (child.waitUntilExit(), String(decoding: output, as: UTF8.self))
    }

    /// A pipe and a file this process holds open, neither close-on-exec, do not reach the child:
    /// `ls` lists 0, 1, 2 and the descriptor it reads the folder with (3, the lowest free one).
    @Test func descriptorsOtherThanTheStandardThreeAreClosedInTheChild() throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer { for end in ends { close(end) } }
        let directory = try TemporaryDirectory()
        let file = open(directory.file("held").path, O_CREAT | O_WRONLY, 0o600)
        try #require(file >= 0)
        defer { close(file) }
        for descriptor in ends + [file] {
            #expect(fcntl(descriptor, F_GETFD) & FD_CLOEXEC == 0, "descriptor \(descriptor) is close-on-exec")
        }
        let child = try ChildProcess.launch(
            executable: URL(fileURLWithPath: "/bin/ls"), arguments: ["/dev/fd/"], standardInput: .nullDevice,
            standardOutput: .pipe)
        let listing = String(decoding: child.standardOutput!.readDataToEndOfFile(), as: UTF8.self)
        #expect(child.waitUntilExit() == ChildProcess.Exit(status: 0, signalled: false))
        let descriptors = listing.split(whereSeparator: \.isNewline).map(String.init)
        #expect(
            descriptors == ["0", "1", "2", "3"], "the child had \(descriptors); this process holds \(ends + [file])")
    }

    #if os(Linux)
        /// The child does not inherit the launching thread's signal mask (Swift's and libdispatch's
        /// threads block nearly every signal) or this process's ignored signals.
        @Test func theChildStartsWithNoSignalBlockedOrIgnored() throws {
            let previous = signal(SIGPIPE, SIG_IGN)
            defer { signal(SIGPIPE, previous) }
            let child = try ChildProcess.launch(
                executable: URL(fileURLWithPath: "/bin/grep"), arguments: ["^Sig[BI]", "/proc/self/status"],
                standardInput: .nullDevice, standardOutput: .pipe)
            let status = String(decoding: child.standardOutput!.readDataToEndOfFile(), as: UTF8.self)
            #expect(child.waitUntilExit().status == 0)
            var masks: [String: UInt64] = [:]
            for line in status.split(separator: "\n") {
                let parts = line.split(separator: ":")
                masks[String(parts[0])] = UInt64(parts[1].trimmingCharacters(in: .whitespaces), radix: 16)
            }
            #expect(masks["SigBlk"] == 0, "\(status)")
            // Signals 1 to 31; glibc's posix_spawn leaves its own two (32 and 33, for thread
            // cancellation and set*id) ignored in the child.
            #expect(masks["SigIgn"].map { $0 & 0x7fff_ffff } == 0, "\(status)")
        }
    #endif

    @Test func theExitCodeComesBack() throws {
        let (exit, _) = try Self.shell("exit 3")
        #expect(exit == ChildProcess.Exit(status: 3, signalled: false))
        #expect(try Self.shell("true").0 == ChildProcess.Exit(status: 0, signalled: false))
    }

    @Test func aSignalThatEndsTheChildComesBackAsItsNumber() throws {
        let (exit, _) = try Self.shell("kill -KILL $$")
        #expect(exit == ChildProcess.Exit(status: SIGKILL, signalled: true))
    }

    @Test func terminateSendsSIGTERMAndTheChildStopsRunning() throws {
        let child = try ChildProcess.launch(
            executable: Self.shell, arguments: ["-c", "exec sleep 60"], standardInput: .nullDevice)
        #expect(child.isRunning)
        child.terminate()
        #expect(child.waitUntilExit() == ChildProcess.Exit(status: SIGTERM, signalled: true))
        #expect(!child.isRunning)
        // Once reaped, signals go nowhere (the pid may be another process's by then).
        child.send(SIGKILL)
        #expect(child.waitUntilExit() == ChildProcess.Exit(status: SIGTERM, signalled: true))
    }

    @Test func waitingFromSeveralThreadsGivesEachTheOneStatus() async throws {
        let child = try ChildProcess.launch(
            executable: Self.shell, arguments: ["-c", "sleep 0.2; exit 7"], standardInput: .nullDevice)
        let exits = await withTaskGroup(of: ChildProcess.Exit.self) { group in
            for _ in 0..<4 {
                group.addTask { await child.exited() }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(exits == Array(repeating: ChildProcess.Exit(status: 7, signalled: false), count: 4))
    }

    @Test func theChildRunsInTheDirectoryAndEnvironmentItIsGiven() throws {
        let directory = try TemporaryDirectory()
        let (exit, output) = try Self.shell(
            "pwd -P; echo \"$ONLY\"; env | wc -l", directory: directory.url,
            environment: ["ONLY": "this", "PATH": "/usr/bin:/bin"])
        #expect(exit.status == 0)
        let lines = output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.first == directory.url.resolvingSymlinksInPath().path)
        #expect(lines.dropFirst().first == "this")
        // sh adds a few of its own (PWD, maybe SHLVL and _), never this process's dozens.
        #expect(Int(lines.last ?? "") ?? 99 < 6, "\(output)")
    }

    @Test func withoutAnEnvironmentTheChildGetsThisProcesssOne() throws {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let (exit, output) = try Self.shell("printf %s \"$PATH\"")
        #expect(exit.status == 0)
        #expect(output == path)
    }

    @Test func standardOutputAndErrorCanShareAFileAndStandardErrorCanBeAPipe() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("both")
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        let handle = try FileHandle(forWritingTo: url)
        let child = try ChildProcess.launch(
            executable: Self.shell, arguments: ["-c", "echo out; echo err >&2"], standardOutput: .handle(handle),
            standardError: .handle(handle))
        #expect(child.waitUntilExit().status == 0)
        try handle.close()
        #expect(try String(contentsOf: url, encoding: .utf8) == "out\nerr\n")

        let piped = try ChildProcess.launch(
            executable: Self.shell, arguments: ["-c", "echo err >&2; echo out"], standardOutput: .nullDevice,
            standardError: .pipe)
        #expect(String(decoding: piped.standardError!.readDataToEndOfFile(), as: UTF8.self) == "err\n")
        #expect(piped.waitUntilExit().status == 0)
    }

    @Test func standardInputCanBeAPipe() throws {
        let child = try ChildProcess.launch(
            executable: URL(fileURLWithPath: "/bin/cat"), standardInput: .pipe, standardOutput: .pipe)
        try child.standardInput!.write(contentsOf: Data("through cat\n".utf8))
        try child.standardInput!.close()
        #expect(String(decoding: child.standardOutput!.readDataToEndOfFile(), as: UTF8.self) == "through cat\n")
        #expect(child.waitUntilExit().status == 0)
    }

    @Test func aProgramThatCannotStartIsAnErrorNotAChild() throws {
        let missing = "/nonexistent/cassette-no-such-program"
        #expect {
            try ChildProcess.launch(executable: URL(fileURLWithPath: missing))
        } throws: { error in
            (error as? ChildProcessError)?.code == ENOENT
                && "\(error)" == "cannot run \(missing): \(String(cString: strerror(ENOENT)))"
        }
        #expect {
            try ChildProcess.launch(
                executable: Self.shell, arguments: ["-c", "true"],
                directory: URL(fileURLWithPath: "/nonexistent/cassette-no-such-folder"))
        } throws: { error in
            (error as? ChildProcessError)?.code == ENOENT
        }
    }
}
