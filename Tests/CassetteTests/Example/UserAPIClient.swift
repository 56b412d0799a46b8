import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The kind of code a cassette tests: a small API client that takes its `URLSession` from outside.
struct UserAPIClient: Sendable {
    struct User: Codable, Equatable, Sendable {
        var id: Int
        var name: String
        var role: String
        var email: String?
    }

    /// The token the example server accepts. Real clients read theirs from the environment; the
    /// scrubber keeps it out of the cassette either way.
    static let developmentToken = "dev-token-4f3e2d1c0b9a8776"

    enum APIError: Error, Equatable {
        case notFound
        case status(Int)
    }

    let baseURL: URL
    let session: URLSession

    func users() async throws -> [User] {
        try await send(URLRequest(url: baseURL.appendingPathComponent("v1/users")))
    }

    func user(id: Int) async throws -> User {
        try await send(URLRequest(url: baseURL.appendingPathComponent("v1/users/\(id)")))
    }

    /// Encodes the body from a dictionary, whose key order changes in every process: the canonical
    /// body hash is what lets the recording match anyway.
    func createUser(name: String, role: String) async throws -> User {
        var request = URLRequest(url: baseURL.appendingPathComponent("v1/users"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try JSONEncoder().encode(["name": name, "role": role])
        return try await send(request)
    }

    /// Builds the query from a dictionary too, so its item order also changes between processes.
    func search(_ query: String, role: String) async throws -> [User] {
        var components = URLComponents(
            url: baseURL.appendingPathComponent("v1/search"), resolvingAgainstBaseURL: false)!
        components.queryItems = ["q": query, "role": role].map { URLQueryItem(name: $0.key, value: $0.value) }
        return try await send(URLRequest(url: components.url!))
    }

    private func send<Value: Decodable>(_ request: URLRequest) async throws -> Value {
        var request = request
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.setValue("Bearer \(Self.developmentToken)", forHTTPHeaderField: "Authorization")
        let (data, response) = try await session.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        if status == 404 { throw APIError.notFound }
        guard (200..<300).contains(status) else { throw APIError.status(status) }
        return try JSONDecoder().decode(Value.self, from: data)
    }
}
