import CassetteCore
import Foundation

/// `cassette-bench [--interactions N] [--cassette PATH] [--lint BINARY]`: writes the generated
/// cassette, times `JSONDecoder` on it and `cassette lint` on it, and prints both with the ratio.
enum Benchmark {
    static func run(_ arguments: [String]) -> Int32 {
        var count = 10_000
        var path = FileManager.default.temporaryDirectory.appendingPathComponent("cassette-bench/Bench.json").path
        var lint = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("cassette").path
        var index = 0
        while index + 1 < arguments.count {
            switch arguments[index] {
            case "--interactions": count = Int(arguments[index + 1]) ?? count
            case "--cassette": path = arguments[index + 1]
            case "--lint": lint = arguments[index + 1]
            default:
                print("usage: cassette-bench [--interactions N] [--cassette PATH] [--lint BINARY]")
                return 64
            }
            index += 2
        }
        let url = URL(fileURLWithPath: path)
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let data = BenchCassetteGenerator.document(interactions: count).encoded()
        do {
            try data.write(to: url)
        } catch {
            print("cassette-bench: cannot write \(path): \(error)")
            return 1
        }
        let megabytes = Double(data.count) / 1_000_000
        print(String(format: "cassette: %@, %.1f MB, %d interactions", path, megabytes, count))

        let decodeSeconds = best(of: 3) {
            let bytes = try? Data(contentsOf: url)
            _ = try? JSONDecoder().decode(MirrorCassette.self, from: bytes ?? Data())
        }
        report("JSONDecoder (Codable mirror)", seconds: decodeSeconds, megabytes: megabytes)

        var lintStatus: Int32 = 0
        let lintSeconds = best(of: 3) { lintStatus = runLint(lint, path) }
        report("cassette lint", seconds: lintSeconds, megabytes: megabytes)
        print(String(format: "ratio: lint takes %.2f× JSONDecoder's time (target ≤ 1.5×)", lintSeconds / decodeSeconds))
        if lintStatus != 0 { print("cassette lint exited \(lintStatus): the generated cassette should be clean") }
        return lintStatus == 0 ? 0 : 1
    }

    static func best(of runs: Int, _ body: () -> Void) -> Double {
        var best = Double.infinity
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return best
    }

    static func report(_ what: String, seconds: Double, megabytes: Double) {
        print(String(format: "%@: %.3f s, %.1f MB/s", what, seconds, megabytes / seconds))
    }

    static func runLint(_ binary: String, _ path: String) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["lint", path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return 127
        }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
