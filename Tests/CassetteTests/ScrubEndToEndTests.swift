import Cassette
import CassetteTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Secrets sent through the real protocol to the loopback server, which echoes them back: none of
/// them, in any spelling, reaches the cassette file, and the same live requests (secrets and all)
/// replay from the scrubbed cassette.
@Suite struct ScrubEndToEndTests {
    struct SecretCase: CustomTestStringConvertible, Sendable {
        var label: String
        var method = "GET"
        var path = "/echo"
        var headers: [String: String] = [:]
        var body: String?
        var contentType: String?
        var userInfo: String?
        var secrets: [String]

        var testDescription: String { label }
    }

    static let jwt =
        "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI0MiIsIm5hbWUiOiJUZXN0In0.dGhpc2lzbm90YXJlYWxzaWduYXR1cmVfMTIz"
    static let pem =
        "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7VJTUt9Us8cKj\n"
        + "MzEfYyjiWA4R4/M2bS1GB4t7NXp98C3SC6dVMvDuictGeurT8jNbvJZHtCSuYEvu\n-----END PRIVATE KEY-----"
    static let basic = Data("alice:hunter2-hunter2".utf8).base64EncodedString()
    static let userInfoBasic = Data("alice:userinfo-pass-999".utf8).base64EncodedString()
    static let boundary = "Boundary-7MA4YWxkTrZu0gW"

    static func multipart(_ name: String, _ value: String) -> String {
        "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n--\(boundary)--\r\n"
    }

    static let json = "application/json"
    static let form = "application/x-www-form-urlencoded"
    static let text = "text/plain; charset=utf-8"

    static let cases: [SecretCase] = [
        // Request headers, echoed back in the response body.
        SecretCase(
            label: "bearer header", headers: ["Authorization": "Bearer 9f8e7d6c5b4a39281706"],
            secrets: ["9f8e7d6c5b4a39281706"]),
        SecretCase(
            label: "basic header", headers: ["Authorization": "Basic \(basic)"], secrets: [basic, "hunter2-hunter2"]),
        SecretCase(
            label: "proxy authorization", headers: ["Proxy-Authorization": "Bearer prx-5d4c3b2a1908"],
            secrets: ["prx-5d4c3b2a1908"]),
        SecretCase(
            label: "cookie header", headers: ["Cookie": "session=c00k1e-v4lue-123456"], secrets: ["c00k1e-v4lue-123456"]
        ),
        SecretCase(
            label: "x-api-key", headers: ["X-Api-Key": "k3y-0123456789abcdef"], secrets: ["k3y-0123456789abcdef"]),
        SecretCase(
            label: "x-auth-token", headers: ["X-Auth-Token": "auth-tok-9876543210"], secrets: ["auth-tok-9876543210"]),
        SecretCase(
            label: "x-amz-security-token", headers: ["X-Amz-Security-Token": "FQoGZXIvYXdzEJrExampleSessionToken"],
            secrets: ["FQoGZXIvYXdzEJrExampleSessionToken"]),
        SecretCase(
            label: "client secret header", headers: ["X-Client-Secret": "cs-abcdef0123456789"],
            secrets: ["cs-abcdef0123456789"]),
        SecretCase(
            label: "session header", headers: ["X-Session-Id": "sess-0a1b2c3d4e5f"], secrets: ["sess-0a1b2c3d4e5f"]),
        SecretCase(
            label: "signature header", headers: ["X-Signature": "sig-ffeeddccbbaa9988"],
            secrets: ["sig-ffeeddccbbaa9988"]),
        // Query items, echoed back.
        SecretCase(
            label: "access_token query", path: "/echo?access_token=at-1234567890abcdef&page=2",
            secrets: ["at-1234567890abcdef"]),
        SecretCase(label: "token query", path: "/echo?token=tkn-abcdef123456", secrets: ["tkn-abcdef123456"]),
        SecretCase(label: "api_key query", path: "/echo?api_key=ak-00112233445566", secrets: ["ak-00112233445566"]),
        SecretCase(label: "key query", path: "/echo?key=plain-key-value-42", secrets: ["plain-key-value-42"]),
        SecretCase(
            label: "client_secret query", path: "/echo?client_secret=clsec-77665544332211",
            secrets: ["clsec-77665544332211"]),
        SecretCase(
            label: "percent-encoded password query", path: "/echo?password=p%40ssw0rd%21long",
            secrets: ["p@ssw0rd!long"]),
        SecretCase(
            label: "signature query", path: "/echo?signature=abcdef0123456789abcdef",
            secrets: ["abcdef0123456789abcdef"]),
        SecretCase(label: "sig query", path: "/echo?sig=0f0e0d0c0b0a09080706", secrets: ["0f0e0d0c0b0a09080706"]),
        SecretCase(
            label: "X-Amz-Signature query", path: "/echo?X-Amz-Signature=aws-sig-fedcba9876543210",
            secrets: ["aws-sig-fedcba9876543210"]),
        SecretCase(
            label: "oauth code query", path: "/echo?code=oauth-code-1234567&state=xyz", secrets: ["oauth-code-1234567"]),
        SecretCase(
            label: "refresh_token query", path: "/echo?refresh_token=rt-0987654321fedcba",
            secrets: ["rt-0987654321fedcba"]),
        SecretCase(
            label: "email query", path: "/echo?email=katherine%40nasa.example.gov",
            secrets: ["katherine@nasa.example.gov"]),
        SecretCase(
            label: "user info", userInfo: "alice:userinfo-pass-999", secrets: ["userinfo-pass-999", userInfoBasic]),
        // JSON bodies, echoed back as a string inside JSON.
        SecretCase(
            label: "json password", method: "POST", body: #"{"username":"bob","password":"json-pass-123456"}"#,
            contentType: json, secrets: ["json-pass-123456"]),
        SecretCase(
            label: "nested json api_key", method: "POST",
            body: #"{"user":{"credentials":{"api_key":"nested-key-abcdef"}}}"#,
            contentType: json, secrets: ["nested-key-abcdef"]),
        SecretCase(
            label: "tokens in a json array", method: "POST",
            body: #"[{"token":"arr-tok-111111"},{"token":"arr-tok-222222"}]"#,
            contentType: json, secrets: ["arr-tok-111111", "arr-tok-222222"]),
        SecretCase(
            label: "json client_secret", method: "POST", body: #"{"client_secret":"json-cs-abcdef"}"#,
            contentType: json,
            secrets: ["json-cs-abcdef"]),
        SecretCase(
            label: "url inside a json body", method: "POST",
            body: #"{"callback":"https://example.com/cb?token=url-in-body-tok-42"}"#, contentType: json,
            secrets: ["url-in-body-tok-42"]),
        // Form and multipart fields.
        SecretCase(
            label: "form password", method: "POST", body: "username=bob&password=form-pass-7777", contentType: form,
            secrets: ["form-pass-7777"]),
        SecretCase(
            label: "form client_secret", method: "POST",
            body: "grant_type=client_credentials&client_secret=form-cs-8888",
            contentType: form, secrets: ["form-cs-8888"]),
        SecretCase(
            label: "multipart password", method: "POST", body: multipart("password", "multipart-pass-9999"),
            contentType: "multipart/form-data; boundary=\(boundary)", secrets: ["multipart-pass-9999"]),
        SecretCase(
            label: "multipart api_key", method: "POST", body: multipart("api_key", "mp-key-abcabc"),
            contentType: "multipart/form-data; boundary=\(boundary)", secrets: ["mp-key-abcabc"]),
        // Secret shapes anywhere in text and JSON values.
        SecretCase(
            label: "email in json", method: "POST", body: #"{"contact":"ada.lovelace@corp.example.com"}"#,
            contentType: json,
            secrets: ["ada.lovelace@corp.example.com"]),
        SecretCase(
            label: "email in text", method: "POST", body: "Please contact grace.hopper@navy.example.org today",
            contentType: text, secrets: ["grace.hopper@navy.example.org"]),
        SecretCase(
            label: "jwt in json", method: "POST", body: #"{"note":"\#(jwt)"}"#, contentType: json, secrets: [jwt]),
        SecretCase(label: "jwt in text", method: "POST", body: "token: \(jwt)", contentType: text, secrets: [jwt]),
        SecretCase(
            label: "pem private key", method: "POST", body: pem, contentType: text,
            secrets: ["MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7VJTUt9Us8cKj"]),
        SecretCase(
            label: "aws access key id", method: "POST", body: "key id AKIAZ7EXAMPLE1234567 here", contentType: text,
            secrets: ["AKIAZ7EXAMPLE1234567"]),
        SecretCase(
            label: "aws secret access key", method: "POST",
            body: "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", contentType: text,
            secrets: ["wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"]),
        SecretCase(
            label: "github token", method: "POST", body: "ghp_aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5 in text",
            contentType: text, secrets: ["ghp_aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5"]),
        SecretCase(
            label: "gitlab token", method: "POST", body: #"{"value":"glpat-xY7zW3vU1tS9rQ5pO2nM"}"#, contentType: json,
            secrets: ["glpat-xY7zW3vU1tS9rQ5pO2nM"]),
        SecretCase(
            label: "slack token", method: "POST", body: "xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx",
            contentType: text, secrets: ["xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx"]),
        SecretCase(
            label: "stripe key", method: "POST", body: #"{"value":"sk_live_51HqLyjWDarjtT1zdp7dcXAMPLE"}"#,
            contentType: json,
            secrets: ["sk_live_51HqLyjWDarjtT1zdp7dcXAMPLE"]),
        SecretCase(
            label: "google api key", method: "POST", body: #"{"value":"AIzaSyA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q"}"#,
            contentType: json, secrets: ["AIzaSyA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q"]),
        SecretCase(
            label: "bearer in text", method: "POST", body: "use Bearer bt-in-text-0123456789abcdef please",
            contentType: text,
            secrets: ["bt-in-text-0123456789abcdef"]),
        // Secrets the server sends: a Set-Cookie, a token in a JSON response, and a redirect whose
        // Location carries the token.
        SecretCase(label: "set-cookie from the server", path: "/login", secrets: ["srv-session-5f4e3d2c1b0a"]),
        SecretCase(label: "token issued in a response body", path: "/issue", secrets: ["srv-issued-abcdef123456"]),
        SecretCase(
            label: "token in a redirect location", path: "/bounce?access_token=bounce-tok-123456",
            secrets: ["bounce-tok-123456"]),
        // Bodies read by what they hold, and nested encodings, echoed back inside the JSON echo.
        SecretCase(
            label: "json sent as text/plain", method: "POST", body: #"{"password":"pl41n-json-pw-11"}"#,
            contentType: "text/plain", secrets: ["pl41n-json-pw-11"]),
        SecretCase(
            label: "xml element", method: "POST",
            body: "<Credentials><SessionToken>FwoGZXIvYXdzXmlSessionTok3n</SessionToken></Credentials>",
            contentType: "text/xml", secrets: ["FwoGZXIvYXdzXmlSessionTok3n"]),
        SecretCase(
            label: "html hidden input", method: "POST",
            body: #"<form><input type="hidden" name="csrf_token" value="html-csrf-0a1b2c3d"></form>"#,
            contentType: "text/html", secrets: ["html-csrf-0a1b2c3d"]),
        SecretCase(
            label: "yaml file in a multipart part", method: "POST",
            body: "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"app.yaml\"\r\n\r\n"
                + "db:\n  password: mp-yaml-pw-4455\n\r\n--\(boundary)--\r\n",
            contentType: "multipart/form-data; boundary=\(boundary)", secrets: ["mp-yaml-pw-4455"]),
        SecretCase(
            label: "url percent-encoded in a query value",
            path: "/echo?redirect_uri=https%3A%2F%2Fapp.example.com%2Fcb%3Faccess_token%3Dnested-at-667788",
            secrets: ["nested-at-667788"]),
        SecretCase(
            label: "base64 config in json", method: "POST",
            body: #"{"data":{"config.json":"\#(Data(#"{"api_key":"b64-cfg-k3y-99"}"#.utf8).base64EncodedString())"}}"#,
            contentType: json, secrets: ["b64-cfg-k3y-99"]),
        SecretCase(
            label: "connection string", method: "POST",
            body: #"{"conn":"Server=db;User Id=sa;Password=c0nn-e2e-pw;"}"#, contentType: json, secrets: ["c0nn-e2e-pw"]
        ),
        SecretCase(
            label: "reset token in the path", path: "/reset-password/8f1c2b7e9a4d4c3b8e2f1a0b9c8d7e6f",
            secrets: ["8f1c2b7e9a4d4c3b8e2f1a0b9c8d7e6f"]),
    ]

    static func handler(_ request: HTTPRequestHead) -> HTTPResponseSpec {
        switch request.path {
        case "/login":
            var response = HTTPResponseSpec.text("ok")
            response.headers.append((name: "Set-Cookie", value: "session=srv-session-5f4e3d2c1b0a; Path=/; HttpOnly"))
            return response
        case "/issue":
            return .json(#"{"access_token":"srv-issued-abcdef123456","token_type":"bearer","expires_in":3600}"#)
        case "/bounce":
            return .redirect(302, to: "/echo?" + (request.query ?? ""))
        case let path where path.hasPrefix("/reset-password/"):
            return .text("reset link \(path) sent")
        default:
            return TestHTTPServer.standardRoutes(request)
        }
    }

    static func request(_ secretCase: SecretCase, port: Int) -> URLRequest {
        let authority = (secretCase.userInfo.map { $0 + "@" } ?? "") + "127.0.0.1:\(port)"
        var request = URLRequest(url: URL(string: "http://\(authority)\(secretCase.path)")!)
        request.httpMethod = secretCase.method
        request.httpBody = secretCase.body.map { Data($0.utf8) }
        if let contentType = secretCase.contentType {
            request.setValue(contentType, forHTTPHeaderField: "Content-Type")
        }
        for (name, value) in secretCase.headers { request.setValue(value, forHTTPHeaderField: name) }
        return request
    }

    /// The ways a secret can be spelled in a file: raw, percent-encoded, form-encoded, JSON-escaped.
    static func spellings(of secret: String) -> Set<String> {
        let unreserved = CharacterSet(
            charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        let percent = secret.addingPercentEncoding(withAllowedCharacters: unreserved) ?? secret
        let escapedJSON = String(decoding: JSONWriter.bytes(of: .string(secret), style: .compact), as: UTF8.self)
            .dropFirst().dropLast()
        return [
            secret, percent, percent.replacingOccurrences(of: "%20", with: "+"), String(escapedJSON),
            secret.replacingOccurrences(of: "/", with: "\\/"),
        ]
    }

    @Test func theTableCoversAtLeastFortySecretForms() {
        #expect(Self.cases.count >= 40)
        #expect(Set(Self.cases.map(\.label)).count == Self.cases.count)
    }

    @Test(arguments: cases)
    func noSecretReachesTheFileAndTheLiveRequestStillReplays(secretCase: SecretCase) async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("Secret.json")
        let server = try TestHTTPServer(handler: Self.handler)
        let recorder = try openCassette(file, .record)
        let (_, recordedResponse) = try await recorder.session().data(for: Self.request(secretCase, port: server.port))
        try await recorder.finish()
        server.stop()

        let text = try fileText(file)
        for secret in secretCase.secrets {
            for spelling in Self.spellings(of: secret) {
                #expect(!text.contains(spelling), "\(secretCase.label): \(spelling) is in the cassette")
            }
        }
        // Bodies changed by scrubbing keep a Content-Length that describes them.
        for interaction in try CassetteDocument.read(from: file).interactions {
            if let response = interaction.response, let length = response.headers.value(for: "Content-Length") {
                #expect(length == String(response.body?.count ?? 0), "\(secretCase.label)")
            }
        }

        let player = try openCassette(file, .replay)
        let (_, replayedResponse) = try await player.session().data(for: Self.request(secretCase, port: server.port))
        #expect(player.misses.isEmpty, "\(player.misses.map(\.description))")
        #expect(
            (replayedResponse as? HTTPURLResponse)?.statusCode == (recordedResponse as? HTTPURLResponse)?.statusCode)
    }

    @Test func aMissExplanationNeverShowsTheSecret() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("Empty.json")
        try CassetteDocument().write(to: file)
        let player = try openCassette(file, .replay)
        var request = URLRequest(url: URL(string: "http://127.0.0.1:9/echo?access_token=miss-secret-123456")!)
        request.setValue("Bearer miss-bearer-abcdef123456", forHTTPHeaderField: "Authorization")
        do {
            _ = try await player.session().data(for: request)
            Issue.record("an unrecorded request was served")
        } catch {
            #expect(!"\(error)".contains("miss-secret-123456"))
        }
        let description = try #require(player.misses.first?.description)
        #expect(!description.contains("miss-secret-123456"))
        #expect(description.contains("access_token=SCRUBBED"))
    }

    @Test func anEchoedBearerTokenKeepsItsShape() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("Shape.json")
        let server = try TestHTTPServer(handler: Self.handler)
        let recorder = try openCassette(file, .record)
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(server.port)/echo")!)
        request.setValue("Bearer sh4pe-e2e-0123456789", forHTTPHeaderField: "Authorization")
        _ = try await recorder.session().data(for: request)
        try await recorder.finish()
        server.stop()
        let response = try #require(try CassetteDocument.read(from: file).interactions.first?.response?.body)
        let echoed = try #require(try JSONParser.parse(response)["headers"]?["authorization"])
        #expect(echoed == .string("Bearer SCRUBBED-TOKEN-1"))
    }

    @Test func aMissExplanationNeverShowsASecretInANestedURL() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("Nested.json")
        try CassetteDocument().write(to: file)
        let player = try openCassette(file, .replay)
        let url = "http://127.0.0.1:9/cb?next=https%3A%2F%2Fx.example.com%2F%3Faccess_token%3Dmiss-nested-123456"
        do {
            _ = try await player.session().data(for: URLRequest(url: URL(string: url)!))
            Issue.record("an unrecorded request was served")
        } catch {
            #expect(!"\(error)".contains("miss-nested-123456"))
        }
        let description = try #require(player.misses.first?.description)
        #expect(!description.contains("miss-nested-123456"))
        #expect(description.contains("SCRUBBED-QUERY"))
    }
}
