import Cassette
import CassetteTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// GraphQL requests match on their operation, their document in canonical form and their
/// variables: recorded from the loopback server's `/echo`, replayed with it stopped.
@Suite struct GraphQLMatchingTests {
    static let recordedDocument = """
        query GetUser($id: ID!) {
          user(id: $id) {
            id
            name
            friends(first: 2) { name id }
          }
        }
        """
    /// The same document: other layout, a comment, commas, fields in another order.
    static let sameDocument = """
        # the profile screen's query
        query GetUser($id: ID!) { user(id: $id) { friends(first: 2) { id, name }, name
            id } }
        """

    static func body(_ document: String, variables: String, operationName: Bool = true) -> Data {
        let query = String(decoding: try! JSONEncoder().encode(document), as: UTF8.self)
        let name = operationName ? #""operationName": "GetUser", "# : ""
        return Data(#"{\#(name)"query": \#(query), "variables": \#(variables)}"#.utf8)
    }

    static func post(_ session: URLSession, _ url: URL, _ body: Data, contentType: String = "application/json")
        async throws -> (Data, HTTPURLResponse)
    {
        try await session.fetch(url, method: "POST", body: body, headers: ["Content-Type": contentType])
    }

    /// Records one GraphQL POST of the recorded document, with `configuration`, and stops the server.
    static func recorded(configuration: String? = nil, variables: String = #"{"id": "7"}"#) async throws
        -> (directory: TemporaryDirectory, file: URL, url: URL)
    {
        // Callers keep `directory` alive (withExtendedLifetime): it deletes the folder when released.
        let directory = try TemporaryDirectory()
        if let configuration { try Data(configuration.utf8).write(to: directory.file(".cassette.json")) }
        let server = try TestHTTPServer()
        let file = directory.file("GraphQL.json")
        let recorder = try openCassette(file, .record)
        _ = try await post(recorder.session(), server.url("/echo"), body(recordedDocument, variables: variables))
        try await recorder.finish()
        server.stop()
        return (directory, file, server.url("/echo"))
    }

    @Test func documentsThatDifferInLayoutCommentsAndFieldOrderMatch() async throws {
        let (directory, file, url) = try await Self.recorded()
        let cassette = try openCassette(file, .replay)
        let (data, _) = try await Self.post(
            cassette.session(), url, Self.body(Self.sameDocument, variables: #"{ "id" : "7" }"#, operationName: false))
        #expect(String(decoding: data, as: UTF8.self).contains("GetUser"))
        #expect(cassette.misses.isEmpty)
        withExtendedLifetime(directory) {}
    }

    @Test func differentVariablesMissAndTheMissNamesTheOperation() async throws {
        let (directory, file, url) = try await Self.recorded()
        let cassette = try openCassette(file, .replay)
        await #expect(throws: (any Error).self) {
            try await Self.post(cassette.session(), url, Self.body(Self.sameDocument, variables: #"{"id": "8"}"#))
        }
        let miss = try #require(cassette.misses.first)
        #expect(miss.request.operation == "GetUser")
        #expect(miss.description.contains("GraphQL operation GetUser"))
        // The document differs only in layout and field order: the miss names the variable alone.
        #expect(miss.description.contains("differs in: body (JSON differs at $.variables.id)"), "\(miss)")
        withExtendedLifetime(directory) {}
    }

    @Test func aDifferentSelectionMisses() async throws {
        let (directory, file, url) = try await Self.recorded()
        let cassette = try openCassette(file, .replay)
        let other = Self.recordedDocument.replacingOccurrences(of: "name id }", with: "name email }")
        await #expect(throws: (any Error).self) {
            try await Self.post(cassette.session(), url, Self.body(other, variables: #"{"id": "7"}"#))
        }
        #expect(cassette.misses.count == 1)
        withExtendedLifetime(directory) {}
    }

    @Test func ignoreBodyPathsApplyToVariables() async throws {
        let configuration = #"{"match": {"ignoreBodyPaths": ["$.variables.requestedAt"]}}"#
        let (directory, file, url) = try await Self.recorded(
            configuration: configuration, variables: #"{"id": "7", "requestedAt": "2026-01-01T00:00:00Z"}"#)
        let cassette = try openCassette(file, .replay)
        _ = try await Self.post(
            cassette.session(), url,
            Self.body(Self.sameDocument, variables: #"{"requestedAt": "2026-12-02T02:00:00Z", "id": "7"}"#))
        #expect(cassette.misses.isEmpty)
        withExtendedLifetime(directory) {}
    }

    @Test func applicationGraphQLBodiesAndGETQueriesMatchTheirCanonicalForm() async throws {
        let directory = try TemporaryDirectory()
        let server = try TestHTTPServer()
        let file = directory.file("Forms.json")
        func getURL(_ document: String) -> URL {
            var components = URLComponents(url: server.url("/echo"), resolvingAgainstBaseURL: false)!
            components.queryItems = [URLQueryItem(name: "query", value: document)]
            return components.url!
        }
        let recorder = try openCassette(file, .record)
        _ = try await Self.post(
            recorder.session(), server.url("/echo"), Data(Self.recordedDocument.utf8),
            contentType: "application/graphql")
        _ = try await recorder.session().fetch(getURL(Self.recordedDocument))
        try await recorder.finish()
        server.stop()
        let cassette = try openCassette(file, .replay)
        let session = cassette.session()
        _ = try await Self.post(
            session, server.url("/echo"), Data(Self.sameDocument.utf8), contentType: "application/graphql")
        _ = try await session.fetch(getURL(Self.sameDocument))
        #expect(cassette.misses.isEmpty)
    }

    @Test(arguments: [
        ("{ a b }", "{ b a }", true), ("{ a { x y } b }", "{ b a { y x } }", true),
        ("query Q { a(x: 1) b }", "query Q { b, a(x: 1) } # note", true),
        ("{ a(x: {p: 1, q: 2}) }", "{ a(x: {q: 2, p: 1}) }", false),
        ("{ ...F a } fragment F on T { z y }", "{ a ...F } fragment F on T { y z }", true),
        ("{ a @include(if: $v) b }", "{ b a @include(if: $v) }", true),
        (#"{ a(s: "x  y") }"#, #"{ a(s: "x y") }"#, false), ("{ a }", "{ a b }", false),
        ("{ alias: a b }", "{ b alias: a }", true),
    ])
    func canonicalDocuments(left: String, right: String, same: Bool) {
        let matcher = RequestMatcher(scrubber: .default)
        func identity(_ document: String) -> RequestIdentity {
            matcher.identity(
                of: RecordedRequest(
                    method: "POST", url: "https://api.example.com/graphql",
                    headers: [HTTPHeader("Content-Type", "application/graphql")], body: Data(document.utf8)))
        }
        #expect((identity(left) == identity(right)) == same)
    }

    @Test func aSearchBodyWithAQueryMemberIsNotTakenForGraphQL() {
        let matcher = RequestMatcher(scrubber: .default)
        func identity(_ body: String) -> RequestIdentity {
            matcher.identity(
                of: RecordedRequest(
                    method: "POST", url: "https://api.example.com/search",
                    headers: [HTTPHeader("Content-Type", "application/json")], body: Data(body.utf8)))
        }
        #expect(identity(#"{"query": "red shoes"}"#) != identity(#"{"query": "red  shoes"}"#))
        #expect(identity(#"{"query": "red shoes"}"#).operation == nil)
    }
}
