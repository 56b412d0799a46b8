import CassetteCore
import Testing

@testable import CassetteServe

/// What of a request is recorded, and what of a recorded response goes on the wire.
@Suite struct WireHeadersTests {
    @Test func theConnectionsOwnFieldsAreNotRecorded() {
        let recorded = WireHeaders.recorded(
            [
                ("Host", "127.0.0.1:8080"), ("Connection", "keep-alive, X-Hop"), ("X-Hop", "1"), ("Keep-Alive", "5"),
                ("Content-Length", "5"), ("Transfer-Encoding", "chunked"), ("Expect", "100-continue"),
                ("Accept-Encoding", "gzip"), ("Authorization", "Bearer t"), ("Accept", "application/json"),
                ("Cassette-Name", "Users"), ("Set-Cookie-Like", "a"), ("Set-Cookie-Like", "b"),
            ], dropping: "cassette-name")
        #expect(
            recorded == [
                HTTPHeader("Authorization", "Bearer t"), HTTPHeader("Accept", "application/json"),
                HTTPHeader("Set-Cookie-Like", "a"), HTTPHeader("Set-Cookie-Like", "b"),
            ])
    }

    @Test func aRecordedResponseLosesItsFramingOnTheWire() {
        let headers = [
            HTTPHeader("Content-Type", "text/plain"), HTTPHeader("Content-Length", "12"),
            HTTPHeader("Transfer-Encoding", "chunked"), HTTPHeader("Connection", "close"),
            HTTPHeader("Set-Cookie", "a=1"), HTTPHeader("Set-Cookie", "b=2"),
        ]
        let wire = WireHeaders.wire(headers, keepingLength: false)
        #expect(wire.map(\.name) == ["Content-Type", "Set-Cookie", "Set-Cookie"])
        #expect(WireHeaders.wire(headers, keepingLength: true).map(\.name).contains("Content-Length"))
        #expect(WireHeaders.isChunked(headers))
        #expect(!WireHeaders.isChunked([HTTPHeader("Content-Length", "3")]))
    }

    @Test func anUpstreamBaseMapsPathsAndKeepsItsPrefix() {
        #expect(
            UpstreamBase("https://api.example.com/").url(for: "/v1/users?page=2")
                == "https://api.example.com/v1/users?page=2")
        #expect(UpstreamBase("https://api.example.com/v2").url(for: "/users") == "https://api.example.com/v2/users")
        #expect(UpstreamBase("http://127.0.0.1:8080").url(for: "*") == "http://127.0.0.1:8080/")
        #expect(UpstreamBase.origin(of: "HTTPS://API.Example.com:8443/x?y") == "https://api.example.com:8443")
        #expect(UpstreamBase.origin(of: "/relative") == nil)
    }

    @Test func theErrorHeaderIsOnePrintableLine() {
        #expect(OwnAnswer.headerValue("a: error: x\n  more") == "a: error: x")
        #expect(OwnAnswer.headerValue("caf\u{E9} \u{7}bell") == "caf? ?bell")
        #expect(OwnAnswer.headerValue(String(repeating: "x", count: 2000)).count == 512)
    }
}
