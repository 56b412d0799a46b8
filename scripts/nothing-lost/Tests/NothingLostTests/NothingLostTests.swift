import Cassette
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The scenarios of `scripts/check-nothing-lost`, each run alone (`--filter`) in a process of its
/// own, with the mode and the server's address in the environment.
@Suite struct NothingLostTests {
    static let environment = ProcessInfo.processInfo.environment
    static let server = URL(string: environment["NOTHING_LOST_SERVER"] ?? "http://127.0.0.1:9")!

    static func fetch(_ path: String) async throws -> Data {
        let session = try #require(Cassette.current).session()
        let (data, response) = try await session.data(from: URL(string: path, relativeTo: server)!)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        return data
    }

    /// Two requests; with NOTHING_LOST_FAIL=1 the test fails an expectation after the first (no
    /// error is thrown), as a test that stops part-way does.
    @Test(.cassette("Good")) func recordsTwoRequests() async throws {
        _ = try await Self.fetch("/json/one")
        if Self.environment["NOTHING_LOST_FAIL"] == "1" {
            #expect(Bool(false), "failing on purpose, after one of two requests")
            return
        }
        _ = try await Self.fetch("/json/two")
    }

    /// Fetches NOTHING_LOST_ROUTE, then waits for the file NOTHING_LOST_GO (at most a minute)
    /// before the trait finishes the cassette: run twice at once, both writers have read the file
    /// before either writes it.
    @Test(.cassette("Shared")) func addsAnEpisode() async throws {
        _ = try await Self.fetch(Self.environment["NOTHING_LOST_ROUTE"] ?? "/json/base")
        guard let go = Self.environment["NOTHING_LOST_GO"] else { return }
        FileManager.default.createFile(atPath: go + ".ready-\(getpid())", contents: nil)
        let deadline = Date().addingTimeInterval(60)
        while !FileManager.default.fileExists(atPath: go), Date() < deadline {
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    /// Records through whatever `Cassettes/Linked.json` is (the script makes it a link).
    @Test(.cassette("Linked")) func recordsThroughALink() async throws {
        _ = try await Self.fetch(Self.environment["NOTHING_LOST_ROUTE"] ?? "/json/linked")
    }

    /// A large binary body, so that finish() takes long enough to be killed in the middle.
    @Test(.cassette("Big")) func recordsABigBody() async throws {
        let bytes = Self.environment["NOTHING_LOST_BYTES"] ?? "1000"
        let data = try await Self.fetch("/binary?bytes=\(bytes)")
        #expect(data.count == Int(bytes))
    }
}
