import Cassette
import CassetteCore
import CassetteTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A replayed transport error carries nothing of the live request unscrubbed: not in its
/// description, not in any `userInfo` value (the failing-URL keys among them).
@Suite struct ReplayedErrorScrubTests {
    static let secret = "sk_live_4eC39HqLyjWDarjtT1zdp7dc"

    /// Every string an error shows: its description, and its user info's values, recursively.
    static func everything(_ error: any Error) -> [String] {
        let nsError = error as NSError
        var texts = ["\(error)", nsError.description, nsError.localizedDescription]
        for (key, value) in nsError.userInfo {
            texts.append(key)
            if let underlying = value as? any Error {
                texts += everything(underlying)
            } else {
                texts.append("\(value)")
            }
        }
        return texts
    }

    @Test func aReplayedTransportErrorCarriesOnlyTheScrubbedURL() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("Refused.json")
        let closed = TestHTTPServer.closedPort()
        defer { withExtendedLifetime(closed) {} }
        let url = try #require(URL(string: "http://127.0.0.1:\(closed.port)/v1/charges?api_key=\(Self.secret)"))
        let recorder = try openCassette(file, .record)
        _ = try? await recorder.session().fetch(url)
        try await recorder.finish()
        #expect(!(try fileText(file)).contains(Self.secret))

        let player = try openCassette(file, .replay)
        do {
            _ = try await player.session().fetch(url)
            Issue.record("replay of a refused connection succeeded")
        } catch {
            #expect((error as? URLError)?.code == .cannotConnectToHost)
            let leaks = Self.everything(error).filter { $0.contains(Self.secret) }
            #expect(leaks.isEmpty, "the replayed error shows the live secret: \(leaks)")
            // The failing URL is still there, scrubbed, for code that reads it.
            let failing = (error as? URLError)?.failingURL?.absoluteString ?? ""
            #expect(failing.hasPrefix("http://127.0.0.1:\(closed.port)/v1/charges?api_key="), "\(failing)")
            let failingString = (error as NSError).userInfo["NSErrorFailingURLStringKey"] as? String
            #expect(failingString == failing)
        }
    }
}
