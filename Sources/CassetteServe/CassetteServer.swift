import Cassette
import CassetteCommands
import CassetteCore
import CassetteHTTPServer
import Foundation

/// `cassette serve` without the command line: an HTTP/1.1 server on loopback whose requests are
/// answered by cassettes, exactly as a test's URLSession would be answered by them.
///
/// Each request becomes a ``RecordedRequest`` (the upstream's URL for its path and query, the
/// client's headers without the connection's own, its body) and goes to
/// ``Cassette/answer(_:into:)``; what the cassette plays goes straight to the connection
/// (``WriterSink``). Requests run on the connections' own threads, any number at once.
package final class CassetteServer: Sendable {
    private let settings: ServeSettings
    private let shelf: CassetteShelf
    private let log: ServeLog
    private let server: HTTPServer
    private let ownErrors = Locked(0)

    /// Opens the cassette (a folder's cassettes are opened as requests ask for them).
    ///
    /// - Throws: ``ServeFailure`` when it cannot be served: no file in replay, a recording mode
    ///   without `--upstream` or on CI, a file or `.cassette.json` that cannot be used.
    package init(_ settings: ServeSettings, log: ServeLog) throws(ServeFailure) {
        if settings.upstream == nil, [.record, .newEpisodes, .verify].contains(settings.mode) {
            throw ServeFailure(
                "error: \(settings.mode) mode forwards requests to the real server: pass --upstream URL (the server "
                    + "to record from, such as https://api.example.com)", status: .usage)
        }
        if !settings.isFolder, !FileManager.default.fileExists(atPath: settings.path.deletingLastPathComponent().path) {
            throw ServeFailure("\(settings.displayPath): error: the folder of the cassette does not exist")
        }
        self.settings = settings
        self.log = log
        let shelf = try CassetteShelf(settings)
        self.shelf = shelf
        let ownErrors = self.ownErrors
        server = HTTPServer(
            host: settings.host, port: settings.port, log: { log.error("cassette serve: \($0)") },
            synchronousHandler: { request, writer in
                Self.handle(request, writer, shelf: shelf, settings: settings, log: log, ownErrors: ownErrors)
            })
    }

    /// Starts listening.
    ///
    /// - Returns: The server's base URL, `http://127.0.0.1:PORT` (the port picked for port 0).
    /// - Throws: ``ServeFailure`` when the address cannot be listened on (the port in use, say).
    @discardableResult
    package func start() throws(ServeFailure) -> URL {
        do throws(HTTPServerError) {
            try server.start()
        } catch {
            throw ServeFailure("error: \(error.description)")
        }
        return server.baseURL!
    }

    /// The cassettes opened so far.
    package var cassettes: [ServedCassette] { shelf.cassettes }

    /// Stops listening (answers in flight finish first), then finishes every cassette that requests
    /// reached.
    package func stop() async -> ServeReport {
        server.stop()
        var report = ServeReport(ownErrors: ownErrors.withLock { $0 })
        for served in shelf.cassettes {
            report.cassettes.append(await ServeReport.Entry(finishing: served))
        }
        return report
    }

    /// Answers one request on its connection's thread.
    private static func handle(
        _ request: HTTPServerRequest, _ writer: HTTPResponseWriter, shelf: CassetteShelf, settings: ServeSettings,
        log: ServeLog, ownErrors: Locked<Int>
    ) {
        let served: ServedCassette
        let target: String
        switch shelf.select(request) {
        case .failure(let failure):
            OwnAnswer.send(.error, text: failure.message, to: writer)
            ownErrors.withLock { $0 += 1 }
            log.error(
                "cassette serve: \(request.method) \(request.target): answered \(OwnAnswer.status):\n" + failure.message
            )
            return
        case .success(let selected):
            (served, target) = selected
        }
        let recorded = RecordedRequest(
            method: request.method, url: served.upstream.url(for: target),
            headers: WireHeaders.recorded(
                request.headers, dropping: settings.isFolder ? WireHeaders.cassetteName : nil),
            body: request.body)
        let sink = WriterSink(writer: writer, method: request.method)
        let load = served.cassette.answer(recorded, into: sink)
        sink.wait()
        served.count(sink.outcome, forwarded: load.isForwarded)
        switch sink.outcome {
        case .answered, .clientGone:
            break
        case .missed(let miss):
            log.error(
                "cassette serve: \(request.method) \(request.target): answered \(OwnAnswer.status), no recording:\n\(miss)"
            )
        case .cassetteError(let text):
            log.error("cassette serve: \(request.method) \(request.target): answered \(OwnAnswer.status):\n\(text)")
        case .transportError(let text):
            log.error(
                "cassette serve: \(request.method) \(recorded.url): \(load.isForwarded ? "the upstream failed" : "replayed the recorded failure"): "
                    + "\(text); the client's connection was closed")
        }
    }
}
