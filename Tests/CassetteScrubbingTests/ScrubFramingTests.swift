import CassetteScrubbing
import Foundation
import Testing

/// A placeholder never changes a value's framing: over binary bodies of length-prefixed frames
/// (gRPC and gRPC-web frames of protobuf messages, also base64 as gRPC-web text) holding secrets of
/// every length, scrubbing keeps every body's length and every frame's and field's length prefix
/// true, changes the fields that hold secrets, and a second scrub changes nothing.
@Suite struct ScrubFramingTests {
    /// A seeded generator, so a failure names an input that can be made again.
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state ^ (state >> 29)
        }
    }

    static func varint(_ value: Int) -> [UInt8] {
        var value = value
        var out: [UInt8] = []
        repeat {
            let byte = UInt8(value & 0x7F)
            value >>= 7
            out.append(value == 0 ? byte : byte | 0x80)
        } while value != 0
        return out
    }

    static func field(_ number: Int, _ bytes: [UInt8]) -> [UInt8] {
        varint(number << 3 | 2) + varint(bytes.count) + bytes
    }

    static func frame(_ message: [UInt8], flag: UInt8 = 0) -> [UInt8] {
        let length = UInt32(message.count)
        return [flag, UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)]
            + message
    }

    /// One interaction that sends `body` (of `contentType`, when given) and is answered with `answer`.
    static func sending(
        _ body: [UInt8], to url: String, method: String = "POST", as contentType: String? = nil, answer: [UInt8]? = nil
    ) -> CassetteDocument {
        CassetteDocument(interactions: [
            Interaction(
                request: RecordedRequest(
                    method: method, url: url, headers: contentType.map { [HTTPHeader("Content-Type", $0)] } ?? [],
                    body: Data(body)),
                outcome: .response(RecordedResponse(status: 200, body: answer.map { Data($0) })))
        ])
    }

    /// The strings of a gRPC body's protobuf fields, or `nil` when a length prefix is broken.
    static func parse(_ body: [UInt8]) -> [String]? {
        var strings: [String] = []
        var index = 0
        while index < body.count {
            guard index + 5 <= body.count else { return nil }
            let length = body[(index + 1)..<(index + 5)].reduce(0) { $0 << 8 | Int($1) }
            let flag = body[index]
            index += 5
            guard index + length <= body.count else { return nil }
            if flag == 0 {
                var cursor = index
                while cursor < index + length {
                    let key = body[cursor]
                    cursor += 1
                    guard key & 7 == 2 else { break }
                    var size = 0
                    var shift = 0
                    while cursor < index + length, body[cursor] & 0x80 != 0 {
                        size |= Int(body[cursor] & 0x7F) << shift
                        shift += 7
                        cursor += 1
                    }
                    guard cursor < index + length else { return nil }
                    size |= Int(body[cursor]) << shift
                    cursor += 1
                    guard cursor + size <= index + length else { return nil }
                    strings.append(String(decoding: body[cursor..<(cursor + size)], as: UTF8.self))
                    cursor += size
                }
            }
            index += length
        }
        return strings
    }

    /// Secrets of lengths from 10 to 90 bytes, of shapes the scrubber knows, and a short one under a
    /// text name in the same message.
    static func secrets(_ random: inout Seeded) -> [String] {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        func pick(_ count: Int) -> String { String((0..<count).map { _ in alphabet.randomElement(using: &random)! }) }
        return [
            "ghp_" + pick(36), "npm_" + pick(36), "xoxb-" + pick(10) + "-" + pick(12) + "-" + pick(24),
            "AKIA"
                + String((0..<16).map { _ in Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567").randomElement(using: &random)! }),
            "password=" + pick(Int.random(in: 1...40, using: &random)),
            "token: " + pick(Int.random(in: 1...60, using: &random)),
        ]
    }

    @Test(arguments: 0..<40)
    func placeholdersKeepEveryFrameAndFieldLength(seed: Int) throws {
        var random = Seeded(state: UInt64(seed) &+ 0x9E37_79B9)
        let secrets = Self.secrets(&random)
        var messages: [[UInt8]] = []
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            var message: [UInt8] = []
            for (number, secret) in secrets.shuffled(using: &random).enumerated() {
                message += Self.field(number + 1, Array("region-eu-west".utf8))
                message += Self.field(number + 2, Array(secret.utf8))
            }
            messages.append(message)
        }
        let body = messages.flatMap { Self.frame($0) } + Self.frame(Array("grpc-status:0\r\n".utf8), flag: 0x80)
        let text =
            messages.map { Data(Self.frame($0)).base64EncodedString() }.joined()
            + Data(Self.frame(Array("grpc-status:0\r\n".utf8), flag: 0x80)).base64EncodedString()
        let document = CassetteDocument(interactions: [
            Interaction(
                request: RecordedRequest(
                    method: "POST", url: "https://api.example.com/svc.v1.Svc/Call",
                    headers: [HTTPHeader("Content-Type", "application/grpc-web-text")], body: Data(text.utf8)),
                outcome: .response(
                    RecordedResponse(
                        status: 200, headers: [HTTPHeader("Content-Type", "application/grpc-web+proto")],
                        body: Data(body))))
        ])
        let scrubbed = Scrubber.default.scrub(document)
        let binary = try #require(scrubbed.interactions[0].response?.body)
        let textBody = try #require(scrubbed.interactions[0].request.body)
        let decoded = try #require(Data(base64Encoded: textBody) ?? Self.joinedBase64(textBody))
        for (name, bytes) in [("binary", [UInt8](binary)), ("base64 text", [UInt8](decoded))] {
            #expect(bytes.count == body.count, "\(name) body changed length (seed \(seed))")
            let strings = try #require(Self.parse(bytes), "\(name) body's length prefixes broken (seed \(seed))")
            let original = try #require(Self.parse(body))
            #expect(strings.count == original.count, "\(name): fields lost (seed \(seed))")
            for (before, after) in zip(original, strings) {
                #expect(before.utf8.count == after.utf8.count, "\(name): \(before) became \(after) (seed \(seed))")
            }
            // Some secret changed (which ones are found in binary data is the corpus tests' matter).
            #expect(strings != original, "\(name): nothing was scrubbed (seed \(seed))")
        }
        #expect(Scrubber.default.scrub(scrubbed).encoded() == scrubbed.encoded(), "scrubbing twice changed it")
        #expect(Scrubber.default.findings(in: scrubbed).isEmpty, "lint reports on the scrubbed frames")
    }

    @Test func aProtobufAttributeNamedLikeASecretIsReplacedInItsField() throws {
        // An OTLP span's attributes (`KeyValue{key = 1, value = 2: AnyValue{string_value = 1}}`): the
        // 55-byte bearer value's length byte is `7`, printable, so only a reader of the fields sees
        // where the value starts.
        let bearer = "Bearer cQA2BnCn2bLjeWzXTlxS858SSI55Z16OEf29UAXKidBrm2HC"
        func attribute(_ key: String, _ value: String) -> [UInt8] {
            Self.field(1, Array(key.utf8)) + Self.field(2, Self.field(1, Array(value.utf8)))
        }
        let span =
            Self.field(5, Array("GET /api/v2/orders/{id}".utf8))
            + Self.field(9, attribute("http.request.header.authorization", bearer))
            + Self.field(9, attribute("service.name", "orders-api-dycl"))
        let body = Self.field(1, Self.field(2, Self.field(2, span)))
        let document = Self.sending(body, to: "https://api.honeycomb.io/v1/traces", as: "application/x-protobuf")
        let scrubbed = Scrubber.default.scrub(document)
        let bytes = try #require(scrubbed.interactions[0].request.body)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(bytes.count == body.count)
        #expect(!text.contains("cQA2BnCn2bLjeWzXTlxS858SSI55Z16OE"))
        for kept in ["http.request.header.authorization", "orders-api-dycl", "GET /api/v2/orders/{id}"] {
            #expect(text.contains(kept), "\(kept) was changed")
        }
        #expect(!Scrubber.default.findings(in: document).isEmpty)
        #expect(Scrubber.default.scrub(scrubbed).encoded() == scrubbed.encoded(), "scrubbing twice changed it")
        #expect(Scrubber.default.findings(in: scrubbed).isEmpty, "lint reports on the scrubbed message")
    }

    @Test(arguments: [4, 5])
    func theMQTTConnectPasswordIsReplacedAtItsLength(level: Int) throws {
        // CONNECT with a user name and a password (flags 0xC2); MQTT 5 adds a properties field.
        func string(_ text: String) -> [UInt8] {
            [UInt8(text.utf8.count >> 8), UInt8(text.utf8.count & 0xFF)] + Array(text.utf8)
        }
        let password = "dRiovmiqhK8w0M4BpdhPChI5"
        var rest = string("MQTT") + [UInt8(level), 0xC2, 0x00, 0x3C]
        if level == 5 { rest += [0x05, 0x11, 0x00, 0x00, 0x0E, 0x10] }
        rest += string("thermo-5e8b9ef7f615") + string("tenant-iynvtr/device") + string(password)
        let packet = [0x10] + Self.varint(rest.count) + rest
        let document = Self.sending(
            packet, to: "https://bridge.iot.example/mqtt/raw", as: "application/vnd.mqtt",
            answer: [0x20, 0x02, 0x00, 0x00])
        let scrubbed = Scrubber.default.scrub(document)
        let bytes = [UInt8](try #require(scrubbed.interactions[0].request.body))
        #expect(bytes.count == packet.count)
        #expect(bytes.prefix(packet.count - password.utf8.count) == packet.prefix(packet.count - password.utf8.count))
        #expect(!String(decoding: bytes, as: UTF8.self).contains(password))
        #expect(!Scrubber.default.findings(in: document).isEmpty)
        #expect(Scrubber.default.scrub(scrubbed).encoded() == scrubbed.encoded(), "scrubbing twice changed it")
        #expect(Scrubber.default.findings(in: scrubbed).isEmpty, "lint reports on the scrubbed packet")
    }

    @Test func anAWSEventStreamIsFramedAgainAroundItsScrubbedPayloads() throws {
        // Bedrock's streamed answer: each message's payload is JSON whose `bytes` is base64 of a chunk.
        let token = "ghp_" + String(repeating: "aB3dE5", count: 6)
        func header(_ name: String, _ value: String) -> [UInt8] {
            [UInt8(name.utf8.count)] + Array(name.utf8) + [7, 0, UInt8(value.utf8.count)] + Array(value.utf8)
        }
        let headers = header(":event-type", "chunk") + header(":content-type", "application/json")
        let chunks = [
            #"{"type":"content_block_delta","delta":{"type":"text_delta","text":"Revoke "}}"#,
            #"{"type":"content_block_delta","delta":{"type":"text_delta","text":"\#(token) now"}}"#,
        ]
        let stream = chunks.flatMap { chunk in
            ArchiveContents.eventStreamMessage(
                headers: headers, payload: Array(#"{"bytes":"\#(Data(chunk.utf8).base64EncodedString())"}"#.utf8))
        }
        let document = CassetteDocument(interactions: [
            Interaction(
                request: RecordedRequest(
                    method: "POST",
                    url: "https://bedrock-runtime.us-east-1.amazonaws.com/model/m/invoke-with-response-stream"),
                outcome: .response(
                    RecordedResponse(
                        status: 200, headers: [HTTPHeader("Content-Type", "application/vnd.amazon.eventstream")],
                        body: Data(stream))))
        ])
        let scrubbed = Scrubber.default.scrub(document)
        let bytes = [UInt8](try #require(scrubbed.interactions[0].response?.body))
        #expect(ArchiveContents.isEventStreamWrittenBackWhole(stream, as: bytes), "lengths or checksums broken")
        #expect(bytes != stream)
        // The chunks, decoded again from each message's `bytes`.
        let text = String(decoding: bytes, as: UTF8.self)
        let decoded = text.components(separatedBy: #""bytes":""#).dropFirst().compactMap { rest in
            Data(base64Encoded: String(rest.prefix { $0 != "\"" })).map { String(decoding: $0, as: UTF8.self) }
        }
        #expect(decoded.count == 2)
        #expect(!decoded.contains { $0.contains(token) } && decoded.contains { $0.contains("ghp_SCRUBBED") })
        #expect(Scrubber.default.findings(in: document).contains { $0.rule == "github-token" })
        #expect(Scrubber.default.scrub(scrubbed).encoded() == scrubbed.encoded(), "scrubbing twice changed it")
        #expect(Scrubber.default.findings(in: scrubbed).isEmpty, "lint reports on the scrubbed stream")
    }

    @Test func aPasswordWithADotInAGRPCMessageGoesAndDottedNamesStay() throws {
        // etcd's AuthenticateRequest {name = 1, password = 2} beside a service name and a version.
        let password = "ZU_.X5ZM%JwI%ymZ48"
        let message =
            Self.field(1, Array("root".utf8)) + Self.field(2, Array(password.utf8))
            + Self.field(3, Array("com.example.Orders.v2".utf8)) + Self.field(4, Array("Release.2026.11.Build7".utf8))
        let body = Self.frame(message)
        let document = Self.sending(
            body, to: "https://etcd.example.com:2379/etcdserverpb.Auth/Authenticate", as: "application/grpc")
        let scrubbed = [UInt8](try #require(Scrubber.default.scrub(document).interactions[0].request.body))
        let strings = try #require(Self.parse(scrubbed))
        #expect(scrubbed.count == body.count)
        #expect(strings.count == 4 && strings[1] != password && strings[1].utf8.count == password.utf8.count)
        #expect(Array(strings[2...]) == ["com.example.Orders.v2", "Release.2026.11.Build7"])
    }

    /// Connect carries a call's messages as gRPC does: one message as `application/proto` (a unary
    /// call), frames as `application/connect+proto` (a stream). A credential-like string goes at
    /// its length; a user name, ids and versions stay. OTLP's `application/x-protobuf` is telemetry,
    /// not a call, and keeps such strings (the attribute test above).
    @Test(arguments: ["application/proto", "application/connect+proto"])
    func aConnectCallsCredentialGoesAndItsOtherFieldsStay(mediaType: String) throws {
        let password = "KAB6fkN29k3m^Do%57"
        let message =
            Self.field(1, Array("dana.okafor".utf8)) + Self.field(2, Array(password.utf8))
            + Self.field(3, Array("c6ab4cb0-ccf9-4dbd-8362-734fe9c59b8c".utf8)) + Self.field(4, Array("17.6.1".utf8))
        let body = mediaType == "application/proto" ? message : Self.frame(message)
        let document = Self.sending(body, to: "https://api.example.com/auth.v1.AuthService/Login", as: mediaType)
        let scrubbed = [UInt8](try #require(Scrubber.default.scrub(document).interactions[0].request.body))
        #expect(scrubbed.count == body.count)
        let text = String(decoding: scrubbed, as: UTF8.self)
        #expect(!text.contains(password))
        for kept in ["dana.okafor", "c6ab4cb0-ccf9-4dbd-8362-734fe9c59b8c", "17.6.1"] {
            #expect(text.contains(kept), "\(kept) was changed")
        }
        #expect(!Scrubber.default.findings(in: document).isEmpty)
        let twice = Scrubber.default.scrub(Scrubber.default.scrub(document))
        #expect(twice.encoded() == Scrubber.default.scrub(document).encoded(), "scrubbing twice changed it")
    }

    @Test func lengthFramedSegmentsAreFramedAgainAroundWhatTheyBecame() throws {
        // crates.io's publish body: the metadata JSON, then the package, each after its length
        // (here a config file and binary bytes stand for the package's archive).
        let token = "cio" + String(repeating: "Qy6zff2I4Jt", count: 3)
        func segment(_ bytes: [UInt8]) -> [UInt8] {
            [0, 8, 16, 24].map { UInt8(truncatingIfNeeded: bytes.count >> $0) } + bytes
        }
        let metadata = Array(#"{"name":"acme-geo","vers":"0.4.2","deps":[]}"#.utf8)
        let config = Array("[registry]\ntoken = \"\(token)\"\n".utf8)
        let binary: [UInt8] = [0x1F, 0x8B, 0x00, 0xFF, 0x10, 0x80, 0x00, 0x01, 0xFE, 0x7F, 0x00, 0x00]
        let body = segment(metadata) + segment(config) + segment(binary)
        let document = Self.sending(body, to: "https://crates.io/api/v1/crates/new", method: "PUT")
        let scrubbed = [UInt8](try #require(Scrubber.default.scrub(document).interactions[0].request.body))
        let segments = try #require(ArchiveContents.lengthFramedSegments(scrubbed), "lengths broken")
        #expect(segments.count == 3)
        #expect(segments.first == metadata && segments.last == binary)
        #expect(!String(decoding: segments[1], as: UTF8.self).contains(token))
        #expect(String(decoding: segments[1], as: UTF8.self).hasPrefix("[registry]\ntoken = \"SCRUBBED"))
        let twice = Scrubber.default.scrub(Scrubber.default.scrub(document))
        #expect(twice.encoded() == Scrubber.default.scrub(document).encoded(), "scrubbing twice changed it")
    }

    /// gRPC-web text is base64 chunk after chunk, each padded: decoded chunk by chunk.
    static func joinedBase64(_ data: Data) -> Data? {
        var out = Data()
        var chunk = ""
        for character in String(decoding: data, as: UTF8.self) {
            chunk.append(character)
            if character == "=", chunk.utf8.count % 4 == 0 {
                guard let part = Data(base64Encoded: chunk) else { return nil }
                out += part
                chunk = ""
            }
        }
        if !chunk.isEmpty {
            guard let part = Data(base64Encoded: chunk) else { return nil }
            out += part
        }
        return out
    }
}
