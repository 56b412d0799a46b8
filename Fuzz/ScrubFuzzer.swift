import CassetteCore
import Foundation

/// The scrubber (`scripts/fuzz scrub N`), with internal shortcuts checked against the slow paths
/// they replace. Any bytes, read as a cassette when they are one and as text and a request otherwise.
enum ScrubFuzzer {
    static func test(_ data: Data) {
        let scrubber = Scrubber.default
        let text = String(decoding: data, as: UTF8.self)
        _ = scrubber.scrubText(text)

        var requests = [
            RecordedRequest(method: "GET", url: text),
            RecordedRequest(
                method: "GET", url: "https://api.example.com/v1?" + text, headers: [HTTPHeader("X-Value", text)]),
            RecordedRequest(method: "GET", url: "https://api.example.com/", headers: [HTTPHeader(text, "value")]),
            RecordedRequest(
                method: "GET", url: "https://api.example.com/?q=" + text,
                headers: [HTTPHeader("Authorization", "Bearer " + text)]),
            RecordedRequest(
                method: "POST", url: "https://api.example.com/",
                headers: [HTTPHeader("Content-Type", "application/json")],
                body: data),
        ]
        var documents = [
            CassetteDocument(interactions: [
                Interaction(
                    request: RecordedRequest(
                        method: "POST", url: "https://api.example.com/v1?q=" + text,
                        headers: [HTTPHeader("X-Value", text), HTTPHeader("Content-Type", "text/plain")],
                        body: data),
                    outcome: .response(
                        RecordedResponse(
                            status: 200, headers: [HTTPHeader("Content-Type", "application/octet-stream")],
                            body: Data([0, 1, 2]) + data + Data([0xFF, 0])))
                )
            ]),
            // The bytes as a body of their own: compressed streams, archives and MessagePack are read
            // by what they are.
            CassetteDocument(interactions: [
                Interaction(
                    request: RecordedRequest(method: "GET", url: "https://artifacts.example.com/download"),
                    outcome: .response(
                        RecordedResponse(
                            status: 200, headers: [HTTPHeader("Content-Type", "application/octet-stream")], body: data)
                    ))
            ]),
        ]
        // The container readers refuse what they cannot read; they never trap.
        let bytes = [UInt8](data)
        _ = try? Inflate.decode(bytes, limit: 1 << 20)
        _ = Gzip.open(bytes, limit: 1 << 20)
        _ = Zlib.open(bytes, limit: 1 << 20)
        _ = ZipArchive(bytes, limit: 1 << 20)
        _ = TarArchive(bytes)
        _ = Container.open(bytes, limit: 1 << 20)?.members
        if let document = try? CassetteDocument.decode(data, path: "fuzz.json") {
            documents.append(document)
            requests += document.interactions.map(\.request)
        }
        for (position, document) in documents.enumerated() {
            let scrubbed = scrubber.scrub(document)
            _ = scrubber.findings(in: document)
            // Scrubbing a scrubbed cassette changes nothing, and lint has nothing to say about it.
            if scrubber.scrub(scrubbed).encoded() != scrubbed.encoded() {
                fatalError("scrubbing a scrubbed cassette changed it")
            }
            if !scrubber.findings(in: scrubbed).isEmpty {
                fatalError("lint reports on a scrubbed cassette: \(scrubber.findings(in: scrubbed))")
            }
            // A placeholder never changes the length of a binary body (its framing); the fuzzed
            // cassettes' bodies may be text in a charset, which may change length.
            for (before, after) in zip(document.interactions, scrubbed.interactions) where position <= 1 {
                if let body = before.response?.body, String(data: body, encoding: .utf8) == nil,
                    body.count != after.response?.body?.count, !isWrittenBackWhole(body, after.response?.body)
                {
                    fatalError("scrubbing changed the length of a binary body")
                }
            }
        }
        for request in requests {
            // masked(_:) takes a shortcut when it can, else the full passes; a shortcut must give
            // what the full passes give.
            if let shortcut = scrubber.shortcutMasked(request), shortcut != scrubber.fullyMasked(request) {
                fatalError("a masking shortcut differs from the full passes")
            }
            // Matching skips masking a request whose only secrets are credentials; the passes must
            // then change nothing that its key is made of.
            let matcher = RequestMatcher(scrubber: scrubber)
            if scrubber.masksOnlyCredentials(request),
                matcher.identity(ofMasked: request) != matcher.identity(ofMasked: scrubber.fullyMasked(request))
            {
                fatalError("matching skipped masking a request whose key masking changes")
            }
        }
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            if ScrubNameMatcher.asciiWords(text) != ScrubNameMatcher.unicodeWords(text) {
                fatalError("ASCII word split differs from the Character split")
            }
            let ascii = URLParts(ascii: text)
            let characters = URLParts(characters: text)
            if ascii.scheme != characters.scheme || ascii.hasAuthority != characters.hasAuthority
                || ascii.userInfo != characters.userInfo || ascii.host != characters.host
                || ascii.port != characters.port
                || ascii.path != characters.path || ascii.query != characters.query
                || ascii.fragment != characters.fragment
            {
                fatalError("ASCII URL split differs from the Character split")
            }
            if RequestIdentity.normalizedURL(text) != RequestIdentity.normalizedURL(characters: text) {
                fatalError("the byte-level URL normalisation differs from the normalisation by parts")
            }
        }
    }

    /// Whether `scrubbed` is the container `original` is (a compressed stream or an archive, which
    /// the scrubber writes back whole with its sizes made true), opening to as many members.
    static func isWrittenBackWhole(_ original: Data, _ scrubbed: Data?) -> Bool {
        guard let scrubbed else { return false }
        func members(_ data: Data) -> Int? { Container.open([UInt8](data), limit: 32 << 20)?.members.count }
        return members(original) != nil && members(original) == members(scrubbed)
    }
}
