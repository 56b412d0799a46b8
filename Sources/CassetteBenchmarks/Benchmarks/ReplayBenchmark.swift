import Cassette
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Replay cost per request beside a hand-written stub, at several cassette sizes, measured in
/// interleaved rounds so that both sides of every ratio see the same machine load.
///
/// Two ways of asking: the same answers again and again (a cassette that repeats its last answer,
/// a polling loop; replay reuses what it built for an answer served before), and each answer once,
/// from a cassette opened afresh for the round (a test that replays its cassette from the start,
/// the common case: nothing built before helps).
///
/// Every case gets a new `URLSession` each round, the stub's too: on Linux a session slows down as
/// it runs tasks (a stub session that had run some 17,000 requests took 100–130 µs a request where a
/// new one took 64 µs), so sessions of unequal age would make the ratios measure URLSession. And
/// every case waits 50 ms after its session is made: on this benchmark's 2-core VM, replay from a
/// cassette opened just before took 120 µs a request at once and 99 µs after the pause, while the
/// work of the opening settles. (The stub is not slower after a cassette was opened: 63 µs against
/// 67 µs without, 30 rounds each; so what a first serve costs beyond the stub is replay's.)
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
        let keepingConfiguration = URLSessionConfiguration.ephemeral
        keepingConfiguration.protocolClasses = [KeepingStubProtocol.self]
        keepingConfiguration.urlCache = nil

        var cassettes: [Int: Cassette] = [:]
        var files: [Int: URL] = [:]
        for size in sizes {
            let file = directory.appendingPathComponent("replay-\(size).json")
            try SyntheticCassette.document(count: size).write(to: file)
            files[size] = file
            let options = Cassette.Options(scrubber: .default, whenExhausted: .repeatLast, environment: [:])
            let cassette = try Cassette(fileURL: file, mode: .replay, options: options)
            cassettes[size] = cassette
        }
        // A cassette opened afresh, whose answers are each served once.
        func freshCassette(size: Int) throws -> Cassette {
            try Cassette(
                fileURL: files[size]!, mode: .replay, options: Cassette.Options(scrubber: .default, environment: [:]))
        }
        // Requests spread over the whole cassette in a fixed order (a stride prime to the sizes).
        var counter = 0
        func requests(size: Int, token: Bool, once: Bool = false) -> [URLRequest] {
            // Each answer once: distinct positions, since the stride is prime to the size.
            let start = counter
            return (0..<requestsPerRound).map { offset in
                counter += 1
                let index = (once ? start + offset : counter) * 7_919 % size
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

        // The stub, given the same two requests as replay: one with nothing secret and one with a
        // bearer token (URLSession's own cost of the header falls on both sides); then, per size,
        // the two requests replayed again and again, and (where the cassette holds a round's
        // requests) each answered once from a cassette opened for the round.
        struct Case {
            var size: Int
            var token: Bool
            var stub = false
            /// For the stub: one that keeps the response it built for each URL.
            var keeps = false
            /// For replay: a cassette opened afresh each round, each answer served once.
            var fresh = false
        }
        let cases =
            sizes.flatMap { [Case(size: $0, token: false, stub: true), Case(size: $0, token: true, stub: true)] }
            + [
                Case(size: sizes[1], token: false, stub: true, keeps: true),
                Case(size: sizes[1], token: true, stub: true, keeps: true),
            ]
            + sizes.flatMap { [Case(size: $0, token: false), Case(size: $0, token: true)] }
            + sizes.filter { $0 >= requestsPerRound }.flatMap {
                [Case(size: $0, token: false, fresh: true), Case(size: $0, token: true, fresh: true)]
            }
        var samples = Array(repeating: Samples(), count: cases.count)
        for round in -1..<rounds {  // round -1 warms up
            // Rotate the order so no case always runs first after a pause.
            for offset in 0..<cases.count {
                let index = (round + 1 + offset) % cases.count
                let item = cases[index]
                let opened = item.fresh && !item.stub ? try freshCassette(size: item.size) : nil
                let session =
                    item.stub
                    ? URLSession(configuration: item.keeps ? keepingConfiguration : stubConfiguration)
                    : (opened ?? cassettes[item.size]!).session()
                try await Task.sleep(nanoseconds: 50_000_000)
                let perRequest = try await measure(
                    session, requests(size: item.size, token: item.token, once: item.fresh))
                session.finishTasksAndInvalidate()
                if let opened {
                    precondition(opened.misses.isEmpty, "replay missed")
                    try await opened.finish()
                }
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
            // The first serve of each answer, from a cassette opened for the round (not timed).
            let firstServe = { (size: Int) throws -> Double in
                let opened = try freshCassette(size: size)
                let protocolClass = opened.configuration().protocolClasses![0] as! URLProtocol.Type
                let list = requests(size: size, token: token, once: true)
                return seconds {
                    for request in list {
                        protocolClass.init(request: request, cachedResponse: nil, client: client).startLoading()
                    }
                } / Double(list.count)
            }
            var stubOwn = Samples()
            var replayOwn = (small: Samples(), large: Samples(), first: Samples())
            let small = cassettes[sizes[0]]!.configuration().protocolClasses![0] as! URLProtocol.Type
            let large = cassettes[sizes[sizes.count - 1]]!.configuration().protocolClasses![0] as! URLProtocol.Type
            for round in -1..<rounds {
                let times = (
                    own(StubProtocol.self, sizes[0]), own(small, sizes[0]), own(large, sizes[sizes.count - 1]),
                    try firstServe(sizes[1])
                )
                guard round >= 0 else { continue }
                stubOwn.add(times.0)
                replayOwn.small.add(times.1)
                replayOwn.large.add(times.2)
                replayOwn.first.add(times.3)
            }
            precondition(client.failures == 0 && client.finished == client.responses, "replay failed")
            ownLines.append(
                "   own work per request, no URLSession (\(token ? "bearer token" : "no secret")): stub "
                    + "\(micros(stubOwn.median)), replay from \(sizes[0]) \(micros(replayOwn.small.median)), from "
                    + "\(sizes[sizes.count - 1]) \(micros(replayOwn.large.median)), first serve of each answer "
                    + "from \(sizes[1]) \(micros(replayOwn.first.median))")
        }
        for cassette in cassettes.values {
            precondition(cassette.misses.isEmpty, "replay missed")
            try await cassette.finish()
        }
        func stub(size: Int, token: Bool) -> Int {
            cases.firstIndex { $0.stub && !$0.keeps && $0.size == size && $0.token == token }!
        }
        func keepingStub(token: Bool) -> Int { cases.firstIndex { $0.keeps && $0.token == token }! }
        for (index, item) in cases.enumerated() {
            let kind = item.token ? "bearer token" : "no secret"
            let label =
                item.stub
                ? "stub (hand-written URLProtocol)\(item.keeps ? " keeping its responses" : ""), \(item.size) URLs, \(kind)"
                : "replay, \(item.size) interactions, \(item.fresh ? "each answer once" : "answers again"), \(kind)"
            let median = samples[index].median
            let (low, high) = samples[index].range
            var line =
                "   \(label.padding(toLength: 75, withPad: " ", startingAt: 0)) \(micros(median)) per request "
                + "(\(micros(low))–\(micros(high)))"
            if !item.stub {
                let baseline = samples[stub(size: item.size, token: item.token)].median
                let plain = samples[stub(size: item.size, token: false)].median
                line +=
                    "   \(ratio(median / baseline)) of stub   " + verdict(median / baseline, atMost: 1.10)
                    + "   (\(ratio(median / plain)) of the stub without; "
                    + "\(ratio(median / samples[keepingStub(token: item.token)].median)) of the stub keeping its responses)"
            }
            print(line)
        }
        for line in ownLines { print(line) }
        for token in [false, true] {
            let small = cases.firstIndex { !$0.stub && !$0.fresh && $0.size == sizes[0] && $0.token == token }!
            let large = cases.firstIndex {
                !$0.stub && !$0.fresh && $0.size == sizes[sizes.count - 1] && $0.token == token
            }!
            let growth = samples[large].median / samples[small].median
            // The stub's growth for the same requests: what URLSession itself adds for more distinct URLs.
            let stubGrowth =
                samples[stub(size: sizes[sizes.count - 1], token: token)].median
                / samples[stub(size: sizes[0], token: token)].median
            print(
                "   replay 10,000 vs 10 interactions (\(token ? "bearer token" : "no secret")): \(ratio(growth)), "
                    + "the stub's for the same requests \(ratio(stubGrowth)); replay's own "
                    + "\(ratio(growth / stubGrowth))   " + verdict(growth / stubGrowth, atMost: 1.05))
        }
        print("")
    }
}
