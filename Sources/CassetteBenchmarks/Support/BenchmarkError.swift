/// A benchmark could not run.
struct BenchmarkError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
