import Cassette
import CassetteProcess
import Foundation

/// Reading a large cassette (about 50 MB, 10,000 interactions): throughput of the cassette reader
/// beside `JSONDecoder` decoding the same bytes into small `Codable` structs, and peak memory.
struct LoadBenchmark {
    let rounds: Int
    let directory: URL
    let interactions = 10_000
    let itemsPerBody = 18

    func run() throws {
        print("== Load: a large cassette, cassette reader vs JSONDecoder into Codable structs")
        let file = directory.appendingPathComponent("large.json")
        let document = SyntheticCassette.document(count: interactions) { index in
            SyntheticCassette.largeBody(index: index, items: itemsPerBody)
        }
        try document.write(to: file)
        let data = try Data(contentsOf: file)
        let megabytes = Double(data.count) / 1_000_000
        print(
            String(format: "   file: %.1f MB, %d interactions; %d interleaved rounds", megabytes, interactions, rounds))

        let cases = ["CassetteDocument.decode", "JSONDecoder (Codable structs)", "Cassette(fileURL:mode: .replay)"]
        var samples = Array(repeating: Samples(), count: cases.count)
        for round in 0..<rounds {
            for offset in 0..<cases.count {
                let index = (round + offset) % cases.count
                samples[index].add(try seconds { try LoadBenchmark.load(mode: index, file: file, data: data) })
            }
        }
        for (index, name) in cases.enumerated() {
            let median = samples[index].median
            let label = name.padding(toLength: 34, withPad: " ", startingAt: 0)
            print("   \(label) \(millis(median))   \(String(format: "%.1f MB/s", megabytes / median))")
        }
        print("   cassette reader time / JSONDecoder time: \(ratio(samples[0].median / samples[1].median))")
        print(
            "   opening for replay (read, decode, index by masked identity) / JSONDecoder: "
                + ratio(samples[2].median / samples[1].median))

        print("   peak memory (VmHWM of a child process that only loads the file):")
        for (index, name) in cases.enumerated() {
            let (baseline, peak) = try LoadBenchmark.childPeak(mode: index, file: file)
            let label = name.padding(toLength: 34, withPad: " ", startingAt: 0)
            print(
                String(
                    format: "   %@ %.0f MB peak = %.1fx the file (%.1fx above the %.0f MB the process had before)",
                    label, peak / 1000, peak * 1000 / Double(data.count), (peak - baseline) * 1000 / Double(data.count),
                    baseline / 1000))
        }
        print("")
    }

    /// Loads the file one way: 0 the cassette reader, 1 JSONDecoder, 2 a replay cassette.
    static func load(mode: Int, file: URL, data: Data?) throws {
        switch mode {
        case 0:
            let document = try CassetteDocument.decode(data ?? Data(contentsOf: file), path: file.path)
            precondition(document.interactions.count == 10_000)
        case 1:
            let decoded = try JSONDecoder().decode(CodableCassette.File.self, from: data ?? Data(contentsOf: file))
            precondition(decoded.interactions.count == 10_000)
        default:
            let cassette = try Cassette(
                fileURL: file, mode: .replay, options: Cassette.Options(scrubber: .default, environment: [:]))
            withExtendedLifetime(cassette) {}
        }
    }

    /// Runs this executable as a child that loads the file one way, and reads its peak resident
    /// memory (kB) before and after.
    static func childPeak(mode: Int, file: URL) throws -> (baseline: Double, peak: Double) {
        let child = try ChildProcess.launch(
            executable: URL(fileURLWithPath: Bundle.main.executablePath ?? CommandLine.arguments[0]),
            arguments: ["load-peak", String(mode), file.path], standardOutput: .pipe)
        let output = child.standardOutput!.readDataToEndOfFile()
        let status = child.waitUntilExit().status
        let numbers = String(decoding: output, as: UTF8.self).split(whereSeparator: \.isWhitespace).compactMap {
            Double($0)
        }
        guard status == 0, numbers.count == 2 else {
            throw BenchmarkError(message: "load-peak child failed: \(String(decoding: output, as: UTF8.self))")
        }
        return (numbers[0], numbers[1])
    }

    /// The child side of ``childPeak(mode:file:)``: prints VmHWM in kB before and after loading.
    static func peakChild(arguments: [String]) {
        guard arguments.count == 2, let mode = Int(arguments[0]) else {
            print("usage: CassetteBenchmarks load-peak 0|1|2 FILE")
            exit(64)
        }
        let baseline = highWaterMark()
        do {
            try load(mode: mode, file: URL(fileURLWithPath: arguments[1]), data: nil)
        } catch {
            print("error: \(error)")
            exit(1)
        }
        print(baseline, highWaterMark())
    }

    /// The process's peak resident set size in kB (VmHWM in /proc/self/status).
    static func highWaterMark() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
        return Int(line.split(whereSeparator: \.isWhitespace).dropFirst().first ?? "") ?? 0
    }
}
