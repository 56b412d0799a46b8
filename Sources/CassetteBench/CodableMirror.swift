/// Plain `Codable` structs mirroring the cassette format: what `JSONDecoder` alone costs on the
/// same bytes, the yardstick for `cassette lint`.
struct MirrorCassette: Decodable {
    var version: Int
    var interactions: [MirrorInteraction]
}

struct MirrorInteraction: Decodable {
    var request: MirrorMessage
    var response: MirrorMessage?
    var error: MirrorError?
}

struct MirrorMessage: Decodable {
    var method: String?
    var url: String?
    var status: Int?
    var headers: [MirrorHeader]?
    var body: MirrorBody?
}

struct MirrorHeader: Decodable {
    var name: String
    var value: String
}

struct MirrorError: Decodable {
    var code: Int
}

struct MirrorBody: Decodable {
    var json: MirrorItems?
    var text: String?
    var base64: String?
}

/// The generated JSON bodies' shape, as a Codable user would declare it. (A generic any-JSON enum
/// decoded by trial would make JSONDecoder several times slower and the comparison too kind.)
struct MirrorItems: Decodable {
    var items: [MirrorItem]
    var page: Int
}

struct MirrorItem: Decodable {
    var id: Int
    var name: String
    var price: Double
    var tags: [String]
    var active: Bool
    var note: String?
}
