import Foundation

/// Where `install-hook --force` keeps the pre-commit hooks it replaces: `pre-commit.before-cassette`,
/// then `pre-commit.before-cassette.1`, `.2`, ..., so that no backup is ever replaced.
enum HookBackups {
    static let baseName = "pre-commit.before-cassette"

    /// The hook's bytes, or `nil` when there is none (a link to a missing file counts as a hook).
    static func existingHook(at hook: URL) -> Data? {
        if let data = try? Data(contentsOf: hook) { return data }
        let isLink = (try? FileManager.default.destinationOfSymbolicLink(atPath: hook.path)) != nil
        let exists = FileManager.default.fileExists(atPath: hook.path)
        return isLink || exists ? Data() : nil
    }

    /// The backups in `hooks`, oldest first.
    static func all(in hooks: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: hooks.path)) ?? []
        let numbered = names.compactMap { name -> (Int, String)? in
            if name == baseName { return (0, name) }
            guard name.hasPrefix(baseName + "."), let number = Int(name.dropFirst(baseName.count + 1)), number > 0
            else { return nil }
            return (number, name)
        }
        return numbered.sorted { $0.0 < $1.0 }.map { hooks.appendingPathComponent($0.1) }
    }

    /// The most recent backup, the one `--uninstall` restores.
    static func latest(in hooks: URL) -> URL? { all(in: hooks).last }

    /// A name no backup has yet: after the highest number in use.
    static func next(in hooks: URL) -> URL {
        let existing = all(in: hooks).map(\.lastPathComponent)
        guard let last = existing.last else { return hooks.appendingPathComponent(baseName) }
        let number = last == baseName ? 1 : (Int(last.dropFirst(baseName.count + 1)) ?? 0) + 1
        return hooks.appendingPathComponent("\(baseName).\(number)")
    }
}
