import Foundation

// The benchmarks behind README's "Performance" figures, one release executable (declared only with
// CASSETTE_BENCHMARKS=1). Run them with `scripts/bench` and `scripts/bench-lint`.
//
//   CassetteBenchmarks [--quick] [matching] [replay] [stream] [record] [load] [scrub] [memory]    (all when none is named)
//   CassetteBenchmarks lint [--interactions N] [--cassette PATH] [--tool BINARY]
//   CassetteBenchmarks load-peak 0|1|2 FILE    (a child run of `load`: prints VmHWM in kB)
//   CassetteBenchmarks memory-peak plain|record|replay URL [FILE]    (a child run of `memory`)
//   CassetteBenchmarks serve-static PORT FILE  (a baseline server of `scripts/bench serve`)

let usage = """
    usage: CassetteBenchmarks [--quick] [matching] [replay] [stream] [record] [load] [scrub] [memory]
           CassetteBenchmarks lint [--interactions N] [--cassette PATH] [--tool BINARY]
    """
let sections = ["matching", "replay", "stream", "record", "load", "scrub", "memory"]
let arguments = Array(CommandLine.arguments.dropFirst())

switch arguments.first {
case "load-peak":
    LoadBenchmark.peakChild(arguments: Array(arguments.dropFirst()))
    exit(0)
case "memory-peak":
    await MemoryBenchmark.peakChild(arguments: Array(arguments.dropFirst()))
    exit(0)
case "serve-static":
    do {
        try ServeBaseline.run(arguments: Array(arguments.dropFirst()))
    } catch {
        print(error)
        exit(64)
    }
case "lint":
    do {
        let clean = try LintBenchmark(arguments: Array(arguments.dropFirst())).run()
        exit(clean ? 0 : 1)
    } catch let error as BenchmarkError {
        print(error.message)
        exit(64)
    } catch {
        print("CassetteBenchmarks lint: \(error)")
        exit(1)
    }
default:
    break
}

let quick = arguments.contains("--quick")
var selected = Set(arguments.filter { $0 != "--quick" })
guard selected.isSubset(of: sections) else {
    print(usage)
    exit(64)
}
if selected.isEmpty { selected = Set(sections) }

let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cassette-benchmarks-\(getpid())")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }

if selected.contains("matching") {
    MatchingBenchmark(iterations: quick ? 2_000 : 20_000).run()
}
if selected.contains("replay") {
    try await ReplayBenchmark(rounds: quick ? 5 : 21, requestsPerRound: quick ? 100 : 400, directory: directory).run()
}
if selected.contains("stream") {
    try await StreamBenchmark(rounds: quick ? 3 : 11, directory: directory).run()
}
if selected.contains("record") {
    try await RecordBenchmark(rounds: quick ? 3 : 9, directory: directory).run()
}
if selected.contains("load") {
    try LoadBenchmark(rounds: quick ? 2 : 5, directory: directory).run()
}
if selected.contains("scrub") {
    ScrubBenchmark(sizes: quick ? [16_384, 65_536] : [16_384, 65_536, 262_144], rounds: quick ? 3 : 5).run()
}
if selected.contains("memory") {
    try MemoryBenchmark(megabytes: quick ? [16] : [16, 64], directory: directory).run()
}
