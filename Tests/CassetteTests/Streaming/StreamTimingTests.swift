import Cassette
import CassetteTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Opt-in stream timing: the gaps are kept only when the project or the options ask, replay paces
/// only when asked, and pacing never changes what the caller gets. (How long anything takes is the
/// benchmark's business, not a test's.)
@Suite struct StreamTimingTests {
    static let route = "/stream/drip?count=3&ms=20"

    func recordedStream(_ file: URL) throws -> [String: Any] {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        let interaction = try #require((json["interactions"] as? [[String: Any]])?.first)
        return try #require((interaction["response"] as? [String: Any])?["stream"] as? [String: Any])
    }

    @Test func theProjectsRecordSectionKeepsOneRoundedGapPerChunk() async throws {
        let server = try TestHTTPServer()
        let package = try ScratchPackage()
        try package.write(".cassette.json", #"{"record": {"streamTiming": true}}"#)
        let file = package.url("Cassettes/Drip.json")
        let cassette = try Cassette(fileURL: file, mode: .record, options: testOptions())
        _ = await StreamedFetch.fetch(URLRequest(url: server.url(Self.route))) { cassette.session(delegate: $0) }
        try await cassette.finish()
        let stream = try recordedStream(file)
        let gaps = try #require(stream["gaps"] as? [Int])
        #expect(gaps.count == 3)
        #expect(gaps.allSatisfy { $0 == 0 || $0 % 10 == 0 }, "rounded: \(gaps)")
    }

    @Test func aWrongValueIsAnErrorAtItsPlaceListingTheKeys() throws {
        let package = try ScratchPackage()
        try package.write(".cassette.json", "{\n  \"record\": {\"streamTiming\": \"yes\"}\n}\n")
        #expect {
            _ = try Cassette(fileURL: package.url("Cassettes/X.json"), mode: .record, options: testOptions())
        } throws: { error in
            let text = String(describing: error)
            return text.contains(".cassette.json:2:") && text.contains("streamTiming")
        }
        let other = try ScratchPackage()
        try other.write(".cassette.json", "{\n  \"record\": {\"streamTimings\": true}\n}\n")
        #expect {
            _ = try Cassette(fileURL: other.url("Cassettes/X.json"), mode: .record, options: testOptions())
        } throws: { error in
            let text = String(describing: error)
            return text.contains(".cassette.json:2:") && text.contains("\"streamTiming\"")
                && text.contains("\"maxBodyBytes\"")
        }
    }

    @Test(arguments: [Cassette.StreamTiming.fullSpeed, .recorded(speed: 4), .recorded(speed: 0.5)])
    func pacingChangesNothingTheCallerGets(timing: Cassette.StreamTiming) async throws {
        let server = try TestHTTPServer()
        let directory = try TemporaryDirectory()
        let file = directory.file("Drip.json")
        var options = testOptions()
        options.recordStreamTiming = true
        let recorder = try Cassette(fileURL: file, mode: .record, options: options)
        let live = await StreamedFetch.fetch(URLRequest(url: server.url(Self.route))) { recorder.session(delegate: $0) }
        try await recorder.finish()
        server.stop()
        options.streamTiming = timing
        options.whenExhausted = .repeatLast
        let player = try Cassette(fileURL: file, mode: .replay, options: options)
        let replayed = await StreamedFetch.fetch(URLRequest(url: server.url(Self.route))) {
            player.session(delegate: $0)
        }
        #expect(replayed.chunks == live.chunks)
        #expect(replayed.error == nil)
        let (data, _) = try await player.session().fetch(server.url(Self.route))
        #expect(data == live.body)
        try await player.finish()
    }

    @Test func aPacedCutStreamStillEndsWithItsError() async throws {
        let server = try TestHTTPServer()
        let directory = try TemporaryDirectory()
        let file = directory.file("Cut.json")
        var options = testOptions()
        options.recordStreamTiming = true
        let recorder = try Cassette(fileURL: file, mode: .record, options: options)
        let url = server.url("/stream/cut?count=2&ms=10")
        let live = await StreamedFetch.fetch(URLRequest(url: url)) { recorder.session(delegate: $0) }
        try await recorder.finish()
        server.stop()
        options.streamTiming = .recorded(speed: 2)
        let player = try Cassette(fileURL: file, mode: .replay, options: options)
        let replayed = await StreamedFetch.fetch(URLRequest(url: url)) { player.session(delegate: $0) }
        #expect(replayed.chunks == live.chunks)
        #expect(replayed.error?.code == live.error?.code && replayed.error != nil)
        try await player.finish()
    }

    @Test func theEnvironmentAsksForRecordedTimingAndASpeed() {
        #expect(Cassette.StreamTiming.from(environment: [:]) == .fullSpeed)
        #expect(Cassette.StreamTiming.from(environment: ["CASSETTE_STREAM_TIMING": "off"]) == .fullSpeed)
        #expect(Cassette.StreamTiming.from(environment: ["CASSETTE_STREAM_TIMING": "recorded"]) == .recorded(speed: 1))
        #expect(
            Cassette.StreamTiming.from(environment: [
                "CASSETTE_STREAM_TIMING": "recorded", "CASSETTE_STREAM_SPEED": "3",
            ])
                == .recorded(speed: 3))
        #expect(
            Cassette.StreamTiming.from(environment: [
                "CASSETTE_STREAM_TIMING": "recorded", "CASSETTE_STREAM_SPEED": "-1",
            ])
                == .recorded(speed: 1))
    }
}
