import Cassette
import CassetteCommands
import CassetteCore
import CassetteServe
import CassetteTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A `cassette serve` server in the test process, with what it wrote to standard error.
final class ServeHarness: Sendable {
    let server: CassetteServer
    let baseURL: URL
    private let lines = Locked<[String]>([])

    /// Starts a server for `settings` (no `CI`, no `CASSETTE_MODE` from the machine unless given).
    init(_ settings: ServeSettings) throws {
        let lines = self.lines
        let console = Console(output: { _ in }, error: { text in lines.withLock { $0.append(text) } })
        server = try CassetteServer(settings, log: ServeLog(console: console))
        baseURL = try server.start()
    }

    /// Everything written to standard error so far.
    var stderr: String { lines.withLock { $0.joined() } }

    /// The URL of `pathAndQuery` on the server.
    func url(_ pathAndQuery: String) -> URL {
        URL(string: baseURL.absoluteString + pathAndQuery)!
    }

    /// Stops the server and finishes its cassettes.
    func stop() async -> ServeReport {
        await server.stop()
    }

    /// Settings for a test: the given mode and upstream, an empty environment.
    static func settings(
        _ file: URL, mode: Cassette.Mode = .replay, upstream: URL? = nil, isFolder: Bool = false,
        environment: [String: String] = [:]
    ) -> ServeSettings {
        ServeSettings(
            path: file, displayPath: file.path, isFolder: isFolder, mode: mode,
            upstream: upstream.map { UpstreamBase($0.absoluteString) }, environment: environment)
    }
}

/// A response as a client of the server sees it.
struct Fetched: Equatable {
    var status: Int
    var body: Data
    var headers: [String: String]

    var text: String { String(decoding: body, as: UTF8.self) }
}

/// Sends a request through a plain URLSession (no cassette: the server is the cassette).
func fetch(
    _ url: URL, method: String = "GET", headers: [String: String] = [:], body: Data? = nil,
    session: URLSession = .shared
) async throws -> Fetched {
    var request = URLRequest(url: url)
    request.httpMethod = method
    request.httpBody = body
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    let (data, response) = try await session.data(for: request)
    let http = try #require(response as? HTTPURLResponse)
    var fields: [String: String] = [:]
    for (key, value) in http.allHeaderFields {
        if let key = key as? String { fields[key.lowercased()] = "\(value)" }
    }
    return Fetched(status: http.statusCode, body: data, headers: fields)
}

/// Writes a cassette of GET requests to `urls` with their outcomes, recorded on a fixed day.
func writeCassette(
    _ directory: TemporaryDirectory, _ name: String, _ answers: [(url: String, outcome: Interaction.Outcome)]
)
    throws -> URL
{
    let interactions = answers.map {
        Interaction(request: RecordedRequest(method: "GET", url: $0.url), outcome: $0.outcome, recorded: "2026-01-01")
    }
    return try directory.write(name, CassetteDocument(interactions: interactions).encoded())
}
