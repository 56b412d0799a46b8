import CassetteScrubbing
import Foundation
import Testing

/// Builders and secret samples shared by the scrubber's tests.
enum ScrubFixtures {
    static let jwt =
        "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ"
        + ".SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"
    static let pemBody = [
        "MIIEowIBAAKCAQEA1c7+9z5Pad7OejecsQ0bu3aozN3tihPmljnnudb9G3HECdnH",
        "lWu2/a1gB9JW5TBQ+AVpum9Okx7KfqkfBKL9mcHgSL0yWMdjMfNOqNtrQqKlN4kE",
    ]
    static let pem =
        "-----BEGIN RSA PRIVATE KEY-----\n" + pemBody.joined(separator: "\n") + "\n-----END RSA PRIVATE KEY-----"
    static let awsKeyID = "AKIAIOSFODNN7EXAMPLE"
    static let awsSecret = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
    static let githubToken = "ghp_aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5"
    static let googleKey = "AIzaSyA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q"

    static func request(
        _ method: String = "GET", url: String = "https://api.example.com/v1/items", headers: [HTTPHeader] = [],
        body: String? = nil
    ) -> RecordedRequest {
        RecordedRequest(method: method, url: url, headers: headers, body: body.map { Data($0.utf8) })
    }

    static func response(_ status: Int = 200, url: String? = nil, headers: [HTTPHeader] = [], body: String? = nil)
        -> RecordedResponse
    {
        RecordedResponse(status: status, url: url, headers: headers, body: body.map { Data($0.utf8) })
    }

    static func interaction(
        _ request: RecordedRequest = request(), redirects: [RedirectHop] = [], _ response: RecordedResponse = response()
    ) -> Interaction {
        Interaction(request: request, redirects: redirects, outcome: .response(response))
    }

    static func interaction(_ response: RecordedResponse) -> Interaction {
        Interaction(request: request(), outcome: .response(response))
    }

    static let json = HTTPHeader("Content-Type", "application/json")
    static let text = HTTPHeader("Content-Type", "text/plain")
    static let form = HTTPHeader("Content-Type", "application/x-www-form-urlencoded")

    /// `text` percent-encoded, every byte but letters, digits and `-._~`.
    static func percentEncoded(_ text: String) -> String {
        let strict = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        return text.addingPercentEncoding(withAllowedCharacters: strict) ?? text
    }

    /// The spellings a secret may take in a cassette file: raw, percent-encoded (upper- and
    /// lower-case hex), form-encoded and JSON-escaped.
    static func spellings(of secret: String) -> Set<String> {
        let strict = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        let percent = secret.addingPercentEncoding(withAllowedCharacters: strict) ?? secret
        var lower = ""
        var rest = Substring(percent)
        while let index = rest.firstIndex(of: "%") {
            lower += rest[..<index]
            let escape = rest[index...].prefix(3)
            lower += escape.lowercased()
            rest = rest[escape.endIndex...]
        }
        lower += rest
        let escaped = String(decoding: JSONWriter.bytes(of: .string(secret), style: .compact), as: UTF8.self)
        let json = String(escaped.dropFirst().dropLast())
        return [
            secret, percent, lower, percent.replacingOccurrences(of: "%20", with: "+"), json,
            json.replacingOccurrences(of: "/", with: "\\/"),
        ]
    }
}

/// A document holding a secret, and the secret's values that must not survive scrubbing.
struct SecretCase: Sendable, CustomTestStringConvertible {
    var name: String
    var document: CassetteDocument
    var secrets: [String]
    /// Whether a secret reaches a request only by echo from another interaction, which masking a
    /// request alone cannot see.
    var crossInteraction = false

    init(_ name: String, _ interactions: [Interaction], secrets: [String], crossInteraction: Bool = false) {
        self.name = name
        self.document = CassetteDocument(interactions: interactions)
        self.secrets = secrets
        self.crossInteraction = crossInteraction
    }

    init(_ name: String, _ interaction: Interaction, secrets: [String]) {
        self.init(name, [interaction], secrets: secrets)
    }

    var testDescription: String { name }
}

/// An interaction that scrubbing must leave exactly as it is.
struct BenignCase: Sendable, CustomTestStringConvertible {
    var name: String
    var interaction: Interaction

    init(_ tuple: (String, Interaction)) {
        name = tuple.0
        interaction = tuple.1
    }

    var testDescription: String { name }
}
