import Foundation

// cassette-bench: generates a large cassette and compares `cassette lint` with JSONDecoder.
let status = Benchmark.run(Array(CommandLine.arguments.dropFirst()))
exit(status)
