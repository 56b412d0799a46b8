// swift-tools-version: 6.1
// The consumer package `scripts/check-nothing-lost` copies to a scratch folder and drives: its tests
// record cassettes with the trait against `server.py`, one test per scenario, each run as a
// process of its own. NOTHING_LOST_CASSETTE_ROOT names this repository's folder.
import Foundation
import PackageDescription

let root = Context.environment["NOTHING_LOST_CASSETTE_ROOT"] ?? "../.."
let identity = URL(fileURLWithPath: root).standardizedFileURL.lastPathComponent.lowercased()

let package = Package(
    name: "NothingLost",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(path: root)],
    targets: [
        .testTarget(name: "NothingLostTests", dependencies: [.product(name: "Cassette", package: identity)])
    ],
    swiftLanguageModes: [.v6]
)
