import CassetteCore
import Foundation

/// A temporary package folder for one test of the `cassette` tool: an empty `Package.swift`, a
/// `Cassettes/` folder, and the files the test writes. A thin layer over ``TemporaryDirectory``,
/// removed when the test releases it; the test targets add how they run the tool in it.
package struct ScratchPackage: Sendable {
    package let directory: TemporaryDirectory

    package init() throws {
        directory = try TemporaryDirectory(prefix: "cassette-tool")
        try FileManager.default.createDirectory(
            at: directory.file("Cassettes"), withIntermediateDirectories: true)
        try directory.write("Package.swift", "")
    }

    /// The package folder.
    package var root: URL { directory.url }

    /// The URL of `path` inside the package.
    package func url(_ path: String) -> URL { directory.file(path) }

    /// Writes `text` to `path` inside the package, creating the folders on the way.
    package func write(_ path: String, _ text: String) throws {
        try directory.write(path, text)
    }

    /// Writes `data` to `path` inside the package.
    package func write(_ path: String, _ data: Data) throws {
        try directory.write(path, data)
    }

    /// Writes `document` in canonical form to `path` inside the package.
    package func write(_ path: String, _ document: CassetteDocument) throws {
        try directory.write(path, document.encoded())
    }

    /// The text of the file at `path` inside the package.
    package func read(_ path: String) throws -> String {
        try directory.read(path)
    }
}
