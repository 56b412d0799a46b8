import CassetteCore
import Foundation

extension Fixtures {
    /// Three clean interactions: two GETs of users and a DELETE, in canonical form once written.
    package static let cleanCassette = CassetteDocument(interactions: [
        interaction("https://api.example.com/v1/users/1", body: #"{"id":1,"name":"Ada"}"#),
        interaction("https://api.example.com/v1/users/2", body: #"{"id":2,"name":"Grace"}"#),
        interaction("https://api.example.com/v1/users/2", method: "DELETE", status: 204),
    ])

    /// ``cleanCassette`` in compact JSON: valid, not canonical.
    package static var compactCleanCassette: Data {
        Data(JSONWriter.bytes(of: cleanCassette.jsonValue, style: .compact))
    }

    /// A bearer token in a request header.
    package static let tokenCassette = CassetteDocument(interactions: [
        interaction(
            "https://api.example.com/v1/me", headers: [HTTPHeader("Authorization", "Bearer abc123def456ghi789")],
            body: #"{"id":1}"#)
    ])

    /// An email address in a response body.
    package static let emailCassette = CassetteDocument(interactions: [
        interaction("https://api.example.com/v1/users/1", body: #"{"email":"jane.doe@corp-mail.com","id":1}"#)
    ])

    /// A request URL no `URL` spells.
    package static let unreachableCassette = CassetteDocument(interactions: [
        interaction("https://api.example.com/v1/search?q=a b", body: #"{"hits":[]}"#)
    ])

    /// The usage a test run that served `served` of `document`, as it is encoded, writes down.
    package static func usage(_ served: [Int], of document: CassetteDocument = cleanCassette)
        -> UsageLedger.CassetteUsage
    {
        .init(
            contentHash: SHA256.hexDigest(document.encoded()), interactionCount: document.interactions.count,
            served: served)
    }
}
