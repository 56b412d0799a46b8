import CassetteCore
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
    /// The project's configuration (`.cassette.json`), or rules given in code, could not be used.
    case configuration(ConfigurationError)
    /// Requests that had a recorded response failed while recording (the server unreachable, say);
    /// the cassette file was left as it was.
    case recordingFailed(path: String, failures: [RecordingFailure], testName: String?)
    /// A drift check (``Cassette/Mode/verify``) found live answers that differ from the recording.
    case drift(DriftReport)
    /// A cassette name leaves the `Cassettes/` folder (an absolute path, or a `..` segment); nothing
    /// was opened or written.
    case invalidName(String, reason: String)
    /// The test failed, so in a recording mode its cassette was not written: the file is as it
    /// was. ``Cassette/Options/recordFailedTests`` or `CASSETTE_RECORD_FAILED_TESTS=1` records anyway.
    case notWrittenAfterFailure(path: String, failure: String?, testName: String?)
    /// Another writer (a parallel test, another process) changed the cassette file after this
    /// cassette read it, and what it wrote cannot be read, so it cannot be merged; nothing was
    /// written.
    case changedWhileRecording(CassetteReadError)
    /// A recorded body is larger than the limit (``Cassette/Options/maxBodyBytes``, `"record":
    /// {"maxBodyBytes": N}` in `.cassette.json`); nothing was written.
    case bodyTooLarge(path: String, request: String, bytes: Int, limit: Int, testName: String?)
    /// A request was sent as an upload task whose body a `URLProtocol` cannot see (a streamed upload;
    /// on Apple platforms, `upload(for:from:)`), so the cassette could neither record nor match it;
    /// the request was failed with this error instead of being recorded or served without its body.
    case uploadBodyUnavailable(path: String, request: String)
    /// The cases of a parameterized test could not each be given a cassette of their own.
    case unnamedTestCase(test: String, reason: String)
    /// `"replay": {"requireAllPlayed": true}` (or ``Cassette/Options/requireAllPlayed``) is set and
    /// these recorded interactions (`interactions[3]: GET https://...`) were never requested.
    case unplayedInteractions(path: String, requests: [String], testName: String?)

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
        case .recordingFailed(let path, let failures, let testName):
            let count = failures.count == 1 ? "1 request" : "\(failures.count) requests"
            var lines = [
                "\(path): error: \(count) failed while recording, so the cassette was left as it was "
                    + "(its recorded responses are kept)"
            ]
            lines += failures.map { "  \($0)" }
            lines.append(
                "  start the server and record again (\(Cassette.Mode.environmentVariable)=record swift test --filter "
                    + "\(CassetteError.filter(testName))), or set \(Cassette.recordErrorsVariable)=1 to record "
                    + "the failures instead")
            return lines.joined(separator: "\n")
        case .drift(let report):
            return report.description
        case .invalidName(let name, let reason):
            return "error: cassette name \"\(name)\" \(reason), so it would be written outside the Cassettes folder; "
                + "name it by a path inside Cassettes/ (such as \"Users/Create\"), or open a file elsewhere with "
                + "Cassette(fileURL:mode:)"
        case .notWrittenAfterFailure(let path, let failure, let testName):
            let why = failure.map { "the test failed (\($0))" } ?? "the test failed"
            return "\(path): error: cassette not written: \(why), so the cassette was left as it was; fix the test "
                + "and record again, or record anyway with \(Cassette.recordFailedTestsVariable)=1 "
                + "\(Cassette.Mode.environmentVariable)=record swift test --filter \(CassetteError.filter(testName))"
        case .changedWhileRecording(let error):
            return "\(error.path): error: another writer changed the cassette while this one was recording, and it "
                + "cannot be read now (\(error.message)), so this run's recordings were not written and the file was "
                + "left as the other writer left it; repair or delete it and record again"
        case .bodyTooLarge(let path, let request, let bytes, let limit, let testName):
            return
                "\(path): error: \(request): the body is \(bytes) bytes, more than the limit of \(limit) bytes, so the "
                + "cassette was left as it was; raise the limit (Cassette.Options(maxBodyBytes:), or \"record\": "
                + "{\"maxBodyBytes\": N} in \(ProjectConfiguration.fileName)) and record again with "
                + "\(Cassette.Mode.environmentVariable)=record swift test --filter \(CassetteError.filter(testName))"
        case .uploadBodyUnavailable(let path, let request):
            return "\(path): error: \(request) was sent as an upload task (upload(for:from:), "
                + "uploadTask(withStreamedRequest:)) whose body a URLProtocol is not shown here, so the cassette can "
                + "neither record nor match it and failed the request; fix: send it with data(for:) and the body in "
                + "URLRequest.httpBody"
        case .unnamedTestCase(let test, let reason):
            return "error: cannot give each case of the parameterized test \(test) a cassette of its own: \(reason); "
                + "fix: open a cassette per case in the test with withCassette(\"Name/\\(argument)\") { ... }"
        case .unplayedInteractions(let path, let requests, let testName):
            let count =
                requests.count == 1 ? "1 recorded interaction was" : "\(requests.count) recorded interactions were"
            return "\(path): error: \(count) never requested, and \"requireAllPlayed\" is set:\n"
                + requests.map { "  " + $0 }.joined(separator: "\n")
                + "\n  the code under test no longer makes these requests; to drop them, re-record with: "
                + "\(Cassette.Mode.environmentVariable)=record swift test --filter \(CassetteError.filter(testName))"
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
        testName.map(ShellQuoting.quoted) ?? "<test> (the test's name as `swift test list` prints it)"
    }
}

extension CassetteError: LocalizedError {
    public var errorDescription: String? { description }
}

/// A request that failed while recording, where the cassette held a response for it.
public struct RecordingFailure: Sendable, Hashable, CustomStringConvertible {
    /// The request, scrubbed: `GET http://127.0.0.1:8080/v1/users`.
    public var request: String
    /// The `URLError` code.
    public var code: Int

    /// `GET http://127.0.0.1:8080/v1/users: the server at 127.0.0.1:8080 was unreachable: could not
    /// connect to the server (URLError -1004)`.
    public var description: String {
        let url = request.split(separator: " ", maxSplits: 1).last.map(String.init) ?? request
        let what = TransportErrorText.describe(code: code)
        guard TransportErrorText.isUnreachable(code) else { return "\(request): \(what)" }
        return "\(request): the server at \(TransportErrorText.hostAndPort(of: url)) was unreachable: \(what)"
    }
}
