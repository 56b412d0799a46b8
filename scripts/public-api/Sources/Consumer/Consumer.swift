import Cassette
import Foundation
import Lookalikes

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// What a test needs from `import Cassette` alone. `scripts/check-public-api` builds this file in a
// package that depends on Cassette, beside a module of public types named like every internal type
// of Cassette (as CryptoKit declares SHA256): any internal that `import Cassette` leaked would make
// their unqualified uses in Lookalikes.swift ambiguous, and the build fail.

// A user's own type may share a name with anything inside Cassette.
struct Digest { var value = SHA256() }

func usesThePublicAPI(url: URL) async throws {
    let cassette = try Cassette(fileURL: url, mode: .replay, options: Cassette.Options(whenExhausted: .repeatLast))
    let (data, response) = try await cassette.session().data(for: URLRequest(url: url))
    _ = (data, response, cassette.misses.map(\.description))
    try await cassette.finish()
    let document = try CassetteDocument.read(from: url)
    let scrubber = Scrubber(configuration: ScrubConfiguration(headers: ["X-Tenant"]))
    _ = scrubber.findings(in: scrubber.scrub(document)).map(\.rule)
    let interaction = Interaction(
        request: RecordedRequest(method: "GET", url: "https://example.com/", headers: [HTTPHeader("Accept", "*/*")]),
        outcome: .response(RecordedResponse(status: 200)))
    _ = scrubber.masked(interaction.request)
    _ = [CassetteError.unknownMode("x")].map(\.description)
    // Any client: the transport-neutral entry point, its response and its body read both ways.
    let answer = try await cassette.response(for: interaction.request)
    _ = (answer.status, answer.url, answer.headers.value(for: "Content-Type"), try await answer.body.collect())
    for try await chunk in Cassette.Response(status: 200, url: "https://example.com/", body: .init(Data())).body {
        _ = chunk.count
    }
}
