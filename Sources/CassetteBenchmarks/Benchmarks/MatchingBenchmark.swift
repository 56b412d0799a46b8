import CassetteCore
import Foundation

/// What replay computes for every live request before it can answer, without URLSession around it:
/// `RequestMatcher.match(_:)`, the call replay makes (the masked form and the identity, once), for a
/// request with no secret and with the `Authorization` values clients send.
struct MatchingBenchmark {
    let iterations: Int

    func run() {
        print("== Matching: RequestMatcher.match(_:) per live request (what replay runs), no URLSession")
        let plain = RecordedRequest(
            method: "GET", url: SyntheticCassette.url(42), headers: [HTTPHeader("Accept", "application/json")])
        let tokens = [("bearer, GitHub token", SyntheticCassette.liveToken)] + SyntheticCassette.otherLiveTokens
        let requests =
            [("no secret", plain)]
            + tokens.map { name, value in
                var request = plain
                request.headers.append(HTTPHeader("Authorization", value))
                return (name, request)
            }
        let matcher = RequestMatcher(scrubber: .default)
        for (name, request) in requests {
            var samples = Samples()
            for _ in 0..<7 {
                var sink = 0
                let time = seconds {
                    for _ in 0..<iterations { sink &+= matcher.match(request).identity.url.utf8.count }
                }
                precondition(sink != 0)
                samples.add(time / Double(iterations))
            }
            print("   \(name.padding(toLength: 24, withPad: " ", startingAt: 0)) \(micros(samples.median)) per request")
        }
        print("")
    }
}
