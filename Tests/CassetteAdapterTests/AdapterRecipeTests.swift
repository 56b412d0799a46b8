import Cassette
import CassetteTestSupport
import Foundation
import Testing

/// The adapter recipes of the "Answering any client" article: each records through a cassette
/// against the loopback server and replays with it stopped, and the article shows exactly the
/// code compiled here.
@Suite struct AdapterRecipeTests {
    func open(_ file: URL, _ mode: Cassette.Mode) throws -> Cassette {
        try Cassette(fileURL: file, mode: mode, options: Cassette.Options(environment: [:]))
    }

    func collect(_ body: HTTPBody?) async throws -> Data {
        guard let body else { return Data() }
        return try await Data(collecting: body, upTo: 1 << 20)
    }

    /// A POST with a JSON body and a query through the OpenAPI transport, as a generated client makes it.
    func sendThroughTransport(_ transport: any ClientTransport, baseURL: URL) async throws -> (Int, String?, Data) {
        var fields = HTTPFields()
        fields.append(HTTPField(name: HTTPField.Name("Content-Type")!, value: "application/json"))
        let (response, body) = try await transport.send(
            HTTPRequest(
                method: .post, scheme: nil, authority: nil, path: "/echo?operation=createUser", headerFields: fields),
            body: HTTPBody(Data(#"{"name":"Ada"}"#.utf8)), baseURL: baseURL, operationID: "createUser")
        let data = try await collect(body)
        return (response.status.code, response.headerFields[HTTPField.Name("Content-Type")!], data)
    }

    @Test func theOpenAPITransportRecordsAndReplays() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("OpenAPI.json")
        let server = try TestHTTPServer()
        // A base URL with a trailing slash, as `Servers.server1()` may give.
        let baseURL = URL(string: server.baseURL.absoluteString + "/")!
        let recorder = try open(file, .record)
        let recorded = try await sendThroughTransport(CassetteTransport(cassette: recorder), baseURL: baseURL)
        try await recorder.finish()
        server.stop()
        let stored = try #require(try CassetteDocument.read(from: file).interactions.first?.request)
        #expect(stored.url == server.url("/echo?operation=createUser").absoluteString)
        #expect(stored.body == Data(#"{"name":"Ada"}"#.utf8))
        let player = try open(file, .replay)
        let replayed = try await sendThroughTransport(CassetteTransport(cassette: player), baseURL: baseURL)
        #expect(recorded.0 == 200 && recorded.1 == "application/json")
        #expect(String(decoding: recorded.2, as: UTF8.self).contains(#""path":"/echo""#))
        #expect(replayed == recorded)
    }

    @Test func theMiddlewareAnswersWithoutCallingTheNextTransport() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("Middleware.json")
        let server = try TestHTTPServer()
        let recorder = try open(file, .record)
        let middleware = CassetteMiddleware(transport: CassetteTransport(cassette: recorder))
        let called = Locked(false)
        let (response, body) = try await middleware.intercept(
            HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/json"), body: nil, baseURL: server.baseURL,
            operationID: "getUser"
        ) { _, _, _ in
            called.withLock { $0 = true }
            return (HTTPResponse(status: .init(code: 500)), nil)
        }
        let data = try await collect(body)
        try await recorder.finish()
        #expect(!called.withLock { $0 })
        #expect(response.status.code == 200 && data == Data(#"{"id":1,"name":"Ada","tags":["a","b"]}"#.utf8))
    }

    @Test func theAsyncHTTPClientExecutorRecordsAndReplays() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("AHC.json")
        let server = try TestHTTPServer()
        var request = HTTPClientRequest(url: server.url("/echo?client=ahc").absoluteString)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "text/plain")
        request.body = .bytes(ByteBuffer(bytes: Array("hello from AsyncHTTPClient".utf8)))
        func run(_ executor: any HTTPExecuting) async throws -> (UInt, [String], [UInt8]) {
            let response = try await executor.execute(request, timeout: .seconds(30))
            let body = try await response.body.collect(upTo: 1 << 20)
            return (response.status.code, response.headers["content-type"], Array(body.readableBytesView))
        }
        let recorder = try open(file, .record)
        let recorded = try await run(CassetteExecutor(cassette: recorder))
        try await recorder.finish()
        server.stop()
        let player = try open(file, .replay)
        let replayed = try await run(CassetteExecutor(cassette: player))
        #expect(recorded.0 == 200 && recorded.1 == ["application/json"])
        #expect(String(decoding: recorded.2, as: UTF8.self).contains(#""body":"hello from AsyncHTTPClient""#))
        #expect(replayed == recorded)
        // The production client conforms too, through the one forwarding method.
        let production: any HTTPExecuting = HTTPClient()
        await #expect(throws: URLError.self) { _ = try await production.execute(request, timeout: .seconds(1)) }
    }

    @Test func aMissReachesTheAdapterAsTheLibrarysError() async throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("Empty.json", CassetteDocument(interactions: []).encoded())
        let player = try open(file, .replay)
        await #expect {
            _ = try await CassetteExecutor(cassette: player).execute(
                HTTPClientRequest(url: "https://api.example.com/v1/users"), timeout: .seconds(1))
        } throws: { error in
            guard case CassetteError.noMatch(let miss) = error else { return false }
            return miss.description.contains("no recorded interaction matches GET https://api.example.com/v1/users")
        }
        #expect(player.misses.count == 1)
    }

    // MARK: - The article shows the compiled code

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The ```swift blocks of the article, and of the README's "Any client, any language" section.
    static func documentedBlocks() throws -> [String] {
        let article = try String(
            contentsOf: root.appendingPathComponent("Sources/Cassette/Cassette.docc/AnyClient.md"), encoding: .utf8)
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let section =
            readme.components(separatedBy: "## Any client, any language\n").dropFirst().first?
            .components(separatedBy: "\n## ").first ?? ""
        #expect(section.contains("CassetteTransport"), "the README's section is missing")
        return [article, section].flatMap { text in
            text.components(separatedBy: "```swift\n").dropFirst().compactMap {
                $0.components(separatedBy: "\n```").first
            }
        }
    }

    /// Lines without their indentation and without `import` lines, which the test files have their own of.
    static func normalized(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.hasPrefix("import ") }
            .joined(separator: "\n").trimmingCharacters(in: .newlines)
    }

    @Test func everyDocumentedBlockIsCompiledHere() throws {
        let files = [
            "Tests/CassetteAdapterTests/Recipes/CassetteTransport.swift",
            "Tests/CassetteAdapterTests/Recipes/CassetteExecutor.swift",
            "Tests/CassetteTests/Answering/HTTPClientSeam.swift",
            "Tests/CassetteTests/Answering/CassetteResponseTests.swift",
        ]
        let compiled = try files.map {
            Self.normalized(try String(contentsOf: Self.root.appendingPathComponent($0), encoding: .utf8))
        }.joined(separator: "\n")
        let blocks = try Self.documentedBlocks()
        #expect(blocks.count >= 9)
        for block in blocks where !block.hasPrefix("// Not compiled here:") {
            let code = Self.normalized(block)
            guard !code.isEmpty else { continue }
            #expect(compiled.contains(code), "not in the compiled recipes:\n\(block)")
        }
    }
}
