import Cassette
import Foundation
import Testing

/// The workflow the README shows: these tests replay the cassettes committed in `Cassettes/Example/`.
/// Record them again with `CASSETTE_MODE=record swift test --filter ExampleAPITests`.
@Suite struct ExampleAPITests {
    func client() throws -> UserAPIClient {
        let cassette = try #require(Cassette.current)
        return UserAPIClient(baseURL: try ExampleServer.baseURL(for: cassette), session: cassette.session())
    }

    @Test(.cassette("Example/ListUsers"))
    func listsUsers() async throws {
        let users = try await client().users()
        #expect(users.map(\.name) == ["Ada Lovelace", "Grace Hopper"])
        // Recorded addresses are scrubbed to placeholders that are still addresses.
        #expect(users.allSatisfy { $0.email?.split(separator: "@").count == 2 })
    }

    @Test(.cassette("Example/FetchUser"))
    func fetchesOneUserAndReportsAMissingOne() async throws {
        let client = try client()
        #expect(try await client.user(id: 2).role == "member")
        await #expect(throws: UserAPIClient.APIError.notFound) { try await client.user(id: 99) }
    }

    @Test(.cassette("Example/CreateUser"))
    func createsAUserWithABodyBuiltFromADictionary() async throws {
        let user = try await client().createUser(name: "Katherine Johnson", role: "member")
        #expect(user == UserAPIClient.User(id: 3, name: "Katherine Johnson", role: "member", email: nil))
    }

    @Test(.cassette("Example/Search"))
    func searchesWithAQueryBuiltFromADictionary() async throws {
        let users = try await client().search("ada", role: "admin")
        #expect(users.map(\.id) == [1])
    }
}
