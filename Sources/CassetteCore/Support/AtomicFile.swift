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
package enum AtomicFile {
    package static func write(_ data: Data, to url: URL) throws(AtomicWriteError) {
        let path = url.path
        let directory = url.deletingLastPathComponent().path
        func failure(_ step: String, _ code: Int32 = errno) -> AtomicWriteError {
            AtomicWriteError(path: path, step: step, reason: String(cString: strerror(code)))
        }
        var template = Array("\(directory)/.\(url.lastPathComponent).tmp-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw failure("create a temporary file in \(directory)") }
        let temporaryPath = String(cString: template.withUnsafeBufferPointer { $0.baseAddress! })
        var succeeded = false
        defer {
            if !succeeded { unlink(temporaryPath) }
        }
        let writeError: Int32? = data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = systemWrite(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
        if let writeError {
            close(descriptor)
            throw failure("write \(temporaryPath)", writeError)
        }
        // Files are created 0600 by mkstemp; cassettes are ordinary repository files.
        fchmod(descriptor, 0o644)
        if fsync(descriptor) != 0 {
            let code = errno
            close(descriptor)
            throw failure("flush \(temporaryPath) to disk", code)
        }
        close(descriptor)
        guard rename(temporaryPath, path) == 0 else { throw failure("rename \(temporaryPath) to \(path)") }
        succeeded = true
        // Make the rename itself durable.
        let directoryDescriptor = open(directory, O_RDONLY)
        if directoryDescriptor >= 0 {
            fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
    }
}
