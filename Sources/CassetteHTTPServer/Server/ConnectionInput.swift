import Foundation

/// Buffered reads from one connection, each bounded by a deadline.
struct ConnectionInput {
    let socket: Int32
    private var storage: [UInt8] = []
    /// The first byte of `storage` not consumed yet.
    private var start = 0
    private var scratch = [UInt8](repeating: 0, count: 65536)

    /// Why a read ended without its bytes.
    enum Failure: Error {
        /// The client closed its side (or the connection was cut).
        case closed
        case timedOut
        /// The server is stopping (only when waiting for a new request).
        case woken
        /// No line end within the limit.
        case tooLong
    }

    init(socket: Int32) {
        self.socket = socket
    }

    /// Bytes received and not consumed yet (a pipelined request).
    var hasBufferedBytes: Bool { start < storage.count }

    /// Waits for the first byte of the next request, until `deadline`; `wake` ends the wait early.
    mutating func awaitRequest(until deadline: ContinuousClock.Instant, wake: Int32) throws(Failure) {
        if hasBufferedBytes { return }
        try fill(until: deadline, wake: wake)
    }

    /// The next line without its line end (CRLF, or a bare LF as RFC 9112 2.2 allows), at most `limit`
    /// bytes long.
    mutating func line(limit: Int, until deadline: ContinuousClock.Instant) throws(Failure) -> ArraySlice<UInt8> {
        var scanned = 0  // bytes after `start` known to hold no LF; `fill` may move `start`
        while true {
            if let newline = storage[(start + scanned)...].firstIndex(of: ASCII.lf) {
                var end = newline
                if end > start && storage[end - 1] == ASCII.cr { end -= 1 }
                guard end - start <= limit else { throw .tooLong }
                let line = storage[start..<end]
                start = newline + 1
                return line
            }
            scanned = storage.count - start
            if scanned > limit + 1 { throw .tooLong }
            try fill(until: deadline, wake: nil)
        }
    }

    /// Exactly `count` bytes appended to `data`.
    mutating func read(_ count: Int, into data: inout Data, until deadline: ContinuousClock.Instant) throws(Failure) {
        var needed = count
        while needed > 0 {
            if !hasBufferedBytes { try fill(until: deadline, wake: nil) }
            let take = min(needed, storage.count - start)
            data.append(contentsOf: storage[start..<(start + take)])
            start += take
            needed -= take
        }
    }

    /// Reads and drops what the client still sends, for up to `duration` or `limit` bytes, so that closing
    /// the socket after an error answer does not reset the connection before the client read it.
    mutating func drain(for duration: Duration, limit: Int) {
        let deadline = ContinuousClock.now + duration
        var dropped = 0
        while dropped < limit {
            start = storage.count
            guard (try? fill(until: deadline, wake: nil)) != nil else { return }
            dropped += storage.count - start
        }
    }

    private mutating func fill(until deadline: ContinuousClock.Instant, wake: Int32?) throws(Failure) {
        if start == storage.count {
            storage.removeAll(keepingCapacity: true)
            start = 0
        } else if start > 65536 && start > storage.count / 2 {
            storage.removeFirst(start)
            start = 0
        }
        while true {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { throw .timedOut }
            let (seconds, attoseconds) = left.components
            let milliseconds = Int32(clamping: min(seconds, 86_400) * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
            switch Socket.wait(socket, orWake: wake, milliseconds: milliseconds) {
            case .timedOut: continue
            case .woken: throw .woken
            case .readable: break
            }
            let count = scratch.withUnsafeMutableBytes { Socket.receive(socket, into: $0) }
            guard count > 0 else { throw .closed }
            storage.append(contentsOf: scratch[..<count])
            return
        }
    }
}
