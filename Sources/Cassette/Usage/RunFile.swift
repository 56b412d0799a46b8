import CassetteCore
import Foundation

/// A file of this test process in a folder of run files (`run-<time>-<pid>.json`), rewritten as its
/// content grows: the usage ledger and the drift report use one each.
///
/// Writes of one file happen one at a time and in the order their content was made, so a snapshot
/// taken earlier never replaces a newer one; failures to write are ignored, since these files are
/// aids for the `cassette` tool and must never fail a test.
final class RunFile<Content: Sendable>: Sendable {
    private struct State {
        var contents: [String: Content] = [:]
        var versions: [String: Int] = [:]
    }

    private let state = Locked(State())
    /// The version last written, by folder; held while writing.
    private let written = Locked<[String: Int]>([:])
    private let fileName: String
    private let encode: @Sendable (Content) -> Data

    init(encode: @escaping @Sendable (Content) -> Data) {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss"
        fileName = "run-\(formatter.string(from: Date()))-\(ProcessInfo.processInfo.processIdentifier).json"
        self.encode = encode
    }

    /// Changes the content kept for `directory` (`make` gives the first), then writes it there.
    func update(in directory: URL, make: () -> Content, _ change: (inout Content) -> Void) {
        let (content, version) = state.withLock { state -> (Content, Int) in
            var content = state.contents[directory.path] ?? make()
            change(&content)
            state.contents[directory.path] = content
            let version = state.versions[directory.path, default: 0] + 1
            state.versions[directory.path] = version
            return (content, version)
        }
        let data = encode(content)
        written.withLock { written in
            guard version > written[directory.path, default: 0] else { return }
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            if (try? AtomicFile.write(data, to: directory.appendingPathComponent(fileName))) != nil {
                written[directory.path] = version
            }
        }
    }

    /// The folder a run file goes in: the one the environment variable names, the package's
    /// default, or none when the variable says `off`, or when there is no package and the variable
    /// names no folder.
    ///
    /// Outside a package (a cassette that `cassette serve` answers for a project in another
    /// language), keys are relative to the current directory, where `cassette prune --ledger DIR`
    /// reads them from too.
    static func directory(
        for cassette: URL, variable: String, environment: [String: String], defaultDirectory: (URL) -> URL
    ) -> (directory: URL, packageRoot: URL)? {
        let setting = environment[variable] ?? ""
        if setting.lowercased() == "off" { return nil }
        guard let root = PackageRoot.containing(cassette.deletingLastPathComponent()) else {
            guard !setting.isEmpty else { return nil }
            return (URL(fileURLWithPath: setting), URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        }
        return (setting.isEmpty ? defaultDirectory(root) : URL(fileURLWithPath: setting), root)
    }
}
