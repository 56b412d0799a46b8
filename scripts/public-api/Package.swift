// swift-tools-version: 6.1
// The consumer package of `scripts/check-public-api`, which copies this folder, names the Cassette
// checkout in CASSETTE_PACKAGE_PATH and writes Sources/Lookalikes from the package's internal names.
import Foundation
import PackageDescription

let cassette = Context.environment["CASSETTE_PACKAGE_PATH"] ?? "../.."
let identity = URL(fileURLWithPath: cassette).lastPathComponent.lowercased()

let package = Package(
    name: "Consumer",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(path: cassette)],
    targets: [
        .target(name: "Lookalikes"),
        .target(name: "Consumer", dependencies: ["Lookalikes", .product(name: "Cassette", package: identity)]),
    ],
    swiftLanguageModes: [.v6]
)
