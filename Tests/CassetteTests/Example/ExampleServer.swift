import Cassette
import CassetteTestSupport
import Foundation

/// The example API that `Cassettes/Example/` was recorded against: a fake user service on a fixed
/// loopback port, started only when a test records.
enum ExampleServer {
    static let port = 47_813
    static let baseURL = URL(string: "http://127.0.0.1:\(port)")!

    private static let shared = Result { try TestHTTPServer(port: port, handler: handle) }

    /// The base URL to give the client: when the cassette records, the example server is started
    /// first; in replay nothing listens there, so any request that escaped would fail.
    static func baseURL(for cassette: Cassette) throws -> URL {
        if cassette.isRecording { _ = try shared.get() }
        return baseURL
    }

    private static let users = [
        #"{"email":"ada@analytical-engines.example.com","id":1,"name":"Ada Lovelace","role":"admin"}"#,
        #"{"email":"grace@cobol.example.org","id":2,"name":"Grace Hopper","role":"member"}"#,
    ]

    static func handle(_ request: HTTPRequestHead) -> HTTPResponseSpec {
        guard request.header("Authorization") == "Bearer \(UserAPIClient.developmentToken)" else {
            return .json(#"{"error":"unauthorized"}"#, status: 401)
        }
        switch (request.method, request.path) {
        case ("GET", "/v1/users"):
            return .json("[" + users.joined(separator: ",") + "]")
        case ("GET", "/v1/users/1"):
            return .json(users[0])
        case ("GET", "/v1/users/2"):
            return .json(users[1])
        case ("GET", let path) where path.hasPrefix("/v1/users/"):
            return .json(#"{"error":"no such user"}"#, status: 404)
        case ("POST", "/v1/users"):
            guard let body = try? JSONDecoder().decode([String: String].self, from: Data(request.body)),
                let name = body["name"], let role = body["role"]
            else { return .json(#"{"error":"name and role are required"}"#, status: 422) }
            return .json(#"{"email":null,"id":3,"name":"\#(name)","role":"\#(role)"}"#, status: 201)
        case ("GET", "/v1/search"):
            let query = request.queryItems.first { $0.name == "q" }?.value.lowercased() ?? ""
            let role = request.queryItems.first { $0.name == "role" }?.value ?? ""
            let matches = users.filter { $0.lowercased().contains(query) && $0.contains(#""role":"\#(role)""#) }
            return .json("[" + matches.joined(separator: ",") + "]")
        default:
            return .json(#"{"error":"not found"}"#, status: 404)
        }
    }
}
