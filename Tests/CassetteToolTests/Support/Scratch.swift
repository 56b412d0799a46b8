import CassetteCore
import Foundation

/// A temporary package folder for one test: `Package.swift`, `Cassettes/`, and files the test
/// writes. Removed when the test ends.
final class Scratch {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("cassette-tool-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("Cassettes"), withIntermediateDirectories: true)
        try write("Package.swift", "")
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    func url(_ path: String) -> URL {
        root.appendingPathComponent(path)
    }

    func write(_ path: String, _ text: String) throws {
        try write(path, Data(text.utf8))
    }

    func write(_ path: String, _ data: Data) throws {
        let url = url(path)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    func write(_ path: String, _ document: CassetteDocument) throws {
        try write(path, document.encoded())
    }

    func read(_ path: String) throws -> String {
        String(decoding: try Data(contentsOf: url(path)), as: UTF8.self)
    }

    func run(_ arguments: String..., environment: [String: String] = [:]) throws -> ToolRun {
        try ToolRun(arguments, in: root, environment: environment)
    }
}
