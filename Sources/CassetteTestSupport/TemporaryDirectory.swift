import Foundation

/// A folder under the system's temporary directory, removed when the value is released: the one
/// scratch folder every test target uses.
package final class TemporaryDirectory: Sendable {
    package let url: URL

    /// Creates the folder, named `prefix` and a UUID.
    package init(prefix: String = "cassette-tests") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The URL of `path` inside the folder.
    package func file(_ path: String) -> URL { url.appendingPathComponent(path) }

    /// Writes `data` to `path` inside the folder, creating the folders on the way.
    @discardableResult
    package func write(_ path: String, _ data: Data) throws -> URL {
        let target = file(path)
        try FileManager.default.createDirectory(
            at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: target)
        return target
    }

    /// Writes `text` as UTF-8 to `path` inside the folder.
    @discardableResult
    package func write(_ path: String, _ text: String) throws -> URL {
        try write(path, Data(text.utf8))
    }

    /// The text of the file at `path` inside the folder.
    package func read(_ path: String) throws -> String {
        String(decoding: try Data(contentsOf: file(path)), as: UTF8.self)
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}
