import CassetteCore
import Foundation

/// What replay computes for every request before it can answer, without URLSession around it:
/// the masked identity of a request with and without a secret.
struct MatchingBenchmark {
    let iterations: Int

    func run() {
        print("== Matching: Scrubber.default.matchingIdentity(of:) per live request, no URLSession")
        let plain = RecordedRequest(
            method: "GET", url: SyntheticCassette.url(42), headers: [HTTPHeader("Accept", "application/json")])
        var token = plain
        token.headers.append(HTTPHeader("Authorization", SyntheticCassette.liveToken))
        let scrubber = Scrubber.default
        for (name, request) in [("no secret", plain), ("bearer token", token)] {
            var samples = Samples()
            for _ in 0..<7 {
                var sink = 0
                let time = seconds {
                    for _ in 0..<iterations { sink &+= scrubber.matchingIdentity(of: request).url.utf8.count }
                }
                precondition(sink != 0)
                samples.add(time / Double(iterations))
            }
            print("   \(name.padding(toLength: 14, withPad: " ", startingAt: 0)) \(micros(samples.median)) per request")
        }
        print("")
    }
}
