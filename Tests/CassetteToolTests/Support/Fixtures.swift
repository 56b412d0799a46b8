import CassetteCore
import Foundation

/// Cassettes for the end-to-end tests.
enum Fixtures {
    static let json = HTTPHeader("Content-Type", "application/json")

    static func interaction(
        _ url: String, method: String = "GET", headers: [HTTPHeader] = [], status: Int = 200, body: String? = nil
    ) -> Interaction {
        Interaction(
            request: RecordedRequest(method: method, url: url, headers: headers),
            outcome: .response(
                RecordedResponse(status: status, headers: body == nil ? [] : [json], body: body.map { Data($0.utf8) })))
    }

    /// Three clean interactions.
    static let good = CassetteDocument(interactions: [
        interaction("https://api.example.com/v1/users/1", body: #"{"id":1,"name":"Ada"}"#),
        interaction("https://api.example.com/v1/users/2", body: #"{"id":2,"name":"Grace"}"#),
        interaction("https://api.example.com/v1/users/2", method: "DELETE", status: 204),
    ])

    /// A bearer token in a request header.
    static let token = CassetteDocument(interactions: [
        interaction(
            "https://api.example.com/v1/me", headers: [HTTPHeader("Authorization", "Bearer abc123def456ghi789")],
            body: #"{"id":1}"#)
    ])

    /// An email address in a response body.
    static let email = CassetteDocument(interactions: [
        interaction("https://api.example.com/v1/users/1", body: #"{"email":"jane.doe@corp-mail.com","id":1}"#)
    ])

    /// A request URL no `URL` spells.
    static let unreachable = CassetteDocument(interactions: [
        interaction("https://api.example.com/v1/search?q=a b", body: #"{"hits":[]}"#)
    ])

    /// `good` in compact JSON: valid, not canonical.
    static var compactGood: Data {
        Data(JSONWriter.bytes(of: good.jsonValue, style: .compact))
    }
}
