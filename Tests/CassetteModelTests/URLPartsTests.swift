import CassetteModel
import Foundation
import Testing

/// `URLParts` splits ASCII URLs on their bytes and others by `Character`; both must agree.
@Suite struct URLPartsTests {
    static let urls = [
        "", "/", "x", "https://api.example.com", "https://api.example.com/v1/items/42?expand=owner&page=1",
        "HTTPS://API.Example.COM:443/v1/users?b=2&a=1#frag", "http://[::1]:8080/x", "http://[::1]/x",
        "http://User:Pass@Example.com:81/", "http://a@b@c/", "mailto:ada@example.com", "file:///tmp/x",
        "http://host?q=a://b", "http://host#a?b", "?only=query", "#only-fragment", "://", "a:/b://c",
        "http://host:/path", "scheme://auth/p?q#f?g", "http://example.com/a%2fb?q=%e2%82%ac",
    ]

    @Test(arguments: urls)
    func asciiSplitMatchesTheCharacterSplit(url: String) {
        let ascii = URLParts(ascii: url)
        let characters = URLParts(characters: url)
        #expect(ascii.scheme == characters.scheme)
        #expect(ascii.hasAuthority == characters.hasAuthority)
        #expect(ascii.userInfo == characters.userInfo)
        #expect(ascii.host == characters.host)
        #expect(ascii.port == characters.port)
        #expect(ascii.path == characters.path)
        #expect(ascii.query == characters.query)
        #expect(ascii.fragment == characters.fragment)
    }

    /// The one place a URL's query is taken apart and put back: only the items change.
    @Test func rewritingTheQueryKeepsEveryOtherPart() {
        let reversed: ([Substring]) -> [String] = { $0.reversed().map(String.init) }
        #expect(URLParts.rewritingQueryItems(of: "https://h/p?a=1&&b=2#f?g", reversed) == "https://h/p?b=2&a=1#f?g")
        #expect(URLParts.rewritingQueryItems(of: "https://h/p?a=1#f", { _ in [] }) == "https://h/p#f")
        #expect(URLParts.rewritingQueryItems(of: "https://h/p#f?a=1", { _ in [] }) == "https://h/p#f?a=1")
        #expect(URLParts.rewritingQueryItems(of: "https://h/p", reversed) == "https://h/p")
        #expect(URLParts.removingQueryItems(named: ["sig"], from: "/p?sig=x&b=2&s%69g=y") == "/p?b=2")
        #expect(URLParts.queryRange(of: "/p#f").map { "/p#f"[$0] } == nil)
    }
}
