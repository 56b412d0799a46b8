// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Cassette",
    // Apple platforms are written for but not built or tested in this repository's CI (see README).
    // The floor is what users' tests need: the async URLSession API (`data(for:)`, macOS 12 / iOS 15
    // in Apple's URLSession documentation) and `split(separator:)` with a collection separator
    // (Swift 5.7 string processing, macOS 13 / iOS 16), above Swift Testing's own minimums
    // (macOS 10.15, iOS 13, tvOS 13, watchOS 6, visionOS 1 in swift-testing's Package.swift).
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .macCatalyst(.v16), .visionOS(.v1)],
    products: [
        .library(name: "Cassette", targets: ["Cassette"]),
        .executable(name: "cassette", targets: ["CassetteTool"]),
    ],
    targets: [
        // The layers below URL loading, shared by the library and the tool (so both have one model of
        // a cassette), each importing only the ones under it:
        // The model: the cassette format and its canonical codec, JSON, HTTP parts (URLs, media
        // types, SHA-256) and support (atomic files, locks, the usage ledger).
        .target(name: "CassetteModel"),
        // Scrubbing: the rules, the two-pass engine, the readers of each body format.
        .target(name: "CassetteScrubbing", dependencies: ["CassetteModel"]),
        // Matching, the project configuration (`.cassette.json`), merging recordings, drift and HAR.
        .target(name: "CassetteCore", dependencies: ["CassetteModel", "CassetteScrubbing"]),
        // ReplayProtocol, the Cassette type users open, and the Swift Testing trait.
        .target(name: "Cassette", dependencies: ["CassetteCore", "CassetteDispatchShim"]),
        // Three libdispatch calls the Dispatch module lacks, for calling URLProtocol clients on
        // URLSession's work queue on Linux.
        .target(name: "CassetteDispatchShim"),
        // Starting child processes (git for install-hook, the tools and binaries the tests run)
        // with posix_spawn, every descriptor but 0, 1 and 2 closed in the child: Foundation's Process
        // crashes now and then on Linux while it launches (swift-corelibs-foundation PR #5472).
        // CassetteSpawn is the C call, CassetteProcess the Swift type over it. Not products.
        .target(name: "CassetteSpawn"),
        .target(name: "CassetteProcess", dependencies: ["CassetteSpawn"]),
        // The `cassette` tool's commands, their option declarations, parsing and help, as a library
        // the thin executable, the in-process tests and the lint fuzzer share. Not a product.
        .target(name: "CassetteCommands", dependencies: ["CassetteCore", "CassetteProcess"]),
        // The `cassette` command-line tool: `main.swift` only (product name `cassette`; the target
        // name must not differ from `Cassette` only by case). It links CassetteServe, and through it
        // the library and FoundationNetworking, for `cassette serve`.
        .executableTarget(name: "CassetteTool", dependencies: ["CassetteCommands", "CassetteServe"]),
        // What `cassette serve` runs: cassettes answering an HTTP server's requests through the
        // library's entry point, recording through URLSession. Apart from CassetteCommands, so the
        // other commands (and the fuzzers) stay free of URL loading. Not a product.
        .target(
            name: "CassetteServe", dependencies: ["Cassette", "CassetteCore", "CassetteCommands", "CassetteHTTPServer"]),
        // An HTTP/1.1 server over POSIX sockets (keep-alive, chunked bodies, streamed responses,
        // bounded and smuggling-proof request parsing), for `cassette serve`. No URLSession, no other
        // target. Not a product.
        .target(name: "CassetteHTTPServer"),
        // Test helpers, and the loopback server (on CassetteHTTPServer) that the tests and the benchmark
        // drive the real URLSession against. Not a product: nothing outside this package can depend on it.
        .target(
            name: "CassetteTestSupport", dependencies: ["CassetteCore", "CassetteHTTPServer", "CassetteProcess"]),
        // The tests mirror the three lower modules. `Golden` holds the reference cassette, `Corpus`
        // the scrubbing corpora (their generators are in Tools/corpus). Five scrubbing tests check
        // that a masked request matches its recording (`RequestMatcher`), so that target depends on
        // CassetteCore as well.
        .testTarget(
            name: "CassetteModelTests", dependencies: ["CassetteModel", "CassetteTestSupport"], exclude: ["Golden"]),
        .testTarget(
            name: "CassetteScrubbingTests",
            dependencies: ["CassetteScrubbing", "CassetteCore", "CassetteTestSupport"],
            exclude: ["Corpus"]),
        .testTarget(name: "CassetteCoreTests", dependencies: ["CassetteCore", "CassetteTestSupport"]),
        .testTarget(name: "CassetteTests", dependencies: ["Cassette", "CassetteProcess", "CassetteTestSupport"]),
        // The server over real TCP: URLSession, curl and Python as clients, raw sockets for the
        // malformed, bounded and smuggling cases.
        .testTarget(name: "CassetteHTTPServerTests", dependencies: ["CassetteHTTPServer", "CassetteTestSupport"]),
        // The commands run in the test process with an injected console and context.
        .testTarget(
            name: "CassetteCommandsTests",
            dependencies: ["CassetteCommands", "CassetteCore", "Cassette", "CassetteProcess", "CassetteTestSupport"]),
        // `cassette serve` in the test process: a server over real TCP, the loopback test server as
        // its upstream, URLSession and curl as clients.
        .testTarget(
            name: "CassetteServeTests",
            dependencies: [
                "CassetteServe", "Cassette", "CassetteCommands", "CassetteHTTPServer", "CassetteTestSupport",
            ]),
        // The adapter recipes of the "Answering any client" article (OpenAPI transport and middleware,
        // AsyncHTTPClient), compiled against local types shaped like those packages' (`Shapes`).
        .testTarget(name: "CassetteAdapterTests", dependencies: ["Cassette", "CassetteTestSupport"]),
        // A few end-to-end tests that run the built `cassette` binary; depending on the executable
        // target makes SwiftPM build it first. `Clients` holds the Python client they run.
        .testTarget(
            name: "CassetteToolTests",
            dependencies: ["CassetteTool", "CassetteCore", "CassetteProcess", "CassetteTestSupport"],
            exclude: ["Clients"]),
    ],
    swiftLanguageModes: [.v6]
)

// The benchmarks (`scripts/bench`, `scripts/bench-lint`) and the fuzzers (`scripts/fuzz`) are declared
// only when those scripts ask for them: SwiftPM gives every executable target of a root package a
// product, and the package's products are `Cassette` and `cassette` alone.
if Context.environment["CASSETTE_BENCHMARKS"] == "1" {
    package.targets.append(
        .executableTarget(
            name: "CassetteBenchmarks",
            dependencies: ["Cassette", "CassetteCore", "CassetteHTTPServer", "CassetteProcess", "CassetteTestSupport"]))
}
// libFuzzer entries (Fuzz/*.swift), one binary for every fuzz target. `scripts/fuzz` builds it with
// `swift build --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address`: the sanitizers stay on the
// command line, not in this manifest's compiler settings.
if Context.environment["CASSETTE_FUZZ"] == "1" {
    package.targets.append(
        .executableTarget(
            name: "CassetteFuzz", dependencies: ["CassetteCommands", "CassetteCore"], path: "Fuzz",
            exclude: ["lsan.supp", "Seeds"]))
}

for target in package.targets where !["CassetteDispatchShim", "CassetteSpawn"].contains(target.name) {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    target.swiftSettings = settings
}
