/// Why `cassette import` or `cassette export` wrote nothing.
package enum HARImportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The HAR file cannot be read or does not fit the mapping.
    case har(HARReadError)
    /// The cassette (to export, or to append to) cannot be read; it is left unchanged.
    case unreadableCassette(CassetteReadError)
    /// The project's `.cassette.json` cannot be used, so nothing can be scrubbed.
    case configuration(ScrubConfigurationError)
    /// The output would not read back as a cassette (a bug: please report it).
    case unreadableOutput(String, String)
    /// The output file could not be written; the old one, if any, is unchanged.
    case write(AtomicWriteError)

    package var description: String {
        switch self {
        case .har(let error): return error.description
        case .unreadableCassette(let error): return "\(error); the cassette was left unchanged"
        case .configuration(let error): return "\(error)"
        case .unreadableOutput(let path, let message):
            return "\(path): error: the imported cassette would not read back (\(message)); nothing was written"
        case .write(let error): return error.description
        }
    }
}
