import CassetteCore
import Foundation

/// One line about an interaction, for `cassette show` and `cassette prune`:
/// `[2] POST https://api.example.com/v1/users → 201; request: json, 14 bytes; response: json, 20 bytes`.
enum InteractionSummary {
    static func line(_ index: Int, _ interaction: Interaction) -> String {
        let request = interaction.request
        var text = "[\(index)] \(request.method) \(request.url) → "
        switch interaction.outcome {
        case .response(let response): text += "\(response.status)"
        case .failure(let error): text += "error \(error.code)"
        }
        let hops = interaction.redirects.count
        if hops > 0 { text += " after \(hops) \(hops == 1 ? "redirect" : "redirects")" }
        text += "; request: " + body(request.body, headers: request.headers)
        if let response = interaction.response {
            if let stream = response.stream {
                text += "; response: " + streamSummary(stream, headers: response.headers)
            } else {
                text += "; response: " + body(response.body, headers: response.headers)
            }
        }
        return text
    }

    /// `stream, 7 chunks, 278 bytes` (`, cut by error -1005`).
    static func streamSummary(_ stream: ResponseStream, headers: [HTTPHeader]) -> String {
        let count = stream.chunks.count
        let bytes = stream.chunks.reduce(0) { $0 + $1.count }
        var text = "stream, \(count) \(count == 1 ? "chunk" : "chunks"), \(bytes) \(bytes == 1 ? "byte" : "bytes")"
        if let error = stream.error { text += ", cut by error \(error.code)" }
        return text
    }

    /// The most chunks `cassette show` prints of one stream (then how many more there are).
    static let shownChunks = 50

    /// One line per chunk of a stream, at most ``shownChunks``: `event message_start: {"type":…}`,
    /// `data: [DONE]`, `line: {"id":1}`, `text: "chunk 1\n"`, `base64, 12 bytes`, each cut at 120
    /// characters, with the gap before it when the recording kept timing (`+100 ms`).
    static func chunkLines(_ stream: ResponseStream, headers: [HTTPHeader]) -> [String] {
        let contentType = headers.value(for: "Content-Type")
        var lines: [String] = []
        for (index, chunk) in stream.chunks.prefix(shownChunks).enumerated() {
            var line: String
            switch StoredChunk(bytes: chunk, contentType: contentType) {
            case .event(let name, let id, let data):
                line = name.map { "event \($0)" } ?? "data"
                if let id { line += " (id \(id))" }
                switch data {
                case .json(let value):
                    line += ": " + String(decoding: JSONWriter.bytes(of: value, style: .compact), as: UTF8.self)
                case .text(let value): line += ": " + value
                }
            case .line(let value):
                line = "line: " + String(decoding: JSONWriter.bytes(of: value, style: .compact), as: UTF8.self)
            case .body(.base64):
                line = "base64, \(chunk.count) \(chunk.count == 1 ? "byte" : "bytes")"
            case .body:
                line =
                    "text: "
                    + String(
                        decoding: JSONWriter.bytes(
                            of: .string(String(decoding: chunk, as: UTF8.self)), style: .compact), as: UTF8.self)
            }
            if line.count > 120 { line = String(line.prefix(119)) + "…" }
            if let gaps = stream.gaps, index < gaps.count { line = "+\(gaps[index]) ms " + line }
            lines.append("[\(index)] " + line)
        }
        if stream.chunks.count > shownChunks { lines.append("… \(stream.chunks.count - shownChunks) more chunks") }
        if let error = stream.error { lines.append("then error \(error.code)") }
        return lines
    }

    /// `json, 20 bytes`, `text, 5 bytes`, `base64, 1024 bytes`, `multipart, 2 parts, 310 bytes` or
    /// `no body`.
    static func body(_ body: Data?, headers: [HTTPHeader]) -> String {
        guard let body, !body.isEmpty else { return "no body" }
        let size = "\(body.count) \(body.count == 1 ? "byte" : "bytes")"
        if let multipart = StoredMultipart(bytes: body, contentType: headers.value(for: "Content-Type")) {
            return "multipart, \(multipart.parts.count) \(multipart.parts.count == 1 ? "part" : "parts"), \(size)"
        }
        let kind: String
        switch StoredBody(bytes: body, contentType: headers.value(for: "Content-Type")) {
        case .json: kind = "json"
        case .text: kind = "text"
        case .base64: kind = "base64"
        }
        return "\(kind), \(size)"
    }
}
