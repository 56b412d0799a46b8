import CassetteCore
import Foundation

extension Cassette {
    /// Answers a request the way this cassette answers its sessions' requests, for any client: an
    /// adapter for AsyncHTTPClient, an OpenAPI `ClientTransport`, or a `protocol HTTPClient` seam of
    /// your own is a few lines around this call.
    ///
    /// The decision is the one ``session(configuration:)`` makes: in ``Mode/replay`` the recorded
    /// answer is served and nothing touches the network; a request with no recorded match throws
    /// ``CassetteError/noMatch(_:)`` with the explanation and is added to ``misses``; in the
    /// recording modes the request is sent to the real server through `URLSession` (HTTPS
    /// included) and recorded, scrubbed, when ``finish()`` writes the cassette. Served interactions
    /// count in the usage ledger, as they do for sessions.
    ///
    /// ```swift
    /// let cassette = try Cassette(named: "UserAPI")
    /// let response = try await cassette.response(
    ///     for: RecordedRequest(method: "GET", url: "https://api.example.com/v1/users/1",
    ///                          headers: [HTTPHeader("Accept", "application/json")]))
    /// let data = try await response.body.collect()
    /// try await cassette.finish()
    /// ```
    ///
    /// The function returns once the response's head is there; its body then arrives in
    /// ``Response/body``. Cancelling the calling task (or abandoning the body) cancels a forwarded
    /// request, and nothing of it is recorded.
    ///
    /// - Parameter request: The request as the client built it: method, absolute URL, the headers
    ///   it sets (those the client's HTTP stack adds on the wire, such as `User-Agent`, are the
    ///   caller's to include or leave out) and the body.
    /// - Returns: The response, with its body still arriving.
    /// - Throws: ``CassetteError/noMatch(_:)`` when replay has no recorded answer,
    ///   ``CassetteError/cassetteClosed(path:)`` after ``finish()``, a `URLError` for a recorded or
    ///   live transport failure (`.badURL` for a URL that cannot be sent), and `URLError(.cancelled)`
    ///   when the calling task was cancelled while the request was forwarded.
    public func response(for request: RecordedRequest) async throws -> Response {
        let load = Locked<AnswerLoad?>(nil)
        let cancel: @Sendable () -> Void = { load.withLock { $0 }?.cancel() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (head: CheckedContinuation<Response, any Error>) in
                let sink = StreamSink(head: head, requestURL: request.url, abandoned: cancel)
                let started = answer(request, into: sink)
                load.withLock { $0 = started }
                if Task.isCancelled { started.cancel() }
            }
        } onCancel: {
            cancel()
        }
    }
}
