import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a URLSession data delegate saw of one task: each `didReceive` call's bytes in order, the
/// response, and the error the task completed with.
package struct StreamedFetch: Sendable {
    package var response: HTTPURLResponse?
    /// One element per `urlSession(_:dataTask:didReceive:)` call.
    package var chunks: [Data] = []
    package var error: URLError?
    /// Seconds from the task's resume to each `didReceive` call.
    package var arrivals: [Double] = []

    /// The chunks joined.
    package var body: Data { chunks.reduce(into: Data()) { $0 += $1 } }

    /// Runs `request` on a new session (`configuration`, URLProtocol classes included) whose delegate
    /// records every callback, and returns when the task completes.
    package static func fetch(
        _ request: URLRequest, configuration: URLSessionConfiguration = .ephemeral
    ) async -> StreamedFetch {
        let recorder = Recorder()
        let session = URLSession(configuration: configuration, delegate: recorder, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        return await withCheckedContinuation { continuation in
            recorder.begin(continuation)
            session.dataTask(with: request).resume()
        }
    }

    /// Fetches `url` with a GET.
    package static func fetch(_ url: URL) async -> StreamedFetch {
        await fetch(URLRequest(url: url))
    }

    private final class Recorder: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        private let lock = NSLock()
        private var fetch = StreamedFetch()  // guarded by `lock`
        private var continuation: CheckedContinuation<StreamedFetch, Never>?  // guarded by `lock`
        private var started = ContinuousClock.now  // guarded by `lock`

        func begin(_ continuation: CheckedContinuation<StreamedFetch, Never>) {
            lock.withLock {
                self.continuation = continuation
                started = .now
            }
        }

        func urlSession(
            _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
            completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
        ) {
            lock.withLock { fetch.response = response as? HTTPURLResponse }
            completionHandler(.allow)
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            lock.withLock {
                fetch.chunks.append(data)
                let elapsed = ContinuousClock.now - started
                fetch.arrivals.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
            }
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            let (result, continuation) = lock.withLock {
                if let error { fetch.error = (error as? URLError) ?? URLError(.unknown) }
                defer { self.continuation = nil }
                return (fetch, self.continuation)
            }
            continuation?.resume(returning: result)
        }
    }
}
