import CassetteCore
import CassetteTestSupport
import Foundation
import Testing

/// Replay normalises an ASCII URL in one pass over its bytes; these tests hold that pass to the
/// normalisation by URL parts on URLs built to reach every step and its corners.
@Suite struct URLNormalizerTests {
    static let schemes = ["https", "HTTP", "Ws", "wss", "ftp", "h"]
    static let authorities = [
        "api.example.com", "API.Example.COM:443", "example.com:80", "example.com:8080", "User:Pa%3as@Host.com",
        "a@b@Host:80", "[::1]", "[::1]:443", "[FE80::1%25eth0]:8443", "host:", "host:080", "", "@", ":",
    ]
    static let paths = ["", "/", "/v1/Items", "/a%2fb%e2%82%ac", "/%", "/x%a", "/%zz", "//double", "/a:b@c"]
    static let queries = [
        nil, "", "b=2&a=1", "&z=1&&a=", "q=%e2%82%ac&Q=%41", "%&a=1", "a&a&a", "x=1%", "k=%aa&k=%AA", "&", "?=?",
    ]
    static let fragments = [nil, "", "frag", "a?b=1&c", "#"]

    @Test func theByteLevelPassGivesWhatTheURLPartsGiveOnEveryCombination() {
        var checked = 0
        for scheme in Self.schemes {
            for authority in Self.authorities {
                for path in Self.paths {
                    for query in Self.queries {
                        for fragment in Self.fragments {
                            var url = "\(scheme)://\(authority)\(path)"
                            if let query { url += "?" + query }
                            if let fragment { url += "#" + fragment }
                            #expect(
                                RequestIdentity.normalizedURL(url) == RequestIdentity.normalizedURL(characters: url),
                                "\(url)")
                            checked += 1
                        }
                    }
                }
            }
        }
        #expect(checked == 6 * 14 * 9 * 11 * 5)
    }

    @Test(arguments: [
        "no-scheme/path?b=1&a=2#f", "mailto:ada@example.com", "http:/one-slash?b&a", "", "?", "#", "://", "a://",
        "http://h?", "http://h#", "http://h/?#",
    ])
    func urlsWithoutAnAuthorityOrWithNothingAfterItAgree(url: String) {
        #expect(RequestIdentity.normalizedURL(url) == RequestIdentity.normalizedURL(characters: url))
    }

    @Test func randomASCIIURLsAgree() {
        var generator = SplitMix(seed: 2026)
        let alphabet = Array("ab:/?#&=%@[]AF09.-_~+ ".utf8)
        for _ in 0..<20_000 {
            let length = Int(generator.next() % 40)
            let bytes = (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            let url = "http://" + String(decoding: bytes, as: UTF8.self)
            #expect(RequestIdentity.normalizedURL(url) == RequestIdentity.normalizedURL(characters: url), "\(url)")
        }
    }

    @Test func aURLOutsideASCIIIsNormalisedByItsParts() {
        let url = "HTTPS://Bücher.Example:443/Straße?b=%e2&a=ü#x"
        #expect(RequestIdentity.normalizedURL(url) == "https://bücher.example/Straße?a=ü&b=%E2")
    }
}
