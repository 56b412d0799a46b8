import CassetteCore
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

    /// Runs `request` on the session `makeSession` creates with the given delegate (which records
    /// every callback; a cassette's `session(configuration:delegate:)`, say), and returns when the
    /// task completes.
    package static func fetch(
        _ request: URLRequest, makeSession: (any URLSessionDataDelegate) -> URLSession
    ) async -> StreamedFetch {
        let recorder = Recorder()
        let session = makeSession(recorder)
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

    private final class Recorder: NSObject, URLSessionDataDelegate, Sendable {
        private struct Progress {
            var fetch = StreamedFetch()
            var continuation: CheckedContinuation<StreamedFetch, Never>?
            var started = ContinuousClock.now
        }

        private let progress = Locked(Progress())

        func begin(_ continuation: CheckedContinuation<StreamedFetch, Never>) {
            progress.withLock {
                $0.continuation = continuation
                $0.started = .now
            }
        }

        func urlSession(
            _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
            completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
        ) {
            progress.withLock { $0.fetch.response = response as? HTTPURLResponse }
            completionHandler(.allow)
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            progress.withLock {
                $0.fetch.chunks.append(data)
                let elapsed = ContinuousClock.now - $0.started
                $0.fetch.arrivals.append(
                    Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
            }
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            let (result, continuation) = progress.withLock { progress in
                if let error { progress.fetch.error = (error as? URLError) ?? URLError(.unknown) }
                defer { progress.continuation = nil }
                return (progress.fetch, progress.continuation)
            }
            continuation?.resume(returning: result)
        }
    }
}
