import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a forwarded request came back with.
enum RecorderResult: Sendable {
    case response(HTTPURLResponse, Data, [RedirectHop])
    case failure(URLError)
}

/// Forwards requests to the real network through one inner `URLSession` and collects each
/// response in full, with the redirect hops the session followed on the way.
final class Recorder: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private struct Pending {
        var hops: [RedirectHop] = []
        var response: HTTPURLResponse?
        var data = Data()
        let completion: @Sendable (RecorderResult) -> Void
    }

    private let pending = Locked<[Int: Pending]>([:])
    // Set once in init, before the recorder is shared.
    private var session: URLSession!

    init(configuration: URLSessionConfiguration) {
        super.init()
        session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
    }

    /// Starts a request on the inner session. Call it off URLSession's own work queue: on Linux
    /// every session shares one queue, and creating a task from inside `startLoading()` deadlocks.
    func start(_ request: URLRequest, completion: @escaping @Sendable (RecorderResult) -> Void) -> URLSessionDataTask {
        let task = session.dataTask(with: request)
        pending.withLock { $0[task.taskIdentifier] = Pending(completion: completion) }
        task.resume()
        return task
    }

    /// Lets running tasks finish, then releases the session and, through it, this delegate.
    func invalidate() {
        session.finishTasksAndInvalidate()
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        let hop = RedirectHop(
            method: task.currentRequest?.httpMethod ?? "GET",
            url: response.url?.absoluteString ?? task.currentRequest?.url?.absoluteString ?? "",
            status: response.statusCode, headers: Recorder.headers(of: response))
        pending.withLock { $0[task.taskIdentifier]?.hops.append(hop) }
        completionHandler(request)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        pending.withLock { $0[dataTask.taskIdentifier]?.response = response as? HTTPURLResponse }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        pending.withLock { $0[dataTask.taskIdentifier]?.data.append(data) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let finished = pending.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let error {
            let urlError = error as? URLError ?? URLError(.unknown, userInfo: [NSUnderlyingErrorKey: error])
            finished.completion(.failure(urlError))
        } else if let response = finished.response {
            finished.completion(.response(response, finished.data, finished.hops))
        } else {
            finished.completion(.failure(URLError(.badServerResponse)))
        }
    }

    /// A response's headers as a cassette stores them: in canonical order.
    static func headers(of response: HTTPURLResponse) -> [HTTPHeader] {
        let fields = response.allHeaderFields.compactMap { key, value -> HTTPHeader? in
            guard let name = key as? String else { return nil }
            return HTTPHeader(name, "\(value)")
        }
        return HTTPHeader.canonicalOrder(fields)
    }
}
