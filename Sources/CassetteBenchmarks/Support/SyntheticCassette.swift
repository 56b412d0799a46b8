import CassetteCore
import Foundation

/// Cassettes made up for the benchmark: `count` GET requests to distinct URLs, each carrying a
/// scrubbed bearer token the way a recording stores it, answered with the same JSON body.
enum SyntheticCassette {
    static let host = "https://api.example.com"
    /// The token a live request sends, shaped like a GitHub personal access token (what the token
    /// catalogue knows); a recording holds its placeholder instead.
    static let liveToken = "Bearer ghp_" + String(repeating: "aB3dE5fG7h", count: 4).prefix(36)
    /// Live `Authorization` values of other kinds, for the matching benchmark: a token of no known
    /// shape and a JWT.
    static let otherLiveTokens = [
        ("bearer, no known shape", "Bearer live-token-0123456789abcdef"),
        (
            "bearer JWT",
            "Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyLTg4MTIiLCJpYXQiOjE3NjQ1NzYwMDB9."
                + "c2lnbmF0dXJlLW9mLXRoZS10b2tlbi0wMTIzNDU2Nzg5YWI"
        ),
    ]

    /// The URL of item `index`.
    static func url(_ index: Int) -> String { "\(host)/v1/items/\(index)?expand=owner&page=1" }

    /// The small JSON body every replay and stub request gets.
    static let smallBody = Data(#"{"id":1,"name":"Ada Lovelace","role":"member","tags":["a","b","c"]}"#.utf8)

    /// The headers of the small response.
    static var smallHeaders: [String: String] {
        ["Content-Type": "application/json", "Content-Length": String(smallBody.count)]
    }

    /// A cassette of `count` interactions that each answer with `body(index)`.
    static func document(count: Int, body: (Int) -> Data = { _ in smallBody }) -> CassetteDocument {
        let interactions = (0..<count).map { index in
            let body = body(index)
            return Interaction(
                request: RecordedRequest(
                    method: "GET", url: url(index),
                    headers: [
                        HTTPHeader("Accept", "application/json"),
                        HTTPHeader("Authorization", "Bearer SCRUBBED-TOKEN-1"),
                    ]),
                outcome: .response(
                    RecordedResponse(
                        status: 200,
                        headers: [
                            HTTPHeader("Content-Length", String(body.count)),
                            HTTPHeader("Content-Type", "application/json"),
                        ],
                        body: body)))
        }
        return CassetteDocument(interactions: interactions)
    }

    /// A JSON body of `items` records, about 100 bytes each before pretty-printing.
    static func largeBody(index: Int, items: Int) -> Data {
        let records = (0..<items).map { item in
            #"{"id":\#(index * 1000 + item),"name":"Item \#(item) of \#(index)","price":\#(item * 3).25,"#
                + #""tags":["alpha","beta"],"active":\#(item % 2 == 0)}"#
        }
        return Data(#"{"items":[\#(records.joined(separator: ","))],"page":\#(index),"total":\#(items)}"#.utf8)
    }
}
