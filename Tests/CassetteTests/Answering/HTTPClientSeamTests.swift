import Cassette
import CassetteTestSupport
import Foundation
import Testing

/// The custom-seam recipe, recorded against the loopback server and replayed with it stopped.
@Suite struct HTTPClientSeamTests {
    @Test func theSeamRecordsAndReplays() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("Seam.json")
        let server = try TestHTTPServer()
        let request = APIRequest(
            method: "POST", url: server.url("/echo?via=seam"), headers: ["Content-Type": "application/json"],
            body: Data(#"{"name":"Ada"}"#.utf8))
        let recorder = try openCassette(file, .record)
        let recorded = try await CassetteHTTPClient(cassette: recorder).send(request)
        try await recorder.finish()
        server.stop()
        let cassette = try openCassette(file, .replay)
        let client: any HTTPClient = CassetteHTTPClient(cassette: cassette)
        let replayed = try await client.send(request)
        try await cassette.finish()
        #expect(recorded.status == 200 && String(decoding: recorded.body, as: UTF8.self).contains(#"\"name\":\"Ada\""#))
        #expect(replayed.status == recorded.status && replayed.body == recorded.body)
        #expect(replayed.headers["Content-Type"] == "application/json")
    }
}
