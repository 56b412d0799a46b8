import Cassette
import CassetteProcess
import CassetteTestSupport
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Peak memory per MB of body, recording and replaying one large response, each in a child
/// process of its own (VmHWM less the child's resident memory before the request), beside a plain
/// `URLSession` fetch of the same body. The loopback server runs in this process, so its copy of
/// the body is not counted.
struct MemoryBenchmark {
    let megabytes: [Int]
    let directory: URL

    func run() throws {
        print("== Memory: peak resident memory per MB of body (VmHWM of a child process, less its memory before)")
        for kind in ["text", "binary"] {
            for size in megabytes {
                let bytes = size * 1_048_576
                let body = kind == "text" ? Self.textBody(bytes) : Self.binaryBody(bytes)
                let server = try TestHTTPServer { _ in
                    var response = HTTPResponseSpec.bytes(body)
                    response.headers = [("Content-Type", kind == "text" ? "text/plain" : "application/octet-stream")]
                    return response
                }
                defer { server.stop() }
                let url = server.url("/body").absoluteString
                let file = directory.appendingPathComponent("memory-\(kind)-\(size).json")
                let plain = try Self.child(["plain", url])
                let record = try Self.child(["record", url, file.path])
                let replay = try Self.child(["replay", url, file.path])
                let fileMB =
                    Double((try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0)
                    / 1_048_576
                try? FileManager.default.removeItem(at: file)
                func perMB(_ kB: Double) -> String { String(format: "%.2f MB", kB / 1024 / Double(size)) }
                print(
                    "   \(kind) body, \(size) MB (cassette \(String(format: "%.0f", fileMB)) MB): per MB of body: "
                        + "plain URLSession \(perMB(plain)), record \(perMB(record)), replay \(perMB(replay))")
            }
        }
        print("")
    }

    /// Lines of printable text, as a JSON or log body would be.
    static func textBody(_ count: Int) -> [UInt8] {
        let line = Array("{\"id\":12345,\"name\":\"Ada Lovelace\",\"note\":\"an ordinary line of text\"}\n".utf8)
        var body: [UInt8] = []
        body.reserveCapacity(count)
        while body.count < count { body += line.prefix(count - body.count) }
        return body
    }

    /// Bytes that are not UTF-8, stored as base64.
    static func binaryBody(_ count: Int) -> [UInt8] {
        var generator = SplitMixBytes(seed: 7)
        return (0..<count).map { _ in generator.next() }
    }

    /// Runs this executable as `memory-peak ARGUMENTS` and returns the kB its peak grew by.
    static func child(_ arguments: [String]) throws -> Double {
        let child = try ChildProcess.launch(
            executable: URL(fileURLWithPath: Bundle.main.executablePath ?? CommandLine.arguments[0]),
            arguments: ["memory-peak"] + arguments, standardOutput: .pipe)
        let output = child.standardOutput!.readDataToEndOfFile()
        let status = child.waitUntilExit().status
        let numbers = String(decoding: output, as: UTF8.self).split(whereSeparator: \.isWhitespace).compactMap {
            Double($0)
        }
        guard status == 0, numbers.count == 2 else {
            throw BenchmarkError(message: "memory-peak child failed: \(String(decoding: output, as: UTF8.self))")
        }
        return numbers[1] - numbers[0]
    }

    /// The child side: `plain URL`, `record URL FILE` or `replay URL FILE`. Prints its resident
    /// memory before the request and its peak after, in kB.
    static func peakChild(arguments: [String]) async {
        guard arguments.count >= 2, let url = URL(string: arguments[1]) else {
            print("usage: CassetteBenchmarks memory-peak plain|record|replay URL [FILE]")
            exit(64)
        }
        let options = Cassette.Options(scrubber: .default, environment: [:], maxBodyBytes: Int.max)
        // Everything the run needs, loaded and warmed before the baseline.
        _ = try? await URLSession(configuration: .ephemeral).data(from: URL(string: "http://127.0.0.1:1/")!)
        let baseline = resident()
        do {
            switch arguments[0] {
            case "plain":
                let (data, _) = try await URLSession(configuration: .ephemeral).data(from: url)
                precondition(!data.isEmpty)
            case "record", "replay":
                let file = URL(fileURLWithPath: arguments[2])
                let mode: Cassette.Mode = arguments[0] == "record" ? .record : .replay
                let cassette = try Cassette(fileURL: file, mode: mode, options: options)
                let (data, _) = try await cassette.session().data(from: url)
                precondition(!data.isEmpty)
                try await cassette.finish()
            default:
                print("unknown memory-peak mode \(arguments[0])")
                exit(64)
            }
        } catch {
            print("error: \(error)")
            exit(1)
        }
        print(baseline, LoadBenchmark.highWaterMark())
    }

    /// The process's resident set size now, in kB (VmRSS).
    static func resident() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return Int(line.split(whereSeparator: \.isWhitespace).dropFirst().first ?? "") ?? 0
    }
}

/// Deterministic pseudo-random bytes (SplitMix64).
struct SplitMixBytes {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt8 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return UInt8(truncatingIfNeeded: z ^ (z >> 31))
    }
}
