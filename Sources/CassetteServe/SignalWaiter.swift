import CassetteCore
import Foundation

#if canImport(Darwin)
    import Darwin
#else
    import Glibc
#endif

/// Waits for one of some signals, delivered through dispatch sources rather than a signal
/// handler: the signals' default actions are turned off while it lives, and `SIGPIPE` is ignored
/// (a client or a reader of standard error that went away must not end the server).
final class SignalWaiter: Sendable {
    private let sources: [UncheckedSource]
    private let received = Locked<[Int32]>([])
    private let arrived = DispatchSemaphore(value: 0)
    private let repeatHandler = Locked<(@Sendable () -> Void)?>(nil)

    private struct UncheckedSource: @unchecked Sendable {
        let source: any DispatchSourceSignal
    }

    init(_ signals: [Int32]) {
        signal(SIGPIPE, SIG_IGN)
        let queue = DispatchQueue(label: "cassette.serve.signals")
        var sources: [UncheckedSource] = []
        let (received, arrived, repeatHandler) = (self.received, self.arrived, self.repeatHandler)
        for number in signals {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                let count = received.withLock { list in
                    list.append(number)
                    return list.count
                }
                if count == 1 { arrived.signal() } else { repeatHandler.withLock { $0 }?() }
            }
            source.resume()
            sources.append(UncheckedSource(source: source))
        }
        self.sources = sources
    }

    /// Blocks until the first of the signals arrives, and returns it.
    func wait() -> Int32 {
        arrived.wait()
        return received.withLock { $0.first ?? SIGTERM }
    }

    /// Runs `handler` for each signal after the first.
    func onRepeat(_ handler: @escaping @Sendable () -> Void) {
        repeatHandler.withLock { $0 = handler }
    }

    deinit {
        for source in sources { source.source.cancel() }
    }
}
