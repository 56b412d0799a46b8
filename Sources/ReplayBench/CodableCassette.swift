import Foundation

/// The benchmark's large cassette as small `Codable` structs, the shape a hand-written
/// `JSONDecoder` reader would use: the yardstick for ``LoadBenchmark``.
enum CodableCassette {
    struct File: Decodable {
        var interactions: [Exchange]
        var version: Int
    }

    struct Exchange: Decodable {
        var request: Request
        var response: Response
    }

    struct Request: Decodable {
        var headers: [Header]
        var method: String
        var url: String
    }

    struct Response: Decodable {
        var body: Body
        var headers: [Header]
        var status: Int
    }

    struct Header: Decodable {
        var name: String
        var value: String
    }

    struct Body: Decodable {
        var json: Page
    }

    struct Page: Decodable {
        var items: [Item]
        var page: Int
        var total: Int
    }

    struct Item: Decodable {
        var active: Bool
        var id: Int
        var name: String
        var price: Double
        var tags: [String]
    }
}
