import CassetteHTTPServer
import Foundation
import Testing

/// Valid requests with bytes flipped, dropped and repeated: whatever arrives, the server answers with
/// well-formed responses (or closes), never crashes or hangs, and keeps serving the next client.
@Suite struct MutatedRequestTests {
    static let original = Array(
        ("GET /items?page=2 HTTP/1.1\r\nHost: localhost\r\nAccept: application/json\r\nX-Trace: a, b\r\n\r\n"
            + "POST /items HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\nContent-Type: text/plain\r\n\r\n"
            + "5;x=y\r\nhello\r\n6\r\n world\r\n0\r\nX-Sum: 1\r\n\r\n"
            + "PUT /items/1 HTTP/1.1\r\nHost: localhost\r\nContent-Length: 4\r\nExpect: 100-continue\r\n\r\nabcd").utf8)

    static let answers: Set = [100, 200, 400, 408, 413, 414, 417, 431, 501, 505]
    static let interesting: [UInt8] = Array("\r\n\0 \t:;0f-,".utf8) + [0x7f, 0xff, 0x80]

    /// A small deterministic generator (xorshift64*), so a failing seed can be replayed.
    struct Generator {
        var state: UInt64

        mutating func next(_ bound: Int) -> Int {
            state ^= state >> 12
            state ^= state << 25
            state ^= state >> 27
            return Int((state &* 2_685_821_657_736_338_717) >> 33) % bound
        }
    }

    static func mutate(seed: UInt64) -> [UInt8] {
        var generator = Generator(state: seed &* 0x9E37_79B9_7F4A_7C15 | 1)
        var bytes = original
        for _ in 0...generator.next(4) {
            let at = generator.next(bytes.count)
            switch generator.next(5) {
            case 0: bytes[at] = interesting[generator.next(interesting.count)]
            case 1: bytes[at] = UInt8(generator.next(256))
            case 2: bytes.remove(at: at)
            case 3: bytes.insert(contentsOf: bytes[at..<min(bytes.count, at + generator.next(40))], at: at)
            default: bytes.insert(interesting[generator.next(interesting.count)], at: at)
            }
        }
        return bytes
    }

    @Test func everyMutationGetsWellFormedAnswersAndTheServerStaysUp() async throws {
        let limits = HTTPServerLimits(
            maxRequestLineBytes: 200, maxHeaderBytes: 400, maxHeaderCount: 8, maxBodyBytes: 64,
            readTimeout: .seconds(2))
        // A fixed answer, so that no echoed request text can pass for a status line.
        let handler: HTTPServer.SynchronousHandler = { _, response in
            try? response.respond(status: 200, body: Data("ok".utf8))
        }
        try await ServerFixture.with(limits: limits, handler: handler) { server, port in
            for seed in UInt64(1)...400 {
                let connection = try RawConnection(port: port)
                try connection.send(Self.mutate(seed: seed))
                connection.finishSending()
                let answer = connection.readToEnd(timeout: .seconds(5))
                let statuses = answer.components(separatedBy: "HTTP/1.1 ").dropFirst().compactMap {
                    Int($0.prefix(3))
                }
                #expect(answer.isEmpty || answer.hasPrefix("HTTP/1.1 "), "seed \(seed): \(answer.prefix(200))")
                #expect(statuses.allSatisfy(Self.answers.contains), "seed \(seed): \(statuses)")
            }
            let next = try RawConnection(port: port)
            try next.send("GET /after HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            #expect(next.readToEnd().hasSuffix("\r\n\r\nok"))
            #expect(server.statistics.openConnections <= 1)
        }
    }
}
