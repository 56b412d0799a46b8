import CassetteCore
import Foundation

/// Timings of the scrubber on hostile inputs and of masking a live request, for the benchmark and
/// for the opt-in `ScrubTimingsTests` (`CASSETTE_TIMINGS=1 swift test -c release --filter ScrubTimings`).
///
/// Nothing here asserts a time: callers print the figures. Each hostile shape is built at sizes 4×
/// apart, so a scrubber that is linear in its input takes about 4× longer per step.
package enum ScrubTimings {
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

    /// Seconds to scrub each hostile shape as a text response body at each size.
    package static func hostile(sizes: [Int], shapes: [Shape] = hostileShapes) -> [(
        shape: String, size: Int, seconds: Double
    )] {
        var results: [(shape: String, size: Int, seconds: Double)] = []
        for shape in shapes {
            for size in sizes {
                let text = shape.build(size)
                let document = CassetteDocument(interactions: [
                    Interaction(
                        request: RecordedRequest(method: "GET", url: "https://api.example.com/"),
                        outcome: .response(
                            RecordedResponse(
                                status: 200, headers: [HTTPHeader("Content-Type", "text/plain")],
                                body: Data(text.utf8))))
                ])
                let start = ContinuousClock.now
                _ = Scrubber.default.scrub(document)
                results.append((shape.name, text.utf8.count, seconds(ContinuousClock.now - start)))
            }
        }
        return results
    }

    /// Microseconds per ``Scrubber/matchingIdentity(of:)`` of a live request without a secret and
    /// with a bearer token: the median of `rounds` rounds of `iterations` requests.
    package static func masking(iterations: Int, rounds: Int = 7) -> (plain: Double, bearer: Double) {
        let plain = RecordedRequest(
            method: "GET", url: "https://api.example.com/v1/items/42?expand=owner&page=1",
            headers: [HTTPHeader("Accept", "application/json")])
        var bearer = plain
        bearer.headers.append(HTTPHeader("Authorization", "Bearer live-token-0123456789abcdef"))
        func median(_ request: RecordedRequest) -> Double {
            var samples: [Double] = []
            for _ in 0..<rounds {
                var sink = 0
                let start = ContinuousClock.now
                for _ in 0..<iterations { sink &+= Scrubber.default.matchingIdentity(of: request).url.utf8.count }
                precondition(sink != 0)
                samples.append(seconds(ContinuousClock.now - start) / Double(iterations) * 1e6)
            }
            return samples.sorted()[samples.count / 2]
        }
        _ = median(bearer)
        return (median(plain), median(bearer))
    }

    static func seconds(_ duration: Duration) -> Double {
        let (whole, attoseconds) = duration.components
        return Double(whole) + Double(attoseconds) / 1e18
    }
}
