import Foundation

/// The cassette format as small `Codable` structs, the shape a hand-written `JSONDecoder` reader
/// would declare: the yardstick for reading a cassette (``LoadBenchmark``) and for `cassette lint`
/// (``LintBenchmark``). The JSON bodies are typed as the benchmarks' generated bodies are shaped,
/// as a Codable user would declare them (a generic any-JSON enum decoded by trial would make
/// `JSONDecoder` several times slower and the comparison too kind).
enum CodableCassette {
    struct File: Decodable {
        var interactions: [Exchange]
        var version: Int
    }

    struct Exchange: Decodable {
        var request: Request
        var response: Response?
        var error: Failure?
    }

    struct Request: Decodable {
        var body: Body?
        var headers: [Header]
        var method: String
        var url: String
    }

    struct Response: Decodable {
        var body: Body?
        var headers: [Header]
        var status: Int
    }

    struct Failure: Decodable {
        var code: Int
    }

    struct Header: Decodable {
        var name: String
        var value: String
    }

    /// A stored body: one of its three forms.
    struct Body: Decodable {
        var json: Page?
        var text: String?
        var base64: String?
    }

    /// The generated JSON bodies: a page of items (``SyntheticCassette/largeBody(index:items:)``
    /// has a total, ``SyntheticCassette/mixed(count:)`` does not).
    struct Page: Decodable {
        var items: [Item]
        var page: Int
        var total: Int?
    }

    struct Item: Decodable {
        var active: Bool
        var id: Int
        var name: String
        var note: String?
        var price: Double
        var tags: [String]
    }
}
