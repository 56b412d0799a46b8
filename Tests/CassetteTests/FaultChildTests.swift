import Cassette
import CassetteTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The child side of `FaultTests`: each test does its work only when `FaultTests` runs this
/// bundle again with the test's environment variable set, and returns at once otherwise.
@Suite struct FaultChildTests {
    /// `CASSETTE_FAULT_CHILD=<file>`: writes the two documents of `FaultTests` to the file, one
    /// after the other, until the parent kills the process. Creates `<file>.started` first. Stops
    /// by itself if the parent goes away first (an interrupted test run), or after two minutes.
    @Test func childWritesCassettesUntilKilled() throws {
        guard let path = ProcessInfo.processInfo.environment["CASSETTE_FAULT_CHILD"] else { return }
        let file = URL(fileURLWithPath: path)
        let documents = [FaultDocuments.first, FaultDocuments.second]
        let parent = getppid()
        let deadline = Date().addingTimeInterval(120)
        try Data().write(to: URL(fileURLWithPath: path + ".started"))
        var index = 0
        while getppid() == parent, index % 64 != 0 || Date() < deadline {
            try documents[index % 2].write(to: file)
            index += 1
        }
    }

    /// `CASSETTE_FSIZE_CHILD=<file>`: with files limited to 64 KiB (and `SIGXFSZ` ignored, so the
    /// write fails with `EFBIG` rather than killing the process), records a 200 KB response over
    /// the cassette at `<file>` and writes the error `finish()` throws to `<file>.error`.
    @Test func childFinishesACassetteOnAFullDisk() async throws {
        guard let path = ProcessInfo.processInfo.environment["CASSETTE_FSIZE_CHILD"] else { return }
        let server = try TestHTTPServer()
        signal(SIGXFSZ, SIG_IGN)
        var limit = rlimit(rlim_cur: 64 * 1024, rlim_max: 64 * 1024)
        #if canImport(Glibc)
            try #require(setrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limit) == 0)
        #else
            try #require(setrlimit(RLIMIT_FSIZE, &limit) == 0)
        #endif
        let cassette = try openCassette(URL(fileURLWithPath: path), .record)
        _ = try await cassette.session().fetch(server.url("/large?bytes=200000"))
        do {
            try await cassette.finish()
            Issue.record("finish() succeeded past the file size limit")
        } catch {
            try Data(error.description.utf8).write(to: URL(fileURLWithPath: path + ".error"))
        }
    }
}

/// The two documents the killed writer alternates between: large enough that a write takes a
/// while, and different in every interaction.
enum FaultDocuments {
    static let first = document(tag: "first")
    static let second = document(tag: "second")

    static func document(tag: String) -> CassetteDocument {
        let body = Data(String(repeating: "\(tag) ", count: 200).utf8)
        return CassetteDocument(
            interactions: (0..<100).map { index in
                Interaction(
                    request: RecordedRequest(method: "GET", url: "http://127.0.0.1/\(tag)/\(index)"),
                    outcome: .response(
                        RecordedResponse(
                            status: 200, headers: [HTTPHeader("Content-Type", "text/plain")], body: body)))
            })
    }
}
