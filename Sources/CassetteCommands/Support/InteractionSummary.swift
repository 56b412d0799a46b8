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
            text += "; response: " + body(response.body, headers: response.headers)
        }
        return text
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
