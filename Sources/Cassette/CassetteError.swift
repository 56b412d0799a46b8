import Foundation

/// Errors from opening, using and finishing a cassette. Every message says what happened and, where
/// there is one, the command that fixes it.
public enum CassetteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `CASSETTE_MODE` holds a value that is not a mode.
    case unknownMode(String)
    /// Replay was asked for a cassette file that does not exist.
    case missingCassette(path: String, testName: String?)
    /// A mode that would record was asked for while `CI` is set.
    case recordingOnCI(path: String, mode: Cassette.Mode, testName: String?)
    /// The cassette file exists but cannot be read; it is left untouched.
    case unreadable(CassetteReadError)
    /// Writing the cassette failed; the file on disk is unchanged.
    case writeFailed(AtomicWriteError)
    /// A request had no recorded match.
    case noMatch(ReplayMiss)
    /// Requests made in a `withCassette` block had no recorded match.
    case unmatchedRequests([ReplayMiss])
    /// No `Package.swift` was found above the file that named a cassette.
    case packageRootNotFound(filePath: String)
    /// A request arrived after ``Cassette/finish()``, or after the cassette was released.
    case cassetteClosed(path: String)
    /// The project's scrubbing configuration (`.cassette.json`) could not be used.
    case configuration(ScrubConfigurationError)

    public var description: String {
        switch self {
        case .unknownMode(let value):
            let valid = Cassette.Mode.allCases.map(\.rawValue).joined(separator: ", ")
            return "error: unknown \(Cassette.Mode.environmentVariable) value \"\(value)\"; valid values: \(valid)"
        case .missingCassette(let path, let testName):
            return "\(path): error: no cassette recorded yet; record it against the real server with "
                + "\(Cassette.Mode.environmentVariable)=record swift test --filter \(CassetteError.filter(testName))"
        case .recordingOnCI(let path, let mode, let testName):
            return "\(path): error: refusing to record in \(mode) mode because CI is set: CI replays "
                + "committed cassettes; record locally with \(Cassette.Mode.environmentVariable)=record swift test "
                + "--filter \(CassetteError.filter(testName)) and commit the cassette"
        case .unreadable(let error):
            return error.description + "; the file was left unchanged"
        case .writeFailed(let error):
            return error.description
        case .noMatch(let miss):
            return miss.description
        case .unmatchedRequests(let misses):
            return misses.map(\.description).joined(separator: "\n")
        case .packageRootNotFound(let filePath):
            return "error: no Package.swift found in any folder above \(filePath); name the cassette by file "
                + "with Cassette(fileURL:mode:)"
        case .configuration(let error):
            return error.description
        case .cassetteClosed(let path):
            return "\(path): error: request made after the cassette was finished or released; keep the cassette "
                + "alive until the test's requests are done"
        }
    }
}

extension CassetteError {
    /// The `--filter` argument of a command that runs the test, quoted for the shell, or how to find
    /// it when the test is not known.
    static func filter(_ testName: String?) -> String {
        testName.map(ReplayMiss.shellQuoted) ?? "<test> (the test's name as `swift test list` prints it)"
    }
}

extension CassetteError: LocalizedError {
    public var errorDescription: String? { description }
}
