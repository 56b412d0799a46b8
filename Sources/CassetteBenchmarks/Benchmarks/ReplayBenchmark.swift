import Cassette
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Replay cost per request beside a hand-written stub, at several cassette sizes, measured in
/// interleaved rounds so that both sides of every ratio see the same machine load.
struct ReplayBenchmark {
    let sizes = [10, 1_000, 10_000]
    let rounds: Int
    let requestsPerRound: Int
    let directory: URL

    func run() async throws {
        print("== Replay: cost per request, cassette vs in-memory URLProtocol stub")
        print("   \(rounds) interleaved rounds of \(requestsPerRound) sequential data(for:) requests per case")
        StubProtocol.body = SyntheticCassette.smallBody
        StubProtocol.headers = SyntheticCassette.smallHeaders
        let stubConfiguration = URLSessionConfiguration.ephemeral
        stubConfiguration.protocolClasses = [StubProtocol.self]
        // Without a URL cache, as the cassette's sessions are: URLSession's cache lookup would
        // otherwise be most of the stub's cost, and the ratios would measure it.
        stubConfiguration.urlCache = nil
        let stubSession = URLSession(configuration: stubConfiguration)

        var cassettes: [Int: Cassette] = [:]
        var sessions: [Int: URLSession] = [:]
        for size in sizes {
            let file = directory.appendingPathComponent("replay-\(size).json")
            try SyntheticCassette.document(count: size).write(to: file)
            let options = Cassette.Options(scrubber: .default, whenExhausted: .repeatLast, environment: [:])
            let cassette = try Cassette(fileURL: file, mode: .replay, options: options)
            cassettes[size] = cassette
            sessions[size] = cassette.session()
        }
        // Requests spread over the whole cassette in a fixed order (a stride prime to the sizes).
        var counter = 0
        func requests(size: Int, token: Bool) -> [URLRequest] {
            (0..<requestsPerRound).map { _ in
                counter += 1
                let index = counter * 7_919 % size
                var request = URLRequest(url: URL(string: SyntheticCassette.url(index))!)
                request.setValue("application/json", forHTTPHeaderField: "Accept")
                if token { request.setValue(SyntheticCassette.liveToken, forHTTPHeaderField: "Authorization") }
                return request
            }
        }
        func measure(_ session: URLSession, _ requests: [URLRequest]) async throws -> Double {
            try await asyncSeconds {
                for request in requests {
                    let (data, _) = try await session.data(for: request)
                    precondition(data == SyntheticCassette.smallBody, "wrong body")
                }
            } / Double(requests.count)
        }

        // Cases 0 and 1 are the stub, given the same two requests as replay: one with nothing secret
        // and one with a bearer token (URLSession's own cost of the header falls on both sides); then,
        // per size, the two requests replayed.
        let cases: [(size: Int, token: Bool, stub: Bool)] =
            [(sizes[0], false, true), (sizes[0], true, true)]
            + sizes.flatMap { [($0, false, false), ($0, true, false)] }
        var samples = Array(repeating: Samples(), count: cases.count)
        for round in -1..<rounds {  // round -1 warms up
            // Rotate the order so no case always runs first after a pause.
            for offset in 0..<cases.count {
                let index = (round + 1 + offset) % cases.count
                let item = cases[index]
                let session = item.stub ? stubSession : sessions[item.size]!
                let perRequest = try await measure(session, requests(size: item.size, token: item.token))
                if round >= 0 { samples[index].add(perRequest) }
            }
        }
        // Each protocol's own work per request, with no URLSession around it: what replay adds to a
        // stub, measured apart from URLSession's queues and threads, whose cost both sides share.
        var ownLines: [String] = []
        for token in [false, true] {
            let client = CountingClient()
            let own = { (protocolClass: URLProtocol.Type, size: Int) -> Double in
                let list = requests(size: size, token: token)
                return seconds {
                    for request in list {
                        protocolClass.init(request: request, cachedResponse: nil, client: client).startLoading()
                    }
                } / Double(list.count)
            }
            var stubOwn = Samples()
            var replayOwn = (small: Samples(), large: Samples())
            let small = cassettes[sizes[0]]!.configuration().protocolClasses![0] as! URLProtocol.Type
            let large = cassettes[sizes[sizes.count - 1]]!.configuration().protocolClasses![0] as! URLProtocol.Type
            for round in -1..<rounds {
                let times = (own(StubProtocol.self, sizes[0]), own(small, sizes[0]), own(large, sizes[sizes.count - 1]))
                guard round >= 0 else { continue }
                stubOwn.add(times.0)
                replayOwn.small.add(times.1)
                replayOwn.large.add(times.2)
            }
            precondition(client.failures == 0 && client.finished == client.responses, "replay failed")
            ownLines.append(
                "   own work per request, no URLSession (\(token ? "bearer token" : "no secret")): stub "
                    + "\(micros(stubOwn.median)), replay from \(sizes[0]) \(micros(replayOwn.small.median)), from "
                    + "\(sizes[sizes.count - 1]) \(micros(replayOwn.large.median))")
        }
        for cassette in cassettes.values {
            precondition(cassette.misses.isEmpty, "replay missed")
            try await cassette.finish()
        }
        let stubs = [false: samples[0].median, true: samples[1].median]
        print("   stub (hand-written URLProtocol), no secret     \(micros(stubs[false]!)) per request")
        print("   stub (hand-written URLProtocol), bearer token  \(micros(stubs[true]!)) per request")
        for (index, item) in cases.enumerated() where !item.stub {
            let median = samples[index].median
            let stub = stubs[item.token]!
            let kind = item.token ? "bearer token" : "no secret"
            let label = "replay, \(item.size) interactions, \(kind)".padding(toLength: 46, withPad: " ", startingAt: 0)
            print(
                "   \(label) \(micros(median)) per request   \(ratio(median / stub)) of stub   "
                    + verdict(median / stub, atMost: 1.10) + "   (\(ratio(median / stubs[false]!)) of the stub without)"
            )
        }
        for line in ownLines { print(line) }
        for token in [false, true] {
            let small = cases.firstIndex { !$0.stub && $0.size == sizes[0] && $0.token == token }!
            let large = cases.firstIndex { !$0.stub && $0.size == sizes[sizes.count - 1] && $0.token == token }!
            let growth = samples[large].median / samples[small].median
            print(
                "   replay 10,000 vs 10 interactions (\(token ? "bearer token" : "no secret")): \(ratio(growth))   "
                    + verdict(growth, atMost: 1.05))
        }
        print("")
    }
}
