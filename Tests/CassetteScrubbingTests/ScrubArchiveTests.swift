import CassetteScrubbing
import CassetteTestSupport
import Foundation
import Testing

/// Secrets inside compressed bodies and archives (a gzip request body, a ZIP artifact, a Helm
/// `.tgz`, a tar, a zlib stream), as Python's zlib, gzip, zipfile and tarfile write them: scrubbed in
/// every member, the container written back so that Python still opens it, ordinary lines kept,
/// lint told where the secret was, and a second scrub changing nothing.
@Suite struct ScrubArchiveTests {
    static let password = "Zq8!vT2#pL9xW4mKr7"
    static let botToken = "xoxb-2719304857-6620391847215-Qm7Rt2Yx9Lp4Kv8Nw3Zs5Hd1"
    static let ordinary = ["LOG_LEVEL=info", "DATABASE_HOST=db.internal.example", "replicas: 3"]
    static let content = """
        DATABASE_HOST=db.internal.example
        DATABASE_PASSWORD=\(password)
        SLACK_BOT_TOKEN=\(botToken)
        LOG_LEVEL=info
        replicas: 3

        """

    /// Which container each body is, and how to open it again.
    enum Kind: String, CaseIterable {
        case gz, zlib, zip, tgz, tar

        func members(_ bytes: [UInt8]) -> [String: [UInt8]]? {
            switch self {
            case .gz: return Gzip.open(bytes, limit: 1 << 20).map { ["": $0.content] }
            case .zlib: return Zlib.open(bytes, limit: 1 << 20).map { ["": $0.content] }
            case .zip:
                return ZipArchive(bytes, limit: 1 << 20).map {
                    Dictionary(uniqueKeysWithValues: $0.members.map { ($0.name, $0.content ?? []) })
                }
            case .tgz: return Gzip.open(bytes, limit: 1 << 20).flatMap { Kind.tar.members($0.content) }
            case .tar:
                return TarArchive(bytes).map { tar in
                    Dictionary(uniqueKeysWithValues: tar.members.map { ($0.name, Array(bytes[$0.data])) })
                }
            }
        }
    }

    @Test func secretsInCompressedBodiesAndArchivesAreScrubbedAndTheContainersStillOpen() async throws {
        let folder = try TemporaryDirectory()
        _ = try folder.write("0.in", Self.content)
        let written = try await ExternalTool.run("python3", [Self.peer, "write", folder.url.path])
        try #require(written.status == 0, "\(written)")
        var bodies: [Kind: [UInt8]] = [:]
        for kind in Kind.allCases { bodies[kind] = Array(try Data(contentsOf: folder.file("0.\(kind.rawValue)"))) }
        let document = CassetteDocument(
            interactions: Kind.allCases.map { kind in
                Interaction(
                    request: RecordedRequest(method: "GET", url: "https://artifacts.example.com/\(kind.rawValue)"),
                    outcome: .response(
                        RecordedResponse(
                            status: 200, headers: [HTTPHeader("Content-Type", "application/octet-stream")],
                            body: Data(bodies[kind]!))))
            })
        let findings = Scrubber.default.findings(in: document)
        for (index, kind) in Kind.allCases.enumerated() {
            let here = findings.filter { $0.path.hasPrefix("interactions[\(index)]") }
            #expect(!here.isEmpty, "lint sees nothing in the \(kind) body")
        }
        let scrubbed = Scrubber.default.scrub(document)
        var expected: [String] = []
        for (index, kind) in Kind.allCases.enumerated() {
            let body = [UInt8](try #require(scrubbed.interactions[index].response?.body))
            let members = try #require(kind.members(body), "the scrubbed \(kind) body no longer opens")
            let original = try #require(kind.members(bodies[kind]!))
            #expect(Set(members.keys) == Set(original.keys), "\(kind): members lost or added")
            let text = members.values.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n")
            for secret in [Self.password, Self.botToken] {
                #expect(!text.contains(secret), "\(kind) still holds \(secret)")
            }
            for line in Self.ordinary { #expect(text.contains(line), "\(kind) lost \(line)") }
            // Python is to read each container as the Swift reader does (a .tgz as its tar).
            let (container, bytes) =
                kind == .tgz ? ("tar", try #require(Gzip.open(body, limit: 1 << 20)).content) : (kind.rawValue, body)
            _ = try folder.write("\(kind).out.\(container)", Data(bytes))
            expected += members.map { name, content in
                "\(kind) \(container)\(name.isEmpty ? "" : ":" + name) \(SHA256.hexDigest(content))"
            }
        }
        let read = try await ExternalTool.run("python3", [Self.peer, "read", folder.url.path])
        try #require(read.status == 0, "\(read)")
        #expect(read.stdout.split(separator: "\n").map(String.init).sorted() == expected.sorted())
        #expect(Scrubber.default.scrub(scrubbed).encoded() == scrubbed.encoded(), "scrubbing twice changed it")
        #expect(Scrubber.default.findings(in: scrubbed).isEmpty, "lint reports on the scrubbed archives")
    }

    /// A Helm release (base64 of base64 of gzip, in a ConfigMap's `data`) and an npm
    /// publish document (a `.tgz` in base64 under `_attachments`): the archives inside JSON strings
    /// are opened, scrubbed and written back in base64 that still opens.
    @Test func archivesInBase64InsideJSONStringsAreOpened() async throws {
        let folder = try TemporaryDirectory()
        _ = try folder.write("0.in", Self.content)
        let written = try await ExternalTool.run("python3", [Self.peer, "write", folder.url.path])
        try #require(written.status == 0, "\(written)")
        let gz = try Data(contentsOf: folder.file("0.gz"))
        let tgz = try Data(contentsOf: folder.file("0.tgz"))
        let release = Data(gz.base64EncodedString().utf8).base64EncodedString()
        let body = #"""
            {"kind":"ConfigMap","metadata":{"labels":{"owner":"helm"}},"data":{"release":"\#(release)"},\#
            "_attachments":{"app-1.0.0.tgz":{"content_type":"application/octet-stream","data":"\#(tgz.base64EncodedString())"}}}
            """#
        let document = CassetteDocument(interactions: [
            Interaction(
                request: RecordedRequest(
                    method: "GET", url: "https://k8s.example/api/v1/secrets/sh.helm.release.v1.app.v1"),
                outcome: .response(
                    RecordedResponse(
                        status: 200, headers: [HTTPHeader("Content-Type", "application/json")], body: Data(body.utf8))))
        ])
        #expect(!Scrubber.default.findings(in: document).isEmpty)
        let scrubbed = Scrubber.default.scrub(document)
        let json = try JSONParser.parse(try #require(scrubbed.interactions[0].response?.body))
        guard case .string(let outer) = json["data"]?["release"],
            case .string(let attachment) = json["_attachments"]?["app-1.0.0.tgz"]?["data"]
        else {
            Issue.record("the scrubbed strings are gone: \(String(decoding: scrubbed.encoded(), as: UTF8.self))")
            return
        }
        let inner = try #require(
            Data(base64Encoded: outer).flatMap { Data(base64Encoded: $0) }, "the release is no longer base64 of base64")
        let tarball = try #require(Data(base64Encoded: attachment), "the tarball is no longer base64")
        let texts = [
            try #require(Kind.gz.members(Array(inner)), "the release no longer opens"),
            try #require(Kind.tgz.members(Array(tarball)), "the tarball no longer opens"),
        ].map { $0.values.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n") }
        for text in texts {
            for secret in [Self.password, Self.botToken] { #expect(!text.contains(secret)) }
            for line in Self.ordinary { #expect(text.contains(line)) }
        }
        #expect(Scrubber.default.scrub(scrubbed).encoded() == scrubbed.encoded(), "scrubbing twice changed it")
        #expect(Scrubber.default.findings(in: scrubbed).isEmpty)
    }

    /// `Tests/Peers/compression_peer.py`.
    static let peer = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Peers/compression_peer.py").path
}
