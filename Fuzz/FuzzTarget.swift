import Foundation

// The libFuzzer entry points of the `CassetteFuzz` executable, which `scripts/fuzz TARGET N` builds
// with `swift build --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address` (libFuzzer supplies
// `main`) and runs with CASSETTE_FUZZ_TARGET naming the target: one binary for every target, each
// input handed to the chosen one.

/// The fuzz targets, by the name `scripts/fuzz` takes.
enum FuzzTarget: String, CaseIterable {
    /// Reading cassettes: ``ReadFuzzer``.
    case read
    /// The scrubber and its shortcuts: ``ScrubFuzzer``.
    case scrub
    /// `cassette lint`: ``LintFuzzer``.
    case lint

    /// The target CASSETTE_FUZZ_TARGET names, or `nil`.
    static let selected = ProcessInfo.processInfo.environment["CASSETTE_FUZZ_TARGET"].flatMap(FuzzTarget.init)

    /// Runs the target on one input; a broken property ends the process with `fatalError`.
    func test(_ data: Data) {
        switch self {
        case .read: ReadFuzzer.test(data)
        case .scrub: ScrubFuzzer.test(data)
        case .lint: LintFuzzer.test(data)
        }
    }
}

@_cdecl("LLVMFuzzerInitialize")
public func fuzzerInitialize(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> CInt {
    guard FuzzTarget.selected != nil else {
        complainAboutTheTarget()
        exit(64)
    }
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    FuzzTarget.selected?.test(Data(bytes: start, count: count))
    return 0
}

/// Says which targets there are. A function of its own, so the message is freed before `exit` and
/// LeakSanitizer does not report it.
private func complainAboutTheTarget() {
    let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
    FileHandle.standardError.write(Data("CassetteFuzz: set CASSETTE_FUZZ_TARGET to one of \(names)\n".utf8))
}
