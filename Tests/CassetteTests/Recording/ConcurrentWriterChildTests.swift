import Cassette
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The child side of `ConcurrentWriterTests`: does its work only when that suite runs this bundle
/// again with `CASSETTE_WRITER_CHILD` set, and returns at once otherwise.
@Suite struct ConcurrentWriterChildTests {
    /// `CASSETTE_WRITER_CHILD=<file>`, `CASSETTE_WRITER_ID=<n>`, `CASSETTE_CHILD_SERVER=<url>`: opens
    /// the cassette in newEpisodes, fetches the URL, creates `<file>.ready-<n>`, waits for
    /// `<file>.go` (at most a minute), and finishes.
    @Test func childAddsAnEpisode() async throws {
        let environment = ProcessInfo.processInfo.environment
        guard let path = environment["CASSETTE_WRITER_CHILD"], let id = environment["CASSETTE_WRITER_ID"],
            let url = environment["CASSETTE_CHILD_SERVER"].flatMap(URL.init(string:))
        else { return }
        let cassette = try Cassette(fileURL: URL(fileURLWithPath: path), mode: .newEpisodes, options: testOptions())
        _ = try await cassette.session().fetch(url)
        try Data().write(to: URL(fileURLWithPath: path + ".ready-\(id)"))
        let deadline = Date().addingTimeInterval(60)
        while !FileManager.default.fileExists(atPath: path + ".go"), Date() < deadline {
            try await Task.sleep(for: .milliseconds(2))
        }
        try await cassette.finish()
    }
}
