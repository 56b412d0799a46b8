import CassetteTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What each kind of URLSession task gets from a URLProtocol that calls `didLoad` several times for
/// one response: the platform facts replaying a stream is built on (see PLATFORM-NOTES.md).
@Suite struct URLProtocolStreamingTests {
    static let chunks = ["one", "two", "three"]

    static func configuration() -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [ChunkedStubProtocol.self]
        return configuration
    }

    static func url(pauseMilliseconds: Int, fails: Bool = false) -> URL {
        URL(
            string:
                "stub://stream/?chunks=\(chunks.joined(separator: ","))&ms=\(pauseMilliseconds)\(fails ? "&fail=1" : "")"
        )!
    }

    @Test(arguments: [0, 20])
    func aDataDelegateGetsOneDidReceivePerDidLoadCall(pauseMilliseconds: Int) async {
        let fetch = await StreamedFetch.fetch(
            URLRequest(url: Self.url(pauseMilliseconds: pauseMilliseconds)), configuration: Self.configuration())
        #expect(fetch.chunks.map { String(decoding: $0, as: UTF8.self) } == Self.chunks)
        #expect(fetch.error == nil)
    }

    @Test(arguments: [0, 20])
    func anErrorAfterTheChunksReachesTheDelegateAfterThem(pauseMilliseconds: Int) async {
        let fetch = await StreamedFetch.fetch(
            URLRequest(url: Self.url(pauseMilliseconds: pauseMilliseconds, fails: true)),
            configuration: Self.configuration())
        #expect(fetch.chunks.map { String(decoding: $0, as: UTF8.self) } == Self.chunks)
        #expect(fetch.error?.code == .networkConnectionLost, "the protocol's own error, unchanged")
    }

    /// `data(for:)` and a completion handler keep only the last `didLoad` on Linux, with or without
    /// pauses between the calls: a replayed body must reach them in one call. Apple platforms are
    /// reported to deliver every chunk; not measurable here.
    @Test(arguments: [0, 20])
    func dataForAndCompletionHandlersGetWhatTheDidLoadCallsAmountTo(pauseMilliseconds: Int) async throws {
        let session = URLSession(configuration: Self.configuration())
        defer { session.invalidateAndCancel() }
        let url = Self.url(pauseMilliseconds: pauseMilliseconds)
        let (data, _) = try await session.data(for: URLRequest(url: url))
        let handed: Data = await withCheckedContinuation { continuation in
            session.dataTask(with: url) { data, _, _ in continuation.resume(returning: data ?? Data()) }.resume()
        }
        #if canImport(FoundationNetworking)
            let expected = "three"
            let note =
                "Linux kept only the last didLoad when measured; if this fails the toolchain changed: "
                + "update PLATFORM-NOTES.md and the replay's one-didLoad delivery for non-delegate tasks"
        #else
            let expected = "onetwothree"
            let note = "Apple platforms are reported to deliver every didLoad"
        #endif
        #expect(String(decoding: data, as: UTF8.self) == expected, "data(for:): \(note)")
        #expect(String(decoding: handed, as: UTF8.self) == expected, "completion handler: \(note)")
    }

    /// Why replay cannot give every task on one session what it can take: on a session with a data
    /// delegate, `data(for:)` still keeps only the last `didLoad` on Linux, and the delegate hears
    /// nothing of that task, so the protocol has nothing to tell the two kinds of task apart by. Replay
    /// therefore chooses per session (``Cassette/session(configuration:delegate:)``).
    @Test func dataForOnASessionWithADataDelegateStillKeepsOnlyTheLastDidLoad() async throws {
        final class Delegate: NSObject, URLSessionDataDelegate, Sendable {}
        let session = URLSession(configuration: Self.configuration(), delegate: Delegate(), delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        let (data, _) = try await session.data(for: URLRequest(url: Self.url(pauseMilliseconds: 0)))
        #if canImport(FoundationNetworking)
            #expect(
                String(decoding: data, as: UTF8.self) == "three",
                "Linux kept only the last didLoad when measured; if this fails the toolchain changed: update PLATFORM-NOTES.md and ProtocolSink's per-session choice"
            )
        #else
            #expect(String(decoding: data, as: UTF8.self) == "onetwothree")
        #endif
    }

    @Test func dataForThrowsTheProtocolsErrorAfterChunks() async {
        let session = URLSession(configuration: Self.configuration())
        defer { session.invalidateAndCancel() }
        await #expect(throws: URLError(.networkConnectionLost)) {
            _ = try await session.data(for: URLRequest(url: Self.url(pauseMilliseconds: 0, fails: true)))
        }
    }
}
