import CassetteScrubbing
import Foundation
import Testing

/// MessagePack bodies (Fluentd's forward protocol, log intake APIs): the values of keys named like
/// secrets, and the secret parts of `authorization` and `cookie` values, are replaced where they
/// stand by placeholders of their own length, so every length prefix and the body's length hold.
@Suite struct ScrubMessagePackTests {
    static func string(_ text: String) -> [UInt8] {
        let bytes = Array(text.utf8)
        switch bytes.count {
        case 0..<32: return [0xa0 | UInt8(bytes.count)] + bytes
        case 32..<256: return [0xd9, UInt8(bytes.count)] + bytes
        default: return [0xda, UInt8(bytes.count >> 8), UInt8(bytes.count & 0xff)] + bytes
        }
    }

    static func map(_ pairs: [(String, [UInt8])]) -> [UInt8] {
        [0x80 | UInt8(pairs.count)] + pairs.flatMap { string($0.0) + $0.1 }
    }

    static let password = "NP2o*EV#JD%1KlgI84"
    static let token = "NpB4fUlBHeH17zs49LyAvq0YgS93BzDxIY87Tulj"
    static let session = "4c6a3080aff63f9ca2cb561a5f786cf24a11b6440ca2cdf1b9bf27e01bd313ac"
    static let ordinary = ["app.checkout.audit", "ip-10-0-3-41.eu-west-1.compute.internal", "/api/v1/orders?page=2"]

    /// `[tag, [[time, record]]]`, the shape of a Fluentd forward message.
    static func body() -> [UInt8] {
        let record = map([
            ("host", string(ordinary[1])), ("path", string(ordinary[2])),
            ("password", string(password)), ("authorization", string("Bearer " + token)),
            ("cookie", string("sess=" + session)), ("status", [0xcd, 0x01, 0xf4]), ("retries", [0x03]),
        ])
        let entry: [UInt8] = [0x92, 0xce, 0x6b, 0x0c, 0x06, 0xdc] + record
        return [0x92] + string(ordinary[0]) + [0x91] + entry
    }

    @Test(arguments: ["application/msgpack", "application/x-msgpack", "application/octet-stream"])
    func secretsInAMessagePackRecordKeepEveryLength(contentType: String) throws {
        let body = Self.body()
        let document = CassetteDocument(interactions: [
            Interaction(
                request: RecordedRequest(
                    method: "POST", url: "https://logs.example.com:9880/app.access",
                    headers: [HTTPHeader("Content-Type", contentType)], body: Data(body)),
                outcome: .response(RecordedResponse(status: 200)))
        ])
        #expect(!Scrubber.default.findings(in: document).isEmpty)
        let scrubbed = Scrubber.default.scrub(document)
        let output = [UInt8](try #require(scrubbed.interactions[0].request.body))
        #expect(output.count == body.count)
        let text = String(decoding: output, as: UTF8.self)
        for secret in [Self.password, Self.token, Self.session] {
            #expect(!text.contains(secret), "\(secret) left in the \(contentType) body")
        }
        for value in Self.ordinary { #expect(text.contains(value)) }
        // Only the secrets' own bytes changed: every prefix and every other value is where it was.
        var changed = zip(body, output).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        for secret in [Self.password, Self.token, Self.session] {
            let range = try #require(body.firstRange(of: Array(secret.utf8)))
            changed.removeAll { range.contains($0) }
        }
        #expect(changed.isEmpty, "bytes outside the secrets changed at \(changed)")
        #expect(Scrubber.default.scrub(scrubbed).encoded() == scrubbed.encoded(), "scrubbing twice changed it")
        #expect(Scrubber.default.findings(in: scrubbed).isEmpty)
    }
}
