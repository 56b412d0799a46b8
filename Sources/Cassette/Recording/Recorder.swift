import CassetteCore
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a forwarded request came back with.
enum RecorderResult: Sendable {
    /// The response, its body as the chunks the data delegate got (in order), and the hops.
    case response(HTTPURLResponse, ReceivedChunks, [RedirectHop])
    /// The transport failed after the response's head: what arrived, then the error (a stream cut
    /// mid-way).
    case cut(HTTPURLResponse, ReceivedChunks, [RedirectHop], URLError)
    case failure(URLError)
    /// The response body grew past the limit (after decoding, for a compressed one), and the
    /// request was cancelled there: `bytes` is how much had arrived.
    case tooLarge(bytes: Int)
}

/// A body as the inner session's data delegate got it: one element per `didReceive` call, and the
/// milliseconds before each (the first: after the response's head).
struct ReceivedChunks: Sendable {
    var chunks: [Data] = []
    var gaps: [Double] = []
    var byteCount = 0

    /// The chunks joined.
    var body: Data {
        var joined = Data(capacity: byteCount)
        for chunk in chunks { joined.append(chunk) }
        return joined
    }
}

/// Forwards requests to the real network through one inner `URLSession` and collects each
/// response in full, with the redirect hops the session followed on the way, up to a body size
/// limit: a larger body (a gzip bomb, a video) is cut off as it arrives, never held whole.
final class Recorder: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    /// A task in flight: its hops, response and body so far, and whom to tell.
    private struct Load {
        var hops: [RedirectHop] = []
        var response: HTTPURLResponse?
        var received = ReceivedChunks()
        /// When the head or the last chunk arrived.
        var lastArrival = ContinuousClock.now
        /// How many body bytes had arrived when the body passed the limit.
        var tooLarge: Int?
        let completion: @Sendable (RecorderResult) -> Void
    }

    /// The tasks in flight, by task identifier.
    private let loads = Locked<[Int: Load]>([:])
    private let maxBodyBytes: Int
    // Set once in init, before the recorder is shared.
    private var session: URLSession!

    init(configuration: URLSessionConfiguration, maxBodyBytes: Int) {
        self.maxBodyBytes = maxBodyBytes
        super.init()
        session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
    }

    /// Starts a request on the inner session. Call it off URLSession's own work queue: on Linux
    /// every session shares one queue, and creating a task from inside `startLoading()` deadlocks.
    ///
    /// The body arrives through the session's data delegate (this object), which counts it.
    func start(_ request: URLRequest, completion: @escaping @Sendable (RecorderResult) -> Void) -> URLSessionDataTask {
        let task = session.dataTask(with: request)
        loads.withLock { $0[task.taskIdentifier] = Load(completion: completion) }
        task.resume()
        return task
    }

    /// Lets running tasks finish, then releases the session and, through it, this delegate.
    func invalidate() {
        session.finishTasksAndInvalidate()
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        loads.withLock {
            $0[dataTask.taskIdentifier]?.response = response as? HTTPURLResponse
            $0[dataTask.taskIdentifier]?.lastArrival = .now
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let identifier = dataTask.taskIdentifier
        let cancel = loads.withLock { loads -> Bool in
            // Taken out of the table while it grows, so appending never copies the body so far.
            guard var load = loads.removeValue(forKey: identifier) else { return false }
            defer { loads[identifier] = load }
            guard load.tooLarge == nil else { return false }
            guard load.received.byteCount + data.count <= maxBodyBytes else {
                // Cut off here: what arrived is counted, and dropped.
                load.tooLarge = load.received.byteCount + data.count
                load.received = ReceivedChunks()
                return true
            }
            // Each chunk as it came: a stream is recorded chunk by chunk.
            let now = ContinuousClock.now
            let gap = now - load.lastArrival
            load.lastArrival = now
            load.received.chunks.append(data)
            load.received.gaps.append(
                Double(gap.components.seconds) * 1000 + Double(gap.components.attoseconds) / 1e15)
            load.received.byteCount += data.count
            return false
        }
        if cancel { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let load = loads.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let bytes = load.tooLarge {
            load.completion(.tooLarge(bytes: bytes))
        } else if let error, let response = load.response, !load.received.chunks.isEmpty,
            let urlError = error as? URLError, urlError.code != .cancelled
        {
            load.completion(.cut(response, load.received, load.hops, urlError))
        } else if let error {
            load.completion(
                .failure(error as? URLError ?? URLError(.unknown, userInfo: [NSUnderlyingErrorKey: error])))
        } else if let response = load.response {
            load.completion(.response(response, load.received, load.hops))
        } else {
            load.completion(.failure(URLError(.badServerResponse)))
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        let hop = RedirectHop(
            method: task.currentRequest?.httpMethod ?? "GET",
            url: response.url?.absoluteString ?? task.currentRequest?.url?.absoluteString ?? "",
            status: response.statusCode, headers: URLLoadingBridge.headers(of: response))
        loads.withLock { $0[task.taskIdentifier]?.hops.append(hop) }
        completionHandler(request)
    }
}
