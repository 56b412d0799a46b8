import Foundation

// replay-bench: the figures in README's "Performance" section. Run it with `scripts/bench`.
//
//   replay-bench [--quick] [matching] [replay] [record] [load]
//   replay-bench load-peak (decode|jsondecoder|open) FILE    (a child run: prints VmHWM in kB)

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "load-peak" {
    LoadBenchmark.peakChild(arguments: Array(arguments.dropFirst()))
    exit(0)
}
let quick = arguments.contains("--quick")
var selected = Set(arguments.filter { !$0.hasPrefix("--") })
if selected.isEmpty { selected = ["matching", "replay", "record", "load"] }

let directory = FileManager.default.temporaryDirectory.appendingPathComponent("replay-bench-\(getpid())")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }

if selected.contains("matching") {
    MatchingBenchmark(iterations: quick ? 2_000 : 20_000).run()
}
if selected.contains("replay") {
    try await ReplayBenchmark(rounds: quick ? 5 : 21, requestsPerRound: quick ? 100 : 400, directory: directory).run()
}
if selected.contains("record") {
    try await RecordBenchmark(rounds: quick ? 3 : 9, directory: directory).run()
}
if selected.contains("load") {
    try LoadBenchmark(rounds: quick ? 2 : 5, directory: directory).run()
}
