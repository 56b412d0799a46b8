// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Cassette",
    products: [
        .library(name: "Cassette", targets: ["Cassette"]),
        .executable(name: "cassette", targets: ["CassetteTool"]),
        .executable(name: "cassette-bench", targets: ["CassetteBench"]),
        .executable(name: "replay-bench", targets: ["ReplayBench"]),
    ],
    targets: [
        // The cassette model, the canonical codec, hashing and scrubbing. No URL loading here, so the
        // command-line tool shares one model of a cassette with the library.
        .target(name: "CassetteCore"),
        // ReplayProtocol, the Cassette type users open, and the Swift Testing trait.
        .target(name: "Cassette", dependencies: ["CassetteCore", "CassetteDispatchShim"]),
        // Three libdispatch calls the Dispatch module lacks, for calling URLProtocol clients on
        // URLSession's work queue on Linux.
        .target(name: "CassetteDispatchShim"),
        // The `cassette` command-line tool (product name `cassette`; the target name must not differ
        // from `Cassette` only by case).
        .executableTarget(name: "CassetteTool", dependencies: ["CassetteCore"]),
        // Generates a large cassette and compares `cassette lint` with JSONDecoder (scripts/bench-lint).
        .executableTarget(name: "CassetteBench", dependencies: ["CassetteCore"]),
        // The loopback HTTP/1.1 server the tests and the benchmark drive the real URLSession against.
        // Not a product: nothing outside this package can depend on it.
        .target(name: "CassetteTestSupport"),
        // `scripts/bench`: replay and record costs beside their hand-written alternatives.
        .executableTarget(name: "ReplayBench", dependencies: ["Cassette", "CassetteTestSupport"]),
        .testTarget(
            name: "CassetteCoreTests",
            dependencies: ["CassetteCore"],
            exclude: ["Golden"]
        ),
        .testTarget(name: "CassetteTests", dependencies: ["Cassette", "CassetteTestSupport"]),
        // End-to-end tests that run the built `cassette` binary; depending on the executable target
        // makes SwiftPM build it first.
        .testTarget(name: "CassetteToolTests", dependencies: ["CassetteTool", "CassetteCore", "Cassette"]),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets where target.name != "CassetteDispatchShim" {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    target.swiftSettings = settings
}
