import CassetteCore
import CassetteProcess
import Foundation

/// `cassette lint` (the release binary) on a generated cassette of about 50 MB and 10,000
/// interactions, beside `JSONDecoder` decoding the same bytes into ``CodableCassette``: the best of
/// three runs each, and the ratio.
struct LintBenchmark {
    var interactions = 10_000
    var cassette = FileManager.default.temporaryDirectory.appendingPathComponent("cassette-bench/Bench.json").path
    /// The `cassette` binary; by default the one beside this executable.
    var tool = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("cassette").path

    static let usage = "usage: CassetteBenchmarks lint [--interactions N] [--cassette PATH] [--tool BINARY]"

    /// Reads `--interactions N`, `--cassette PATH` and `--tool BINARY`.
    ///
    /// - Throws: ``BenchmarkError`` with the usage line for anything else.
    init(arguments: [String]) throws {
        var index = 0
        while index < arguments.count {
            guard index + 1 < arguments.count else { throw BenchmarkError(message: Self.usage) }
            let value = arguments[index + 1]
            switch arguments[index] {
            case "--interactions":
                guard let count = Int(value), count > 0 else { throw BenchmarkError(message: Self.usage) }
                interactions = count
            case "--cassette": cassette = value
            case "--tool": tool = value
            default: throw BenchmarkError(message: Self.usage)
            }
            index += 2
        }
    }

    /// Runs the comparison; returns whether lint found the generated cassette clean.
    func run() throws -> Bool {
        print("== Lint: cassette lint (release binary) vs JSONDecoder into Codable structs")
        let url = URL(fileURLWithPath: cassette)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let data = SyntheticCassette.mixed(count: interactions).encoded()
        try data.write(to: url)
        let megabytes = Double(data.count) / 1_000_000
        print(String(format: "   cassette: %@, %.1f MB, %d interactions", cassette, megabytes, interactions))

        var decoding = Samples()
        var linting = Samples()
        var lintStatus: Int32 = 0
        for _ in 0..<3 {
            decoding.add(
                seconds {
                    let bytes = try? Data(contentsOf: url)
                    _ = try? JSONDecoder().decode(CodableCassette.File.self, from: bytes ?? Data())
                })
            linting.add(seconds { lintStatus = runLint() })
        }
        let decodeSeconds = decoding.range.0
        let lintSeconds = linting.range.0
        report("JSONDecoder (Codable structs)", seconds: decodeSeconds, megabytes: megabytes)
        report("cassette lint", seconds: lintSeconds, megabytes: megabytes)
        print(
            "   ratio: lint takes \(ratio(lintSeconds / decodeSeconds)) JSONDecoder's time   "
                + verdict(lintSeconds / decodeSeconds, atMost: 1.5))
        if lintStatus != 0 { print("   cassette lint exited \(lintStatus): the generated cassette should be clean") }
        print("")
        return lintStatus == 0
    }

    private func report(_ what: String, seconds: Double, megabytes: Double) {
        let label = (what + ":").padding(toLength: 31, withPad: " ", startingAt: 0)
        print(String(format: "   %@ %.3f s, %.1f MB/s (best of 3)", label, seconds, megabytes / seconds))
    }

    /// Runs `cassette lint` on the cassette, output discarded; its exit status (127 when it cannot start).
    private func runLint() -> Int32 {
        do {
            return try ChildProcess.launch(
                executable: URL(fileURLWithPath: tool), arguments: ["lint", cassette], standardOutput: .nullDevice,
                standardError: .nullDevice
            ).waitUntilExit().status
        } catch {
            return 127
        }
    }
}
