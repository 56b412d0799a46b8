import CassetteCore
import Foundation

/// What a cassette does with requests and with its file, decided from its mode, its options and
/// whether the file exists.
enum ReplayPlan: Equatable {
    /// Serve from the file, never the network.
    case replay
    /// Forward everything; write what was recorded (keeping unchanged interactions' bytes).
    case record
    /// Serve what the file has, forward the rest, and add it.
    case newEpisodes
    /// Forward the requests the patterns select and replace their recordings; serve the rest.
    case rerecord([RequestPattern])
    /// Forward everything; write nothing; report drift.
    case verify

    /// Whether some requests are forwarded to be recorded again, by pattern.
    var rerecords: Bool {
        if case .rerecord = self { return true }
        return false
    }

    /// Whether the file's interactions answer requests.
    var serves: Bool {
        switch self {
        case .replay, .newEpisodes, .rerecord: true
        case .record, .verify: false
        }
    }

    /// The plan for `mode`: `once` resolved by whether the file exists, and re-recording selected by
    /// ``Cassette/Options/rerecord`` or `CASSETTE_RERECORD`, which turn replay and record into it.
    init(mode: Cassette.Mode, exists: Bool, options: Cassette.Options) throws(CassetteError) {
        var patterns = options.rerecord
        if let text = options.environment[Cassette.rerecordVariable], !text.isEmpty {
            do throws(ConfigurationError) {
                patterns += try RequestPattern.list(text, source: Cassette.rerecordVariable)
            } catch {
                throw CassetteError.configuration(error)
            }
        }
        switch mode {
        case .replay where !patterns.isEmpty, .record where !patterns.isEmpty: self = .rerecord(patterns)
        case .replay: self = .replay
        case .record: self = .record
        case .once: self = exists ? .replay : .record
        case .newEpisodes: self = .newEpisodes
        case .verify: self = .verify
        }
    }
}
