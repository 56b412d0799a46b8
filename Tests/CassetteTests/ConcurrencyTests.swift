import Cassette
import CassetteTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct ConcurrencyTests {
    /// 100 cassettes record concurrently (64 at a time) through one server, then replay concurrently
    /// with the server stopped: every cassette holds and serves only its own requests.
    @Test func oneHundredCassettesInConcurrentUseNeverCross() async throws {
        try await recordAndReplayConcurrently(cassettes: 100, requestsEach: 3)
    }

    /// Concurrent requests through one cassette are all recorded, and recording twice gives the
    /// same bytes although the requests start in a different order each time.
    @Test func concurrentRequestsInOneCassetteAreAllRecordedInADeterministicOrder() async throws {
        let directory = try TemporaryDirectory()
        let server = try TestHTTPServer()
        var files: [Data] = []
        for round in 0..<2 {
            let file = directory.file("Concurrent\(round).json")
            let cassette = try openCassette(file, .record)
            let session = cassette.session()
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<30 {
                    group.addTask { _ = try await session.fetch(server.url("/echo?n=\(index)")) }
                }
                try await group.waitForAll()
            }
            try await cassette.finish()
            files.append(try Data(contentsOf: file))
            #expect(try CassetteDocument.read(from: file).interactions.count == 30)
        }
        #expect(files[0] == files[1])
    }

    /// `finish()` waits for requests still being recorded instead of losing them.
    @Test func finishWaitsForRequestsInFlight() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("InFlight.json")
        let server = try TestHTTPServer()
        let cassette = try openCassette(file, .record)
        let session = cassette.session()
        let slow = Task { try await session.fetch(server.url("/slow?ms=300")) }
        while server.requestCount == 0 { try await Task.sleep(for: .milliseconds(5)) }
        try await cassette.finish()
        _ = try await slow.value
        #expect(try CassetteDocument.read(from: file).interactions.count == 1)
    }

    @Test func cancellingARecordedRequestStopsItAndRecordsNothing() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("Cancelled.json")
        // Cancelled from the server's thread once it has the request, so the forward is in flight.
        let arrival = CancelOnArrival()
        let server = try TestHTTPServer(reportingTo: arrival)
        let cassette = try openCassette(file, .record)
        let session = cassette.session()
        let task = Task { try await session.fetch(server.url("/held")) }
        arrival.cancel { task.cancel() }
        do {
            _ = try await task.value
            Issue.record("a cancelled request succeeded")
        } catch let error as URLError {
            #expect(error.code == .cancelled)
        }
        // Had the inner load gone on, the answer would arrive (a success above) or `finish()`, which
        // waits for loads in flight, would record it.
        try await cassette.finish()
        #expect(try CassetteDocument.read(from: file).interactions.isEmpty)
    }
}
