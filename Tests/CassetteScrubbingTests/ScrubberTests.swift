import CassetteScrubbing
import Foundation
import Testing

@Suite struct ScrubberTests {
    typealias F = ScrubFixtures

    static let secretCases: [SecretCase] = [
        // Request and response headers.
        SecretCase(
            "Authorization Bearer",
            F.interaction(F.request(headers: [.init("Authorization", "Bearer abc123def456ghi")])),
            secrets: ["abc123def456ghi"]),
        SecretCase(
            "Authorization Basic",
            F.interaction(F.request(headers: [.init("Authorization", "Basic YWxpY2U6czNjcmV0LXBhc3M=")])),
            secrets: ["YWxpY2U6czNjcmV0LXBhc3M="]),
        SecretCase(
            "Proxy-Authorization",
            F.interaction(F.request(headers: [.init("Proxy-Authorization", "Bearer prx-7788aa99bb")])),
            secrets: ["prx-7788aa99bb"]),
        SecretCase(
            "X-Api-Key", F.interaction(F.request(headers: [.init("X-Api-Key", "k3y-9f8e7d6c5b4a")])),
            secrets: ["k3y-9f8e7d6c5b4a"]),
        SecretCase(
            "X-Auth-Token", F.interaction(F.request(headers: [.init("x-auth-token", "tok_55aa66bb77cc")])),
            secrets: ["tok_55aa66bb77cc"]),
        SecretCase(
            "X-Amz-Security-Token",
            F.interaction(F.request(headers: [.init("X-Amz-Security-Token", "FwoGZXIvYXdzEJr//////////wEaDM")])),
            secrets: ["FwoGZXIvYXdzEJr//////////wEaDM"]),
        SecretCase(
            "X-CSRF-Token", F.interaction(F.request(headers: [.init("X-CSRF-Token", "csrf0a1b2c3d4e")])),
            secrets: ["csrf0a1b2c3d4e"]),
        SecretCase(
            "camel-case header name", F.interaction(F.request(headers: [.init("X-ClientSecret", "cs-a1b2c3d4e5")])),
            secrets: ["cs-a1b2c3d4e5"]),
        SecretCase(
            "response header", F.interaction(F.response(headers: [.init("X-Refresh-Token", "rt-0099887766")])),
            secrets: ["rt-0099887766"]),
        SecretCase(
            "Cookie", F.interaction(F.request(headers: [.init("Cookie", "theme=dark; session=abc123xyz789")])),
            secrets: ["abc123xyz789"]),
        SecretCase(
            "Set-Cookie",
            F.interaction(F.response(headers: [.init("Set-Cookie", "sid=9a8b7c6d5e4f3a2b; Path=/; HttpOnly")])),
            secrets: ["9a8b7c6d5e4f3a2b"]),
        SecretCase(
            "Set-Cookie fields joined by HTTPURLResponse",
            F.interaction(
                F.response(headers: [
                    .init(
                        "Set-Cookie",
                        "a=first-cookie-1; Expires=Wed, 21 Oct 2015 07:28:00 GMT; Path=/, b=second-cookie-2; HttpOnly")
                ])),
            secrets: ["first-cookie-1", "second-cookie-2"]),
        // URLs.
        SecretCase(
            "query access_token",
            F.interaction(F.request(url: "https://api.example.com/me?access_token=at-556677889900")),
            secrets: ["at-556677889900"]),
        SecretCase(
            "query api_key", F.interaction(F.request(url: "https://api.example.com/v1?api_key=ak_123456789&x=1")),
            secrets: ["ak_123456789"]),
        SecretCase(
            "query key", F.interaction(F.request(url: "https://maps.example.com/geo?key=plainkey-12345")),
            secrets: ["plainkey-12345"]),
        SecretCase(
            "query client_secret",
            F.interaction(F.request(url: "https://auth.example.com/token?client_id=app&Client_Secret=cs_998877665544")),
            secrets: ["cs_998877665544"]),
        SecretCase(
            "presigned S3 URL",
            F.interaction(
                F.request(
                    url:
                        "https://bucket.s3.amazonaws.com/f.txt?X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20240101%2Fus-east-1"
                        + "%2Fs3%2Faws4_request&X-Amz-Signature=fe5f80f77d5fa3beca038a248ff027d0445342fe2855ddc963176630326f1024"
                )),
            secrets: [
                "AKIAIOSFODNN7EXAMPLE/20240101/us-east-1/s3/aws4_request",
                "fe5f80f77d5fa3beca038a248ff027d0445342fe2855ddc963176630326f1024",
            ]),
        SecretCase(
            "query password percent-encoded",
            F.interaction(F.request(url: "https://api.example.com/login?user=bob&password=p%40ss+w0rd%21")),
            secrets: ["p@ss w0rd!"]),
        SecretCase(
            "user info", F.interaction(F.request(url: "https://alice:hunter2secret@db.example.com/")),
            secrets: ["alice:hunter2secret"]),
        SecretCase(
            "OAuth code in a redirect hop and Location",
            F.interaction(
                F.request(url: "https://auth.example.com/authorize"),
                redirects: [
                    RedirectHop(
                        method: "GET", url: "https://auth.example.com/authorize", status: 302,
                        headers: [.init("Location", "https://app.example.com/cb?code=oauthcode-4455&state=xyz")])
                ],
                F.response(url: "https://app.example.com/cb?code=oauthcode-4455&state=xyz")),
            secrets: ["oauthcode-4455"]),
        SecretCase(
            "token in a fragment",
            F.interaction(F.response(url: "https://app.example.com/cb#access_token=frag-token-7788&type=bearer")),
            secrets: ["frag-token-7788"]),
        SecretCase(
            "URL in a JSON body",
            F.interaction(
                F.response(headers: [F.json], body: #"{"next":"https://x.example.com/cb?access_token=zz99yy88xx77"}"#)),
            secrets: ["zz99yy88xx77"]),
        SecretCase(
            "URL in a text body",
            F.interaction(F.response(headers: [F.text], body: "See https://x.example.com/dl?sig=s1g-abcdef123 now.")),
            secrets: ["s1g-abcdef123"]),
        // JSON, form and multipart fields.
        SecretCase(
            "JSON password",
            F.interaction(
                F.request("POST", headers: [F.json], body: #"{"username":"bob","password":"hunter2hunter2"}"#)),
            secrets: ["hunter2hunter2"]),
        SecretCase(
            "JSON key at depth",
            F.interaction(F.response(headers: [F.json], body: #"{"user":{"settings":{"api_key":"deep-key-001122"}}}"#)),
            secrets: ["deep-key-001122"]),
        SecretCase(
            "JSON keys in arrays",
            F.interaction(
                F.response(
                    headers: [F.json], body: #"{"accounts":[{"token":"arr-tok-111111"},{"token":"arr-tok-222222"}]}"#)),
            secrets: ["arr-tok-111111", "arr-tok-222222"]),
        SecretCase(
            "JSON camel-case keys",
            F.interaction(
                F.response(headers: [F.json], body: #"{"apiKey":"camel-aaa111","clientSecret":"camel-bbb222"}"#)),
            secrets: ["camel-aaa111", "camel-bbb222"]),
        SecretCase(
            "OAuth token response",
            F.interaction(
                F.response(
                    headers: [F.json],
                    body: #"{"access_token":"oat-123456","refresh_token":"ort-654321","token_type":"Bearer"}"#)),
            secrets: ["oat-123456", "ort-654321"]),
        SecretCase(
            "array of strings under a secret key",
            F.interaction(F.response(headers: [F.json], body: #"{"tokens":["aaa111bbb222","ccc333ddd444"]}"#)),
            secrets: ["aaa111bbb222", "ccc333ddd444"]),
        SecretCase(
            "JSON kept as text",
            F.interaction(F.response(headers: [F.json], body: #"{"path":"a\/b","secret":"txt-json-556677"}"#)),
            secrets: ["txt-json-556677"]),
        SecretCase(
            "form fields",
            F.interaction(
                F.request(
                    "POST", url: "https://auth.example.com/token", headers: [F.form],
                    body: "grant_type=password&username=bob&password=form-pass-123&client_secret=form-cs-456")),
            secrets: ["form-pass-123", "form-cs-456"]),
        SecretCase(
            "multipart field",
            F.interaction(
                F.request(
                    "POST", headers: [.init("Content-Type", "multipart/form-data; boundary=XyZ")],
                    body: "--XyZ\r\nContent-Disposition: form-data; name=\"user\"\r\n\r\nbob\r\n--XyZ\r\n"
                        + "Content-Disposition: form-data; name=\"password\"\r\n\r\nmultipart-pw-99\r\n--XyZ--\r\n")),
            secrets: ["multipart-pw-99"]),
        // Shapes.
        SecretCase(
            "email in text", F.interaction(F.response(headers: [F.text], body: "Contact jane.doe@corp-mail.com today")),
            secrets: ["jane.doe@corp-mail.com"]),
        SecretCase(
            "email in JSON",
            F.interaction(F.response(headers: [F.json], body: #"{"user":{"email":"bob@example.org"}}"#)),
            secrets: ["bob@example.org"]),
        SecretCase(
            "email percent-encoded in a URL",
            F.interaction(F.request(url: "https://api.example.com/users?email=carol%40example.net")),
            secrets: ["carol@example.net"]),
        SecretCase(
            "JWT in JSON", F.interaction(F.response(headers: [F.json], body: #"{"jwt":"\#(F.jwt)"}"#)), secrets: [F.jwt]
        ),
        SecretCase(
            "JWT in text", F.interaction(F.response(headers: [F.text], body: "session: \(F.jwt)\n")), secrets: [F.jwt]),
        SecretCase(
            "Bearer in a text body",
            F.interaction(
                F.request("POST", headers: [F.text], body: "curl -H 'Authorization: Bearer txtbearer123456'")),
            secrets: ["txtbearer123456"]),
        SecretCase(
            "PEM private key in JSON",
            F.interaction(
                F.response(headers: [F.json], body: #"{"pem":"\#(F.pem.replacingOccurrences(of: "\n", with: "\\n"))"}"#)
            ),
            secrets: F.pemBody),
        SecretCase(
            "PEM private key in text", F.interaction(F.response(headers: [F.text], body: "key:\n\(F.pem)\n")),
            secrets: F.pemBody),
        SecretCase(
            "AWS access key id", F.interaction(F.response(headers: [F.text], body: "id=\(F.awsKeyID)")),
            secrets: [F.awsKeyID]),
        SecretCase(
            "AWS secret access key",
            F.interaction(
                F.response(headers: [F.text], body: "[default]\naws_secret_access_key = \(F.awsSecret)\n")),
            secrets: [F.awsSecret]),
        SecretCase(
            "GitHub token", F.interaction(F.response(headers: [F.json], body: #"{"note":"\#(F.githubToken)"}"#)),
            secrets: [F.githubToken]),
        SecretCase(
            "GitHub fine-grained token",
            F.interaction(
                F.response(
                    headers: [F.text],
                    body:
                        "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")
            ),
            secrets: ["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"]),
        SecretCase(
            "GitLab token", F.interaction(F.response(headers: [F.json], body: #"{"v":"glpat-AbCdEf1234567890GhIj"}"#)),
            secrets: ["glpat-AbCdEf1234567890GhIj"]),
        SecretCase(
            "Slack token",
            F.interaction(
                F.response(headers: [F.text], body: "xoxb-123456789012-1234567890123-DxtpYlSXpfKtHF4vUCsMehGA")),
            secrets: ["xoxb-123456789012-1234567890123-DxtpYlSXpfKtHF4vUCsMehGA"]),
        SecretCase(
            "Stripe key",
            F.interaction(F.request("POST", headers: [F.text], body: "using sk_live_4eC39HqLyjWDarjtT1zdp7dc")),
            secrets: ["sk_live_4eC39HqLyjWDarjtT1zdp7dc"]),
        SecretCase(
            "Google API key", F.interaction(F.response(headers: [F.json], body: #"{"maps":"\#(F.googleKey)"}"#)),
            secrets: [F.googleKey]),
        // Echoes.
        SecretCase(
            "echo in a JSON response",
            F.interaction(
                F.request(headers: [.init("Authorization", "Bearer abc123def456")]),
                F.response(headers: [F.json], body: #"{"echo":"abc123def456"}"#)),
            secrets: ["abc123def456"]),
        SecretCase(
            "echo percent-encoded",
            F.interaction(
                F.request(headers: [.init("X-Api-Key", "tok/en+abc=123")]),
                F.response(headers: [F.text], body: "seen key tok%2Fen%2Babc%3D123 in the log")),
            secrets: ["tok/en+abc=123"]),
        SecretCase(
            "echo JSON-escaped in a text body",
            F.interaction(
                F.request(headers: [.init("X-Api-Key", "slash/key/998877")]),
                F.response(headers: [F.json], body: #"{"a":"x\/y","k":"slash\/key\/998877"}"#)),
            secrets: ["slash/key/998877"]),
        SecretCase(
            "echo in a Location header",
            F.interaction(
                F.request(headers: [.init("Authorization", "Bearer abc123def456")]),
                redirects: [
                    RedirectHop(
                        method: "GET", url: "https://api.example.com/v1/items", status: 302,
                        headers: [.init("Location", "/cb?t=abc123def456")])
                ]),
            secrets: ["abc123def456"]),
        SecretCase(
            "echo form-encoded with plus",
            F.interaction(
                F.request("POST", headers: [F.json], body: #"{"password":"correct horse battery"}"#),
                F.response(headers: [F.text], body: "q=correct+horse+battery")),
            secrets: ["correct horse battery"]),
        SecretCase(
            "echo of a Basic password",
            F.interaction(
                F.request(headers: [.init("Authorization", "Basic YWxpY2U6czNjcmV0LXBhc3M=")]),
                F.response(headers: [F.text], body: "bad password s3cret-pass for alice")),
            secrets: ["YWxpY2U6czNjcmV0LXBhc3M=", "s3cret-pass"]),
        SecretCase(
            "echo of a user-info password",
            F.interaction(
                F.request(url: "https://alice:hunter2secret@db.example.com/"),
                F.response(headers: [F.json], body: #"{"message":"login hunter2secret ok"}"#)),
            secrets: ["alice:hunter2secret", "hunter2secret"]),
        SecretCase(
            "echo in a later interaction",
            [
                F.interaction(F.response(headers: [F.json], body: #"{"access_token":"later-tok-123456"}"#)),
                F.interaction(F.request(url: "https://api.example.com/me?t=later-tok-123456")),
            ],
            secrets: ["later-tok-123456"], crossInteraction: true),
    ]

    @Test func thereAreAtLeastFortySecretForms() {
        #expect(Self.secretCases.count >= 40)
    }

    @Test(arguments: secretCases)
    func secretAppearsNowhereAfterScrubbing(_ secretCase: SecretCase) throws {
        let scrubbed = Scrubber.default.scrub(secretCase.document)
        let bytes = scrubbed.encoded()
        let text = String(decoding: bytes, as: UTF8.self)
        for secret in secretCase.secrets {
            for spelling in F.spellings(of: secret) {
                #expect(!text.contains(spelling), "\(spelling) survived in\n\(text)")
            }
        }
        _ = try CassetteDocument.decode(bytes, path: "scrubbed.json")
    }

    static let falsePositives = benignInteractions.map(BenignCase.init)

    static let benignInteractions: [(String, Interaction)] = [
        (
            "UUIDs and ETags",
            F.interaction(
                F.request(headers: [.init("X-Request-Id", "123e4567-e89b-12d3-a456-426614174000")]),
                F.response(headers: [.init("ETag", "\"33a64df551425fcc55e4d42a148795d9f25f89d4\"")]))
        ),
        (
            "content hashes",
            F.interaction(
                F.response(
                    headers: [F.json],
                    body: #"{"sha256":"e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855","#
                        + #""sha1":"da39a3ee5e6b4b0d3255bfef95601890afd80709"}"#))
        ),
        (
            "prose",
            F.interaction(
                F.response(
                    headers: [F.text],
                    body: "Basic authentication and Bearer tokens are described in RFC 6750. The key to success.\n"))
        ),
        (
            "URL without secrets",
            F.interaction(F.request(url: "https://example.com/search?q=swift&page=2&sort_key=name"))
        ),
        (
            "benign headers",
            F.interaction(
                F.request(headers: [.init("Accept", "application/json"), .init("Idempotency-Key", "retry-0001-abcd")]),
                F.response(headers: [
                    .init("Keep-Alive", "timeout=5, max=1000"), .init("Content-Type", "text/html; charset=utf-8"),
                    .init("Cache-Control", "max-age=3600"), .init("Access-Control-Allow-Credentials", "true"),
                    .init("WWW-Authenticate", "Bearer realm=\"api\", error=\"invalid_token\""),
                ]))
        ),
        (
            "ISO dates and numbers",
            F.interaction(
                F.response(
                    headers: [F.json], body: #"{"created":"2024-05-01T12:34:56Z","count":1234567890,"ratio":0.25}"#))
        ),
        (
            "base64 image",
            F.interaction(
                F.response(
                    headers: [F.json],
                    body:
                        #"{"thumbnail":"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="}"#
                ))
        ),
        (
            "key inside words",
            F.interaction(
                F.response(
                    headers: [F.json], body: #"{"monkey":"banana","keyboard":"qwerty","key_count":3,"turkey":"x"}"#))
        ),
        (
            "AWS-like 40 characters without context",
            F.interaction(
                F.response(
                    headers: [F.text, .init("X-Amz-Content-Sha256", "UNSIGNED-PAYLOAD")],
                    body: "blob wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY end"))
        ),
        (
            "git commit hash",
            F.interaction(
                F.response(headers: [F.json], body: #"{"commit":"3f786850e387550fdab836ed7e6dc881de23001b"}"#))
        ),
        (
            "OAuth descriptions",
            F.interaction(
                F.response(headers: [F.json], body: #"{"token_type":"Bearer","expires_in":3600,"scope":"read"}"#))
        ),
        (
            "file names and versions",
            F.interaction(F.response(headers: [F.text], body: "icon@2x.png and left-pad@1.3.0 and state=abcdef123456"))
        ),
        (
            "binary body",
            Interaction(
                request: F.request(), redirects: [],
                outcome: .response(
                    RecordedResponse(
                        status: 200, headers: [.init("Content-Type", "image/png")],
                        body: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0xFF]))))
        ),
    ]

    @Test(arguments: falsePositives)
    func benignContentComesThroughUnchanged(_ benign: BenignCase) {
        let document = CassetteDocument(interactions: [benign.interaction])
        #expect(Scrubber.default.scrub(document) == document)
        #expect(Scrubber.default.findings(in: document).isEmpty)
    }
}
