import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// What kind of file a path names, found with `stat` before anything opens it: opening a FIFO
/// for reading waits for a writer, which would hang a command or a test.
package enum FileKind {
    /// Why `path` cannot be read as a file's bytes when it exists but is neither a regular file nor
    /// a folder (`it is not a regular file but a FIFO`); `nil` otherwise.
    package static func notRegularReason(_ path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        let kind: String
        switch status.st_mode & S_IFMT {
        case S_IFREG, S_IFDIR: return nil
        case S_IFIFO: kind = "a FIFO (named pipe)"
        case S_IFSOCK: kind = "a socket"
        case S_IFCHR: kind = "a character device"
        case S_IFBLK: kind = "a block device"
        default: kind = "a special file"
        }
        return "it is not a regular file but \(kind)"
    }
}
