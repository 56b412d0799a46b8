import Foundation

// Local types of the same shape as the parts of swift-http-types (`HTTPTypes`) and
// swift-openapi-runtime (`OpenAPIRuntime`) that the adapter recipes use, so the recipes compile
// and run here: those packages cannot be fetched in this repository's builds. Each declaration
// keeps the real one's name, labels, optionality and effects (read from the packages' sources:
// HTTPTypes' HTTPRequest.swift, HTTPResponse.swift, HTTPFields.swift, HTTPField.swift,
// HTTPFieldName.swift; OpenAPIRuntime's Interface/ClientTransport.swift and Interface/HTTPBody.swift);
// the bodies are only what the tests need.

/// `HTTPTypes.HTTPRequest`.
struct HTTPRequest: Sendable {
    struct Method: Sendable, Hashable {
        let rawValue: String

        init?(_ method: String) {
            rawValue = method
        }

        static var get: Self { Self("GET")! }
        static var post: Self { Self("POST")! }
    }

    var method: Method
    var scheme: String?
    var authority: String?
    /// The path and query, `/v1/users?page=2`.
    var path: String?
    var headerFields: HTTPFields

    init(method: Method, scheme: String?, authority: String?, path: String?, headerFields: HTTPFields = HTTPFields()) {
        self.method = method
        self.scheme = scheme
        self.authority = authority
        self.path = path
        self.headerFields = headerFields
    }
}

/// `HTTPTypes.HTTPResponse`.
struct HTTPResponse: Sendable {
    struct Status: Sendable, Hashable {
        let code: Int
        let reasonPhrase: String

        init(code: Int, reasonPhrase: String = "") {
            self.code = code
            self.reasonPhrase = reasonPhrase
        }
    }

    var status: Status
    var headerFields: HTTPFields

    init(status: Status, headerFields: HTTPFields = HTTPFields()) {
        self.status = status
        self.headerFields = headerFields
    }
}

/// `HTTPTypes.HTTPField`.
struct HTTPField: Sendable, Hashable {
    struct Name: Sendable, Hashable {
        let rawName: String
        let canonicalName: String

        /// `nil` for a name that is not a token.
        init?(_ name: String) {
            guard !name.isEmpty, name.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: ":") }) else {
                return nil
            }
            rawName = name
            canonicalName = name.lowercased()
        }
    }

    var name: Name
    var value: String

    init(name: Name, value: String) {
        self.name = name
        self.value = value
    }
}

/// `HTTPTypes.HTTPFields`: a random-access, range-replaceable collection of fields.
struct HTTPFields: Sendable, RandomAccessCollection, RangeReplaceableCollection {
    private var fields: [HTTPField] = []

    init() {}

    var startIndex: Int { fields.startIndex }
    var endIndex: Int { fields.endIndex }
    subscript(position: Int) -> HTTPField { fields[position] }

    mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: C)
    where C.Element == HTTPField {
        fields.replaceSubrange(subrange, with: newElements)
    }

    /// The values of the fields named `name`, joined with `, `.
    subscript(name: HTTPField.Name) -> String? {
        let values = fields.filter { $0.name.canonicalName == name.canonicalName }.map(\.value)
        return values.isEmpty ? nil : values.joined(separator: ", ")
    }
}

/// `OpenAPIRuntime.IterationBehavior`.
enum IterationBehavior: Sendable {
    case single
    case multiple
}

/// `OpenAPIRuntime.HTTPBody`: an async sequence of byte chunks, with a length.
final class HTTPBody: Sendable {
    typealias ByteChunk = ArraySlice<UInt8>

    enum Length: Sendable, Equatable {
        case unknown
        case known(Int64)
    }

    let length: Length
    let iterationBehavior: IterationBehavior
    private let chunks: @Sendable () async throws -> [ByteChunk]

    init<Bytes: AsyncSequence>(_ sequence: Bytes, length: HTTPBody.Length, iterationBehavior: IterationBehavior)
    where Bytes: Sendable, Bytes.Element: Sequence & Sendable, Bytes.Element.Element == UInt8 {
        self.length = length
        self.iterationBehavior = iterationBehavior
        chunks = {
            var chunks: [ByteChunk] = []
            for try await chunk in sequence { chunks.append(ArraySlice(chunk)) }
            return chunks
        }
    }

    convenience init(_ data: Data) {
        self.init(ChunksOf(chunks: [data]), length: .known(Int64(data.count)), iterationBehavior: .multiple)
    }

    /// Every chunk, in order (what iterating the real type gives).
    func collectChunks() async throws -> [ByteChunk] {
        try await chunks()
    }
}

extension Data {
    /// `OpenAPIRuntime`'s `Data(collecting:upTo:)`.
    init(collecting body: HTTPBody, upTo maxBytes: Int) async throws {
        self.init(try await body.collectChunks().joined())
        if count > maxBytes { throw CollectingError(maxBytes: maxBytes) }
    }
}

struct CollectingError: Error {
    let maxBytes: Int
}

/// `OpenAPIRuntime.ClientTransport`.
protocol ClientTransport: Sendable {
    func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String) async throws -> (
        HTTPResponse, HTTPBody?
    )
}

/// `OpenAPIRuntime.ClientMiddleware`.
protocol ClientMiddleware: Sendable {
    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?)
}

/// A finished async sequence of chunks.
struct ChunksOf: AsyncSequence, Sendable {
    typealias Element = Data
    let chunks: [Data]

    struct AsyncIterator: AsyncIteratorProtocol {
        var rest: [Data]
        mutating func next() async -> Data? { rest.isEmpty ? nil : rest.removeFirst() }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(rest: chunks) }
}
