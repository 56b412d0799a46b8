import Foundation

// `@testable`: the ASCII word split of ScrubNameMatcher is internal to CassetteCore; scripts/fuzz
// builds with -enable-testing.
@testable import CassetteCore

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
        if let document = try? CassetteDocument.decode(data, path: "fuzz.json") {
            let scrubbed = scrubber.scrub(document)
            _ = scrubber.findings(in: document)
            _ = scrubbed.encoded()
            requests += document.interactions.map(\.request)
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
}
