import CassetteCore
import Foundation

/// Builders of interactions and cassettes that tests in every target write by hand.
package enum Fixtures {
    /// `Content-Type: application/json`.
    package static let jsonContentType = HTTPHeader("Content-Type", "application/json")

    /// A response with `body` as its text, typed `contentType`.
    package static func response(
        _ body: String?, status: Int = 200, contentType: String = "application/json", headers: [HTTPHeader] = []
    ) -> RecordedResponse {
        RecordedResponse(
            status: status,
            headers: (body == nil ? [] : [HTTPHeader("Content-Type", contentType)]) + headers,
            body: body.map { Data($0.utf8) })
    }

    /// A request and its response, with a JSON (or `contentType`) response body.
    package static func interaction(
        _ url: String, method: String = "GET", headers: [HTTPHeader] = [], requestBody: String? = nil,
        status: Int = 200, body: String? = nil, contentType: String = "application/json"
    ) -> Interaction {
        Interaction(
            request: RecordedRequest(
                method: method, url: url, headers: headers, body: requestBody.map { Data($0.utf8) }),
            outcome: .response(response(body, status: status, contentType: contentType)))
    }
}
