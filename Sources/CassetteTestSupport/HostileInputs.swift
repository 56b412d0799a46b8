import CassetteCore
import Foundation

/// Inputs that once made scrubbing slower than linear, or that a careless scanner would make so:
/// `HostileInputTests` checks that each is scrubbed, and `scripts/bench scrub` prints how long each
/// takes at sizes 4× apart (a scrubber linear in its input takes about 4× longer per step).
package enum HostileInputs {
    /// One hostile input shape: a name and a builder of text of about `size` bytes.
    package struct Shape: Sendable {
        package let name: String
        package let build: @Sendable (_ size: Int) -> String
    }

    /// Texts that once made scrubbing slower than linear, or that a careless scanner would make so.
    package static let hostileShapes: [Shape] = [
        Shape(name: "PEM BEGIN markers without END") { size in
            repeated("-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA1c7+9z5Pad7OejecsQ0bu3aozN3tihPm\n", size)
        },
        Shape(name: "PGP BEGIN markers without END") { size in
            repeated("-----BEGIN PGP PRIVATE KEY BLOCK-----\n\nlQOYBF0aBcDEfGh1jKlMnOpQrStUvWxYz\n", size)
        },
        Shape(name: "age secret key prefixes") { size in
            repeated("AGE-SECRET-KEY-1QQQQ ", size)
        },
        Shape(name: "distinct bearer tokens, each echoed") { size in
            var text = ""
            var index = 0
            while text.utf8.count < size {
                let token = "tok\(index)x\(index &* 7919)q\(index &* 104_729)"
                text += "Authorization: Bearer \(token)\necho \(token)\n"
                index += 1
            }
            return text
        },
        Shape(name: "distinct email addresses") { size in
            var text = ""
            var index = 0
            while text.utf8.count < size {
                text += "user\(index).name@mail\(index % 97).example.com, "
                index += 1
            }
            return text
        },
        Shape(name: "at signs and dots") { size in repeated("a.b@c.d.", size) },
        Shape(name: "JWT prefixes") { size in repeated("eyJhbGciOi.eyJzdWIi.", size) },
        Shape(name: "secret name pairs") { size in repeated("password=\"a\\\"b\" token: x; ", size) },
        Shape(name: "percent signs") { size in repeated("%25%4", size) },
        Shape(name: "nested JSON strings") { size in
            var text = #"{"a":"b"}"#
            while text.utf8.count < size {
                text =
                    "{\"k\":" + String(decoding: JSONWriter.bytes(of: .string(text), style: .compact), as: UTF8.self)
                    + ",\"password\":\"hunter2hunter2\"}"
            }
            return text
        },
    ]

    /// `unit` repeated to about `size` bytes.
    static func repeated(_ unit: String, _ size: Int) -> String {
        String(repeating: unit, count: max(1, size / max(1, unit.utf8.count)))
    }

    /// `shape` built at about `size` bytes, as the text response body of a one-interaction cassette.
    package static func document(_ shape: Shape, size: Int) -> CassetteDocument {
        CassetteDocument(interactions: [
            Interaction(
                request: RecordedRequest(method: "GET", url: "https://api.example.com/"),
                outcome: .response(
                    RecordedResponse(
                        status: 200, headers: [HTTPHeader("Content-Type", "text/plain")],
                        body: Data(shape.build(size).utf8))))
        ])
    }
}
