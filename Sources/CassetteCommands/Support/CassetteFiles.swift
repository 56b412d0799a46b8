import CassetteCore
import Foundation

/// The cassette files named on a command line: files as given, and every `*.json` file below a
/// directory (recursively, skipping hidden files and folders such as `.build`), in sorted order.
package struct CassetteFiles {
    /// One file: the path to print and the URL to open.
    package struct File {
        /// The path as the user wrote it (or below the folder they wrote), for messages.
        package var path: String
        package var url: URL

        package init(path: String, url: URL) {
            self.path = path
            self.url = url
        }
    }

    package var files: [File] = []
    /// Directories that held no cassette.
    package var emptyDirectories: [String] = []
    /// Temporary files a killed writer left (`.NAME.tmp-XXXXXX`), found where cassettes were
    /// looked for: not cassettes, and never to be committed.
    package var temporaryFiles: [File] = []

    /// Expands `paths` (`Cassettes` when empty), relative ones from `directory`.
    ///
    /// - Throws: ``UsageError`` `no such file or directory: X` for a path that does not exist.
    package init(_ paths: [String], relativeTo directory: URL) throws(UsageError) {
        let manager = FileManager.default
        for path in paths.isEmpty ? ["Cassettes"] : paths {
            let url = URL(fileURLWithPath: path, relativeTo: directory).absoluteURL
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
                throw UsageError("no such file or directory: \(path)")
            }
            guard isDirectory.boolValue else {
                if AtomicFile.isTemporaryName(url.lastPathComponent) {
                    temporaryFiles.append(File(path: path, url: url))
                } else {
                    files.append(File(path: path, url: url))
                }
                continue
            }
            let found = Self.cassettes(
                in: path, at: URL(fileURLWithPath: path, isDirectory: true, relativeTo: directory))
            if found.cassettes.isEmpty { emptyDirectories.append(path) }
            files += found.cassettes
            temporaryFiles += found.temporary
        }
    }

    /// The cassettes below `directory` (as written), which is at `location`, and the temporary files
    /// of atomic writes beside them. Other hidden files and hidden folders (`.build`) are skipped.
    private static func cassettes(in directory: String, at location: URL) -> (cassettes: [File], temporary: [File]) {
        let base = location.absoluteURL
        guard
            let enumerator = FileManager.default.enumerator(
                at: base, includingPropertiesForKeys: [.isRegularFileKey, .isDirectoryKey])
        else { return ([], []) }
        var relative: [String] = []
        var temporary: [String] = []
        let prefix = base.standardizedFileURL.path + "/"
        for case let url as URL in enumerator {
            let name = url.lastPathComponent
            let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .isDirectoryKey])
            if name.hasPrefix(".") {
                if values?.isDirectory == true { enumerator.skipDescendants() }
                guard AtomicFile.isTemporaryName(name), values?.isRegularFile == true else { continue }
            } else {
                guard url.pathExtension == "json", values?.isRegularFile == true else { continue }
            }
            let path = url.standardizedFileURL.path
            let shown = path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : name
            if name.hasPrefix(".") { temporary.append(shown) } else { relative.append(shown) }
        }
        let separator = directory.hasSuffix("/") ? "" : "/"
        let file = { (name: String) in File(path: directory + separator + name, url: base.appendingPathComponent(name))
        }
        return (relative.sorted().map(file), temporary.sorted().map(file))
    }
}

extension CassetteFiles.File {
    /// The file's bytes, read once.
    ///
    /// - Throws: ``CassetteReadError`` naming the file as printed, with why it cannot be read.
    package func read() throws(CassetteReadError) -> Data {
        if let reason = FileKind.notRegularReason(url.path) {
            throw CassetteReadError(path: path, reason: .unreadable(reason))
        }
        do {
            return try Data(contentsOf: url)
        } catch {
            // The codec words why (no such file, a directory, permission denied).
            var failure = CassetteReadError(path: path, reason: .unreadable("cannot read the file"))
            do throws(CassetteReadError) {
                _ = try CassetteDocument.read(from: url)
            } catch {
                failure.reason = error.reason
            }
            throw failure
        }
    }

    /// The file's bytes and the cassette they hold.
    package func decode() throws(CassetteReadError) -> (data: Data, document: CassetteDocument) {
        let data = try read()
        return (data, try CassetteDocument.decode(data, path: path))
    }
}
