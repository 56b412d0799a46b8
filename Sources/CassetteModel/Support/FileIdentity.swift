import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Whether two paths name one file: the same device and inode when both exist (through `./`,
/// `..`, symbolic and hard links alike), else the same path once links and `.`/`..` are resolved.
package enum FileIdentity {
    package static func isSameFile(_ left: URL, _ right: URL) -> Bool {
        var leftStatus = stat()
        var rightStatus = stat()
        if stat(left.path, &leftStatus) == 0, stat(right.path, &rightStatus) == 0 {
            return leftStatus.st_dev == rightStatus.st_dev && leftStatus.st_ino == rightStatus.st_ino
        }
        return resolved(left) == resolved(right)
    }

    /// The path with its links and `.`/`..` resolved, the folder through `realpath` when it exists.
    private static func resolved(_ url: URL) -> String {
        let target = AtomicFile.resolvingLinks(url)
        let folder = target.deletingLastPathComponent().path
        guard let real = realpath(folder, nil) else { return target.path }
        defer { free(real) }
        return URL(fileURLWithPath: String(cString: real)).appendingPathComponent(target.lastPathComponent).path
    }
}
