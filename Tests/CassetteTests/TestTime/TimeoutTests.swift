import Cassette
import CassetteTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The request's `timeoutInterval`, in replay (where URLSession on Linux does not enforce it for a
/// protocol) and in record mode (where it is handed to the real session).
@Suite struct TimeoutTests {
    func request(_ url: URL, timeout: TimeInterval) -> URLRequest {
        var request = URLRequest(url: url)
        request.timeoutInterval = timeout
        return request
    }

    /// Records `/json` and stops the server.
    func recorded(in directory: TemporaryDirectory) async throws -> (file: URL, url: URL) {
        let server = try TestHTTPServer()
        let file = directory.file("Timeout.json")
        let recorder = try openCassette(file, .record)
        _ = try await recorder.session().fetch(server.url("/json"))
        try await recorder.finish()
        server.stop()
        return (file, server.url("/json"))
    }

    @Test func aReplayLatencyPastTheRequestsTimeoutFailsItWithTimedOut() async throws {
        let directory = try TemporaryDirectory()
        let (file, url) = try await recorded(in: directory)
        let cassette = try Cassette(
            fileURL: file, mode: .replay, options: Cassette.Options(environment: [:], latency: .seconds(30)))
        let session = cassette.session()
        let error = try await #require(throws: URLError.self) {
            _ = try await session.data(for: request(url, timeout: 0.2))
        }
        #expect(error.code == .timedOut)
        #expect(cassette.misses.isEmpty)
    }

    @Test func aReplayLatencyWithinTheTimeoutAnswers() async throws {
        let directory = try TemporaryDirectory()
        let (file, url) = try await recorded(in: directory)
        let cassette = try Cassette(
            fileURL: file, mode: .replay, options: Cassette.Options(environment: [:], latency: .milliseconds(50)))
        let (data, _) = try await cassette.session().data(for: request(url, timeout: 10))
        #expect(String(decoding: data, as: UTF8.self).contains("Ada"))
        try await cassette.finish()
    }

    /// On Linux a plain URLSession keeps only the whole seconds of a timeout, so 0.5 s fails at once
    /// with `.timedOut`; recording answers a fast request as Apple's URLSession does.
    @Test func recordingHonoursATimeoutUnderOneSecond() async throws {
        let server = try TestHTTPServer()
        let directory = try TemporaryDirectory()
        let recorder = try openCassette(directory.file("Fast.json"), .record)
        let (data, _) = try await recorder.session().data(for: request(server.url("/slow?ms=20"), timeout: 0.5))
        #expect(String(decoding: data, as: UTF8.self) == "slow")
        try await recorder.finish()
    }

    @Test func recordingFailsASlowAnswerWithTimedOut() async throws {
        let server = try TestHTTPServer()
        let directory = try TemporaryDirectory()
        let recorder = try openCassette(directory.file("Slow.json"), .record)
        let error = try await #require(throws: URLError.self) {
            _ = try await recorder.session().data(for: request(server.url("/slow?ms=3000"), timeout: 0.3))
        }
        #expect(error.code == .timedOut)
        try await recorder.finish()
        #expect(try fileText(directory.file("Slow.json")).contains("-1001"))
    }
}
