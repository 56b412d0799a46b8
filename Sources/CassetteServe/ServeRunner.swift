import CassetteCommands
import CassetteCore
import Foundation

#if canImport(Darwin)
    import Darwin
#else
    import Glibc
#endif

/// `cassette serve` as the executable runs it: opens the cassette, listens, prints the
/// `listening on` line, serves until SIGINT or SIGTERM, then stops, finishes the cassettes, prints
/// the summary and returns the exit status.
package enum ServeRunner {
    /// Runs `invocation` in `context` until a signal stops it (the executable's ``CommandContext/serve``).
    package static func run(_ invocation: ServeInvocation, in context: CommandContext) -> ExitStatus {
        let log = ServeLog(console: context.console)
        let server: CassetteServer
        let url: URL
        // Ignored before the server exists: a signal then is handled by the sources below, not by
        // the default action of ending the process with nothing finished.
        let signals = SignalWaiter([SIGINT, SIGTERM])
        do throws(ServeFailure) {
            let settings = try ServeSettings(invocation, environment: context.environment)
            server = try CassetteServer(settings, log: log)
            url = try server.start()
        } catch {
            log.error(error.message)
            return error.status
        }
        log.out("listening on \(url.absoluteString)")
        let received = signals.wait()
        signals.onRepeat {
            log.error(
                "cassette serve: second signal: exiting at once; cassettes not finished yet were left as they were")
            exit(ExitStatus.failure.rawValue)
        }
        log.error("cassette serve: \(received == SIGINT ? "SIGINT" : "SIGTERM"): stopping")
        let report = Locked<ServeReport?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task {
            let stopped = await server.stop()
            report.withLock { $0 = stopped }
            done.signal()
        }
        done.wait()
        let stopped = report.withLock { $0 } ?? ServeReport()
        for line in stopped.summary { log.error(line) }
        return stopped.exitStatus(failOnMiss: invocation.failOnMiss)
    }
}
