import Testing

@testable import CassetteHTTPServer

/// The request-head rules on bytes, without sockets.
@Suite struct RequestParserTests {
    static func bytes(_ text: String) -> ArraySlice<UInt8> { Array(text.utf8)[...] }

    @Test func aRequestLineSplitsIntoMethodTargetAndVersion() throws {
        let line = try RequestParser.requestLine(Self.bytes("PATCH /v1/items/7?x=%20 HTTP/1.0"))
        #expect(line == RequestLine(method: "PATCH", target: "/v1/items/7?x=%20", version: .http10))
        #expect(try RequestParser.requestLine(Self.bytes("OPTIONS * HTTP/1.1")).target == "*")
        #expect(
            try RequestParser.requestLine(Self.bytes("GET HTTPS://Example.com HTTP/1.1")).target
                == "HTTPS://Example.com")
    }

    @Test(arguments: [
        ("GET / HTTP/1.1 extra", 400), ("GET /a b HTTP/1.1", 400), ("G@T / HTTP/1.1", 400), ("GET / HTTP/1", 400),
        ("GET / http/1.1", 400), ("GET / HTTP/3.0", 505), ("GET * HTTP/1.1", 400), ("GET /\u{7f} HTTP/1.1", 400),
        ("GET /é HTTP/1.1", 400), (" GET / HTTP/1.1", 400),
    ])
    func badRequestLinesAreRefused(_ line: String, status: Int) {
        #expect(throws: RequestRejection.self) { try RequestParser.requestLine(Self.bytes(line)) }
        #expect((try? RequestParser.requestLine(Self.bytes(line))) == nil)
        do {
            _ = try RequestParser.requestLine(Self.bytes(line))
        } catch {
            #expect(error.status == status, "\(line): \(error.message)")
        }
    }

    @Test func aFieldLosesItsOptionalWhitespaceOnly() throws {
        let field = try RequestParser.headerField(Self.bytes("X-Name: \t a  b \t"))
        #expect(field.name == "X-Name" && field.value == "a  b")
        #expect(try RequestParser.headerField(Self.bytes("Empty:")).value == "")
        #expect(try RequestParser.headerField(Self.bytes("Obs-Text: caf\u{e9}")).value == "caf\u{e9}")
    }

    @Test(arguments: ["Name : v", " Name: v", "\tName: v", "Na me: v", ": v", "Name v", "Name: a\u{0}b"])
    func badFieldsAreRefused(_ line: String) {
        #expect(throws: RequestRejection.self) { try RequestParser.headerField(Self.bytes(line)) }
    }

    @Test func framingFollowsRFC9112AndRefusesEveryAmbiguity() throws {
        let v11 = HTTPVersion.http11
        #expect(try RequestParser.framing(of: [], version: v11) == BodyFraming.none)
        #expect(try RequestParser.framing(of: [("content-length", "0")], version: v11) == BodyFraming.none)
        #expect(try RequestParser.framing(of: [("Content-Length", "42")], version: v11) == .length(42))
        #expect(try RequestParser.framing(of: [("Transfer-Encoding", " CHUNKED ")], version: v11) == .chunked)
        let refused: [([(name: String, value: String)], Int)] = [
            ([("Content-Length", "1"), ("Transfer-Encoding", "chunked")], 400),
            ([("Transfer-Encoding", "chunked"), ("Content-Length", "1")], 400),
            ([("Content-Length", "1"), ("content-length", "1")], 400),
            ([("Content-Length", "-1")], 400),
            ([("Content-Length", "1e3")], 400),
            ([("Content-Length", "99999999999999999999")], 400),
            ([("Transfer-Encoding", "gzip")], 501),
            ([("Transfer-Encoding", "chunked, gzip")], 501),
            ([("Transfer-Encoding", "chunked,")], 400),
            ([("Transfer-Encoding", "chunked"), ("Transfer-Encoding", "chunked")], 400),
        ]
        for (headers, status) in refused {
            do {
                _ = try RequestParser.framing(of: headers, version: v11)
                Issue.record("\(headers) was accepted")
            } catch {
                #expect(error.status == status, "\(headers): \(error.message)")
            }
        }
    }

    @Test func chunkSizesAreHexWithExtensionsIgnored() throws {
        #expect(try RequestParser.chunkSize(Self.bytes("1A")) == 26)
        #expect(try RequestParser.chunkSize(Self.bytes("ff;name=\"v\"")) == 255)
        #expect(try RequestParser.chunkSize(Self.bytes("0")) == 0)
        #expect(try RequestParser.chunkSize(Self.bytes("10 ;ext")) == 16)
        for bad in ["", "g", "-1", "0x10", "1 2", String(repeating: "f", count: 16)] {
            #expect(throws: RequestRejection.self, "\(bad)") { try RequestParser.chunkSize(Self.bytes(bad)) }
        }
    }

    @Test func keepAliveDependsOnVersionAndConnectionOptions() {
        #expect(!RequestParser.closesConnection([], version: .http11))
        #expect(RequestParser.closesConnection([("Connection", "keep-alive, Close")], version: .http11))
        #expect(RequestParser.closesConnection([], version: .http10))
        #expect(!RequestParser.closesConnection([("connection", "Keep-Alive")], version: .http10))
    }

    @Test func expectationsOtherThan100ContinueAre417() throws {
        #expect(try RequestParser.expectsContinue([("Expect", "100-CONTINUE")], version: .http11))
        #expect(try !RequestParser.expectsContinue([("Expect", "100-continue")], version: .http10))
        #expect(throws: RequestRejection(417, "the expectation 'x' is not supported; only 100-continue")) {
            try RequestParser.expectsContinue([("Expect", "x")], version: .http11)
        }
    }
}
