import Foundation

extension Cassette.Response {
    /// A response body: an asynchronous sequence of the chunks of `Data` the answer arrives in,
    /// read once, whole with ``collect()`` or chunk by chunk with `for try await`.
    ///
    /// A body played from a cassette today comes in one chunk; a streamed answer (server-sent
    /// events, chunked NDJSON) comes in the chunks it was recorded in, without any change here.
    /// Iterating throws the error a stream ended with (a `URLError` for a connection cut mid-way).
    ///
    /// ```swift
    /// let response = try await cassette.response(for: request)
    /// for try await chunk in response.body { parser.feed(chunk) }
    /// ```
    public struct Body: AsyncSequence, Sendable {
        public typealias Element = Data

        private let stream: AsyncThrowingStream<Data, any Error>

        init(_ stream: AsyncThrowingStream<Data, any Error>) {
            self.stream = stream
        }

        /// A body of `data` in one chunk (none when it is empty), for tests of an adapter.
        public init(_ data: Data) {
            let (stream, continuation) = AsyncThrowingStream.makeStream(of: Data.self)
            if !data.isEmpty { continuation.yield(data) }
            continuation.finish()
            self.init(stream)
        }

        public func makeAsyncIterator() -> Iterator {
            Iterator(stream.makeAsyncIterator())
        }

        /// Reads the whole body.
        ///
        /// - Throws: The error the answer ended with, such as a recorded `URLError` for a stream that
        ///   was cut, or `CancellationError`-style cancellation of the calling task.
        public func collect() async throws -> Data {
            var data = Data()
            for try await chunk in self { data.append(chunk) }
            return data
        }

        /// The iterator of a ``Cassette/Response/Body``: the next chunk, or `nil` at the end.
        public struct Iterator: AsyncIteratorProtocol {
            private var base: AsyncThrowingStream<Data, any Error>.Iterator

            init(_ base: AsyncThrowingStream<Data, any Error>.Iterator) {
                self.base = base
            }

            public mutating func next() async throws -> Data? {
                try await base.next()
            }
        }
    }
}
