import Cassette
import CassetteCore
import CassetteTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends every interaction's request of the cassette at `file` through a replaying cassette, in
/// file order (identical requests are answered in that order), and returns what the library served.
func replayEveryInteraction(of file: URL) async throws -> [(
    interaction: Interaction, body: Data, response: HTTPURLResponse
)] {
    let document = try CassetteDocument.read(from: file)
    let cassette = try Cassette(fileURL: file, mode: .replay, options: testOptions())
    let session = cassette.session()
    var served: [(Interaction, Data, HTTPURLResponse)] = []
    for interaction in document.interactions {
        var request = URLRequest(url: try #require(URL(string: interaction.request.url)))
        request.httpMethod = interaction.request.method
        request.httpBody = interaction.request.body
        for header in interaction.request.headers { request.addValue(header.value, forHTTPHeaderField: header.name) }
        let (data, response) = try await session.data(for: request)
        served.append((interaction, data, try #require(response as? HTTPURLResponse)))
    }
    #expect(cassette.misses.isEmpty)
    return served
}

/// The served body equals `expected`: as JSON values when both parse as JSON (replay serves JSON
/// re-encoded compactly with sorted keys), byte for byte otherwise. Members named in `ignoring`
/// (values the scrubber masks, such as `email`) are left out of the comparison.
func bodiesAgree(_ served: Data, _ expected: Data, ignoring keys: Set<String> = []) -> Bool {
    if served == expected { return true }
    guard let left = try? JSONSerialization.jsonObject(with: served, options: [.fragmentsAllowed]),
        let right = try? JSONSerialization.jsonObject(with: expected, options: [.fragmentsAllowed])
    else { return false }
    func without(_ value: Any) -> Any {
        if let object = value as? [String: Any] {
            return object.filter { !keys.contains($0.key) }.mapValues(without)
        }
        if let array = value as? [Any] { return array.map(without) }
        return value
    }
    return (without(left) as? NSObject)?.isEqual(without(right)) == true
}

/// HAR files in the formats Chrome, Firefox and mitmproxy write, imported with `cassette import`'s
/// Core mapping and replayed through the library: the client gets the status, headers and bodies the
/// HAR holds.
@Suite struct HARReplayTests {
    /// Imports `fixture` into a fresh cassette and replays it; returns the served answers with the
    /// HAR entry each final response came from (matched by URL and method).
    func importAndReplay(_ fixture: String) async throws -> (
        archive: HARArchive, served: [(interaction: Interaction, body: Data, response: HTTPURLResponse)]
    ) {
        let directory = try TemporaryDirectory()
        let cassette = directory.file("Imported.json")
        _ = try HARImporter.importHAR(
            at: HARFixtures.url(fixture), harPath: fixture, into: cassette, cassettePath: "Imported.json")
        let archive = try HARArchive.read(from: HARFixtures.url(fixture), path: fixture)
        return (archive, try await replayEveryInteraction(of: cassette))
    }

    /// The final HAR entry of a served interaction: the entry whose URL is the response's.
    func finalEntry(of served: HTTPURLResponse, in archive: HARArchive) throws -> HARArchive.Entry {
        let url = try #require(served.url?.absoluteString)
        return try #require(
            archive.entries.last {
                RequestIdentity.sortingQueryItems($0.request.url) == url && $0.response.status == served.statusCode
            })
    }

    /// Every served answer carries the HAR's status, body and headers (less `Content-Encoding`, as
    /// the body is decoded; `Content-Length` fitting the body; scrubbed `Set-Cookie` values).
    func expectServedAnswersMatchTheHAR(_ fixture: String, count: Int) async throws {
        let (archive, served) = try await importAndReplay(fixture)
        #expect(served.count == count)
        for (interaction, body, response) in served {
            let entry = try finalEntry(of: response, in: archive)
            #expect(response.statusCode == entry.response.status)
            #expect(bodiesAgree(body, entry.response.body ?? Data(), ignoring: ["email"]), "\(interaction.request.url)")
            // The emails of the captures never reach the client: the scrubber masked them on import.
            #expect(!String(decoding: body, as: UTF8.self).contains("@example.com"))
            for header in entry.response.headers {
                let name = header.name.lowercased()
                if ["content-encoding", "content-length", "set-cookie"].contains(name) { continue }
                #expect(response.value(forHTTPHeaderField: header.name) == header.value, "\(header.name)")
            }
            #expect(response.value(forHTTPHeaderField: "Content-Encoding") == nil)
            if let length = response.value(forHTTPHeaderField: "Content-Length") {
                #expect(Int(length) == body.count)
            }
        }
    }

    @Test func aChromeCaptureReplaysTheAnswersItHolds() async throws {
        try await expectServedAnswersMatchTheHAR("chrome.har", count: 4)
    }

    @Test func aFirefoxCaptureReplaysTheAnswersItHolds() async throws {
        try await expectServedAnswersMatchTheHAR("firefox.har", count: 4)
    }

    @Test func aMitmproxyCaptureReplaysTheAnswersItHolds() async throws {
        try await expectServedAnswersMatchTheHAR("mitmproxy.har", count: 6)
    }

    @Test func aRedirectChainLoggedAsSeparateEntriesReplaysAsURLSessionShowsIt() async throws {
        let (_, served) = try await importAndReplay("chrome.har")
        let login = try #require(served.first { $0.interaction.request.url == "https://www.example.com/login" })
        #expect(login.interaction.redirects.map(\.status) == [302, 301])
        #expect(login.response.statusCode == 200)
        #expect(login.response.url?.absoluteString == "https://www.example.com/account/")
        #expect(String(decoding: login.body, as: UTF8.self).contains("Welcome back"))
    }

    @Test func aBase64ImageIsServedByteForByte() async throws {
        let (archive, served) = try await importAndReplay("firefox.har")
        let image = try #require(served.first { $0.interaction.request.url.hasSuffix("/badge.png") })
        let entry = try #require(archive.entries.first { $0.request.url.hasSuffix("/badge.png") })
        #expect(image.body == entry.response.body)
        #expect(image.body.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(image.response.value(forHTTPHeaderField: "Content-Type") == "image/png")
    }
}

/// Replays a cassette named by `CASSETTE_HAR_REPLAY` (`scripts/check-har-tools` points it at the
/// cassette it imported from mitmproxy's HAR): every recorded request is answered with its recorded
/// status and body.
@Suite struct HARToolReplayTests {
    static let cassette = ProcessInfo.processInfo.environment["CASSETTE_HAR_REPLAY"]

    @Test(.enabled(if: cassette != nil, "set CASSETTE_HAR_REPLAY to a cassette file to replay it"))
    func everyInteractionOfTheNamedCassetteReplays() async throws {
        let served = try await replayEveryInteraction(of: URL(fileURLWithPath: try #require(Self.cassette)))
        #expect(!served.isEmpty)
        for (interaction, body, response) in served {
            let recorded = try #require(interaction.response)
            #expect(response.statusCode == recorded.status, "\(interaction.request.url)")
            #expect(bodiesAgree(body, recorded.body ?? Data()), "\(interaction.request.url)")
        }
    }
}
