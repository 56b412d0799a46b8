import CassetteHTTPServer
import Foundation

/// Servers the tests start: each on its own free port, stopped when the test's body ends.
enum ServerFixture {
    /// Answers `METHOD TARGET` on one line, then the body, with the request's place on its connection
    /// in `X-Connection` and `X-Request-Number`.
    static let echo: HTTPServer.SynchronousHandler = { request, response in
        let text = "\(request.method) \(request.target)\n"
        try? response.respond(
            status: 200,
            headers: [
                ("Content-Type", "text/plain"), ("X-Connection", String(request.connectionNumber)),
                ("X-Request-Number", String(request.numberOnConnection)),
            ],
            body: Data(text.utf8) + request.body)
    }

    /// Starts a server with `handler` on a free loopback port, runs `body`, stops the server.
    static func with<T>(
        host: String = "127.0.0.1", limits: HTTPServerLimits = HTTPServerLimits(),
        handler: @escaping HTTPServer.SynchronousHandler = echo, _ body: (HTTPServer, Int) async throws -> T
    ) async throws -> T {
        let server = HTTPServer(host: host, limits: limits, synchronousHandler: handler)
        let port = try server.start()
        defer { server.stop() }
        return try await body(server, port)
    }
}

/// The status code of a raw HTTP response text (its first line), or nil.
func statusCode(of response: String) -> Int? {
    let line = response.prefix { $0 != "\r" && $0 != "\n" }
    let parts = line.split(separator: " ")
    return parts.count >= 2 ? Int(parts[1]) : nil
}
