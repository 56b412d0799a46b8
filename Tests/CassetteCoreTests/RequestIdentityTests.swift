import CassetteCore
import CassetteTestSupport
import Foundation
import Testing

@Suite struct RequestIdentityTests {
    func identity(_ url: String, method: String = "POST", body: String? = nil, contentType: String? = nil)
        -> RequestIdentity
    {
        RequestIdentity(
            strict: RecordedRequest(
                method: method, url: url, headers: contentType.map { [HTTPHeader("Content-Type", $0)] } ?? [],
                body: body.map { Data($0.utf8) }))
    }

    @Test(arguments: [
        ("HTTPS://API.Example.COM:443/v1/users?b=2&a=1", "https://api.example.com/v1/users?a=1&b=2"),
        ("http://example.com:80", "http://example.com/"),
        ("http://example.com:8080/x#fragment", "http://example.com:8080/x"),
        ("http://example.com/a%2fb?q=%e2%82%ac", "http://example.com/a%2Fb?q=%E2%82%AC"),
        ("http://example.com/?&z=1&&a=", "http://example.com/?a=&z=1"),
        ("http://example.com/?", "http://example.com/"),
        ("http://[::1]:8080/x", "http://[::1]:8080/x"),
        ("http://User:Pass@Example.com/", "http://User:Pass@example.com/"),
    ])
    func urlsAreNormalised(url: String, normalised: String) {
        #expect(RequestIdentity.normalizedURL(url) == normalised)
    }

    @Test func methodIsUpperCased() {
        #expect(identity("http://x/", method: "get").method == "GET")
    }

    @Test func reorderedJSONKeysAndNumberSpellingsGiveTheSameKey() {
        let first = identity(
            "http://x/", body: #"{"a": 1, "b": {"d": [1.0, 2], "c": null}}"#, contentType: "application/json")
        let second = identity(
            "http://x/", body: #"{"b":{"c":null,"d":[1,2e0]},"a":1}"#, contentType: "application/json")
        #expect(first == second)
    }

    @Test func aChangedJSONValueChangesTheKey() {
        let first = identity("http://x/", body: #"{"a": 1}"#, contentType: "application/json")
        #expect(first != identity("http://x/", body: #"{"a": 2}"#, contentType: "application/json"))
        #expect(first != identity("http://x/", body: #"{"a": "1"}"#, contentType: "application/json"))
        #expect(first != identity("http://x/", body: #"{"A": 1}"#, contentType: "application/json"))
    }

    @Test func reorderedQueryItemsGiveTheSameKey() {
        #expect(
            identity("http://x/search?q=swift&page=2", method: "GET")
                == identity("http://x/search?page=2&q=swift", method: "GET"))
        #expect(identity("http://x/search?q=swift", method: "GET") != identity("http://x/search?q=rust", method: "GET"))
    }

    @Test func formFieldsAreSortedButValuesCount() {
        let form = "application/x-www-form-urlencoded"
        #expect(
            identity("http://x/", body: "b=2&a=1", contentType: form)
                == identity("http://x/", body: "a=1&b=2", contentType: form))
        #expect(
            identity("http://x/", body: "b=2&a=1", contentType: form)
                != identity("http://x/", body: "a=1&b=3", contentType: form))
    }

    @Test func multipartBoundariesDoNotMatter() {
        func multipart(_ boundary: String, value: String) -> RequestIdentity {
            let body =
                "--\(boundary)\r\nContent-Disposition: form-data; name=\"f\"\r\n\r\n\(value)\r\n--\(boundary)--\r\n"
            return identity("http://x/upload", body: body, contentType: "multipart/form-data; boundary=\(boundary)")
        }
        #expect(multipart("Boundary-1F2E", value: "v") == multipart("Boundary-99AA", value: "v"))
        #expect(multipart("Boundary-1F2E", value: "v") != multipart("Boundary-1F2E", value: "w"))
    }

    @Test func otherBodiesHashTheirRawBytes() {
        #expect(identity("http://x/", body: "abc").bodyHash == SHA256.hexDigest(Array("abc".utf8)))
        #expect(identity("http://x/", body: nil).bodyHash == RequestIdentity.emptyBodyHash)
        #expect(identity("http://x/", body: "").bodyHash == RequestIdentity.emptyBodyHash)
    }

    @Test func brokenJSONFallsBackToRawBytes() {
        let broken = #"{"a": "#
        #expect(
            identity("http://x/", body: broken, contentType: "application/json").bodyHash
                == SHA256.hexDigest(Array(broken.utf8)))
    }

    /// Matching compares multipart bodies canonically: the boundary, the order of a form's fields
    /// and the case of part header names do not matter; a field's value does.
    @Test func formsMatchCanonically() {
        func identity(_ body: Data, boundary: String) -> RequestIdentity {
            RequestIdentity(
                strict: RecordedRequest(
                    method: "POST", url: "https://api.example.com/v1/photos",
                    headers: [HTTPHeader("Content-Type", "multipart/form-data; boundary=\(boundary)")], body: body))
        }
        let reference = identity(Fixtures.multipartForm(boundary: "AaB03x"), boundary: "AaB03x")
        #expect(
            identity(Fixtures.multipartForm(boundary: "----WebKit7MA4YWxk"), boundary: "----WebKit7MA4YWxk")
                == reference)
        let reordered = Fixtures.multipartForm(
            boundary: "Zz9", fields: [("meta", #"{"tags":["sea","sun"]}"#), ("title", "Holiday")])
        #expect(identity(reordered, boundary: "Zz9") == reference)
        let spaced = Fixtures.multipartForm(
            boundary: "Zz9", fields: [("title", "Holiday"), ("meta", #"{ "tags": ["sea", "sun"] }"#)])
        #expect(identity(spaced, boundary: "Zz9") == reference)
        #expect(
            identity(Fixtures.multipartForm(boundary: "Q", disposition: "content-disposition"), boundary: "Q")
                == reference)
        #expect(identity(Fixtures.multipartForm(boundary: "Q", title: "Work"), boundary: "Q") != reference)
    }
}
