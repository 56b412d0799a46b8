import Cassette
import CassetteTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Replay against cassettes written directly: strict matching, order, exhaustion and the text of a
/// miss. No server exists in these tests, so a request that reached the network would fail.
@Suite struct ReplayTests {
    static let base = "http://api.example.test"

    func response(_ text: String, status: Int = 200) -> Interaction.Outcome {
        .response(Fixtures.response(text, status: status, contentType: "text/plain"))
    }

    func write(_ interactions: [Interaction], in directory: TemporaryDirectory) throws -> URL {
        let file = directory.file("Replay.json")
        try CassetteDocument(interactions: interactions).write(to: file)
        return file
    }

    @Test func identicalRequestsAreServedInRecordedOrderThenFail() async throws {
        let directory = try TemporaryDirectory()
        let request = RecordedRequest(method: "GET", url: "\(Self.base)/poll")
        let file = try write(
            ["pending", "running", "done"].map { Interaction(request: request, outcome: response($0)) }, in: directory)
        let cassette = try openCassette(file, .replay)
        let session = cassette.session()
        var answers: [String] = []
        for _ in 0..<3 {
            let (data, _) = try await session.fetch(URL(string: "\(Self.base)/poll")!)
            answers.append(String(decoding: data, as: UTF8.self))
        }
        #expect(answers == ["pending", "running", "done"])
        await #expect(throws: (any Error).self) { try await session.fetch(URL(string: "\(Self.base)/poll")!) }
        let miss = try #require(cassette.misses.first)
        #expect(miss.nearest?.servedCount == 3)
        #expect(
            miss.description.hasPrefix(
                "\(file.path): error: GET \(Self.base)/poll (no body) was requested more often than it was recorded: "
                    + "all 3 of its recorded answers were already served (interactions[0])"))
        #expect(miss.description.contains("set Cassette.Options(whenExhausted: .repeatLast)"))
        #expect(!miss.description.contains("no recorded interaction matches"))
    }

    /// A URL cache in the configuration a test passes in could answer before the cassette (Apple's
    /// URLSession honours `returnCacheDataElseLoad` for custom protocols), and on Linux its lookup
    /// costs about 40 µs a request: the cassette's session has none, and the cassette answers.
    @Test func aURLCacheNeverAnswersInPlaceOfTheCassette() async throws {
        let directory = try TemporaryDirectory()
        let url = URL(string: "\(Self.base)/profile")!
        let file = try write(
            [
                Interaction(
                    request: RecordedRequest(method: "GET", url: url.absoluteString), outcome: response("recorded"))
            ],
            in: directory)
        let cache = URLCache(memoryCapacity: 1 << 20, diskCapacity: 0, diskPath: nil)
        let stale = HTTPURLResponse(
            url: url, statusCode: 200, httpVersion: "HTTP/1.1",
            headerFields: ["Content-Type": "text/plain", "Cache-Control": "max-age=3600"])!
        cache.storeCachedResponse(
            CachedURLResponse(response: stale, data: Data("cached".utf8)), for: URLRequest(url: url))
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = cache
        configuration.requestCachePolicy = .returnCacheDataElseLoad
        let cassette = try openCassette(file, .replay)
        let session = cassette.session(configuration: configuration)
        #expect(session.configuration.urlCache == nil)
        let (data, _) = try await session.fetch(url)
        #expect(String(decoding: data, as: UTF8.self) == "recorded")
        #expect(cassette.misses.isEmpty)
    }

    @Test func repeatLastServesTheLastAnswerAgain() async throws {
        let directory = try TemporaryDirectory()
        let request = RecordedRequest(method: "GET", url: "\(Self.base)/poll")
        let file = try write(
            ["pending", "done"].map { Interaction(request: request, outcome: response($0)) }, in: directory)
        let cassette = try openCassette(file, .replay, whenExhausted: .repeatLast)
        var answers: [String] = []
        for _ in 0..<4 {
            let (data, _) = try await cassette.session().fetch(URL(string: "\(Self.base)/poll")!)
            answers.append(String(decoding: data, as: UTF8.self))
        }
        #expect(answers == ["pending", "done", "done", "done"])
    }

    @Test func aMissExplainsWhatDifferedFromTheNearestRecordedRequest() async throws {
        let directory = try TemporaryDirectory()
        let json = [HTTPHeader("Content-Type", "application/json")]
        let recorded = RecordedRequest(
            method: "POST", url: "\(Self.base)/v1/users?page=1", headers: json,
            body: Data(#"{"name":"Ada","age":36}"#.utf8))
        let other = RecordedRequest(method: "GET", url: "\(Self.base)/v1/status")
        let file = try write(
            [
                Interaction(request: other, outcome: response("ok")),
                Interaction(request: recorded, outcome: response("created", status: 201)),
            ],
            in: directory)
        let cassette = try openCassette(file, .replay)
        let live = RecordedRequest(
            method: "POST", url: "\(Self.base)/v1/users?page=2", headers: json,
            body: Data(#"{"name":"Bob","age":36}"#.utf8))
        var urlRequest = URLRequest(url: URL(string: live.url)!)
        urlRequest.httpMethod = "POST"
        urlRequest.httpBody = live.body
        urlRequest.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let thrown: (any Error)?
        do {
            _ = try await cassette.session().data(for: urlRequest)
            thrown = nil
        } catch {
            thrown = error
        }
        let liveHash = RequestIdentity(strict: live).bodyHash.prefix(12)
        let recordedHash = RequestIdentity(strict: recorded).bodyHash.prefix(12)
        let expected = """
            \(file.path): error: no recorded interaction matches POST \(Self.base)/v1/users?page=2 (body sha256 \(liveHash))
              nearest recorded request, interactions[1]: POST \(Self.base)/v1/users?page=1 (body sha256 \(recordedHash))
              differs in: query (only in request: page=2; only in recording: page=1); body (JSON differs at $.name)
              to record it, run: CASSETTE_MODE=newEpisodes swift test --filter <test> (the test's name as `swift test list` prints it)
            """
        #expect(cassette.misses.map(\.description) == [expected])
        // The caller's error carries the same explanation.
        #expect(thrown.map { "\($0)" }?.contains("no recorded interaction matches POST") == true)
        #expect((thrown as? CassetteError) == .noMatch(cassette.misses[0]))
    }

    @Test func methodAndPathDifferencesAreNamed() async throws {
        let directory = try TemporaryDirectory()
        let file = try write(
            [
                Interaction(
                    request: RecordedRequest(method: "GET", url: "\(Self.base)/v1/users"), outcome: response("[]"))
            ],
            in: directory)
        let cassette = try openCassette(file, .replay)
        _ = try? await cassette.session().fetch(URL(string: "\(Self.base)/v1/user")!, method: "DELETE")
        let differences = try #require(cassette.misses.first?.nearest?.differences)
        #expect(
            differences == [
                "method (DELETE vs recorded GET)",
                "path (http://api.example.test/v1/user vs recorded http://api.example.test/v1/users)",
            ])
    }

    @Test func anEmptyCassetteSaysSo() async throws {
        let directory = try TemporaryDirectory()
        let file = try write([], in: directory)
        let cassette = try openCassette(file, .replay)
        _ = try? await cassette.session().fetch(URL(string: "\(Self.base)/x")!)
        #expect(cassette.misses.first?.description.contains("the cassette has no interactions") == true)
    }

    @Test func requestsAfterFinishFailClearly() async throws {
        let directory = try TemporaryDirectory()
        let file = try write(
            [Interaction(request: RecordedRequest(method: "GET", url: "\(Self.base)/x"), outcome: response("x"))],
            in: directory)
        let cassette = try openCassette(file, .replay)
        let session = cassette.session()
        try await cassette.finish()
        do {
            _ = try await session.fetch(URL(string: "\(Self.base)/x")!)
            Issue.record("a request after finish was served")
        } catch {
            #expect("\(error)".contains("request made after the cassette was finished"))
        }
    }

    @Test func replayNeverWritesTheCassette() async throws {
        let directory = try TemporaryDirectory()
        let file = try write(
            [Interaction(request: RecordedRequest(method: "GET", url: "\(Self.base)/x"), outcome: response("x"))],
            in: directory)
        let before = try Data(contentsOf: file)
        let cassette = try openCassette(file, .replay)
        _ = try await cassette.session().fetch(URL(string: "\(Self.base)/x")!)
        _ = try? await cassette.session().fetch(URL(string: "\(Self.base)/unrecorded")!)
        try await cassette.finish()
        #expect(try Data(contentsOf: file) == before)
    }
}
