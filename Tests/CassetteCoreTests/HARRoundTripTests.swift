import CassetteCore
import CassetteTestSupport
import Foundation
import Testing

/// `cassette export` then `cassette import` gives back the original cassette byte for byte, and an
/// export holds every member HAR 1.2 requires.
@Suite struct HARRoundTripTests {
    static let golden = HARFixtures.packageRoot.appendingPathComponent("Tests/CassetteModelTests/Golden/example.json")

    static var committedCassettes: [URL] {
        let root = HARFixtures.packageRoot
        var files = [golden]
        let cassettes = root.appendingPathComponent("Cassettes")
        let enumerator = FileManager.default.enumerator(at: cassettes, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            if url.pathExtension == "json" && !url.lastPathComponent.hasPrefix(".") { files.append(url) }
        }
        return files.sorted { $0.path < $1.path }
    }

    /// The cassette `cassette import` makes of the export of `document`, through the same scrubber.
    func roundTripped(_ document: CassetteDocument) throws -> Data {
        let har = HARExport.data(of: document)
        let archive = try HARArchive.decode(har, path: "export.har")
        let result = HARImport.interactions(from: archive)
        #expect(result.skipped.isEmpty)
        return Scrubber().scrub(CassetteDocument(interactions: result.interactions)).encoded()
    }

    @Test func everyCommittedCassetteAndTheGoldenFileComeBackByteForByte() throws {
        let files = Self.committedCassettes
        #expect(files.count >= 5)
        for file in files {
            let directory = try TemporaryDirectory()
            let har = directory.file("export.har")
            let back = directory.file("back.json")
            _ = try HARImporter.exportCassette(at: file, cassettePath: file.lastPathComponent, to: har)
            _ = try HARImporter.importHAR(at: har, harPath: "export.har", into: back, cassettePath: "back.json")
            #expect(try Data(contentsOf: back) == Data(contentsOf: file), "\(file.path)")
        }
    }

    @Test func generatedCassettesComeBackByteForByteWithAndWithoutRecordedDays() throws {
        var generator = SplitMix(seed: 1313)
        for round in 0..<300 {
            var document = round.isMultiple(of: 2) ? generator.document() : generator.harDocument()
            if round % 3 != 0 {
                for index in document.interactions.indices where generator.below(4) != 0 {
                    document.interactions[index].recorded = String(
                        format: "20%02d-%02d-%02d", 20 + generator.below(10), 1 + generator.below(12),
                        1 + generator.below(28))
                }
            }
            // The original as a file holds it: one pass through the canonical writer.
            let original = try CassetteDocument.decode(document.encoded(), path: "generated.json").encoded()
            let decoded = try CassetteDocument.decode(original, path: "generated.json")
            let back = try roundTripped(decoded)
            #expect(back == original, "round \(round)")
        }
    }

    @Test func exportIsByteStable() throws {
        var generator = SplitMix(seed: 7)
        for _ in 0..<20 {
            let document = generator.harDocument()
            #expect(HARExport.data(of: document) == HARExport.data(of: document))
            let decoded = try CassetteDocument.decode(document.encoded(), path: "generated.json")
            let again = try CassetteDocument.decode(decoded.encoded(), path: "generated.json")
            #expect(HARExport.data(of: again) == HARExport.data(of: decoded))
        }
    }

    @Test func anExportHoldsEveryMemberHAR12Requires() throws {
        let golden = try CassetteDocument.read(from: Self.golden)
        let har = try JSONParser.parse(HARExport.data(of: golden))
        let log = try #require(har["log"])
        #expect(log["version"] == .string("1.2"))
        #expect(log["creator"]?["name"] == .string("Cassette"))
        #expect(log["creator"]?["version"] != nil)
        guard case .array(let entries)? = log["entries"] else {
            Issue.record("no entries")
            return
        }
        // The golden file's six interactions, its redirect hop an entry of its own.
        #expect(entries.count == 7)
        for entry in entries {
            for key in ["startedDateTime", "time", "request", "response", "cache", "timings"] {
                #expect(entry[key] != nil, "\(key)")
            }
            for key in ["send", "wait", "receive"] { #expect(entry["timings"]?[key] != nil, "timings.\(key)") }
            for key in ["method", "url", "httpVersion", "cookies", "headers", "queryString", "headersSize", "bodySize"]
            {
                #expect(entry["request"]?[key] != nil, "request.\(key)")
            }
            for key in [
                "status", "statusText", "httpVersion", "cookies", "headers", "content", "redirectURL", "headersSize",
                "bodySize",
            ] {
                #expect(entry["response"]?[key] != nil, "response.\(key)")
            }
            for key in ["size", "mimeType"] { #expect(entry["response"]?["content"]?[key] != nil, "content.\(key)") }
        }
        #expect(entries[0]["startedDateTime"] == .string("2026-11-30T00:00:00.000Z"))
        #expect(entries[1]["startedDateTime"] == .string("1970-01-01T00:00:00.000Z"))
        // The redirect hop, then the response it led to.
        #expect(entries[1]["response"]?["status"] == .integer(301))
        #expect(entries[1]["response"]?["redirectURL"] == .string("/v1/new"))
        #expect(entries[1]["_redirectHop"] == .bool(true))
        #expect(entries[2]["request"]?["url"] == .string("https://api.example.com/v1/new"))
        // A binary body as base64, a transport error as a browser logs a failed request.
        #expect(entries[3]["response"]?["content"]?["encoding"] == .string("base64"))
        #expect(entries[6]["response"]?["status"] == .integer(0))
        #expect(entries[6]["response"]?["_urlErrorCode"] != nil)
        // A multipart body's fields as params, beside its exact text.
        #expect(entries[5]["request"]?["postData"]?["params"] != nil)
        #expect(entries[0]["request"]?["postData"]?["mimeType"] == .string("application/json"))
        #expect(
            entries[0]["request"]?["queryString"]
                == .array([.object(["name": .string("sort"), "value": .string("name")])]))
    }
}

/// Cassettes shaped like recorded ones, for HAR round trips: JSON, text and binary bodies, form
/// posts, redirect chains as `URLSession` follows them (a 303 turns a POST into a GET), transport
/// errors, repeated requests.
extension SplitMix {
    mutating func harDocument() -> CassetteDocument {
        let hosts = ["https://api.example.com", "http://127.0.0.1:8080", "https://example.org:8443"]
        return CassetteDocument(
            interactions: (0..<below(6)).map { _ in
                let (requestBody, requestType) = body()
                var headers = headers(contentType: requestType)
                var body = requestBody
                if below(5) == 0 {
                    headers = [HTTPHeader("Content-Type", "application/x-www-form-urlencoded")]
                    body = Data("a=\(below(9))&b=x+y&c=%C3%A9".utf8)
                }
                let method = body == nil ? pick(["GET", "DELETE", "HEAD"]) : pick(["POST", "PUT", "PATCH"])
                let url =
                    "\(pick(hosts))/v\(below(3))/\(pick(["users", "items", "a%20b"]))/\(below(50))"
                    + pick(["", "?q=\(below(9))", "?a=1&b=2", "?x=%2F"])
                let request = InteractionStorage.request(
                    RecordedRequest(method: method, url: url, headers: headers, body: body))
                if below(7) == 0 {
                    return Interaction(
                        request: request, outcome: .failure(TransportError(code: pick([-1001, -1004, -1009]))))
                }
                var redirects: [RedirectHop] = []
                var current = (method: request.method, url: request.url)
                for step in 0..<pick([0, 0, 0, 1, 2]) {
                    let status = pick([301, 302, 303, 307, 308])
                    let location = "/moved/\(step)/\(below(9))"
                    redirects.append(
                        RedirectHop(
                            method: current.method, url: current.url, status: status,
                            headers: [HTTPHeader("Location", location), HTTPHeader("Server", "test")]))
                    let next = RedirectHop(method: current.method, url: current.url, status: status)
                    current = (
                        HARExport.followedMethod(after: next),
                        String(current.url.prefix { $0 != "/" }) + "//" + hostOf(current.url) + location
                    )
                }
                let (responseBody, responseType) = self.body()
                var responseHeaders = self.headers(contentType: responseType)
                if let responseBody, below(2) == 0 {
                    // As recording stores it: the length of the body replay serves.
                    let served = try? StoredBody(bytes: responseBody, contentType: responseType).bytes()
                    responseHeaders.append(HTTPHeader("Content-Length", String((served ?? responseBody).count)))
                }
                let finalURL = current.url == request.url ? nil : current.url
                return Interaction(
                    request: request, redirects: redirects,
                    outcome: .response(
                        RecordedResponse(
                            status: pick([200, 201, 204, 304, 404, 500, 302]), url: finalURL,
                            headers: HTTPHeader.canonicalOrder(responseHeaders), body: responseBody)))
            })
    }

    private func hostOf(_ url: String) -> String {
        let afterScheme = url.components(separatedBy: "://").dropFirst().first ?? ""
        return String(afterScheme.prefix { $0 != "/" })
    }
}
