import CassetteCore
import CassetteTestSupport
import Foundation
import Testing

/// `cassette import`'s mapping from HAR entries to interactions, on captures in the formats Chrome,
/// Firefox and mitmproxy write and on small files built here.
@Suite struct HARImportTests {
    func imported(_ fixture: String, options: HARImportOptions = HARImportOptions()) throws -> HARImport.Result {
        HARImport.interactions(
            from: try HARArchive.read(from: HARFixtures.url(fixture), path: fixture), options: options)
    }

    func interaction(_ result: HARImport.Result, _ url: String) throws -> Interaction {
        try #require(result.interactions.first { $0.request.url == url })
    }

    @Test func aChromeCaptureKeepsWhatAURLSessionClientCouldReplayAndSaysWhyTheRestWasSkipped() throws {
        let result = try imported("chrome.har")
        #expect(result.entryCount == 13)
        #expect(
            result.interactions.map { "\($0.request.method) \($0.request.url)" } == [
                "GET https://api.example.com/v1/users/1", "GET https://api.example.com/v1/feed?limit=2&page=1",
                "POST https://www.example.com/login", "GET https://www.example.com/logo.png",
            ])
        #expect(
            result.skipped == [
                .noResponse: 1, .cacheHit: 1, .notModified: 1, .dataURL: 1, .webSocket: 1, .connectTunnel: 1,
                .preflight: 1,
            ])
        #expect(result.mergedHops == 2)
        #expect(result.interactions.allSatisfy { $0.recorded == "2026-11-30" })
    }

    @Test func requestHeadersABrowserOrURLSessionAddsItselfAreLeftOut() throws {
        let request = try interaction(try imported("chrome.har"), "https://api.example.com/v1/users/1").request
        // Gone: :authority and the other pseudo-headers, accept-encoding, cookie, origin, referer,
        // sec-ch-ua and sec-fetch-*. Kept, in canonical order: what client code sets.
        #expect(
            request.headers.map(\.name) == ["accept", "accept-language", "authorization", "priority", "user-agent"])
        let firefox = try interaction(try imported("firefox.har"), "https://shop.example.com/api/cart?currency=EUR")
        #expect(firefox.request.headers.map(\.name) == ["Accept", "Accept-Language", "Authorization", "User-Agent"])
    }

    @Test func decodedBodiesLoseContentEncodingAndCarryAFittingContentLength() throws {
        let feed = try interaction(try imported("chrome.har"), "https://api.example.com/v1/feed?limit=2&page=1")
        let response = try #require(feed.response)
        #expect(response.headers.value(for: "Content-Encoding") == nil)
        #expect(response.headers.value(for: "Content-Length") == String(try #require(response.body).count))
        #expect(String(decoding: try #require(response.body), as: UTF8.self).hasPrefix(#"{"items":[{"id":1"#))
    }

    @Test func aRedirectChainLoggedAsSeparateEntriesBecomesOneInteractionWithItsHops() throws {
        let login = try interaction(try imported("chrome.har"), "https://www.example.com/login")
        #expect(
            login.redirects.map { "\($0.status) \($0.method) \($0.url)" } == [
                "302 POST https://www.example.com/login", "301 GET https://www.example.com/account",
            ])
        #expect(login.redirects[0].headers.value(for: "Location") == "/account")
        let response = try #require(login.response)
        #expect(response.status == 200)
        #expect(response.url == "https://www.example.com/account/")
        // The form body, stored the way recording stores it (fields sorted).
        #expect(login.request.body == Data("remember=yes&user=ada".utf8))
        // A 303 after a POST, in Firefox's format, too.
        let newsletter = try interaction(try imported("firefox.har"), "https://shop.example.com/api/newsletter")
        #expect(newsletter.redirects.map(\.status) == [303])
        #expect(newsletter.response?.url == "https://shop.example.com/thanks")
    }

    @Test func aRedirectWhoseTargetIsNotInTheFileIsTheResponse() throws {
        let archive = try HARText.archive([
            HARText.entry("GET", "https://example.com/old", status: 301, responseHeaders: [("Location", "/new")])
        ])
        let result = HARImport.interactions(from: archive)
        #expect(result.interactions.count == 1)
        #expect(result.interactions[0].redirects.isEmpty)
        #expect(result.interactions[0].response?.status == 301)
    }

    @Test func theRecordedDayIsTheUTCDayOfStartedDateTime() throws {
        // Firefox writes local time with an offset: 19:30 at -05:00 is 00:30 UTC the next day.
        let result = try imported("firefox.har")
        #expect(result.interactions.allSatisfy { $0.recorded == "2026-12-01" })
        #expect(HARTimestamp.utcDay(of: "2026-11-30T19:30:00.000-05:00") == "2026-12-01")
        #expect(HARTimestamp.utcDay(of: "2026-12-01T00:30:00.123456+01:00") == "2026-11-30")
        #expect(HARTimestamp.utcDay(of: "2026-12-01T12:42:17.712300+00:00") == "2026-12-01")
        #expect(HARTimestamp.utcDay(of: "2026-12-01T23:59:59Z") == "2026-12-01")
        #expect(HARTimestamp.utcDay(of: "2026-12-01T10:00:00+0530") == "2026-12-01")
        #expect(HARTimestamp.utcDay(of: "2026-12-01") == "2026-12-01")
        #expect(HARTimestamp.utcDay(of: "yesterday") == nil)
        #expect(HARTimestamp.utcDay(of: "2026-13-01T00:00:00Z") == nil)
    }

    @Test func postedParamsWithoutTextBecomeTheBodyTheirMimeTypeSays() throws {
        let upload = try interaction(try imported("firefox.har"), "https://shop.example.com/api/upload")
        let body = String(decoding: try #require(upload.request.body), as: UTF8.self)
        #expect(body.contains("Content-Disposition: form-data; name=\"file\"; filename=\"note.txt\"\r\n"))
        #expect(body.hasSuffix("--cassette-boundary--\r\n"))
        #expect(upload.request.headers.value(for: "Content-Type") == "multipart/form-data; boundary=cassette-boundary")
        let fields = HARFormField.body(
            of: [HARFormField(name: "q", value: "a b&c"), HARFormField(name: "é", value: "~")],
            mimeType: "application/x-www-form-urlencoded")
        #expect(fields == Data("q=a+b%26c&%C3%A9=~".utf8))
    }

    @Test func base64BodiesAreDecodedAndBinaryOnesStayByteForByte() throws {
        let badge = try interaction(try imported("firefox.har"), "https://shop.example.com/img/badge.png")
        #expect(try #require(badge.response?.body).starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    }

    @Test func mitmproxysHarDumpImports() throws {
        let result = try imported("mitmproxy.har")
        #expect(result.entryCount == 7)
        #expect(result.interactions.count == 6)
        #expect(result.skipped.isEmpty)
        let redirected = try #require(result.interactions.first { !$0.redirects.isEmpty })
        #expect(redirected.redirects.map(\.status) == [302])
        #expect(redirected.response?.url?.hasSuffix("/v1/users/1") == true)
        let report = try #require(result.interactions.first { $0.request.url.hasSuffix("/v1/report") })
        #expect(report.response?.headers.value(for: "Content-Encoding") == nil)
        #expect(
            String(decoding: try #require(report.response?.body), as: UTF8.self)
                == #"{"report":"weekly","rows":[1,2,3]}"#)
        #expect(report.request.headers.map(\.name) == ["Accept", "User-Agent"])
        let avatar = try #require(result.interactions.first { $0.request.url.hasSuffix("/avatar.png") })
        #expect(avatar.response?.body == Data((0..<1024).map { UInt8($0 % 256) }))
    }

    @Test func entriesWithoutAResponseOrThatAreNotExchangesAreSkipped() throws {
        let archive = try HARText.archive([
            HARText.entry("GET", "https://example.com/aborted", status: 0),
            HARText.entry("GET", "https://example.com/early", status: 103),
            HARText.entry("GET", "blob:https://example.com/1234", status: 200),
            HARText.entry("GET", "ftp://example.com/file", status: 200),
            HARText.entry(
                "GET", "https://example.com/ws", status: 200, extra: [.init("_resourceType", .string("websocket"))]),
            HARText.entry("GET", "https://example.com/ok", status: 200),
        ])
        let result = HARImport.interactions(from: archive)
        #expect(result.interactions.map(\.request.url) == ["https://example.com/ok"])
        #expect(result.skipped == [.noResponse: 1, .informational: 1, .blobURL: 1, .notHTTP: 1, .webSocket: 1])
    }

    @Test func methodAndURLPatternFiltersKeepOnlyMatchingRequests() throws {
        let archive = try HARText.archive([
            HARText.entry("GET", "https://api.example.com/v1/users"),
            HARText.entry("POST", "https://api.example.com/v1/users"),
            HARText.entry("GET", "https://cdn.example.com/v1/app.js"),
            HARText.entry("DELETE", "https://api.example.com/v2/users/1"),
        ])
        let byMethod = HARImport.interactions(from: archive, options: HARImportOptions(methods: ["post", "DELETE"]))
        #expect(byMethod.interactions.map(\.request.method) == ["POST", "DELETE"])
        #expect(byMethod.filteredOut == 2)
        let byGlob = HARImport.interactions(
            from: archive, options: HARImportOptions(urlPatterns: [RequestPattern(url: "https://api.example.com/v1/*")])
        )
        #expect(byGlob.interactions.count == 2)
        let both = HARImport.interactions(
            from: archive, options: HARImportOptions(methods: ["GET"], urlPatterns: [RequestPattern(url: "/v1/")]))
        #expect(
            both.interactions.map(\.request.url) == [
                "https://api.example.com/v1/users", "https://cdn.example.com/v1/app.js",
            ])
    }

    @Test func urlPatternsAreGlobsWithAWildcardAndSubstringsWithout() {
        func matches(_ pattern: String, _ url: String, method: String = "GET") -> Bool {
            RequestPattern(pattern)?.matches(method: method, url: url) == true
        }
        #expect(matches("https://*.example.com/*", "https://api.example.com/v1?q=1"))
        #expect(!matches("https://*.example.com/*", "http://api.example.com/v1"))
        // `?` is the query's, not a wildcard: URLs are full of them.
        #expect(matches("*/search?q=*", "https://x/search?q=swift"))
        #expect(!matches("*/search?q=*", "https://x/searchXq=swift"))
        #expect(matches("users", "https://x/v1/users/7"))
        #expect(matches("POST */orders", "https://x/v1/orders", method: "post"))
        #expect(!matches("POST */orders", "https://x/v1/orders", method: "GET"))
        #expect(matches("*a*a*a*a*a*b", String(repeating: "a", count: 200) + "b"))
        #expect(!matches("*a*a*a*a*a*b", String(repeating: "a", count: 20_000)))
        #expect(RequestPattern("GET * extra") == nil)
    }

    @Test func extensionMembersAndLaterMinorVersionsAreAcceptedUnknownMembersOf12Refused() throws {
        let extended = HARText.entry(
            "GET", "https://example.com/", extra: [.init("_priority", .string("High")), .init("_anything", .null)])
        #expect(try HARText.archive([extended]).entries.count == 1)
        let unknown = HARText.entry("GET", "https://example.com/", extra: [.init("surprise", .bool(true))])
        #expect(throws: HARReadError.self) { try HARText.archive([unknown]) }
        let later = try HARArchive.decode(HARText.file([unknown], version: "1.3"), path: "capture.har")
        #expect(later.entries.count == 1)
        let old = try HARArchive.decode(HARText.file([extended], version: "1.1"), path: "capture.har")
        #expect(old.version == "1.1")
    }
}
