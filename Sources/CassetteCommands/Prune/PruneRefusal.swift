/// Why `cassette prune` will not run; exits 1.
struct PruneRefusal: Error {
    var message: String

    init(_ message: String) {
        self.message = message
    }
}
