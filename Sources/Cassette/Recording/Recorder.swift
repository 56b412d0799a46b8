import CassetteCore
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
final class Recorder: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    /// The redirect hops of each task in flight, by task identifier.
    private let hops = Locked<[Int: [RedirectHop]]>([:])
    // Set once in init, before the recorder is shared.
    private var session: URLSession!

    init(configuration: URLSessionConfiguration) {
        super.init()
        session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
    }

    /// Starts a request on the inner session. Call it off URLSession's own work queue: on Linux
    /// every session shares one queue, and creating a task from inside `startLoading()` deadlocks.
    ///
    /// The body arrives in one piece through the task's completion handler; the session's delegate
    /// is asked only about redirects, which sessions do for completion-handler tasks too.
    func start(_ request: URLRequest, completion: @escaping @Sendable (RecorderResult) -> Void) -> URLSessionDataTask {
        let identifier = Locked<Int?>(nil)
        let task = session.dataTask(with: request) { [hops] data, response, error in
            let taskHops = identifier.withLock { $0 }.flatMap { id in hops.withLock { $0.removeValue(forKey: id) } }
            if let error {
                completion(.failure(error as? URLError ?? URLError(.unknown, userInfo: [NSUnderlyingErrorKey: error])))
            } else if let response = response as? HTTPURLResponse {
                completion(.response(response, data ?? Data(), taskHops ?? []))
            } else {
                completion(.failure(URLError(.badServerResponse)))
            }
        }
        identifier.withLock { $0 = task.taskIdentifier }
        hops.withLock { $0[task.taskIdentifier] = [] }
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
            status: response.statusCode, headers: URLLoadingBridge.headers(of: response))
        hops.withLock { $0[task.taskIdentifier]?.append(hop) }
        completionHandler(request)
    }
}
