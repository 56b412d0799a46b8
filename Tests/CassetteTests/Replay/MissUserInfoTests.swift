import Cassette
import CassetteTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A miss whose only difference from the nearest recording is the URL's user info names it.
@Suite struct MissUserInfoTests {
    @Test func aMissThatDiffersOnlyInUserInfoSaysSo() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("UserInfo.json")
        try CassetteDocument(interactions: [
            Interaction(
                request: RecordedRequest(method: "GET", url: "http://ada@api.example.test/v1/users"),
                outcome: .response(Fixtures.response("[]", contentType: "text/plain")))
        ]).write(to: file)
        let cassette = try openCassette(file, .replay)
        _ = try? await cassette.session().fetch(try #require(URL(string: "http://grace@api.example.test/v1/users")))
        let miss = try #require(cassette.misses.first)
        #expect(miss.nearest?.differences == ["URL user info (grace@ vs recorded ada@)"])
        #expect(miss.description.contains("  differs in: URL user info (grace@ vs recorded ada@)\n"), "\(miss)")
    }
}
