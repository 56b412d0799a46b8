// swift-tools-version: 6.1
// The consumer package scripts/check-consumer builds: an API client and its tests, depending on
// Cassette the way users do. CASSETTE_DEPENDENCY names Cassette: a folder (a path dependency), or a
// git URL (`file:///…/cassette`) with CASSETTE_REVISION the commit to use (a URL dependency).
import PackageDescription

let dependency = Context.environment["CASSETTE_DEPENDENCY"] ?? "../../.."
let isURL = dependency.contains("://")
// SwiftPM names a package by the last component of its path or URL, lower-cased, without `.git`.
var identity = String(dependency.split(separator: "/").last ?? "cassette").lowercased()
if identity.hasSuffix(".git") { identity = String(identity.dropLast(4)) }

let package = Package(
    name: "OrdersApp",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        isURL
            ? .package(url: dependency, revision: Context.environment["CASSETTE_REVISION"] ?? "HEAD")
            : .package(path: dependency)
    ],
    targets: [
        .target(name: "OrdersClient"),
        .testTarget(
            name: "OrdersClientTests",
            dependencies: ["OrdersClient", .product(name: "Cassette", package: identity)]),
    ],
    swiftLanguageModes: [.v6]
)
