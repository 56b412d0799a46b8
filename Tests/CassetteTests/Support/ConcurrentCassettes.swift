import Cassette
import CassetteTestSupport
import Foundation
import Testing

/// Many cassettes recording at the same time through one server, then replaying at the same time
/// with the server stopped and the requests in another order; checks that every cassette holds
/// and serves exactly its own requests.
///
/// At most `inFlight` cassettes are open at once (each holds about six descriptors while it records),
/// so the suite's other tests, running beside this one, are not starved of descriptors.
func recordAndReplayConcurrently(cassettes: Int, requestsEach requests: Int, inFlight: Int = 64) async throws {
    let directory = try TemporaryDirectory()
    let server = try TestHTTPServer()
    try await forEach(0..<cassettes, atMost: inFlight) { index in
        let cassette = try openCassette(directory.file("C\(index).json"), .record)
        let session = cassette.session()
        for step in 0..<requests {
            _ = try await session.fetch(server.url("/echo?cassette=\(index)&step=\(step)"))
        }
        try await cassette.finish()
    }
    server.stop()
    for index in 0..<cassettes {
        let interactions = try CassetteDocument.read(from: directory.file("C\(index).json")).interactions
        let steps = interactions.compactMap { interaction -> Int? in
            let body = String(decoding: interaction.response?.body ?? Data(), as: UTF8.self)
            guard interaction.request.url.contains("cassette=\(index)&"), body.contains("cassette=\(index)&step=")
            else { return nil }
            return interaction.request.url.split(separator: "=").last.flatMap { Int($0) }
        }
        #expect(interactions.count == requests, "cassette \(index)")
        #expect(steps.sorted() == Array(0..<requests), "cassette \(index) holds steps \(steps)")
    }
    try await forEach(0..<cassettes, atMost: inFlight) { index in
        let cassette = try openCassette(directory.file("C\(index).json"), .replay)
        let session = cassette.session()
        for step in (0..<requests).reversed() {
            let (data, _) = try await session.fetch(server.url("/echo?step=\(step)&cassette=\(index)"))
            let text = String(decoding: data, as: UTF8.self)
            #expect(text.contains("cassette=\(index)&step=\(step)\""), "\(text)")
        }
        #expect(cassette.misses.isEmpty)
        try await cassette.finish()
    }
}

/// Runs `body` for every element of `range` concurrently, with at most `width` running at once.
private func forEach(
    _ range: Range<Int>, atMost width: Int, _ body: @escaping @Sendable (Int) async throws -> Void
) async throws {
    try await withThrowingTaskGroup(of: Void.self) { group in
        var pending = range.makeIterator()
        for _ in 0..<width {
            guard let index = pending.next() else { break }
            group.addTask { try await body(index) }
        }
        while try await group.next() != nil {
            if let index = pending.next() { group.addTask { try await body(index) } }
        }
    }
}
