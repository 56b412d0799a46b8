import Foundation

// Local types of the same shape as the parts of AsyncHTTPClient, NIOCore, NIOHTTP1 and swift-log
// that the AsyncHTTPClient recipe uses (read from their sources: AsyncHTTPClient's
// AsyncAwait/HTTPClient+execute.swift, HTTPClientRequest.swift and HTTPClientResponse.swift;
// NIOCore's ByteBuffer-aux.swift and ByteBuffer-views.swift; NIOHTTP1's HTTPTypes.swift). The real
// packages cannot be fetched in this repository's builds.

/// `NIOCore.ByteBuffer`.
struct ByteBuffer: Sendable, Equatable {
    private(set) var bytes: [UInt8]

    init<Bytes: Sequence>(bytes: Bytes) where Bytes.Element == UInt8 {
        self.bytes = Array(bytes)
    }

    /// `NIOCore.ByteBufferView`: the readable bytes as a collection.
    var readableBytesView: ArraySlice<UInt8> { bytes[...] }
}

/// `NIOCore.TimeAmount`.
struct TimeAmount: Sendable {
    let nanoseconds: Int64

    static func seconds(_ amount: Int64) -> TimeAmount { TimeAmount(nanoseconds: amount * 1_000_000_000) }
}

/// `Logging.Logger`.
struct Logger: Sendable {}

/// `NIOHTTP1.HTTPMethod`.
struct HTTPMethod: Sendable, Equatable {
    let rawValue: String

    // NIOHTTP1's spelling.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    static let GET = HTTPMethod(rawValue: "GET")
    // swift-format-ignore: AlwaysUseLowerCamelCase
    static let POST = HTTPMethod(rawValue: "POST")
}

/// `NIOHTTP1.HTTPResponseStatus`.
struct HTTPResponseStatus: Sendable, Equatable {
    let code: UInt

    init(statusCode: Int, reasonPhrase: String = "") {
        code = UInt(statusCode)
    }
}

/// `NIOHTTP1.HTTPHeaders`: a sequence of `(name, value)` pairs, in order.
struct HTTPHeaders: Sendable, Sequence {
    private var headers: [(String, String)]

    init(_ headers: [(String, String)] = []) {
        self.headers = headers
    }

    func makeIterator() -> some IteratorProtocol<(name: String, value: String)> {
        headers.lazy.map { (name: $0.0, value: $0.1) }.makeIterator()
    }

    mutating func add(name: String, value: String) {
        headers.append((name, value))
    }

    subscript(name: String) -> [String] {
        headers.filter { $0.0.lowercased() == name.lowercased() }.map(\.1)
    }
}

/// `AsyncHTTPClient.HTTPClientRequest`.
struct HTTPClientRequest: Sendable {
    var url: String
    var method: HTTPMethod = .GET
    var headers = HTTPHeaders()
    var body: Body?

    init(url: String) {
        self.url = url
    }

    /// An async sequence of `ByteBuffer`s.
    struct Body: Sendable, AsyncSequence {
        typealias Element = ByteBuffer
        let buffers: [ByteBuffer]

        static func bytes(_ buffer: ByteBuffer) -> Self { Body(buffers: [buffer]) }

        struct AsyncIterator: AsyncIteratorProtocol {
            var rest: [ByteBuffer]
            mutating func next() async throws -> ByteBuffer? { rest.isEmpty ? nil : rest.removeFirst() }
        }

        func makeAsyncIterator() -> AsyncIterator { AsyncIterator(rest: buffers) }
    }
}

/// `NIOHTTP1.HTTPVersion`.
struct HTTPVersion: Sendable, Equatable {
    let major: Int
    let minor: Int

    // swift-format-ignore: AlwaysUseLowerCamelCase
    static let http1_1 = HTTPVersion(major: 1, minor: 1)
}

/// `AsyncHTTPClient.HTTPClientRequestResponse`: one hop of the redirects a request followed.
struct HTTPClientRequestResponse: Sendable {
    var request: HTTPClientRequest
}

/// `AsyncHTTPClient.HTTPClientResponse`, with both of its public initialisers (one adds `history:`).
struct HTTPClientResponse: Sendable {
    var version: HTTPVersion
    var status: HTTPResponseStatus
    var headers: HTTPHeaders
    var body: Body
    var history: [HTTPClientRequestResponse]

    init(
        version: HTTPVersion = .http1_1, status: HTTPResponseStatus = HTTPResponseStatus(statusCode: 200),
        headers: HTTPHeaders = [:], body: Body = Body()
    ) {
        self.init(version: version, status: status, headers: headers, body: body, history: [])
    }

    init(
        version: HTTPVersion = .http1_1, status: HTTPResponseStatus = HTTPResponseStatus(statusCode: 200),
        headers: HTTPHeaders = [:], body: Body = Body(), history: [HTTPClientRequestResponse] = []
    ) {
        self.version = version
        self.status = status
        self.headers = headers
        self.body = body
        self.history = history
    }

    /// An async sequence of `ByteBuffer`s, with `collect(upTo:)`.
    struct Body: Sendable, AsyncSequence {
        typealias Element = ByteBuffer
        private let next: @Sendable () -> AsyncThrowingStream<ByteBuffer, any Error>

        init() {
            next = { AsyncThrowingStream { $0.finish() } }
        }

        private init(_ next: @escaping @Sendable () -> AsyncThrowingStream<ByteBuffer, any Error>) {
            self.next = next
        }

        static func stream<SequenceOfBytes>(_ sequenceOfBytes: SequenceOfBytes) -> Self
        where SequenceOfBytes: AsyncSequence & Sendable, SequenceOfBytes.Element == ByteBuffer {
            Body {
                AsyncThrowingStream { continuation in
                    let task = Task {
                        do {
                            for try await buffer in sequenceOfBytes { continuation.yield(buffer) }
                            continuation.finish()
                        } catch {
                            continuation.finish(throwing: error)
                        }
                    }
                    continuation.onTermination = { _ in task.cancel() }
                }
            }
        }

        func makeAsyncIterator() -> AsyncThrowingStream<ByteBuffer, any Error>.AsyncIterator {
            next().makeAsyncIterator()
        }

        func collect(upTo maxBytes: Int) async throws -> ByteBuffer {
            var bytes: [UInt8] = []
            for try await buffer in self { bytes += buffer.readableBytesView }
            return ByteBuffer(bytes: bytes)
        }
    }
}

extension HTTPHeaders: ExpressibleByDictionaryLiteral {
    init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }
}

/// `AsyncHTTPClient.HTTPClient`: a final class, so code that wants another client in tests calls
/// it through a protocol of its own.
final class HTTPClient: Sendable {
    /// Requests this instance executed; the production client is never used by the recipe's tests.
    func execute(_ request: HTTPClientRequest, timeout: TimeAmount, logger: Logger? = nil) async throws
        -> HTTPClientResponse
    {
        throw URLError(.unsupportedURL)
    }
}
