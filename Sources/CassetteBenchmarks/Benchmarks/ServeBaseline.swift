import CassetteHTTPServer
import Foundation

/// A baseline of `scripts/bench serve`: the package's own HTTP server answering every request with
/// the status, headers and body of one captured response, with no cassette behind it. Beside
/// `cassette serve`, it shows what the cassette adds to the server; beside the C server, what the
/// server costs.
///
///   CassetteBenchmarks serve-static PORT RESPONSE_FILE    (prints `listening on http://127.0.0.1:PORT`)
enum ServeBaseline {
    static func run(arguments: [String]) throws -> Never {
        guard arguments.count == 2, let port = Int(arguments[0]) else {
            throw BenchmarkError(message: "usage: CassetteBenchmarks serve-static PORT RESPONSE_FILE")
        }
        let raw = try Data(contentsOf: URL(fileURLWithPath: arguments[1]))
        guard let split = raw.range(of: Data("\r\n\r\n".utf8)) else {
            throw BenchmarkError(message: "\(arguments[1]): no blank line after the head")
        }
        let lines = String(decoding: raw[..<split.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ", maxSplits: 2)
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
            throw BenchmarkError(message: "\(arguments[1]): no status line")
        }
        let reason = statusParts.count > 2 ? String(statusParts[2]) : nil
        let headers = lines.dropFirst().compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let name = String(line[..<colon])
            // The server adds these itself.
            guard !["connection", "keep-alive"].contains(name.lowercased()) else { return nil }
            return (name, line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        let body = Data(raw[split.upperBound...])
        let server = HTTPServer(port: port) { _, writer in
            try? writer.respond(status: status, reason: reason, headers: headers, body: body)
        }
        let bound: Int
        do throws(HTTPServerError) {
            bound = try server.start()
        } catch {
            throw BenchmarkError(message: "serve-static: \(error)")
        }
        FileHandle.standardOutput.write(Data("listening on http://127.0.0.1:\(bound)\n".utf8))
        while true { sleep(3600) }
    }
}
