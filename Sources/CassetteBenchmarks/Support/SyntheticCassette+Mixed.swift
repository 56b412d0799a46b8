import CassetteCore
import CassetteTestSupport
import Foundation

extension SyntheticCassette {
    /// A large, clean cassette for the lint benchmark: a third each JSON, text and binary bodies,
    /// with no secrets in them, so lint does all of its work and reports nothing.
    static func mixed(count: Int) -> CassetteDocument {
        var generator = SplitMix(seed: 42)
        var interactions: [Interaction] = []
        interactions.reserveCapacity(count)
        for index in 0..<count {
            let url = "https://api.example.com/v1/items/\(index)?page=\(index % 17)&sort=name"
            let headers = [HTTPHeader("Accept", "application/json"), HTTPHeader("X-Request-Index", "\(index)")]
            let response: RecordedResponse
            switch index % 3 {
            case 0:
                let records = (0..<26).map { record in
                    #"{"id":\#(index * 100 + record),"name":"item \#(record)","price":\#(record).25,"#
                        + #""tags":["alpha","beta","gamma"],"active":\#(record % 2 == 0),"note":null}"#
                }
                let body = "{\"items\":[" + records.joined(separator: ",") + "],\"page\":\(index % 17)}"
                response = RecordedResponse(
                    status: 200, headers: [HTTPHeader("Content-Type", "application/json")], body: Data(body.utf8))
            case 1:
                let line = "Line of plain text number \(index), with some words in it and a path /a/b/c.\n"
                response = RecordedResponse(
                    status: 200, headers: [HTTPHeader("Content-Type", "text/plain; charset=utf-8")],
                    body: Data(String(repeating: line, count: 38).utf8))
            default:
                let bytes = (0..<2_200).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
                response = RecordedResponse(
                    status: 200, headers: [HTTPHeader("Content-Type", "application/octet-stream")], body: Data(bytes))
            }
            interactions.append(
                Interaction(
                    request: RecordedRequest(method: "GET", url: url, headers: headers), outcome: .response(response)))
        }
        return CassetteDocument(interactions: interactions)
    }
}
