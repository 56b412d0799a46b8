import Cassette
import CassetteTestSupport
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Record cost per request beside a plain `URLSession` to the same loopback server, and the time
/// `finish()` takes to scrub and write what was recorded.
///
/// Each round makes a new plain session, as it makes a new cassette (whose sessions, outer and
/// inner, are new): on Linux a `URLSession` slows down as it runs tasks, so a plain session kept
/// for every round would be the slower side by the end.
struct RecordBenchmark {
    let counts = [100, 1_000]
    let rounds: Int
    let directory: URL

    func run() async throws {
        print("== Record: cost per request, recording cassette vs plain URLSession, same loopback server")
        print("   \(rounds) interleaved rounds per count; finish() (scrub, encode, atomic write) timed apart")
        let body = String(decoding: SyntheticCassette.smallBody, as: UTF8.self)
        let server = try TestHTTPServer { _ in .json(body) }
        defer { server.stop() }
        func requests(_ count: Int) -> [URLRequest] {
            (0..<count).map { index in
                var request = URLRequest(url: server.url("/v1/items/\(index)?expand=owner"))
                request.setValue("application/json", forHTTPHeaderField: "Accept")
                request.setValue(SyntheticCassette.liveToken, forHTTPHeaderField: "Authorization")
                return request
            }
        }
        func send(_ requests: [URLRequest], through session: URLSession) async throws {
            for request in requests {
                let (data, _) = try await session.data(for: request)
                precondition(data == SyntheticCassette.smallBody, "wrong body")
            }
        }

        var results: [(count: Int, plain: Samples, record: Samples, finish: Samples)] = []
        for count in counts {
            let batch = requests(count)
            var plain = Samples()
            var record = Samples()
            var finish = Samples()
            for round in -1..<rounds {  // round -1 warms up
                for side in (round % 2 == 0 ? [0, 1] : [1, 0]) {
                    if side == 0 {
                        let plainSession = URLSession(configuration: .ephemeral)
                        let time = try await asyncSeconds { try await send(batch, through: plainSession) }
                        plainSession.finishTasksAndInvalidate()
                        if round >= 0 { plain.add(time / Double(count)) }
                    } else {
                        let file = directory.appendingPathComponent("record-\(count)-\(round).json")
                        let options = Cassette.Options(scrubber: .default, environment: [:])
                        let cassette = try Cassette(fileURL: file, mode: .record, options: options)
                        let session = cassette.session()
                        let time = try await asyncSeconds { try await send(batch, through: session) }
                        let finishing = try await asyncSeconds { try await cassette.finish() }
                        let written = try CassetteDocument.read(from: file).interactions.count
                        precondition(written == count, "recorded \(written) of \(count)")
                        try? FileManager.default.removeItem(at: file)
                        if round >= 0 {
                            record.add(time / Double(count))
                            finish.add(finishing)
                        }
                    }
                }
            }
            results.append((count, plain, record, finish))
        }
        for result in results {
            let ratioValue = result.record.median / result.plain.median
            print(
                "   n = \(result.count): plain \(micros(result.plain.median)), recording \(micros(result.record.median)) "
                    + "per request   \(ratio(ratioValue))   \(verdict(ratioValue, atMost: 1.2))")
            print(
                "            finish() \(millis(result.finish.median)) "
                    + "(\(micros(result.finish.median / Double(result.count))) per interaction)")
        }
        if results.count == 2 {
            let perRequestGrowth = results[1].record.median / results[0].record.median
            let finishGrowth = results[1].finish.median / results[0].finish.median
            print(
                "   n = 1,000 vs n = 100: per-request recording cost \(ratio(perRequestGrowth)), "
                    + "finish() \(ratio(finishGrowth)) for 10x the interactions (O(n) total)")
        }
        print("")
    }
}
