import Cassette
import Foundation
import OrdersClient
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

func client() throws -> OrdersClient {
    let environment = ProcessInfo.processInfo.environment
    return OrdersClient(
        baseURL: URL(string: environment["ORDERS_API"] ?? "http://127.0.0.1:9")!,
        session: try #require(Cassette.current).session(), token: environment["ORDERS_TOKEN"] ?? "no-token-set")
}

@Test(.cassette("Orders/Create"))
func createsOrder() async throws {
    let order = try await client().createOrder(item: "book")
    #expect(order.status == "created")
}

@Test(.cassette("Orders/List"))
func listsOrders() async throws {
    let pages = Int(ProcessInfo.processInfo.environment["ORDERS_PAGES"] ?? "1") ?? 1
    for page in 1...pages {
        #expect(try await client().orders(page: page).page == page)
    }
}

/// `ORDERS_FAIL_EARLY=1` makes this test fail before it makes its requests, as a test whose set-up
/// breaks does.
@Test(.cassette("Orders/Failing"))
func failsEarlyWhenAsked() async throws {
    struct SetUpFailed: Error {}
    if ProcessInfo.processInfo.environment["ORDERS_FAIL_EARLY"] == "1" { throw SetUpFailed() }
    #expect(try await client().orders(page: 7).page == 7)
    #expect(try await client().orders(page: 8).page == 8)
}

@Suite struct BareTraitTests {
    /// The documented form without a name: the cassette is this package's
    /// `Cassettes/BareTraitTests/listsTheFirstPage.json`.
    @Test(.cassette) func listsTheFirstPage() async throws {
        #expect(try await client().orders(page: 1).page == 1)
    }
}

@Suite struct StatusPageTests {
    /// Each case gets a cassette of its own: `Cassettes/StatusPageTests/answersWithItsStatus/code=404.json`…
    @Test(.cassette(), arguments: [404, 500, 503])
    func answersWithItsStatus(code: Int) async throws {
        #expect(try await client().statusPage(code) == code)
    }
}

@Suite struct UploadTests {
    /// `upload(for:from:)`: its body reaches the server when recording, and the cassette keeps it.
    @Test(.cassette("Uploads/Note"))
    func uploadsANote() async throws {
        let note = Data("a note for the server\n".utf8)
        let receipt = try await client().upload(note)
        #expect(receipt.bytes == note.count)
    }
}
