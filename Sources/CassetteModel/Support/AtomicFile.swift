import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// `write(2)`, named so that it does not clash with the methods called `write` here.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Darwin)
        Darwin.write(descriptor, buffer, count)
    #elseif canImport(Glibc)
        Glibc.write(descriptor, buffer, count)
    #else
        Musl.write(descriptor, buffer, count)
    #endif
}

/// Writes files so that readers see the old contents or the new, never a mix: the bytes go to a
/// temporary file in the destination's directory, are flushed to disk, and the file is renamed over
/// the destination.
///
/// - A destination that is a symbolic link stays one: the file it points to is replaced, in that
///   file's own folder, so every link to it sees the new contents.
/// - A file that exists keeps its permission bits; a new one gets `0666` less the umask, as any
///   program's new file does.
/// - Writers of one folder take turns: each write holds an exclusive advisory lock (`flock`) on the
///   folder, across processes and across threads, so ``Writer/read()`` then ``Writer/write(_:)``
///   is a read-modify-write no other writer interleaves with.
/// - Under that lock, temporary files that a killed writer left for the same destination
///   (`.NAME.tmp-XXXXXX`) are removed.
package enum AtomicFile {
    /// The prefix of the temporary files written for a destination named `name`; `cassette lint`
    /// reports files with it that a killed writer left.
    package static func temporaryPrefix(for name: String) -> String { ".\(name).tmp-" }

    /// Whether `name` is a temporary file of an atomic write (`.NAME.tmp-XXXXXX`).
    package static func isTemporaryName(_ name: String) -> Bool {
        name.hasPrefix(".") && name.range(of: ".tmp-") != nil
    }

    package static func write(_ data: Data, to url: URL) throws(AtomicWriteError) {
        let writer = Writer(url)
        try writer.write(data)
    }

    /// A destination with its folder locked for writing, until the value is released.
    package final class Writer {
        /// The destination as the caller named it, for messages.
        package let url: URL
        /// The file that is replaced: `url`, or the file its symbolic links lead to.
        package let target: URL
        private let directoryDescriptor: Int32

        /// Locks the folder of `url`'s target (waiting for another writer to finish). A folder
        /// that cannot be opened or locked is not an error here: the write then fails, or goes
        /// ahead unlocked, with its own message.
        package init(_ url: URL) {
            self.url = url
            target = AtomicFile.resolvingLinks(url)
            let descriptor = open(target.deletingLastPathComponent().path, O_RDONLY)
            if descriptor >= 0 {
                while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
            }
            directoryDescriptor = descriptor
        }

        deinit {
            // Closing the descriptor releases the lock.
            if directoryDescriptor >= 0 { close(directoryDescriptor) }
        }

        /// The target's bytes now, under the lock; `nil` when there is no such file.
        package func read() -> Data? {
            guard FileManager.default.fileExists(atPath: target.path) else { return nil }
            return try? Data(contentsOf: target)
        }

        /// Replaces the target with `data`, atomically.
        package func write(_ data: Data) throws(AtomicWriteError) {
            try write(chunks: { emit in data.withUnsafeBytes { emit($0) } })
        }

        /// Replaces the target with the bytes `produce` hands to its argument, in pieces, so a large
        /// file need not be held in memory whole; atomically.
        package func write(chunks produce: ((UnsafeRawBufferPointer) -> Void) -> Void) throws(AtomicWriteError) {
            let path = url.path
            let directory = target.deletingLastPathComponent().path
            func failure(_ step: String, _ code: Int32 = errno) -> AtomicWriteError {
                AtomicWriteError(path: path, step: step, reason: String(cString: strerror(code)))
            }
            removeStaleTemporaryFiles()
            var status = stat()
            let existingMode: mode_t? = stat(target.path, &status) == 0 ? status.st_mode & 0o7777 : nil
            let (descriptor, temporaryPath) = AtomicFile.createTemporary(in: directory, for: target.lastPathComponent)
            guard descriptor >= 0 else { throw failure("create a temporary file in \(directory)") }
            var succeeded = false
            defer {
                if !succeeded { unlink(temporaryPath) }
            }
            var writeError: Int32?
            produce { raw in
                guard writeError == nil, var base = raw.baseAddress else { return }
                var remaining = raw.count
                while remaining > 0 {
                    let written = systemWrite(descriptor, base, remaining)
                    if written < 0 {
                        if errno == EINTR { continue }
                        writeError = errno
                        return
                    }
                    base += written
                    remaining -= written
                }
            }
            if let writeError {
                close(descriptor)
                throw failure("write \(temporaryPath)", writeError)
            }
            // A file that was there keeps its mode; a new one has the umask's (open(2) applied it).
            if let existingMode { fchmod(descriptor, existingMode) }
            if fsync(descriptor) != 0 {
                let code = errno
                close(descriptor)
                throw failure("flush \(temporaryPath) to disk", code)
            }
            close(descriptor)
            guard rename(temporaryPath, target.path) == 0 else {
                throw failure("rename \(temporaryPath) to \(target.path)")
            }
            succeeded = true
            // Make the rename itself durable.
            if directoryDescriptor >= 0 { fsync(directoryDescriptor) }
        }

        /// Removes the temporary files of this target that an earlier writer left: under the lock,
        /// no other writer of the folder is between creating one and renaming it.
        private func removeStaleTemporaryFiles() {
            guard directoryDescriptor >= 0 else { return }
            let directory = target.deletingLastPathComponent().path
            let prefix = AtomicFile.temporaryPrefix(for: target.lastPathComponent)
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
            for name in names where name.hasPrefix(prefix) {
                unlink(directory + "/" + name)
            }
        }
    }

    /// A new file `.NAME.tmp-XXXXXX` in `directory`, created with mode `0666` less the umask (the
    /// kernel applies it, so no other thread's files are affected), and its descriptor; `-1` when
    /// none could be created.
    private static func createTemporary(in directory: String, for name: String) -> (Int32, String) {
        var generator = SystemRandomNumberGenerator()
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        var lastError: Int32 = 0
        for _ in 0..<100 {
            let suffix = String((0..<6).map { _ in letters[Int(generator.next() % UInt64(letters.count))] })
            let path = "\(directory)/\(temporaryPrefix(for: name))\(suffix)"
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if descriptor >= 0 { return (descriptor, path) }
            lastError = errno
            guard lastError == EEXIST else { break }
        }
        errno = lastError
        return (-1, "")
    }

    /// The file `url` leads to through symbolic links (a link's relative target is read from the
    /// link's folder); `url` itself when it is not a link. A link to a missing file leads to that
    /// file, which a write creates.
    package static func resolvingLinks(_ url: URL) -> URL {
        var path = url.path
        for _ in 0..<40 {
            var status = stat()
            guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { break }
            guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: path) else { break }
            path =
                destination.hasPrefix("/")
                ? destination
                : URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(destination).path
        }
        return URL(fileURLWithPath: path).standardizedFileURL
    }
}
