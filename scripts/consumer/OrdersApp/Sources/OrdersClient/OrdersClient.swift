import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

public struct Order: Codable, Sendable, Equatable {
    public var orderId: Int
    public var requestId: String
    public var status: String
}

public struct OrderPage: Codable, Sendable {
    public var page: Int
    public var orders: [Int]
}

public struct UploadReceipt: Codable, Sendable, Equatable {
    public var bytes: Int
    public var sha256: String
}

public enum OrdersError: Error {
    case status(Int)
    case echo(sent: String, received: String)
}

/// A client the way apps write one: an injected session, a bearer token, Codable models, a POST whose
/// body is a dictionary (so its keys come in another order in every process) carrying the time it
/// was sent and a fresh id, which the server echoes back, a cache-busting query item, and an upload.
public struct OrdersClient: Sendable {
    public var baseURL: URL
    public var session: URLSession
    public var token: String

    public init(baseURL: URL, session: URLSession, token: String) {
        self.baseURL = baseURL
        self.session = session
        self.token = token
    }

    public func createOrder(item: String) async throws -> Order {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let requestID = UUID().uuidString
        let body = ["clientTimestamp": formatter.string(from: Date()), "item": item, "requestId": requestID]
        var request = URLRequest(url: baseURL.appendingPathComponent("v1/orders"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        request.httpBody = try JSONEncoder().encode(body)
        let (data, response) = try await session.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard status == 201 else { throw OrdersError.status(status) }
        let order = try JSONDecoder().decode(Order.self, from: data)
        guard order.requestId == requestID else { throw OrdersError.echo(sent: requestID, received: order.requestId) }
        return order
    }

    public func orders(page: Int) async throws -> OrderPage {
        let url = baseURL.appendingPathComponent("v1/orders").appending(queryItems: [
            URLQueryItem(name: "page", value: String(page)), URLQueryItem(name: "_", value: UUID().uuidString),
        ])
        var request = URLRequest(url: url)
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        let (data, response) = try await session.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard status == 200 else { throw OrdersError.status(status) }
        return try JSONDecoder().decode(OrderPage.self, from: data)
    }

    /// The status an error page answers with.
    public func statusPage(_ code: Int) async throws -> Int {
        let (_, response) = try await session.data(from: baseURL.appendingPathComponent("v1/status/\(code)"))
        return (response as? HTTPURLResponse)?.statusCode ?? 0
    }

    /// Uploads `data` with `upload(for:from:)`, as apps send files.
    public func upload(_ data: Data) async throws -> UploadReceipt {
        var request = URLRequest(url: baseURL.appendingPathComponent("v1/uploads"))
        request.httpMethod = "POST"
        request.setValue("text/plain", forHTTPHeaderField: "Content-Type")
        let (body, response) = try await session.upload(for: request, from: data)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard status == 201 else { throw OrdersError.status(status) }
        return try JSONDecoder().decode(UploadReceipt.self, from: body)
    }
}
